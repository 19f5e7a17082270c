/**
 * Bet placement (docs/rules/money.md §7.1, §7.2, §7.4, §7.11). The service checks the request's form in memory
 * (side, stake, odds), then a bet is ONE database call (`place_runner_bet` /
 * `place_fancy_bet_checked`, migration 0013) that checks the caller's session (HTTP), the market
 * (or fancy) on the match, open, the price (fancy: the line and the rate) same or better, the
 * stake limits and the locks, and — unless the market has a bet delay the caller has not waited
 * yet (outcome DELAY: sleep, call again) — locks the wallet, reads the position, applies the bet,
 * checks the market bet-locks, the exposure limit and the funds, and writes everything. A refusal
 * comes back as the contract's error code with its facts; `refusals.ts` words it (ADR 0053).
 * Under load, the calls that arrive while earlier ones are in the database go together in one
 * call and one transaction (Batcher, migration 0015 `place_runner_bets`, ADR 0008): the same
 * checks and outcomes per bet, one commit per batch.
 */
import { createHash } from 'node:crypto';
import {
  isFancyBetRequest,
  type FancyBetRequest,
  type PlaceBetRequest,
  type PlaceBetResponse,
  type PlacedBet,
  type RunnerBetRequest,
} from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import type { Logger } from '../common/logger';
import type { Database, Tx } from '../db/database';
import { paiseToRupees, rupeesToPaise } from '../common/money';
import type { DomainEvents } from '../common/domain-events';
import { Batcher } from './bet-batcher';
import { betRequestOf } from './bet-request';
import type { PlaceBetBody } from './betting.schemas';
import * as repo from './betting.repository';
import type { SessionCheck } from './betting.repository';
import { profitList } from './positions';
import { isPlacementRefusal, refusalError, type AskedBet } from './refusals';

export interface BettingServiceDeps {
  db: Database;
  events: DomainEvents;
  /** Waits the bet delay; tests may replace it. */
  sleep?: (ms: number) => Promise<void>;
  /** Group commit of bets (ADR 0008, config `betting`); default: 2 batches in flight, 32 bets a batch. */
  batching?: { batchInFlight: number; batchMax: number; batchStallMs?: number; batchMaxRunning?: number };
  /** Told when a batch fails as a whole (its bets are then placed one by one). */
  log?: Logger;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Decimal odds (2.5) or a bookmaker rate as the API gives it (0.45) → integer hundredths (250, 45). */
function toQuotedHundredths(value: number): number {
  const hundredths = Math.round(value * 100);
  if (!Number.isFinite(value) || Math.abs(hundredths - value * 100) > 1e-6 || hundredths <= 0) {
    throw new DomainError('VALIDATION', `Odds ${String(value)} must be a positive number with at most two decimals`);
  }
  return hundredths;
}

/** The request's business content; the same Idempotency-Key with another content is a mismatch. */
export function requestHash(body: PlaceBetRequest): string {
  const canonical = isFancyBetRequest(body)
    ? JSON.stringify(['fancy', body.matchId, body.fancyId, body.side, body.run, body.rate, body.stake])
    : JSON.stringify([body.matchId, body.marketId, body.selectionId, body.side, body.odds, body.stake, ...(body.oddsAcceptance === undefined ? [] : [body.oddsAcceptance])]);
  return createHash('sha256').update(canonical).digest('hex');
}

export function toPlacedBet(row: repo.PlacedBetRow): PlacedBet {
  return {
    betId: row.id,
    matchId: row.matchId,
    marketId: row.marketId,
    marketType: row.marketType,
    selectionId: row.selectionId,
    side: row.side,
    // Runner markets: decimal odds or the bookmaker rate (hundredths → two decimals); fancy: the rate in percent.
    odds: row.marketType === 'fancy' ? row.quotedHundredths : row.quotedHundredths / 100,
    run: row.runLine,
    stake: paiseToRupees(row.stakeMinor),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    ...(row.cashOut === true ? { cashOut: true } : {}),
  };
}

function parseStake(stake: number): bigint {
  let stakeMinor: bigint;
  try {
    stakeMinor = rupeesToPaise(stake);
  } catch {
    throw new DomainError('VALIDATION', `Stake ${String(stake)} must be an amount in rupees with at most two decimals`);
  }
  if (stakeMinor <= 0n) throw new DomainError('VALIDATION', 'Stake must be positive');
  return stakeMinor;
}

export class BettingService {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly runnerBets: Batcher<repo.PlaceRunnerBetCall, repo.CheckedPlaceResult>;
  private readonly fancyBets: Batcher<repo.PlaceFancyBetCheckedCall, repo.CheckedPlaceResult>;

  constructor(private readonly deps: BettingServiceDeps) {
    this.sleep = deps.sleep ?? defaultSleep;
    const { batchInFlight, batchMax, batchStallMs, batchMaxRunning } = deps.batching ?? { batchInFlight: 2, batchMax: 32 };
    const log = deps.log;
    const limits = {
      ...(log === undefined ? {} : { onBatchError: (err: unknown, size: number) => log.warn({ err, size }, 'a batch of bets failed as a whole; placing its bets one by one') }),
      maxInFlight: batchInFlight,
      maxBatch: batchMax,
      ...(batchStallMs === undefined ? {} : { stallMs: batchStallMs }),
      ...(batchMaxRunning === undefined ? {} : { maxRunning: batchMaxRunning }),
    };
    this.runnerBets = new Batcher({
      ...limits,
      runBatch: (calls) => repo.placeRunnerBets(deps.db, calls),
      runOne: (call) => repo.placeRunnerBet(deps.db, call),
    });
    this.fancyBets = new Batcher({
      ...limits,
      runBatch: (calls) => repo.placeFancyBetsChecked(deps.db, calls),
      runOne: (call) => repo.placeFancyBetChecked(deps.db, call),
    });
  }

  /**
   * Places a bet. `session` (HTTP: the access token's session and area) is checked inside the same
   * database call, with the auth hook's errors; without it the caller has authenticated already.
   */
  async placeBet(userId: string, body: PlaceBetBody, idempotencyKey: string, session: SessionCheck | null = null): Promise<PlaceBetResponse> {
    const request = betRequestOf(body);
    if (isFancyBetRequest(request)) return this.placeFancyBet(userId, request, idempotencyKey, session);
    return this.placeRunnerBet(userId, request, idempotencyKey, session);
  }

  /** Bets sent to the database and the calls that carried them, since start (mean batch size = calls ÷ sends). */
  batchStats(): { calls: number; sends: number; failedBatches: number } {
    const a = this.runnerBets.stats;
    const b = this.fancyBets.stats;
    return { calls: a.calls + b.calls, sends: a.sends + b.sends, failedBatches: a.failedBatches + b.failedBatches };
  }

  async betsOnMatch(userId: string, matchId: string): Promise<PlacedBet[]> {
    return (await repo.betsOfUserOnMatch(this.deps.db, userId, matchId)).map(toPlacedBet);
  }

  /** The user's bets with these ids (a cash out's replay). */
  async betsByIds(userId: string, ids: readonly string[]): Promise<PlacedBet[]> {
    return (await repo.betsOfUserByIds(this.deps.db, userId, ids)).map(toPlacedBet);
  }

  private async placeRunnerBet(userId: string, body: RunnerBetRequest, idempotencyKey: string, session: SessionCheck | null): Promise<PlaceBetResponse> {
    const stakeMinor = parseStake(body.stake);
    const quotedHundredths = toQuotedHundredths(body.odds);
    const call: repo.PlaceRunnerBetCall = {
      userId,
      idempotencyKey,
      requestHash: requestHash(body),
      matchId: body.matchId,
      marketId: body.marketId,
      selectionId: body.selectionId,
      side: body.side,
      quotedHundredths,
      acceptance: body.oddsAcceptance ?? null,
      stakeMinor,
      waited: false,
      session,
    };
    const result = await this.placeWaitingDelay(this.runnerBets, call);
    const bet = ({ quotedHundredths: matched, runLine: _line, ...stored }: NonNullable<repo.CheckedPlaceResult['bet']>): repo.PlacedBetRow => ({
      ...stored,
      matchId: body.matchId,
      marketId: body.marketId,
      selectionId: body.selectionId,
      side: body.side,
      // The price the bet was matched at: the live one when the market beat the request, or under
      // 'any' odds acceptance whichever way it moved (ADR 0034, 0055).
      quotedHundredths: matched,
      runLine: null,
      stakeMinor,
    });
    return this.finish(userId, result, bet, { kind: 'runner', side: body.side, quotedHundredths, stakeMinor });
  }

  private async placeFancyBet(userId: string, body: FancyBetRequest, idempotencyKey: string, session: SessionCheck | null): Promise<PlaceBetResponse> {
    const stakeMinor = parseStake(body.stake);
    const call: repo.PlaceFancyBetCheckedCall = {
      userId,
      idempotencyKey,
      requestHash: requestHash(body),
      matchId: body.matchId,
      fancyId: body.fancyId,
      side: body.side,
      line: body.run,
      rate: body.rate,
      stakeMinor,
      waited: false,
      session,
    };
    const result = await this.placeWaitingDelay(this.fancyBets, call);
    const bet = ({ quotedHundredths: rate, runLine, ...stored }: NonNullable<repo.CheckedPlaceResult['bet']>): repo.PlacedBetRow => ({
      ...stored,
      matchId: body.matchId,
      marketId: body.fancyId,
      selectionId: body.fancyId,
      side: body.side,
      // Best execution: the rate is the one asked; the line the one the bet was matched at.
      quotedHundredths: rate,
      runLine: runLine ?? body.run,
      stakeMinor,
    });
    return this.finish(userId, result, bet, { kind: 'fancy', side: body.side, run: body.run, rate: body.rate, stakeMinor });
  }

  /**
   * A player's runner bets on one market placed all or none (a cash out's hedge, ADR 0056): the
   * same placement function as every bet (place_runner_bets: session, market open, price same or
   * better, limits, locks, the bet delay, exposure and funds, idempotency per bet), run in one
   * transaction that is rolled back unless every bet is ACCEPTED. `withBets` writes the caller's
   * rows in the same transaction. Answers DELAY (wait `delaySec`, then call again with `waited`),
   * REPLAY (a bet's key was used already: the caller answers what it stored), or the placed bets;
   * a refusal throws the placement's own error (refusals.ts).
   */
  async placeAllOrNone(
    userId: string,
    bets: ReadonlyArray<RunnerBetRequest & { idempotencyKey: string }>,
    waited: boolean,
    session: SessionCheck | null,
    withBets: (tx: Tx, placed: PlaceBetResponse[]) => Promise<void>,
  ): Promise<{ outcome: 'DELAY'; delaySec: number } | { outcome: 'REPLAY' } | { outcome: 'PLACED'; placed: PlaceBetResponse[] }> {
    const calls = bets.map((body): repo.PlaceRunnerBetCall & { asked: AskedBet; body: RunnerBetRequest } => {
      const stakeMinor = parseStake(body.stake);
      const quotedHundredths = toQuotedHundredths(body.odds);
      const { idempotencyKey, ...request } = body;
      return {
        userId,
        idempotencyKey,
        requestHash: requestHash(request),
        matchId: body.matchId,
        marketId: body.marketId,
        selectionId: body.selectionId,
        side: body.side,
        quotedHundredths,
        // A hedge is matched at the price its value was quoted from or a better one (never below
        // the value shown), whatever the player chose for its own bets (ADRs 0055, 0056).
        acceptance: 'better',
        stakeMinor,
        waited,
        session,
        asked: { kind: 'runner', side: body.side, quotedHundredths, stakeMinor },
        body: request,
      };
    });
    class Undo {
      constructor(readonly answer: { outcome: 'DELAY'; delaySec: number } | { outcome: 'REPLAY' }) {}
    }
    try {
      const placed = await this.deps.db.transaction(async (tx) => {
        const results = await repo.placeRunnerBetsIn(tx, calls);
        const responses: PlaceBetResponse[] = [];
        for (const [i, result] of results.entries()) {
          const call = calls[i] as (typeof calls)[number];
          if (result.outcome === 'DELAY') throw new Undo({ outcome: 'DELAY', delaySec: result.detail?.delaySec ?? 0 });
          if (result.outcome === 'REPLAY' || result.outcome === 'IDEMPOTENCY_MISMATCH') throw new Undo({ outcome: 'REPLAY' });
          const bet = ({ quotedHundredths: matched, runLine: _line, ...stored }: NonNullable<repo.CheckedPlaceResult['bet']>): repo.PlacedBetRow => ({
            ...stored,
            matchId: call.matchId,
            marketId: call.marketId,
            selectionId: call.selectionId,
            side: call.side,
            quotedHundredths: matched,
            runLine: null,
            stakeMinor: call.stakeMinor,
          });
          // A refusal throws here, which rolls back the bets before it.
          responses.push(this.answer(userId, result, bet, call.asked, (event) => tx.afterCommit(event)));
        }
        await withBets(tx, responses);
        return responses;
      });
      return { outcome: 'PLACED', placed };
    } catch (error) {
      if (error instanceof Undo) return error.answer;
      throw error;
    }
  }

  /** docs/rules/money.md §7.11: a DELAY answer means wait the market's delay, then every check again on the live market (one more call). */
  private async placeWaitingDelay<C extends { waited: boolean }>(
    bets: Batcher<C, repo.CheckedPlaceResult>,
    call: C,
  ): Promise<repo.CheckedPlaceResult> {
    const first = await bets.submit(call);
    if (first.outcome !== 'DELAY') return first;
    await this.sleep((first.detail?.delaySec ?? 0) * 1000);
    return bets.submit({ ...call, waited: true });
  }

  /** The response of an accepted (or replayed) bet, or the error of a refusal (refusals.ts); publishes the new exposure. */
  private finish(
    userId: string,
    result: repo.CheckedPlaceResult,
    toBet: (stored: NonNullable<repo.CheckedPlaceResult['bet']>) => repo.PlacedBetRow,
    asked: AskedBet,
  ): PlaceBetResponse {
    return this.answer(userId, result, toBet, asked, (publish) => publish());
  }

  /** finish, with the publication of an accepted bet handed to `schedule` (a transaction's afterCommit). */
  private answer(
    userId: string,
    result: repo.CheckedPlaceResult,
    toBet: (stored: NonNullable<repo.CheckedPlaceResult['bet']>) => repo.PlacedBetRow,
    asked: AskedBet,
    schedule: (publish: () => void) => void,
  ): PlaceBetResponse {
    const { outcome } = result;
    if (outcome === 'DELAY') throw new Error('placement asked to wait the bet delay twice');
    if (outcome !== 'ACCEPTED' && outcome !== 'REPLAY') {
      if (!isPlacementRefusal(outcome)) throw new Error(`placement answered an unknown outcome ${String(outcome)}`);
      throw refusalError(outcome, result, asked);
    }
    if (result.bet === null || result.balanceMinor === null || result.exposureMinor === null) {
      throw new Error(`placement ${outcome} without its bet`);
    }
    const bet = toBet(result.bet);
    if (outcome === 'ACCEPTED') {
      const wallet = { userId, balanceMinor: result.balanceMinor, exposureMinor: result.exposureMinor };
      schedule(() => {
        this.deps.events.publish('betting.betPlaced', { betId: bet.id, matchId: bet.matchId, marketType: bet.marketType, stakeMinor: bet.stakeMinor, wallet });
        // The business event of the log (issue 34), once, on the instance that placed it.
        this.deps.log?.info(
          {
            event: 'bet_placed',
            betId: bet.id,
            userId,
            matchId: bet.matchId,
            marketId: bet.marketId,
            marketType: bet.marketType,
            selectionId: bet.selectionId,
            side: bet.side,
            quotedHundredths: bet.quotedHundredths,
            runLine: bet.runLine,
            stakeMinor: Number(bet.stakeMinor),
            ...(bet.cashOut === true ? { cashOut: true } : {}),
          },
          'bet placed',
        );
      });
    }
    return {
      exposer: paiseToRupees(result.exposureMinor),
      balance: paiseToRupees(result.balanceMinor),
      profitlist: result.pnl === null ? [] : profitList(result.pnl),
      bet: toPlacedBet(bet),
    };
  }
}
