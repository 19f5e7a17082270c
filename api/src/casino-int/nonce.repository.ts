/** SQL of the CW-1 nonce replay cache: the table casino_int_nonces (migration 0028). */
import type { Queryable } from '../db/database';

/**
 * Records the nonce for `ttlMs`; false when a live row of it exists (a replay). An expired row of
 * the same nonce is taken over (its window has passed). The nonce is compared in lower case.
 */
export async function claimNonce(q: Queryable, providerId: string, nonce: string, ttlMs: number): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO casino_int_nonces (provider_id, nonce, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))
     ON CONFLICT (provider_id, nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at
       WHERE casino_int_nonces.expires_at < now()`,
    [providerId, nonce.toLowerCase(), ttlMs],
  );
  return rowCount === 1;
}

/** Deletes the expired nonces; how many. */
export async function purgeExpiredNonces(q: Queryable): Promise<number> {
  const { rowCount } = await q.query('DELETE FROM casino_int_nonces WHERE expires_at < now()', []);
  return rowCount ?? 0;
}
