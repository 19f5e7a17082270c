/** All SQL about users and the hierarchy. */
import type { Role } from '@backlay/shared/contracts';
import type { Queryable } from '../db/database';

export type UserStatus = 'active' | 'locked' | 'closed';

export interface UserRow {
  id: string;
  username: string;
  displayName: string;
  role: Role;
  parentId: string | null;
  ancestors: string[];
  status: UserStatus;
  betLock: boolean;
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
  status?: UserStatus;
  passwordHash: string;
  txnPasswordHash: string | null;
  mustChangePassword: boolean;
  createdBy: string | null;
  partnershipShareBps: number;
}

export interface ChildRow {
  id: string;
  username: string;
  role: Role;
  status: UserStatus;
  balanceMinor: bigint;
  exposureMinor: bigint;
  createdAt: Date;
}

const USER_COLUMNS = `id, username, display_name AS "displayName", role, parent_id AS "parentId",
  ancestors::text[] AS ancestors, status, bet_lock AS "betLock", password_hash AS "passwordHash",
  txn_password_hash AS "txnPasswordHash", must_change_password AS "mustChangePassword",
  created_at AS "createdAt", last_login_at AS "lastLoginAt", previous_login_at AS "previousLoginAt",
  partnership_share_bps AS "partnershipShareBps"`;

/** Inserts a user; the database fills ancestors and creates the wallet (triggers). */
export async function insertUser(q: Queryable, user: NewUser): Promise<UserRow> {
  const { rows } = await q.query<UserRow>(
    `INSERT INTO users (username, display_name, phone, role, parent_id, status, password_hash, txn_password_hash,
                        must_change_password, created_by, partnership_share_bps)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
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
    ],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insert into users returned no row');
  return row;
}

/** Case-insensitive lookup (usernames are unique on lower(username)). */
export async function findUserByUsername(q: Queryable, username: string): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(username) = lower($1)`, [
    username,
  ]);
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
export async function listChildren(q: Queryable, parentId: string): Promise<ChildRow[]> {
  const { rows } = await q.query<{
    id: string;
    username: string;
    role: Role;
    status: UserStatus;
    balanceMinor: string;
    exposureMinor: string;
    createdAt: Date;
  }>(
    `SELECT u.id, u.username, u.role, u.status, a.balance_minor AS "balanceMinor",
            a.exposure_minor AS "exposureMinor", u.created_at AS "createdAt"
     FROM users u JOIN ledger_accounts a ON a.user_id = u.id
     WHERE u.parent_id = $1
     ORDER BY lower(u.username)`,
    [parentId],
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

/** Sets a new login password and clears the forced change. */
export async function updatePassword(q: Queryable, userId: string, passwordHash: string): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2, must_change_password = false WHERE id = $1', [
    userId,
    passwordHash,
  ]);
}

export async function updateTransactionPassword(q: Queryable, userId: string, txnPasswordHash: string): Promise<void> {
  await q.query('UPDATE users SET txn_password_hash = $2 WHERE id = $1', [userId, txnPasswordHash]);
}

/** Records a successful login at the database's clock; the one before becomes the previous. */
export async function touchLastLogin(q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE users SET previous_login_at = last_login_at, last_login_at = now() WHERE id = $1', [userId]);
}
