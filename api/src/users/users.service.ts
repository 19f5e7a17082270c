/**
 * Reading the hierarchy: the caller's direct downline (step 1), the client list with its
 * breadcrumb and totals, one account's detail, and whether an account may bet (isBetLocked;
 * whether it may sign in is auth's question: auth.repository.ts isBlocked).
 */
import {
  PAGE_SIZE_DEFAULT,
  ROLE_LABELS,
  type ClientRow,
  type DownlineRow,
  type ListClientsQuery,
  type ListClientsResponse,
} from '@backlay/shared/contracts';
import type { Database } from '../db/database';
import { paiseToRupees } from '../common/money';
import { containsPattern, sortRequestOf } from '../common/sorting';
import { CLIENT_CSV_COLUMNS, refPlMinor, toClientRow, type ClientCsvRow } from './client-row';
import type { Clock } from '../common/clock';
import { csvFileName, inBatches } from '../common/csv';
import { istDay } from '../common/ist-day';
import type { CsvExport } from '../plugins/csv-reply';
import type { Actor } from '../plugins/request-context';
import type { UsersPolicy } from './policy';
import * as repo from './users.repository';

/** A username from a query, where empty means the caller's own account. */
export function ownUnlessNamed(username: string | undefined): string | undefined {
  const trimmed = username?.trim() ?? '';
  return trimmed.length === 0 ? undefined : trimmed;
}

export class UsersService {
  constructor(
    private readonly db: Database,
    private readonly policy: UsersPolicy,
    private readonly clock: Clock,
  ) {}

  /** The caller's direct children, ordered by username. */
  async downline(actor: Actor): Promise<DownlineRow[]> {
    const children = await repo.listChildren(this.db, actor.userId, actor.siteId);
    return children.map((child) => ({
      _id: child.id,
      username: child.username,
      role: child.role,
      roleLabel: ROLE_LABELS[child.role],
      status: child.status,
      balance: paiseToRupees(child.balanceMinor),
      exposer: paiseToRupees(child.exposureMinor),
      createdAt: child.createdAt.toISOString(),
    }));
  }

  /**
   * GET list-clients: one page of the direct children of `username` (default the caller),
   * the totals over every matching child, and the breadcrumb from the caller down to it.
   * Queries: the target, the breadcrumb names, one for the page and one for the totals.
   */
  async listClients(actor: Actor, query: ListClientsQuery): Promise<ListClientsResponse> {
    const parent = await this.policy.authorize(actor, 'listClients', ownUnlessNamed(query.username));
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
    const filter = { parentId: parent.id, siteId: actor.siteId, pattern: containsPattern(query.search) };
    const [rows, totals, path] = await Promise.all([
      repo.listClientRecords(this.db, filter, { limit: pageSize, offset: (page - 1) * pageSize, sort: sortRequestOf(query) }),
      repo.sumClientRecords(this.db, filter),
      this.breadcrumb(actor.userId, parent),
    ]);
    return {
      parent: { _id: parent.id, username: parent.username, role: parent.role, roleLabel: ROLE_LABELS[parent.role] },
      path,
      rows: rows.map(toClientRow),
      total: totals.count,
      page,
      pageSize,
      totals: {
        balance: paiseToRupees(totals.balanceMinor),
        exposer: paiseToRupees(totals.exposureMinor),
        available: paiseToRupees(totals.balanceMinor - totals.exposureMinor),
        creditReference: paiseToRupees(totals.creditReferenceMinor),
        refPL: paiseToRupees(refPlMinor(totals.balanceMinor, totals.creditReferenceMinor)),
      },
    };
  }

  /**
   * GET list-clients/export: every direct child of the same list (its search and order too), past any page,
   * read in batches of one snapshot, then the totals row (ADR 0067); authorized before anything streams.
   */
  async listClientsCsv(actor: Actor, query: Omit<ListClientsQuery, 'page' | 'pageSize'>): Promise<CsvExport<ClientCsvRow>> {
    const parent = await this.policy.authorize(actor, 'listClients', ownUnlessNamed(query.username));
    const filter = { parentId: parent.id, siteId: actor.siteId, pattern: containsPattern(query.search) };
    // The order the screen asked for (its sortable header, ADR 0068), so the file reads as the list does.
    const sort = sortRequestOf(query);
    const batches = this.db.readSnapshot(async function* (q): AsyncGenerator<readonly ClientCsvRow[]> {
      for await (const records of inBatches((page) => repo.listClientRecords(q, filter, { ...page, sort }))) yield records;
      const totals = await repo.sumClientRecords(q, filter);
      yield [{ total: true, balanceMinor: totals.balanceMinor, exposureMinor: totals.exposureMinor, creditReferenceMinor: totals.creditReferenceMinor }];
    });
    return { fileName: csvFileName(['client-list', parent.username, istDay(this.clock.nowMs())]), columns: CLIENT_CSV_COLUMNS, batches };
  }

  /** GET user-detail: one account of the caller's downline. */
  async userDetail(actor: Actor, username: string): Promise<ClientRow> {
    const target = await this.policy.authorize(actor, 'viewUser', username);
    return this.clientRow(target.id);
  }

  /** The client row of an account (after a change, for the response). */
  async clientRow(userId: string): Promise<ClientRow> {
    const record = await repo.findClientRecord(this.db, userId);
    if (record === null) throw new Error(`user ${userId} vanished`);
    return toClientRow(record);
  }

  /** True when the user or an ancestor has bets locked: it may sign in but not bet (step 4). */
  isBetLocked(userId: string): Promise<boolean> {
    return repo.isBetLocked(this.db, userId);
  }

  /** The accounts from the caller down to `target`, both included. */
  private async breadcrumb(actorId: string, target: repo.UserRow): Promise<ListClientsResponse['path']> {
    const chain = [...target.ancestors, target.id];
    const fromActor = chain.slice(chain.indexOf(actorId));
    const names = new Map((await repo.findUserNames(this.db, fromActor)).map((row) => [row.id, row]));
    return fromActor.flatMap((id) => {
      const row = names.get(id);
      return row === undefined ? [] : [{ username: row.username, roleLabel: ROLE_LABELS[row.role] }];
    });
  }
}
