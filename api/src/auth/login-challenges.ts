/**
 * Second-step challenges of a login with two-factor: the password was right, the code is still
 * due. Opaque random tokens, kept in memory by their SHA-256 (like the throttle, per instance),
 * alive TWO_FACTOR_CHALLENGE_TTL_SEC, used once: the session is issued only against a valid one.
 */
import type { Area } from '@backlay/shared/contracts';
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../common/clock';

export interface PendingLogin {
  userId: string;
  username: string;
  area: Area;
  expiresMs: number;
}

const hashOf = (challenge: string): string => createHash('sha256').update(challenge).digest('hex');

export class LoginChallenges {
  private readonly pending = new Map<string, PendingLogin>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxPending = 100_000,
  ) {}

  /** A new challenge for a user whose password was right; a previous one of the user stays valid until it expires. */
  create(login: Omit<PendingLogin, 'expiresMs'>): string {
    this.sweep();
    const challenge = randomBytes(32).toString('base64url');
    this.pending.set(hashOf(challenge), { ...login, expiresMs: this.clock.nowMs() + this.ttlMs });
    return challenge;
  }

  /** The pending login of a live challenge, or null (unknown, used or expired). */
  peek(challenge: string): PendingLogin | null {
    const key = hashOf(challenge);
    const found = this.pending.get(key);
    if (found === undefined) return null;
    if (found.expiresMs <= this.clock.nowMs()) {
      this.pending.delete(key);
      return null;
    }
    return found;
  }

  /** Uses a challenge up: it cannot issue a second session. */
  consume(challenge: string): void {
    this.pending.delete(hashOf(challenge));
  }

  private sweep(): void {
    const now = this.clock.nowMs();
    // Insertion order is expiry order (one lifetime for all): drop from the front while expired or full.
    for (const [key, login] of this.pending) {
      if (login.expiresMs > now && this.pending.size < this.maxPending) return;
      this.pending.delete(key);
    }
  }
}
