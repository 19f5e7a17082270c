import fc from 'fast-check';
import {
  backOverround,
  BOOKMAKER_SPREAD,
  bookmakerBook,
  clampProbabilities,
  DEPTH,
  exchangeBook,
  fancyLine,
  PROBABILITY_MAX,
  PROBABILITY_MIN,
} from './book';
import { isOnLadder, LADDER_MAX, LADDER_MIN } from './ladder';

const constantSize = () => 10_000;
/** 2- or 3-runner probability vectors, including near-certain and zero entries. */
const probabilityVectors = fc
  .array(fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1e-9, 0.5, 0.999999)), { minLength: 2, maxLength: 3 })
  .filter((v) => v.some((x) => x > 0));

describe('clampProbabilities', () => {
  it.each([
    [[0.5, 0.5], [0.5, 0.5]],
    [[1, 0], [PROBABILITY_MAX, 1 - PROBABILITY_MAX]],
    [[2, 1, 1], [0.5, 0.25, 0.25]],
  ])('%j → %j', (input, expected) => {
    clampProbabilities(input).forEach((p, i) => expect(p).toBeCloseTo(expected[i] ?? NaN, 9));
  });

  it('sums to 1 and stays within bounds', () => {
    fc.assert(
      fc.property(probabilityVectors, (v) => {
        const p = clampProbabilities(v);
        const total = p.reduce((s, x) => s + x, 0);
        return Math.abs(total - 1) < 1e-9 && p.every((x) => x >= PROBABILITY_MIN - 1e-12 && x <= PROBABILITY_MAX + 1e-12);
      }),
    );
  });
});

describe('exchangeBook', () => {
  it('an even two-runner market backs at 1.98 and lays at 1.99', () => {
    const book = exchangeBook([0.5, 0.5], constantSize);
    expect(book[0]?.back.map((l) => l.price)).toEqual([198, 197, 196]);
    expect(book[0]?.lay.map((l) => l.price)).toEqual([199, 200, 202]);
    expect(backOverround(book)).toBeCloseTo(1.0101, 3);
  });

  it('prices are ladder ticks, three levels a side, backs below lays, overround 100–105 %', () => {
    fc.assert(
      fc.property(probabilityVectors, (v) => {
        const book = exchangeBook(v, (runner, side, depth) => (runner + 1) * (depth + 1) * 100 * (side === 'back' ? 1 : 2));
        const overround = backOverround(book);
        expect(overround).toBeGreaterThanOrEqual(1);
        expect(overround).toBeLessThanOrEqual(1.05);
        for (const runner of book) {
          expect(runner.back).toHaveLength(DEPTH);
          expect(runner.lay).toHaveLength(DEPTH);
          const backs = runner.back.map((l) => l.price);
          const lays = runner.lay.map((l) => l.price);
          for (const price of [...backs, ...lays]) {
            expect(isOnLadder(price)).toBe(true);
            expect(price).toBeGreaterThanOrEqual(LADDER_MIN);
            expect(price).toBeLessThanOrEqual(LADDER_MAX);
          }
          // Best first: backs descend, lays ascend, and the best back is below the best lay.
          expect(backs[0]).toBeGreaterThan(backs[1] ?? Infinity);
          expect(backs[1]).toBeGreaterThan(backs[2] ?? Infinity);
          expect(lays[0]).toBeLessThan(lays[1] ?? -Infinity);
          expect(lays[1]).toBeLessThan(lays[2] ?? -Infinity);
          expect(backs[0]).toBeLessThan(lays[0] ?? -Infinity);
          for (const level of [...runner.back, ...runner.lay]) expect(level.sizeMinor).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the favourite has the shortest price', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.95, noNaN: true }), (p) => {
        const [a, b] = exchangeBook([p, 1 - p], constantSize);
        const backA = a?.back[0]?.price ?? 0;
        const backB = b?.back[0]?.price ?? 0;
        return p > 0.5 ? backA <= backB : p < 0.5 ? backA >= backB : true;
      }),
    );
  });
});

describe('bookmakerBook', () => {
  it.each([
    // probability of the first team → its back rate (paise): odds 1 + r/100 shaded by 2 %.
    [0.5, 96],
    [0.7, 40],
    [0.25, 292],
  ])('p = %d backs at %i', (p, rate) => {
    const book = bookmakerBook([p, 1 - p], constantSize);
    expect(book[0]?.back[0]?.price).toBe(rate);
    expect(book[0]?.lay[0]?.price).toBe(rate + BOOKMAKER_SPREAD);
  });

  it('lays above backs, rates at least 1 paisa, the book never below 100 %', () => {
    fc.assert(
      fc.property(probabilityVectors, (v) => {
        const book = bookmakerBook(v, constantSize);
        const total = book.reduce((s, r) => s + 1 / (1 + (r.back[0]?.price ?? 0) / 100), 0);
        return total >= 1 && book.every((r) => (r.back[0]?.price ?? 0) >= 1 && (r.lay[0]?.price ?? 0) > (r.back[0]?.price ?? 0));
      }),
    );
  });
});

describe('fancyLine', () => {
  it.each([
    // projection → No run/rate, Yes run/rate
    [45.2, { noRun: 45, noRate: 100, yesRun: 46, yesRate: 100 }],
    [45.5, { noRun: 46, noRate: 110, yesRun: 46, yesRate: 90 }],
    [45.8, { noRun: 46, noRate: 100, yesRun: 47, yesRate: 100 }],
    [0, { noRun: 0, noRate: 100, yesRun: 1, yesRate: 100 }],
    [-3, { noRun: 0, noRate: 100, yesRun: 1, yesRate: 100 }],
  ])('%d → %j', (projection, expected) => {
    expect(fancyLine(projection)).toEqual(expected);
  });

  it('follows the projection, never offers a free middle, and gives the book its edge', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 400, noNaN: true }), (projection) => {
        const line = fancyLine(projection);
        const sameLine = line.noRun === line.yesRun;
        return (
          line.yesRun >= line.noRun &&
          Math.abs(line.noRun - projection) <= 1 &&
          (sameLine ? line.noRate > line.yesRate : line.yesRun === line.noRun + 1 && line.noRate === line.yesRate)
        );
      }),
    );
  });
});
