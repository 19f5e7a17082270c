/**
 * Instant Worli (docs/rules/casino-games.md §1.10): a 40-card deck (A–10 of each suit) shuffled every round; three
 * cards are opened. Cards are digits: A = 1 … 9 = 9, 10 = 0. The three digits are the patti
 * (written ascending, 0 counting as ten, as a matka patti is: `378`, `190`); the single (ank) is
 * the LAST DIGIT OF THEIR SUM (3 + 7 + 8 = 18 → 8). The Diamond result is `378#8`. A single bet
 * settles on that sum digit, never on "the digit appears in the patti" (a clone's bug, §1.10).
 *
 * The single is exactly uniform (pinned by enumeration of every 3-card deal), so a single at the
 * doc's 9.5 has RTP 0.95. LINE 1 (1–5) / LINE 2 (6–9, 0) and ODD / EVEN are on the single digit; the
 * doc names no price for them, ours [L] 1.95 (RTP 0.975). The patti bets (single / double / triple
 * patti at provider odds) are not offered: the doc has no price for them. Win code: the single digit.
 */
import { parseCard, type Card } from './cards';
import { assertShoe, marketRuleLines, readConfig, rtpFromCounts, settleMarket } from './market-kit';
import { type CasinoGame, type CasinoMarketDef, type RoundResult } from './types';
import { unknownBadge, type ResultBadge } from './result-badge';

/** Instant Worli has no rule flags. */
export type WorliConfig = Record<string, never>;

/** A card's digit in Worli and Lottery: A = 1 … 9 = 9, 10 = 0. Throws on a court card. */
export function cardDigit(card: Card): number {
  if (card.rank > 10) throw new Error(`digit cards are A … 10, not rank ${card.rank}`);
  return card.rank % 10;
}

/** The patti of three digits (ascending, 0 counting as ten) and its single, the sum's last digit. */
export function worliResult(digits: readonly number[]): { patti: string; single: number } {
  if (digits.length !== 3) throw new Error(`a patti has 3 digits, not ${digits.length}`);
  const patti = [...digits].sort((x, y) => (x || 10) - (y || 10)).join('');
  return { patti, single: digits.reduce((a, b) => a + b, 0) % 10 };
}

const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const PRICE = { single: 950, line: 195, oddEven: 195 };

const isLine1 = (d: number) => d >= 1 && d <= 5;

function markets(): CasinoMarketDef[] {
  const half = (selectionId: string, name: string, price: number) => ({ selectionId, name, back: price, rtp: rtpFromCounts([[5, price]], 10) });
  return [
    { code: 'SINGLE', name: 'Single', runners: DIGITS.map((d) => ({ selectionId: String(d), name: String(d), back: PRICE.single, rtp: rtpFromCounts([[1, PRICE.single]], 10) })) },
    { code: 'LINE', name: 'Line', runners: [half('LINE_1', 'Line 1 (1–5)', PRICE.line), half('LINE_2', 'Line 2 (6–9, 0)', PRICE.line)] },
    { code: 'ODD_EVEN', name: 'Odd / Even', runners: [half('ODD', 'Odd', PRICE.oddEven), half('EVEN', 'Even', PRICE.oddEven)] },
  ];
}

const MARKETS = markets();

function resolve(shoe: readonly string[]): RoundResult {
  assertShoe(shoe, 3, 'Instant Worli');
  const dealt = shoe.slice(0, 3);
  const { patti, single } = worliResult(dealt.map((c) => cardDigit(parseCard(c))));
  const [singleMarket, lineMarket, oddEvenMarket] = MARKETS;
  return {
    win: String(single),
    card: dealt.join(','),
    rdesc: `${patti}#${single}`,
    outcomes: {
      SINGLE: settleMarket(singleMarket, String(single)),
      LINE: settleMarket(lineMarket, isLine1(single) ? 'LINE_1' : 'LINE_2'),
      ODD_EVEN: settleMarket(oddEvenMarket, single % 2 === 1 ? 'ODD' : 'EVEN'),
    },
    hands: { cards: dealt },
  };
}

function rules(): string[] {
  return [
    'Deal: a 40-card deck (A to 10 of each suit), shuffled every round by PF-1; three cards are opened. A counts 1, 2–9 their face value, 10 counts 0.',
    'The three digits are the patti, written ascending (0 last). The single is the last digit of their sum: 3, 7, 8 → 18 → single 8, shown 378#8.',
    'Single bets win on the sum\'s last digit only (a digit that merely appears in the patti does not win). Every digit comes once in 10.',
    'Line 1: single 1–5; Line 2: single 6–9 or 0. Odd: 1, 3, 5, 7, 9; Even: 0, 2, 4, 6, 8.',
    ...marketRuleLines(MARKETS),
  ];
}

/** Instant Worli, category 30 of docs/rules/product.md §2. */
/** The winner code is the single digit (0–9), counted as such. */
function resultBadge(win: string): ResultBadge {
  if (!/^[0-9]$/.test(win)) return unknownBadge(win);
  return { label: win, name: `Single ${win}`, tone: Number(win) % 2 === 1 ? 'a' : 'b', stat: `Single ${win}` };
}

export const instantWorli: CasinoGame<WorliConfig> = {
  code: 'worli',
  title: 'Instant Worli',
  categoryId: 30,
  rulesVersion: 1,
  shoe: { kind: 'cards', decks: 1, ranks: 'ace-to-ten' },
  defaultConfig: {},
  parseConfig: (raw) => readConfig<WorliConfig>(raw, {}, {}),
  markets,
  resolve,
  rules,
  resultBadge,
};
