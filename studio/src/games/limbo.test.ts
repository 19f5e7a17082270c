import { pf1Stream, STUDIO_MAX_MULTIPLIERS } from '@backlay/shared/casino';
import { assertLimboTarget, LIMBO_MAX_CENTS, LIMBO_MIN_TARGET_CENTS, LIMBO_RTP, limboCents, limboResult, limboResultFromWord } from './limbo';

const WORDS = 2 ** 32;

/** The number of the 2^32 words whose result reaches `target` (hundredths), found by bisection on the monotone result. */
function wordsReaching(target: number): number {
  let lo = 0;
  let hi = WORDS; // the first word whose result reaches the target lies in [lo, hi]
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (limboResultFromWord(mid) >= target) hi = mid;
    else lo = mid + 1;
  }
  return WORDS - lo;
}

describe('limbo', () => {
  it('the result never falls as the word grows (so the words reaching a target are one run at the top)', () => {
    let previous = 0;
    for (let u = 0; u < WORDS; u += 104_729) {
      const r = limboResultFromWord(u);
      expect(r).toBeGreaterThanOrEqual(previous);
      previous = r;
    }
    expect(limboResultFromWord(0)).toBe(100);
    expect(limboResultFromWord(WORDS - 1)).toBe(LIMBO_MAX_CENTS);
  });

  it('over the 2^32 words, a target T reaches exactly ⌊99·2^32/T⌋ of them; the RTP T·that/(100·2^32) is 99 % less under one word in 2^32 times T', () => {
    const targets = [101, 102, 150, 198, 200, 250, 333, 1_000, 9_999, 10_000, 12_345, 100_000, 1_000_000, 10_000_000, LIMBO_MAX_CENTS];
    for (let t = 101; t <= 100_000; t += 1_013) targets.push(t);
    for (const target of targets) {
      const count = wordsReaching(target);
      expect(count).toBe(Math.floor((99 * WORDS) / target));
      // The boundary words themselves.
      expect(limboResultFromWord(WORDS - count)).toBeGreaterThanOrEqual(target);
      expect(limboResultFromWord(WORDS - count - 1)).toBeLessThan(target);
      // RTP as an exact fraction: target · count / (100 · 2^32), against 99/100.
      const num = BigInt(target) * BigInt(count);
      const den = 100n * BigInt(WORDS);
      expect(num * 100n).toBeLessThanOrEqual(99n * den);
      expect(99n * den - num * 100n).toBeLessThan(100n * BigInt(target));
      if (target <= 2_000_000) expect(((Number(num) / Number(den)) * 100).toFixed(2)).toBe('99.00');
    }
    expect(LIMBO_RTP).toBe(0.99);
  });

  it('pays the target when the result reaches it (equal wins), never more than the maximum the operator registers', () => {
    expect(limboCents(200, 200)).toBe(200);
    expect(limboCents(200, 199)).toBe(0);
    expect(limboCents(LIMBO_MAX_CENTS, LIMBO_MAX_CENTS)).toBe(LIMBO_MAX_CENTS);
    expect(LIMBO_MAX_CENTS).toBe(Number(STUDIO_MAX_MULTIPLIERS.limbo) * 100);
    for (const bad of [100, LIMBO_MIN_TARGET_CENTS - 1, LIMBO_MAX_CENTS + 1, 150.5, '200', null]) expect(() => assertLimboTarget(bad)).toThrow(RangeError);
  });

  it('the result is the first PF-1 word of the round, the same from the same seeds', async () => {
    const seed = 'd'.repeat(64);
    const r = await limboResult(seed, 'c', 3);
    expect(r).toBe(limboResultFromWord(await pf1Stream(seed, 'c', 3).nextWord()));
    expect(await limboResult(seed, 'c', 3)).toBe(r);
  });
});
