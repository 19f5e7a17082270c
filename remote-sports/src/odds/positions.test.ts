import { buildMarket, buildRunner } from '@backlay/shared/testing';
import type { MarketPosition, PlaceBetResponse, PlacedBet } from '@backlay/shared';
import { bookOf, fancyBookOf, positionOfReply, projectFancy, projectRunnerMarket, runnerVector, zoneLabels } from './positions';

const threeWay = buildMarket('mo', { runners: [buildRunner('H', 2.5), buildRunner('D', 3.6), buildRunner('A', 3)] });
const position = (profit: Record<string, number>, exposure = 0): MarketPosition => ({
  marketId: 'mo',
  marketType: 'match_odds',
  profitlist: Object.entries(profit).map(([selectionId, p]) => ({ selectionId, profit: p })),
  exposure,
});

describe('projectRunnerMarket (RULES §7.1, §7.2 through the shared applyBet)', () => {
  it.each([
    // T1: Back H 100 @ 2.5 ⇒ (H +150, D −100, A −100), E = 100.
    ['T1', undefined, { selectionId: 'H', side: 'BACK', odds: 2.5, stakeMinor: 10_000 }, { H: 15_000, D: -10_000, A: -10_000 }, 0, 10_000],
    // T2: T1 + Lay D 50 @ 3.6 (liability 130) ⇒ (H +200, D −230, A −50), E = 230.
    ['T2', position({ H: 150, D: -100, A: -100 }, 100), { selectionId: 'D', side: 'LAY', odds: 3.6, stakeMinor: 5_000 }, { H: 20_000, D: -23_000, A: -5_000 }, 10_000, 23_000],
  ] as const)('%s', (_, pos, bet, after, exposureNow, exposureAfter) => {
    const p = projectRunnerMarket(threeWay, pos, bet);
    expect(Object.fromEntries(p!.rows.map((r) => [r.selectionId, r.afterMinor]))).toEqual(after);
    expect(p!.exposureNowMinor).toBe(exposureNow);
    expect(p!.exposureAfterMinor).toBe(exposureAfter);
  });

  it('T3: back and lay on one runner net (E = 100, not 300)', () => {
    const twoWay = buildMarket('mo', { runners: [buildRunner('A', 2), buildRunner('B', 2)] });
    const p = projectRunnerMarket(twoWay, position({ A: 200, B: -200 }), { selectionId: 'A', side: 'LAY', odds: 2, stakeMinor: 10_000 });
    expect(p!.rows.map((r) => [r.selectionId, r.nowMinor, r.afterMinor])).toEqual([['A', 20_000, 10_000], ['B', -20_000, -10_000]]);
    expect(p!.exposureAfterMinor).toBe(10_000);
  });

  it('T8: a bookmaker rate as shown (45, 50) is odds 1 + r/100', () => {
    const bm = buildMarket('bm', { type: 'bookmaker', runners: [buildRunner('A', 0.45), buildRunner('B', 0.5)] });
    // T7 book: Back A @ 45, 1,000 ⇒ (A +450, B −1,000); + Lay A @ 50, 1,000 ⇒ (A −50, B 0), E = 50.
    const p = projectRunnerMarket(bm, position({ A: 450, B: -1000 }), { selectionId: 'A', side: 'LAY', odds: 50, stakeMinor: 100_000 });
    expect(p!.rows.map((r) => r.afterMinor)).toEqual([-5_000, 0]);
    expect(p!.exposureAfterMinor).toBe(5_000);
  });

  it('leaves removed runners out and counts a runner without a position as 0', () => {
    const m = buildMarket('mo', { runners: [buildRunner('A', 2), buildRunner('B', 2), buildRunner('C', 2, { status: 'removed' })] });
    expect([...runnerVector(m, position({ A: 10 })).entries()]).toEqual([['A', 1_000], ['B', 0]]);
  });

  it('gives null for a bet that cannot be priced', () => {
    expect(projectRunnerMarket(threeWay, undefined, { selectionId: 'H', side: 'BACK', odds: 1, stakeMinor: 100 })).toBeNull();
    expect(projectRunnerMarket(threeWay, undefined, { selectionId: 'H', side: 'BACK', odds: 2, stakeMinor: 0 })).toBeNull();
  });
});

describe('projectFancy (RULES §7.4 through the shared applyFancyBet)', () => {
  const zones = (rows: [number, number][]): MarketPosition => ({ marketId: 'f', marketType: 'fancy', profitlist: rows.map(([from, profit]) => ({ selectionId: String(from), fromRuns: from, profit })), exposure: 0 });

  it('reads the API\'s zones as a book: the lines are the lowest runs of every zone but the first', () => {
    expect(fancyBookOf(zones([[0, 1000], [45, -1100]]))).toEqual({ lines: [45], zonesMinor: [100_000, -110_000] });
    expect(fancyBookOf(undefined)).toEqual({ lines: [], zonesMinor: [0] });
  });

  it.each([
    // T11: NO 45 @ 110, 1,000 ⇒ ≤44 +1,000, ≥45 −1,100, E = 1,100.
    ['T11', undefined, { side: 'NO', line: 45, rate: 110, stakeMinor: 100_000 }, [['44 and below', 100_000], ['45 and above', -110_000]], 110_000],
    // T12: YES 46 @ 90 on top of NO 45 @ 100 ⇒ ≤44 0, 45 −2,000, ≥46 −100, E = 2,000.
    ['T12', zones([[0, 1000], [45, -1000]]), { side: 'YES', line: 46, rate: 90, stakeMinor: 100_000 }, [['44 and below', 0], ['45', -200_000], ['46 and above', -10_000]], 200_000],
    // T13: NO 46 @ 100 on top of YES 45 @ 100 ⇒ ≤44 0, 45 +2,000, ≥46 0, E = 0.
    ['T13', zones([[0, -1000], [45, 1000]]), { side: 'NO', line: 46, rate: 100, stakeMinor: 100_000 }, [['44 and below', 0], ['45', 200_000], ['46 and above', 0]], 0],
  ] as const)('%s', (_, pos, bet, after, exposureAfter) => {
    const p = projectFancy(pos, bet);
    expect(p!.zones.map((z) => [z.label, z.pnlMinor])).toEqual(after);
    expect(p!.exposureAfterMinor).toBe(exposureAfter);
  });

  it('labels zones of several runs as ranges', () => {
    expect(zoneLabels([40, 45, 50])).toEqual(['39 and below', '40 to 44', '45 to 49', '50 and above']);
  });
});

describe('the book after a placebet reply', () => {
  const bet = (over: Partial<PlacedBet>): PlacedBet => ({
    betId: 'b1', matchId: 'm1', marketId: 'mo', marketType: 'match_odds', selectionId: 'H', side: 'BACK', odds: 2.5, run: null, stake: 100, status: 'open', createdAt: '2026-11-21T10:05:00Z', ...over,
  });
  const reply = (profitlist: PlaceBetResponse['profitlist'], over: Partial<PlacedBet> = {}): PlaceBetResponse => ({ exposer: 0, balance: 1000, profitlist, bet: bet(over) });

  it.each([
    // T2's book (H +200, D −230, A −50): the worst runner loses 230.
    ['a runner market', reply([{ selectionId: 'H', profit: 200 }, { selectionId: 'D', profit: -230 }, { selectionId: 'A', profit: -50 }]), 'mo', 230],
    // Paise survive the sum: the worst runner loses 100.50.
    ['paise', reply([{ selectionId: 'H', profit: 150.75 }, { selectionId: 'D', profit: -100.5 }]), 'mo', 100.5],
    // T13: NO 46 on top of YES 45 at 100 ⇒ no zone loses, E = 0.
    ['a fancy', reply([{ selectionId: '0', fromRuns: 0, profit: 0 }, { selectionId: '45', fromRuns: 45, profit: 2000 }, { selectionId: '46', fromRuns: 46, profit: 0 }], { marketId: 'f1', marketType: 'fancy', selectionId: 'f1' }), 'f1', 0],
  ] as const)('%s: the reply\'s P&L is the position, its worst outcome the exposure', (_, r, marketId, exposure) => {
    expect(positionOfReply(r)).toEqual({ marketId, marketType: r.bet.marketType, profitlist: r.profitlist, exposure });
  });

  it('has no position for a reply without P&L', () => {
    expect(positionOfReply(reply([]))).toBeNull();
  });

  const loaded = position({ H: 150, D: -100, A: -100 }, 100);
  const appliedMo = { ...loaded, profitlist: [{ selectionId: 'H', profit: 200 }], exposure: 0 };
  const appliedF = { marketId: 'f1', marketType: 'fancy' as const, profitlist: [{ selectionId: '0', fromRuns: 0, profit: -100 }], exposure: 100 };

  it.each([
    // A load sent before both bets: both applied positions lie on top of it.
    ['before both bets', 0, { mo: appliedMo, f1: appliedF }],
    // Sent after the first: it knows the match odds bet; the fancy's is still the reply's.
    ['between the bets', 1, { mo: loaded, f1: appliedF }],
    // Sent after both: the load wins.
    ['after both bets', 2, { mo: loaded }],
  ] as const)('a load sent %s', (_, sentAfter, expected) => {
    const applied = new Map([['mo', { position: appliedMo, seq: 1 }], ['f1', { position: appliedF, seq: 2 }]]);
    expect(Object.fromEntries(bookOf([loaded], sentAfter, applied))).toEqual(expected);
  });
});
