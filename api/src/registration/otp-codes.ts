/**
 * One-time codes sent by SMS (docs/rules/test-plan.md T11, ADR 0017, ADR 0024): 6 digits from crypto.randomInt,
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
import * as repo from './registration.repository';
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
      await repo.lockSendKey(tx, SEND_LOCK_CLASS, `phone:${phone}`);
      await repo.lockSendKey(tx, SEND_LOCK_CLASS, `ip:${ip ?? '-'}`);
      const stats = await repo.phoneSendStats(tx, phone, new Date(now).toISOString(), purpose);
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
      const byIp = await repo.ipSendStats(tx, ip, new Date(now).toISOString());
      if (Number(byIp?.n ?? 0) >= OTP_RULES.maxPerIpPerHour) {
        throw rateLimited(REGISTER_MESSAGES.otpTooManyIp, (Number(byIp?.oldest_ms ?? now) + HOUR_MS - now) / 1000);
      }
      const at = new Date(now).toISOString();
      await repo.replaceLiveCodes(tx, phone, purpose, at);
      await repo.insertCode(tx, {
        phone,
        purpose,
        codeHmac: this.hmac(purpose, phone, nonce, code),
        ip,
        createdAtIso: at,
        expiresAtIso: new Date(now + OTP_RULES.ttlMs).toISOString(),
      });
      // Past every window (the longest is a day), a row counts for nothing: delete a batch.
      await repo.deleteDayOldCodes(tx, at);
      await sms.send(tx, {
        phone,
        purpose,
        body: `${code} is your Backlay verification code. It expires in 5 minutes. Never share it with anyone.`,
        code,
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
    const row = await repo.countAttempt(this.deps.db, phone, purpose, OTP_RULES.maxAttempts, new Date(this.deps.clock.nowMs()).toISOString());
    const ok = row !== null && timingSafeEqual(row.code_hmac, this.hmac(purpose, phone, nonce, code));
    this.deps.log.info({ event: 'otp_checked', purpose, phone: maskPhone(phone), evaluated: row !== null, ok }, 'otp checked');
    if (!ok) throw new DomainError('VALIDATION', REGISTER_MESSAGES.otpInvalid);
    return row.id;
  }

  /** Uses a matched code up, in the caller's transaction; a second use (a replay, a race) fails. */
  async consume(q: Queryable, id: string): Promise<void> {
    if (!(await repo.consumeCode(q, id, new Date(this.deps.clock.nowMs()).toISOString()))) throw new DomainError('VALIDATION', REGISTER_MESSAGES.otpInvalid);
  }
}
