/**
 * Playing cards in the two forms the tables use: the Diamond text of results (`ASS`, `10HH`,
 * `KCC`: rank, then the suit letter twice, docs/rules/casino-games.md §1.0.1) and a parsed form for the rules.
 * The canonical deck order is PF-1's (§2.2): suits S, H, C, D, ranks A … K inside each suit.
 */

/** Spades, hearts, clubs, diamonds, in PF-1's canonical order. */
export type Suit = 'S' | 'H' | 'C' | 'D';

/** A card: rank 1 (ace) … 13 (king). */
export interface Card {
  rank: number;
  suit: Suit;
}

/** PF-1's canonical suit order. */
export const SUITS: readonly Suit[] = ['S', 'H', 'C', 'D'];

/** Rank labels by rank (index 0 unused): A, 2 … 10, J, Q, K. */
export const RANK_LABELS: readonly string[] = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** Suit symbols for rules text and descriptions. */
export const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = { S: '♠', H: '♥', C: '♣', D: '♦' };

const CODE = /^(A|[2-9]|10|J|Q|K)(SS|HH|CC|DD)$/;

/** The card of a Diamond code (`10HH` → rank 10, hearts); throws on anything else. */
export function parseCard(code: string): Card {
  const m = CODE.exec(code);
  if (!m) throw new Error(`not a card code: '${code}'`);
  return { rank: RANK_LABELS.indexOf(m[1]), suit: m[2][0] as Suit };
}

/** The Diamond code of a card (rank 12, clubs → `QCC`). */
export function cardCode(card: Card): string {
  if (!Number.isInteger(card.rank) || card.rank < 1 || card.rank > 13) throw new Error(`not a card rank: ${card.rank}`);
  if (!SUITS.includes(card.suit)) throw new Error(`not a suit: ${card.suit}`);
  return `${RANK_LABELS[card.rank]}${card.suit}${card.suit}`;
}

/** Hearts and diamonds are red, spades and clubs black. */
export function isRed(card: Card): boolean {
  return card.suit === 'H' || card.suit === 'D';
}

/**
 * Which cards one deck of a shoe holds: all 52; 6 … K for 32 Cards (§1.5); A … 10 for Worli and
 * Lottery, whose cards are digits (§1.10); A … Q for Race 20-20, whose four Kings are the racers and
 * are never dealt (§1.13); A, J, Q, K for Bollywood Casino (§1.12); 2 … 6 of each suit plus the Queen
 * of hearts for Casino Queen (§1.14, 21 cards).
 */
export type DeckRanks = 'full' | 'six-to-king' | 'ace-to-ten' | 'ace-to-queen' | 'ace-and-court' | 'queen21';

/** The ranks of one suit of a deck, ascending (the canonical order inside a suit). */
function suitRanks(ranks: DeckRanks, suit: Suit): number[] {
  const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  switch (ranks) {
    case 'full':
      return range(1, 13);
    case 'six-to-king':
      return range(6, 13);
    case 'ace-to-ten':
      return range(1, 10);
    case 'ace-to-queen':
      return range(1, 12);
    case 'ace-and-court':
      return [1, 11, 12, 13];
    case 'queen21':
      return suit === 'H' ? [...range(2, 6), 12] : range(2, 6);
  }
}

/**
 * The canonical shoe as Diamond codes: `decks` copies of one deck in PF-1 order (S, H, C, D; ranks
 * ascending inside each suit), concatenated. This order is what the PF-1 shuffle permutes, so it
 * is part of the fairness scheme and must never change (new deck kinds only add orders).
 */
export function canonicalDeck(decks: number, ranks: DeckRanks = 'full'): string[] {
  if (!Number.isInteger(decks) || decks < 1) throw new Error(`a shoe holds a whole number of decks ≥ 1, not ${decks}`);
  const deck: string[] = [];
  for (const suit of SUITS) for (const rank of suitRanks(ranks, suit)) deck.push(cardCode({ rank, suit }));
  const shoe: string[] = [];
  for (let d = 0; d < decks; d++) shoe.push(...deck);
  return shoe;
}

/** A card's rank label and suit symbol for descriptions (`10♥`). */
export function cardLabel(card: Card): string {
  return `${RANK_LABELS[card.rank]}${SUIT_SYMBOLS[card.suit]}`;
}
