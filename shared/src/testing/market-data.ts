import type { Fancy, Market, Runner, Score } from '../contracts/sports';

/**
 * Builders of market data for tests of the market-data client and of the screens that draw it.
 * Each returns a complete, valid object; `over` replaces any field.
 */

/** A runner with three backs and three lays around `price`. */
export function buildRunner(selectionId: string, price = 2, over: Partial<Runner> = {}): Runner {
  const step = 0.02;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    selectionId,
    name: `Runner ${selectionId}`,
    clothNumber: null,
    adjustmentFactor: null,
    back: [0, 1, 2].map((i) => ({ price: round(price - i * step), size: 1000 * (i + 1) })),
    lay: [1, 2, 3].map((i) => ({ price: round(price + i * step), size: 800 * i })),
    status: 'active',
    ...over,
  };
}

/** A match odds market of two runners. */
export function buildMarket(marketId: string, over: Partial<Market> = {}): Market {
  return {
    marketId,
    matchId: 'm1',
    name: 'Match Odds',
    type: 'match_odds',
    status: 'open',
    adminSuspended: false,
    active: true,
    inPlay: true,
    numberOfWinners: 1,
    runners: [buildRunner('a', 1.8), buildRunner('b', 2.2)],
    result: null,
    settled: null,
    minStake: 100,
    maxStake: 100000,
    maxProfit: 500000,
    betDelaySec: 5,
    ...over,
  };
}

/** A session fancy. */
export function buildFancy(fancyId: string, over: Partial<Fancy> = {}): Fancy {
  return {
    fancyId,
    matchId: 'm1',
    name: '6 over runs',
    gtype: 'session',
    status: 'open',
    adminSuspended: false,
    active: true,
    noRun: 45,
    noRate: 100,
    yesRun: 46,
    yesRate: 100,
    result: null,
    settled: null,
    minStake: 100,
    maxStake: 50000,
    maxProfit: 200000,
    betDelaySec: 3,
    ...over,
  };
}

/** A cricket score. */
export function buildScore(over: Partial<Score> = {}): Score {
  return {
    matchId: 'm1',
    sportId: 4,
    home: 'India',
    away: 'Australia',
    summary: 'IND 123/4 (15.2)',
    detail: ['Last balls: 1 4 0 W 2 1'],
    inPlay: true,
    ballRunning: false,
    updatedAt: '2026-11-21T10:00:00Z',
    ...over,
  };
}
