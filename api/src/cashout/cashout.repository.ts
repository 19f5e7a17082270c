/**
 * All SQL of cash out (ADR 0056): the player's positions on its match-odds and bookmaker markets
 * with each market's state and runners' best prices (the same columns place_runner_bet reads),
 * and the cash_outs record with a link row per hedge bet. The bets themselves are written by the
 * placement (betting).
 */
import type { Queryable } from '../db/database';

export interface CashOutMarketState {
  marketId: string;
  matchId: string;
  marketType: 'match_odds' | 'bookmaker';
  name: string;
  /** The status players see: open, suspended, closed, switched off (as the placement decides it). */
  status: string;
  /** The stored position (selection id → paise). */
  pnl: Record<string, number>;
  /** Active runners in order, best back and lay as quoted (hundredths / bookmaker rate in paise). */
  runners: Array<{ runnerId: string; back: number | null; lay: number | null }>;
}

const STATE_SELECT = `
  SELECT m.id AS "marketId", m.event_id AS "matchId", m.market_type AS "marketType", m.name,
         CASE WHEN NOT m.active THEN 'switched off'
              WHEN m.feed_status = 'closed' THEN 'closed'
              WHEN m.admin_suspended THEN 'suspended'
              WHEN m.bets_close_at IS NOT NULL AND clock_timestamp() >= m.bets_close_at THEN 'closed'
              WHEN EXISTS (SELECT 1 FROM settlements s WHERE s.market_id = m.id AND s.reversed_at IS NULL) THEN 'settled'
              ELSE m.feed_status END AS status,
         p.pnl,
         coalesce((SELECT json_agg(json_build_object('runnerId', r.selection_id, 'back', r.back_prices[1], 'lay', r.lay_prices[1])
                                   ORDER BY r.sort_order, r.selection_id)
                   FROM runners r WHERE r.market_id = m.id AND r.status = 'active'), '[]'::json) AS runners
  FROM positions p JOIN markets m ON m.id = p.market_id
  WHERE p.user_id = $1 AND p.status = 'open' AND m.market_type IN ('match_odds', 'bookmaker') AND m.number_of_winners = 1`;

/** The player's open positions on the match's cash-out markets, in the match's market order. */
export async function marketStatesOnMatch(q: Queryable, userId: string, matchId: string): Promise<CashOutMarketState[]> {
  const { rows } = await q.query<CashOutMarketState>(`${STATE_SELECT} AND m.event_id = $2 ORDER BY m.sort_order, m.id`, [userId, matchId]);
  return rows;
}

/** One market's state for the player, or null (no open position, or not a cash-out market). */
export async function marketState(q: Queryable, userId: string, marketId: string): Promise<CashOutMarketState | null> {
  const { rows } = await q.query<CashOutMarketState>(`${STATE_SELECT} AND m.id = $2`, [userId, marketId]);
  return rows[0] ?? null;
}

export interface StoredCashOut {
  id: string;
  requestHash: string;
  marketId: string;
  percent: number;
  valueMinor: bigint;
  betIds: string[];
}

export async function findCashOut(q: Queryable, userId: string, idempotencyKey: string): Promise<StoredCashOut | null> {
  const { rows } = await q.query<Omit<StoredCashOut, 'valueMinor'> & { valueMinor: string }>(
    `SELECT c.id, c.request_hash AS "requestHash", c.market_id AS "marketId", c.percent, c.value_minor::text AS "valueMinor",
            coalesce((SELECT array_agg(l.bet_id::text ORDER BY l.bet_id) FROM cash_out_bets l WHERE l.cash_out_id = c.id), '{}') AS "betIds"
     FROM cash_outs c WHERE c.user_id = $1 AND c.idempotency_key = $2`,
    [userId, idempotencyKey],
  );
  const row = rows[0];
  return row === undefined ? null : { ...row, valueMinor: BigInt(row.valueMinor) };
}

/** The record and its links, in the hedge's transaction. */
export async function insertCashOut(
  q: Queryable,
  c: { userId: string; idempotencyKey: string; requestHash: string; matchId: string; marketId: string; percent: number; valueMinor: bigint; betIds: string[] },
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `WITH c AS (
       INSERT INTO cash_outs (user_id, idempotency_key, request_hash, match_id, market_id, percent, value_minor)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id
     ), l AS (
       INSERT INTO cash_out_bets (bet_id, cash_out_id) SELECT b, c.id FROM c, unnest($8::uuid[]) AS b
     )
     SELECT id FROM c`,
    [c.userId, c.idempotencyKey, c.requestHash, c.matchId, c.marketId, c.percent, c.valueMinor.toString(), c.betIds],
  );
  return (rows[0] as { id: string }).id;
}

/** The wallet and the market's position now (a replay's answer). */
export async function walletAndPosition(
  q: Queryable,
  userId: string,
  marketId: string,
): Promise<{ balanceMinor: bigint; exposureMinor: bigint; pnl: Record<string, number> | null }> {
  const { rows } = await q.query<{ balance: string; exposure: string; pnl: Record<string, number> | null }>(
    `SELECT a.balance_minor::text AS balance, a.exposure_minor::text AS exposure,
            (SELECT p.pnl FROM positions p WHERE p.user_id = a.user_id AND p.market_id = $2) AS pnl
     FROM ledger_accounts a WHERE a.user_id = $1`,
    [userId, marketId],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`no wallet for user ${userId}`);
  return { balanceMinor: BigInt(row.balance), exposureMinor: BigInt(row.exposure), pnl: row.pnl };
}
