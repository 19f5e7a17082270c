/**
 * The self-hosted proof-of-work captcha (docs/rules/product.md §10, ADR 0017), in the ALTCHA format: the server
 * picks a secret number n in [0, maxnumber] and a salt carrying an expiry, and publishes
 * challenge = SHA-256(salt + n) with an HMAC signature of it. The browser finds n by trying
 * numbers with Web Crypto (about maxnumber / 2 hashes); the server checks the signature, the
 * expiry and the hash, and accepts each solved challenge once. No third party is called.
 */
import { REGISTER_MESSAGES, type CaptchaChallenge, type CaptchaSolution } from '@backlay/shared/contracts';
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import { deleteExpiredCaptchas, spendCaptcha } from './registration.repository';

/** How long a challenge may be solved and used. */
export const CAPTCHA_TTL_SEC = 10 * 60;

const HEX64 = /^[0-9a-f]{64}$/;
const SALT = /^[0-9a-f]{24}\?expires=([0-9]{1,12})$/;

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Finds the number of a challenge by brute force, as the browser does (tests, scripts). */
export function solveCaptcha(challenge: CaptchaChallenge): CaptchaSolution | null {
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    if (sha256Hex(challenge.salt + String(number)) === challenge.challenge) {
      return { algorithm: 'SHA-256', challenge: challenge.challenge, number, salt: challenge.salt, signature: challenge.signature };
    }
  }
  return null;
}

/** The `captcha` field of user-register: base64 of the solution's JSON. */
export function encodeCaptcha(solution: CaptchaSolution): string {
  return Buffer.from(JSON.stringify(solution), 'utf8').toString('base64');
}

function refused(): DomainError {
  return new DomainError('VALIDATION', REGISTER_MESSAGES.captchaInvalid);
}

/** The solution inside a `captcha` field, or null when it is not one. */
function parseSolution(field: string): CaptchaSolution | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(field, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (v.algorithm !== 'SHA-256') return null;
  if (typeof v.challenge !== 'string' || !HEX64.test(v.challenge)) return null;
  if (typeof v.signature !== 'string' || !HEX64.test(v.signature)) return null;
  if (typeof v.salt !== 'string' || !SALT.test(v.salt)) return null;
  if (typeof v.number !== 'number' || !Number.isSafeInteger(v.number) || v.number < 0) return null;
  return { algorithm: 'SHA-256', challenge: v.challenge, number: v.number, salt: v.salt, signature: v.signature };
}

export class Captcha {
  private readonly key: Buffer;

  constructor(private readonly deps: { db: Database; clock: Clock; secret: string; maxNumber: number }) {
    // A key of its own, derived from the OTP secret: a captcha signature can never be an OTP hash.
    this.key = createHmac('sha256', deps.secret).update('backlay captcha signing key v1').digest();
  }

  private sign(challenge: string): string {
    return createHmac('sha256', this.key).update(challenge).digest('hex');
  }

  /** GET /api/captcha-challenge. */
  challenge(): CaptchaChallenge {
    const expires = Math.floor(this.deps.clock.nowMs() / 1000) + CAPTCHA_TTL_SEC;
    const salt = `${randomBytes(12).toString('hex')}?expires=${expires}`;
    const challenge = sha256Hex(salt + String(randomInt(0, this.deps.maxNumber + 1)));
    return { algorithm: 'SHA-256', challenge, salt, maxnumber: this.deps.maxNumber, signature: this.sign(challenge) };
  }

  /** Checks a solved challenge and spends it (each is accepted once), else throws a 400. */
  async verifyAndSpend(field: string): Promise<void> {
    if (field.length === 0) throw new DomainError('VALIDATION', REGISTER_MESSAGES.captchaRequired);
    const solution = parseSolution(field);
    if (solution === null) throw refused();
    const expires = Number(SALT.exec(solution.salt)?.[1] ?? 0);
    const nowMs = this.deps.clock.nowMs();
    if (expires * 1000 <= nowMs) throw refused();
    if (!timingSafeEqual(Buffer.from(this.sign(solution.challenge), 'hex'), Buffer.from(solution.signature, 'hex'))) throw refused();
    if (sha256Hex(solution.salt + String(solution.number)) !== solution.challenge) throw refused();
    const now = new Date(nowMs).toISOString();
    await deleteExpiredCaptchas(this.deps.db, now);
    if (!(await spendCaptcha(this.deps.db, solution.signature, new Date(expires * 1000).toISOString()))) throw refused();
  }
}
