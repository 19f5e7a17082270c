/**
 * Markets on the properties of one card (odd/even rank, colour, low/high around 7, exact rank),
 * used by Lucky 7 and by each side of Dragon Tiger with their own prices. One card drawn from a
 * shoe of whole decks is equally likely to be any of the 52 cards, whatever the deck count, so each
 * RTP here is exact from rank and colour counts (docs/rules/casino-games.md §1.4: "the deck count does not matter").
 */
import { RANK_LABELS, SUITS, isRed, type Card, type Suit } from './cards';
import { HALF_LOSE, LOSE, WIN, rtpFromCounts } from './market-kit';
import { type CasinoMarketDef, type RunnerOutcome } from './types';

/** A, 3, 5, 7, 9, J (11), K (13) are odd; 2, 4, 6, 8, 10, Q (12) even. */
export function isOddRank(rank: number): boolean {
  return rank % 2 === 1;
}

const ODD_RANKS = 7;
const EVEN_RANKS = 6;
/** Ranks below 7 (A–6) and above it (8–K). */
const SIDE_RANKS = 6;

/** Odd/even of the card's rank at the given prices (× 100). */
export function oddEvenMarket(code: string, name: string, odd: number, even: number): CasinoMarketDef {
  return {
    code,
    name,
    runners: [
      { selectionId: 'ODD', name: 'Odd', back: odd, rtp: rtpFromCounts([[ODD_RANKS, odd]], 13) },
      { selectionId: 'EVEN', name: 'Even', back: even, rtp: rtpFromCounts([[EVEN_RANKS, even]], 13) },
    ],
  };
}

/** Red (♥ ♦) / black (♠ ♣) at one price. */
export function colourMarket(code: string, name: string, price: number): CasinoMarketDef {
  const rtp = rtpFromCounts([[1, price]], 2);
  return {
    code,
    name,
    runners: [
      { selectionId: 'RED', name: 'Red', back: price, rtp },
      { selectionId: 'BLACK', name: 'Black', back: price, rtp },
    ],
  };
}

/** What a back bet on low or high gets when the card is a 7. */
export type SevenRule = 'LOSE' | 'HALF_LOSE';

/**
 * Low (A–6) / high (8–K) around 7. A 7 is its own outcome ('Seven', not offered here): both sides
 * LOSE, or HALF_LOSE where the table says so (Lucky 7).
 */
export function lowHighMarket(code: string, name: string, names: { low: string; high: string }, price: number, seven: SevenRule): CasinoMarketDef {
  const rtp = rtpFromCounts([[SIDE_RANKS, price], [1, seven === 'HALF_LOSE' ? 50 : 0]], 13);
  return {
    code,
    name,
    runners: [
      { selectionId: 'LOW', name: names.low, back: price, rtp },
      { selectionId: 'HIGH', name: names.high, back: price, rtp },
      { selectionId: 'SEVEN', name: 'Seven', back: null },
    ],
  };
}

/** The exact rank: thirteen runners A … K, selection ids the rank labels. */
export function rankMarket(code: string, name: string, price: number): CasinoMarketDef {
  const rtp = rtpFromCounts([[1, price]], 13);
  return { code, name, runners: RANK_LABELS.slice(1).map((label) => ({ selectionId: label, name: label, back: price, rtp })) };
}

export function oddEvenOutcomes(card: Card): Record<string, RunnerOutcome> {
  const odd = isOddRank(card.rank);
  return { ODD: odd ? WIN : LOSE, EVEN: odd ? LOSE : WIN };
}

export function colourOutcomes(card: Card): Record<string, RunnerOutcome> {
  const red = isRed(card);
  return { RED: red ? WIN : LOSE, BLACK: red ? LOSE : WIN };
}

export function lowHighOutcomes(card: Card, seven: SevenRule): Record<string, RunnerOutcome> {
  if (card.rank === 7) {
    const onSeven = seven === 'HALF_LOSE' ? HALF_LOSE : LOSE;
    return { LOW: onSeven, HIGH: onSeven, SEVEN: WIN };
  }
  const low = card.rank < 7;
  return { LOW: low ? WIN : LOSE, HIGH: low ? LOSE : WIN, SEVEN: LOSE };
}

export function rankOutcomes(card: Card): Record<string, RunnerOutcome> {
  const out: Record<string, RunnerOutcome> = {};
  for (let rank = 1; rank <= 13; rank++) out[RANK_LABELS[rank]] = rank === card.rank ? WIN : LOSE;
  return out;
}

/** The four suits in PF-1 order, as runners: selection ids S, H, C, D. */
export function suitMarket(code: string, name: string, price: number): CasinoMarketDef {
  const rtp = rtpFromCounts([[1, price]], 4);
  return { code, name, runners: SUITS.map((suit) => ({ selectionId: suit, name: SUIT_NAMES[suit], back: price, rtp })) };
}

const SUIT_NAMES: Readonly<Record<Suit, string>> = { S: 'Spade', H: 'Heart', C: 'Club', D: 'Diamond' };

/** The suit market's outcome: the card's suit wins, the other three lose. */
export function suitOutcomes(card: Card): Record<string, RunnerOutcome> {
  const out: Record<string, RunnerOutcome> = {};
  for (const suit of SUITS) out[suit] = suit === card.suit ? WIN : LOSE;
  return out;
}
