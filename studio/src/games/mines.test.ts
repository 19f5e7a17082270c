import { STUDIO_MAX_MULTIPLIERS } from '@backlay/shared/casino';
import { MINES_RTP, MINES_TILES, mineTiles, minesMultiplierCents, minesPayout, survival } from './mines';

/** Every set of `m` tiles out of 25, as bit masks (used to enumerate small boards exactly). */
function* layouts(m: number, from = 0, mask = 0): Generator<number> {
  if (m === 0) {
    yield mask;
    return;
  }
  for (let t = from; t <= MINES_TILES - m; t++) yield* layouts(m - 1, t + 1, mask | (1 << t));
}

describe('mines', () => {
  it('never pays more than the maximum the operator registers: every safe tile of 12 or 13 mines, 0.99 · C(25,12)', () => {
    const stake = 1_000_000;
    let most = 0;
    for (let m = 1; m < MINES_TILES; m++) for (let k = 0; k <= MINES_TILES - m; k++) most = Math.max(most, minesPayout(stake, m, k));
    expect(most).toBe(stake * Number(STUDIO_MAX_MULTIPLIERS.mines));
  });

  it('P(survive k) from the formula equals the share of all layouts that spare k given tiles (full enumeration, m = 1 … 4)', () => {
    for (let m = 1; m <= 4; m++) {
      const all = [...layouts(m)];
      for (let k = 1; k <= MINES_TILES - m; k += 3) {
        const picked = (1 << k) - 1; // tiles 0 … k−1
        const spared = all.filter((mask) => (mask & picked) === 0).length;
        const [num, den] = survival(m, k);
        expect(BigInt(spared) * den).toBe(num * BigInt(all.length));
      }
    }
  });

  it('returns exactly the disclosed 99 % for every mine count and every number of picks before cashing out', () => {
    const stake = 10n ** 12n; // big enough that rounding the payout down costs under 1e-11
    for (let m = 1; m <= 24; m++) {
      for (let k = 1; k <= MINES_TILES - m; k++) {
        const [num, den] = survival(m, k);
        const payout = BigInt(minesPayout(Number(stake), m, k));
        // E[return] = P(survive) · payout / stake
        const expected = Number((num * payout * 10n ** 12n) / (den * stake)) / 1e12;
        expect(Math.abs(expected - MINES_RTP)).toBeLessThan(1e-10);
      }
    }
  });

  it('shows the multipliers players know (1 mine: 1.03×, 3 mines 1 pick: 0.99·25/22 = 1.125, shown 1.12×) and refuses impossible boards', () => {
    expect(minesMultiplierCents(1, 1)).toBe(103);
    expect(minesMultiplierCents(3, 1)).toBe(112);
    expect(minesMultiplierCents(24, 1)).toBe(2475);
    expect(() => minesPayout(100, 25, 1)).toThrow(RangeError);
    expect(() => minesPayout(100, 3, 23)).toThrow(RangeError);
  });

  it('recomputes the mine tiles from the revealed seeds', async () => {
    const seed = '0123456789abcdef'.repeat(4);
    const tiles = await mineTiles(seed, 'client', 3, 5);
    expect(tiles).toHaveLength(5);
    expect(new Set(tiles).size).toBe(5);
    expect(tiles.every((t) => t >= 0 && t < 25)).toBe(true);
    expect(await mineTiles(seed, 'client', 3, 5)).toEqual(tiles);
    expect(await mineTiles(seed, 'client', 4, 5)).not.toEqual(tiles);
  });
});
