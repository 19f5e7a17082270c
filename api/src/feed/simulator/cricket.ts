/**
 * Simulated T20 cricket: ball-by-ball innings on a compressed clock, with the maths that prices
 * it. The balls are drawn from the seed, or replayed from a real match (MatchInfo.recorded:
 * Cricsheet's IPL 2022, ADR 0040) with its batters and bowlers in the score; the timings, the
 * prices and the fancies' lines are the simulator's either way, and the fancies settle on the
 * real score at their over. Markets: match odds and bookmaker on the two teams; fancies per innings: '6/10/15/20 over
 * runs' (sessions) and 'Fall of 1st/2nd wkt' (the score when that wicket falls). Prices follow
 * the score: the win probability comes from a resource model (expected runs from balls and
 * wickets left, like Duckworth–Lewis), the fancy lines from projected runs.
 *
 * Status: the bookmaker and the fancies show 'ball_running' while a ball is live; everything is
 * 'suspended' after a wicket and during the innings break; every market closes with a result
 * at the end (a tie voids match odds and bookmaker, docs/rules/money.md §7.7 T23; fancies settle on runs —
 * a session cut short by the end of the innings settles on the innings' final score).
 */
import { fillMessage, MARKET_RESULT_VOID, SCORE_WORDS, type MarketStatus } from '@backlay/shared/contracts';
import type { FeedFancy, FeedMarket, FeedScore } from '../feed-provider';
import { fancyLine } from './book';
import { bookmakerMarket, drawMs, eventView, exchangeMarket, fancyId, normalCdf, type MarketState } from './common';
import type { Rng } from './prng';
import { CRICSHEET_CREDIT, deliveryRuns, isLegal, type RecordedDelivery, type RecordedMatch } from './recorded-cricket';
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

/** Balls after which the innings' own run rate weighs as much as the model's par. */
export const FORM_WEIGHT_BALLS = 36;
/** The innings' run rate counts at most this far from par (a flying start is no certainty). */
const FORM_LIMITS = [0.6, 1.6] as const;

/**
 * How the innings scores against par so far: f = (K + b·r) / (K + b), where b is the legal balls
 * bowled, K = FORM_WEIGHT_BALLS, and r = runs / par(b) clamped to [0.6, 1.6], par(b) being the
 * runs the model expects from the first b balls with every wicket in hand (E(120, 10) −
 * E(120 − b, 10)). f is 1 before the first ball and leans on the real run rate as balls pass.
 */
export function scoringForm(innings: Pick<InningsState, 'runs' | 'balls'>, rate: number): number {
  if (innings.balls <= 0) return 1;
  const par = expectedRuns(BALLS_PER_INNINGS, WICKETS_PER_INNINGS, rate) - expectedRuns(BALLS_PER_INNINGS - innings.balls, WICKETS_PER_INNINGS, rate);
  const ratio = Math.min(FORM_LIMITS[1], Math.max(FORM_LIMITS[0], innings.runs / Math.max(1, par)));
  return (FORM_WEIGHT_BALLS + innings.balls * ratio) / (FORM_WEIGHT_BALLS + innings.balls);
}

/**
 * Projected runs of the innings after `overs` overs (for a session fancy), from the live innings:
 *   projection = runs + [E(B, w) − E(B − n, w)] · f
 * with B the legal balls left in the innings, w the wickets in hand, n the balls left until the
 * session's over, E the expected runs of the resource model (expectedRuns) and f the innings'
 * scoring form (its run rate against par, scoringForm). Once the over is bowled it is the real
 * score then; a chase's projection is capped just past its target.
 */
export function projectSession(innings: InningsState, overs: number, rate: number, cap: number | null): number {
  const endBall = overs * 6;
  if (innings.balls >= endBall) return innings.runsAfterBall[endBall] ?? innings.runs;
  const ballsLeft = BALLS_PER_INNINGS - innings.balls;
  const wicketsInHand = WICKETS_PER_INNINGS - innings.wickets;
  const toCome =
    expectedRuns(ballsLeft, wicketsInHand, rate) - expectedRuns(ballsLeft - (endBall - innings.balls), wicketsInHand, rate);
  const projection = innings.runs + toCome * scoringForm(innings, rate);
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
  const perBall = ballsLeft > 0 ? (expectedRuns(ballsLeft, wicketsInHand, rate) / ballsLeft) * scoringForm(innings, rate) : 0;
  const projection = innings.runs + perBall * expectedBallsToWickets(wicket - innings.wickets, wicketProbability, ballsLeft);
  return cap === null ? projection : Math.min(projection, cap);
}

/**
 * The result of match odds and bookmaker: the side with more runs; a tie voids them (tie policy
 * VOID, docs/rules/money.md §7.7 T23).
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

/** A batter's runs and balls faced, or a bowler's runs conceded, legal balls and wickets. */
interface PlayerFigures {
  runs: number;
  balls: number;
  wickets: number;
}

function figures(map: Map<string, PlayerFigures>, name: string): PlayerFigures {
  let found = map.get(name);
  if (found === undefined) {
    found = { runs: 0, balls: 0, wickets: 0 };
    map.set(name, found);
  }
  return found;
}

/** A recorded delivery as the score's last balls show it: '.', '4', 'W', 'wd', 'nb', '1lb' … */
function recentMark(d: RecordedDelivery): string {
  if (d.out !== null) return 'W';
  if (d.wides > 0) return d.wides > 1 ? `${d.wides}wd` : 'wd';
  if (d.noballs > 0) return d.batterRuns + d.byes + d.legbyes > 0 ? `nb${d.batterRuns + d.byes + d.legbyes}` : 'nb';
  if (d.legbyes > 0) return `${d.legbyes}lb`;
  if (d.byes > 0) return `${d.byes}b`;
  return d.batterRuns === 0 ? '.' : String(d.batterRuns);
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
  /** A replayed match: the next delivery of each innings, and the batters' and bowlers' figures. */
  private readonly recorded: RecordedMatch | null;
  private readonly cursor: [number, number] = [0, 0];
  private readonly batters: [Map<string, PlayerFigures>, Map<string, PlayerFigures>] = [new Map(), new Map()];
  private readonly bowlers: [Map<string, PlayerFigures>, Map<string, PlayerFigures>] = [new Map(), new Map()];

  constructor(
    readonly info: MatchInfo,
    private readonly rng: Rng,
    private readonly pace: SimulatorPace,
  ) {
    this.strength = [rng.between(0.88, 1.12), rng.between(0.88, 1.12)];
    const drawnFirst = rng.chance(0.5) ? 0 : 1;
    this.recorded = info.recorded ?? null;
    this.battingFirst = this.recorded === null ? drawnFirst : this.recorded.innings[0].team;
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
    let wicket = false;
    let over: boolean;
    if (this.recorded !== null) {
      wicket = this.bowlRecorded(innings);
      over = this.cursor[this.current] >= this.recorded.innings[this.current].deliveries.length;
    } else {
      wicket = this.bowlDrawn(innings);
      const target = this.current === 1 ? this.innings[0].runs + 1 : null;
      over = innings.balls >= BALLS_PER_INNINGS || innings.wickets >= WICKETS_PER_INNINGS || (target !== null && innings.runs >= target);
    }
    if (innings.recent.length > 12) innings.recent.splice(0, innings.recent.length - 12);
    this.afterBall(now, innings, wicket, over);
  }

  /** The next recorded delivery of the innings; true on a wicket. */
  private bowlRecorded(innings: InningsState): boolean {
    const i = this.current;
    const delivery = this.recorded?.innings[i].deliveries[this.cursor[i]];
    if (delivery === undefined) throw new Error(`recorded match ${this.recorded?.id}: innings ${i + 1} has no more deliveries`);
    this.cursor[i] += 1;
    const legal = isLegal(delivery);
    innings.runs += deliveryRuns(delivery);
    const batter = figures(this.batters[i], delivery.striker);
    batter.runs += delivery.batterRuns;
    if (delivery.wides === 0) batter.balls += 1;
    const bowler = figures(this.bowlers[i], delivery.bowler);
    bowler.runs += delivery.batterRuns + delivery.wides + delivery.noballs;
    if (legal) bowler.balls += 1;
    if (delivery.bowlersWicket) bowler.wickets += 1;
    if (legal) innings.balls += 1;
    if (delivery.out !== null) {
      innings.wickets += 1;
      innings.fallOfWickets.push(innings.runs);
    }
    innings.recent.push(recentMark(delivery));
    if (legal) innings.runsAfterBall[innings.balls] = innings.runs;
    return delivery.out !== null;
  }

  /** A drawn delivery; true on a wicket. */
  private bowlDrawn(innings: InningsState): boolean {
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
    return wicket;
  }

  /** The innings' end, a wicket's pause or the next ball. */
  private afterBall(now: number, innings: InningsState, wicket: boolean, over: boolean): void {
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
      summary = fillMessage(SCORE_WORDS.toBatFirst, { team: this.teamOf(0).name });
    } else if (this.current === 0) {
      summary = line(0);
      detail.push(line(0), fillMessage(SCORE_WORDS.runRate, { rate: (first.balls > 0 ? (first.runs * 6) / first.balls : 0).toFixed(2) }));
    } else {
      const target = first.runs + 1;
      summary = fillMessage(SCORE_WORDS.chasing, { innings: line(1), target });
      detail.push(line(0), line(1));
      if (this.phase !== 'finished') {
        detail.push(fillMessage(SCORE_WORDS.need, { runs: Math.max(0, target - second.runs), balls: BALLS_PER_INNINGS - second.balls }));
      }
    }
    if (this.phase === 'break') detail.push(SCORE_WORDS.inningsBreak);
    if (this.phase === 'finished') detail.push(this.resultText());
    const current = this.innings[this.current];
    if (this.phase !== 'prematch' && current.recent.length > 0) detail.push(fillMessage(SCORE_WORDS.recent, { balls: current.recent.slice(-6).join(' ') }));
    if (this.recorded !== null) detail.push(...this.recordedDetail());
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

  /** A replayed match's batters at the crease, its bowler, the real match and the credit. */
  private recordedDetail(): string[] {
    const recorded = this.recorded;
    if (recorded === null) return [];
    const lines: string[] = [];
    if (this.phase !== 'prematch' && this.phase !== 'finished') {
      const i = this.current;
      const deliveries = recorded.innings[i].deliveries;
      const next = deliveries[this.cursor[i]];
      const last = deliveries[this.cursor[i] - 1];
      // At the crease: the next ball's pair (the new batter after a wicket), else the last ball's.
      const pair = next !== undefined ? [next.striker, next.nonStriker] : last !== undefined ? [last.striker, last.nonStriker].filter((p) => p !== last.out) : [];
      const batting = pair.map((name) => {
        const f = this.batters[i].get(name) ?? { runs: 0, balls: 0, wickets: 0 };
        return `${name} ${f.runs} (${f.balls})`;
      });
      if (batting.length > 0) lines.push(fillMessage(SCORE_WORDS.batting, { batters: batting.join(', ') }));
      if (last !== undefined) {
        const f = this.bowlers[i].get(last.bowler) ?? { runs: 0, balls: 0, wickets: 0 };
        lines.push(fillMessage(SCORE_WORDS.bowling, { bowler: `${last.bowler} ${f.wickets}/${f.runs} (${oversText(f.balls)})` }));
      }
    }
    lines.push(`${recorded.event}, ${recorded.venue}, ${recorded.date}`, CRICSHEET_CREDIT);
    return lines;
  }

  private resultText(): string {
    const [first, second] = this.innings;
    if (second.runs > first.runs) return fillMessage(SCORE_WORDS.wonByWickets, { team: this.teamOf(1).name, wickets: WICKETS_PER_INNINGS - second.wickets });
    if (second.runs < first.runs) return fillMessage(SCORE_WORDS.wonByRuns, { team: this.teamOf(0).name, runs: first.runs - second.runs });
    return SCORE_WORDS.tied;
  }
}
