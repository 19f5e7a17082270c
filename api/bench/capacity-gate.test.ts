import {
  CAPACITY_BARS,
  capacityGate,
  capacityOf,
  costRatios,
  histogramCount,
  histogramQuantile,
  mergeHistograms,
  missedBars,
  type LevelResult,
} from './capacity-gate';

/** A 1 ms histogram of the given samples (ms). */
function histogramOf(samples: number[], length = 1_000): number[] {
  const h = new Array<number>(length).fill(0);
  for (const s of samples) h[Math.min(length - 1, s)] = (h[Math.min(length - 1, s)] ?? 0) + 1;
  return h;
}

const holding = (n: number, marginal: number): LevelResult => ({
  n,
  betP99Ms: 120,
  oddsP99Ms: 40,
  oddsDeliveredPct: 100,
  lateRounds: 0,
  marginalCpuMsPerPlayerMin: marginal,
});

describe('latency histograms', () => {
  it('merges bucket by bucket and counts the samples', () => {
    const merged = mergeHistograms([histogramOf([1, 2, 2]), histogramOf([2, 5])]);
    expect(merged.slice(0, 6)).toEqual([0, 1, 3, 0, 0, 1]);
    expect(histogramCount(merged)).toBe(5);
  });

  it('takes the nearest-rank quantile', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1); // 1 … 100 ms
    const h = histogramOf(samples);
    expect(histogramQuantile(h, 0.5)).toBe(50);
    expect(histogramQuantile(h, 0.99)).toBe(99);
    expect(histogramQuantile(h, 1)).toBe(100);
    expect(histogramQuantile(histogramOf([7]), 0.99)).toBe(7);
  });

  it('answers null without samples', () => {
    expect(histogramQuantile(histogramOf([]), 0.99)).toBeNull();
  });
});

describe('the bars and the capacity', () => {
  it('a level holds only when every bar holds', () => {
    expect(missedBars(holding(1_000, 1))).toEqual([]);
    expect(missedBars({ ...holding(1_000, 1), betP99Ms: CAPACITY_BARS.betP99Ms + 1 })).toHaveLength(1);
    expect(missedBars({ ...holding(1_000, 1), oddsP99Ms: CAPACITY_BARS.oddsP99Ms + 1 })).toHaveLength(1);
    expect(missedBars({ ...holding(1_000, 1), oddsDeliveredPct: 99.99 })).toHaveLength(1);
    expect(missedBars({ ...holding(1_000, 1), lateRounds: 1 })).toHaveLength(1);
    // Nothing measured is not a pass.
    expect(missedBars({ ...holding(1_000, 1), betP99Ms: null, oddsP99Ms: null, oddsDeliveredPct: null })).toHaveLength(3);
  });

  it('the capacity is the largest N that holds, whatever the order', () => {
    expect(capacityOf([holding(2_500, 1), holding(1_000, 1), { ...holding(5_000, 1), oddsP99Ms: 300 }])).toBe(2_500);
    expect(capacityOf([{ ...holding(1_000, 1), lateRounds: 2 }])).toBe(0);
  });

  it('cost ratios are against the smallest N', () => {
    expect(costRatios([holding(2_500, 3), holding(1_000, 2)])).toEqual([
      { n: 2_500, ratio: 1.5 },
      { n: 1_000, ratio: 1 },
    ]);
    expect(costRatios([holding(1_000, 0), holding(2_500, 1)])[1]?.ratio).toBeNull();
  });
});

describe('the gate', () => {
  it('passes at 5,000 players with a flat cost', () => {
    const verdict = capacityGate([holding(1_000, 10), holding(2_500, 10.5), holding(5_000, 11)]);
    expect(verdict).toMatchObject({ capacity: 5_000, pass: true, reasons: [] });
    expect(verdict.worstRatio).toBeCloseTo(1.1);
  });

  it('fails when the cost per player grows more than 10 %', () => {
    const verdict = capacityGate([holding(1_000, 10), holding(2_500, 10.5), holding(5_000, 11.2)]);
    expect(verdict.pass).toBe(false);
    expect(verdict.reasons[0]).toMatch(/cost per player 1\.12/);
  });

  it('fails below 5,000 players, and ignores the cost beyond the capacity', () => {
    const verdict = capacityGate([holding(1_000, 10), holding(2_500, 10), { ...holding(5_000, 30), betP99Ms: 900 }]);
    expect(verdict).toMatchObject({ capacity: 2_500, worstRatio: 1, pass: false });
    expect(verdict.reasons).toEqual(['capacity 2500 < 5000']);
  });
});
