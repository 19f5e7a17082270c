/**
 * European roulette (docs/rules/casino-games.md §1.15): 37 pockets, 0–36, one zero. The pocket is one PF-1 draw
 * (`pf1Pocket`: rejection-sampled, m = 37), so `resolve` takes a one-element "shoe": the pocket
 * as a decimal string. Markets: straight up on each number (35:1), red/black, odd/even and
 * 1–18/19–36 (1:1, lost on 0: no la partage), dozens and columns (2:1). Every bet's RTP is 36/37.
 * The win code is the pocket, as Diamond's roulette feeds have it. Splits, streets, corners and
 * six-lines need a bet on a group of numbers and are not offered here.
 */
import { LOSE, WIN, marketRuleLines, readConfig, rtpFromCounts, settleMarket } from './market-kit';
import { type CasinoGame, type CasinoMarketDef, type RoundResult, type RunnerOutcome } from './types';
import { unknownBadge, type ResultBadge } from './result-badge';

/** Roulette has no rule flags. */
export type RouletteConfig = Record<string, never>;

const POCKETS = 37;
/** The red numbers of the European wheel; the other non-zero numbers are black. */
export const RED_NUMBERS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/**
 * The pockets of the European wheel in their order round it, clockwise from 0 (the wheel the
 * table draws). Red and black alternate after the green 0.
 */
export const ROULETTE_WHEEL_ORDER: readonly number[] = Object.freeze([
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
]);

/** A pocket's colour: 0 is green, RED_NUMBERS red, every other number black. */
export function pocketColour(n: number): 'green' | 'red' | 'black' {
  if (n === 0) return 'green';
  return RED_NUMBERS.has(n) ? 'red' : 'black';
}

/** An outside bet: a set of numbers paid at one price; 0 is in none of them. */
interface OutsideBet {
  selectionId: string;
  name: string;
  covers: (n: number) => boolean;
}

const range = (from: number, to: number) => (n: number) => n >= from && n <= to;

const OUTSIDE: readonly { code: string; name: string; price: number; bets: OutsideBet[] }[] = [
  {
    code: 'RED_BLACK',
    name: 'Red / Black',
    price: 200,
    bets: [
      { selectionId: 'RED', name: 'Red', covers: (n) => RED_NUMBERS.has(n) },
      { selectionId: 'BLACK', name: 'Black', covers: (n) => n > 0 && !RED_NUMBERS.has(n) },
    ],
  },
  {
    code: 'ODD_EVEN',
    name: 'Odd / Even',
    price: 200,
    bets: [
      { selectionId: 'ODD', name: 'Odd', covers: (n) => n % 2 === 1 },
      { selectionId: 'EVEN', name: 'Even', covers: (n) => n > 0 && n % 2 === 0 },
    ],
  },
  {
    code: 'LOW_HIGH',
    name: '1–18 / 19–36',
    price: 200,
    bets: [
      { selectionId: 'LOW', name: '1–18', covers: range(1, 18) },
      { selectionId: 'HIGH', name: '19–36', covers: range(19, 36) },
    ],
  },
  {
    code: 'DOZEN',
    name: 'Dozens',
    price: 300,
    bets: [
      { selectionId: 'FIRST_12', name: '1st 12 (1–12)', covers: range(1, 12) },
      { selectionId: 'SECOND_12', name: '2nd 12 (13–24)', covers: range(13, 24) },
      { selectionId: 'THIRD_12', name: '3rd 12 (25–36)', covers: range(25, 36) },
    ],
  },
  {
    code: 'COLUMN',
    name: 'Columns',
    price: 300,
    bets: [
      { selectionId: 'COLUMN_1', name: 'Column 1 (1, 4 … 34)', covers: (n) => n > 0 && n % 3 === 1 },
      { selectionId: 'COLUMN_2', name: 'Column 2 (2, 5 … 35)', covers: (n) => n > 0 && n % 3 === 2 },
      { selectionId: 'COLUMN_3', name: 'Column 3 (3, 6 … 36)', covers: (n) => n > 0 && n % 3 === 0 },
    ],
  },
];

const STRAIGHT_PRICE = 3600;
const ZERO = { selectionId: 'ZERO', name: 'Zero', back: null };

function markets(): CasinoMarketDef[] {
  const straight: CasinoMarketDef = {
    code: 'STRAIGHT',
    name: 'Straight up',
    runners: Array.from({ length: POCKETS }, (_, n) => ({ selectionId: String(n), name: String(n), back: STRAIGHT_PRICE, rtp: rtpFromCounts([[1, STRAIGHT_PRICE]], POCKETS) })),
  };
  const outside = OUTSIDE.map(({ code, name, price, bets }) => ({
    code,
    name,
    runners: [
      ...bets.map((b) => ({ selectionId: b.selectionId, name: b.name, back: price, rtp: rtpFromCounts([[Array.from({ length: POCKETS }, (_, n) => n).filter(b.covers).length, price]], POCKETS) })),
      { ...ZERO },
    ],
  }));
  return [straight, ...outside];
}

const STRAIGHT_MARKET = markets()[0];

/** Reads the one-element roulette shoe: the pocket 0 … 36 as a decimal string. */
export function parsePocket(shoe: readonly string[]): number {
  const text = shoe[0];
  if (shoe.length !== 1 || !/^(0|[1-9]|[12][0-9]|3[0-6])$/.test(text ?? '')) throw new Error(`a roulette result is one pocket 0 … 36, not ${JSON.stringify(shoe)}`);
  return Number(text);
}

function resolve(shoe: readonly string[]): RoundResult {
  const pocket = parsePocket(shoe);
  const outcomes: RoundResult['outcomes'] = { STRAIGHT: settleMarket(STRAIGHT_MARKET, String(pocket)) };
  const description: string[] = [String(pocket)];
  for (const { code, bets } of OUTSIDE) {
    const market: Record<string, RunnerOutcome> = { ZERO: pocket === 0 ? WIN : LOSE };
    for (const b of bets) {
      market[b.selectionId] = b.covers(pocket) ? WIN : LOSE;
      if (b.covers(pocket)) description.push(b.name);
    }
    outcomes[code] = market;
  }
  if (pocket === 0) description.push('Zero');
  return { win: String(pocket), card: String(pocket), rdesc: description.join('#'), outcomes, hands: { pocket: [String(pocket)] } };
}

function rules(): string[] {
  return [
    'European roulette: 37 pockets, 0–36, one zero. The pocket is drawn by PF-1 (one rejection-sampled draw from 37).',
    'Red: 1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36; the other numbers 1–36 are black.',
    'Straight up pays 35:1; red/black, odd/even and 1–18/19–36 pay 1:1; dozens and columns pay 2:1. On 0 every bet except a straight up on 0 loses.',
    ...marketRuleLines(markets()),
  ];
}

/** European roulette, category 31 of docs/rules/product.md §2. */
/** The winner code is the pocket: its number in its colour, counted by colour. */
function resultBadge(win: string): ResultBadge {
  const n = /^(0|[1-9]|[12][0-9]|3[0-6])$/.test(win) ? Number(win) : -1;
  if (n < 0) return unknownBadge(win);
  const tone = pocketColour(n);
  const colour = { green: 'Zero', red: 'Red', black: 'Black' }[tone];
  return { label: win, name: n === 0 ? '0 Green' : `${n} ${colour}`, tone, stat: colour };
}

export const roulette: CasinoGame<RouletteConfig> = {
  code: 'roulette',
  title: 'Roulette',
  categoryId: 31,
  rulesVersion: 1,
  shoe: { kind: 'wheel', pockets: POCKETS },
  defaultConfig: {},
  parseConfig: (raw) => readConfig<RouletteConfig>(raw, {}, {}),
  markets,
  resolve,
  rules,
  resultBadge,
};
