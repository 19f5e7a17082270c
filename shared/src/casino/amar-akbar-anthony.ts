/**
 * Amar Akbar Anthony (docs/rules/casino-games.md §1.11): one card from a 52-card deck shuffled every round. Amar wins
 * on A–6, Akbar on 7–10, Anthony on J, Q, K. Side bets on the same card: Even / Odd (2.12 / 1.83),
 * Red / Black (1.97), Under 7 / Over 7 (2.0; a 7 loses half the stake) and the exact rank (12.0),
 * the doc's Diamond prices, on the shared single-card markets.
 *
 * The main market shows back and lay (the doc: "provider back/lay (≈2.1 / ≈3.1–3.2 / ≈4.1–4.2)"
 * [L]). Ours: backs 2.10, 3.15, 4.15; lays 2.20, 3.35, 4.50, the least prices at a 0.05 step that
 * keep a lay's RTP per unit of liability at or under 0.99 (as 32 Cards sets its lays). Win codes,
 * the Diamond feed's: '1' Amar, '2' Akbar, '3' Anthony.
 */
import { RANK_LABELS, isRed, parseCard, type Card } from './cards';
import { assertShoe, layRtpFromCounts, marketRuleLines, readConfig, rtpFromCounts, settleMarket } from './market-kit';
import { colourMarket, colourOutcomes, isOddRank, lowHighMarket, lowHighOutcomes, oddEvenMarket, oddEvenOutcomes, rankMarket, rankOutcomes } from './single-card';
import { type CasinoGame, type CasinoMarketDef, type RoundResult } from './types';
import { sidesBadge } from './result-badge';

/** Amar Akbar Anthony has no rule flags. */
export type AmarAkbarAnthonyConfig = Record<string, never>;

/** The three groups: their ranks (of 13), runner and prices × 100. */
const GROUPS = [
  { selectionId: 'AMAR', name: 'Amar', ranks: 'A–6', count: 6, back: 210, lay: 220 },
  { selectionId: 'AKBAR', name: 'Akbar', ranks: '7–10', count: 4, back: 315, lay: 335 },
  { selectionId: 'ANTHONY', name: 'Anthony', ranks: 'J, Q, K', count: 3, back: 415, lay: 450 },
] as const;

/** The group of a card: 0 Amar (A–6), 1 Akbar (7–10), 2 Anthony (J–K). */
export function aaaGroup(card: Card): 0 | 1 | 2 {
  return card.rank <= 6 ? 0 : card.rank <= 10 ? 1 : 2;
}

function markets(): CasinoMarketDef[] {
  return [
    {
      code: 'MAIN',
      name: 'Amar / Akbar / Anthony',
      runners: GROUPS.map((g) => ({
        selectionId: g.selectionId,
        name: g.name,
        back: g.back,
        lay: g.lay,
        rtp: rtpFromCounts([[g.count, g.back]], 13),
        layRtp: layRtpFromCounts(g.count, 13, g.lay),
      })),
    },
    oddEvenMarket('ODD_EVEN', 'Odd / Even', 183, 212),
    colourMarket('COLOUR', 'Red / Black', 197),
    lowHighMarket('UNDER_OVER', 'Under 7 / Over 7', { low: 'Under 7', high: 'Over 7' }, 200, 'HALF_LOSE'),
    rankMarket('CARD', 'Card', 1200),
  ];
}

const MARKETS = markets();

function resolve(shoe: readonly string[]): RoundResult {
  assertShoe(shoe, 1, 'Amar Akbar Anthony');
  const code = shoe[0];
  const card = parseCard(code);
  const group = GROUPS[aaaGroup(card)];
  const side = card.rank === 7 ? 'Seven' : card.rank < 7 ? 'Under 7' : 'Over 7';
  return {
    win: String(aaaGroup(card) + 1),
    card: code,
    rdesc: [group.name, isOddRank(card.rank) ? 'Odd' : 'Even', isRed(card) ? 'Red' : 'Black', side, `Card ${RANK_LABELS[card.rank]}`].join('#'),
    outcomes: {
      MAIN: settleMarket(MARKETS[0], group.selectionId),
      ODD_EVEN: oddEvenOutcomes(card),
      COLOUR: colourOutcomes(card),
      UNDER_OVER: lowHighOutcomes(card, 'HALF_LOSE'),
      CARD: rankOutcomes(card),
    },
    hands: { card: [code] },
  };
}

function rules(): string[] {
  return [
    'Deal: one 52-card deck, shuffled every round by PF-1; one card. Ace is low (1), King high (13).',
    `Amar wins on ${GROUPS[0].ranks}, Akbar on ${GROUPS[1].ranks}, Anthony on ${GROUPS[2].ranks}. A lay on one of them wins when the card falls in another group; a lay risks (price − 1) × stake.`,
    'Odd: A, 3, 5, 7, 9, J, K; Even: 2, 4, 6, 8, 10, Q. Red: ♥♦; Black: ♠♣. Under 7: A–6; Over 7: 8–K; a 7 loses half of an Under 7 or Over 7 bet. Card: the exact rank.',
    ...marketRuleLines(MARKETS),
  ];
}

/** Amar Akbar Anthony, category 32 of docs/rules/product.md §2. */
const resultBadge = sidesBadge([
  { label: 'A', name: 'Amar', tone: 'a' },
  { label: 'B', name: 'Akbar', tone: 'b' },
  { label: 'C', name: 'Anthony', tone: 'c' },
]);

export const amarAkbarAnthony: CasinoGame<AmarAkbarAnthonyConfig> = {
  code: 'aaa',
  title: 'Amar Akbar Anthony',
  categoryId: 32,
  rulesVersion: 1,
  shoe: { kind: 'cards', decks: 1 },
  defaultConfig: {},
  parseConfig: (raw) => readConfig<AmarAkbarAnthonyConfig>(raw, {}, {}),
  markets,
  resolve,
  rules,
  resultBadge,
};
