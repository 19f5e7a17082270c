import { fancyZoneStarts } from '@backlay/shared/domain';
import { profitList, rebuildPosition, type StoredBet } from './positions';

const rupees = (r: number) => r * 100;
const fancy = (side: 'YES' | 'NO', line: number, rate: number, stake: number): StoredBet => ({
  side,
  selectionId: 'F1',
  stakeMinor: rupees(stake),
  oddsHundredths: 100 + rate,
  runLine: line,
});
const runner = (side: 'BACK' | 'LAY', selectionId: string, odds: number, stake: number): StoredBet => ({
  side,
  selectionId,
  stakeMinor: rupees(stake),
  oddsHundredths: odds,
  runLine: null,
});

describe('rebuildPosition', () => {
  it.each([
    // docs/rules/money.md T2 and T6 on runner markets: vector in rupees, exposure
    ['T2', [runner('BACK', 'H', 250, 100), runner('LAY', 'D', 360, 50)], ['H', 'D', 'A'], { H: 200, D: -230, A: -50 }, 230],
    ['T6', [runner('BACK', 'A', 198, 10_000), runner('LAY', 'A', 188, 10_000)], ['A', 'B'], { A: 1_000, B: 0 }, 0],
    ['no bets', [], ['A', 'B'], { A: 0, B: 0 }, 0],
  ])('%s', (_name, bets, runners, vector, exposure) => {
    const out = rebuildPosition('match_odds', bets, runners);
    expect(out.pnl).toEqual(Object.fromEntries(Object.entries(vector).map(([k, v]) => [k, rupees(v)])));
    expect(out.exposureMinor).toBe(rupees(exposure));
  });

  it.each([
    ['T12', [fancy('YES', 46, 90, 1_000), fancy('NO', 45, 100, 1_000)], [45, 46], [0, -2_000, -100], 2_000],
    ['T15', [fancy('YES', 40, 100, 500), fancy('NO', 50, 100, 500), fancy('YES', 45, 80, 1_000)], [40, 45, 50], [-1_000, 0, 1_800, 800], 1_000],
    ['no bets', [], [], [0], 0],
  ])('fancy %s', (_name, bets, lines, zones, exposure) => {
    const out = rebuildPosition('fancy', bets, []);
    expect(out.pnl).toEqual({ lines, zones: zones.map(rupees) });
    expect(out.exposureMinor).toBe(rupees(exposure));
  });

  it('refuses a fancy bet without a line', () => {
    expect(() => rebuildPosition('fancy', [{ ...fancy('YES', 1, 100, 1), runLine: null }], [])).toThrow('line');
  });
});

describe('profitList', () => {
  it('one row per run zone, from its lowest run (zone 0 from 0)', () => {
    expect(fancyZoneStarts([45, 46]).map((z) => z.fromRuns)).toEqual([0, 45, 46]);
    expect(profitList({ lines: [45, 46], zones: [0, -200_000, -10_000] })).toEqual([
      { selectionId: '0', profit: 0, fromRuns: 0 },
      { selectionId: '45', profit: -2_000, fromRuns: 45 },
      { selectionId: '46', profit: -100, fromRuns: 46 },
    ]);
  });

  it('one row per runner in rupees', () => {
    expect(profitList({ A: 15_050, B: -10_001 })).toEqual([
      { selectionId: 'A', profit: 150.5 },
      { selectionId: 'B', profit: -100.01 },
    ]);
  });
});
