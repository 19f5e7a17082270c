/**
 * Lottery, "lottcard" (docs/rules/casino-games.md §1.10): the Worli deck (A–10 of each suit, 40 cards) shuffled every
 * round; three cards are opened, each a digit (A = 1 … 9 = 9, 10 = 0, Worli's `cardDigit`).
 *
 * - Single: the 1st card's digit, 10 runners '0' … '9';
 * - Double: the 1st and 2nd digits, 100 runners '00' … '99';
 * - Triple: the 1st, 2nd and 3rd digits, 1000 runners '000' … '999'.
 *
 * The doc's payouts (1:9.5, 1:95, 1:900, read as decimals like Worli's 9.5×) give RTP 0.95 / 0.95
 * / 0.90 only "if each digit is uniform". The cards are dealt without replacement, so a repeated
 * digit is rarer (3 cards of it left, not 4): at a flat 95 a double such as '77' would return
 * 0.73 and '78' 0.974. We keep the doc's prices where the digits differ and raise the price of
 * repeated digits to the same RTP [C]: Double 95 (different) / 126.5 (the same digit twice);
 * Triple 900 (all different) / 1200 (one digit twice) / 2400 (one digit three times), every triple
 * at RTP 0.9717. The single is exactly uniform: 9.5, RTP 0.95. Win code: the three digits ('807').
 */
import { parseCard } from './cards';
import { assertShoe, marketRuleLines, readConfig, rtpFromCounts, settleMarket } from './market-kit';
import { type CasinoGame, type CasinoMarketDef, type CasinoRunnerDef, type RoundResult } from './types';
import { cardDigit } from './worli';
import { unknownBadge, type ResultBadge } from './result-badge';

/** Lottery has no rule flags. */
export type LotteryConfig = Record<string, never>;

/** Ordered deals of the first 1, 2 and 3 cards: 40, 40·39, 40·39·38. */
const DEALS = [40, 1_560, 59_280];

/**
 * Price × 100 and the number of ordered deals giving a digit string: each new digit has 4 cards
 * left, less one for every earlier card of that digit.
 */
function digitRunner(digits: string): CasinoRunnerDef {
  const counts = new Map<string, number>();
  let deals = 1;
  for (const d of digits) {
    deals *= 4 - (counts.get(d) ?? 0);
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  const repeats = digits.length - counts.size;
  const back = digits.length === 1 ? 950 : digits.length === 2 ? [9_500, 12_650][repeats] : [90_000, 120_000, 240_000][repeats];
  return { selectionId: digits, name: digits, back, rtp: rtpFromCounts([[deals, back]], DEALS[digits.length - 1]) };
}

const strings = (length: number) => Array.from({ length: 10 ** length }, (_, i) => String(i).padStart(length, '0'));

function markets(): CasinoMarketDef[] {
  return [
    { code: 'SINGLE', name: 'Single', runners: strings(1).map(digitRunner) },
    { code: 'DOUBLE', name: 'Double', runners: strings(2).map(digitRunner) },
    { code: 'TRIPLE', name: 'Triple', runners: strings(3).map(digitRunner) },
  ];
}

const MARKETS = markets();

function resolve(shoe: readonly string[]): RoundResult {
  assertShoe(shoe, 3, 'Lottery');
  const dealt = shoe.slice(0, 3);
  const digits = dealt.map((c) => String(cardDigit(parseCard(c)))).join('');
  const [single, double, triple] = MARKETS;
  return {
    win: digits,
    card: dealt.join(','),
    rdesc: `Single : ${digits[0]}#Double : ${digits.slice(0, 2)}#Triple : ${digits}`,
    outcomes: {
      SINGLE: settleMarket(single, digits[0]),
      DOUBLE: settleMarket(double, digits.slice(0, 2)),
      TRIPLE: settleMarket(triple, digits),
    },
    hands: { cards: dealt },
  };
}

function rules(): string[] {
  return [
    'Deal: a 40-card deck (A to 10 of each suit), shuffled every round by PF-1; three cards are opened in order. A counts 1, 2–9 their face value, 10 counts 0.',
    'Bets on the digits. Single: the 1st card\'s digit. Double: the 1st and 2nd digits in order. Triple: the 1st, 2nd and 3rd digits in order.',
    'Cards are not replaced, so a digit repeated in a Double or Triple is rarer and pays more: Double 95 (two different digits) or 126.50 (the same digit twice); Triple 900 (all different), 1200 (a digit twice) or 2400 (a digit three times).',
    ...marketRuleLines(MARKETS, 'by-terms'),
  ];
}

/** Lottery, category 33 of docs/rules/product.md §2. */
/** The winner code is the three digits drawn; counted by their first digit (the Single market). */
function resultBadge(win: string): ResultBadge {
  if (!/^[0-9]{3}$/.test(win)) return unknownBadge(win);
  return { label: win, name: `Number ${win}`, tone: 'a', stat: `Single ${win[0]}` };
}

export const lottery: CasinoGame<LotteryConfig> = {
  code: 'lottery',
  title: 'Lottery',
  categoryId: 33,
  rulesVersion: 1,
  shoe: { kind: 'cards', decks: 1, ranks: 'ace-to-ten' },
  defaultConfig: {},
  parseConfig: (raw) => readConfig<LotteryConfig>(raw, {}, {}),
  markets,
  resolve,
  rules,
  resultBadge,
};
