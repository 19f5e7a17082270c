import { backReturnPer100, formatPriceHundredths, formatRtp, layRtpFromCounts, marketRuleLines, readConfig, rtpFromCounts, settleMarket } from './market-kit';
import { type CasinoMarketDef } from './types';

describe('backReturnPer100 (CASINO.md §1.0.3)', () => {
  it.each([
    // outcome, price, returned per 100 staked
    [{ rule: 'WIN' }, 198, 198], // stake × 1.98
    [{ rule: 'LOSE' }, 198, 0],
    [{ rule: 'PUSH' }, 198, 100], // the stake back
    [{ rule: 'VOID' }, 198, 100],
    [{ rule: 'HALF_LOSE' }, 200, 50], // half the stake back
    [{ rule: 'WIN_REDUCED', profit: 25 }, 200, 125], // 0.25:1 instead of the price
    [{ rule: 'WIN_PAYTABLE', profit: 5000 }, 200, 5100], // 50:1 from the pay table
  ] as const)('%j at %i returns %i', (outcome, price, ret) => {
    expect(backReturnPer100(outcome, price)).toBe(ret);
  });

  it('a reduced or pay-table win needs its profit', () => {
    expect(() => backReturnPer100({ rule: 'WIN_REDUCED' }, 200)).toThrow('profit');
    expect(() => backReturnPer100({ rule: 'WIN_PAYTABLE', profit: -1 }, 200)).toThrow('profit');
  });
});

describe('RTP from counts', () => {
  it('Σ count × return / (total × 100)', () => {
    expect(rtpFromCounts([[6, 200], [1, 50]], 13)).toBeCloseTo(12.5 / 13, 15); // Lucky 7 low
    expect(rtpFromCounts([[1, 3600]], 37)).toBeCloseTo(36 / 37, 15);
  });

  it('a lay: P(loses) × L / (L − 1) per unit of liability; fair at L = 1/p', () => {
    expect(layRtpFromCounts(1, 4, 400)).toBeCloseTo(1, 15);
    expect(layRtpFromCounts(1, 4, 500)).toBeCloseTo((0.75 * 5) / 4, 15);
  });
});

describe('rules lines', () => {
  const market = (name: string, runners: [string, number | null, number?][]): CasinoMarketDef => ({
    code: 'M',
    name,
    runners: runners.map(([n, back, rtp]) => ({ selectionId: n, name: n, back, rtp })),
  });

  it.each([
    [market('Dragon / Tiger / Tie', [['Dragon', 200, 0.98313], ['Tie', 5000, 0.8434], ['Tiger', 200, 0.98313]]), 'Dragon / Tiger / Tie: Dragon 2.00, RTP 98.31%; Tie 50.00, RTP 84.34%; Tiger 2.00, RTP 98.31%.'],
    [market('Player A / Player B', [['Player A', 198, 0.99], ['Player B', 198, 0.99]]), 'Player A / Player B: 1.98, RTP 99.00% each.'],
    [market('Tie', [['Tie', 80100, 0.8863], ['No tie', null]]), 'Tie: 801.00, RTP 88.63%.'],
    [market('Card', 'A 2 3 4 5'.split(' ').map((n) => [n, 1200, 12 / 13] as [string, number, number])), 'Card: A … 5 (each) 12.00, RTP 92.31%.'],
  ])('%#', (m, line) => {
    expect(marketRuleLines([m])).toEqual([line]);
  });

  it('formats prices and RTPs as the screens do', () => {
    expect(formatPriceHundredths(198)).toBe('1.98');
    expect(formatPriceHundredths(80100)).toBe('801.00');
    expect(formatRtp(0.962651)).toBe('96.27%');
  });
});

describe('settleMarket and readConfig', () => {
  it('one winner, the others lose or take the given rule', () => {
    const m: CasinoMarketDef = { code: 'W', name: 'W', runners: [{ selectionId: 'A', name: 'A', back: 200 }, { selectionId: 'B', name: 'B', back: 200 }] };
    expect(settleMarket(m, 'A')).toEqual({ A: { rule: 'WIN' }, B: { rule: 'LOSE' } });
    expect(settleMarket(m, 'B', { rule: 'HALF_LOSE' })).toEqual({ A: { rule: 'HALF_LOSE' }, B: { rule: 'WIN' } });
    expect(() => settleMarket(m, 'C')).toThrow("no runner 'C'");
  });

  it('fills defaults and refuses unknown keys and values', () => {
    type C = { side: 'a' | 'b'; on: boolean };
    const read = (raw: unknown) => readConfig<C>(raw, { side: 'a', on: true }, { side: ['a', 'b'], on: [true, false] });
    expect(read(undefined)).toEqual({ side: 'a', on: true });
    expect(read({ on: false })).toEqual({ side: 'a', on: false });
    expect(() => read({ side: 'c' })).toThrow('one of "a", "b"');
    expect(() => read({ on: 'false' })).toThrow('one of true, false');
    expect(() => read({ other: 1 })).toThrow("unknown table config key 'other'");
    expect(() => read([])).toThrow('an object');
    expect(() => read('x')).toThrow('an object');
  });
});

describe('rules lines grouped by terms', () => {
  it('groups runners on the same terms wherever they stand', () => {
    const m = { code: 'M', name: 'Double', runners: [['00', 12650], ['01', 9500], ['02', 9500], ['11', 12650]].map(([n, p]) => ({ selectionId: String(n), name: String(n), back: Number(p) })) };
    expect(marketRuleLines([m], 'by-terms')).toEqual(['Double: 00 / 11 126.50; 01 / 02 95.00.']);
    expect(marketRuleLines([m])).toEqual(['Double: 00 126.50; 01 / 02 95.00; 11 126.50.']);
  });
});
