/**
 * The replay cache of CW-1 nonces (CASINO.md §3.2: keep nonces 10 min). Behind a small interface
 * so the store can move (e.g. to Redis) without touching the wallet; today it is a PostgreSQL
 * table with a primary key on (provider, nonce), which every API instance shares (ADR 0020).
 */
import type { Queryable } from '../db/database';

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
    const { rowCount } = await this.db.query(
      `INSERT INTO casino_int_nonces (provider_id, nonce, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))
       ON CONFLICT (provider_id, nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at
         WHERE casino_int_nonces.expires_at < now()`,
      [providerId, nonce.toLowerCase(), ttlMs],
    );
    return rowCount === 1;
  }

  async purge(): Promise<number> {
    const { rowCount } = await this.db.query('DELETE FROM casino_int_nonces WHERE expires_at < now()', []);
    return rowCount ?? 0;
  }
}
