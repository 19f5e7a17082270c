/**
 * Seeded randomness for the simulator. `Rng` is a sequential generator (mulberry32) that a match
 * owns for its outcomes and timings; `hashUnit` is a stateless hash for values that must not
 * depend on how often a view was computed (price sizes). Both are pure given their inputs.
 */

/** 32-bit integer mix (a murmur3 finaliser). */
function mix32(x: number): number {
  let h = x | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85eb_ca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2_ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 32-bit seed derived from a base seed and any number of integer parts. */
export function deriveSeed(seed: number, ...parts: readonly number[]): number {
  let h = mix32(seed ^ 0x9e37_79b9);
  for (const part of parts) {
    // Parts may exceed 32 bits (slot numbers, times): fold the high half in.
    const high = Math.floor(part / 0x1_0000_0000);
    h = mix32(h ^ mix32((part >>> 0) + 0x6d2b_79f5));
    h = mix32(h ^ mix32(high + 0x27d4_eb2f));
  }
  return h;
}

/** A uniform number in [0, 1) that depends only on its inputs. */
export function hashUnit(seed: number, ...parts: readonly number[]): number {
  return deriveSeed(seed, ...parts) / 0x1_0000_0000;
}

/** A seeded sequential generator. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b_79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A number in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** The index drawn from non-negative weights (at least one positive). */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i += 1) {
      r -= weights[i] ?? 0;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
}
