import { formatBetOdds, sideClass, sideLabel, statusLabel } from './bet-format';

describe('bet display', () => {
  it.each([
    [{ marketType: 'match_odds', odds: 1.85, run: null }, '1.85'],
    [{ marketType: 'over_under', odds: 2, run: null }, '2'],
    [{ marketType: 'bookmaker', odds: 0.45, run: null }, '45'],
    [{ marketType: 'fancy', odds: 110, run: 46 }, '46 / 110'],
  ] as const)('%o reads %s', (bet, shown) => {
    expect(formatBetOdds(bet)).toBe(shown);
  });

  it('colours back and YES blue, lay and NO pink, and names sides and statuses', () => {
    expect((['BACK', 'YES', 'LAY', 'NO'] as const).map(sideClass)).toEqual(['back', 'back', 'lay', 'lay']);
    expect((['BACK', 'YES', 'LAY', 'NO'] as const).map(sideLabel)).toEqual(['Back', 'Yes', 'Lay', 'No']);
    expect((['open', 'settled', 'voided'] as const).map(statusLabel)).toEqual(['Open', 'Settled', 'Void']);
  });
});
