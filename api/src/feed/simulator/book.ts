/**
 * Prices from probabilities: the exchange book (three back and three lay levels on the Betfair
 * ladder), the bookmaker's rates and the fancy lines. Pure.
 *
 * Exchange: each runner's best back is the fair price shaded by BACK_MARGIN and floored to the
 * ladder, so the back book Σ 1/bestBack is at least 1 + BACK_MARGIN (≈ 101 %) and, because a
 * ladder tick is at most a few percent of the price where probabilities are large, at most
 * ≈ 104 %. Probabilities are first kept within [PROBABILITY_MIN, PROBABILITY_MAX] so that two
 * more back ticks fit above 1.01 and two more lay ticks below 1000.
 */
import { floorToLadder, tickOffset } from './ladder';

/** Shading of the fair price on the back side (1 %). */
export const BACK_MARGIN = 0.01;
/** Probability cap: the favourite is never backed below 1.03, so three back levels fit. */
export const PROBABILITY_MAX = 0.96;
/** Probability floor: the outsider is never backed above 900, so three lay levels fit. */
export const PROBABILITY_MIN = 0.0011;
/** Levels per side. */
export const DEPTH = 3;

/** One price level; price in hundredths of decimal odds (or a bookmaker rate in paise). */
export interface Level {
  price: number;
  sizeMinor: number;
}

export interface RunnerBook {
  back: Level[];
  lay: Level[];
}

/** Size of a level: runner index, side, depth (0 best) → paise. */
export type SizeOf = (runner: number, side: 'back' | 'lay', depth: number) => number;

/**
 * Probabilities normalised to sum 1 and kept within [min, max]: the mass cut from (or added to)
 * the runners at a bound is spread over the others in proportion to their room up to the other
 * bound, which is always enough while n·min ≤ 1 ≤ n·max.
 */
export function clampProbabilities(probabilities: readonly number[], min = PROBABILITY_MIN, max = PROBABILITY_MAX): number[] {
  const n = probabilities.length;
  if (n === 0) return [];
  const total = probabilities.reduce((sum, p) => sum + Math.max(0, p), 0);
  const normalised = probabilities.map((x) => (total > 0 ? Math.max(0, x) / total : 1 / n));
  const clipped = normalised.map((x) => Math.min(max, Math.max(min, x)));
  const excess = 1 - clipped.reduce((sum, x) => sum + x, 0);
  if (excess === 0) return clipped;
  const room = clipped.map((x) => (excess > 0 ? max - x : x - min));
  const totalRoom = room.reduce((sum, x) => sum + x, 0);
  if (totalRoom <= 0) return clipped;
  return clipped.map((x, i) => Math.min(max, Math.max(min, x + (excess * (room[i] ?? 0)) / totalRoom)));
}

/** The exchange book of a market from its runners' win probabilities. */
export function exchangeBook(probabilities: readonly number[], sizeOf: SizeOf): RunnerBook[] {
  return clampProbabilities(probabilities).map((probability, runner) => runnerBook(probability, runner, sizeOf));
}

/**
 * The exchange book of a market of `places` winners (a racing PLACE market) from each runner's
 * chance of placing (they sum to the places): normalised to the places and kept within
 * [PROBABILITY_MIN, PROBABILITY_MAX] as clampProbabilities does (the mass cut from a near-certain
 * placer goes to the others), then priced as exchangeBook: Σ 1/bestBack is the places times
 * 101 % to about 104 % while more runners than places run.
 */
export function placeBook(probabilities: readonly number[], places: number, sizeOf: SizeOf): RunnerBook[] {
  const share = clampProbabilities(probabilities, PROBABILITY_MIN / places, PROBABILITY_MAX / places);
  return share.map((p, runner) => runnerBook(Math.min(PROBABILITY_MAX, p * places), runner, sizeOf));
}

function runnerBook(probability: number, runner: number, sizeOf: SizeOf): RunnerBook {
  const bestBack = floorToLadder(100 / (probability * (1 + BACK_MARGIN)));
  const bestLay = tickOffset(bestBack, 1);
  const back: Level[] = [];
  const lay: Level[] = [];
  for (let depth = 0; depth < DEPTH; depth += 1) {
    back.push({ price: tickOffset(bestBack, -depth), sizeMinor: sizeOf(runner, 'back', depth) });
    lay.push({ price: tickOffset(bestLay, depth), sizeMinor: sizeOf(runner, 'lay', depth) });
  }
  return { back, lay };
}

/** Σ 1/bestBack of a book (1.02 = 102 %). */
export function backOverround(book: readonly RunnerBook[]): number {
  return book.reduce((sum, runner) => sum + 100 / (runner.back[0]?.price ?? Infinity), 0);
}

/** Bookmaker margin on the back rate (2 %) and the lay's distance above it (paise). */
export const BOOKMAKER_MARGIN = 0.02;
export const BOOKMAKER_SPREAD = 2;
/** Bookmaker probabilities stay within these, so a back rate is at least a few paise. */
export const BOOKMAKER_PROBABILITY_MIN = 0.02;
export const BOOKMAKER_PROBABILITY_MAX = 0.95;

/**
 * The bookmaker's back and lay rates (paise of profit per rupee, docs/rules/money.md §7.2: odds = 1 + r/100)
 * for each runner: one level per side, lay = back + BOOKMAKER_SPREAD.
 */
export function bookmakerBook(probabilities: readonly number[], sizeOf: SizeOf): RunnerBook[] {
  const p = clampProbabilities(probabilities, BOOKMAKER_PROBABILITY_MIN, BOOKMAKER_PROBABILITY_MAX);
  return p.map((probability, runner) => {
    const backRate = Math.max(1, Math.floor((1 / (probability * (1 + BOOKMAKER_MARGIN)) - 1) * 100));
    return {
      back: [{ price: backRate, sizeMinor: sizeOf(runner, 'back', 0) }],
      lay: [{ price: backRate + BOOKMAKER_SPREAD, sizeMinor: sizeOf(runner, 'lay', 0) }],
    };
  });
}

/** A fancy's two sides (docs/rules/money.md §7.4): No at noRun/noRate, Yes at yesRun/yesRate. */
export interface FancyLine {
  noRun: number;
  noRate: number;
  yesRun: number;
  yesRate: number;
}

/**
 * The line for a projected value (runs). Near a half-run the book quotes one line at 110/90
 * (No pays less than it risks); otherwise No at the run below and Yes at the run above at even
 * rates. Either way an outcome exists where both sides lose, which is the book's edge.
 */
export function fancyLine(projection: number): FancyLine {
  const value = Math.max(0, projection);
  const base = Math.floor(value);
  const fraction = value - base;
  if (fraction >= 0.4 && fraction < 0.6) {
    const line = base + 1;
    return { noRun: line, noRate: 110, yesRun: line, yesRate: 90 };
  }
  const noRun = fraction >= 0.6 ? base + 1 : base;
  return { noRun, noRate: 100, yesRun: noRun + 1, yesRate: 100 };
}
