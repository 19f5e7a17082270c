/**
 * Cash out on match-odds and bookmaker markets (docs/rules/money.md §7.8, ADR 0056). The offer
 * and the hedge are `cashOutQuote` of `@backlay/shared/domain` (the odds page's button runs the
 * same function) on the stored position and the runners' best prices. A cash out recomputes the
 * quote from the prices now, refuses a suspended market, a missing price or a value below what
 * the player saw (a price move), and places the hedge through the normal placement, all bets or
 * none (BettingService.placeAllOrNone): the same limits, delay, locks, exposure and funds. The
 * bets are linked to a cash_outs record; settlement treats them as the bets they are.
 */
import { createHash } from 'node:crypto';
import { MESSAGES, type CashOutOffer, type CashOutRequest, type CashOutResponse, type PlacedBet, type PlaceBetResponse } from '@backlay/shared/contracts';
import { CASH_OUT_PERCENTS, cashOutQuote } from '@backlay/shared/domain';
import { DomainError } from '../common/domain-error';
import { formatRupees, paiseToRupees, rupeesToPaise } from '../common/money';
import type { Database } from '../db/database';
import type { SessionCheck } from '../betting/betting.repository';
import type { BettingService } from '../betting/betting.service';
import { profitList } from '../betting/positions';
import * as repo from './cashout.repository';

export interface CashOutServiceDeps {
  db: Database;
  betting: BettingService;
  /** Waits the bet delay; tests may replace it. */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The request's business content; the same Idempotency-Key with another content is a mismatch. */
export function cashOutRequestHash(body: CashOutRequest): string {
  return sha256(JSON.stringify(['cashout', body.marketId, body.percent, body.expectedValue]));
}

/** The placement's Idempotency-Key of the i-th hedge bet of a cash out (within the bets' 255 characters). */
export function hedgeBetKey(idempotencyKey: string, i: number): string {
  return `cashout:${sha256(idempotencyKey).slice(0, 40)}:${i}`;
}

function parseExpected(value: number): bigint {
  try {
    return rupeesToPaise(value);
  } catch {
    throw new DomainError('VALIDATION', `Expected value ${String(value)} must be an amount in rupees with at most two decimals`);
  }
}

const rupees = (minor: bigint) => `₹${formatRupees(minor)}`;

export class CashOutService {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: CashOutServiceDeps) {
    this.sleep = deps.sleep ?? defaultSleep;
  }

  /** The player's offer per cash-out market with an open position on the match. */
  async offers(userId: string, matchId: string): Promise<CashOutOffer[]> {
    const states = await repo.marketStatesOnMatch(this.deps.db, userId, matchId);
    const out: CashOutOffer[] = [];
    for (const state of states) {
      const full = cashOutQuote(state.pnl, state.runners, state.marketType, 100);
      if (!full.ok && full.reason === 'NOTHING_TO_CASH_OUT') continue;
      const base = { marketId: state.marketId, marketType: state.marketType };
      if (state.status !== 'open') out.push({ ...base, status: 'suspended', offers: [] });
      else if (!full.ok) out.push({ ...base, status: 'no_price', offers: [] });
      else {
        const offers = CASH_OUT_PERCENTS.flatMap((percent) => {
          const q = cashOutQuote(state.pnl, state.runners, state.marketType, percent);
          return q.ok ? [{ percent, value: paiseToRupees(BigInt(q.valueMinor)) }] : [];
        });
        out.push({ ...base, status: 'open', offers });
      }
    }
    return out;
  }

  /** Cashes out `percent` % of the player's position on the market, or refuses with the reason. */
  async cashOut(userId: string, body: CashOutRequest, idempotencyKey: string, session: SessionCheck | null): Promise<CashOutResponse> {
    const expectedMinor = parseExpected(body.expectedValue);
    const hash = cashOutRequestHash(body);
    const stored = await repo.findCashOut(this.deps.db, userId, idempotencyKey);
    if (stored !== null) return this.replay(userId, stored, hash);
    try {
      return await this.cashOutNow(userId, body, idempotencyKey, session, expectedMinor, hash);
    } catch (error) {
      // A concurrent request with the same key may have cashed out between the look above and
      // this one's quote: the position is level now, so this one is refused ("nothing to cash
      // out"). The key's answer is that cash out's (CI caught the race under load).
      if (error instanceof DomainError) {
        const first = await repo.findCashOut(this.deps.db, userId, idempotencyKey);
        if (first !== null) return this.replay(userId, first, hash);
      }
      throw error;
    }
  }

  /** The cash out itself: quote, place the hedge through the placement (its delay, once), record. */
  private async cashOutNow(userId: string, body: CashOutRequest, idempotencyKey: string, session: SessionCheck | null, expectedMinor: bigint, hash: string): Promise<CashOutResponse> {
    let waited = false;
    for (;;) {
      const state = await repo.marketState(this.deps.db, userId, body.marketId);
      if (state === null) throw new DomainError('NOT_FOUND', MESSAGES.nothingToCashOut);
      if (state.status !== 'open') {
        throw new DomainError('MARKET_SUSPENDED', `Market ${state.name} is ${state.status}: no cash out now`);
      }
      const quote = cashOutQuote(state.pnl, state.runners, state.marketType, body.percent);
      if (!quote.ok) {
        if (quote.reason === 'NOTHING_TO_CASH_OUT') throw new DomainError('NOT_FOUND', MESSAGES.nothingToCashOut);
        throw new DomainError('ODDS_CHANGED', `Market ${state.name} has no price to cash out at now`);
      }
      const valueMinor = BigInt(quote.valueMinor);
      if (valueMinor < expectedMinor) {
        throw new DomainError(
          'ODDS_CHANGED',
          `The price moved: cashing out ${body.percent}% is worth ${rupees(valueMinor)} now, not ${rupees(expectedMinor)}. Check the new offer.`,
        );
      }
      const bets = quote.bets.map((bet, i) => ({
        matchId: state.matchId,
        marketId: state.marketId,
        selectionId: bet.runnerId,
        side: bet.side,
        odds: bet.quotedHundredths / 100,
        stake: paiseToRupees(BigInt(bet.stakeMinor)),
        idempotencyKey: hedgeBetKey(idempotencyKey, i),
      }));
      let cashOutId = '';
      const answer = await this.deps.betting.placeAllOrNone(userId, bets, waited, session, async (tx, placed) => {
        cashOutId = await repo.insertCashOut(tx, {
          userId,
          idempotencyKey,
          requestHash: hash,
          matchId: state.matchId,
          marketId: state.marketId,
          percent: body.percent,
          valueMinor,
          betIds: placed.map((p) => p.bet.betId),
        });
      });
      if (answer.outcome === 'DELAY' && !waited) {
        // docs/rules/money.md §7.11: wait the market's delay, then quote and place again on the live market.
        await this.sleep(answer.delaySec * 1000);
        waited = true;
        continue;
      }
      if (answer.outcome === 'DELAY') throw new Error('cash out asked to wait the bet delay twice');
      if (answer.outcome === 'REPLAY') {
        // A concurrent request with the same key placed it first.
        const first = await repo.findCashOut(this.deps.db, userId, idempotencyKey);
        if (first === null) throw new DomainError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was used for another bet');
        return this.replay(userId, first, hash);
      }
      return this.response(cashOutId, state.marketId, body.percent, valueMinor, answer.placed);
    }
  }

  private response(cashOutId: string, marketId: string, percent: number, valueMinor: bigint, placed: PlaceBetResponse[]): CashOutResponse {
    const last = placed[placed.length - 1] as PlaceBetResponse;
    return {
      cashOutId,
      marketId,
      percent,
      value: paiseToRupees(valueMinor),
      bets: placed.map((p): PlacedBet => ({ ...p.bet, cashOut: true })),
      exposer: last.exposer,
      balance: last.balance,
      profitlist: last.profitlist,
    };
  }

  /** The answer to a repeat of a cash out: what it placed, and the wallet and position now. */
  private async replay(userId: string, stored: repo.StoredCashOut, hash: string): Promise<CashOutResponse> {
    if (stored.requestHash !== hash) {
      throw new DomainError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was used for another cash out');
    }
    const bets = (await this.deps.betting.betsByIds(userId, stored.betIds)).map((b) => ({ ...b, cashOut: true }));
    const now = await repo.walletAndPosition(this.deps.db, userId, stored.marketId);
    return {
      cashOutId: stored.id,
      marketId: stored.marketId,
      percent: stored.percent,
      value: paiseToRupees(stored.valueMinor),
      bets,
      exposer: paiseToRupees(now.exposureMinor),
      balance: paiseToRupees(now.balanceMinor),
      profitlist: now.pnl === null ? [] : profitList(now.pnl),
    };
  }
}
