/**
 * The SQL of responsible gambling (migration 0027): limits, the reality-check interval, exclusions,
 * the wallet's rg_active flag, and the reads of the reality check and the agents' view; and the
 * two calls of the check itself, rg_refusal.sql, that rg-check.ts makes.
 */
import type { RgExclusionView, RgLimitType } from '@backlay/shared/contracts';
import type { Queryable } from '../db/database';
import type { RawRefusal, StoredLimit } from './rg-rules';

export interface StoredLimitRow extends StoredLimit {
  type: RgLimitType;
}

export interface StoredExclusion {
  kind: RgExclusionView['kind'];
  startsAt: Date;
  endsAt: Date;
}

/**
 * Locks the player's wallet row (the row bet placement and the money paths lock first) and reads
 * the database clock, so a change and a check of the same player never interleave.
 */
export async function lockWalletAndNow(q: Queryable, userId: string): Promise<Date> {
  const { rows } = await q.query<{ now: Date }>('SELECT now() AS now FROM ledger_accounts WHERE user_id = $1 FOR UPDATE', [userId]);
  const row = rows[0];
  if (row === undefined) throw new Error(`no wallet for user ${userId}`);
  return row.now;
}

export async function databaseNow(q: Queryable): Promise<Date> {
  const { rows } = await q.query<{ now: Date }>('SELECT now() AS now');
  return (rows[0] as { now: Date }).now;
}

interface RawLimit {
  user_id: string;
  limit_type: RgLimitType;
  amount_minor: string | null;
  pending_amount_minor: string | null;
  pending_from: Date | null;
}

const big = (value: string | null) => (value === null ? null : BigInt(value));
const toLimit = (r: RawLimit): StoredLimitRow => ({
  type: r.limit_type,
  amountMinor: big(r.amount_minor),
  pendingMinor: big(r.pending_amount_minor),
  pendingFrom: r.pending_from,
});

export async function limitsOf(q: Queryable, userIds: readonly string[]): Promise<Map<string, StoredLimitRow[]>> {
  const { rows } = await q.query<RawLimit>(
    `SELECT user_id, limit_type, amount_minor, pending_amount_minor, pending_from
       FROM rg_limits WHERE user_id = ANY ($1::uuid[]) ORDER BY user_id, limit_type`,
    [userIds],
  );
  const out = new Map<string, StoredLimitRow[]>();
  for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), toLimit(r)]);
  return out;
}

export async function saveLimit(q: Queryable, userId: string, type: RgLimitType, stored: StoredLimit): Promise<void> {
  await q.query(
    `INSERT INTO rg_limits (user_id, limit_type, amount_minor, pending_amount_minor, pending_from)
       VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, limit_type) DO UPDATE SET amount_minor = EXCLUDED.amount_minor,
       pending_amount_minor = EXCLUDED.pending_amount_minor, pending_from = EXCLUDED.pending_from, updated_at = now()`,
    [userId, type, stored.amountMinor?.toString() ?? null, stored.pendingMinor?.toString() ?? null, stored.pendingFrom],
  );
}

export async function realityCheckOf(q: Queryable, userIds: readonly string[]): Promise<Map<string, number | null>> {
  const { rows } = await q.query<{ user_id: string; reality_check_minutes: number | null }>(
    'SELECT user_id, reality_check_minutes FROM rg_settings WHERE user_id = ANY ($1::uuid[])',
    [userIds],
  );
  return new Map(rows.map((r) => [r.user_id, r.reality_check_minutes]));
}

export async function saveRealityCheck(q: Queryable, userId: string, minutes: number | null): Promise<void> {
  await q.query(
    `INSERT INTO rg_settings (user_id, reality_check_minutes) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET reality_check_minutes = EXCLUDED.reality_check_minutes, updated_at = now()`,
    [userId, minutes],
  );
}

/** The exclusion in force per user (a self-exclusion before a time-out, then the latest end). */
export async function exclusionsInForce(q: Queryable, userIds: readonly string[]): Promise<Map<string, StoredExclusion>> {
  const { rows } = await q.query<{ user_id: string; kind: StoredExclusion['kind']; starts_at: Date; ends_at: Date }>(
    `SELECT DISTINCT ON (user_id) user_id, kind, starts_at, ends_at
       FROM rg_exclusions
      WHERE user_id = ANY ($1::uuid[]) AND starts_at <= now() AND ends_at > now()
      ORDER BY user_id, (kind = 'self_exclusion') DESC, ends_at DESC`,
    [userIds],
  );
  return new Map(rows.map((r) => [r.user_id, { kind: r.kind, startsAt: r.starts_at, endsAt: r.ends_at }]));
}

export async function insertExclusion(q: Queryable, userId: string, exclusion: StoredExclusion): Promise<void> {
  await q.query('INSERT INTO rg_exclusions (user_id, kind, starts_at, ends_at) VALUES ($1, $2, $3, $4)', [
    userId,
    exclusion.kind,
    exclusion.startsAt,
    exclusion.endsAt,
  ]);
}

/**
 * Sets the wallet's flag from what the player has: any limit in force or pending, or any
 * exclusion not yet ended. Checks skip a wallet whose flag is false.
 */
export async function refreshFlag(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `UPDATE ledger_accounts SET rg_active =
       EXISTS (SELECT 1 FROM rg_limits l WHERE l.user_id = $1 AND (l.amount_minor IS NOT NULL OR l.pending_from IS NOT NULL))
       OR EXISTS (SELECT 1 FROM rg_exclusions e WHERE e.user_id = $1 AND e.ends_at > now())
     WHERE user_id = $1`,
    [userId],
  );
}

/** The session's start and the net result of loss-counting journals on the wallet since then. */
export async function sessionResult(q: Queryable, userId: string, sessionId: string): Promise<{ startedAt: Date; netMinor: bigint } | null> {
  const { rows } = await q.query<{ started_at: Date; net: string }>(
    `SELECT s.created_at AS started_at,
            (SELECT coalesce(sum(e.amount_minor), 0)
               FROM ledger_accounts a
               JOIN entries e ON e.account_id = a.id AND e.created_at >= s.created_at
               JOIN journals j ON j.id = e.journal_id
              WHERE a.user_id = s.user_id AND j.code IN (SELECT c.code FROM rg_loss_journal_codes c))::text AS net
       FROM sessions s WHERE s.id = $1 AND s.user_id = $2`,
    [sessionId, userId],
  );
  const row = rows[0];
  return row === undefined ? null : { startedAt: row.started_at, netMinor: BigInt(row.net) };
}

/**
 * The players below `agentId` (optionally one username) with any responsible-gambling row,
 * username order, at most `limit`.
 */
export async function downlinePlayersWithSettings(
  q: Queryable,
  agentId: string,
  username: string | null,
  limit: number,
  siteId: string,
): Promise<Array<{ userId: string; username: string }>> {
  // A name is one of the caller's site's players (ADR 0074): the root's downline spans every site.
  const { rows } = await q.query<{ id: string; username: string }>(
    `SELECT u.id, u.username FROM users u
      WHERE u.ancestors @> ARRAY[$1::uuid] AND u.role = 'user'
        AND ($2::text IS NULL OR (lower(u.username) = lower($2) AND u.site_id = $4))
        AND (EXISTS (SELECT 1 FROM rg_limits l WHERE l.user_id = u.id)
             OR EXISTS (SELECT 1 FROM rg_settings s WHERE s.user_id = u.id)
             OR EXISTS (SELECT 1 FROM rg_exclusions e WHERE e.user_id = u.id))
      ORDER BY u.username LIMIT $3`,
    [agentId, username, limit, siteId],
  );
  return rows.map((r) => ({ userId: r.id, username: r.username }));
}

/**
 * rg_refusal for a stake of `stakeMinor` (its loss limits add the wallet's exposure to it), when
 * the wallet's rg_active flag is set; null for no refusal, no flag or no wallet.
 */
export async function stakeRefusalOf(q: Queryable, userId: string, stakeMinor: bigint): Promise<RawRefusal | null> {
  const { rows } = await q.query<{ refusal: RawRefusal | null }>(
    `SELECT CASE WHEN a.rg_active THEN rg_refusal(a.user_id, 'stake', $2::bigint, a.exposure_minor + $2::bigint, NULL) END AS refusal
       FROM ledger_accounts a WHERE a.user_id = $1`,
    [userId, stakeMinor.toString()],
  );
  return rows[0]?.refusal ?? null;
}

/**
 * rg_refusal for a deposit of `amountMinor` (`alreadyRecorded`: the deposit's own row, not
 * counted twice), when the wallet's rg_active flag is set; null for no refusal, no flag or no wallet.
 */
export async function depositRefusalOf(q: Queryable, userId: string, amountMinor: bigint, alreadyRecorded: string | null): Promise<RawRefusal | null> {
  const { rows } = await q.query<{ refusal: RawRefusal | null }>(
    `SELECT CASE WHEN a.rg_active THEN rg_refusal(a.user_id, 'deposit', $2::bigint, NULL, $3::uuid) END AS refusal
       FROM ledger_accounts a WHERE a.user_id = $1`,
    [userId, amountMinor.toString(), alreadyRecorded],
  );
  return rows[0]?.refusal ?? null;
}
