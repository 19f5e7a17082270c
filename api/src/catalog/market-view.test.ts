import type { MarketStatus } from '@backlay/shared/contracts';
import { effectiveStatus, groupSeriesByDate, toFancy, toMarket, toMatchOddsSummary, type MarketRow, type SeriesMatchRow } from './market-view';

describe('effectiveStatus', () => {
  it.each([
    // feed status, admin suspended → what players see
    ['open', false, 'open'],
    ['open', true, 'suspended'],
    ['ball_running', false, 'ball_running'],
    ['ball_running', true, 'suspended'],
    ['suspended', false, 'suspended'],
    ['closed', true, 'closed'], // closed stays closed
  ] as Array<[MarketStatus, boolean, MarketStatus]>)('%s, admin suspended %s → %s', (feed, admin, expected) => {
    expect(effectiveStatus(feed, admin)).toBe(expected);
  });
});

const base: Omit<MarketRow, 'marketType' | 'runners'> = {
  id: '1.1',
  eventId: 'e1',
  name: 'Match Odds',
  sortOrder: 1,
  feedStatus: 'open',
  inPlay: true,
  numberOfWinners: 1,
  active: true,
  adminSuspended: false,
  result: null,
  settled: null,
  version: 3n,
  minStakeMinor: 10_050n,
  maxStakeMinor: 10_000_000n,
  maxProfitMinor: 50_000_000n,
  betDelaySec: 5,
};

describe('market rows at the edge', () => {
  it('prices in hundredths become decimals, sizes in paise rupees, runners in their order', () => {
    const market = toMarket({
      ...base,
      marketType: 'match_odds',
      runners: [
        { selectionId: 'b', name: 'B', sortOrder: 2, clothNumber: null, adjustmentFactor: null, status: 'active', backPrices: [310], backSizesMinor: [123_450n], layPrices: [320], laySizesMinor: [100n] },
        { selectionId: 'a', name: 'A', sortOrder: 1, clothNumber: null, adjustmentFactor: null, status: 'active', backPrices: [185, 184], backSizesMinor: [50_000n, 70_000n], layPrices: [186], laySizesMinor: [9_900n] },
      ],
    });
    expect(market).toMatchObject({ marketId: '1.1', matchId: 'e1', type: 'match_odds', status: 'open', minStake: 100.5, maxStake: 100_000, maxProfit: 500_000, betDelaySec: 5 });
    expect(market.runners).toEqual([
      { selectionId: 'a', name: 'A', clothNumber: null, adjustmentFactor: null, status: 'active', back: [{ price: 1.85, size: 500 }, { price: 1.84, size: 700 }], lay: [{ price: 1.86, size: 99 }] },
      { selectionId: 'b', name: 'B', clothNumber: null, adjustmentFactor: null, status: 'active', back: [{ price: 3.1, size: 1234.5 }], lay: [{ price: 3.2, size: 1 }] },
    ]);
  });

  it('a bookmaker rate of 85 paise is 0.85 at the edge; the summary shows the best prices or null', () => {
    const row: MarketRow = {
      ...base,
      marketType: 'bookmaker',
      runners: [
        { selectionId: 'a', name: 'A', sortOrder: 1, clothNumber: null, adjustmentFactor: null, status: 'active', backPrices: [85], backSizesMinor: [1n], layPrices: [88], laySizesMinor: [1n] },
        { selectionId: 'b', name: 'B', sortOrder: 2, clothNumber: null, adjustmentFactor: null, status: 'loser', backPrices: [], backSizesMinor: [], layPrices: [], laySizesMinor: [] },
      ],
    };
    expect(toMarket(row).runners[0]?.back[0]?.price).toBe(0.85);
    expect(toMatchOddsSummary({ ...row, adminSuspended: true })).toEqual({
      marketId: '1.1',
      status: 'suspended',
      runners: [
        { selectionId: 'a', name: 'A', back: 0.85, lay: 0.88 },
        { selectionId: 'b', name: 'B', back: null, lay: null },
      ],
    });
  });

  it('a settled market has no prices and its runners follow the settlement, not the feed', () => {
    const row: MarketRow = {
      ...base,
      marketType: 'match_odds',
      // The feed said B; the bets were settled on A (an admin's declaration).
      result: 'b',
      settled: { type: 'WINNER', selectionId: 'a' },
      runners: [
        { selectionId: 'a', name: 'A', sortOrder: 1, clothNumber: null, adjustmentFactor: null, status: 'loser', backPrices: [185], backSizesMinor: [1n], layPrices: [186], laySizesMinor: [1n] },
        { selectionId: 'b', name: 'B', sortOrder: 2, clothNumber: null, adjustmentFactor: null, status: 'winner', backPrices: [], backSizesMinor: [], layPrices: [], laySizesMinor: [] },
        { selectionId: 'c', name: 'C', sortOrder: 3, clothNumber: null, adjustmentFactor: null, status: 'removed', backPrices: [], backSizesMinor: [], layPrices: [], laySizesMinor: [] },
      ],
    };
    const market = toMarket(row);
    expect(market.settled).toEqual({ type: 'WINNER', selectionId: 'a' });
    expect(market.runners).toEqual([
      { selectionId: 'a', name: 'A', clothNumber: null, adjustmentFactor: null, status: 'winner', back: [], lay: [] },
      { selectionId: 'b', name: 'B', clothNumber: null, adjustmentFactor: null, status: 'loser', back: [], lay: [] },
      { selectionId: 'c', name: 'C', clothNumber: null, adjustmentFactor: null, status: 'removed', back: [], lay: [] },
    ]);
    expect(toMarket({ ...row, settled: { type: 'DEAD_HEAT', selectionIds: ['a', 'b'] } }).runners.map((r) => r.status)).toEqual(['winner', 'winner', 'removed']);
    expect(toMarket({ ...row, settled: { type: 'VOID' } }).runners.map((r) => r.status)).toEqual(['active', 'active', 'removed']);
    expect(toMarket({ ...row, settled: null }).runners.map((r) => r.status)).toEqual(['loser', 'winner', 'removed']);
  });

  it('a fancy keeps its runs and rates', () => {
    expect(
      toFancy({
        ...base,
        id: 'f1',
        gtype: 'session',
        noRun: 45,
        noRate: 110,
        yesRun: 45,
        yesRate: 90,
        result: 47,
        feedStatus: 'closed',
      }),
    ).toMatchObject({ fancyId: 'f1', matchId: 'e1', gtype: 'session', status: 'closed', noRun: 45, noRate: 110, yesRun: 45, yesRate: 90, result: 47 });
  });
});

describe('groupSeriesByDate', () => {
  const row = (id: string, competitionId: string, iso: string): SeriesMatchRow => ({
    competitionId,
    competitionName: `C${competitionId}`,
    sportId: 4,
    id,
    name: id,
    openDate: new Date(iso),
    status: 'upcoming',
    inPlay: false,
    marketCount: 1,
    fancyCount: 0,
  });

  it('groups by UTC day, then by competition in order of appearance', () => {
    const days = groupSeriesByDate([
      row('m1', 'x', '2026-03-01T23:30:00Z'),
      row('m2', 'y', '2026-03-02T00:10:00Z'),
      row('m3', 'x', '2026-03-01T10:00:00Z'),
      row('m4', 'y', '2026-03-02T05:00:00Z'),
    ]);
    expect(days.map((d) => [d.date, d.series.map((s) => [s.competitionId, s.matches.map((m) => m._id)])])).toEqual([
      ['2026-03-01', [['x', ['m1', 'm3']]]],
      ['2026-03-02', [['y', ['m2', 'm4']]]],
    ]);
  });
});
