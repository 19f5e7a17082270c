/**
 * Consecutive failed logins per key (QUALITY T10: players 10 per username+IP, admin area 5 per
 * username), then a lock of 15 minutes; a success resets the key. The counts and locks live in
 * the cluster's shared store (ADR 0022): with several instances, failures sent to different
 * instances add up to the same lock. A failure count is forgotten a day after its last failure.
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

  /** Whether an attempt for `key` may proceed now. */
  async check(key: string): Promise<ThrottleDecision> {
    const stored = await this.store.get(this.lockKey(key));
    if (stored === null) return { allowed: true };
    // The lock's end is the value, on our clock (the store's TTL only frees the entry).
    const lockedUntilMs = Number(stored);
    const now = this.clock.nowMs();
    if (lockedUntilMs > now) return { allowed: false, retryAfterSec: Math.ceil((lockedUntilMs - now) / 1000) };
    await this.store.delete(this.lockKey(key));
    return { allowed: true };
  }

  /** Counts a failure; the failure that reaches the limit starts the lock (and clears the count). */
  async recordFailure(key: string): Promise<void> {
    const failures = await this.store.increment(this.failuresKey(key), FAILURES_KEPT_MS);
    if (failures < this.rule.maxFailures) return;
    await this.store.set(this.lockKey(key), String(this.clock.nowMs() + this.rule.lockMs), this.rule.lockMs);
    await this.store.delete(this.failuresKey(key));
  }

  /** A successful login clears the key. */
  async reset(key: string): Promise<void> {
    await Promise.all([this.store.delete(this.failuresKey(key)), this.store.delete(this.lockKey(key))]);
  }
}

/** The 429 of a throttled check: `Retry-After` in seconds, and the seconds in the body too. */
export function throttledError(retryAfterSec: number): DomainError {
  return new DomainError('RATE_LIMITED', MESSAGES.tooManyAttempts, { retryAfterSec }, undefined, {
    'retry-after': String(retryAfterSec),
  });
}
