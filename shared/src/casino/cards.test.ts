import { canonicalDeck, cardCode, cardLabel, isRed, parseCard } from './cards';

describe('cards (CASINO.md §1.0.1, §2.2)', () => {
  it.each([
    ['ASS', 1, 'S'],
    ['10HH', 10, 'H'],
    ['KCC', 13, 'C'],
    ['7DD', 7, 'D'],
    ['JHH', 11, 'H'],
  ])('%s is rank %i of %s, and back', (code, rank, suit) => {
    expect(parseCard(code)).toEqual({ rank, suit });
    expect(cardCode(parseCard(code))).toBe(code);
  });

  it.each(['AS', '1SS', '11HH', 'KCD', 'kcc', '10H', ' ASS', 'ASS,'])('refuses %j', (code) => {
    expect(() => parseCard(code)).toThrow('not a card code');
  });

  it('the canonical deck: S, H, C, D with A … K inside each suit', () => {
    const deck = canonicalDeck(1);
    expect(deck).toHaveLength(52);
    expect(deck.slice(0, 13).join(' ')).toBe('ASS 2SS 3SS 4SS 5SS 6SS 7SS 8SS 9SS 10SS JSS QSS KSS');
    expect(deck[13]).toBe('AHH');
    expect(deck[26]).toBe('ACC');
    expect(deck[51]).toBe('KDD');
    expect(new Set(deck).size).toBe(52);
  });

  it('a multi-deck shoe concatenates copies of that order', () => {
    const shoe = canonicalDeck(8);
    expect(shoe).toHaveLength(416);
    expect(shoe.slice(52, 104)).toEqual(canonicalDeck(1));
    expect(shoe[415]).toBe('KDD');
  });

  it('the 32-card deck holds 6 … K of each suit', () => {
    const deck = canonicalDeck(1, 'six-to-king');
    expect(deck).toHaveLength(32);
    expect(deck.slice(0, 8).join(' ')).toBe('6SS 7SS 8SS 9SS 10SS JSS QSS KSS');
    expect(deck[31]).toBe('KDD');
  });

  it('colour and labels', () => {
    expect(['ASS', 'AHH', 'ACC', 'ADD'].map((c) => isRed(parseCard(c)))).toEqual([false, true, false, true]);
    expect(cardLabel(parseCard('10HH'))).toBe('10♥');
    expect(() => canonicalDeck(0)).toThrow('decks');
    expect(() => cardCode({ rank: 14, suit: 'S' })).toThrow('rank');
  });
});

describe('the deck kinds of the remaining tables', () => {
  it.each([
    ['six-to-king', 32, '6SS'],
    ['ace-to-ten', 40, 'ASS'],
    ['ace-to-queen', 48, 'ASS'],
    ['ace-and-court', 16, 'ASS'],
    ['queen21', 21, '2SS'],
  ] as const)('%s: %i distinct cards, S, H, C, D with ranks ascending, starting %s', (ranks, size, first) => {
    const deck = canonicalDeck(1, ranks);
    expect(deck).toHaveLength(size);
    expect(new Set(deck).size).toBe(size);
    expect(deck[0]).toBe(first);
    const parsed = deck.map(parseCard);
    const suitOrder = parsed.map((c) => 'SHCD'.indexOf(c.suit));
    expect(suitOrder).toEqual([...suitOrder].sort((x, y) => x - y));
    expect(canonicalDeck(2, ranks)).toEqual([...deck, ...deck]);
  });
});
