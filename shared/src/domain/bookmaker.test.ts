import { bookmakerOddsHundredths, bookmakerToRunnerBet, type BookmakerBet } from './bookmaker';
import { exposureMinor, marketPnlVector, pnlIfRunnerWinsMinor } from './exposure';

const rupees = (r: number) => r * 100;
const AB = ['A', 'B'];
const T7: BookmakerBet = { side: 'BACK', runnerId: 'A', stakeMinor: rupees(1_000), ratePaise: 45 };
const T8: BookmakerBet = { side: 'LAY', runnerId: 'A', stakeMinor: rupees(1_000), ratePaise: 50 };
/** A back bet's profit (= a lay's exposure) at a rate, the way placement computes it. */
const backProfitMinor = (stakeMinor: number, ratePaise: number) =>
  pnlIfRunnerWinsMinor(bookmakerToRunnerBet({ side: 'BACK', runnerId: 'A', stakeMinor, ratePaise }));

describe('bookmaker (RULES §7.2)', () => {
  it.each([
    // name, bets, expected (A, B) in rupees, E in rupees
    ['T7', [T7], [450, -1_000], 1_000], // back @ 45: A +1,000 × 0.45; B −1,000
    ['T8', [T7, T8], [-50, 0], 50], // lay @ 50 adds (A −500, B +1,000): A 450 − 500, B −1,000 + 1,000
  ])('%s', (_name, bets, expected, exposure) => {
    const v = marketPnlVector(bets.map(bookmakerToRunnerBet), AB);
    expect([...v.values()]).toEqual(expected.map(rupees));
    expect(exposureMinor(v)).toBe(rupees(exposure));
  });

  it('T9: 100,000 paise × 45 / 100 = 45,000 exactly, in integer arithmetic', () => {
    const profit = backProfitMinor(100_000, 45);
    expect(profit).toBe(45_000);
    expect(Number.isInteger(profit)).toBe(true);
    // the float path this guards against: 1,000 × (1.45 − 1) = 449.99999999999994
    expect((1.45 - 1) * 1_000).not.toBe(450);
    expect(bookmakerOddsHundredths(45)).toBe(145);
  });

  it('is exact for every rate 1..200 paise and awkward stakes', () => {
    for (let rate = 1; rate <= 200; rate += 1) {
      for (const stake of [1, 99, 100_000, 123_457, 9_007_199_254]) {
        expect(backProfitMinor(stake, rate)).toBe(Number((BigInt(stake) * BigInt(rate)) / 100n));
      }
    }
  });

  it.each([[0], [-5], [4.5]])('refuses rate %p', (rate) => {
    expect(() => bookmakerOddsHundredths(rate)).toThrow();
  });
});
