import { cashOut } from './cashout';

const rupees = (r: number) => r * 100;

describe('cashOut (RULES §7.8)', () => {
  it.each([
    // name, W, L, back odds, lay odds (hundredths) ⇒ hedge side, hedge stake, value (rupees)
    ['T24 back 100 @ 3.0, lay price 2.0', 200, -100, 210, 200, 'LAY', 150, 50], // d = 300; H = 300 / 2; −100 + 150; 200 − 150 × 1
    ['T25 lay 100 @ 3.0, back price 4.0', -200, 100, 400, 410, 'BACK', 75, 25], // d = −300; H = 300 / 4; 100 − 75; −200 + 75 × 3
  ] as const)('%s', (_name, w, l, backOdds, layOdds, side, stake, value) => {
    const out = cashOut({ ifWinsMinor: rupees(w), ifLosesMinor: rupees(l), backOddsHundredths: backOdds, layOddsHundredths: layOdds });
    expect(out.hedge).toEqual({ side, stakeMinor: rupees(stake), oddsHundredths: side === 'LAY' ? layOdds : backOdds });
    expect([out.ifWinsMinor, out.ifLosesMinor, out.valueMinor]).toEqual([value, value, value].map(rupees)); // same in both outcomes
  });

  it('a flat position needs no hedge', () => {
    expect(cashOut({ ifWinsMinor: 500, ifLosesMinor: 500, backOddsHundredths: 200, layOddsHundredths: 210 })).toEqual({ hedge: null, ifWinsMinor: 500, ifLosesMinor: 500, valueMinor: 500 });
  });

  it('a stake that does not divide evenly offers the worse outcome', () => {
    // d = 100 paise at lay 3.00 ⇒ H = floor(33.3) = 33; wins 100 − 66 = 34, loses 0 + 33 = 33 ⇒ value 33
    expect(cashOut({ ifWinsMinor: 100, ifLosesMinor: 0, backOddsHundredths: 290, layOddsHundredths: 300 })).toMatchObject({ ifWinsMinor: 34, ifLosesMinor: 33, valueMinor: 33 });
  });

  it('refuses odds of 1.00', () => {
    expect(() => cashOut({ ifWinsMinor: 100, ifLosesMinor: 0, backOddsHundredths: 100, layOddsHundredths: 100 })).toThrow();
  });
});
