/**
 * Bet placement (RULES §7.1, §7.2, §7.11). The service re-checks the market, the price, the
 * stake limits and the locks, waits the market's bet delay and checks again, then does the money
 * part in ONE database call (`place_bet`, migration 0009) that locks the wallet, reads the
 * position, applies the bet, checks the funds and writes everything.
 */
import { createHash } from 'node:crypto';
import {
  MESSAGES,
  type PlaceBetRequest,
  type PlaceBetResponse,
  type PlacedBet,
} from '@backlay/shared/contracts';
import { bookmakerOddsHundredths, oddsSameOrBetter, pnlIfRunnerWinsMinor } from '@backlay/shared/domain';
import { findMarket } from '../catalog/markets.repository';
import { effectiveStatus, type MarketRow } from '../catalog/market-view';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import { formatRupeesGrouped, paiseToRupees, rupeesToPaise } from '../ledger/money';
import type { DomainEvents } from '../realtime/domain-events';
import * as repo from './betting.repository';

export interface BettingServiceDeps {
  db: Database;
  events: DomainEvents;
  /** Waits the bet delay; tests may replace it. */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Decimal odds (2.5) or a bookmaker rate as shown (0.45) → integer hundredths (250, 45). */
function priceHundredths(value: number): number {
  const hundredths = Math.round(value * 100);
  if (!Number.isFinite(value) || Math.abs(hundredths - value * 100) > 1e-6 || hundredths <= 0) {
    throw new DomainError('VALIDATION', `Odds ${String(value)} must be a positive number with at most two decimals`);
  }
  return hundredths;
}

const decimal = (hundredths: number) => (hundredths / 100).toFixed(2);

export function requestHash(body: PlaceBetRequest): string {
  const canonical = JSON.stringify([body.matchId, body.marketId, body.selectionId, body.side, body.odds, body.stake]);
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
    odds: row.priceShown / 100,
    stake: paiseToRupees(row.stakeMinor),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

interface Checked {
  market: MarketRow;
  priceShown: number;
  oddsHundredths: number;
}

export class BettingService {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: BettingServiceDeps) {
    this.sleep = deps.sleep ?? defaultSleep;
  }

  async placeBet(userId: string, body: PlaceBetRequest, idempotencyKey: string): Promise<PlaceBetResponse> {
    const { db } = this.deps;
    let stakeMinor: bigint;
    try {
      stakeMinor = rupeesToPaise(body.stake);
    } catch {
      throw new DomainError('VALIDATION', `Stake ${String(body.stake)} must be an amount in rupees with at most two decimals`);
    }
    if (stakeMinor <= 0n) throw new DomainError('VALIDATION', 'Stake must be positive');
    const priceShown = priceHundredths(body.odds);

    let checked = await this.check(userId, body, priceShown, stakeMinor);
    if (checked.market.betDelaySec > 0) {
      await this.sleep(checked.market.betDelaySec * 1000);
      checked = await this.check(userId, body, priceShown, stakeMinor, checked.market.version);
    }

    const result = await repo.placeBet(db, {
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

    switch (result.outcome) {
      case 'IDEMPOTENCY_MISMATCH':
        throw new DomainError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used for another bet');
      case 'MARKET_SUSPENDED':
        throw new DomainError('MARKET_SUSPENDED', `Market ${checked.market.name} is not open for bets`);
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
    if (result.betId === null) throw new Error('place_bet accepted without a bet id');
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
      profitlist: Object.entries(result.pnl ?? {}).map(([selectionId, pnl]) => ({ selectionId, profit: paiseToRupees(BigInt(pnl)) })),
      bet: toPlacedBet(bet),
    };
  }

  async betsOnMatch(userId: string, matchId: string): Promise<PlacedBet[]> {
    return (await repo.betsOfUserOnMatch(this.deps.db, userId, matchId)).map(toPlacedBet);
  }

  /** The checks before the money call (and again after the delay, against the same market version). */
  private async check(userId: string, body: PlaceBetRequest, priceShown: number, stakeMinor: bigint, version?: bigint): Promise<Checked> {
    const { db } = this.deps;
    const market = await findMarket(db, body.marketId);
    if (market === null || market.eventId !== body.matchId) throw new DomainError('NOT_FOUND', `${MESSAGES.marketNotFound} on this match`);
    const status = effectiveStatus(market.feedStatus, market.adminSuspended);
    if (!market.active || status !== 'open') {
      throw new DomainError('MARKET_SUSPENDED', `Market ${market.name} is ${market.active ? status : 'switched off'}: no bets now`);
    }
    if (version !== undefined && market.version !== version) {
      throw new DomainError('ODDS_CHANGED', `Market ${market.name} changed during the bet delay: place the bet again`);
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
    if (stakeMinor < market.minStakeMinor || stakeMinor > market.maxStakeMinor) {
      throw new DomainError(
        'STAKE_OUT_OF_RANGE',
        `Stake ${formatRupeesGrouped(stakeMinor)} is outside ${formatRupeesGrouped(market.minStakeMinor)}–${formatRupeesGrouped(market.maxStakeMinor)}`,
      );
    }
    const oddsHundredths = market.marketType === 'bookmaker' ? bookmakerOddsHundredths(priceShown) : priceShown;
    if (oddsHundredths <= 100) throw new DomainError('VALIDATION', `Odds ${decimal(priceShown)} must be above 1.00`);
    const stake = Number(stakeMinor);
    const profitMinor = BigInt(
      body.side === 'BACK' ? pnlIfRunnerWinsMinor({ side: 'BACK', runnerId: runner.selectionId, stakeMinor: stake, oddsHundredths }) : stake,
    );
    if (profitMinor > market.maxProfitMinor) {
      throw new DomainError(
        'STAKE_OUT_OF_RANGE',
        `Profit ${formatRupeesGrouped(profitMinor)} is above the market's maximum profit ${formatRupeesGrouped(market.maxProfitMinor)}`,
      );
    }
    if (await repo.isBlockedFromBetting(db, userId)) throw new DomainError('BETTING_LOCKED', MESSAGES.bettingLocked);
    return { market, priceShown, oddsHundredths };
  }
}
