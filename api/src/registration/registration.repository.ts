/**
 * All SQL of self-registration (migration 0025): the one-time codes (otp_codes) and the
 * advisory locks that serialise their sends, the spent captchas (captcha_spent), the demo SMS
 * outbox (sms_outbox) and the registrations themselves. Plain rows in and out; the rules (T11's
 * windows and counts, the captcha's checks, the order of a registration) stay in otp-codes.ts,
 * captcha.ts and registration.service.ts. Times are passed in (the injected clock), never now().
 */
import type { SmsOutboxSortKey } from '@backlay/shared/contracts';
import { orderByClause, type SortRequest } from '../common/sorting';
import type { Queryable } from '../db/database';

// --- otp_codes ----------------------------------------------------------------------------------

/** Expired rows deleted per send (bounded work per request; sends outnumber expiries). */
const CLEANUP_BATCH = 100;

/** Takes the transaction's two-key advisory lock (`lockClass`, hashtext(`key`)) until it ends. */
export async function lockSendKey(q: Queryable, lockClass: number, key: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [lockClass, key]);
}

/** A phone's sends of the last day as of `atIso`: counts (text) and times (epoch ms, text). */
export interface PhoneSendStats {
  hour: string;
  day: string;
  last_ms: string | null;
  oldest_hour_ms: string | null;
  oldest_day_ms: string | null;
}

/** The phone's sends within the last hour and day, the last of `purpose`, and the oldest of each window. */
export async function phoneSendStats(q: Queryable, phone: string, atIso: string, purpose: string): Promise<PhoneSendStats | null> {
  const { rows } = await q.query<PhoneSendStats>(
    `SELECT count(*) FILTER (WHERE created_at > $2::timestamptz - interval '1 hour') AS hour,
            count(*) AS day,
            (extract(epoch FROM max(created_at) FILTER (WHERE purpose = $3)) * 1000)::bigint AS last_ms,
            (extract(epoch FROM min(created_at) FILTER (WHERE created_at > $2::timestamptz - interval '1 hour')) * 1000)::bigint AS oldest_hour_ms,
            (extract(epoch FROM min(created_at)) * 1000)::bigint AS oldest_day_ms
       FROM otp_codes WHERE phone = $1 AND created_at > $2::timestamptz - interval '1 day'`,
    [phone, atIso, purpose],
  );
  return rows[0] ?? null;
}

/** The sends from an IP address (null: unknown) in the hour before `atIso`, and the oldest one's time. */
export async function ipSendStats(q: Queryable, ip: string | null, atIso: string): Promise<{ n: string; oldest_ms: string | null } | null> {
  const { rows } = await q.query<{ n: string; oldest_ms: string | null }>(
    `SELECT count(*) AS n, (extract(epoch FROM min(created_at)) * 1000)::bigint AS oldest_ms
       FROM otp_codes WHERE ip IS NOT DISTINCT FROM $1 AND created_at > $2::timestamptz - interval '1 hour'`,
    [ip, atIso],
  );
  return rows[0] ?? null;
}

/** Marks the live codes of (phone, purpose) replaced at `atIso`. */
export async function replaceLiveCodes(q: Queryable, phone: string, purpose: string, atIso: string): Promise<void> {
  await q.query(
    `UPDATE otp_codes SET replaced_at = $3
      WHERE phone = $1 AND purpose = $2 AND consumed_at IS NULL AND replaced_at IS NULL`,
    [phone, purpose, atIso],
  );
}

export async function insertCode(
  q: Queryable,
  c: { phone: string; purpose: string; codeHmac: Buffer; ip: string | null; createdAtIso: string; expiresAtIso: string },
): Promise<void> {
  await q.query(
    `INSERT INTO otp_codes (phone, purpose, code_hmac, ip, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [c.phone, c.purpose, c.codeHmac, c.ip, c.createdAtIso, c.expiresAtIso],
  );
}

/** Deletes a batch of the codes older than a day before `atIso` (past every send window). */
export async function deleteDayOldCodes(q: Queryable, atIso: string): Promise<void> {
  await q.query(
    `DELETE FROM otp_codes WHERE id IN (
       SELECT id FROM otp_codes WHERE created_at <= $1::timestamptz - interval '1 day' LIMIT ${CLEANUP_BATCH})`,
    [atIso],
  );
}

/**
 * Counts one verify attempt on the live code of (phone, purpose) if it has attempts left and has
 * not expired at `nowIso`: its id and HMAC, or null when no attempt was counted.
 */
export async function countAttempt(q: Queryable, phone: string, purpose: string, maxAttempts: number, nowIso: string): Promise<{ id: string; code_hmac: Buffer } | null> {
  const { rows } = await q.query<{ id: string; code_hmac: Buffer }>(
    `UPDATE otp_codes SET attempts = attempts + 1
      WHERE phone = $1 AND purpose = $2 AND consumed_at IS NULL AND replaced_at IS NULL
        AND attempts < $3 AND expires_at > $4
      RETURNING id, code_hmac`,
    [phone, purpose, maxAttempts, nowIso],
  );
  return rows[0] ?? null;
}

/** Uses a live code up at `nowIso`; false when it was used, replaced or expired already. */
export async function consumeCode(q: Queryable, id: string, nowIso: string): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE otp_codes SET consumed_at = $2
      WHERE id = $1 AND consumed_at IS NULL AND replaced_at IS NULL AND expires_at > $2
      RETURNING id`,
    [id, nowIso],
  );
  return rows.length > 0;
}

// --- captcha_spent ------------------------------------------------------------------------------

export async function deleteExpiredCaptchas(q: Queryable, nowIso: string): Promise<void> {
  await q.query('DELETE FROM captcha_spent WHERE expires_at < $1', [nowIso]);
}

/** Records a solved challenge's signature as spent; false when it was spent already. */
export async function spendCaptcha(q: Queryable, signature: string, expiresAtIso: string): Promise<boolean> {
  const { rows } = await q.query(
    `INSERT INTO captcha_spent (signature, expires_at) VALUES ($1, $2)
     ON CONFLICT (signature) DO NOTHING RETURNING signature`,
    [signature, expiresAtIso],
  );
  return rows.length > 0;
}

// --- sms_outbox ---------------------------------------------------------------------------------

export async function insertSmsOutbox(q: Queryable, m: { phone: string; purpose: string; body: string }): Promise<void> {
  await q.query('INSERT INTO sms_outbox (phone, purpose, body) VALUES ($1, $2, $3)', [m.phone, m.purpose, m.body]);
}

/** A message to a real gateway, queued in the sender's transaction (sms_messages); its id. */
export async function insertSmsMessage(q: Queryable, m: { phone: string; purpose: string; provider: string }): Promise<string> {
  const { rows } = await q.query<{ id: string }>('INSERT INTO sms_messages (phone, purpose, provider) VALUES ($1, $2, $3) RETURNING id::text', [m.phone, m.purpose, m.provider]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('sms_messages: no id returned');
  return id;
}

/** What the gateway answered after `attempts` POSTs: sent with its message id, or failed with the reason. */
export async function recordSmsOutcome(
  q: Queryable,
  id: string,
  attempts: number,
  outcome: { status: 'sent'; providerMessageId: string | null } | { status: 'failed'; error: string },
): Promise<void> {
  await q.query(
    `UPDATE sms_messages SET status = $2, provider_message_id = $3, error = $4, attempts = $5, updated_at = now() WHERE id = $1 AND status = 'queued'`,
    [id, outcome.status, outcome.status === 'sent' ? outcome.providerMessageId?.slice(0, 200) ?? null : null, outcome.status === 'failed' ? outcome.error.slice(0, 500) : null, attempts],
  );
}

/**
 * The gateway's final reports, in one statement: a sent message of `provider` with that gateway id
 * becomes delivered or undelivered; one already reported keeps its first report (a gateway repeats
 * itself, and a late "failed" must not undo "delivered"). Returns how many messages changed.
 */
export async function recordSmsReports(q: Queryable, provider: string, reports: readonly { providerMessageId: string; status: 'delivered' | 'undelivered'; word: string }[]): Promise<number> {
  if (reports.length === 0) return 0;
  const { rowCount } = await q.query(
    `UPDATE sms_messages m SET status = r.status, report_status = r.word, reported_at = now(), updated_at = now()
       FROM (SELECT DISTINCT ON (id) id, status, word
               FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS r(id, status, word, n)
              ORDER BY id, n) r
      WHERE m.provider = $1 AND m.provider_message_id = r.id AND m.status = 'sent'`,
    [provider, reports.map((r) => r.providerMessageId), reports.map((r) => r.status), reports.map((r) => r.word.slice(0, 40))],
  );
  return rowCount ?? 0;
}

/** Gateway messages of the last hour by status (the metrics' gauge). */
export async function smsMessagesLastHour(q: Queryable): Promise<Map<string, number>> {
  const { rows } = await q.query<{ status: string; n: string }>(
    `SELECT status, count(*) AS n FROM sms_messages WHERE created_at > now() - interval '1 hour' GROUP BY status`,
  );
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

export interface SmsOutboxRow {
  id: string;
  phone: string;
  purpose: string;
  body: string;
  created_at: Date;
  /** All rows of the outbox (a window count). */
  total: string;
}

/** The columns sms-outbox sorts by (ADR 0068): the only SQL a sort request chooses from. */
const SMS_OUTBOX_SORT_SQL: Readonly<Record<SmsOutboxSortKey, string>> = {
  createdAt: 'created_at',
  phone: 'phone',
  purpose: 'purpose',
};

/** Which messages of the outbox, and in what order. */
export interface SmsOutboxFilter {
  /** An ILIKE pattern (wildcards escaped) the phone must match, or null for every message. */
  pattern: string | null;
  /** The column to order by first (ADR 0068), or null for newest first only. */
  sort: SortRequest<SmsOutboxSortKey> | null;
}

/** A page of the outbox in the order asked for, then newest first (without one, newest first). */
export async function smsOutboxPage(q: Queryable, filter: SmsOutboxFilter, limit: number, offset: number): Promise<SmsOutboxRow[]> {
  const { rows } = await q.query<SmsOutboxRow>(
    `SELECT id, phone, purpose, body, created_at, count(*) OVER () AS total
       FROM sms_outbox WHERE ($3::text IS NULL OR phone ILIKE $3)
       ${orderByClause(SMS_OUTBOX_SORT_SQL, filter.sort, 'id DESC')} LIMIT $1 OFFSET $2`,
    [limit, offset, filter.pattern],
  );
  return rows;
}

/** The messages the filter matches (for a page past the end, which has no window count). */
export async function countSmsOutbox(q: Queryable, filter: Pick<SmsOutboxFilter, 'pattern'>): Promise<number> {
  return Number((await q.query<{ n: string }>('SELECT count(*) AS n FROM sms_outbox WHERE ($1::text IS NULL OR phone ILIKE $1)', [filter.pattern])).rows[0]?.n ?? 0);
}

// --- registrations ------------------------------------------------------------------------------

/** True when an account already has this phone (agents may also have set it on a player). */
export async function phoneInUse(q: Queryable, phone: string): Promise<boolean> {
  const { rows } = await q.query<{ used: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM users WHERE phone = $1) OR EXISTS (SELECT 1 FROM registrations WHERE phone = $1) AS used',
    [phone],
  );
  return rows[0]?.used === true;
}

/** Where a registration came from (the unique phone is the backstop: registrations_phone_key). */
export async function insertRegistration(
  q: Queryable,
  r: {
    userId: string;
    phone: string;
    ip: string | null;
    userAgent: string | null;
    device: string;
    location: string;
    acceptLanguage: string | null;
    clientNote: string | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO registrations (user_id, phone, ip, user_agent, device, location, accept_language, client_note)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [r.userId, r.phone, r.ip, r.userAgent, r.device, r.location, r.acceptLanguage, r.clientNote],
  );
}
