/**
 * Plinko: a ball falls through `rows` rows of pegs, going left or right at each with one PF-1
 * float (right when f ≥ 0.5); the bucket is the number of rights, 0 … rows, so bucket b has the
 * binomial probability C(rows, b)/2^rows. Each (rows, risk) has a pay table, in hundredths, and a
 * disclosed RTP that the tests recompute from the binomial distribution.
 */
import { pf1Floats } from '@backlay/shared/casino';

export const PLINKO_ROWS = [8, 12, 16] as const;
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRows = (typeof PLINKO_ROWS)[number];
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

/** Half of each symmetric table, edge bucket first, up to and including the middle bucket. */
const HALF_TABLES: Record<PlinkoRows, Record<PlinkoRisk, number[]>> = {
  8: { low: [560, 210, 110, 100, 50], medium: [1300, 300, 130, 70, 40], high: [2890, 400, 150, 30, 20] },
  12: { low: [1000, 300, 160, 140, 110, 100, 50], medium: [3300, 1100, 400, 200, 110, 60, 30], high: [16700, 2400, 810, 200, 70, 20, 20] },
  16: {
    low: [1600, 900, 200, 140, 140, 120, 110, 100, 50],
    medium: [11000, 4100, 1000, 500, 300, 150, 100, 50, 30],
    high: [100000, 13000, 2600, 900, 400, 200, 20, 20, 20],
  },
};

/** The pay table of (rows, risk): multipliers in hundredths for buckets 0 … rows. */
export function plinkoTable(rows: PlinkoRows, risk: PlinkoRisk): number[] {
  const half = HALF_TABLES[rows][risk];
  return [...half, ...half.slice(0, rows % 2 === 0 ? -1 : undefined).reverse()];
}

/**
 * The disclosed RTP of each table, in basis points of a percent (9898 = 98.98 %): the binomial
 * expectation of the table, rounded to two decimals of a percent (plinko.test.ts recomputes it).
 */
export const PLINKO_RTP_BP: Record<PlinkoRows, Record<PlinkoRisk, number>> = {
  8: { low: 9898, medium: 9891, high: 9898 },
  12: { low: 9898, medium: 9899, high: 9897 },
  16: { low: 9900, medium: 9899, high: 9898 },
};

export function isPlinkoRows(value: unknown): value is PlinkoRows {
  return (PLINKO_ROWS as readonly unknown[]).includes(value);
}
export function isPlinkoRisk(value: unknown): value is PlinkoRisk {
  return (PLINKO_RISKS as readonly unknown[]).includes(value);
}

/** The ball's path (false = left, true = right) from the first `rows` floats of the round. */
export async function plinkoPath(serverSeed: string, clientSeed: string, nonce: number, rows: PlinkoRows): Promise<boolean[]> {
  return (await pf1Floats(serverSeed, clientSeed, nonce, rows)).map((f) => f >= 0.5);
}

/** The payout in minor units: ⌊stake · multiplier⌋ for the bucket the path ends in. */
export function plinkoPayout(stake: number, rows: PlinkoRows, risk: PlinkoRisk, path: readonly boolean[]): { bucket: number; cents: number; payout: number } {
  const bucket = path.filter(Boolean).length;
  const cents = plinkoTable(rows, risk)[bucket];
  return { bucket, cents, payout: Math.floor((stake * cents) / 100) };
}
