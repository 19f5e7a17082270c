/**
 * Consecutive failed secret checks per key (docs/rules/test-plan.md T10: players 10 per username+IP, admin area 5
 * per username; the same rules per account for second factors, transaction passwords and
 * re-entered passwords), then a lock of 15 minutes; a success resets the key. The counts and
 * locks live in the cluster's shared store (ADR 0022): with several instances, failures sent to
 * different instances add up to the same lock. A failure count is forgotten a day after its last
 * failure.
 *
 * An attempt holds a place before its secret is evaluated (ADR 0030): the failures so far and
 * the places held by attempts still being evaluated together never pass the limit, so guesses
 * sent at once, to one instance or several, evaluate at most the limit. An attempt beyond it
 * waits, unevaluated, for the verdicts in flight: failures lock the key (it is refused), a right
 * secret resets it (it takes its turn).
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@backlay/shared/contracts';
import type { SharedStore } from '../cluster/shared-store';
import type { Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';

export interface ThrottleRule {
  maxFailures: number;
  lockMs: number;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSec: number };

/** An admitted attempt holds a place (its member) among those in flight; a refused one, the wait. */
type Reservation = { allowed: true; member: string } | { allowed: false; retryAfterSec: number };

/** What `attempt` gives back: the secret's verdict, or the refusal that kept it from being evaluated. */
export type AttemptOutcome = { kind: 'right' } | { kind: 'wrong' } | { kind: 'refused'; retryAfterSec: number };

/** How long a failure count is kept after its last failure. */
export const FAILURES_KEPT_MS = 24 * 60 * 60_000;

/**
 * How long an attempt's place among those in flight lasts unless given back: an evaluation (one
 * argon2 run or a code check) takes milliseconds, so only the places of a process that died
 * mid-evaluation (a kill -9) live this long.
 */
export const IN_FLIGHT_MS = 5_000;

/** How long an attempt beyond the limit waits for the verdicts in flight before a 429 (real time). */
export const PLACE_WAIT_MS = 6_000;

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

  private inFlightKey(key: string): string {
    return `throttle:${this.name}:in-flight:${key}`;
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
   * Takes a place for an attempt on `key` before its secret is evaluated: admitted while the
   * failures so far plus the places held (its own included: one atomic step of the store) are
   * within the limit. Beyond it, the place is given back and the attempt waits (5 ms doubling to
   * 80 ms between looks) for the verdicts in flight: their failures start the lock, and it is
   * refused; a right secret among them resets the count, and it takes its turn. So the same
   * right secret sent many times at once (an agent's parallel actions, two tabs) is admitted in
   * turns, and a burst of guesses evaluates the limit and no more.
   */
  private async reserve(key: string): Promise<Reservation> {
    const member = randomUUID();
    const giveUpAt = performance.now() + PLACE_WAIT_MS;
    for (let pauseMs = 5; ; pauseMs = Math.min(pauseMs * 2, 80)) {
      // While locked nothing is counted: the count starts afresh when the lock ends.
      const before = await this.check(key);
      if (!before.allowed) return before;
      const held = await this.store.hold(this.inFlightKey(key), member, IN_FLIGHT_MS);
      const failures = Number((await this.store.get(this.failuresKey(key))) ?? '0');
      // A lock that started since the first look may have cleared the count just read.
      const after = await this.check(key);
      if (!after.allowed) {
        await this.store.unhold(this.inFlightKey(key), member);
        return after;
      }
      if (failures + held <= this.rule.maxFailures) return { allowed: true, member };
      await this.store.unhold(this.inFlightKey(key), member);
      if (performance.now() >= giveUpAt) return { allowed: false, retryAfterSec: 1 };
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
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
      await this.failed(key, reservation.member);
      throw error;
    }
    if (right) {
      await this.reset(key);
      await this.store.unhold(this.inFlightKey(key), reservation.member);
      return { kind: 'right' };
    }
    await this.failed(key, reservation.member);
    return { kind: 'wrong' };
  }

  /**
   * A wrong secret: counted before its place is given back (so a look between the two counts it
   * twice, never not at all); the failure that reaches the limit starts the lock.
   */
  private async failed(key: string, member: string): Promise<void> {
    const failures = await this.store.increment(this.failuresKey(key), FAILURES_KEPT_MS);
    await this.store.unhold(this.inFlightKey(key), member);
    if (failures >= this.rule.maxFailures) await this.lock(key);
  }

  /** A right secret clears the key: its failures and any lock. */
  private async reset(key: string): Promise<void> {
    await Promise.all([this.store.delete(this.failuresKey(key)), this.store.delete(this.lockKey(key))]);
  }

  /** Starts the lock, then clears the count (in this order: a reservation that sees no count sees the lock). */
  private async lock(key: string): Promise<void> {
    await this.store.set(this.lockKey(key), String(this.clock.nowMs() + this.rule.lockMs), this.rule.lockMs);
    await this.store.delete(this.failuresKey(key));
  }
}

/** The 429 of a throttled check: `Retry-After` in seconds, and the seconds in the body too. */
export function throttledError(retryAfterSec: number): DomainError {
  return new DomainError('RATE_LIMITED', MESSAGES.tooManyAttempts, { retryAfterSec }, undefined, {
    'retry-after': String(retryAfterSec),
  });
}
