/**
 * The pure parts of the capacity benchmark (capacity.mjs): latency histograms of 1 ms buckets,
 * the service bars a load level must meet, the machine's capacity (the largest N meeting them)
 * and the gate (issue 37): capacity ≥ 5,000 players and the CPU cost per player flat within 10 %
 * of the smallest N's (the marginal cost: what the players add to the feed's and the tables' own).
 */

/** The bars a load level must meet (issue 37). */
export const CAPACITY_BARS = { betP99Ms: 250, oddsP99Ms: 100, oddsDeliveredPct: 100, lateRounds: 0 } as const;
/** The gate: at least this many players … */
export const GATE_MIN_PLAYERS = 5_000;
/** … and CPU per player at every N at most this × the smallest N's (linear cost = 1.0). */
export const GATE_MAX_COST_RATIO = 1.1;

/** Sums histograms of equal length (bucket i counts the samples of i ms; the last bucket, everything longer). */
export function mergeHistograms(histograms: ReadonlyArray<ArrayLike<number>>): number[] {
  const length = Math.max(0, ...histograms.map((h) => h.length));
  const merged = new Array<number>(length).fill(0);
  for (const h of histograms) for (let i = 0; i < h.length; i += 1) merged[i] = (merged[i] ?? 0) + (h[i] ?? 0);
  return merged;
}

export const histogramCount = (histogram: ArrayLike<number>): number => {
  let n = 0;
  for (let i = 0; i < histogram.length; i += 1) n += histogram[i] ?? 0;
  return n;
};

/**
 * The q-quantile (0 < q ≤ 1) of a 1 ms histogram in ms: the smallest bucket at which at least
 * ⌈q × count⌉ samples are counted (the nearest-rank definition); null without samples.
 */
export function histogramQuantile(histogram: ArrayLike<number>, q: number): number | null {
  const count = histogramCount(histogram);
  if (count === 0) return null;
  const rank = Math.max(1, Math.ceil(q * count));
  let seen = 0;
  for (let i = 0; i < histogram.length; i += 1) {
    seen += histogram[i] ?? 0;
    if (seen >= rank) return i;
  }
  return histogram.length - 1;
}

/** What one load level measured (the fields the bars and the gate read). */
export interface LevelResult {
  n: number;
  betP99Ms: number | null;
  oddsP99Ms: number | null;
  oddsDeliveredPct: number | null;
  lateRounds: number;
  /**
   * CPU ms of the API and of PostgreSQL's backends per player per minute: the level's CPU less the
   * same window's CPU with no player (the feed and the casino tables alone), ÷ N.
   */
  marginalCpuMsPerPlayerMin: number;
}

/** The bars a level missed (empty: it holds). A level without a measured bet or odds delivery misses that bar. */
export function missedBars(level: LevelResult): string[] {
  const missed: string[] = [];
  if (level.betP99Ms === null || level.betP99Ms > CAPACITY_BARS.betP99Ms) missed.push(`bet p99 ${level.betP99Ms ?? '—'} ms > ${CAPACITY_BARS.betP99Ms}`);
  if (level.oddsP99Ms === null || level.oddsP99Ms > CAPACITY_BARS.oddsP99Ms) missed.push(`odds p99 ${level.oddsP99Ms ?? '—'} ms > ${CAPACITY_BARS.oddsP99Ms}`);
  if (level.oddsDeliveredPct === null || level.oddsDeliveredPct < CAPACITY_BARS.oddsDeliveredPct) {
    missed.push(`odds delivered ${level.oddsDeliveredPct === null ? '—' : level.oddsDeliveredPct.toFixed(2)} % < ${CAPACITY_BARS.oddsDeliveredPct}`);
  }
  if (level.lateRounds > CAPACITY_BARS.lateRounds) missed.push(`${level.lateRounds} casino round(s) late`);
  return missed;
}

/** The largest N whose level holds every bar (0 when none does). */
export function capacityOf(levels: readonly LevelResult[]): number {
  return levels.filter((level) => missedBars(level).length === 0).reduce((best, level) => Math.max(best, level.n), 0);
}

/** CPU per player at each N ÷ at the smallest N (1.0 = linear cost); null at an N when the smallest N's cost is not positive. */
export function costRatios(levels: readonly LevelResult[]): Array<{ n: number; ratio: number | null }> {
  const base = [...levels].sort((a, b) => a.n - b.n)[0];
  return levels.map((level) => ({
    n: level.n,
    ratio: base === undefined || !(base.marginalCpuMsPerPlayerMin > 0) ? null : level.marginalCpuMsPerPlayerMin / base.marginalCpuMsPerPlayerMin,
  }));
}

/**
 * The gate: capacity ≥ GATE_MIN_PLAYERS, and the cost ratio ≤ GATE_MAX_COST_RATIO at every N up
 * to the capacity (beyond it the machine is overloaded and the cost of a player is not defined).
 */
export function capacityGate(levels: readonly LevelResult[]): { capacity: number; worstRatio: number | null; pass: boolean; reasons: string[] } {
  const capacity = capacityOf(levels);
  const ratios = costRatios(levels).filter((r) => r.n <= Math.max(capacity, Math.min(...levels.map((l) => l.n))));
  const known = ratios.map((r) => r.ratio).filter((r): r is number => r !== null);
  const worstRatio = known.length === 0 ? null : Math.max(...known);
  const reasons: string[] = [];
  if (capacity < GATE_MIN_PLAYERS) reasons.push(`capacity ${capacity} < ${GATE_MIN_PLAYERS}`);
  if (worstRatio === null) reasons.push('no cost ratio');
  else if (worstRatio > GATE_MAX_COST_RATIO) reasons.push(`cost per player ${worstRatio.toFixed(2)} × the smallest N's > ${GATE_MAX_COST_RATIO}`);
  return { capacity, worstRatio, pass: reasons.length === 0, reasons };
}
