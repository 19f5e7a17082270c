/**
 * News lines (the admin 'messages' screen): admin and sadmin write them, players read the
 * active ones. A line is for one site or for every site (ADR 0074 "Content per site"): a reader
 * sees its request's site's lines and the every-site ones; the Super Admin writes for every site
 * or any one site, an Admin only for its own. Every change is audited.
 */
import { MESSAGES, PAGE_SIZE_MAX, SITE_CONTENT_MESSAGES, type NewsMessage, type SaveMessageRequest, type UpdateMessageRequest } from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import type { Actor, AuditContext } from '../plugins/request-context';
import { siteToManage } from '../sites/site-scope';
import type { SiteDirectory } from '../sites/sites.service';
import { checkNewsText } from './news-rules';
import * as repo from './news.repository';

function toMessage(row: repo.NewsRow): NewsMessage {
  return { _id: row.id, text: row.text, active: row.active, createdAt: row.createdAt.toISOString(), siteId: row.siteId };
}

export class NewsService {
  constructor(
    private readonly db: Database,
    private readonly sites: SiteDirectory,
  ) {}

  /**
   * The newest lines a caller reads: a player the active lines of its site and of every site; an
   * Admin every line of its site and of every site; the Super Admin every line of every site.
   */
  async list(actor: Actor, writer: boolean): Promise<NewsMessage[]> {
    const siteId = actor.role === 'admin' ? null : actor.siteId;
    return (await repo.listNews(this.db, { activeOnly: !writer, siteId }, PAGE_SIZE_MAX)).map(toMessage);
  }

  async create(actor: Actor, request: SaveMessageRequest, context: AuditContext & { actorId: string }): Promise<NewsMessage> {
    const text = checkNewsText(request.text);
    if (!text.ok) throw new DomainError('VALIDATION', text.message);
    // null: every site, the Super Admin's only; absent: the site signed in on.
    let siteId: string | null = null;
    if (request.siteId === null) {
      if (actor.role !== 'admin') throw new DomainError('FORBIDDEN', SITE_CONTENT_MESSAGES.ownSiteOnly);
    } else {
      siteId = (await siteToManage(this.sites, actor, request.siteId)).id;
    }
    return this.db.transaction(async (tx) => {
      const row = await repo.insertNews(tx, text.text, request.active, siteId, context.actorId);
      await insertAuditRecords(tx, [
        {
          actorId: context.actorId,
          action: 'news.created',
          target: `news:${row.id}`,
          before: null,
          after: { text: row.text, active: row.active, siteId: row.siteId },
          ip: context.ip,
          requestId: context.requestId,
        },
      ]);
      return toMessage(row);
    });
  }

  async update(actor: Actor, request: UpdateMessageRequest, context: AuditContext): Promise<NewsMessage> {
    if (request.text === undefined && request.active === undefined) throw new DomainError('VALIDATION', MESSAGES.nothingToUpdate);
    const text = request.text === undefined ? null : checkNewsText(request.text);
    if (text !== null && !text.ok) throw new DomainError('VALIDATION', text.message);
    return this.db.transaction(async (tx) => {
      const current = await repo.findNews(tx, request._id, { lock: true });
      // An Admin sees no other site's line (the same 404), and changes no every-site line.
      if (current === null || (actor.role !== 'admin' && current.siteId !== null && current.siteId !== actor.siteId)) {
        throw new DomainError('NOT_FOUND', MESSAGES.messageNotFound);
      }
      if (actor.role !== 'admin' && current.siteId === null) throw new DomainError('FORBIDDEN', SITE_CONTENT_MESSAGES.ownSiteOnly);
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
