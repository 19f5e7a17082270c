/** All SQL of bet placement: the one-call `place_bet` function, the lock check, the bet list. */
import type { Queryable } from '../db/database';

export type PlaceOutcome = 'ACCEPTED' | 'REPLAY' | 'IDEMPOTENCY_MISMATCH' | 'MARKET_SUSPENDED' | 'INSUFFICIENT_FUNDS';

export interface PlaceBetCall {
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  matchId: string;
  marketId: string;
  selectionId: string;
  side: 'BACK' | 'LAY';
  oddsHundredths: number;
  priceShown: number;
  stakeMinor: bigint;
  runnerIds: string[];
}

export interface PlaceBetResult {
  outcome: PlaceOutcome;
  betId: string | null;
  /** selection id → P&L in paise (as text in jsonb numbers). */
  pnl: Record<string, number> | null;
  marketExposureMinor: bigint | null;
  balanceMinor: bigint;
  exposureMinor: bigint;
}

/** The money part of a bet in ONE database call (migration 0009). */
export async function placeBet(q: Queryable, c: PlaceBetCall): Promise<PlaceBetResult> {
  const { rows } = await q.query<{
    outcome: PlaceOutcome;
    betId: string | null;
    pnl: Record<string, number> | null;
    marketExposure: string | null;
    balance: string;
    exposure: string;
  }>(
    `SELECT outcome, bet_id AS "betId", pnl, market_exposure::text AS "marketExposure", balance::text, exposure::text
     FROM place_bet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text[])`,
    [c.userId, c.idempotencyKey, c.requestHash, c.matchId, c.marketId, c.selectionId, c.side, c.oddsHundredths, c.priceShown,
      c.stakeMinor.toString(), c.runnerIds],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('place_bet returned no row');
  return {
    outcome: row.outcome,
    betId: row.betId,
    pnl: row.pnl,
    marketExposureMinor: row.marketExposure === null ? null : BigInt(row.marketExposure),
    balanceMinor: BigInt(row.balance),
    exposureMinor: BigInt(row.exposure),
  };
}

/** True when the user or any upline is locked, closed or bet-locked. */
export async function isBlockedFromBetting(q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query<{ blocked: boolean }>(
    `SELECT (u.status <> 'active' OR u.bet_lock OR EXISTS (
              SELECT 1 FROM users anc WHERE anc.id = ANY (u.ancestors) AND (anc.bet_lock OR anc.status <> 'active'))) AS blocked
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0]?.blocked ?? true;
}

export interface BetRow {
  id: string;
  matchId: string;
  marketId: string;
  marketType: 'match_odds' | 'bookmaker' | 'over_under';
  selectionId: string;
  side: 'BACK' | 'LAY';
  oddsHundredths: number;
  priceShown: number;
  stakeMinor: bigint;
  status: 'open' | 'settled' | 'voided';
  createdAt: Date;
}

const BET_SELECT = `SELECT id, match_id AS "matchId", market_id AS "marketId", market_type AS "marketType",
  selection_id AS "selectionId", side, odds_hundredths AS "oddsHundredths", price_shown AS "priceShown",
  stake_minor::text AS "stakeMinor", status, created_at AS "createdAt" FROM bets`;

type RawBet = Omit<BetRow, 'stakeMinor'> & { stakeMinor: string };
const toBetRow = (r: RawBet): BetRow => ({ ...r, stakeMinor: BigInt(r.stakeMinor) });

export async function findBet(q: Queryable, betId: string): Promise<BetRow | null> {
  const { rows } = await q.query<RawBet>(`${BET_SELECT} WHERE id = $1`, [betId]);
  return rows[0] === undefined ? null : toBetRow(rows[0]);
}

export async function betsOfUserOnMatch(q: Queryable, userId: string, matchId: string): Promise<BetRow[]> {
  const { rows } = await q.query<RawBet>(`${BET_SELECT} WHERE user_id = $1 AND match_id = $2 ORDER BY created_at, id`, [
    userId,
    matchId,
  ]);
  return rows.map(toBetRow);
}
