/**
 * Simulated T20 cricket: ball-by-ball innings on a compressed clock, with the maths that prices
 * it. Markets: match odds and bookmaker on the two teams; fancies per innings: '6/10/15/20 over
 * runs' (sessions) and 'Fall of 1st/2nd wkt' (the score when that wicket falls). Prices follow
 * the score: the win probability comes from a resource model (expected runs from balls and
 * wickets left, like Duckworth–Lewis), the fancy lines from projected runs.
 *
 * Status: the bookmaker and the fancies show 'ball_running' while a ball is live; everything is
 * 'suspended' after a wicket and during the innings break; every market closes with a result
 * at the end (a tie voids match odds and bookmaker, RULES §7.7 T23; fancies settle on runs —
 * a session cut short by the end of the innings settles on the innings' final score).
 */
import { MARKET_RESULT_VOID, type MarketStatus } from '@backlay/shared/contracts';
import type { FeedFancy, FeedMarket, FeedScore } from '../feed-provider';
import { fancyLine } from './book';
import { bookmakerMarket, drawMs, eventView, exchangeMarket, fancyId, normalCdf, type MarketState } from './common';
import type { Rng } from './prng';
import type { MatchInfo, MatchView, SimMatch, SimulatorPace } from './types';

export const BALLS_PER_INNINGS = 120;
export const WICKETS_PER_INNINGS = 10;

/** Share of the full-innings resource kept with w wickets in hand (index = wickets in hand). */
const WICKET_RESOURCE = [0, 0.05, 0.11, 0.19, 0.29, 0.4, 0.52, 0.64, 0.77, 0.89, 1];
/** Scale of the resource curve (runs) and its decay in overs: R(20 overs, 10 wkts) ≈ 160. */
const RESOURCE_RUNS = 720;
const RESOURCE_OVERS = 80;
/** Spread of the runs still to come: about 2.2·√balls. */
const RUNS_SD_PER_ROOT_BALL = 2.2;

/**
 * Expected runs from `ballsLeft` legal balls with `wicketsInHand`, for a batting side whose
 * scoring is scaled by `rateFactor` (1 = par).
 */
export function expectedRuns(ballsLeft: number, wicketsInHand: number, rateFactor = 1): number {
  if (ballsLeft <= 0 || wicketsInHand <= 0) return 0;
  const share = WICKET_RESOURCE[Math.min(WICKETS_PER_INNINGS, wicketsInHand)] ?? 1;
  const overs = ballsLeft / 6;
  return RESOURCE_RUNS * share * (1 - Math.exp(-overs / (share * RESOURCE_OVERS))) * rateFactor;
}

/** Standard deviation of the runs from `ballsLeft` balls. */
export function runsSd(ballsLeft: number): number {
  return RUNS_SD_PER_ROOT_BALL * Math.sqrt(Math.max(0, ballsLeft)) + 1;
}

/** One innings' state. */
export interface InningsState {
  runs: number;
  wickets: number;
  /** Legal balls bowled. */
  balls: number;
  /** Team score at each fall of wicket, in order. */
  fallOfWickets: number[];
  /** Runs after the n-th legal ball (index n; index 0 = before the first ball). */
  runsAfterBall: number[];
  /** Last deliveries for the score panel ('.', '1', '4', 'W', 'wd' …). */
  recent: string[];
  complete: boolean;
}

export function newInnings(): InningsState {
  return { runs: 0, wickets: 0, balls: 0, fallOfWickets: [], runsAfterBall: [0], recent: [], complete: false };
}

/** The probability that the side batting first wins, from the state of the match. */
export function battingFirstWinProbability(args: {
  first: InningsState;
  second: InningsState | null;
  rateFirst: number;
  rateSecond: number;
}): number {
  const { first, second, rateFirst, rateSecond } = args;
  if (second === null || !first.complete) {
    const ballsLeft = BALLS_PER_INNINGS - first.balls;
    const wicketsInHand = WICKETS_PER_INNINGS - first.wickets;
    const projectedFirst = first.runs + (first.complete ? 0 : expectedRuns(ballsLeft, wicketsInHand, rateFirst));
    const sdFirst = first.complete ? 0 : runsSd(ballsLeft);
    const projectedSecond = expectedRuns(BALLS_PER_INNINGS, WICKETS_PER_INNINGS, rateSecond);
    const sdSecond = runsSd(BALLS_PER_INNINGS);
    return normalCdf((projectedFirst + 0.5 - projectedSecond) / Math.hypot(sdFirst, sdSecond));
  }
  const target = first.runs + 1;
  const needed = target - second.runs;
  if (needed <= 0) return 0;
  const ballsLeft = BALLS_PER_INNINGS - second.balls;
  const wicketsInHand = WICKETS_PER_INNINGS - second.wickets;
  if (ballsLeft <= 0 || wicketsInHand <= 0 || second.complete) return 1;
  const chase = normalCdf((expectedRuns(ballsLeft, wicketsInHand, rateSecond) - needed + 0.5) / runsSd(ballsLeft));
  return 1 - chase;
}

/** E[min(T, ballsLeft)] where T is the ball on which the m-th further wicket falls (p per ball). */
export function expectedBallsToWickets(m: number, wicketProbability: number, ballsLeft: number): number {
  // Σ_{b=0}^{B-1} P(T > b) = Σ P(Binomial(b, p) < m).
  const q = 1 - wicketProbability;
  let total = 0;
  for (let b = 0; b < ballsLeft; b += 1) {
    let cumulative = 0;
    let term = q ** b; // P(X = 0)
    for (let k = 0; k < m; k += 1) {
      cumulative += term;
      term = (term * (b - k) * wicketProbability) / ((k + 1) * q);
    }
    total += Math.min(1, cumulative);
  }
  return total;
}

/** The session fancies of an innings: runs after this many overs. */
export const SESSION_OVERS = [6, 10, 15, 20] as const;
/** The fall-of-wicket fancies of an innings: the score when this wicket falls. */
export const WICKET_LINES = [1, 2] as const;

/** Projected runs of the innings after `overs` overs (for a session fancy). */
export function projectSession(innings: InningsState, overs: number, rate: number, cap: number | null): number {
  const endBall = overs * 6;
  if (innings.balls >= endBall) return innings.runsAfterBall[endBall] ?? innings.runs;
  const ballsLeft = BALLS_PER_INNINGS - innings.balls;
  const wicketsInHand = WICKETS_PER_INNINGS - innings.wickets;
  const toCome =
    expectedRuns(ballsLeft, wicketsInHand, rate) - expectedRuns(ballsLeft - (endBall - innings.balls), wicketsInHand, rate);
  const projection = innings.runs + toCome;
  return cap === null ? projection : Math.min(projection, cap);
}

/** Projected team score when the n-th wicket falls (or at the end of the innings). */
export function projectFallOfWicket(
  innings: InningsState,
  wicket: number,
  rate: number,
  wicketProbability: number,
  cap: number | null,
): number {
  const fallen = innings.fallOfWickets[wicket - 1];
  if (fallen !== undefined) return fallen;
  const ballsLeft = BALLS_PER_INNINGS - innings.balls;
  const wicketsInHand = WICKETS_PER_INNINGS - innings.wickets;
  const perBall = ballsLeft > 0 ? expectedRuns(ballsLeft, wicketsInHand, rate) / ballsLeft : 0;
  const projection = innings.runs + perBall * expectedBallsToWickets(wicket - innings.wickets, wicketProbability, ballsLeft);
  return cap === null ? projection : Math.min(projection, cap);
}

/**
 * The result of match odds and bookmaker: the side with more runs; a tie voids them (tie policy
 * VOID, RULES §7.7 T23).
 */
export function cricketResult(firstRuns: number, secondRuns: number, firstSelection: string, secondSelection: string): string {
  if (secondRuns > firstRuns) return secondSelection;
  if (secondRuns < firstRuns) return firstSelection;
  return MARKET_RESULT_VOID;
}

/** Outcomes of a delivery. */
const OUTCOMES = ['0', '1', '2', '3', '4', '6', 'W', 'wd'] as const;
type Outcome = (typeof OUTCOMES)[number];

/** Weights of each outcome by phase (powerplay, middle, death), before the strength factor. */
const PHASE_WEIGHTS: Record<'powerplay' | 'middle' | 'death', readonly number[]> = {
  powerplay: [0.41, 0.3, 0.06, 0.01, 0.13, 0.04, 0.04, 0.04],
  middle: [0.34, 0.41, 0.08, 0.01, 0.08, 0.035, 0.035, 0.035],
  death: [0.29, 0.33, 0.09, 0.01, 0.13, 0.07, 0.07, 0.03],
};

/** Probability of a wicket on a legal ball, for the fall-of-wicket lines. */
export const WICKET_PROBABILITY = 0.045;

/** Outcome weights of the next delivery. */
export function deliveryWeights(ballsBowled: number, wicketsDown: number, rate: number): number[] {
  const phase = ballsBowled < 36 ? 'powerplay' : ballsBowled < 90 ? 'middle' : 'death';
  const weights = [...PHASE_WEIGHTS[phase]];
  // A stronger side hits more boundaries and loses fewer wickets; a long tail the reverse.
  const tail = wicketsDown >= 7 ? 0.75 : 1;
  weights[4] = (weights[4] ?? 0) * rate * tail;
  weights[5] = (weights[5] ?? 0) * rate * tail;
  weights[6] = ((weights[6] ?? 0) / rate) * (wicketsDown >= 7 ? 1.4 : 1);
  return weights;
}

export type CricketPhase = 'prematch' | 'waiting' | 'running' | 'wicket' | 'break' | 'finished';
type Phase = CricketPhase;

/** Formats legal balls as overs ("15.2"). */
export function oversText(balls: number): string {
  return `${Math.floor(balls / 6)}.${balls % 6}`;
}

export class CricketMatch implements SimMatch {
  private phase: Phase = 'prematch';
  private nextMs: number;
  private steps = 0;
  private lastChangeMs: number;
  private finishedMs: number | null = null;
  /** Index (0 home, 1 away) of the side batting first. */
  private readonly battingFirst: 0 | 1;
  private readonly innings: [InningsState, InningsState] = [newInnings(), newInnings()];
  private current: 0 | 1 = 0;
  private strength: [number, number];
  private ballStartMs = 0;

  constructor(
    readonly info: MatchInfo,
    private readonly rng: Rng,
    private readonly pace: SimulatorPace,
  ) {
    this.strength = [rng.between(0.88, 1.12), rng.between(0.88, 1.12)];
    this.battingFirst = rng.chance(0.5) ? 0 : 1;
    this.lastChangeMs = info.createdMs;
    this.nextMs = Math.min(info.startMs, info.createdMs + drawMs(rng, pace.preMatchDriftMs));
  }

  nextAtMs(): number | null {
    return this.phase === 'finished' ? null : this.nextMs;
  }

  finishedAtMs(): number | null {
    return this.finishedMs;
  }

  /** A copy of the state (tests, logs). */
  progress(): { phase: CricketPhase; current: 0 | 1; battingFirst: 0 | 1; innings: InningsState[] } {
    return {
      phase: this.phase,
      current: this.current,
      battingFirst: this.battingFirst,
      innings: this.innings.map((i) => structuredClone(i)),
    };
  }

  /** Scoring factor of the side batting in innings i (its strength against the other's). */
  private rate(i: 0 | 1): number {
    const batting = i === 0 ? this.battingFirst : ((1 - this.battingFirst) as 0 | 1);
    const bowling = (1 - batting) as 0 | 1;
    return Math.sqrt(this.strength[batting] / this.strength[bowling]);
  }

  step(): void {
    const now = this.nextMs;
    this.steps += 1;
    this.lastChangeMs = now;
    switch (this.phase) {
      case 'prematch':
        if (now >= this.info.startMs) {
          this.phase = 'waiting';
          this.nextMs = now + drawMs(this.rng, this.pace.ballIntervalMs);
        } else {
          // Team news and money move the pre-match price a little.
          const side = this.rng.int(0, 1);
          this.strength[side] = Math.min(1.2, Math.max(0.8, (this.strength[side] ?? 1) + this.rng.between(-0.015, 0.015)));
          this.nextMs = Math.min(this.info.startMs, now + drawMs(this.rng, this.pace.preMatchDriftMs));
        }
        return;
      case 'waiting': {
        this.phase = 'running';
        this.ballStartMs = now;
        this.nextMs = now + drawMs(this.rng, this.pace.ballRunningMs);
        return;
      }
      case 'running':
        this.bowl(now);
        return;
      case 'wicket':
        this.phase = 'waiting';
        this.nextMs = now + drawMs(this.rng, this.pace.ballIntervalMs);
        return;
      case 'break':
        this.current = 1;
        this.phase = 'waiting';
        this.nextMs = now + drawMs(this.rng, this.pace.ballIntervalMs);
        return;
      case 'finished':
        return;
    }
  }

  /** Resolves the running delivery. */
  private bowl(now: number): void {
    const innings = this.innings[this.current];
    const outcome = OUTCOMES[this.rng.weighted(deliveryWeights(innings.balls, innings.wickets, this.rate(this.current)))] as Outcome;
    let wicket = false;
    if (outcome === 'wd') {
      innings.runs += 1;
      innings.recent.push('wd');
    } else {
      innings.balls += 1;
      if (outcome === 'W') {
        wicket = true;
        innings.wickets += 1;
        innings.fallOfWickets.push(innings.runs);
        innings.recent.push('W');
      } else {
        const runs = Number(outcome);
        innings.runs += runs;
        innings.recent.push(runs === 0 ? '.' : String(runs));
      }
      innings.runsAfterBall[innings.balls] = innings.runs;
    }
    if (innings.recent.length > 12) innings.recent.splice(0, innings.recent.length - 12);

    const target = this.current === 1 ? this.innings[0].runs + 1 : null;
    const over =
      innings.balls >= BALLS_PER_INNINGS || innings.wickets >= WICKETS_PER_INNINGS || (target !== null && innings.runs >= target);
    if (over) {
      innings.complete = true;
      if (this.current === 0) {
        this.phase = 'break';
        this.nextMs = now + this.pace.inningsBreakMs;
      } else {
        this.phase = 'finished';
        this.finishedMs = now;
      }
      return;
    }
    if (wicket) {
      this.phase = 'wicket';
      this.nextMs = now + drawMs(this.rng, this.pace.wicketPauseMs);
      return;
    }
    this.phase = 'waiting';
    // The next ball comes one interval after this one started.
    this.nextMs = Math.max(now + 200, this.ballStartMs + drawMs(this.rng, this.pace.ballIntervalMs));
  }

  // ---- view ----

  private teamOf(innings: 0 | 1) {
    const side = innings === 0 ? this.battingFirst : 1 - this.battingFirst;
    return side === 0 ? this.info.home : this.info.away;
  }

  private winner(): string {
    return cricketResult(this.innings[0].runs, this.innings[1].runs, this.teamOf(0).selectionId, this.teamOf(1).selectionId);
  }

  private homeWinProbability(): number {
    const first = this.innings[0];
    const second = this.current === 1 || first.complete ? this.innings[1] : null;
    const pFirst = battingFirstWinProbability({ first, second, rateFirst: this.rate(0), rateSecond: this.rate(1) });
    return this.battingFirst === 0 ? pFirst : 1 - pFirst;
  }

  private matchStatus(): { odds: MarketStatus; live: MarketStatus } {
    switch (this.phase) {
      case 'prematch':
      case 'waiting':
        return { odds: 'open', live: 'open' };
      case 'running':
        return { odds: 'open', live: 'ball_running' };
      case 'wicket':
      case 'break':
        return { odds: 'suspended', live: 'suspended' };
      case 'finished':
        return { odds: 'closed', live: 'closed' };
    }
  }

  view(): MatchView {
    const status = this.phase === 'prematch' ? 'upcoming' : this.phase === 'finished' ? 'closed' : 'inplay';
    const inPlay = status === 'inplay';
    const pHome = this.homeWinProbability();
    const selections = [
      { team: this.info.home, probability: pHome },
      { team: this.info.away, probability: 1 - pHome },
    ];
    const { odds, live } = this.matchStatus();
    const result = this.phase === 'finished' ? this.winner() : null;
    const oddsState: MarketState = { status: odds, inPlay, result };
    const liveState: MarketState = { status: live, inPlay, result };
    const markets: FeedMarket[] = [
      exchangeMarket(this.info, 1, 'Match Odds', 'match_odds', selections, oddsState, this.steps),
      bookmakerMarket(this.info, 2, selections, liveState, this.steps),
    ];
    return {
      event: eventView(this.info, status),
      markets,
      fancies: this.fancies(live),
      score: this.score(inPlay),
    };
  }

  private fancies(live: MarketStatus): FeedFancy[] {
    const fancies: FeedFancy[] = [];
    let n = 0;
    for (const i of [0, 1] as const) {
      const innings = this.innings[i];
      const team = this.teamOf(i).short;
      const rate = this.rate(i);
      // Once the target is known, a chase ends a few runs past it at most.
      const cap = i === 1 && this.innings[0].complete ? this.innings[0].runs + 1 + 3 : null;
      // The second innings' lines are not quoted before the first innings is over.
      const open: MarketStatus = i === 1 && this.current === 0 ? 'suspended' : live;
      const add = (name: string, gtype: string, settled: number | null, projection: number) => {
        n += 1;
        const line = fancyLine(projection);
        fancies.push({
          fancyId: fancyId(this.info, n),
          eventId: this.info.eventId,
          name,
          gtype,
          sortOrder: n,
          status: settled !== null ? 'closed' : open,
          ...line,
          result: settled,
        });
      };
      for (const overs of SESSION_OVERS) {
        const endBall = overs * 6;
        const settled =
          innings.balls >= endBall ? (innings.runsAfterBall[endBall] ?? innings.runs) : innings.complete ? innings.runs : null;
        add(`${overs} over runs ${team}`, 'session', settled, projectSession(innings, overs, rate, cap));
      }
      for (const wicket of WICKET_LINES) {
        const fallen = innings.fallOfWickets[wicket - 1];
        const settled = fallen !== undefined ? fallen : innings.complete ? innings.runs : null;
        const label = wicket === 1 ? '1st' : '2nd';
        add(`Fall of ${label} wkt ${team}`, 'wicket', settled, projectFallOfWicket(innings, wicket, rate, WICKET_PROBABILITY / rate, cap));
      }
    }
    return fancies;
  }

  private score(inPlay: boolean): FeedScore {
    const [first, second] = this.innings;
    const line = (i: 0 | 1) => {
      const innings = this.innings[i];
      return `${this.teamOf(i).short} ${innings.runs}/${innings.wickets} (${oversText(innings.balls)})`;
    };
    let summary: string;
    const detail: string[] = [];
    if (this.phase === 'prematch') {
      summary = `${this.teamOf(0).name} to bat first`;
    } else if (this.current === 0) {
      summary = line(0);
      detail.push(line(0), `Run rate ${(first.balls > 0 ? (first.runs * 6) / first.balls : 0).toFixed(2)}`);
    } else {
      const target = first.runs + 1;
      summary = `${line(1)} · target ${target}`;
      detail.push(line(0), line(1));
      if (this.phase !== 'finished') {
        detail.push(`Need ${Math.max(0, target - second.runs)} from ${BALLS_PER_INNINGS - second.balls} balls`);
      }
    }
    if (this.phase === 'break') detail.push('Innings break');
    if (this.phase === 'finished') detail.push(this.resultText());
    const current = this.innings[this.current];
    if (this.phase !== 'prematch' && current.recent.length > 0) detail.push(`Recent: ${current.recent.slice(-6).join(' ')}`);
    return {
      eventId: this.info.eventId,
      home: this.info.home.name,
      away: this.info.away.name,
      summary,
      detail,
      inPlay,
      ballRunning: this.phase === 'running',
      updatedAtMs: this.lastChangeMs,
    };
  }

  private resultText(): string {
    const [first, second] = this.innings;
    if (second.runs > first.runs) return `${this.teamOf(1).name} won by ${WICKETS_PER_INNINGS - second.wickets} wickets`;
    if (second.runs < first.runs) return `${this.teamOf(0).name} won by ${first.runs - second.runs} runs`;
    return 'Match tied';
  }
}
