/**
 * Consecutive failed secret checks per key (QUALITY T10: players 10 per username+IP, admin area 5
 * per username; the same rules per account for second factors, transaction passwords and
 * re-entered passwords), then a lock of 15 minutes; a success resets the key. The counts and
 * locks live in the cluster's shared store (ADR 0022): with several instances, failures sent to
 * different instances add up to the same lock. A failure count is forgotten a day after its last
 * failure.
 *
 * An attempt is reserved before its secret is evaluated (ADR 0030): one atomic increment of the
 * key's count gives it its place, and a place beyond the limit is refused without evaluating
 * anything. So guesses sent at once, to one instance or several, evaluate at most the limit; a
 * right secret releases the reservation (the key resets), a wrong one keeps it counted.
 */
import { MESSAGES } from '@backlay/shared/contracts';
import type { SharedStore } from '../cluster/shared-store';
import type { Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';

export interface ThrottleRule {
  maxFailures: number;
  lockMs: number;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSec: number };

/** An admitted attempt holds its place in the count (1 … maxFailures); a refused one, the wait. */
export type Reservation = { allowed: true; place: number } | { allowed: false; retryAfterSec: number };

/** What `attempt` gives back: the secret's verdict, or the refusal that kept it from being evaluated. */
export type AttemptOutcome = { kind: 'right' } | { kind: 'wrong' } | { kind: 'refused'; retryAfterSec: number };

/** How long an attempt beyond the limit waits for the verdicts of the attempts in flight (real time). */
export const PLACE_WAIT_MS = 5_000;

/** How long a failure count is kept after its last failure. */
export const FAILURES_KEPT_MS = 24 * 60 * 60_000;

export class LoginThrottle {
  constructor(
    private readonly rule: ThrottleRule,
    private readonly clock: Clock,
    private readonly store: SharedStore,
    /** Separates the throttles that share a store (player and admin logins, transaction passwords). */
    private readonly name: string,
  ) {}

  private failuresKey(key: string): string {
    return `throttle:${this.name}:failures:${key}`;
  }

  private lockKey(key: string): string {
    return `throttle:${this.name}:lock:${key}`;
  }

  /** Whether `key` is locked now (read only: it reserves nothing). */
  async check(key: string): Promise<ThrottleDecision> {
    const stored = await this.store.get(this.lockKey(key));
    if (stored === null) return { allowed: true };
    // The lock's end is the value, on our clock (the store's TTL only frees the entry).
    const lockedUntilMs = Number(stored);
    const now = this.clock.nowMs();
    if (lockedUntilMs > now) return { allowed: false, retryAfterSec: Math.ceil((lockedUntilMs - now) / 1000) };
    return { allowed: true };
  }

  /**
   * Reserves an attempt for `key` before its secret is evaluated. The count is of attempts not
   * yet succeeded (failures and attempts still being evaluated), so of any number at once at most
   * `maxFailures` are evaluated. An attempt beyond the limit gives its place back and waits for
   * the verdicts of those in flight: their failures lock the key (it is refused), a right secret
   * among them clears the count (it takes a place). So a burst of guesses evaluates the limit and
   * no more, while the same right secret sent several times at once (two tabs, an agent's
   * parallel actions) is admitted in turns. An attempt that waited `PLACE_WAIT_MS` in vain (the
   * count full of failures with no lock, which only concurrent right and wrong secrets leave)
   * starts the lock.
   */
  private async reserve(key: string): Promise<Reservation> {
    const giveUpAt = performance.now() + PLACE_WAIT_MS;
    for (let pauseMs = 5; ; pauseMs = Math.min(pauseMs * 2, 80)) {
      // While locked nothing is counted: the count starts afresh when the lock ends.
      const before = await this.check(key);
      if (!before.allowed) return before;
      const place = await this.store.increment(this.failuresKey(key), FAILURES_KEPT_MS);
      // A lock that started since the first look cleared the count this place was taken from.
      const after = await this.check(key);
      if (!after.allowed) {
        await this.store.release(this.failuresKey(key));
        return after;
      }
      if (place <= this.rule.maxFailures) return { allowed: true, place };
      await this.store.release(this.failuresKey(key));
      if (performance.now() >= giveUpAt) return { allowed: false, retryAfterSec: await this.lock(key) };
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }

  /**
   * A wrong secret: its place stays counted; the place that reaches the limit starts the lock,
   * unless the count was cleared meanwhile (a right secret among the attempts, or a lock already).
   */
  private async failed(key: string, reservation: { place: number }): Promise<void> {
    if (reservation.place < this.rule.maxFailures) return;
    const count = Number((await this.store.get(this.failuresKey(key))) ?? '0');
    if (count >= this.rule.maxFailures) await this.lock(key);
  }

  /**
   * Reserves an attempt, evaluates the secret only when admitted, and records the verdict. A
   * throw from `evaluate` counts as a wrong secret (the attempt was used) and is rethrown.
   */
  async attempt(key: string, evaluate: () => Promise<boolean>): Promise<AttemptOutcome> {
    const reservation = await this.reserve(key);
    if (!reservation.allowed) return { kind: 'refused', retryAfterSec: reservation.retryAfterSec };
    let right: boolean;
    try {
      right = await evaluate();
    } catch (error) {
      await this.failed(key, reservation);
      throw error;
    }
    if (right) {
      await this.reset(key);
      return { kind: 'right' };
    }
    await this.failed(key, reservation);
    return { kind: 'wrong' };
  }

  /** A right secret clears the key: its count (the reservations with it) and any lock. */
  private async reset(key: string): Promise<void> {
    await Promise.all([this.store.delete(this.failuresKey(key)), this.store.delete(this.lockKey(key))]);
  }

  /** Starts the lock, then clears the count (in this order: a reservation that sees no count sees the lock); its seconds. */
  private async lock(key: string): Promise<number> {
    await this.store.set(this.lockKey(key), String(this.clock.nowMs() + this.rule.lockMs), this.rule.lockMs);
    await this.store.delete(this.failuresKey(key));
    return Math.ceil(this.rule.lockMs / 1000);
  }
}

/** The 429 of a throttled check: `Retry-After` in seconds, and the seconds in the body too. */
export function throttledError(retryAfterSec: number): DomainError {
  return new DomainError('RATE_LIMITED', MESSAGES.tooManyAttempts, { retryAfterSec }, undefined, {
    'retry-after': String(retryAfterSec),
  });
}
