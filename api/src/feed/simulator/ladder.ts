/**
 * The Betfair price ladder, in hundredths of decimal odds (1.01 → 101, 1000 → 100000): 350
 * prices whose increment grows with the price. Every exchange price the simulator quotes is a
 * tick of this ladder.
 */

/** [from, to) in hundredths and the increment inside that band. */
const BANDS: ReadonlyArray<readonly [number, number, number]> = [
  [101, 200, 1],
  [200, 300, 2],
  [300, 400, 5],
  [400, 600, 10],
  [600, 1_000, 20],
  [1_000, 2_000, 50],
  [2_000, 3_000, 100],
  [3_000, 5_000, 200],
  [5_000, 10_000, 500],
  [10_000, 100_000, 1_000],
];

/** Lowest price on the ladder (1.01). */
export const LADDER_MIN = 101;
/** Highest price on the ladder (1000). */
export const LADDER_MAX = 100_000;

function buildLadder(): number[] {
  const ticks: number[] = [];
  for (const [from, to, step] of BANDS) for (let p = from; p < to; p += step) ticks.push(p);
  ticks.push(LADDER_MAX);
  return ticks;
}

/** Every tick, ascending. */
export const LADDER: readonly number[] = Object.freeze(buildLadder());

/** Index of the largest tick ≤ price (prices below 1.01 give 0). */
export function indexAtOrBelow(price: number): number {
  let lo = 0;
  let hi = LADDER.length - 1;
  if (price <= LADDER_MIN) return 0;
  if (price >= LADDER_MAX) return hi;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((LADDER[mid] ?? Infinity) <= price) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** True when `price` (hundredths) is a tick of the ladder. */
export function isOnLadder(price: number): boolean {
  return Number.isInteger(price) && LADDER[indexAtOrBelow(price)] === price;
}

/** The largest tick at or below `price` (clamped into the ladder). */
export function floorToLadder(price: number): number {
  return LADDER[indexAtOrBelow(price)] ?? LADDER_MIN;
}

/** The tick `n` steps above (n > 0) or below (n < 0) a tick, clamped to the ladder ends. */
export function tickOffset(price: number, n: number): number {
  const index = Math.min(LADDER.length - 1, Math.max(0, indexAtOrBelow(price) + n));
  return LADDER[index] ?? price;
}
