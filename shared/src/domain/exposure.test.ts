import {
  applyBet,
  emptyVector,
  exposureMinor,
  listedPnlVector,
  marketPnlVector,
  placedExposureMinor,
  pnlIfRunnerLosesMinor,
  pnlIfRunnerWinsMinor,
  type RunnerBet,
} from './exposure';

const rupees = (r: number) => r * 100;
const back = (runnerId: string, stake: number, oddsHundredths: number): RunnerBet => ({ side: 'BACK', runnerId, stakeMinor: rupees(stake), oddsHundredths });
const lay = (runnerId: string, stake: number, oddsHundredths: number): RunnerBet => ({ side: 'LAY', runnerId, stakeMinor: rupees(stake), oddsHundredths });
const HDA = ['H', 'D', 'A'];
const AB = ['A', 'B'];
const T1 = [back('H', 100, 250)];
const T2 = [...T1, lay('D', 50, 360)];
/** The vector as rupees in runner order. */
const inRupees = (v: ReadonlyMap<string, number>) => [...v.values()].map((p) => p / 100);

describe('marketPnlVector and exposure (RULES §7.1)', () => {
  it.each([
    // name, runners, bets, expected P per runner (rupees), expected E (rupees)
    ['T1', HDA, T1, [150, -100, -100], 100], // H: 100 × 1.5; D, A: −100
    ['T2', HDA, T2, [200, -230, -50], 230], // lay D 50 @ 3.6 ⇒ D −130, others +50: H 150+50, D −100−130, A −100+50
    ['T3', AB, [back('A', 200, 200), lay('A', 100, 200)], [100, -100], 100], // A +200 −100; B −200 +100 (naive 300 is wrong)
    ['T3 r777', AB, [back('A', 200, 150), lay('A', 50, 300)], [0, -150], 150], // back profit 100 / lay liability 100, profit 50: A +100 −100; B −200 +50
    ['T4 before', AB, [back('A', 1_000, 200)], [1_000, -1_000], 1_000], // A +1,000; B −1,000
    ['T4 after', AB, [back('A', 1_000, 200), back('B', 500, 200)], [500, -500], 500], // A +1,000 −500; B −1,000 +500
    ['T5', AB, [lay('B', 1_200, 196)], [1_200, -1_152], 1_152], // liability 1,200 × 0.96
    ['T6', AB, [back('A', 10_000, 198), lay('A', 10_000, 188)], [1_000, 0], 0], // A +9,800 −8,800; B −10,000 +10,000
  ])('%s', (_name, runners, bets, expected, exposure) => {
    const v = marketPnlVector(bets, runners);
    expect(inRupees(v)).toEqual(expected);
    expect(exposureMinor(v)).toBe(rupees(exposure));
  });

  it('T6 displays +1,000 and 0, never a negative zero', () => {
    const v = marketPnlVector([back('A', 10_000, 198), lay('A', 10_000, 188)], AB);
    expect(Object.is(v.get('B'), 0)).toBe(true);
    expect(Object.is(exposureMinor(v), 0)).toBe(true);
  });

  it.each([
    // stake paise, odds, back if wins, lay if wins: a fraction of a paisa rounds toward the house
    [100, 250, 150, -150], // exact
    [150, 133, 49, -50], // 150 × 0.33 = 49.5 ⇒ back 49, lay −50
    [1, 101, 0, -1], // 0.01 paise
  ])('rounds %i paise @ %i toward the house', (stakeMinor, oddsHundredths, backWin, layWin) => {
    expect(pnlIfRunnerWinsMinor({ side: 'BACK', runnerId: 'A', stakeMinor, oddsHundredths })).toBe(backWin);
    expect(pnlIfRunnerWinsMinor({ side: 'LAY', runnerId: 'A', stakeMinor, oddsHundredths })).toBe(layWin);
  });

  it.each([
    ['a zero stake', { side: 'BACK', runnerId: 'A', stakeMinor: 0, oddsHundredths: 200 }],
    ['a fractional stake', { side: 'BACK', runnerId: 'A', stakeMinor: 10.5, oddsHundredths: 200 }],
    ['odds of 1.00', { side: 'LAY', runnerId: 'A', stakeMinor: 100, oddsHundredths: 100 }],
    ['fractional odds', { side: 'LAY', runnerId: 'A', stakeMinor: 100, oddsHundredths: 2.5 }],
    ['an unknown runner', { side: 'BACK', runnerId: 'Z', stakeMinor: 100, oddsHundredths: 200 }],
  ])('refuses %s', (_name, bet) => {
    expect(() => applyBet(emptyVector(AB), bet as RunnerBet)).toThrow();
  });

  it('refuses duplicate runner ids', () => {
    expect(() => emptyVector(['A', 'A'])).toThrow();
  });
});

/** Deterministic PRNG (mulberry32); fast-check is not a dependency of shared. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('incremental exposure', () => {
  it('applyBet over random sequences equals recomputation from all bets (200 seeded sequences)', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const rand = prng(seed);
      const runners = ['R1', 'R2', 'R3', 'R4'].slice(0, 2 + Math.floor(rand() * 3));
      const bets: RunnerBet[] = [];
      let v = emptyVector(runners);
      const count = Math.floor(rand() * 30);
      for (let i = 0; i < count; i += 1) {
        const bet: RunnerBet = {
          side: rand() < 0.5 ? 'BACK' : 'LAY',
          runnerId: runners[Math.floor(rand() * runners.length)],
          stakeMinor: 1 + Math.floor(rand() * 1_000_000),
          oddsHundredths: 101 + Math.floor(rand() * 2_000),
        };
        bets.push(bet);
        v = applyBet(v, bet);
        // recompute from scratch with the per-bet definition: P[ω] = Σ_b (b on ω ? win : lose)
        const direct = runners.map((id) => bets.reduce((s, b) => s + (b.runnerId === id ? pnlIfRunnerWinsMinor(b) : pnlIfRunnerLosesMinor(b)), 0));
        expect([...v.values()]).toEqual(direct);
        expect(exposureMinor(v)).toBe(Math.max(0, -Math.min(...direct)));
      }
      expect(v).toEqual(marketPnlVector(bets, runners));
    }
  });
});

describe('placedExposureMinor (racing PLACE markets, docs/racing-rules.md R-2)', () => {
  const runners = ['A', 'B', 'C', 'D', 'E'];
  const layAt2 = (runnerId: string) => ({ side: 'LAY', runnerId, stakeMinor: 10_000, oddsHundredths: 200 }) as const;
  const backAt150 = (runnerId: string) => ({ side: 'BACK', runnerId, stakeMinor: 10_000, oddsHundredths: 150 }) as const;

  it('three lays in a 3-place market risk all three liabilities (one winner would say 0)', () => {
    const bets = [layAt2('A'), layAt2('B'), layAt2('C')];
    expect(exposureMinor(marketPnlVector(bets, runners))).toBe(0);
    expect(placedExposureMinor(bets, runners, 3)).toBe(30_000);
    // Two places: two of the three placed, the third lay wins its stake.
    expect(placedExposureMinor(bets, runners, 2)).toBe(10_000);
  });

  it('two backs in a 2-place market risk both stakes', () => {
    expect(placedExposureMinor([backAt150('A'), backAt150('B')], runners, 2)).toBe(20_000);
  });

  it('a book level whichever runners place has no exposure', () => {
    expect(placedExposureMinor([{ ...layAt2('A'), side: 'BACK' }, layAt2('A')], runners, 2)).toBe(0);
    // Backed at 1.50 and laid at 2.00: placed loses 50.
    expect(placedExposureMinor([backAt150('A'), layAt2('A')], runners, 2)).toBe(5_000);
  });

  it('one winner is the plain exposure; k above the runners places them all', () => {
    const bets = [layAt2('A'), backAt150('B')];
    expect(placedExposureMinor(bets, runners, 1)).toBe(exposureMinor(marketPnlVector(bets, runners)));
    expect(placedExposureMinor([layAt2('A'), layAt2('B')], ['A', 'B'], 4)).toBe(20_000);
  });
});

describe('listedPnlVector (a bet on a runner no longer listed: a racing non-runner)', () => {
  it('the non-runner bet only loses on every listed runner; without it the plain vector', () => {
    const bets = [back('E', 100, 400), back('A', 100, 300)];
    expect(() => marketPnlVector(bets, ['A', 'B'])).toThrow('runner E is not in this market');
    expect(inRupees(listedPnlVector(bets, ['A', 'B']))).toEqual([100, -200]);
    expect(listedPnlVector(T2, HDA)).toEqual(marketPnlVector(T2, HDA));
  });
});
