/**
 * Mines: a 5×5 grid hides `mines` mines, placed by PF-1 when the bet is made (a Fisher–Yates
 * shuffle of the 25 tiles; the first `mines` of the shuffled order are mines). The player reveals
 * tiles one by one and may cash out after any safe one. After k safe picks the multiplier is
 * (1 − edge) / P(survive k) with P(survive k) = C(25−m, k) / C(25, k), so every stopping rule
 * returns 99 %.
 */
import { pf1Shuffle } from '@backlay/shared/casino';

export const MINES_TILES = 25;
export const MINES_RTP = 0.99;
/** RTP as a fraction of integers, so payouts are exact: 99/100. */
const RTP_NUM = 99n;
const RTP_DEN = 100n;

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

export function assertMines(mines: unknown): asserts mines is number {
  if (!Number.isInteger(mines) || (mines as number) < 1 || (mines as number) > MINES_TILES - 1) throw new RangeError('mines is a whole number from 1 to 24');
}

/** The probability of surviving k picks with m mines, as the exact fraction [numerator, denominator]. */
export function survival(mines: number, picks: number): [bigint, bigint] {
  return [choose(MINES_TILES - mines, picks), choose(MINES_TILES, picks)];
}

/** The payout in minor units of `stake` after `picks` safe tiles: ⌊stake · 0.99 · C(25,k) / C(25−m,k)⌋ (stake itself at 0 picks). */
export function minesPayout(stake: number, mines: number, picks: number): number {
  assertMines(mines);
  if (picks === 0) return stake;
  const [num, den] = survival(mines, picks);
  if (num === 0n) throw new RangeError(`cannot pick ${picks} safe tiles among ${MINES_TILES - mines}`);
  return Number((BigInt(stake) * RTP_NUM * den) / (RTP_DEN * num));
}

/** The multiplier after `picks` safe tiles, in hundredths rounded down (for display). */
export function minesMultiplierCents(mines: number, picks: number): number {
  return picks === 0 ? 100 : Math.floor(minesPayout(1_000_000, mines, picks) / 10_000);
}

/** The mine tiles (0 … 24, row-major) of a round, sorted: the first `mines` tiles of the PF-1 shuffle. */
export async function mineTiles(serverSeed: string, clientSeed: string, nonce: number, mines: number): Promise<number[]> {
  assertMines(mines);
  const order = await pf1Shuffle(
    Array.from({ length: MINES_TILES }, (_, i) => i),
    serverSeed,
    clientSeed,
    nonce,
  );
  return order.slice(0, mines).sort((a, b) => a - b);
}
