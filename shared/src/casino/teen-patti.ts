/**
 * Teen Patti 20-20, Player A v Player B (docs/rules/casino-games.md §1.1): one 52-card deck, three cards each, dealt
 * A1, B1, A2, B2, A3, B3. Categories, highest first: trail, pure sequence, sequence, color, pair,
 * high card. Sequences rank A-K-Q, then A-2-3 (the Indian default; the `a23` flag can make it the
 * lowest), then K-Q-J … 4-3-2, with no wrap-around (K-A-2 is not one). Suits never break ties:
 * hands of identical ranks and category tie, and Player A/B bets push.
 *
 * Markets, at the prices the doc gives: Player A / Player B at 1.98 (Diamond screens), Tie at
 * 800:1 (OneTouch) and Pair Plus A / B on OneTouch's pay table (a pay-table bet, settled
 * `WIN_PAYTABLE`). Win codes (ours; the doc gives none for this table): '1' A, '2' B, '3' tie.
 */
import { parseCard, type Card } from './cards';
import { LOSE, PUSH, WIN, assertShoe, marketRuleLines, readConfig, rtpFromCounts, settleMarket } from './market-kit';
import { type CasinoGame, type CasinoMarketDef, type RoundResult, type RunnerOutcome } from './types';
import { sidesBadge } from './result-badge';

/** Where A-2-3 ranks among sequences: second only to A-K-Q (default), or below 4-3-2. */
export interface TeenPattiConfig {
  a23: 'second' | 'lowest';
}

export type TeenPattiCategory = 'TRAIL' | 'PURE_SEQUENCE' | 'SEQUENCE' | 'COLOR' | 'PAIR' | 'HIGH_CARD';

/** Categories from lowest to highest; the index is the category's weight in a hand's value. */
const CATEGORIES: readonly TeenPattiCategory[] = ['HIGH_CARD', 'PAIR', 'COLOR', 'SEQUENCE', 'PURE_SEQUENCE', 'TRAIL'];

const CATEGORY_NAMES: Readonly<Record<TeenPattiCategory, string>> = {
  TRAIL: 'Trail',
  PURE_SEQUENCE: 'Pure Sequence',
  SEQUENCE: 'Sequence',
  COLOR: 'Color',
  PAIR: 'Pair',
  HIGH_CARD: 'High Card',
};

/** A hand's category and a number that orders hands: higher wins, equal ties. */
export interface TeenPattiHand {
  category: TeenPattiCategory;
  value: number;
}

/** Ace counts high (14) everywhere except in the A-2-3 sequence. */
const high = (rank: number) => (rank === 1 ? 14 : rank);

/**
 * Sequence strength of three distinct ranks, or 0 if they are not a sequence. Even numbers keep
 * room for A-2-3 between A-K-Q and K-Q-J: 4-3-2 is 2, K-Q-J 20, A-K-Q 22; A-2-3 is 21 (second) or
 * 1 (lowest).
 */
function sequenceStrength(desc: readonly number[], config: TeenPattiConfig): number {
  if (desc[0] === 14 && desc[1] === 3 && desc[2] === 2) return config.a23 === 'second' ? 21 : 1;
  if (desc[0] - 1 === desc[1] && desc[1] - 1 === desc[2]) return 2 * (desc[0] - 3);
  return 0;
}

/** Packs the category and three tie-break numbers (each < 32) into one comparable number. */
const pack = (category: TeenPattiCategory, a: number, b = 0, c = 0) => (((CATEGORIES.indexOf(category) * 32 + a) * 32 + b) * 32 + c);

/** Evaluates a three-card Teen Patti hand under `config`. */
export function teenPattiHand(cards: readonly Card[], config: TeenPattiConfig): TeenPattiHand {
  if (cards.length !== 3) throw new Error(`a Teen Patti hand has 3 cards, not ${cards.length}`);
  const desc = cards.map((c) => high(c.rank)).sort((x, y) => y - x);
  const flush = cards[0].suit === cards[1].suit && cards[1].suit === cards[2].suit;
  if (desc[0] === desc[2]) return { category: 'TRAIL', value: pack('TRAIL', desc[0]) };
  if (desc[0] === desc[1] || desc[1] === desc[2]) {
    const pair = desc[1]; // the middle card always belongs to the pair
    const kicker = desc[0] === desc[1] ? desc[2] : desc[0];
    return { category: 'PAIR', value: pack('PAIR', pair, kicker) };
  }
  const strength = sequenceStrength(desc, config);
  if (strength > 0) {
    const category = flush ? 'PURE_SEQUENCE' : 'SEQUENCE';
    return { category, value: pack(category, strength) };
  }
  const category = flush ? 'COLOR' : 'HIGH_CARD';
  return { category, value: pack(category, desc[0], desc[1], desc[2]) };
}

/**
 * OneTouch's Pair Plus pay table (docs/rules/casino-games.md §1.1), profit per 100 staked: three aces 50:1, trail
 * 40:1, pure sequence 30:1, sequence 6:1, color 3:1, pair 1:1; a high card loses.
 */
export function pairPlusProfit(cards: readonly Card[], hand: TeenPattiHand): number | null {
  if (hand.category === 'TRAIL') return cards[0].rank === 1 ? 5000 : 4000;
  return { PURE_SEQUENCE: 3000, SEQUENCE: 600, COLOR: 300, PAIR: 100, HIGH_CARD: null }[hand.category];
}

// Exact counts (pinned by the enumeration in teen-patti.test.ts). Deals: ordered (A, B) hand
// pairs, C(52,3) · C(49,3). Ties: 450,528, WoO's count too; P(tie) = 0.001106 (the 0.001108 that
// the usual rules text quotes divides by WoO's slightly short total). Single hands: C(52,3) by Pair Plus line.
const DEALS = 22_100 * 18_424;
const TIES = 450_528;
const A_WINS = (DEALS - TIES) / 2;
const HANDS = 22_100;
const PAIR_PLUS_LINES: readonly (readonly [count: number, profit: number])[] = [
  [4, 5000], // A-A-A
  [48, 4000], // the other trails
  [48, 3000], // pure sequences: 12 × 4 suits
  [720, 600], // sequences: 12 × (4³ − 4)
  [1_096, 300], // colors: 4 × C(13,3) − 48
  [3_744, 100], // pairs: 13 × C(4,2) × 48
];

const PRICE = { player: 198, tie: 80_100, pairPlusMinimum: 200 };

function pairPlusMarket(side: 'A' | 'B'): CasinoMarketDef {
  return {
    code: `PAIR_PLUS_${side}`,
    name: `Pair Plus ${side}`,
    runners: [
      { selectionId: 'PAIR_PLUS', name: `Pair Plus ${side}`, back: PRICE.pairPlusMinimum, rtp: rtpFromCounts(PAIR_PLUS_LINES.map(([n, p]) => [n, 100 + p]), HANDS) },
      { selectionId: 'HIGH_CARD', name: 'High card', back: null },
    ],
  };
}

function markets(): CasinoMarketDef[] {
  const playerRtp = rtpFromCounts([[A_WINS, PRICE.player], [TIES, 100]], DEALS);
  return [
    {
      code: 'WINNER',
      name: 'Player A / Player B',
      runners: [
        { selectionId: 'PLAYER_A', name: 'Player A', back: PRICE.player, rtp: playerRtp },
        { selectionId: 'PLAYER_B', name: 'Player B', back: PRICE.player, rtp: playerRtp },
      ],
    },
    {
      code: 'TIE',
      name: 'Tie',
      runners: [
        { selectionId: 'TIE', name: 'Tie', back: PRICE.tie, rtp: rtpFromCounts([[TIES, PRICE.tie]], DEALS) },
        { selectionId: 'NO_TIE', name: 'No tie', back: null },
      ],
    },
    pairPlusMarket('A'),
    pairPlusMarket('B'),
  ];
}

const MARKETS = markets();

function pairPlusOutcomes(cards: readonly Card[], hand: TeenPattiHand): Record<string, RunnerOutcome> {
  const profit = pairPlusProfit(cards, hand);
  return profit === null ? { PAIR_PLUS: LOSE, HIGH_CARD: WIN } : { PAIR_PLUS: { rule: 'WIN_PAYTABLE', profit }, HIGH_CARD: LOSE };
}

function resolve(shoe: readonly string[], config: TeenPattiConfig): RoundResult {
  assertShoe(shoe, 6, 'Teen Patti');
  const dealt = shoe.slice(0, 6);
  const codesA = [dealt[0], dealt[2], dealt[4]];
  const codesB = [dealt[1], dealt[3], dealt[5]];
  const cardsA = codesA.map(parseCard);
  const cardsB = codesB.map(parseCard);
  const a = teenPattiHand(cardsA, config);
  const b = teenPattiHand(cardsB, config);
  const tie = a.value === b.value;
  const [winner, tieMarket] = MARKETS;
  return {
    win: tie ? '3' : a.value > b.value ? '1' : '2',
    card: dealt.join(','),
    rdesc: `${tie ? 'Tie' : a.value > b.value ? 'Player A' : 'Player B'}#A : ${CATEGORY_NAMES[a.category]} | B : ${CATEGORY_NAMES[b.category]}`,
    outcomes: {
      WINNER: tie ? { PLAYER_A: PUSH, PLAYER_B: PUSH } : settleMarket(winner, a.value > b.value ? 'PLAYER_A' : 'PLAYER_B'),
      TIE: settleMarket(tieMarket, tie ? 'TIE' : 'NO_TIE'),
      PAIR_PLUS_A: pairPlusOutcomes(cardsA, a),
      PAIR_PLUS_B: pairPlusOutcomes(cardsB, b),
    },
    hands: { playerA: codesA, playerB: codesB },
  };
}

function rules(config: TeenPattiConfig): string[] {
  return [
    'Deal: one 52-card deck, shuffled every round by PF-1; three cards each, dealt A1, B1, A2, B2, A3, B3.',
    'Hands, highest first: Trail (three of a kind, A-A-A highest), Pure Sequence, Sequence, Color, Pair, High Card. Ace is high except in A-2-3.',
    config.a23 === 'second'
      ? 'Sequences: A-K-Q highest, then A-2-3, then K-Q-J … 4-3-2; no wrap-around (K-A-2 is not a sequence). [a23: second]'
      : 'Sequences: A-K-Q highest, then K-Q-J … 4-3-2, and A-2-3 lowest; no wrap-around (K-A-2 is not a sequence). [a23: lowest]',
    'Color and High Card compare the highest card, then the second, then the third; Pair compares the pair, then the third card. Suits never count: hands of the same ranks and category tie: Player A / Player B bets are returned (push) and Tie pays 800:1.',
    'Pair Plus pays on that player\'s own hand, by pay table (the 2.00 shown is its least return): A-A-A 50:1, Trail 40:1, Pure Sequence 30:1, Sequence 6:1, Color 3:1, Pair 1:1; High Card loses.',
    ...marketRuleLines(MARKETS),
  ];
}

/** Teen Patti 20-20, category 20 of docs/rules/product.md §2. */
const resultBadge = sidesBadge([
  { label: 'A', name: 'Player A', tone: 'a' },
  { label: 'B', name: 'Player B', tone: 'b' },
  { label: 'T', name: 'Tie', tone: 'tie' },
]);

export const teenPatti20: CasinoGame<TeenPattiConfig> = {
  code: 'teen20',
  title: '20-20 Teenpatti',
  categoryId: 20,
  rulesVersion: 1,
  shoe: { kind: 'cards', decks: 1 },
  defaultConfig: Object.freeze({ a23: 'second' }),
  parseConfig: (raw) => readConfig<TeenPattiConfig>(raw, { a23: 'second' }, { a23: ['second', 'lowest'] }),
  markets,
  resolve,
  rules,
  resultBadge,
};
