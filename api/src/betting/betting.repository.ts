/**
 * All SQL of bet placement: the one-call `place_runner_bet` / `place_fancy_bet_checked` functions
 * (api/sql/functions: the session, every check and the money part) and their batches, and the
 * bet list. The market bet-locks those functions check are the agents' (users.repository.ts).
 */
import type { AnyBetSide, Area, BetMarketType, BetStatus, OddsAcceptance } from '@backlay/shared/contracts';
import type { Database, Queryable } from '../db/database';
import type { SessionEndReason } from '../auth/auth.events';
import type { StoredPnl } from './positions';
import type { RawRefusal } from '../responsible-gambling/rg-rules';
import type { PlacementRefusal } from './refusals';

/**
 * What the one-call placement functions answer (ADR 0053): the bet (ACCEPTED, or REPLAY of an
 * earlier call with the same Idempotency-Key), DELAY (wait the market's bet delay, then call
 * again), or a refusal as the contract's error code: one name from the SQL to the client.
 */
export type PlacementOutcome = 'ACCEPTED' | 'REPLAY' | 'DELAY' | PlacementRefusal;

/** The caller's session, checked inside the placement call (HTTP: the route skips the auth hook's query). */
export interface SessionCheck {
  sessionId: string;
  area: Area;
}

interface CheckedCallBase {
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  matchId: string;
  stakeMinor: bigint;
  /** True on the second call, after the caller waited the bet delay. */
  waited: boolean;
  session: SessionCheck | null;
}

export interface PlaceRunnerBetCall extends CheckedCallBase {
  marketId: string;
  selectionId: string;
  side: 'BACK' | 'LAY';
  /** The quote in hundredths: decimal odds × 100 (250), or the bookmaker rate in paise (45; the function makes it odds 100 + rate). */
  quotedHundredths: number;
  /** The request's odds acceptance (ADR 0055); null: the player's stored one. */
  acceptance: OddsAcceptance | null;
}

export interface PlaceFancyBetCheckedCall extends CheckedCallBase {
  fancyId: string;
  side: 'YES' | 'NO';
  line: number;
  rate: number;
}

/** The facts a refusal's message names (migration 0013 `detail`; paise as text). */
export interface RefusalDetail {
  marketName: string | null;
  /** MARKET_SUSPENDED: the status players see, 'switched off', or 'settled' (a live settlement). */
  marketStatus: string | null;
  delaySec: number | null;
  /** Runner ODDS_CHANGED: the side's live best price in hundredths (null: none). */
  liveQuotedHundredths?: number | null;
  /** Fancy: the side's live line and rate. */
  liveLine?: number | null;
  liveRate?: number | null;
  profit: string | null;
  minStake: string | null;
  maxStake: string | null;
  maxProfit: string | null;
  endedReason: SessionEndReason | null;
  /** BETTING_LOCKED: the account's (or an upline's) bet lock, or a bet lock on this market. */
  betLock?: 'account' | 'market' | null;
  /** SELF_EXCLUDED, TIME_OUT, STAKE_LIMIT, LOSS_LIMIT: the player's limit or exclusion that refused the bet. */
  rg?: RawRefusal | null;
}

export interface CheckedPlaceResult {
  outcome: PlacementOutcome;
  /** Every outcome but ACCEPTED and REPLAY. */
  detail: RefusalDetail | null;
  pnl: StoredPnl | null;
  marketExposureMinor: bigint | null;
  balanceMinor: bigint | null;
  /** The user's total exposure (EXPOSURE_LIMIT: the limit; INSUFFICIENT_FUNDS: the total the bet would have left). */
  exposureMinor: bigint | null;
  /**
   * ACCEPTED / REPLAY: the stored columns of the bet, with the price it was matched at (best
   * execution, migration 0035: `quotedHundredths` as price_shown, `runLine` for fancy); the others are the
   * request's (same request hash).
   */
  bet: { id: string; marketType: BetMarketType; status: BetStatus; createdAt: Date; quotedHundredths: number; runLine: number | null } | null;
}

/** The placed (or replayed) bet as the response shows it. */
export type PlacedBetRow = Omit<BetRow, 'userId' | 'oddsHundredths'>;

interface RawCheckedResult {
  outcome: PlacementOutcome;
  detail: RefusalDetail | null;
  pnl: StoredPnl | null;
  market_exposure: string | null;
  balance: string | null;
  exposure: string | null;
  bet_id: string | null;
  bet_market_type: BetMarketType | null;
  bet_status: BetStatus | null;
  bet_created_at: Date | null;
  bet_price: number | null;
  bet_run_line: number | null;
}

const big = (value: string | null): bigint | null => (value === null ? null : BigInt(value));

function toCheckedResult(row: RawCheckedResult | undefined, fn: string): CheckedPlaceResult {
  if (row === undefined) throw new Error(`${fn} returned no row`);
  return {
    outcome: row.outcome,
    detail: row.detail,
    pnl: row.pnl,
    marketExposureMinor: big(row.market_exposure),
    balanceMinor: big(row.balance),
    exposureMinor: big(row.exposure),
    bet:
      row.bet_id === null || row.bet_market_type === null || row.bet_status === null || row.bet_created_at === null || row.bet_price === null
        ? null
        : {
            id: row.bet_id,
            marketType: row.bet_market_type,
            status: row.bet_status,
            createdAt: row.bet_created_at,
            quotedHundredths: row.bet_price,
            runLine: row.bet_run_line,
          },
  };
}

// Named prepared statements: the bet is the hot path; parsing and planning the call once per
// connection instead of per bet is worth about a fifth of the database's time per bet.
const PLACE_RUNNER_SQL = 'SELECT * FROM place_runner_bet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)';
const PLACE_FANCY_SQL = 'SELECT * FROM place_fancy_bet_checked($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)';

/**
 * A runner bet in ONE database call (migration 0013): the session (when given), every check of
 * the market, price, limits and locks, the bet delay (DELAY until `waited`), and the money part.
 */
export async function placeRunnerBet(db: Database, c: PlaceRunnerBetCall): Promise<CheckedPlaceResult> {
  const { rows } = await db.queryPrepared<RawCheckedResult>('place_runner_bet', PLACE_RUNNER_SQL, runnerParams(c));
  return toCheckedResult(rows[0], 'place_runner_bet');
}

/** A fancy bet in ONE database call (migration 0013), like placeRunnerBet. */
export async function placeFancyBetChecked(db: Database, c: PlaceFancyBetCheckedCall): Promise<CheckedPlaceResult> {
  const { rows } = await db.queryPrepared<RawCheckedResult>('place_fancy_bet_checked', PLACE_FANCY_SQL, fancyParams(c));
  return toCheckedResult(rows[0], 'place_fancy_bet_checked');
}

/** The 12 parameters of a placement call, in the functions' order (single call; a batch's arrays); a runner bet adds its acceptance. */
function callParams(c: CheckedCallBase, bet: readonly unknown[]): unknown[] {
  return [c.userId, c.idempotencyKey, c.requestHash, c.matchId, ...bet, c.stakeMinor.toString(), c.waited, c.session?.sessionId ?? null, c.session?.area ?? null];
}
const runnerParams = (c: PlaceRunnerBetCall) => [...callParams(c, [c.marketId, c.selectionId, c.side, c.quotedHundredths]), c.acceptance];
const fancyParams = (c: PlaceFancyBetCheckedCall) => callParams(c, [c.fancyId, c.side, c.line, c.rate]);

/** The call of `fn`: place_runner_bets, or a copy of it with its signature (bench/placement-sql.mjs measures such copies). */
const runnerBatchSql = (fn: string) =>
  `SELECT * FROM ${fn}($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::bigint[], $10::boolean[], $11::uuid[], $12::text[], $13::text[])`;
const PLACE_RUNNER_BATCH_SQL = runnerBatchSql('place_runner_bets');
const PLACE_FANCY_BATCH_SQL =
  'SELECT * FROM place_fancy_bets_checked($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[], $9::bigint[], $10::boolean[], $11::uuid[], $12::text[])';

/**
 * Runs a batch in ONE call and one transaction (migration 0015): the elements sorted by user id
 * (the batch lock order), each exactly as its single call; the results in the callers' order.
 */
async function placeBatch<C extends CheckedCallBase>(
  db: Database | Queryable,
  name: string,
  text: string,
  calls: readonly C[],
  paramsOf: (c: C) => unknown[],
): Promise<CheckedPlaceResult[]> {
  const order = calls.map((_, i) => i).sort((a, b) => {
    const ua = (calls[a] as C).userId;
    const ub = (calls[b] as C).userId;
    return ua < ub ? -1 : ua > ub ? 1 : a - b;
  });
  const params: unknown[][] = Array.from({ length: calls[0] === undefined ? 0 : paramsOf(calls[0]).length }, () => []);
  for (const i of order) paramsOf(calls[i] as C).forEach((value, k) => (params[k] as unknown[]).push(value));
  const { rows } = 'queryPrepared' in db ? await db.queryPrepared<RawCheckedResult & { ord: number }>(name, text, params) : await db.query<RawCheckedResult & { ord: number }>(text, params);
  if (rows.length !== calls.length) throw new Error(`${name} answered ${rows.length} rows for ${calls.length} bets`);
  const results: CheckedPlaceResult[] = new Array(calls.length);
  for (const row of rows) results[order[row.ord - 1] as number] = toCheckedResult(row, name);
  return results;
}

/**
 * Runner bets in one call (migration 0015 place_runner_bets); each as placeRunnerBet would answer
 * it. `fn` names another function of the same signature (the benchmark's copies of it).
 */
export function placeRunnerBets(db: Database, calls: readonly PlaceRunnerBetCall[], fn = 'place_runner_bets'): Promise<CheckedPlaceResult[]> {
  return placeBatch(db, fn, fn === 'place_runner_bets' ? PLACE_RUNNER_BATCH_SQL : runnerBatchSql(fn), calls, runnerParams);
}

/**
 * Runner bets in one call of place_runner_bets inside the caller's transaction (a cash out's
 * hedge, all or none: ADR 0056); each as placeRunnerBet would answer it.
 */
export function placeRunnerBetsIn(tx: Queryable, calls: readonly PlaceRunnerBetCall[]): Promise<CheckedPlaceResult[]> {
  return placeBatch(tx, 'place_runner_bets', PLACE_RUNNER_BATCH_SQL, calls, runnerParams);
}

/** Fancy bets in one call (migration 0015 place_fancy_bets_checked); each as placeFancyBetChecked would answer it. */
export function placeFancyBetsChecked(db: Database, calls: readonly PlaceFancyBetCheckedCall[]): Promise<CheckedPlaceResult[]> {
  return placeBatch(db, 'place_fancy_bets_checked', PLACE_FANCY_BATCH_SQL, calls, fancyParams);
}

export interface BetRow {
  id: string;
  userId: string;
  matchId: string;
  marketId: string;
  marketType: BetMarketType;
  selectionId: string;
  side: AnyBetSide;
  /** Gross decimal odds × 100, every kind (bookmaker 100 + rate, fancy 100 + rate). */
  oddsHundredths: number;
  /** The quote in hundredths (price_shown): odds × 100, bookmaker rate in paise, fancy rate in percent. */
  quotedHundredths: number;
  /** Fancy bets: the line in runs. */
  runLine: number | null;
  stakeMinor: bigint;
  status: BetStatus;
  createdAt: Date;
  /** A cash out's hedge bet (cash_out_bets, ADR 0056). */
  cashOut?: boolean;
}

const BET_SELECT = `SELECT id, user_id AS "userId", match_id AS "matchId", market_id AS "marketId", market_type AS "marketType",
  selection_id AS "selectionId", side, odds_hundredths AS "oddsHundredths", price_shown AS "quotedHundredths", run_line AS "runLine",
  stake_minor::text AS "stakeMinor", status, created_at AS "createdAt",
  EXISTS (SELECT 1 FROM cash_out_bets l WHERE l.bet_id = bets.id) AS "cashOut" FROM bets`;

type RawBet = Omit<BetRow, 'stakeMinor'> & { stakeMinor: string };
const toBetRow = (r: RawBet): BetRow => ({ ...r, stakeMinor: BigInt(r.stakeMinor) });

export async function betsOfUserOnMatch(q: Queryable, userId: string, matchId: string): Promise<BetRow[]> {
  const { rows } = await q.query<RawBet>(`${BET_SELECT} WHERE user_id = $1 AND match_id = $2 ORDER BY created_at DESC, id DESC`, [
    userId,
    matchId,
  ]);
  return rows.map(toBetRow);
}

/** The user's bets with these ids (a cash out's replay), in id order. */
export async function betsOfUserByIds(q: Queryable, userId: string, ids: readonly string[]): Promise<BetRow[]> {
  const { rows } = await q.query<RawBet>(`${BET_SELECT} WHERE user_id = $1 AND id = ANY ($2::uuid[]) ORDER BY id`, [userId, ids]);
  return rows.map(toBetRow);
}
