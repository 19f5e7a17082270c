import fc from 'fast-check';
import { floorToLadder, isOnLadder, LADDER, LADDER_MAX, LADDER_MIN, tickOffset } from './ladder';

describe('the Betfair ladder', () => {
  it('has 350 prices from 1.01 to 1000, strictly increasing', () => {
    expect(LADDER[0]).toBe(LADDER_MIN);
    expect(LADDER[LADDER.length - 1]).toBe(LADDER_MAX);
    expect(LADDER).toHaveLength(350);
    for (let i = 1; i < LADDER.length; i += 1) expect(LADDER[i]).toBeGreaterThan(LADDER[i - 1] ?? Infinity);
  });

  it.each([
    // price (hundredths), on the ladder?
    [101, true], [199, true], [200, true], [201, false], [202, true], // 1.01 … 2.00 by 0.01, then 0.02
    [305, true], [307, false], [410, true], [415, false], [620, true], [630, false],
    [1050, true], [1075, false], [2100, true], [2150, false], [3200, true], [3300, false],
    [5500, true], [5600, false], [11000, true], [11500, false], [100000, true], [100, false], [100100, false],
  ])('%i on the ladder: %s', (price, expected) => {
    expect(isOnLadder(price)).toBe(expected);
  });

  it.each([
    [100, 101], [150.7, 150], [201, 200], [399, 395], [1099, 1050], [250000, 100000],
  ])('floorToLadder(%d) = %d', (price, expected) => {
    expect(floorToLadder(price)).toBe(expected);
  });

  it.each([
    [101, -1, 101], [101, 1, 102], [199, 1, 200], [200, 1, 202], [1000, -1, 980], [100000, 1, 100000], [2000, 2, 2200],
  ])('tickOffset(%i, %i) = %i', (price, n, expected) => {
    expect(tickOffset(price, n)).toBe(expected);
  });

  it('floorToLadder gives the largest tick not above the price', () => {
    fc.assert(
      fc.property(fc.double({ min: 101, max: 100000, noNaN: true }), (price) => {
        const tick = floorToLadder(price);
        return isOnLadder(tick) && tick <= price && (tick === LADDER_MAX || tickOffset(tick, 1) > price);
      }),
    );
  });
});
