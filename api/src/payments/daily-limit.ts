/**
 * Per-user limits over a rolling 24 hours (docs/rules/test-plan.md T12): add-bank-account / add-upi and deposit /
 * withdraw requests. The rows themselves are the counter: the caller counts them in the
 * transaction that inserts the next one, under the user's advisory lock, so two requests at once
 * cannot both take the last place. "Now" is the injected clock, the rows' times the database's.
 */
import { DomainError } from '../common/domain-error';
import type { WindowCount } from './payments.repository';

export const DAY_MS = 24 * 60 * 60_000;

/** The start of the window that ends at `nowMs`. */
export function windowStart(nowMs: number): Date {
  return new Date(nowMs - DAY_MS);
}

/**
 * Throws 429 RATE_LIMITED with Retry-After (seconds until the oldest row of the window leaves it)
 * when `window.n` already reached `perDay`.
 */
export function assertUnderDailyLimit(window: WindowCount, perDay: number, nowMs: number, message: string): void {
  if (window.n < perDay) return;
  const freeAtMs = (window.oldestMs ?? nowMs) + DAY_MS;
  // Clamped to the window: the rows' times come from the database clock, which may run ahead of ours.
  const seconds = Math.min(DAY_MS / 1000, Math.max(1, Math.ceil((freeAtMs - nowMs) / 1000)));
  throw new DomainError('RATE_LIMITED', message, { retryAfterSec: seconds }, undefined, { 'retry-after': String(seconds) });
}
