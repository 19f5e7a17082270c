/**
 * The demo seeder's own SQL (demo-seed.ts). Everything else it writes goes through its owners'
 * repositories (users, payments) and the ledger's service. The sports row's bet delay is the
 * catalog's table: this is the one write of it outside catalog/, kept beside the seeder that
 * alone makes it (a seed, to which no policy applies).
 */
import type { Queryable } from '../db/database';

/** Takes the transaction's advisory lock `lockId` until it ends (serialises concurrent seeds). */
export async function lockSeed(q: Queryable, lockId: number): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [lockId]);
}

/** Sets the bet delay of the sports still at the default 5 s that no admin has changed. */
export async function setUntouchedSportsBetDelay(q: Queryable, betDelaySec: number): Promise<void> {
  await q.query('UPDATE sports SET bet_delay_sec = $1 WHERE bet_delay_sec = 5 AND updated_by IS NULL', [betDelaySec]);
}
