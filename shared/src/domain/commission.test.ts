import { commissionMinor, effectiveRateBps } from './commission';
import { pnlIfRunnerLosesMinor, pnlIfRunnerWinsMinor } from './exposure';

const rupees = (r: number) => r * 100;

describe('commissionMinor (RULES §7.6)', () => {
  it.each([
    // name, W (rupees), rate bps, discount bps, expected C (rupees)
    ['T19 Betfair example', 400, 500, 4_000, 12], // 400 × 5 % × (1 − 40 %)
    ['T20 net win', 200, 500, 0, 10], // (+300 − 100) × 5 %, not 15
    ['T21 clone: win 100 at 2 %', 100, 200, 0, 2], // net 98
    ['T21 clone: loss −50', -50, 200, 0, 0], // W ≤ 0 ⇒ 0
    ['W = 0', 0, 500, 0, 0],
  ])('%s', (_name, w, rateBps, discountBps, c) => {
    expect(commissionMinor({ basis: 'NET_WIN', rateBps, discountBps, netPnlMinor: rupees(w) })).toBe(rupees(c));
  });

  it('T20: charged on the market net, not per bet', () => {
    // one bet wins +300 (Back A 300 @ 2.0), another loses −100 (Back B 100 @ 2.0); A wins
    const w = [
      { side: 'BACK' as const, runnerId: 'A', stakeMinor: rupees(300), oddsHundredths: 200 },
      { side: 'BACK' as const, runnerId: 'B', stakeMinor: rupees(100), oddsHundredths: 200 },
    ].reduce((sum, bet) => sum + (bet.runnerId === 'A' ? pnlIfRunnerWinsMinor(bet) : pnlIfRunnerLosesMinor(bet)), 0);
    expect(w).toBe(rupees(200)); // 300 − 100
    expect(commissionMinor({ basis: 'NET_WIN', rateBps: 500, netPnlMinor: w })).toBe(rupees(10)); // 200 × 5 %
  });

  it('T21: net after commission is 98', () => {
    const w = rupees(100);
    expect(w - commissionMinor({ basis: 'NET_WIN', rateBps: 200, netPnlMinor: w })).toBe(rupees(98));
  });

  it.each([
    // user rate, parent rate, effective
    [300, 200, 200], // capped by the parent
    [100, 200, 100],
    [300, undefined, 300],
  ])('user %p bps under parent %p bps ⇒ %p bps', (rate, parent, effective) => {
    expect(effectiveRateBps(rate, parent)).toBe(effective);
    expect(commissionMinor({ basis: 'NET_WIN', rateBps: rate, parentRateBps: parent, netPnlMinor: 10_000 })).toBe(effective); // 10,000 paise × bps / 10,000
  });

  it.each([
    // basis, W, turnover, expected paise
    ['TURNOVER', -500, 100_000, 1_000], // session commission 1 % of 100,000 paise stakes, whatever W
    ['NONE', 100_000, 100_000, 0],
    ['NET_WIN', 333, 0, 16], // 333 × 5 % = 16.65 ⇒ floored to 16 (in the user's favour)
  ] as const)('%s', (basis, w, turnover, c) => {
    expect(commissionMinor({ basis, rateBps: basis === 'TURNOVER' ? 100 : 500, netPnlMinor: w, turnoverMinor: turnover })).toBe(c);
  });

  it.each([
    ['a rate above 100 %', { basis: 'NET_WIN', rateBps: 10_001, netPnlMinor: 1 }],
    ['a negative discount', { basis: 'NET_WIN', rateBps: 100, discountBps: -1, netPnlMinor: 1 }],
    ['TURNOVER without turnover', { basis: 'TURNOVER', rateBps: 100, netPnlMinor: 1 }],
    ['fractional paise', { basis: 'NET_WIN', rateBps: 100, netPnlMinor: 1.5 }],
  ] as const)('refuses %s', (_name, input) => {
    expect(() => commissionMinor(input)).toThrow();
  });
});
