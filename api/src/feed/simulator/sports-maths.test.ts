import fc from 'fast-check';
import {
  battingFirstWinProbability,
  cricketResult,
  expectedBallsToWickets,
  expectedRuns,
  newInnings,
  projectFallOfWicket,
  projectSession,
  scoringForm,
  FORM_WEIGHT_BALLS,
  BALLS_PER_INNINGS,
  type InningsState,
} from './cricket';
import { matchOddsProbabilities, overProbability, poisson } from './soccer';
import { gameWinProbability, setWinProbability, tennisWinProbability, tiebreakWinProbability, type TennisState } from './tennis';

function innings(runs: number, wickets: number, balls: number, complete = false): InningsState {
  const state = newInnings();
  state.runs = runs;
  state.wickets = wickets;
  state.balls = balls;
  state.complete = complete;
  for (let b = 1; b <= balls; b += 1) state.runsAfterBall[b] = Math.round((runs * b) / balls);
  return state;
}

describe('cricket: expected runs (resource model)', () => {
  it.each([
    // balls left, wickets in hand, expected runs range
    [120, 10, 150, 170], // a par T20 total
    [36, 10, 45, 56], // six overs with every wicket in hand
    [6, 10, 8, 10], // the last over
    [60, 2, 35, 60], // ten overs with the tail
    [0, 10, 0, 0],
    [30, 0, 0, 0],
  ])('%i balls, %i wickets → %i–%i', (balls, wickets, low, high) => {
    const runs = expectedRuns(balls, wickets);
    expect(runs).toBeGreaterThanOrEqual(low);
    expect(runs).toBeLessThanOrEqual(high);
  });

  it('grows with balls and with wickets in hand', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 119 }), fc.integer({ min: 1, max: 9 }), (balls, wickets) => {
        return (
          expectedRuns(balls + 1, wickets) > expectedRuns(balls, wickets) && expectedRuns(balls, wickets + 1) > expectedRuns(balls, wickets)
        );
      }),
    );
  });
});

describe('cricket: win probability', () => {
  const rates = { rateFirst: 1, rateSecond: 1 };

  it.each([
    // first innings, second innings, P(side batting first wins)
    ['before a ball', innings(0, 0, 0), null, 0.45, 0.55],
    ['a par total set', innings(159, 6, 120, true), innings(0, 0, 0), 0.45, 0.55],
    ['a big total set', innings(220, 5, 120, true), innings(0, 0, 0), 0.97, 1],
    ['chase needs 2 from 12 with 8 wickets', innings(150, 7, 120, true), innings(149, 2, 108), 0, 0.05],
    ['chase needs 40 from 6', innings(150, 7, 120, true), innings(111, 4, 114), 0.95, 1],
    ['target reached', innings(150, 7, 120, true), innings(151, 4, 100, true), 0, 0],
    ['all out short', innings(150, 7, 120, true), innings(120, 10, 100, true), 1, 1],
  ])('%s', (_name, first, second, low, high) => {
    const p = battingFirstWinProbability({ first, second, ...rates });
    expect(p).toBeGreaterThanOrEqual(low);
    expect(p).toBeLessThanOrEqual(high);
  });

  it('a chasing side needing fewer runs, or with more wickets in hand, is more likely to win', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 220 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 110 }),
        (total, runs, wickets, balls) => {
          const first = innings(total, 5, 120, true);
          const chase = (r: number, w: number) => 1 - battingFirstWinProbability({ first, second: innings(r, w, balls), ...rates });
          return chase(runs + 1, wickets) >= chase(runs, wickets) && chase(runs, wickets) >= chase(runs, wickets + 1);
        },
      ),
    );
  });
});

describe('cricket: the result', () => {
  it.each([
    // runs batting first, runs chasing → result
    [150, 151, 'chaser'], // target reached
    [150, 120, 'first'],
    [150, 150, 'void'], // a tie voids match odds and bookmaker (docs/rules/money.md §7.7 T23)
  ])('%i v %i → %s', (first, second, expected) => {
    expect(cricketResult(first, second, 'first', 'chaser')).toBe(expected);
  });
});

describe('cricket: fancy projections', () => {
  it.each([1, 30, 120])('E[balls to the next wicket] matches the geometric formula over %i balls', (balls) => {
    const p = 0.045;
    expect(expectedBallsToWickets(1, p, balls)).toBeCloseTo((1 - (1 - p) ** balls) / p, 9);
  });

  it('the second wicket is expected later than the first', () => {
    expect(expectedBallsToWickets(2, 0.045, 120)).toBeGreaterThan(expectedBallsToWickets(1, 0.045, 120));
  });

  it('session lines: a settled session is its runs, an open one at least the runs so far, capped by a target', () => {
    const state = innings(62, 1, 40);
    expect(projectSession(state, 6, 1, null)).toBe(state.runsAfterBall[36]);
    const tenOvers = projectSession(state, 10, 1, null);
    expect(tenOvers).toBeGreaterThan(62);
    expect(tenOvers).toBeLessThan(62 + 40);
    expect(projectSession(state, 20, 1, 90)).toBe(90);
  });

  it('session lines price the live innings: runs + [E(B, w) − E(B − n, w)] · f, f the run rate against par', () => {
    // 60/1 after 6 overs, the 10-over line: B = 84 balls left, n = 24 to the session's over.
    const state = innings(60, 1, 36);
    const par = expectedRuns(BALLS_PER_INNINGS, 10) - expectedRuns(BALLS_PER_INNINGS - 36, 10);
    const f = (FORM_WEIGHT_BALLS + 36 * Math.min(1.6, 60 / par)) / (FORM_WEIGHT_BALLS + 36);
    expect(scoringForm(state, 1)).toBeCloseTo(f, 12);
    expect(f).toBeGreaterThan(1);
    expect(projectSession(state, 10, 1, null)).toBeCloseTo(60 + (expectedRuns(84, 9) - expectedRuns(60, 9)) * f, 9);
    // The same score after the same balls: a side scoring faster is quoted higher; a wicket lower.
    expect(projectSession(innings(60, 1, 36), 10, 1, null)).toBeGreaterThan(projectSession(innings(40, 1, 36), 10, 1, null) + 20);
    expect(projectSession(innings(60, 4, 36), 10, 1, null)).toBeLessThan(projectSession(innings(60, 1, 36), 10, 1, null));
    // Before the first ball f is 1; a flying start counts at most 1.6 times par.
    expect(scoringForm(innings(0, 0, 0), 1)).toBe(1);
    expect(scoringForm(innings(200, 0, 36), 1)).toBeCloseTo((FORM_WEIGHT_BALLS + 36 * 1.6) / (FORM_WEIGHT_BALLS + 36), 12);
  });

  it('fall-of-wicket lines: a fallen wicket is its score, the next one is above the current score', () => {
    const state = innings(40, 1, 30);
    state.fallOfWickets = [12];
    expect(projectFallOfWicket(state, 1, 1, 0.045, null)).toBe(12);
    const next = projectFallOfWicket(state, 2, 1, 0.045, null);
    expect(next).toBeGreaterThan(40);
    expect(next).toBeLessThan(40 + 60);
  });
});

describe('soccer maths', () => {
  it('Poisson probabilities sum to 1', () => {
    for (const mean of [0, 0.3, 1.4, 3.2]) expect(poisson(mean).reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
  });

  it.each([
    // goals, expected remaining (home, away) → [home, draw, away]
    [[0, 0], 0, 0, [0, 1, 0]],
    [[1, 0], 0, 0, [1, 0, 0]],
    [[0, 2], 0, 0, [0, 0, 1]],
  ] as const)('%j with %d/%d to come', (goals, home, away, expected) => {
    matchOddsProbabilities(goals, home, away).forEach((p, i) => expect(p).toBeCloseTo(expected[i] ?? NaN, 9));
  });

  it('is symmetric and sums to 1', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 3, noNaN: true }), fc.integer({ min: 0, max: 4 }), (mean, goals) => {
        const [home, draw, away] = matchOddsProbabilities([goals, goals], mean, mean);
        return Math.abs(home + draw + away - 1) < 1e-9 && Math.abs(home - away) < 1e-9;
      }),
    );
  });

  it.each([
    // goals so far, line, expected remaining, P(over)
    [3, 2.5, 0, 1],
    [0, 2.5, 0, 0],
    [0, 2.5, 2.6, 1 - Math.exp(-2.6) * (1 + 2.6 + 2.6 ** 2 / 2)],
    [2, 2.5, 1, 1 - Math.exp(-1)],
  ])('%i goals, over %d with %d to come → %d', (goals, line, mean, expected) => {
    expect(overProbability(goals, line, mean)).toBeCloseTo(expected, 9);
  });
});

describe('tennis maths', () => {
  it.each([
    // p on serve, points (server, receiver), P(server holds)
    [0.5, 0, 0, 0.5],
    [0.6, 0, 0, 0.7357],
    [0.6, 3, 3, 0.6923], // deuce: p² / (p² + q²)
    [0.6, 4, 3, 0.6 + 0.4 * 0.6923], // advantage server
    [0.6, 0, 3, 0.6 * 0.6 * 0.6 * 0.6923], // 0-40
  ])('p %d from %i-%i holds with %d', (p, a, b, expected) => {
    expect(gameWinProbability(p, a, b)).toBeCloseTo(expected, 3);
  });

  it('equal players: a tiebreak, a set and a match are even whoever serves first', () => {
    expect(tiebreakWinProbability(0.62, 0.62, 0)).toBeCloseTo(0.5, 9);
    expect(tiebreakWinProbability(0.62, 0.62, 1)).toBeCloseTo(0.5, 9);
    expect(setWinProbability(0.62, 0.62, 0, 0, 0)).toBeCloseTo(0.5, 2);
    const fresh: TennisState = { sets: [0, 0], games: [0, 0], points: [0, 0], server: 0, tiebreak: false, tiebreakFirstServer: 0 };
    expect(tennisWinProbability(0.62, 0.62, fresh)).toBeCloseTo(0.5, 2);
  });

  it('a set and 5-0 up is nearly won; the better server is the favourite', () => {
    const ahead: TennisState = { sets: [1, 0], games: [5, 0], points: [0, 0], server: 0, tiebreak: false, tiebreakFirstServer: 0 };
    expect(tennisWinProbability(0.62, 0.62, ahead)).toBeGreaterThan(0.97);
    fc.assert(
      fc.property(fc.double({ min: 0.55, max: 0.7, noNaN: true }), fc.double({ min: 0.001, max: 0.05, noNaN: true }), (p, edge) => {
        const fresh: TennisState = { sets: [0, 0], games: [0, 0], points: [0, 0], server: 0, tiebreak: false, tiebreakFirstServer: 0 };
        return tennisWinProbability(p + edge, p, fresh) > tennisWinProbability(p, p, fresh);
      }),
      { numRuns: 30 },
    );
  });
});
