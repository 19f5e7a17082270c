/**
 * Bet placement (RULES §7.1, §7.2, §7.4, §7.11). The service re-checks the market (or fancy), the
 * price (fancy: the line and the rate), the stake limits and the locks, waits the bet delay and
 * checks again, then does the money part in ONE database call (`place_bet` / `place_fancy_bet`,
 * migrations 0009 and 0011) that locks the wallet, reads the position, applies the bet, checks the
 * market bet-locks, the exposure limit and the funds, and writes everything.
 */
import { createHash } from 'node:crypto';
import {
  isFancyBetRequest,
  MESSAGES,
  type FancyBetRequest,
  type PlaceBetRequest,
  type PlaceBetResponse,
  type PlacedBet,
  type RunnerBetRequest,
} from '@backlay/shared/contracts';
import { bookmakerOddsHundredths, fancyLineSameOrBetter, mulDivFloor, oddsSameOrBetter, pnlIfRunnerWinsMinor } from '@backlay/shared/domain';
import { findFancy, findMarket } from '../catalog/markets.repository';
import { effectiveStatus, type FancyRow, type LimitsRow, type MarketRow } from '../catalog/market-view';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import { formatRupeesGrouped, paiseToRupees, rupeesToPaise } from '../ledger/money';
import type { DomainEvents } from '../realtime/domain-events';
import * as repo from './betting.repository';
import { profitList } from './positions';

export interface BettingServiceDeps {
  db: Database;
  events: DomainEvents;
  /** Waits the bet delay; tests may replace it. */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Decimal odds (2.5) or a bookmaker rate as the API gives it (0.45) → integer hundredths (250, 45). */
function priceHundredths(value: number): number {
  const hundredths = Math.round(value * 100);
  if (!Number.isFinite(value) || Math.abs(hundredths - value * 100) > 1e-6 || hundredths <= 0) {
    throw new DomainError('VALIDATION', `Odds ${String(value)} must be a positive number with at most two decimals`);
  }
  return hundredths;
}

const decimal = (hundredths: number) => (hundredths / 100).toFixed(2);

/** The request's business content; the same Idempotency-Key with another content is a mismatch. */
export function requestHash(body: PlaceBetRequest): string {
  const canonical = isFancyBetRequest(body)
    ? JSON.stringify(['fancy', body.matchId, body.fancyId, body.side, body.run, body.rate, body.stake])
    : JSON.stringify([body.matchId, body.marketId, body.selectionId, body.side, body.odds, body.stake]);
  return createHash('sha256').update(canonical).digest('hex');
}

export function toPlacedBet(row: repo.BetRow): PlacedBet {
  return {
    betId: row.id,
    matchId: row.matchId,
    marketId: row.marketId,
    marketType: row.marketType,
    selectionId: row.selectionId,
    side: row.side,
    // Runner markets: decimal odds or the bookmaker rate (hundredths → two decimals); fancy: the rate in percent.
    odds: row.marketType === 'fancy' ? row.priceShown : row.priceShown / 100,
    run: row.runLine,
    stake: paiseToRupees(row.stakeMinor),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
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

/** The stake within min/max and the profit within max profit (RULES §7.11 limits). */
function checkLimits(limits: LimitsRow, stakeMinor: bigint, profitMinor: bigint, name: string): void {
  if (stakeMinor < limits.minStakeMinor || stakeMinor > limits.maxStakeMinor) {
    throw new DomainError(
      'STAKE_OUT_OF_RANGE',
      `Stake ${formatRupeesGrouped(stakeMinor)} is outside ${formatRupeesGrouped(limits.minStakeMinor)}–${formatRupeesGrouped(limits.maxStakeMinor)}`,
    );
  }
  if (profitMinor > limits.maxProfitMinor) {
    throw new DomainError(
      'STAKE_OUT_OF_RANGE',
      `Profit ${formatRupeesGrouped(profitMinor)} is above the maximum profit ${formatRupeesGrouped(limits.maxProfitMinor)} of ${name}`,
    );
  }
}

interface Checked {
  market: MarketRow;
  oddsHundredths: number;
}

export class BettingService {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: BettingServiceDeps) {
    this.sleep = deps.sleep ?? defaultSleep;
  }

  async placeBet(userId: string, body: PlaceBetRequest, idempotencyKey: string): Promise<PlaceBetResponse> {
    if (isFancyBetRequest(body)) return this.placeFancyBet(userId, body, idempotencyKey);
    return this.placeRunnerBet(userId, body, idempotencyKey);
  }

  async betsOnMatch(userId: string, matchId: string): Promise<PlacedBet[]> {
    return (await repo.betsOfUserOnMatch(this.deps.db, userId, matchId)).map(toPlacedBet);
  }

  private async placeRunnerBet(userId: string, body: RunnerBetRequest, idempotencyKey: string): Promise<PlaceBetResponse> {
    if (body.side !== 'BACK' && body.side !== 'LAY') throw new DomainError('VALIDATION', 'Side must be BACK or LAY on this market');
    const stakeMinor = parseStake(body.stake);
    const priceShown = priceHundredths(body.odds);

    let checked = await this.checkRunner(userId, body, priceShown, stakeMinor);
    if (checked.market.betDelaySec > 0) {
      await this.sleep(checked.market.betDelaySec * 1000);
      checked = await this.checkRunner(userId, body, priceShown, stakeMinor);
    }

    const result = await repo.placeBet(this.deps.db, {
      userId,
      idempotencyKey,
      requestHash: requestHash(body),
      matchId: body.matchId,
      marketId: body.marketId,
      selectionId: body.selectionId,
      side: body.side,
      oddsHundredths: checked.oddsHundredths,
      priceShown,
      stakeMinor,
      runnerIds: checked.market.runners.filter((r) => r.status !== 'removed').map((r) => r.selectionId),
    });
    return this.finish(userId, result, checked.market.name, async () => `Odds changed on ${checked.market.name}`);
  }

  private async placeFancyBet(userId: string, body: FancyBetRequest, idempotencyKey: string): Promise<PlaceBetResponse> {
    if (body.side !== 'YES' && body.side !== 'NO') throw new DomainError('VALIDATION', 'Side must be YES or NO on a fancy');
    if (!Number.isSafeInteger(body.run) || body.run < 0) throw new DomainError('VALIDATION', `Run ${String(body.run)} must be a whole number ≥ 0`);
    if (!Number.isSafeInteger(body.rate) || body.rate <= 0) throw new DomainError('VALIDATION', `Rate ${String(body.rate)} must be a whole number > 0`);
    const stakeMinor = parseStake(body.stake);

    let fancy = await this.checkFancy(userId, body, stakeMinor);
    if (fancy.betDelaySec > 0) {
      await this.sleep(fancy.betDelaySec * 1000);
      fancy = await this.checkFancy(userId, body, stakeMinor);
    }

    const result = await repo.placeFancyBet(this.deps.db, {
      userId,
      idempotencyKey,
      requestHash: requestHash(body),
      matchId: body.matchId,
      fancyId: body.fancyId,
      side: body.side,
      line: body.run,
      rate: body.rate,
      stakeMinor,
    });
    // place_fancy_bet re-checks the line and rate on the locked row; name the live ones.
    return this.finish(userId, result, fancy.name, async () => {
      const live = await findFancy(this.deps.db, body.fancyId);
      return live === null ? `Odds changed on ${fancy.name}` : fancyOddsChanged(body, live);
    });
  }

  /** Maps the database outcome to the response or its error; publishes the new exposure. */
  private async finish(
    userId: string,
    result: repo.PlaceBetResult,
    marketName: string,
    oddsChangedMessage: () => Promise<string>,
  ): Promise<PlaceBetResponse> {
    const { db } = this.deps;
    switch (result.outcome) {
      case 'IDEMPOTENCY_MISMATCH':
        throw new DomainError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used for another bet');
      case 'MARKET_SUSPENDED':
        throw new DomainError('MARKET_SUSPENDED', `Market ${marketName} is not open for bets`);
      case 'MARKET_LOCKED':
        throw new DomainError('BETTING_LOCKED', MESSAGES.marketBetLocked);
      case 'ODDS_CHANGED':
        throw new DomainError('ODDS_CHANGED', await oddsChangedMessage());
      case 'EXPOSURE_LIMIT': {
        // On this outcome `exposureMinor` is the limit and `marketExposureMinor` what the bet would leave.
        const after = result.marketExposureMinor ?? 0n;
        throw new DomainError(
          'EXPOSURE_LIMIT',
          `${MESSAGES.exposureLimit}: exposure on ${marketName} after this bet ${formatRupeesGrouped(after)}, ` +
            `limit ${formatRupeesGrouped(result.exposureMinor)}`,
          { marketExposureAfter: paiseToRupees(after), limit: paiseToRupees(result.exposureMinor) },
        );
      }
      case 'INSUFFICIENT_FUNDS':
        // On this outcome `exposureMinor` is the total exposure the bet would have left.
        throw new DomainError(
          'INSUFFICIENT_FUNDS',
          `${MESSAGES.insufficientFunds}: balance ${formatRupeesGrouped(result.balanceMinor)}, ` +
            `exposure after this bet ${formatRupeesGrouped(result.exposureMinor)}`,
          { balance: paiseToRupees(result.balanceMinor), exposureAfter: paiseToRupees(result.exposureMinor) },
        );
      case 'ACCEPTED':
      case 'REPLAY':
        break;
    }
    if (result.betId === null) throw new Error('placement accepted without a bet id');
    const bet = await repo.findBet(db, result.betId);
    if (bet === null) throw new Error(`bet ${result.betId} vanished`);
    if (result.outcome === 'ACCEPTED') {
      this.deps.events.publish('betting.betPlaced', {
        betId: bet.id,
        wallet: { userId, balanceMinor: result.balanceMinor, exposureMinor: result.exposureMinor },
      });
    }
    return {
      exposer: paiseToRupees(result.exposureMinor),
      balance: paiseToRupees(result.balanceMinor),
      profitlist: result.pnl === null ? [] : profitList(result.pnl),
      bet: toPlacedBet(bet),
    };
  }

  /**
   * The checks before the money call, and again after the bet delay (RULES §7.11). The second
   * pass is the "no material change" test: the market still open and the price still the same or
   * better. It does not compare market versions: the feed bumps the version on every tick, so an
   * in-play bet would never survive its delay.
   */
  private async checkRunner(userId: string, body: RunnerBetRequest, priceShown: number, stakeMinor: bigint): Promise<Checked> {
    const { db } = this.deps;
    const market = await findMarket(db, body.marketId);
    if (market === null || market.eventId !== body.matchId) throw new DomainError('NOT_FOUND', `${MESSAGES.marketNotFound} on this match`);
    const status = effectiveStatus(market.feedStatus, market.adminSuspended);
    if (!market.active || status !== 'open') {
      throw new DomainError('MARKET_SUSPENDED', `Market ${market.name} is ${market.active ? status : 'switched off'}: no bets now`);
    }
    const runner = market.runners.find((r) => r.selectionId === body.selectionId);
    if (runner === undefined || runner.status !== 'active') throw new DomainError('NOT_FOUND', MESSAGES.selectionNotFound);
    const live = body.side === 'BACK' ? runner.backPrices[0] : runner.layPrices[0];
    if (live === undefined || !oddsSameOrBetter(body.side, priceShown, live)) {
      throw new DomainError(
        'ODDS_CHANGED',
        `Odds changed: requested ${decimal(priceShown)}, live ${body.side === 'BACK' ? 'back' : 'lay'} ` +
          `${live === undefined ? 'none' : decimal(live)}`,
        { requested: priceShown / 100, live: live === undefined ? null : live / 100 },
      );
    }
    const oddsHundredths = market.marketType === 'bookmaker' ? bookmakerOddsHundredths(priceShown) : priceShown;
    if (oddsHundredths <= 100) throw new DomainError('VALIDATION', `Odds ${decimal(priceShown)} must be above 1.00`);
    const stake = Number(stakeMinor);
    const profitMinor = BigInt(
      body.side === 'BACK' ? pnlIfRunnerWinsMinor({ side: 'BACK', runnerId: runner.selectionId, stakeMinor: stake, oddsHundredths }) : stake,
    );
    checkLimits(market, stakeMinor, profitMinor, `market ${market.name}`);
    if (await repo.isBlockedFromBetting(db, userId)) throw new DomainError('BETTING_LOCKED', MESSAGES.bettingLocked);
    return { market, oddsHundredths };
  }

  /**
   * Fancy checks (RULES §7.11): on the match, active and open, the live line the same or better
   * (YES: not higher, NO: not lower) and the same rate, limits, locks — before the delay and after
   * it (a version bump alone is not a material change).
   */
  private async checkFancy(userId: string, body: FancyBetRequest, stakeMinor: bigint): Promise<FancyRow> {
    const { db } = this.deps;
    const fancy = await findFancy(db, body.fancyId);
    if (fancy === null || fancy.eventId !== body.matchId) throw new DomainError('NOT_FOUND', `${MESSAGES.fancyNotFound} on this match`);
    const status = effectiveStatus(fancy.feedStatus, fancy.adminSuspended);
    if (!fancy.active || status !== 'open') {
      throw new DomainError('MARKET_SUSPENDED', `Market ${fancy.name} is ${fancy.active ? status : 'switched off'}: no bets now`);
    }
    const liveLine = body.side === 'YES' ? fancy.yesRun : fancy.noRun;
    const liveRate = body.side === 'YES' ? fancy.yesRate : fancy.noRate;
    if (!fancyLineSameOrBetter(body.side, body.run, liveLine) || liveRate !== body.rate) {
      throw new DomainError('ODDS_CHANGED', fancyOddsChanged(body, fancy), {
        requested: { run: body.run, rate: body.rate },
        live: { run: liveLine, rate: liveRate },
      });
    }
    const profitMinor = body.side === 'YES' ? BigInt(mulDivFloor([Number(stakeMinor), body.rate], 100)) : stakeMinor;
    checkLimits(fancy, stakeMinor, profitMinor, `market ${fancy.name}`);
    if (await repo.isBlockedFromBetting(db, userId)) throw new DomainError('BETTING_LOCKED', MESSAGES.bettingLocked);
    return fancy;
  }
}

/** "Odds changed: requested YES 46 @ 90, live YES 47 @ 90". */
function fancyOddsChanged(body: FancyBetRequest, fancy: FancyRow): string {
  const liveLine = body.side === 'YES' ? fancy.yesRun : fancy.noRun;
  const liveRate = body.side === 'YES' ? fancy.yesRate : fancy.noRate;
  return `Odds changed: requested ${body.side} ${body.run} @ ${body.rate}, live ${body.side} ${liveLine} @ ${liveRate}`;
}
