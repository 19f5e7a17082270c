/**
 * Casino Queen, "queen" (docs/rules/casino-games.md §1.14): a 21-card deck, 2–6 of each suit plus one Queen (ours:
 * the Queen of hearts), shuffled every round. The doc has only the provider's outcome names (Total
 * 0, 1, 2, 3, each with back and lay) and its line "Minimum total 10 or queen is required to win";
 * it did not find how the totals accumulate [L]. So this is OUR published rule, in the shape of 32
 * Cards (whose hands are named after their head starts too):
 *
 * - four hands, Total 0, Total 1, Total 2 and Total 3, start at 0, 1, 2 and 3;
 * - cards are dealt one at a time in that order, round and round (Total 0 first);
 * - the first hand to reach a total of 10 or more, or to receive the Queen, wins at once.
 *
 * A round always ends within 11 cards (the 20 number cards add to 80, far past what four hands can
 * hold below 10), so there is no tie and no void. Dealing order matters more than the head start:
 * Total 3, dealt last, is the least likely to win. Exact chances (pinned by the enumeration of every
 * deal in the test) and our prices: backs at RTP ≈ 0.96, lays keeping a lay's RTP per unit of
 * liability under 0.99. Win codes (ours): '0' … '3', the winning hand's name.
 */
import { parseCard } from './cards';
import { assertShoe, layRtpFromCounts, marketRuleLines, readConfig, rtpFromCounts, settleMarket } from './market-kit';
import { type CasinoGame, type CasinoMarketDef, type RoundResult } from './types';
import { unknownBadge, type ResultBadge } from './result-badge';

/** Casino Queen has no rule flags. */
export type CasinoQueenConfig = Record<string, never>;

/** The hands' head starts, in dealing order. */
export const CASINO_QUEEN_BASES: readonly number[] = [0, 1, 2, 3];

/** A total of this or more wins. */
const TARGET = 10;
/** The Queen's rank: the card that wins whoever receives it. */
const QUEEN = 12;

/**
 * Where a deal stands after the card ranks given (2 … 6, or 12 for the Queen) in dealing order:
 * decided (`winner` the hand's index, 0 = Total 0; `cards` how many were used) or not yet.
 */
export type CasinoQueenDeal = { done: true; winner: number; totals: number[]; cards: number; queen: boolean } | { done: false; totals: number[] };

/** Plays the deal on card ranks in dealing order. */
export function casinoQueenDeal(ranks: readonly number[]): CasinoQueenDeal {
  const totals = [...CASINO_QUEEN_BASES];
  for (let i = 0; i < ranks.length; i++) {
    const hand = i % totals.length;
    if (ranks[i] === QUEEN) return { done: true, winner: hand, totals, cards: i + 1, queen: true };
    if (ranks[i] < 2 || ranks[i] > 6) throw new Error(`Casino Queen deals 2 … 6 and the Queen, not rank ${ranks[i]}`);
    totals[hand] += ranks[i];
    if (totals[hand] >= TARGET) return { done: true, winner: hand, totals, cards: i + 1, queen: false };
  }
  return { done: false, totals };
}

/** The most cards a round can use. */
const MAX_CARDS = 11;

// Win chances × 21·20·…·11 (every ordered 11-card deal; pinned by the full enumeration in the
// test): 0.285422, 0.314709, 0.262939, 0.136930 (fair 3.504, 3.178, 3.803, 7.303).
const DEALS = 14_079_294_028_800;
const WINS = [4_018_543_423_488, 4_430_876_947_200, 3_701_990_654_208, 1_927_883_003_904];

const RUNNERS = [
  { selectionId: 'TOTAL_0', name: 'Total 0', back: 335, lay: 360 },
  { selectionId: 'TOTAL_1', name: 'Total 1', back: 305, lay: 325 },
  { selectionId: 'TOTAL_2', name: 'Total 2', back: 365, lay: 395 },
  { selectionId: 'TOTAL_3', name: 'Total 3', back: 700, lay: 790 },
] as const;

function markets(): CasinoMarketDef[] {
  return [
    {
      code: 'WINNER',
      name: 'Winner',
      runners: RUNNERS.map((r, i) => ({ ...r, rtp: rtpFromCounts([[WINS[i], r.back]], DEALS), layRtp: layRtpFromCounts(WINS[i], DEALS, r.lay) })),
    },
  ];
}

const MARKETS = markets();

function resolve(shoe: readonly string[]): RoundResult {
  assertShoe(shoe, MAX_CARDS, 'Casino Queen');
  const deal = casinoQueenDeal(shoe.slice(0, MAX_CARDS).map((code) => parseCard(code).rank));
  if (!deal.done) throw new Error('Casino Queen: 11 cards dealt without a winner (not a Casino Queen shoe)');
  const used = shoe.slice(0, deal.cards);
  const hands: Record<string, string[]> = { total0: [], total1: [], total2: [], total3: [] };
  used.forEach((code, i) => hands[`total${i % 4}`].push(code));
  const totals = deal.totals.map((t, i) => `T${i} : ${deal.queen && i === deal.winner ? 'Queen' : t}`).join(' | ');
  return {
    win: String(deal.winner),
    card: used.join(','),
    rdesc: `Total ${deal.winner}#${totals}`,
    outcomes: { WINNER: settleMarket(MARKETS[0], RUNNERS[deal.winner].selectionId) },
    hands,
  };
}

function rules(): string[] {
  return [
    'Deal: a 21-card deck (2 to 6 of each suit, and the Queen of hearts), shuffled every round by PF-1. Cards count their face value.',
    'Total 0, Total 1, Total 2 and Total 3 start at 0, 1, 2 and 3. Cards are dealt one at a time to Total 0, 1, 2, 3, then round again.',
    'The first hand to reach a total of 10 or more, or to receive the Queen, wins at once. A round never ends in a tie.',
    'This dealing procedure is our own published rule: the provider\'s was not available.',
    'A lay wins when any other hand wins; a lay risks (price − 1) × stake.',
    ...marketRuleLines(MARKETS),
  ];
}

/** Casino Queen, category 40 of docs/rules/product.md §2. */
/** Winner codes: '0'–'3' the totals 0–3. */
function resultBadge(win: string): ResultBadge {
  const i = /^[0-3]$/.test(win) ? Number(win) : -1;
  if (i < 0) return unknownBadge(win);
  return { label: `T${i}`, name: `Total ${i}`, tone: (['a', 'b', 'c', 'd'] as const)[i], stat: `Total ${i}` };
}

export const casinoQueen: CasinoGame<CasinoQueenConfig> = {
  code: 'queen',
  title: 'Casino Queen',
  categoryId: 40,
  rulesVersion: 1,
  shoe: { kind: 'cards', decks: 1, ranks: 'queen21' },
  defaultConfig: {},
  parseConfig: (raw) => readConfig<CasinoQueenConfig>(raw, {}, {}),
  markets,
  resolve,
  rules,
  resultBadge,
};
