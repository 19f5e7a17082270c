/**
 * Consecutive failed logins per key (QUALITY T10: players 10 per username+IP, admin area 5 per
 * username), then a lock of 15 minutes; a success resets the key. Kept in memory: one
 * instance sees its own counts. With several instances this moves to Redis (DESIGN §2).
 */
import { MESSAGES } from '@backlay/shared/contracts';
import type { Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';

export interface ThrottleRule {
  maxFailures: number;
  lockMs: number;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSec: number };

interface KeyState {
  failures: number;
  lockedUntilMs: number;
  touchedMs: number;
}

export class LoginThrottle {
  private readonly keys = new Map<string, KeyState>();

  constructor(
    private readonly rule: ThrottleRule,
    private readonly clock: Clock,
    /** Bound on remembered keys; the least recently touched are forgotten first. */
    private readonly maxKeys = 100_000,
  ) {}

  /** Whether an attempt for `key` may proceed now. */
  check(key: string): ThrottleDecision {
    const state = this.keys.get(key);
    if (state === undefined || state.lockedUntilMs === 0) return { allowed: true };
    const now = this.clock.nowMs();
    if (state.lockedUntilMs > now) {
      return { allowed: false, retryAfterSec: Math.ceil((state.lockedUntilMs - now) / 1000) };
    }
    this.keys.delete(key);
    return { allowed: true };
  }

  /** Counts a failure; the failure that reaches the limit starts the lock. */
  recordFailure(key: string): void {
    const now = this.clock.nowMs();
    const state = this.keys.get(key) ?? { failures: 0, lockedUntilMs: 0, touchedMs: now };
    state.failures += 1;
    state.touchedMs = now;
    if (state.failures >= this.rule.maxFailures) state.lockedUntilMs = now + this.rule.lockMs;
    this.keys.delete(key);
    this.keys.set(key, state);
    this.evict();
  }

  /** A successful login clears the key. */
  reset(key: string): void {
    this.keys.delete(key);
  }

  /** Number of remembered keys (for tests and metrics). */
  get size(): number {
    return this.keys.size;
  }

  private evict(): void {
    // Map iteration follows insertion order and recordFailure re-inserts, so the first keys
    // are the least recently touched.
    for (const key of this.keys.keys()) {
      if (this.keys.size <= this.maxKeys) return;
      this.keys.delete(key);
    }
  }
}

/** The 429 of a throttled check: `Retry-After` in seconds, and the seconds in the body too. */
export function throttledError(retryAfterSec: number): DomainError {
  return new DomainError('RATE_LIMITED', MESSAGES.tooManyAttempts, { retryAfterSec }, undefined, {
    'retry-after': String(retryAfterSec),
  });
}
