/**
 * Second-step challenges of a login with two-factor: the password was right, the code is still
 * due. Opaque random tokens, kept by their SHA-256 in the cluster's shared store (ADR 0022: the
 * second step may reach another instance than the first), alive TWO_FACTOR_CHALLENGE_TTL_SEC,
 * used once: the session is issued only against a challenge that consume() took.
 */
import type { Area } from '@backlay/shared/contracts';
import { createHash, randomBytes } from 'node:crypto';
import type { SharedStore } from '../cluster/shared-store';
import type { Clock } from '../common/clock';

export interface PendingLogin {
  userId: string;
  username: string;
  area: Area;
  /** The site the password step was on: the second step counts only there. */
  siteId: string;
  expiresMs: number;
}

const keyOf = (challenge: string): string => `login-challenge:${createHash('sha256').update(challenge).digest('hex')}`;

export class LoginChallenges {
  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly store: SharedStore,
  ) {}

  /** A new challenge for a user whose password was right; a previous one of the user stays valid until it expires. */
  async create(login: Omit<PendingLogin, 'expiresMs'>): Promise<string> {
    const challenge = randomBytes(32).toString('base64url');
    const pending: PendingLogin = { ...login, expiresMs: this.clock.nowMs() + this.ttlMs };
    await this.store.set(keyOf(challenge), JSON.stringify(pending), this.ttlMs);
    return challenge;
  }

  /** The pending login of a live challenge, or null (unknown, used or expired). */
  async peek(challenge: string): Promise<PendingLogin | null> {
    return this.live(await this.store.get(keyOf(challenge)));
  }

  /** Uses a challenge up; false when it was already used or expired (another request took it first). */
  async consume(challenge: string): Promise<boolean> {
    return this.live(await this.store.take(keyOf(challenge))) !== null;
  }

  private live(stored: string | null): PendingLogin | null {
    if (stored === null) return null;
    const pending = JSON.parse(stored) as PendingLogin;
    return pending.expiresMs > this.clock.nowMs() ? pending : null;
  }
}
