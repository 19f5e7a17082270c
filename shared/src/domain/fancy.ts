/**
 * Fancy / session markets (docs/rules/money.md §7.4), in integer paise. A bet is YES (back: wins s·R/100 when
 * runs ≥ line, else loses s) or NO (lay: wins s when runs < line, else loses s·R/100). Win amounts
 * round down and losses round up (toward the house) when s·R/100 is not whole.
 *
 * The book is the P&L per run zone: with distinct lines t1 < … < tn, zone 0 is x < t1, zone i is
 * t_i ≤ x < t_{i+1}, zone n is x ≥ tn. Different fancy markets never net against each other.
 */
import { assertInteger, exposureMinor, mulDivFloor } from './exposure';

export type FancySide = 'YES' | 'NO';

export interface FancyBet {
  side: FancySide;
  /** The line L in runs (integer ≥ 0). */
  line: number;
  /** The rate R: YES wins s·R/100, NO loses s·R/100 (e.g. 110). Positive integer. */
  rate: number;
  stakeMinor: number;
}

export interface FancyBook {
  /** Distinct lines, ascending. */
  readonly lines: readonly number[];
  /** P&L per zone; length lines.length + 1. */
  readonly zonesMinor: readonly number[];
}

function assertFancyBet(bet: FancyBet): void {
  assertInteger('line', bet.line);
  assertInteger('rate', bet.rate);
  assertInteger('stakeMinor', bet.stakeMinor);
  if (bet.line < 0) throw new Error(`line must not be negative, got ${bet.line}`);
  if (bet.rate <= 0) throw new Error(`rate must be positive, got ${bet.rate}`);
  if (bet.stakeMinor <= 0) throw new Error(`stake must be positive, got ${bet.stakeMinor}`);
  if (bet.side !== 'YES' && bet.side !== 'NO') throw new Error(`unknown side ${String(bet.side)}`);
}

/** One bet's P&L when the innings ends on `runs`. */
export function fancyBetPnlMinor(bet: FancyBet, runs: number): number {
  assertFancyBet(bet);
  assertInteger('runs', runs);
  const reached = runs >= bet.line;
  if (bet.side === 'YES') return reached ? mulDivFloor([bet.stakeMinor, bet.rate], 100) : -bet.stakeMinor;
  return reached ? mulDivFloor([-bet.stakeMinor, bet.rate], 100) : bet.stakeMinor;
}

/** A book with no bets: one zone worth 0. */
export const EMPTY_FANCY_BOOK: FancyBook = { lines: [], zonesMinor: [0] };

/** A representative run count inside zone i. */
function zoneRuns(lines: readonly number[], i: number): number {
  return i === 0 ? lines[0] - 1 : lines[i - 1];
}

/** The book plus one bet, in O(zones): split the zone at a new line, then add the bet at each zone. */
export function applyFancyBet(book: FancyBook, bet: FancyBet): FancyBook {
  assertFancyBet(bet);
  const lines = [...book.lines];
  const zones = [...book.zonesMinor];
  let at = lines.findIndex((t) => t >= bet.line);
  if (at === -1) at = lines.length;
  if (lines[at] !== bet.line) {
    lines.splice(at, 0, bet.line);
    zones.splice(at + 1, 0, zones[at]); // the zone holding `line` splits in two with equal values
  }
  return { lines, zonesMinor: zones.map((pnl, i) => pnl + fancyBetPnlMinor(bet, zoneRuns(lines, i))) };
}

/** The book of every bet in one fancy market. */
export function fancyBook(bets: readonly FancyBet[]): FancyBook {
  return bets.reduce(applyFancyBet, EMPTY_FANCY_BOOK);
}

/**
 * The zones that can happen, lowest first: each zone's index in `zonesMinor` and its lowest run
 * (zone 0 starts at 0, zone i at line i − 1). Zone 0 is left out when the lowest line is 0: no
 * run count lies below 0. The one rule for every list of a book's zones (API and screens).
 */
export function fancyZoneStarts(lines: readonly number[]): { zone: number; fromRuns: number }[] {
  return [0, ...lines].map((fromRuns, zone) => ({ zone, fromRuns })).filter(({ zone }) => zone > 0 || lines[0] !== 0);
}

/** The book's P&L if the innings ends on `runs`. */
export function fancyPnlAtMinor(book: FancyBook, runs: number): number {
  assertInteger('runs', runs);
  let zone = 0;
  while (zone < book.lines.length && runs >= book.lines[zone]) zone += 1;
  return book.zonesMinor[zone];
}

/** Fancy market exposure: the worst zone. */
export function fancyExposureMinor(book: FancyBook): number {
  return exposureMinor(book.zonesMinor);
}

/** The "run book" UI rows: P&L for each integer x in [t1 − k, tn + k]. Empty without bets. */
export function fancyRunBook(book: FancyBook, marginRuns: number): { runs: number; pnlMinor: number }[] {
  assertInteger('marginRuns', marginRuns);
  if (book.lines.length === 0) return [];
  const from = Math.max(0, book.lines[0] - marginRuns);
  const to = book.lines[book.lines.length - 1] + marginRuns;
  const rows: { runs: number; pnlMinor: number }[] = [];
  for (let x = from; x <= to; x += 1) rows.push({ runs: x, pnlMinor: fancyPnlAtMinor(book, x) });
  return rows;
}
