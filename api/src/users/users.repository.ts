/**
 * All SQL about users and the hierarchy, and the market bet-locks agents set on their downline
 * (which the placement functions check). Credentials and sessions are auth's (auth.repository.ts).
 */
import type { AccountStatus, ClientSortKey, Role } from '@backlay/shared/contracts';
import { orderByClause, type SortRequest } from '../common/sorting';
import type { Queryable } from '../db/database';

export interface UserRow {
  id: string;
  username: string;
  displayName: string;
  role: Role;
  parentId: string | null;
  ancestors: string[];
  status: AccountStatus;
  betLock: boolean;
  /** Who set the account lock (null when not locked, or unknown). */
  lockedBy: string | null;
  /** Who set the bet lock (null when betting is open, or unknown). */
  betLockedBy: string | null;
  passwordHash: string;
  txnPasswordHash: string | null;
  mustChangePassword: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
  /** The login before the latest one. */
  previousLoginAt: Date | null;
  partnershipShareBps: number;
}

export interface NewUser {
  username: string;
  displayName?: string;
  phone?: string | null;
  role: Role;
  parentId: string | null;
  /** The site: only for an Admin (a child of the root); everyone else is on its parent's (ADR 0074). */
  siteId?: string;
  status?: AccountStatus;
  passwordHash: string;
  txnPasswordHash: string | null;
  mustChangePassword: boolean;
  createdBy: string | null;
  partnershipShareBps: number;
  creditReferenceMinor?: bigint;
  commissionBps?: number;
  exposureLimitMinor?: bigint | null;
}

export interface ChildRow {
  id: string;
  username: string;
  role: Role;
  status: AccountStatus;
  balanceMinor: bigint;
  exposureMinor: bigint;
  createdAt: Date;
}

const USER_COLUMNS = `id, username, display_name AS "displayName", role, parent_id AS "parentId",
  ancestors::text[] AS ancestors, status, bet_lock AS "betLock", locked_by AS "lockedBy",
  bet_locked_by AS "betLockedBy", password_hash AS "passwordHash",
  txn_password_hash AS "txnPasswordHash", must_change_password AS "mustChangePassword",
  created_at AS "createdAt", last_login_at AS "lastLoginAt", previous_login_at AS "previousLoginAt",
  partnership_share_bps AS "partnershipShareBps"`;

/** Inserts a user; the database fills ancestors and creates the wallet (triggers). */
export async function insertUser(q: Queryable, user: NewUser): Promise<UserRow> {
  const { rows } = await q.query<UserRow>(
    `INSERT INTO users (username, display_name, phone, role, parent_id, status, password_hash, txn_password_hash,
                        must_change_password, created_by, partnership_share_bps, credit_reference_minor,
                        commission_bps, exposure_limit_minor, site_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     RETURNING ${USER_COLUMNS}`,
    [
      user.username,
      user.displayName ?? user.username,
      user.phone ?? null,
      user.role,
      user.parentId,
      user.status ?? 'active',
      user.passwordHash,
      user.txnPasswordHash,
      user.mustChangePassword,
      user.createdBy,
      user.partnershipShareBps,
      (user.creditReferenceMinor ?? 0n).toString(),
      user.commissionBps ?? 0,
      user.exposureLimitMinor === undefined || user.exposureLimitMinor === null ? null : user.exposureLimitMinor.toString(),
      user.siteId ?? null,
    ],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insert into users returned no row');
  return row;
}

/**
 * Case-insensitive lookup on a site: usernames are unique per site, and the root's on every site
 * (ADR 0074), so a name names one account of the site or the root.
 */
export async function findUserByUsername(q: Queryable, username: string, siteId: string): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE lower(username) = lower($1) AND (site_id = $2 OR role = 'admin')`,
    [username, siteId],
  );
  return rows[0] ?? null;
}

export async function findUserById(q: Queryable, id: string, options: { lock?: boolean } = {}): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE id = $1${options.lock === true ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** Direct children of a user with their wallet figures, by username. */
export async function listChildren(q: Queryable, parentId: string, siteId: string): Promise<ChildRow[]> {
  const { rows } = await q.query<{
    id: string;
    username: string;
    role: Role;
    status: AccountStatus;
    balanceMinor: string;
    exposureMinor: string;
    createdAt: Date;
  }>(
    `SELECT u.id, u.username, u.role, u.status, a.balance_minor AS "balanceMinor",
            a.exposure_minor AS "exposureMinor", u.created_at AS "createdAt"
     FROM users u JOIN ledger_accounts a ON a.user_id = u.id
     WHERE u.parent_id = $1 AND u.site_id = $2
     ORDER BY lower(u.username)`,
    [parentId, siteId],
  );
  return rows.map((row) => ({
    ...row,
    balanceMinor: BigInt(row.balanceMinor),
    exposureMinor: BigInt(row.exposureMinor),
  }));
}

/** True when `ancestorId` is a strict ancestor of `userId` (uses the ancestors array). */
export async function hasAncestor(q: Queryable, userId: string, ancestorId: string): Promise<boolean> {
  const { rows } = await q.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM users WHERE id = $1 AND ancestors @> ARRAY[$2::uuid]) AS found',
    [userId, ancestorId],
  );
  return rows[0]?.found === true;
}

/** True when the user or any of its ancestors has its bets locked. */
export async function isBetLocked(q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query<{ locked: boolean }>(
    `SELECT (u.bet_lock OR EXISTS (
              SELECT 1 FROM users anc WHERE anc.id = ANY (u.ancestors) AND anc.bet_lock)) AS locked
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0]?.locked ?? true;
}

/** Everything a client row shows: the account, its wallet and its number of children. */
export interface ClientRecord {
  id: string;
  username: string;
  displayName: string;
  phone: string | null;
  role: Role;
  status: AccountStatus;
  betLock: boolean;
  /** Username of the account lock's setter (null when not locked or unknown). */
  lockedBy: string | null;
  /** Username of the bet lock's setter (null when betting is open or unknown). */
  betLockedBy: string | null;
  parentId: string | null;
  balanceMinor: bigint;
  exposureMinor: bigint;
  creditReferenceMinor: bigint;
  partnershipShareBps: number;
  commissionBps: number;
  exposureLimitMinor: bigint | null;
  childCount: number;
  createdAt: Date;
}

interface RawClientRecord extends Omit<ClientRecord, 'balanceMinor' | 'exposureMinor' | 'creditReferenceMinor' | 'exposureLimitMinor'> {
  balanceMinor: string;
  exposureMinor: string;
  creditReferenceMinor: string;
  exposureLimitMinor: string | null;
}

function toClientRecord(row: RawClientRecord): ClientRecord {
  return {
    ...row,
    balanceMinor: BigInt(row.balanceMinor),
    exposureMinor: BigInt(row.exposureMinor),
    creditReferenceMinor: BigInt(row.creditReferenceMinor),
    exposureLimitMinor: row.exposureLimitMinor === null ? null : BigInt(row.exposureLimitMinor),
  };
}

const CLIENT_SELECT = `SELECT u.id, u.username, u.display_name AS "displayName", u.phone, u.role, u.status,
    u.bet_lock AS "betLock", u.parent_id AS "parentId",
    (SELECT s.username FROM users s WHERE s.id = u.locked_by) AS "lockedBy",
    (SELECT s.username FROM users s WHERE s.id = u.bet_locked_by) AS "betLockedBy",
    a.balance_minor::text AS "balanceMinor", a.exposure_minor::text AS "exposureMinor",
    u.credit_reference_minor::text AS "creditReferenceMinor", u.partnership_share_bps AS "partnershipShareBps",
    u.commission_bps AS "commissionBps", u.exposure_limit_minor::text AS "exposureLimitMinor",
    (SELECT count(*) FROM users c WHERE c.parent_id = u.id)::int AS "childCount",
    u.created_at AS "createdAt"
  FROM users u JOIN ledger_accounts a ON a.user_id = u.id`;

/** The filter of list-clients: direct children of `parentId`, optionally matching a search. */
export interface ChildFilter {
  parentId: string;
  /**
   * The request's site (ADR 0074): an agent's children are all on it; the Super Admin's Admins are
   * on every site, and it lists those of the site it signed in on, whose names its links resolve to.
   */
  siteId: string;
  /** An ILIKE pattern with wildcards already escaped, or null for all. */
  pattern: string | null;
}

/** The children of $1 matching $2 on the site of parameter `site` (a statement's own numbering). */
const childWhere = (site: `$${number}`): string =>
  `WHERE u.parent_id = $1 AND u.site_id = ${site} AND ($2::text IS NULL OR u.username ILIKE $2 OR u.display_name ILIKE $2)`;

/** The columns list-clients sorts by (ADR 0068): the only SQL a sort request chooses from. */
const CLIENT_SORT_SQL: Readonly<Record<ClientSortKey, string>> = {
  username: 'lower(u.username)',
  role: 'u.role',
  balance: 'a.balance_minor',
  exposure: 'a.exposure_minor',
  available: 'GREATEST(a.balance_minor - a.exposure_minor, 0)',
  creditReference: 'u.credit_reference_minor',
  refPL: '(a.balance_minor - u.credit_reference_minor)',
  partnership: 'u.partnership_share_bps',
  status: 'u.status',
  createdAt: 'u.created_at',
};

/**
 * One page of direct children with their wallets (one query), in the order asked for, then by
 * username and id (so equal values keep one order from page to page); by username without one.
 */
export async function listClientRecords(
  q: Queryable,
  filter: ChildFilter,
  page: { limit: number; offset: number; sort: SortRequest<ClientSortKey> | null },
): Promise<ClientRecord[]> {
  const { rows } = await q.query<RawClientRecord>(
    `${CLIENT_SELECT} ${childWhere('$5')} ${orderByClause(CLIENT_SORT_SQL, page.sort, 'lower(u.username), u.id')} LIMIT $3 OFFSET $4`,
    [filter.parentId, filter.pattern, page.limit, page.offset, filter.siteId],
  );
  return rows.map(toClientRecord);
}

export interface ClientTotals {
  count: number;
  balanceMinor: bigint;
  exposureMinor: bigint;
  creditReferenceMinor: bigint;
}

/** Count and sums over every child matching the filter (not only one page). */
export async function sumClientRecords(q: Queryable, filter: ChildFilter): Promise<ClientTotals> {
  const { rows } = await q.query<{ count: number; balanceMinor: string; exposureMinor: string; creditReferenceMinor: string }>(
    `SELECT count(*)::int AS count, coalesce(sum(a.balance_minor), 0)::text AS "balanceMinor",
            coalesce(sum(a.exposure_minor), 0)::text AS "exposureMinor",
            coalesce(sum(u.credit_reference_minor), 0)::text AS "creditReferenceMinor"
     FROM users u JOIN ledger_accounts a ON a.user_id = u.id
     ${childWhere('$3')}`,
    [filter.parentId, filter.pattern, filter.siteId],
  );
  const row = rows[0] ?? { count: 0, balanceMinor: '0', exposureMinor: '0', creditReferenceMinor: '0' };
  return {
    count: row.count,
    balanceMinor: BigInt(row.balanceMinor),
    exposureMinor: BigInt(row.exposureMinor),
    creditReferenceMinor: BigInt(row.creditReferenceMinor),
  };
}

export async function findClientRecord(q: Queryable, userId: string): Promise<ClientRecord | null> {
  const { rows } = await q.query<RawClientRecord>(`${CLIENT_SELECT} WHERE u.id = $1`, [userId]);
  const row = rows[0];
  return row === undefined ? null : toClientRecord(row);
}

/** Usernames and roles of a set of users (a breadcrumb), in no particular order. */
export async function findUserNames(q: Queryable, ids: readonly string[]): Promise<Array<{ id: string; username: string; role: Role }>> {
  const { rows } = await q.query<{ id: string; username: string; role: Role }>(
    'SELECT id, username, role FROM users WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return rows;
}

/** The highest share among the direct children of a user, or null without children. */
export async function maxChildShareBps(q: Queryable, userId: string): Promise<number | null> {
  const { rows } = await q.query<{ max: number | null }>(
    'SELECT max(partnership_share_bps) AS max FROM users WHERE parent_id = $1',
    [userId],
  );
  return rows[0]?.max ?? null;
}

/** The editable fields of an account (update-user). */
export interface AccountFieldsUpdate {
  displayName: string;
  phone: string | null;
  partnershipShareBps: number;
  creditReferenceMinor: bigint;
  commissionBps: number;
  exposureLimitMinor: bigint | null;
}

export async function updateAccountFields(q: Queryable, userId: string, fields: AccountFieldsUpdate): Promise<void> {
  await q.query(
    `UPDATE users SET display_name = $2, phone = $3, partnership_share_bps = $4, credit_reference_minor = $5,
                      commission_bps = $6, exposure_limit_minor = $7
     WHERE id = $1`,
    [
      userId,
      fields.displayName,
      fields.phone,
      fields.partnershipShareBps,
      fields.creditReferenceMinor.toString(),
      fields.commissionBps,
      fields.exposureLimitMinor === null ? null : fields.exposureLimitMinor.toString(),
    ],
  );
}

/** Sets the status with the lock's setter (null unless locked). */
export async function updateStatus(q: Queryable, userId: string, status: AccountStatus, lockedBy: string | null): Promise<void> {
  await q.query('UPDATE users SET status = $2, locked_by = $3 WHERE id = $1', [userId, status, lockedBy]);
}

/** Sets the bet lock with its setter (null when unlocked). */
export async function updateBetLock(q: Queryable, userId: string, betLock: boolean, betLockedBy: string | null): Promise<void> {
  await q.query('UPDATE users SET bet_lock = $2, bet_locked_by = $3 WHERE id = $1', [userId, betLock, betLockedBy]);
}

/** An agent's reset: a new login password that the account must change at its next sign-in. */
export async function resetPassword(q: Queryable, userId: string, passwordHash: string): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2, must_change_password = true WHERE id = $1', [userId, passwordHash]);
}

/** True when a market or a fancy with this id exists (market bet-locks name either). */
export async function marketOrFancyExists(q: Queryable, marketId: string): Promise<boolean> {
  const { rows } = await q.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM markets WHERE id = $1) OR EXISTS (SELECT 1 FROM fancies WHERE id = $1) AS found',
    [marketId],
  );
  return rows[0]?.found ?? false;
}

/**
 * The market bet-lock of `userId` on `marketId`, created for `lockedBy` when there is none, and
 * locked FOR UPDATE: its setter as it stands, and whether this call created it.
 */
export async function claimMarketBetLock(
  q: Queryable,
  userId: string,
  marketId: string,
  lockedBy: string,
): Promise<{ lockedBy: string; created: boolean }> {
  // A concurrent unlock may delete the row between the conflict and the read: insert again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const inserted = await q.query(
      'INSERT INTO market_bet_locks (user_id, market_id, locked_by) VALUES ($1, $2, $3) ON CONFLICT (user_id, market_id) DO NOTHING',
      [userId, marketId, lockedBy],
    );
    const row = await findMarketBetLock(q, userId, marketId);
    if (row !== null) return { lockedBy: row.lockedBy, created: (inserted.rowCount ?? 0) > 0 };
  }
  throw new Error('market_bet_locks: the row keeps vanishing under concurrent unlocks');
}

/** The market bet-lock of `userId` on `marketId` (FOR UPDATE), or null. */
export async function findMarketBetLock(q: Queryable, userId: string, marketId: string): Promise<{ lockedBy: string } | null> {
  const { rows } = await q.query<{ lockedBy: string }>(
    'SELECT locked_by AS "lockedBy" FROM market_bet_locks WHERE user_id = $1 AND market_id = $2 FOR UPDATE',
    [userId, marketId],
  );
  return rows[0] ?? null;
}

/** A higher agent takes a market bet-lock over: it becomes the setter. */
export async function updateMarketBetLockSetter(q: Queryable, userId: string, marketId: string, lockedBy: string): Promise<void> {
  await q.query('UPDATE market_bet_locks SET locked_by = $3 WHERE user_id = $1 AND market_id = $2', [userId, marketId, lockedBy]);
}

export async function deleteMarketBetLock(q: Queryable, userId: string, marketId: string): Promise<void> {
  await q.query('DELETE FROM market_bet_locks WHERE user_id = $1 AND market_id = $2', [userId, marketId]);
}
