/**
 * 32 Cards – A (docs/rules/casino-games.md §1.5): a 32-card deck (6 … K of each suit; 6–10 count their face value,
 * J 11, Q 12, K 13) shuffled every round. Four hands start at 8, 9, 10 and 11 and get one card
 * each, in that order. If two or more hands tie for the highest total, only those get another card
 * (in player order), and so on until one highest hand remains; ties below the top are ignored, so a
 * round never ends in a tie.
 *
 * Back prices are KingMaker's (12.0, 5.5, 3.2, 2.0). The doc names no lay prices (XPG and Diamond
 * show lays, a lay winning when any other hand wins), so ours are set for a house edge of at least
 * 1% per unit of liability over the exact win chances: 14.5, 6.5, 3.6, 2.2 (fair: 12.77, 6.11,
 * 3.41, 2.15). Win codes are the Diamond feed's: '1' … '4' for Player 8 … 11.
 */
import { parseCard } from './cards';
import { LOSE, VOID, WIN, marketRuleLines, readConfig, layRtpFromCounts, rtpFromCounts } from './market-kit';
import { type CasinoGame, type CasinoMarketDef, type RoundResult, type RunnerOutcome } from './types';
import { sidesBadge, type ResultBadge } from './result-badge';

/** 32 Cards has no rule flags. */
export type ThirtyTwoCardsConfig = Record<string, never>;

/** The hands' head starts, in dealing order. */
export const THIRTY_TWO_CARDS_BASES: readonly number[] = [8, 9, 10, 11];

/** The deck: 8 ranks (6 … K) × 4 suits. */
const DECK_SIZE = 32;

/**
 * One round of dealing: one card to each hand in `contenders` (in order, values in dealing
 * order), and the hands then tied for the top. Used for the first four cards (all hands, their head
 * starts as totals) and for every re-deal (the tied hands, whose totals are equal).
 */
export function thirtyTwoCardsRound(totals: readonly number[], contenders: readonly number[], values: readonly number[]): { totals: number[]; contenders: number[] } {
  if (values.length !== contenders.length) throw new Error(`a round deals ${contenders.length} cards, not ${values.length}`);
  const next = [...totals];
  contenders.forEach((hand, i) => (next[hand] += values[i]));
  const top = Math.max(...contenders.map((h) => next[h]));
  return { totals: next, contenders: contenders.filter((h) => next[h] === top) };
}

/**
 * Where a deal stands after the cards given (values 6 … 13 in dealing order): decided (`winner` is
 * the hand's index, 0 = Player 8; `dealtTo[i]` the hand that got card i), or not yet (`done: false`,
 * more cards are needed). `exhausted` says the whole deck went out with hands still tied.
 */
export type ThirtyTwoCardsDeal =
  | { done: true; winner: number; totals: number[]; dealtTo: number[] }
  | { done: false; exhausted: boolean; totals: number[]; dealtTo: number[] };

/** Plays the deal on card values in dealing order, round by round. */
export function thirtyTwoCardsDeal(values: readonly number[]): ThirtyTwoCardsDeal {
  let totals = [...THIRTY_TWO_CARDS_BASES];
  let contenders = [0, 1, 2, 3];
  const dealtTo: number[] = [];
  while (dealtTo.length + contenders.length <= values.length) {
    const round = thirtyTwoCardsRound(totals, contenders, values.slice(dealtTo.length, dealtTo.length + contenders.length));
    dealtTo.push(...contenders);
    ({ totals, contenders } = round);
    if (contenders.length === 1) return { done: true, winner: contenders[0], totals, dealtTo };
  }
  return { done: false, exhausted: dealtTo.length + contenders.length > DECK_SIZE, totals, dealtTo };
}

const RUNNERS = [
  { selectionId: 'PLAYER_8', name: 'Player 8', back: 1200, lay: 1450 },
  { selectionId: 'PLAYER_9', name: 'Player 9', back: 550, lay: 650 },
  { selectionId: 'PLAYER_10', name: 'Player 10', back: 320, lay: 360 },
  { selectionId: 'PLAYER_11', name: 'Player 11', back: 200, lay: 220 },
] as const;

// Win chances × 863,040 · 12 (pinned by the full recursive enumeration in the test): the first
// four cards are one of 32·31·30·29 = 863,040 ordered deals; when k hands tie for the top, the
// re-deals treat them alike, so each wins 1/k of that deal, hence the factor 12 = lcm(2, 3, 4).
// The one thing this leaves out is the void (the deck running out with hands still tied), a
// chance of 2.0 × 10^-14 that takes a share of it from each tied hand: the RTPs below are exact to
// better than 10^-13.
const DEALS = 863_040 * 12;
const WINS = [811_200, 1_696_256, 3_034_688, 4_814_336];

function markets(): CasinoMarketDef[] {
  return [
    {
      code: 'WINNER',
      name: 'Winner',
      runners: RUNNERS.map((r, i) => ({ ...r, rtp: rtpFromCounts([[WINS[i], r.back]], DEALS), layRtp: layRtpFromCounts(WINS[i], DEALS, r.lay) })),
    },
  ];
}

function resolve(shoe: readonly string[]): RoundResult {
  const values = shoe.slice(0, DECK_SIZE).map((code) => {
    const card = parseCard(code);
    if (card.rank < 6) throw new Error(`32 Cards deals 6 … K, not ${code}`);
    return card.rank;
  });
  const deal = thirtyTwoCardsDeal(values);
  if (!deal.done && !deal.exhausted) throw new Error(`32 Cards: the shoe of ${shoe.length} cards ran out before a single top hand`);
  const used = shoe.slice(0, deal.dealtTo.length);
  const hands: Record<string, string[]> = { player8: [], player9: [], player10: [], player11: [] };
  used.forEach((code, i) => hands[`player${THIRTY_TWO_CARDS_BASES[deal.dealtTo[i]]}`].push(code));
  const totals = deal.totals.map((t, i) => `P${THIRTY_TWO_CARDS_BASES[i]} : ${t}`).join(' | ');
  const outcome: Record<string, RunnerOutcome> = {};
  RUNNERS.forEach((r, i) => (outcome[r.selectionId] = !deal.done ? VOID : i === deal.winner ? WIN : LOSE));
  return {
    win: deal.done ? String(deal.winner + 1) : '0',
    card: used.join(','),
    rdesc: `${deal.done ? `Player ${THIRTY_TWO_CARDS_BASES[deal.winner]}` : 'Void'}#${totals}`,
    outcomes: { WINNER: outcome },
    hands,
  };
}

function rules(): string[] {
  return [
    'Deal: a 32-card deck (6 to K of each suit), shuffled every round by PF-1. Cards 6–10 count their face value, J 11, Q 12, K 13.',
    'Player 8, 9, 10 and 11 start at 8, 9, 10 and 11 and get one card each, in that order. The highest total wins.',
    'If two or more hands tie for the highest total, only they get another card, in player order, until one hand is highest. A round never ends in a tie.',
    'Should all 32 cards be dealt with hands still tied (a chance of about 2 in 10^14), the round is void and every bet is returned.',
    'A lay wins when any other hand wins; a lay risks (price − 1) × stake.',
    ...marketRuleLines(markets()),
  ];
}

/** 32 Cards – A, category 24 of docs/rules/product.md §2. */
/** Winner codes: '1'–'4' the players 8–11, '0' a shoe run out before one top hand (void). */
function resultBadge(win: string): ResultBadge {
  if (win === '0') return { label: 'V', name: 'Void', tone: 'void', stat: null };
  return sidesBadge(THIRTY_TWO_CARDS_BASES.map((base, i) => ({ label: String(base), name: `Player ${base}`, tone: (['a', 'b', 'c', 'd'] as const)[i] })))(win);
}

export const thirtyTwoCards: CasinoGame<ThirtyTwoCardsConfig> = {
  code: 'card32',
  title: '32 Cards - A',
  categoryId: 24,
  rulesVersion: 1,
  shoe: { kind: 'cards', decks: 1, ranks: 'six-to-king' },
  defaultConfig: {},
  parseConfig: (raw) => readConfig<ThirtyTwoCardsConfig>(raw, {}, {}),
  markets,
  resolve,
  rules,
  resultBadge,
};

/**
 * 32 Cards – B, category 24 of docs/rules/product.md §2: the rules, prices and deck of 32 Cards – A on a table of its own
 * (its own code, rounds and history), so a rule change reaches both.
 */
export const thirtyTwoCardsB: CasinoGame<ThirtyTwoCardsConfig> = { ...thirtyTwoCards, code: 'card32b', title: '32 Cards - B' };
