/**
 * Poker 20-20 (docs/rules/casino-games.md §1.7): one 52-card deck shuffled every round. Player A and Player B each
 * get 2 hole cards and 5 community cards are dealt; each hand is the best 5 of its 7 cards under
 * standard poker ranking (a royal flush is the top straight flush; A-2-3-4-5 is the lowest
 * straight). Dealing order (ours; the doc gives none): A1, B1, A2, B2, then the five community
 * cards, so the Diamond `card` field carries 9 cards. `rdesc` is the doc's
 * `Player B#A : Three of a Kind | B : Full House`.
 *
 * Markets: Player A / Player B at 1.98 (the doc's "≈2.0 decimal" [L]); on an exactly equal best
 * hand both bets push (the doc's recommendation: auraegaming calls a tie "a draw"); a tie comes in
 * 4.07% of deals (exact, every deal), so each side's RTP is 0.9904. Hand type per
 * player ("A: One Pair … Straight Flush", "the provider's price" [M]): ours [L] from the exact
 * 7-card category counts (each player's 7 cards are a uniform 7-card hand), at RTP ≈ 0.95.
 * Win codes (ours, as Teen Patti's): '1' A, '2' B, '3' tie.
 */
import { parseCard, type Card } from './cards';
import { PUSH, assertShoe, marketRuleLines, readConfig, rtpFromCounts, settleMarket } from './market-kit';
import { type CasinoGame, type CasinoMarketDef, type RoundResult } from './types';
import { sidesBadge } from './result-badge';

/** Poker 20-20 has no rule flags. */
export type Poker20Config = Record<string, never>;

export type PokerCategory = 'HIGH_CARD' | 'ONE_PAIR' | 'TWO_PAIR' | 'THREE_OF_A_KIND' | 'STRAIGHT' | 'FLUSH' | 'FULL_HOUSE' | 'FOUR_OF_A_KIND' | 'STRAIGHT_FLUSH';

/** Categories from lowest to highest; the index is the category's weight in a hand's value. */
export const POKER_CATEGORIES: readonly PokerCategory[] = ['HIGH_CARD', 'ONE_PAIR', 'TWO_PAIR', 'THREE_OF_A_KIND', 'STRAIGHT', 'FLUSH', 'FULL_HOUSE', 'FOUR_OF_A_KIND', 'STRAIGHT_FLUSH'];

const CATEGORY_NAMES: Readonly<Record<PokerCategory, string>> = {
  HIGH_CARD: 'High Card',
  ONE_PAIR: 'One Pair',
  TWO_PAIR: 'Two Pair',
  THREE_OF_A_KIND: 'Three of a Kind',
  STRAIGHT: 'Straight',
  FLUSH: 'Flush',
  FULL_HOUSE: 'Full House',
  FOUR_OF_A_KIND: 'Four of a Kind',
  STRAIGHT_FLUSH: 'Straight Flush',
};

/** A hand's category and a number that orders hands: higher wins, equal ties. */
export interface PokerHand {
  category: PokerCategory;
  value: number;
}

/** Packs the category and up to five tie-break ranks (2 … 14) into one comparable number. */
const pack = (category: PokerCategory, ranks: readonly number[]) => {
  let v = POKER_CATEGORIES.indexOf(category);
  for (let i = 0; i < 5; i++) v = v * 16 + (ranks[i] ?? 0);
  return v;
};

const SUIT_INDEX: Readonly<Record<Card['suit'], number>> = { S: 0, H: 1, C: 2, D: 3 };
const FIVE_BITS = 0b11111;

/**
 * The top card of the best straight in a rank bit mask (bit r set for rank r, ace as 14), or 0.
 * The ace also counts low (bit 1), for 5-4-3-2-A.
 */
function straightTop(mask: number): number {
  const m = mask & (1 << 14) ? mask | 0b10 : mask;
  for (let top = 14; top >= 5; top--) if (((m >> (top - 4)) & FIVE_BITS) === FIVE_BITS) return top;
  return 0;
}

/** The highest `n` ranks of a bit mask, highest first. */
function topRanks(mask: number, n: number): number[] {
  const out: number[] = [];
  for (let r = 14; r >= 2 && out.length < n; r--) if (mask & (1 << r)) out.push(r);
  return out;
}

/**
 * Evaluates the best 5-card hand of 5 to 7 cards. Counts and bit masks only (no sorting), since the
 * tests evaluate every 5-card hand.
 */
export function pokerHand(cards: readonly Card[]): PokerHand {
  if (cards.length < 5 || cards.length > 7) throw new Error(`a poker hand is the best 5 of 5 to 7 cards, not ${cards.length}`);
  const count = new Array<number>(15).fill(0);
  const suitMask = [0, 0, 0, 0];
  const suitCount = [0, 0, 0, 0];
  let mask = 0;
  for (const c of cards) {
    const r = c.rank === 1 ? 14 : c.rank;
    const s = SUIT_INDEX[c.suit];
    count[r]++;
    suitMask[s] |= 1 << r;
    suitCount[s]++;
    mask |= 1 << r;
  }
  const flush = suitCount.findIndex((n) => n >= 5);
  if (flush >= 0) {
    const top = straightTop(suitMask[flush]);
    if (top) return { category: 'STRAIGHT_FLUSH', value: pack('STRAIGHT_FLUSH', [top]) };
  }
  // Ranks of each group size, highest first.
  let quad = 0;
  const trips: number[] = [];
  const pairs: number[] = [];
  for (let r = 14; r >= 2; r--) {
    if (count[r] === 4) quad = r;
    else if (count[r] === 3) trips.push(r);
    else if (count[r] === 2) pairs.push(r);
  }
  const without = (...ranks: number[]) => ranks.reduce((m, r) => m & ~(1 << r), mask);
  if (quad) return { category: 'FOUR_OF_A_KIND', value: pack('FOUR_OF_A_KIND', [quad, ...topRanks(without(quad), 1)]) };
  if (trips.length && (trips.length > 1 || pairs.length)) {
    const pair = Math.max(trips[1] ?? 0, pairs[0] ?? 0);
    return { category: 'FULL_HOUSE', value: pack('FULL_HOUSE', [trips[0], pair]) };
  }
  if (flush >= 0) return { category: 'FLUSH', value: pack('FLUSH', topRanks(suitMask[flush], 5)) };
  const top = straightTop(mask);
  if (top) return { category: 'STRAIGHT', value: pack('STRAIGHT', [top]) };
  if (trips.length) return { category: 'THREE_OF_A_KIND', value: pack('THREE_OF_A_KIND', [trips[0], ...topRanks(without(trips[0]), 2)]) };
  if (pairs.length >= 2) return { category: 'TWO_PAIR', value: pack('TWO_PAIR', [pairs[0], pairs[1], ...topRanks(without(pairs[0], pairs[1]), 1)]) };
  if (pairs.length) return { category: 'ONE_PAIR', value: pack('ONE_PAIR', [pairs[0], ...topRanks(without(pairs[0]), 3)]) };
  return { category: 'HIGH_CARD', value: pack('HIGH_CARD', topRanks(mask, 5)) };
}

/**
 * 7-card hands by best category, of C(52,7) = 133,784,560 (the standard exact counts; the test
 * checks the evaluator on every 5-card hand and samples 7-card hands against these).
 */
export const SEVEN_CARD_COUNTS: Readonly<Record<PokerCategory, number>> = {
  HIGH_CARD: 23_294_460,
  ONE_PAIR: 58_627_800,
  TWO_PAIR: 31_433_400,
  THREE_OF_A_KIND: 6_461_620,
  STRAIGHT: 6_180_020,
  FLUSH: 4_047_644,
  FULL_HOUSE: 3_473_184,
  FOUR_OF_A_KIND: 224_848,
  STRAIGHT_FLUSH: 41_584,
};
const SEVEN_CARD_HANDS = 133_784_560;

/** Hand-type prices × 100 (ours, RTP ≈ 0.95 on the exact counts). */
const HAND_PRICES: Readonly<Record<PokerCategory, number>> = {
  HIGH_CARD: 545,
  ONE_PAIR: 217,
  TWO_PAIR: 405,
  THREE_OF_A_KIND: 1_970,
  STRAIGHT: 2_050,
  FLUSH: 3_150,
  FULL_HOUSE: 3_650,
  FOUR_OF_A_KIND: 56_500,
  STRAIGHT_FLUSH: 305_000,
};

const PLAYER_PRICE = 198;

// Ordered deals (A's 2 cards, B's 2 cards, the board): C(52,5) · C(47,2) · C(45,2), and the ties
// among them, counted over every board by testing/poker20-ties.c (the test replays a slice of it
// with this evaluator): P(tie) = 0.040674. A and B win the rest equally.
const DEALS = 2_598_960 * 1_081 * 990;
const TIES = 113_130_263_816;
const PLAYER_RTP = rtpFromCounts([[(DEALS - TIES) / 2, PLAYER_PRICE], [TIES, 100]], DEALS);

function handMarket(side: 'A' | 'B'): CasinoMarketDef {
  return {
    code: `HAND_${side}`,
    name: `Player ${side} hand`,
    runners: POKER_CATEGORIES.map((c) => ({ selectionId: c, name: `${side} : ${CATEGORY_NAMES[c]}`, back: HAND_PRICES[c], rtp: rtpFromCounts([[SEVEN_CARD_COUNTS[c], HAND_PRICES[c]]], SEVEN_CARD_HANDS) })),
  };
}

function markets(): CasinoMarketDef[] {
  return [
    {
      code: 'WINNER',
      name: 'Player A / Player B',
      runners: [
        { selectionId: 'PLAYER_A', name: 'Player A', back: PLAYER_PRICE, rtp: PLAYER_RTP },
        { selectionId: 'PLAYER_B', name: 'Player B', back: PLAYER_PRICE, rtp: PLAYER_RTP },
      ],
    },
    handMarket('A'),
    handMarket('B'),
  ];
}

const MARKETS = markets();

function resolve(shoe: readonly string[]): RoundResult {
  assertShoe(shoe, 9, 'Poker 20-20');
  const dealt = shoe.slice(0, 9);
  const codesA = [dealt[0], dealt[2]];
  const codesB = [dealt[1], dealt[3]];
  const board = dealt.slice(4);
  const a = pokerHand([...codesA, ...board].map(parseCard));
  const b = pokerHand([...codesB, ...board].map(parseCard));
  const tie = a.value === b.value;
  const [winner, handA, handB] = MARKETS;
  return {
    win: tie ? '3' : a.value > b.value ? '1' : '2',
    card: dealt.join(','),
    rdesc: `${tie ? 'Tie' : a.value > b.value ? 'Player A' : 'Player B'}#A : ${CATEGORY_NAMES[a.category]} | B : ${CATEGORY_NAMES[b.category]}`,
    outcomes: {
      WINNER: tie ? { PLAYER_A: PUSH, PLAYER_B: PUSH } : settleMarket(winner, a.value > b.value ? 'PLAYER_A' : 'PLAYER_B'),
      HAND_A: settleMarket(handA, a.category),
      HAND_B: settleMarket(handB, b.category),
    },
    hands: { playerA: codesA, playerB: codesB, board },
  };
}

function rules(): string[] {
  return [
    'Deal: one 52-card deck, shuffled every round by PF-1. Player A and Player B get two cards each (A1, B1, A2, B2), then five community cards are dealt.',
    'Each player\'s hand is the best 5 of their 2 cards and the 5 community cards. Highest first: Straight Flush, Four of a Kind, Full House, Flush, Straight, Three of a Kind, Two Pair, One Pair, High Card. Ace is high, and low only in 5-4-3-2-A.',
    'Equal best hands tie (about 4.07% of rounds): Player A / Player B bets are returned (push). Suits never break ties.',
    'Hand bets pay on that player\'s own best hand category.',
    ...marketRuleLines(MARKETS),
  ];
}

/** Poker 20-20, category 21 of docs/rules/product.md §2. */
const resultBadge = sidesBadge([
  { label: 'A', name: 'Player A', tone: 'a' },
  { label: 'B', name: 'Player B', tone: 'b' },
  { label: 'T', name: 'Tie', tone: 'tie' },
]);

export const poker20: CasinoGame<Poker20Config> = {
  code: 'poker20',
  title: 'Poker 20-20',
  categoryId: 21,
  rulesVersion: 1,
  shoe: { kind: 'cards', decks: 1 },
  defaultConfig: {},
  parseConfig: (raw) => readConfig<Poker20Config>(raw, {}, {}),
  markets,
  resolve,
  rules,
  resultBadge,
};
