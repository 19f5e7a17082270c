import { dealOrder, handLabel } from './hands';

describe('dealOrder', () => {
  it('places each card of a hand at its index in the deal, twice-dealt codes at their next place', () => {
    // A shoe of several decks can deal the same code twice (8D to A, then 8D to B).
    expect(dealOrder(['8DD', '8DD', 'KSS'], { andar: ['8DD', 'KSS'], bahar: ['8DD'] })).toEqual([
      { hand: 'andar', cards: [{ code: '8DD', index: 0 }, { code: 'KSS', index: 2 }] },
      { hand: 'bahar', cards: [{ code: '8DD', index: 1 }] },
    ]);
  });

  it('orders the hands by their first card dealt, whatever the order of the keys', () => {
    expect(dealOrder(['10SS', '4HH'], { tiger: ['4HH'], dragon: ['10SS'] }).map((h) => h.hand)).toEqual(['dragon', 'tiger']);
  });

  it.each([
    ['dragon', 'Dragon'],
    ['playerA', 'Player A'],
    ['player_b', 'Player b'],
  ])('labels hand %s as %s', (key, label) => {
    expect(handLabel(key)).toBe(label);
  });
});
