/**
 * One-time codes sent by SMS (QUALITY T11, ADR 0017, ADR 0024): 6 digits from crypto.randomInt,
 * stored only as HMAC-SHA256(secret, purpose:phone:nonce:code), live 5 minutes, at most 5
 * verify attempts, single use; a resend waits 60 s and replaces the old code; at most 5 sends per
 * phone per hour, 10 per phone per day and 20 per IP address per hour. The code is never logged,
 * returned or put in an error: it leaves the process only in the SMS.
 *
 * The nonce is a random value returned to the browser that asked for the code and kept nowhere
 * in clear: the code is valid only together with it, so a code is bound to the send request
 * (someone who reads the SMS but did not make the request, or a script that guesses codes for a
 * phone it did not request, cannot use it). Rows older than the longest send window (a day) are
 * deleted as new codes are sent, so the table holds about a day of codes.
 *
 * Times come from the injected clock (tests move it), so they are passed to SQL, not now().
 */
import { REGISTER_MESSAGES } from '@backlay/shared/contracts';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import type { Logger } from '../common/logger';
import type { Database, Queryable } from '../db/database';
import type { SmsSender } from './sms/sms-sender';

export type OtpPurpose = 'register' | 'reset';

/** The rules of T11, in one place. */
export const OTP_RULES = {
  digits: 6,
  ttlMs: 5 * 60_000,
  maxAttempts: 5,
  resendCooldownMs: 60_000,
  maxPerPhonePerHour: 5,
  maxPerPhonePerDay: 10,
  maxPerIpPerHour: 20,
} as const;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Expired rows deleted per send (bounded work per request; sends outnumber expiries). */
const CLEANUP_BATCH = 100;

/** First key of the two-key advisory locks that serialise the sends of one phone and of one IP. */
const SEND_LOCK_CLASS = 72_810_025;

function rateLimited(message: string, retryAfterSec: number): DomainError {
  const seconds = String(Math.max(1, Math.ceil(retryAfterSec)));
  return new DomainError('RATE_LIMITED', message, { retryAfterSec: Number(seconds) }, undefined, { 'retry-after': seconds });
}

/** The phone with all but its last 3 digits hidden, for logs. */
export function maskPhone(phone: string): string {
  return `${'*'.repeat(Math.max(0, phone.length - 3))}${phone.slice(-3)}`;
}

export class OtpCodes {
  constructor(
    private readonly deps: { db: Database; clock: Clock; secret: string; sms: SmsSender; log: Logger },
  ) {}

  private hmac(purpose: OtpPurpose, phone: string, nonce: string, code: string): Buffer {
    return createHmac('sha256', this.deps.secret).update(`${purpose}:${phone}:${nonce}:${code}`).digest();
  }

  /**
   * Issues a new code for (phone, purpose) and queues its SMS, or refuses with 429. The answer is
   * the same whether or not an account uses the phone (nothing here looks at accounts). The
   * nonce goes back to the caller only: a verify needs it with the code.
   */
  async send(phone: string, purpose: OtpPurpose, ip: string | null): Promise<{ resendAfterSec: number; nonce: string }> {
    const { db, clock, sms } = this.deps;
    const now = clock.nowMs();
    const code = randomInt(0, 10 ** OTP_RULES.digits).toString().padStart(OTP_RULES.digits, '0');
    const nonce = randomBytes(18).toString('base64url');
    await db.transaction(async (tx) => {
      // Phone first, then address, always in this order: concurrent sends cannot deadlock.
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SEND_LOCK_CLASS, `phone:${phone}`]);
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SEND_LOCK_CLASS, `ip:${ip ?? '-'}`]);
      const { rows } = await tx.query<{ hour: string; day: string; last_ms: string | null; oldest_hour_ms: string | null; oldest_day_ms: string | null }>(
        `SELECT count(*) FILTER (WHERE created_at > $2::timestamptz - interval '1 hour') AS hour,
                count(*) AS day,
                (extract(epoch FROM max(created_at) FILTER (WHERE purpose = $3)) * 1000)::bigint AS last_ms,
                (extract(epoch FROM min(created_at) FILTER (WHERE created_at > $2::timestamptz - interval '1 hour')) * 1000)::bigint AS oldest_hour_ms,
                (extract(epoch FROM min(created_at)) * 1000)::bigint AS oldest_day_ms
           FROM otp_codes WHERE phone = $1 AND created_at > $2::timestamptz - interval '1 day'`,
        [phone, new Date(now).toISOString(), purpose],
      );
      const stats = rows[0];
      const lastMs = stats?.last_ms === null || stats?.last_ms === undefined ? null : Number(stats.last_ms);
      if (lastMs !== null && now - lastMs < OTP_RULES.resendCooldownMs) {
        throw rateLimited(REGISTER_MESSAGES.otpResendTooSoon, (lastMs + OTP_RULES.resendCooldownMs - now) / 1000);
      }
      if (Number(stats?.hour ?? 0) >= OTP_RULES.maxPerPhonePerHour) {
        throw rateLimited(REGISTER_MESSAGES.otpTooManyPhone, (Number(stats?.oldest_hour_ms ?? now) + HOUR_MS - now) / 1000);
      }
      if (Number(stats?.day ?? 0) >= OTP_RULES.maxPerPhonePerDay) {
        throw rateLimited(REGISTER_MESSAGES.otpTooManyPhone, (Number(stats?.oldest_day_ms ?? now) + DAY_MS - now) / 1000);
      }
      const byIp = await tx.query<{ n: string; oldest_ms: string | null }>(
        `SELECT count(*) AS n, (extract(epoch FROM min(created_at)) * 1000)::bigint AS oldest_ms
           FROM otp_codes WHERE ip IS NOT DISTINCT FROM $1 AND created_at > $2::timestamptz - interval '1 hour'`,
        [ip, new Date(now).toISOString()],
      );
      if (Number(byIp.rows[0]?.n ?? 0) >= OTP_RULES.maxPerIpPerHour) {
        throw rateLimited(REGISTER_MESSAGES.otpTooManyIp, (Number(byIp.rows[0]?.oldest_ms ?? now) + HOUR_MS - now) / 1000);
      }
      const at = new Date(now).toISOString();
      await tx.query(
        `UPDATE otp_codes SET replaced_at = $3
          WHERE phone = $1 AND purpose = $2 AND consumed_at IS NULL AND replaced_at IS NULL`,
        [phone, purpose, at],
      );
      await tx.query(
        `INSERT INTO otp_codes (phone, purpose, code_hmac, ip, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [phone, purpose, this.hmac(purpose, phone, nonce, code), ip, at, new Date(now + OTP_RULES.ttlMs).toISOString()],
      );
      // Past every window (the longest is a day), a row counts for nothing: delete a batch.
      await tx.query(
        `DELETE FROM otp_codes WHERE id IN (
           SELECT id FROM otp_codes WHERE created_at <= $1::timestamptz - interval '1 day' LIMIT ${CLEANUP_BATCH})`,
        [at],
      );
      await sms.send(tx, {
        phone,
        purpose,
        body: `${code} is your Backlay verification code. It expires in 5 minutes. Never share it with anyone.`,
      });
    });
    this.deps.log.info({ event: 'otp_sent', purpose, phone: maskPhone(phone), ip }, 'otp sent');
    return { resendAfterSec: OTP_RULES.resendCooldownMs / 1000, nonce };
  }

  /**
   * One verify attempt: counts it first (a conditional UPDATE, committed on its own, so concurrent
   * guesses are counted exactly and a 6th is never evaluated), then compares in constant time.
   * A wrong nonce counts as a wrong code. Returns the code's id on a match (consume it in the
   * transaction that uses it), else throws.
   */
  async attempt(phone: string, purpose: OtpPurpose, nonce: string, code: string): Promise<string> {
    const { rows } = await this.deps.db.query<{ id: string; code_hmac: Buffer }>(
      `UPDATE otp_codes SET attempts = attempts + 1
        WHERE phone = $1 AND purpose = $2 AND consumed_at IS NULL AND replaced_at IS NULL
          AND attempts < $3 AND expires_at > $4
        RETURNING id, code_hmac`,
      [phone, purpose, OTP_RULES.maxAttempts, new Date(this.deps.clock.nowMs()).toISOString()],
    );
    const row = rows[0];
    const ok = row !== undefined && timingSafeEqual(row.code_hmac, this.hmac(purpose, phone, nonce, code));
    this.deps.log.info({ event: 'otp_checked', purpose, phone: maskPhone(phone), evaluated: row !== undefined, ok }, 'otp checked');
    if (!ok) throw new DomainError('VALIDATION', REGISTER_MESSAGES.otpInvalid);
    return row.id;
  }

  /** Uses a matched code up, in the caller's transaction; a second use (a replay, a race) fails. */
  async consume(q: Queryable, id: string): Promise<void> {
    const { rows } = await q.query(
      `UPDATE otp_codes SET consumed_at = $2
        WHERE id = $1 AND consumed_at IS NULL AND replaced_at IS NULL AND expires_at > $2
        RETURNING id`,
      [id, new Date(this.deps.clock.nowMs()).toISOString()],
    );
    if (rows.length === 0) throw new DomainError('VALIDATION', REGISTER_MESSAGES.otpInvalid);
  }
}
