import {
  applyBet,
  availableMinor,
  emptyVector,
  exposureCheck,
  exposureMinor,
  layExposureMinor,
  marketPnlVector,
  pnlIfRunnerLosesMinor,
  pnlIfRunnerWinsMinor,
  releasedOnFillMinor,
  reserveVector,
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
    // T4/T5: accept iff Σ other E + E_market(after) ≤ balance; never compare the bet's own exposure with available.
    ['T4 risk-reducing bet with 0 available is accepted', 1_000, [back('A', 1_000, 200)], back('B', 500, 200), 'OK', 500], // E after 500 ≤ 1,000; available 1,000 − 500
    ['T5 risk-increasing bet is rejected', 1_000, [], lay('B', 1_200, 196), 'INSUFFICIENT_FUNDS', -152], // E after 1,152 > 1,000
  ])('%s', (_name, balance, before, bet, code, availableAfter) => {
    const vBefore = marketPnlVector(before as RunnerBet[], AB);
    expect(availableMinor(rupees(balance), [exposureMinor(vBefore)])).toBe(before.length ? 0 : rupees(balance));
    const eAfter = exposureMinor(applyBet(vBefore, bet));
    expect(exposureCheck({ balanceMinor: rupees(balance), otherMarketsExposureMinor: 0, marketExposureAfterMinor: eAfter })).toBe(code);
    expect(availableMinor(rupees(balance), [eAfter])).toBe(rupees(availableAfter));
  });

  it('an exposure limit applies to E_market(after), checked before funds', () => {
    expect(exposureCheck({ balanceMinor: 100, otherMarketsExposureMinor: 0, marketExposureAfterMinor: 80, userExposureLimitMinor: 50 })).toBe('EXPOSURE_LIMIT_EXCEEDED');
    expect(exposureCheck({ balanceMinor: 100, otherMarketsExposureMinor: 30, marketExposureAfterMinor: 80 })).toBe('INSUFFICIENT_FUNDS'); // 30 + 80 > 100
    expect(exposureCheck({ balanceMinor: 100, otherMarketsExposureMinor: 20, marketExposureAfterMinor: 80 })).toBe('OK'); // 20 + 80 = 100
  });

  it('T30: balance 10,000 with open T2 (E 230) and T12 (E 2,000) ⇒ available 7,770', () => {
    expect(availableMinor(rupees(10_000), [rupees(230), rupees(2_000)])).toBe(rupees(7_770)); // 10,000 − 230 − 2,000
  });

  it.each([
    // stake paise, odds, back if wins, lay if wins: a fraction of a paisa rounds toward the house
    [100, 250, 150, -150], // exact
    [150, 133, 49, -50], // 150 × 0.33 = 49.5 ⇒ back 49, lay −50
    [1, 101, 0, -1], // 0.01 paise
  ])('rounds %i paise @ %i toward the house', (stakeMinor, oddsHundredths, backWin, layWin) => {
    expect(pnlIfRunnerWinsMinor({ side: 'BACK', runnerId: 'A', stakeMinor, oddsHundredths })).toBe(backWin);
    expect(pnlIfRunnerWinsMinor({ side: 'LAY', runnerId: 'A', stakeMinor, oddsHundredths })).toBe(layWin);
    expect(layExposureMinor(stakeMinor, oddsHundredths)).toBe(-layWin);
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

describe('unmatched orders (RULES §7.3)', () => {
  const unmatched = [back('A', 100, 400)];

  it('T10: T2 + unmatched Back A 100 @ 4.0 ⇒ reserve (H +100, D −330, A −50), E = 330', () => {
    // the order's term is (H −100, D −100, A +300); only min(·, 0) counts: (−100, −100, 0)
    const reserve = reserveVector(marketPnlVector(T2, HDA), unmatched);
    expect(inRupees(reserve)).toEqual([100, -330, -50]);
    expect(exposureMinor(reserve)).toBe(rupees(330));
  });

  it('T10 fill: (H +100, D −330, A +250), E = 330, nothing released', () => {
    const filled = marketPnlVector([...T2, ...unmatched], HDA);
    expect(inRupees(filled)).toEqual([100, -330, 250]); // A −50 + 300
    expect(exposureMinor(filled)).toBe(rupees(330));
    expect(releasedOnFillMinor(marketPnlVector(T2, HDA), unmatched, 0)).toBe(0); // 330 − 330
  });

  it('T10 cancel: back to E = 230', () => {
    expect(exposureMinor(reserveVector(marketPnlVector(T2, HDA), []))).toBe(rupees(230));
  });

  it('a fill that reduces risk releases capital', () => {
    // matched Back A 100 @ 2.0 (A +100, B −100); unmatched Back B 50 @ 2.0 adds min(·, 0) = (A −50, B 0)
    // ⇒ reserve (A +50, B −100), E 100. Filled: (A +50, B −50) ⇒ E 50; released 100 − 50 = 50.
    expect(releasedOnFillMinor(marketPnlVector([back('A', 100, 200)], AB), [back('B', 50, 200)], 0)).toBe(rupees(50));
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
