import { formatBetPrice, formatBookmakerRate, formatFancyLineRate, formatOddsDecimal, formatRunnerPrice } from './price-format';

describe('price formats, one per kind of price', () => {
  // The cases of the three copies this replaced: the odds page's ladder, the agents' live
  // prices and the casino tables (decimal odds); the bookmaker's rate in paise (docs/rules/money.md §7.2).
  it.each([
    [1.85, '1.85'],
    [2, '2'],
    [10.5, '10.5'],
    [1.9, '1.9'],
    [1.98, '1.98'],
    [50, '50'],
  ])('decimal odds %d read %s', (odds, shown) => {
    expect(formatOddsDecimal(odds)).toBe(shown);
  });

  it.each([
    [0.85, '85'],
    [0.07, '7'],
    [0.45, '45'],
    [1, '100'],
  ])('a bookmaker rate of %d rupees per rupee reads %s paise', (rate, shown) => {
    expect(formatBookmakerRate(rate)).toBe(shown);
  });

  it.each([
    [1.85, 'match_odds', '1.85'],
    [2, 'match_odds', '2'],
    [10.5, 'over_under', '10.5'],
    [0.85, 'bookmaker', '85'],
  ] as const)('a runner price %d of a %s market reads %s', (price, type, shown) => {
    expect(formatRunnerPrice(price, type)).toBe(shown);
  });

  it('reads a fancy as its line and rate', () => {
    expect(formatFancyLineRate(46, 110)).toBe('46 / 110');
    expect(formatFancyLineRate(null, 100)).toBe('– / 100');
  });

  // The players' lists showed a bookmaker bet at its rate (45), the agents' at the wire's 0.45:
  // the rate in paise is what the ladder and the slip show, so it is what every list shows.
  it.each([
    [{ marketType: 'match_odds', odds: 1.85, run: null }, '1.85'],
    [{ marketType: 'over_under', odds: 2, run: null }, '2'],
    [{ marketType: 'bookmaker', odds: 0.45, run: null }, '45'],
    [{ marketType: 'fancy', odds: 110, run: 46 }, '46 / 110'],
  ] as const)('a bet %o reads %s', (bet, shown) => {
    expect(formatBetPrice(bet)).toBe(shown);
  });
});
