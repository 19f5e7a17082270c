/**
 * Lucky 7 – A (docs/rules/casino-games.md §1.4): one card from 8 decks; ace low. Low is A–6 and High 8–K; a 7 is the
 * "tie", on which Low and High lose half the stake. Prices are the Diamond "Lucky 7-A" column:
 * Low/High 2.0, Even 2.10, Odd 1.79, Red/Black 1.95, Card 12.0. Win codes are the Diamond feed's:
 * '1' low, '2' high, '0' a seven (the clone's history shows them as W, L, T).
 */
import { RANK_LABELS, isRed, parseCard } from './cards';
import { assertShoe, marketRuleLines, readConfig } from './market-kit';
import { colourMarket, colourOutcomes, isOddRank, lowHighMarket, lowHighOutcomes, oddEvenMarket, oddEvenOutcomes, rankMarket, rankOutcomes } from './single-card';
import { type CasinoGame, type CasinoMarketDef, type RoundResult } from './types';
import { sidesBadge, type ResultBadge } from './result-badge';

/** Lucky 7 has no rule flags. */
export type Lucky7Config = Record<string, never>;

const DECKS = 8;

const MARKETS: readonly CasinoMarketDef[] = [
  lowHighMarket('LOW_HIGH', 'Low / High', { low: 'Low card (A–6)', high: 'High card (8–K)' }, 200, 'HALF_LOSE'),
  oddEvenMarket('ODD_EVEN', 'Odd / Even', 179, 210),
  colourMarket('COLOUR', 'Red / Black', 195),
  rankMarket('CARD', 'Card', 1200),
];

function markets(): CasinoMarketDef[] {
  return MARKETS.map((m) => ({ ...m, runners: m.runners.map((r) => ({ ...r })) }));
}

function resolve(shoe: readonly string[]): RoundResult {
  assertShoe(shoe, 1, 'Lucky 7');
  const code = shoe[0];
  const card = parseCard(code);
  const side = card.rank === 7 ? 'Tie' : card.rank < 7 ? 'Low Card' : 'High Card';
  return {
    win: card.rank === 7 ? '0' : card.rank < 7 ? '1' : '2',
    card: code,
    rdesc: [side, isOddRank(card.rank) ? 'Odd' : 'Even', isRed(card) ? 'Red' : 'Black', `Card ${RANK_LABELS[card.rank]}`].join('#'),
    outcomes: {
      LOW_HIGH: lowHighOutcomes(card, 'HALF_LOSE'),
      ODD_EVEN: oddEvenOutcomes(card),
      COLOUR: colourOutcomes(card),
      CARD: rankOutcomes(card),
    },
    hands: { card: [code] },
  };
}

function rules(): string[] {
  return [
    `Deal: ${DECKS} decks (${52 * DECKS} cards), shuffled every round by PF-1; one card. Ace is low (1), King high (13).`,
    'Low card wins on A–6, High card on 8–K. A 7 is the tie: Low and High bets lose half the stake.',
    'Odd: A, 3, 5, 7, 9, J, K; Even: 2, 4, 6, 8, 10, Q. Red: ♥♦; Black: ♠♣. Card: the exact rank.',
    ...marketRuleLines(markets()),
  ];
}

/** Lucky 7 – A, category 27 of docs/rules/product.md §2. */
/** Winner codes: '0' a seven, '1' low (A–6), '2' high (8–K). */
function resultBadge(win: string): ResultBadge {
  if (win === '0') return { label: '7', name: 'Seven', tone: 'tie', stat: 'Seven' };
  return sidesBadge([
    { label: 'L', name: 'Low', tone: 'a' },
    { label: 'H', name: 'High', tone: 'b' },
  ])(win);
}

export const lucky7: CasinoGame<Lucky7Config> = {
  code: 'lucky7',
  title: 'Lucky 7 - A',
  categoryId: 27,
  rulesVersion: 1,
  shoe: { kind: 'cards', decks: DECKS },
  defaultConfig: {},
  parseConfig: (raw) => readConfig<Lucky7Config>(raw, {}, {}),
  markets,
  resolve,
  rules,
  resultBadge,
};

/**
 * Lucky 7 – B, category 27 of docs/rules/product.md §2: the same rules, prices and shoe as Lucky 7 – A on a table of its
 * own (its own code, rounds and history), so a rule change reaches both.
 */
export const lucky7b: CasinoGame<Lucky7Config> = { ...lucky7, code: 'lucky7b', title: 'Lucky 7 - B' };
