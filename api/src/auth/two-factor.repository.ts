/** SQL of two-factor (users.totp_*, two_factor_recovery_codes, two_factor_policy) and login_history. */
import type { Area, LoginAttemptReason, LoginHistoryRow, Role } from '@backlay/shared/contracts';
import type { Queryable } from '../db/database';

export interface TwoFactorRow {
  userId: string;
  username: string;
  role: Role;
  /** Ciphertext (two-factor-crypto.ts). */
  secret: string | null;
  pendingSecret: string | null;
  enabled: boolean;
  lastStep: number | null;
  recoveryCodesLeft: number;
  /** The user's role is in two_factor_policy.required_roles. */
  required: boolean;
}

/** `lock`: FOR UPDATE of the user row, so two uses of one code run one after the other. */
export async function findTwoFactor(q: Queryable, userId: string, options: { lock?: boolean } = {}): Promise<TwoFactorRow | null> {
  const { rows } = await q.query<TwoFactorRow>(
    `SELECT u.id AS "userId", u.username, u.role, u.totp_secret AS secret, u.totp_pending_secret AS "pendingSecret",
            (u.totp_enabled_at IS NOT NULL) AS enabled, u.totp_last_step::float8 AS "lastStep",
            (SELECT count(*)::int FROM two_factor_recovery_codes c WHERE c.user_id = u.id AND c.used_at IS NULL) AS "recoveryCodesLeft",
            EXISTS (SELECT 1 FROM two_factor_policy p WHERE u.role = ANY (p.required_roles)) AS required
     FROM users u WHERE u.id = $1${options.lock === true ? ' FOR UPDATE OF u' : ''}`,
    [userId],
  );
  return rows[0] ?? null;
}

/** True when the user has two-factor on (the login asks for the second step). */
export async function hasTwoFactor(q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query<{ on: boolean }>('SELECT (totp_enabled_at IS NOT NULL) AS on FROM users WHERE id = $1', [userId]);
  return rows[0]?.on ?? false;
}

/** Advisory lock of the re-encryption of secrets (two-factor.service.ts reencryptStoredSecrets). */
const REENCRYPT_LOCK_ID = 72_810_031;

export async function lockReencryption(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [REENCRYPT_LOCK_ID]);
}

/**
 * Users (after `after`, by id) with a confirmed or pending secret that does not start with
 * `prefix` (the current key's), locked for update; at most `limit`.
 */
export async function findSecretsNotUnder(
  q: Queryable,
  prefix: string,
  after: string | null,
  limit: number,
): Promise<{ userId: string; secret: string | null; pendingSecret: string | null }[]> {
  const { rows } = await q.query<{ userId: string; secret: string | null; pendingSecret: string | null }>(
    `SELECT id AS "userId", totp_secret AS secret, totp_pending_secret AS "pendingSecret" FROM users
     WHERE (left(totp_secret, length($1)) <> $1 OR left(totp_pending_secret, length($1)) <> $1)
       AND ($2::uuid IS NULL OR id > $2::uuid)
     ORDER BY id LIMIT $3 FOR UPDATE`,
    [prefix, after, limit],
  );
  return rows;
}

/** The re-encrypted secrets of one user (the same secrets under the current key). */
export async function replaceSecrets(q: Queryable, userId: string, secret: string | null, pendingSecret: string | null): Promise<void> {
  await q.query('UPDATE users SET totp_secret = $2, totp_pending_secret = $3 WHERE id = $1', [userId, secret, pendingSecret]);
}

export async function setPendingSecret(q: Queryable, userId: string, encrypted: string): Promise<void> {
  await q.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [userId, encrypted]);
}

/** The pending secret becomes the secret; the step of the confirming code is the last used. */
export async function enableTwoFactor(q: Queryable, userId: string, step: number): Promise<void> {
  await q.query(
    `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled_at = now(), totp_last_step = $2
     WHERE id = $1 AND totp_pending_secret IS NOT NULL`,
    [userId, step],
  );
}

export async function disableTwoFactor(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1`,
    [userId],
  );
  await q.query('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
}

/** Records the accepted step; false when a step at or after it was accepted meanwhile. */
export async function acceptStep(q: Queryable, userId: string, step: number): Promise<boolean> {
  const { rowCount } = await q.query(
    'UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)',
    [userId, step],
  );
  return rowCount === 1;
}

/** Replaces the user's recovery codes with these hashes. */
export async function replaceRecoveryCodes(q: Queryable, userId: string, hashes: readonly string[]): Promise<void> {
  await q.query('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
  await q.query(
    'INSERT INTO two_factor_recovery_codes (user_id, code_hash) SELECT $1, h FROM unnest($2::text[]) AS h',
    [userId, hashes],
  );
}

/**
 * Marks an unused code used: 'consumed'; 'used' when the user's code of this hash was used
 * before; 'unknown' when the user has none with this hash.
 */
export async function consumeRecoveryCode(q: Queryable, userId: string, hash: string): Promise<'consumed' | 'used' | 'unknown'> {
  const { rowCount } = await q.query(
    'UPDATE two_factor_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [userId, hash],
  );
  if (rowCount === 1) return 'consumed';
  const { rows } = await q.query('SELECT 1 FROM two_factor_recovery_codes WHERE user_id = $1 AND code_hash = $2', [userId, hash]);
  return rows.length > 0 ? 'used' : 'unknown';
}

export async function readPolicy(q: Queryable): Promise<Role[]> {
  const { rows } = await q.query<{ roles: Role[] }>('SELECT required_roles AS roles FROM two_factor_policy');
  return rows[0]?.roles ?? [];
}

export async function savePolicy(q: Queryable, roles: readonly Role[], actorId: string): Promise<void> {
  await q.query('UPDATE two_factor_policy SET required_roles = $1::text[], updated_by = $2, updated_at = now()', [roles, actorId]);
}

export interface LoginAttempt {
  /** As typed; the row is linked to the account with this username, if any. */
  username: string;
  area: Area;
  ip: string | null;
  device: string;
  location: string;
  success: boolean;
  reason: LoginAttemptReason;
  /** The site the attempt was made on: a username names an account of that site (or the root), ADR 0074. */
  siteId: string;
}

/** Records one attempt; `userId` when known, else the account of the username on the attempt's site (if any). */
export async function insertLoginAttempt(q: Queryable, attempt: LoginAttempt, userId: string | null): Promise<void> {
  await q.query(
    `INSERT INTO login_history (user_id, username, area, ip, device, location, success, reason)
     VALUES (COALESCE($1::uuid, (SELECT id FROM users WHERE lower(username) = lower($2) AND (site_id = $9 OR role = 'admin'))), $2, $3, $4, $5, $6, $7, $8)`,
    [userId, attempt.username.slice(0, 64), attempt.area, attempt.ip, attempt.device, attempt.location, attempt.success, attempt.reason, attempt.siteId],
  );
}

const HISTORY_COLUMNS = `h.id::text AS id, COALESCE(u.username, h.username) AS username, h.area,
  to_char(h.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, h.ip, h.device, h.location, h.success, h.reason`;

/** The user's own attempts, newest first; one more than `limit` tells whether there are more. */
export async function listOwnHistory(q: Queryable, userId: string, limit: number, offset: number): Promise<LoginHistoryRow[]> {
  const { rows } = await q.query<LoginHistoryRow>(
    `SELECT ${HISTORY_COLUMNS} FROM login_history h JOIN users u ON u.id = h.user_id
     WHERE h.user_id = $1 ORDER BY h.occurred_at DESC, h.id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  return rows;
}

/** Attempts of the agent's downline only (ancestors contain the agent), optionally one username. */
export async function listDownlineHistory(
  q: Queryable,
  agentId: string,
  username: string | null,
  limit: number,
  offset: number,
  siteId: string,
): Promise<LoginHistoryRow[]> {
  // A name is one of the caller's site's accounts (ADR 0074): the root's downline spans every site.
  const { rows } = await q.query<LoginHistoryRow>(
    `SELECT ${HISTORY_COLUMNS} FROM login_history h JOIN users u ON u.id = h.user_id
     WHERE u.ancestors @> ARRAY[$1::uuid] AND ($2::text IS NULL OR (lower(u.username) = lower($2) AND u.site_id = $5))
     ORDER BY h.occurred_at DESC, h.id DESC LIMIT $3 OFFSET $4`,
    [agentId, username, limit, offset, siteId],
  );
  return rows;
}
