/**
 * SQL of the reconciliation with the providers (reconciliation.ts; migration 0028): our side of a
 * provider's transactions on a UTC date, and the recorded runs (casino_int_reconciliations).
 */
import type { CasinoIntMismatch, CasinoIntReconciliationRun, CasinoIntTxType } from '@backlay/shared/contracts';
import type { Queryable } from '../db/database';

/** One of our money transactions as the report lists it. */
export interface OurTx {
  transactionId: string;
  refTransactionId: string | null;
  type: CasinoIntTxType;
  roundId: string;
  username: string;
  gameCode: string;
  amountMinor: string;
  createdAt: string;
}

/** Our money transactions of a provider on a UTC date (tombstones move nothing and are left out). */
export async function transactionsOfDay(q: Queryable, providerId: string, date: string): Promise<OurTx[]> {
  const { rows } = await q.query<OurTx>(
    `SELECT t.transaction_id AS "transactionId", t.ref_transaction_id AS "refTransactionId", t.type, t.round_id AS "roundId",
            u.username, t.game_code AS "gameCode", t.amount_minor::text AS "amountMinor",
            to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
     FROM casino_int_transactions t JOIN users u ON u.id = t.user_id
     WHERE t.provider_id = $1 AND t.type <> 'tombstone'
       AND t.created_at >= $2::date AT TIME ZONE 'UTC' AND t.created_at < ($2::date + 1) AT TIME ZONE 'UTC'
     ORDER BY t.id`,
    [providerId, date],
  );
  return rows;
}

/** The recorded run of a provider's date, if any. */
export async function findRun(q: Queryable, providerId: string, date: string): Promise<CasinoIntReconciliationRun | null> {
  const { rows } = await q.query<{ status: CasinoIntReconciliationRun['status']; error: string | null; ranAt: string; theirCount: number; mismatches: CasinoIntMismatch[] }>(
    `SELECT status, error, to_char(ran_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "ranAt", their_count AS "theirCount", mismatches
     FROM casino_int_reconciliations WHERE provider_id = $1 AND day = $2::date`,
    [providerId, date],
  );
  return rows[0] ?? null;
}

/** Records (or replaces) the run of a provider's date; its time, as ISO text. */
export async function saveRun(q: Queryable, providerId: string, date: string, run: Omit<CasinoIntReconciliationRun, 'ranAt'>): Promise<string> {
  const { rows } = await q.query<{ ranAt: string }>(
    `INSERT INTO casino_int_reconciliations (provider_id, day, status, error, their_count, mismatches, ran_at)
     VALUES ($1, $2::date, $3, $4, $5, $6::jsonb, now())
     ON CONFLICT (provider_id, day) DO UPDATE SET status = EXCLUDED.status, error = EXCLUDED.error,
       their_count = EXCLUDED.their_count, mismatches = EXCLUDED.mismatches, ran_at = EXCLUDED.ran_at
     RETURNING to_char(ran_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "ranAt"`,
    [providerId, date, run.status, run.error, run.theirCount, JSON.stringify(run.mismatches)],
  );
  return rows[0]?.ranAt ?? '';
}

/** The seamless providers whose `date` has no successful run yet. */
export async function providersWithoutRun(q: Queryable, date: string): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT p.id FROM casino_int_providers p
     WHERE p.seamless AND NOT EXISTS (SELECT 1 FROM casino_int_reconciliations r WHERE r.provider_id = p.id AND r.day = $1::date AND r.status <> 'failed')
     ORDER BY p.id`,
    [date],
  );
  return rows.map((r) => r.id);
}
