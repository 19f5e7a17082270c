/**
 * All SQL of bet placement: the one-call `place_bet` / `place_fancy_bet` functions (migrations
 * 0009, 0011), the lock check, the bet list, and the reads and writes of a void.
 */
import type { AnyBetSide, BetMarketType, BetStatus } from '@backlay/shared/contracts';
import type { Queryable } from '../db/database';
import type { StoredPnl } from './positions';

export type PlaceOutcome =
  | 'ACCEPTED'
  | 'REPLAY'
  | 'IDEMPOTENCY_MISMATCH'
  | 'MARKET_SUSPENDED'
  | 'MARKET_LOCKED'
  | 'ODDS_CHANGED'
  | 'EXPOSURE_LIMIT'
  | 'INSUFFICIENT_FUNDS';

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
  /** The market's position after the bet (or the replayed bet's market now). */
  pnl: StoredPnl | null;
  /** EXPOSURE_LIMIT / INSUFFICIENT_FUNDS: the market's exposure the bet would have left. */
  marketExposureMinor: bigint | null;
  balanceMinor: bigint;
  /** The user's total exposure; on INSUFFICIENT_FUNDS the total the bet would have left; on EXPOSURE_LIMIT the limit. */
  exposureMinor: bigint;
}

interface RawPlaceResult {
  outcome: PlaceOutcome;
  betId: string | null;
  pnl: StoredPnl | null;
  marketExposure: string | null;
  balance: string;
  exposure: string;
}

const PLACE_COLUMNS = `outcome, bet_id AS "betId", pnl, market_exposure::text AS "marketExposure", balance::text, exposure::text`;

function toPlaceResult(row: RawPlaceResult | undefined, fn: string): PlaceBetResult {
  if (row === undefined) throw new Error(`${fn} returned no row`);
  return {
    outcome: row.outcome,
    betId: row.betId,
    pnl: row.pnl,
    marketExposureMinor: row.marketExposure === null ? null : BigInt(row.marketExposure),
    balanceMinor: BigInt(row.balance),
    exposureMinor: BigInt(row.exposure),
  };
}

/** The money part of a runner bet in ONE database call (migrations 0009, 0011). */
export async function placeBet(q: Queryable, c: PlaceBetCall): Promise<PlaceBetResult> {
  const { rows } = await q.query<RawPlaceResult>(
    `SELECT ${PLACE_COLUMNS} FROM place_bet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text[])`,
    [c.userId, c.idempotencyKey, c.requestHash, c.matchId, c.marketId, c.selectionId, c.side, c.oddsHundredths, c.priceShown,
      c.stakeMinor.toString(), c.runnerIds],
  );
  return toPlaceResult(rows[0], 'place_bet');
}

export interface PlaceFancyBetCall {
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  matchId: string;
  fancyId: string;
  side: 'YES' | 'NO';
  line: number;
  rate: number;
  stakeMinor: bigint;
}

/** The money part of a fancy bet in ONE database call (migration 0011). */
export async function placeFancyBet(q: Queryable, c: PlaceFancyBetCall): Promise<PlaceBetResult> {
  const { rows } = await q.query<RawPlaceResult>(
    `SELECT ${PLACE_COLUMNS} FROM place_fancy_bet($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [c.userId, c.idempotencyKey, c.requestHash, c.matchId, c.fancyId, c.side, c.line, c.rate, c.stakeMinor.toString()],
  );
  return toPlaceResult(rows[0], 'place_fancy_bet');
}

/** The user's exposure limit in paise (null: none). */
export async function exposureLimitOf(q: Queryable, userId: string): Promise<bigint | null> {
  const { rows } = await q.query<{ limit: string | null }>('SELECT exposure_limit_minor::text AS "limit" FROM users WHERE id = $1', [userId]);
  const limit = rows[0]?.limit ?? null;
  return limit === null ? null : BigInt(limit);
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
  userId: string;
  matchId: string;
  marketId: string;
  marketType: BetMarketType;
  selectionId: string;
  side: AnyBetSide;
  oddsHundredths: number;
  priceShown: number;
  /** Fancy bets: the line in runs. */
  runLine: number | null;
  stakeMinor: bigint;
  status: BetStatus;
  createdAt: Date;
}

const BET_SELECT = `SELECT id, user_id AS "userId", match_id AS "matchId", market_id AS "marketId", market_type AS "marketType",
  selection_id AS "selectionId", side, odds_hundredths AS "oddsHundredths", price_shown AS "priceShown", run_line AS "runLine",
  stake_minor::text AS "stakeMinor", status, created_at AS "createdAt" FROM bets`;

type RawBet = Omit<BetRow, 'stakeMinor'> & { stakeMinor: string };
const toBetRow = (r: RawBet): BetRow => ({ ...r, stakeMinor: BigInt(r.stakeMinor) });

export async function findBet(q: Queryable, betId: string): Promise<BetRow | null> {
  const { rows } = await q.query<RawBet>(`${BET_SELECT} WHERE id = $1`, [betId]);
  return rows[0] === undefined ? null : toBetRow(rows[0]);
}

export async function betsOfUserOnMatch(q: Queryable, userId: string, matchId: string): Promise<BetRow[]> {
  const { rows } = await q.query<RawBet>(`${BET_SELECT} WHERE user_id = $1 AND match_id = $2 ORDER BY created_at DESC, id DESC`, [
    userId,
    matchId,
  ]);
  return rows.map(toBetRow);
}

/** True when a market or a fancy with this id exists (market bet-locks name either). */
export async function marketOrFancyExists(q: Queryable, marketId: string): Promise<boolean> {
  const { rows } = await q.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM markets WHERE id = $1) OR EXISTS (SELECT 1 FROM fancies WHERE id = $1) AS found',
    [marketId],
  );
  return rows[0]?.found ?? false;
}

/** Locks (or unlocks) betting on one market for the subtree of `userId`; true when something changed. */
export async function setMarketBetLock(q: Queryable, userId: string, marketId: string, lockedBy: string, lock: boolean): Promise<boolean> {
  const result = lock
    ? await q.query(
        'INSERT INTO market_bet_locks (user_id, market_id, locked_by) VALUES ($1, $2, $3) ON CONFLICT (user_id, market_id) DO NOTHING',
        [userId, marketId, lockedBy],
      )
    : await q.query('DELETE FROM market_bet_locks WHERE user_id = $1 AND market_id = $2', [userId, marketId]);
  return (result.rowCount ?? 0) > 0;
}
