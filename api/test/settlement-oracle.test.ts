import { exposureMinor, fancyBetPnlMinor, marketPnlVector, type FancyBet, type RunnerBet } from '@backlay/shared/domain';
import { PAYOUT_ROUNDING_STEPS } from '@backlay/shared/casino';
import { settledRunnerBetMinor, type CasinoRunnerOutcome, type RunnerResult } from './settlement-oracle';

const rupees = (r: number) => r * 100;
const HDA = ['H', 'D', 'A'];
const T2: RunnerBet[] = [
  { side: 'BACK', runnerId: 'H', stakeMinor: rupees(100), oddsHundredths: 250 },
  { side: 'LAY', runnerId: 'D', stakeMinor: rupees(50), oddsHundredths: 360 },
];
/** The user's W on a runner market: the sum of its bets' settled P&L (= P[winner] of its vector). */
const runnerW = (result: RunnerResult) => T2.reduce((sum, bet) => sum + settledRunnerBetMinor(bet, result), 0);
const T15: (FancyBet & { userId: string })[] = [
  { userId: 'u1', side: 'YES', line: 40, rate: 100, stakeMinor: rupees(500) },
  { userId: 'u1', side: 'NO', line: 50, rate: 100, stakeMinor: rupees(500) },
  { userId: 'u1', side: 'YES', line: 45, rate: 80, stakeMinor: rupees(1_000) },
];

describe('runner market settlement (RULES §7.5)', () => {
  it.each([
    // name, result, user W in rupees
    ['T17 Home wins', { kind: 'WINNER', runnerId: 'H' }, 200], // P[H] = 150 + 50
    ['T17 Draw wins', { kind: 'WINNER', runnerId: 'D' }, -230], // P[D] = −100 − 130
    ['T17 void', { kind: 'VOID' }, 0], // every bet 0
  ] as [string, RunnerResult, number][])('%s', (_name, result, w) => {
    expect(runnerW(result)).toBe(rupees(w));
  });

  it('T17 W = P[winner] of the vector for every runner', () => {
    const v = marketPnlVector(T2, HDA);
    for (const id of HDA) expect(runnerW({ kind: 'WINNER', runnerId: id })).toBe(v.get(id));
  });

  it('T17: the exposure a settlement releases is the vector\'s worst case, 230', () => {
    expect(exposureMinor(marketPnlVector(T2, HDA))).toBe(rupees(230));
  });
});

/** The user's W on a fancy: the sum of its bets' P&L at the runs (a void fancy pays 0). */
const fancyW = (runs: number) => T15.reduce((sum, bet) => sum + fancyBetPnlMinor(bet, runs), 0);

describe('fancy settlement (RULES §7.5)', () => {
  it.each([
    // runs, W in rupees
    ['T18 x = 46', 46, 1_800], // YES40 +500, NO50 +500 (46 < 50), YES45 +800
    ['T15 x = 39', 39, -1_000], // −500 + 500 − 1,000
    ['T15 x = 50', 50, 800], // +500 − 500 + 800
  ])('%s', (_name, runs, w) => {
    expect(fancyW(runs)).toBe(rupees(w));
  });

});

describe('dead heat and ties (RULES §7.7)', () => {
  const dh: RunnerResult = { kind: 'DEAD_HEAT', runnerIds: ['H', 'A'] };
  it.each([
    // name, bet, P in rupees
    ['T22 back 100 @ 3.0, 2-way DH', { side: 'BACK', runnerId: 'H', stakeMinor: rupees(100), oddsHundredths: 300 }, 50], // 100 × (3 − 2) / 2
    ['T22 lay 100 @ 3.0, 2-way DH', { side: 'LAY', runnerId: 'H', stakeMinor: rupees(100), oddsHundredths: 300 }, -50], // the negation
    ['back at 1.5 in a 2-way DH loses', { side: 'BACK', runnerId: 'A', stakeMinor: rupees(100), oddsHundredths: 150 }, -25], // 100 × (1.5 − 2) / 2
    ['back on a runner outside the DH', { side: 'BACK', runnerId: 'D', stakeMinor: rupees(100), oddsHundredths: 300 }, -100], // −s
    ['lay on a runner outside the DH', { side: 'LAY', runnerId: 'D', stakeMinor: rupees(100), oddsHundredths: 300 }, 100], // +s
  ] as [string, RunnerBet, number][])('%s', (_name, bet, pnl) => {
    expect(settledRunnerBetMinor(bet, dh)).toBe(rupees(pnl));
  });

  it('a 1-way dead heat is a plain win', () => {
    const bet: RunnerBet = { side: 'BACK', runnerId: 'H', stakeMinor: rupees(100), oddsHundredths: 250 };
    expect(settledRunnerBetMinor(bet, { kind: 'DEAD_HEAT', runnerIds: ['H'] })).toBe(rupees(150));
  });

  it('T23: a void match-odds market pays 0; a fancy still settles on runs', () => {
    expect(runnerW({ kind: 'VOID' })).toBe(0);
    expect(fancyW(46)).toBe(rupees(1_800));
  });

  it('refuses a malformed dead heat', () => {
    expect(() => settledRunnerBetMinor(T2[0], { kind: 'DEAD_HEAT', runnerIds: ['H', 'H'] })).toThrow();
  });
});

describe('casino outcomes (CASINO.md §1.0.3)', () => {
  const back = (stakeMinor: number, oddsHundredths = 200): RunnerBet => ({ side: 'BACK', runnerId: 'X', stakeMinor, oddsHundredths });
  const lay = (stakeMinor: number, oddsHundredths = 200): RunnerBet => ({ side: 'LAY', runnerId: 'X', stakeMinor, oddsHundredths });
  const on = (rule: 'WIN' | 'LOSE' | 'PUSH' | 'HALF_LOSE' | 'WIN_REDUCED' | 'WIN_PAYTABLE' | 'VOID', profit?: number): RunnerResult => ({
    kind: 'CASINO',
    outcomes: { X: profit === undefined ? { rule } : { rule, profit } },
  });

  it.each([
    ['WIN at 1.98', back(10_000, 198), on('WIN'), 9_800],
    ['LOSE', back(10_000), on('LOSE'), -10_000],
    ['PUSH returns the stake', back(10_000), on('PUSH'), 0],
    ['VOID returns the stake', back(10_000), on('VOID'), 0],
    ['HALF_LOSE loses half', back(10_000), on('HALF_LOSE'), -5_000],
    ['HALF_LOSE of an odd stake rounds toward the player', back(101), on('HALF_LOSE'), -50],
    ['WIN_REDUCED pays 0.25:1 (Andar Bahar, Bahar first card)', back(10_000), on('WIN_REDUCED', 25), 2_500],
    ['WIN_REDUCED floors a fraction of a paisa', back(3), on('WIN_REDUCED', 25), 0],
    ['WIN_PAYTABLE pays its pay-table line (40:1)', back(10_000), on('WIN_PAYTABLE', 4_000), 400_000],
    ['a lay is the negation of a back: WIN', lay(10_000, 1_200), on('WIN'), -110_000],
    ['a lay on a half-lost runner wins half', lay(10_000), on('HALF_LOSE'), 5_000],
  ] as [string, RunnerBet, RunnerResult, number][])('%s', (_name, bet, result, pnl) => {
    expect(settledRunnerBetMinor(bet, result)).toBe(pnl);
  });

  it('refuses a casino result with no outcome for the bet’s runner', () => {
    expect(() => settledRunnerBetMinor(back(100), { kind: 'CASINO', outcomes: {} })).toThrow(/no outcome/);
  });
});

/**
 * The rounding a player reads in each table's rules and on the Verify view (PAYOUT_ROUNDING_STEPS),
 * written from its words, against the oracle that B4 checks every settled casino bet of the API
 * tests with (so against settle_market itself).
 */
describe('casino payouts round as published', () => {
  const published = PAYOUT_ROUNDING_STEPS.join('\n');
  const down = (n: bigint, d: bigint) => n / d; // n ≥ 0
  const up = (n: bigint, d: bigint) => (n + d - 1n) / d;
  function fromTheWords(side: 'BACK' | 'LAY', stake: number, oddsHundredths: number, outcome: CasinoRunnerOutcome): number {
    const s = BigInt(stake);
    const win = outcome.rule === 'WIN' ? s * BigInt(oddsHundredths - 100) : s * BigInt(outcome.profit ?? 0);
    switch (outcome.rule) {
      case 'WIN':
      case 'WIN_REDUCED':
      case 'WIN_PAYTABLE':
        return Number(side === 'BACK' ? down(win, 100n) : -up(win, 100n));
      case 'LOSE':
        return side === 'BACK' ? -stake : stake;
      case 'HALF_LOSE':
        return Number(side === 'BACK' ? -down(s, 2n) : down(s, 2n));
      case 'PUSH':
      case 'VOID':
        return 0;
    }
  }

  it('the rules say what rounds and which way, with the worked example', () => {
    for (const phrase of ['stake × (price − 1)', 'rounded down to the paisa', 'rounded up to the paisa', 'paid as 98 paise', 'loses 99 paise', '101 paise → 50 paise']) {
      expect(published).toContain(phrase);
    }
    const bet = (side: 'BACK' | 'LAY') => ({ side, runnerId: 'x', stakeMinor: 101, oddsHundredths: 198 });
    const casino = (rule: CasinoRunnerOutcome['rule']): RunnerResult => ({ kind: 'CASINO', outcomes: { x: { rule } } });
    expect([settledRunnerBetMinor(bet('BACK'), casino('WIN')), settledRunnerBetMinor(bet('LAY'), casino('WIN')), settledRunnerBetMinor(bet('BACK'), casino('HALF_LOSE'))]).toEqual([98, -99, -50]);
  });

  it('every rule, both sides, many stakes and prices: the words give the settled P&L to the paisa', () => {
    const rules: CasinoRunnerOutcome[] = [
      { rule: 'WIN' }, { rule: 'LOSE' }, { rule: 'PUSH' }, { rule: 'HALF_LOSE' }, { rule: 'VOID' },
      { rule: 'WIN_REDUCED', profit: 50 }, { rule: 'WIN_PAYTABLE', profit: 3_500 }, { rule: 'WIN_PAYTABLE', profit: 33 },
    ];
    let checked = 0;
    const wrong: unknown[] = [];
    for (let stake = 1; stake <= 2_003; stake += 7) {
      for (const odds of [101, 133, 150, 198, 199, 250, 333, 1_150, 10_000]) {
        for (const side of ['BACK', 'LAY'] as const) {
          for (const outcome of rules) {
            const oracle = settledRunnerBetMinor({ side, runnerId: 'x', stakeMinor: stake, oddsHundredths: odds }, { kind: 'CASINO', outcomes: { x: outcome } });
            // + 0: a half of 1 paisa lost is −0 in the oracle.
            const mine = fromTheWords(side, stake, odds, outcome);
            if (mine !== oracle + 0) wrong.push({ side, stake, odds, outcome, mine, oracle });
            checked += 1;
          }
        }
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(40_000);
  });
});
