/**
 * 3 Cards Judgement (docs/rules/casino-games.md §1.8): one 52-card deck shuffled every round; the dealer opens 3
 * cards. A player picks exactly 3 different ranks from A–K and backs Yes (at least one opened card
 * has a picked rank) or No (none has). Every pick is its own market, 'A 5 K' with runners Yes and
 * No, one of which wins each round: C(13,3) = 286 markets, codes `CARDS_A_5_K` (ranks ascending,
 * A low). The screen builds the code from the player's three picks.
 *
 * Every pick of 3 distinct ranks has the same chances: P(No) = C(40,3)/C(52,3) = 0.4471 (fair
 * 2.237), P(Yes) = 0.5529 (fair 1.809), the doc's figures. Prices come from the provider and vary
 * [M]; ours [L]: Yes 1.77 (RTP 0.9787), No 2.19 (RTP 0.9791). Win code (ours): the opened ranks in
 * dealing order, comma-separated.
 */
import { RANK_LABELS, cardLabel, parseCard } from './cards';
import { LOSE, WIN, assertShoe, marketRuleLines, readConfig, rtpFromCounts } from './market-kit';
import { type CasinoGame, type CasinoMarketDef, type RoundResult, type RunnerOutcome } from './types';
import { unknownBadge, type ResultBadge } from './result-badge';

/** 3 Cards Judgement has no rule flags. */
export type ThreeCardJudgementConfig = Record<string, never>;

const PRICE = { yes: 177, no: 219 };

/** C(52,3) three-card hands, of which C(40,3) miss all 12 cards of three given ranks. */
const HANDS = 22_100;
const NO_HANDS = 9_880;

/** Every pick of 3 distinct ranks, ascending (ace low): [1,2,3] … [11,12,13]. */
export const JUDGEMENT_PICKS: readonly (readonly [number, number, number])[] = (() => {
  const picks: [number, number, number][] = [];
  for (let a = 1; a <= 13; a++) for (let b = a + 1; b <= 13; b++) for (let c = b + 1; c <= 13; c++) picks.push([a, b, c]);
  return picks;
})();

/** The market code of a pick, in any order: [13, 1, 5] → 'CARDS_A_5_K'. Throws unless 3 different ranks. */
export function judgementMarketCode(ranks: readonly number[]): string {
  const sorted = [...ranks].sort((x, y) => x - y);
  if (sorted.length !== 3 || new Set(sorted).size !== 3 || sorted.some((r) => !Number.isInteger(r) || r < 1 || r > 13)) throw new Error(`a pick is 3 different ranks A–K, not ${JSON.stringify(ranks)}`);
  return `CARDS_${sorted.map((r) => RANK_LABELS[r]).join('_')}`;
}

function markets(): CasinoMarketDef[] {
  const yes = rtpFromCounts([[HANDS - NO_HANDS, PRICE.yes]], HANDS);
  const no = rtpFromCounts([[NO_HANDS, PRICE.no]], HANDS);
  return JUDGEMENT_PICKS.map((pick) => ({
    code: judgementMarketCode(pick),
    name: pick.map((r) => RANK_LABELS[r]).join(' '),
    runners: [
      { selectionId: 'YES', name: 'Yes', back: PRICE.yes, rtp: yes },
      { selectionId: 'NO', name: 'No', back: PRICE.no, rtp: no },
    ],
  }));
}

const MARKETS = markets();

function resolve(shoe: readonly string[]): RoundResult {
  assertShoe(shoe, 3, '3 Cards Judgement');
  const dealt = shoe.slice(0, 3);
  const cards = dealt.map(parseCard);
  const opened = new Set(cards.map((c) => c.rank));
  const outcomes: Record<string, Record<string, RunnerOutcome>> = {};
  JUDGEMENT_PICKS.forEach((pick, i) => {
    const hit = pick.some((r) => opened.has(r));
    outcomes[MARKETS[i].code] = { YES: hit ? WIN : LOSE, NO: hit ? LOSE : WIN };
  });
  return {
    win: cards.map((c) => RANK_LABELS[c.rank]).join(','),
    card: dealt.join(','),
    rdesc: cards.map(cardLabel).join(' '),
    outcomes,
    hands: { cards: dealt },
  };
}

function rules(): string[] {
  return [
    'Deal: one 52-card deck, shuffled every round by PF-1; the dealer opens 3 cards.',
    'Pick exactly 3 different ranks from A to K. Yes wins if at least one opened card has a picked rank; No wins if none does. Suits do not count.',
    'Every pick has the same chances: No 0.4471, Yes 0.5529.',
    ...marketRuleLines(MARKETS),
  ];
}

/** 3 Cards Judgement, category 28 of docs/rules/product.md §2. */
/** The winner code is the three ranks dealt ('A,5,K'): shown, not counted (286 picks). */
function resultBadge(win: string): ResultBadge {
  const ranks = win.split(',');
  if (ranks.length !== 3 || ranks.some((r) => !/^(A|[2-9]|10|J|Q|K)$/.test(r))) return unknownBadge(win);
  return { label: ranks.join('').slice(0, 3), name: `Cards ${ranks.join(', ')}`, tone: 'a', stat: null };
}

export const threeCardJudgement: CasinoGame<ThreeCardJudgementConfig> = {
  code: 'teen3cj',
  title: '3 Cards Judgement',
  categoryId: 28,
  rulesVersion: 1,
  shoe: { kind: 'cards', decks: 1 },
  defaultConfig: {},
  parseConfig: (raw) => readConfig<ThreeCardJudgementConfig>(raw, {}, {}),
  markets,
  resolve,
  rules,
  resultBadge,
};
