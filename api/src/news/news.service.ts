/**
 * News lines (the admin 'messages' screen): admin and sadmin write them, players read the
 * active ones. Every change is audited.
 */
import { MESSAGES, PAGE_SIZE_MAX, type NewsMessage, type SaveMessageRequest, type UpdateMessageRequest } from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import type { AuditContext } from '../plugins/request-context';
import { checkNewsText } from './news-rules';
import * as repo from './news.repository';

function toMessage(row: repo.NewsRow): NewsMessage {
  return { _id: row.id, text: row.text, active: row.active, createdAt: row.createdAt.toISOString() };
}

export class NewsService {
  constructor(private readonly db: Database) {}

  /** The newest lines: active ones only unless `all` (admin and sadmin). */
  async list(all: boolean): Promise<NewsMessage[]> {
    return (await repo.listNews(this.db, !all, PAGE_SIZE_MAX)).map(toMessage);
  }

  async create(request: SaveMessageRequest, context: AuditContext & { actorId: string }): Promise<NewsMessage> {
    const text = checkNewsText(request.text);
    if (!text.ok) throw new DomainError('VALIDATION', text.message);
    return this.db.transaction(async (tx) => {
      const row = await repo.insertNews(tx, text.text, request.active, context.actorId);
      await insertAuditRecords(tx, [
        {
          actorId: context.actorId,
          action: 'news.created',
          target: `news:${row.id}`,
          before: null,
          after: { text: row.text, active: row.active },
          ip: context.ip,
          requestId: context.requestId,
        },
      ]);
      return toMessage(row);
    });
  }

  async update(request: UpdateMessageRequest, context: AuditContext): Promise<NewsMessage> {
    if (request.text === undefined && request.active === undefined) throw new DomainError('VALIDATION', MESSAGES.nothingToUpdate);
    const text = request.text === undefined ? null : checkNewsText(request.text);
    if (text !== null && !text.ok) throw new DomainError('VALIDATION', text.message);
    return this.db.transaction(async (tx) => {
      const current = await repo.findNews(tx, request._id, { lock: true });
      if (current === null) throw new DomainError('NOT_FOUND', MESSAGES.messageNotFound);
      const row = await repo.updateNews(tx, current.id, text === null ? current.text : text.text, request.active ?? current.active);
      await insertAuditRecords(tx, [
        {
          actorId: context.actorId,
          action: 'news.updated',
          target: `news:${row.id}`,
          before: { text: current.text, active: current.active },
          after: { text: row.text, active: row.active },
          ip: context.ip,
          requestId: context.requestId,
        },
      ]);
      return toMessage(row);
    });
  }
}
