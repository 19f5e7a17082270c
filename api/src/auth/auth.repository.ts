/**
 * All SQL of sessions, refresh tokens and the credentials of an account (its passwords, the
 * forced change, its logins, whether a lock stops it signing in). The rest of the users row is
 * the hierarchy's (users/users.repository.ts).
 */
import type { AccountStatus, Area, Role } from '@backlay/shared/contracts';
import type { Database, Queryable } from '../db/database';
import type { SessionEndReason } from './auth.events';

export interface SessionRow {
  id: string;
  userId: string;
  area: Area;
  createdAt: Date;
  expiresAt: Date;
}

/** What every authenticated request needs, read in one primary-key query. */
export interface SessionAuthRow {
  sessionId: string;
  userId: string;
  area: Area;
  live: boolean;
  /** Why the session ended, when it did. */
  endedReason: SessionEndReason | null;
  role: Role;
  status: AccountStatus;
  /** The user or one of its ancestors is locked or closed (a lock covers the whole downline). */
  blocked: boolean;
  /** The site the session was signed in on. */
  siteId: string;
  mustChangePassword: boolean;
  hasTxnPassword: boolean;
  /** The role must use two-factor and the user has none yet (only the enrolment is open). */
  mustEnrolTwoFactor: boolean;
  /** The session's last request as stored (last_seen_at, else its start), ms; the idle timeout's fallback. */
  lastSeenMs: number;
}

export interface RefreshTokenRow {
  id: string;
  sessionId: string;
  familyId: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  replacedBy: string | null;
}

/** A refresh token with its session and user, locked for rotation. */
export interface RefreshContextRow extends RefreshTokenRow {
  userId: string;
  area: Area;
  /** The site the session was signed in on: the refresh answers only there. */
  siteId: string;
  role: Role;
  userStatus: AccountStatus;
  /** The user or one of its ancestors is locked or closed. */
  blocked: boolean;
  sessionLive: boolean;
  /** Why the session ended, when it did. */
  sessionEndedReason: SessionEndReason | null;
  /** The database's now(), so every time comparison uses one clock. */
  dbNow: Date;
  /** The session's last request as stored (last_seen_at, else its start), ms: the idle timeout's fallback. */
  lastSeenMs: number;
}

/** True when the user `u` or any of its ancestors is not active (primary-key lookups only). */
const BLOCKED_SQL = `(u.status <> 'active' OR EXISTS (
  SELECT 1 FROM users anc WHERE anc.id = ANY (u.ancestors) AND anc.status <> 'active'))`;

/** What signing in reads of an account. */
export interface CredentialsRow {
  id: string;
  username: string;
  role: Role;
  passwordHash: string;
  txnPasswordHash: string | null;
  mustChangePassword: boolean;
  lastLoginAt: Date | null;
  /** The login before the latest one. */
  previousLoginAt: Date | null;
}

const CREDENTIALS_COLUMNS = `id, username, role, password_hash AS "passwordHash", txn_password_hash AS "txnPasswordHash",
  must_change_password AS "mustChangePassword", last_login_at AS "lastLoginAt", previous_login_at AS "previousLoginAt"`;

/**
 * Case-insensitive lookup on a site (usernames are unique per site, ADR 0074). The root (Super
 * Admin) signs in on every site: its name is unique on all of them (the users_site trigger).
 */
export async function findCredentialsByUsername(q: Queryable, username: string, siteId: string): Promise<CredentialsRow | null> {
  const { rows } = await q.query<CredentialsRow>(
    `SELECT ${CREDENTIALS_COLUMNS} FROM users WHERE lower(username) = lower($1) AND (site_id = $2 OR role = 'admin')`,
    [username, siteId],
  );
  return rows[0] ?? null;
}

/** `lock`: FOR UPDATE, so that concurrent logins of one user run one after the other. */
export async function findCredentialsById(q: Queryable, id: string, options: { lock?: boolean } = {}): Promise<CredentialsRow | null> {
  const { rows } = await q.query<CredentialsRow>(
    `SELECT ${CREDENTIALS_COLUMNS} FROM users WHERE id = $1${options.lock === true ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * True when the user or any of its ancestors is locked or closed: such an account cannot sign
 * in. One query by primary keys (users.id = ANY(ancestors)).
 */
export async function isBlocked(q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query<{ blocked: boolean }>(`SELECT ${BLOCKED_SQL} AS blocked FROM users u WHERE u.id = $1`, [userId]);
  return rows[0]?.blocked ?? true;
}

/** Records a successful login at the database's clock; the one before becomes the previous. */
export async function touchLastLogin(q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE users SET previous_login_at = last_login_at, last_login_at = now() WHERE id = $1', [userId]);
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

const SESSION_COLUMNS = `id, user_id AS "userId", area, created_at AS "createdAt", expires_at AS "expiresAt"`;
const TOKEN_COLUMNS = `rt.id, rt.session_id AS "sessionId", rt.family_id AS "familyId", rt.token_hash AS "tokenHash",
  rt.created_at AS "createdAt", rt.expires_at AS "expiresAt", rt.used_at AS "usedAt",
  rt.revoked_at AS "revokedAt", rt.replaced_by AS "replacedBy"`;

export async function insertSession(
  q: Queryable,
  session: { userId: string; area: Area; siteId: string; lifetimeSec: number; ip: string | null; userAgent: string | null },
): Promise<SessionRow> {
  const { rows } = await q.query<SessionRow>(
    `INSERT INTO sessions (user_id, area, expires_at, ip, user_agent, site_id)
     VALUES ($1, $2, now() + make_interval(secs => $3), $4, $5, $6)
     RETURNING ${SESSION_COLUMNS}`,
    [session.userId, session.area, session.lifetimeSec, session.ip, session.userAgent, session.siteId],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insert into sessions returned no row');
  return row;
}

/** Ends the user's live sessions except `keepSessionId`; returns the ids it ended. */
export async function endLiveSessions(
  q: Queryable,
  userId: string,
  reason: SessionEndReason,
  keepSessionId: string | null,
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE sessions SET ended_at = now(), ended_reason = $2
     WHERE user_id = $1 AND ended_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)
     RETURNING id`,
    [userId, reason, keepSessionId],
  );
  return rows.map((row) => row.id);
}

/** Ends one session if it is still live; true when it did. */
export async function endSession(q: Queryable, sessionId: string, reason: SessionEndReason): Promise<boolean> {
  const { rowCount } = await q.query(
    'UPDATE sessions SET ended_at = now(), ended_reason = $2 WHERE id = $1 AND ended_at IS NULL',
    [sessionId, reason],
  );
  return rowCount === 1;
}

/**
 * Writes a live session's last request time (the idle timeout's column, idle-sessions.ts), in a
 * statement of its own that commits without waiting for the WAL flush (synchronous_commit off for
 * its own implicit transaction only): the column is a hint that lags up to a minute by design, so
 * a crash that loses the last write costs nothing the design does not already allow, and the
 * request that carries the write does not wait for a disk flush (ADR 0081: under load it was
 * PostgreSQL's most waited-on statement). `db` is the pool, never a transaction, whose commit the
 * setting would otherwise relax.
 */
export async function touchSessionLastSeen(db: Database, sessionId: string, at: Date): Promise<void> {
  await db.query(
    `WITH lazy AS (SELECT set_config('synchronous_commit', 'off', true))
     UPDATE sessions SET last_seen_at = $2 FROM lazy WHERE id = $1 AND ended_at IS NULL`,
    [sessionId, at],
  );
}

/** Revokes every unrevoked refresh token of the given sessions. */
export async function revokeRefreshTokensOfSessions(q: Queryable, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await q.query('UPDATE refresh_tokens SET revoked_at = now() WHERE session_id = ANY($1::uuid[]) AND revoked_at IS NULL', [
    sessionIds,
  ]);
}

export async function revokeRefreshFamily(q: Queryable, familyId: string): Promise<void> {
  await q.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [familyId]);
}

export async function insertRefreshToken(
  q: Queryable,
  token: { sessionId: string; familyId: string; parentId: string | null; tokenHash: string; expiresAt: Date },
): Promise<RefreshTokenRow> {
  const { rows } = await q.query<RefreshTokenRow>(
    `INSERT INTO refresh_tokens AS rt (session_id, family_id, parent_id, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5)
     RETURNING ${TOKEN_COLUMNS}`,
    [token.sessionId, token.familyId, token.parentId, token.tokenHash, token.expiresAt],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insert into refresh_tokens returned no row');
  return row;
}

/** The token with this hash, its session and user; the token row is locked. */
export async function findRefreshContextForUpdate(q: Queryable, tokenHash: string): Promise<RefreshContextRow | null> {
  const { rows } = await q.query<RefreshContextRow>(
    `SELECT ${TOKEN_COLUMNS}, s.user_id AS "userId", s.area, s.site_id AS "siteId", u.role, u.status AS "userStatus",
            ${BLOCKED_SQL} AS blocked,
            (s.ended_at IS NULL AND s.expires_at > now()) AS "sessionLive",
            s.ended_reason AS "sessionEndedReason", now() AS "dbNow",
            (extract(epoch FROM COALESCE(s.last_seen_at, s.created_at)) * 1000)::float8 AS "lastSeenMs"
     FROM refresh_tokens rt
     JOIN sessions s ON s.id = rt.session_id
     JOIN users u ON u.id = s.user_id
     WHERE rt.token_hash = $1
     FOR UPDATE OF rt`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function findRefreshTokenById(q: Queryable, id: string): Promise<RefreshTokenRow | null> {
  const { rows } = await q.query<RefreshTokenRow>(`SELECT ${TOKEN_COLUMNS} FROM refresh_tokens rt WHERE rt.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function markRefreshTokenUsed(q: Queryable, id: string, replacedBy: string): Promise<void> {
  await q.query('UPDATE refresh_tokens SET used_at = now(), replaced_by = $2 WHERE id = $1', [id, replacedBy]);
}

/**
 * The session behind an access token, with the user's current role and state, in ONE query
 * by primary keys: the session, its user, and the user's ancestors (users.id = ANY(ancestors)),
 * so a lock on any agent above applies to this request.
 */
export async function findSessionAuth(q: Queryable, sessionId: string): Promise<SessionAuthRow | null> {
  const { rows } = await q.query<SessionAuthRow>(
    `SELECT s.id AS "sessionId", s.user_id AS "userId", s.area,
            (s.ended_at IS NULL AND s.expires_at > now()) AS live, s.ended_reason AS "endedReason",
            u.role, u.status, ${BLOCKED_SQL} AS blocked, s.site_id AS "siteId",
            u.must_change_password AS "mustChangePassword",
            (u.txn_password_hash IS NOT NULL) AS "hasTxnPassword",
            (u.totp_enabled_at IS NULL AND u.role <> 'user'
              AND EXISTS (SELECT 1 FROM two_factor_policy p WHERE u.role = ANY (p.required_roles))) AS "mustEnrolTwoFactor",
            (extract(epoch FROM COALESCE(s.last_seen_at, s.created_at)) * 1000)::float8 AS "lastSeenMs"
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = $1`,
    [sessionId],
  );
  return rows[0] ?? null;
}

/**
 * Ends the live sessions of a user and of its whole downline (a lock covers the subtree);
 * returns each ended session with its user.
 */
export async function endLiveSessionsOfSubtree(
  q: Queryable,
  rootUserId: string,
  reason: SessionEndReason,
): Promise<Array<{ id: string; userId: string }>> {
  const { rows } = await q.query<{ id: string; userId: string }>(
    `UPDATE sessions SET ended_at = now(), ended_reason = $2
     WHERE ended_at IS NULL
       AND user_id IN (SELECT id FROM users WHERE id = $1 OR ancestors @> ARRAY[$1::uuid])
     RETURNING id, user_id AS "userId"`,
    [rootUserId, reason],
  );
  return rows;
}
