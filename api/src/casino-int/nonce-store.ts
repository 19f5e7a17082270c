/**
 * The replay cache of CW-1 nonces (docs/rules/casino-wallet.md: keep nonces 10 min). Behind a small interface
 * so the store can move (e.g. to Redis) without touching the wallet; today it is a PostgreSQL
 * table with a primary key on (provider, nonce), which every API instance shares (ADR 0020).
 */
import type { Queryable } from '../db/database';
import { claimNonce, purgeExpiredNonces } from './nonce.repository';

export interface NonceStore {
  /** Records the nonce; false when it was already seen within its time to live (a replay). */
  claim(providerId: string, nonce: string, ttlMs: number): Promise<boolean>;
  /** Forgets expired nonces (the reconciliation job calls it). */
  purge(): Promise<number>;
}

/** The table casino_int_nonces (migration 0028): the insert under the primary key is the check. */
export class DbNonceStore implements NonceStore {
  constructor(private readonly db: Queryable) {}

  async claim(providerId: string, nonce: string, ttlMs: number): Promise<boolean> {
    // An expired row of the same nonce is taken over (its window has passed), a live one is a replay.
    return claimNonce(this.db, providerId, nonce, ttlMs);
  }

  async purge(): Promise<number> {
    return purgeExpiredNonces(this.db);
  }
}
