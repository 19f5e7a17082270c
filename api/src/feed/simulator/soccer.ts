/**
 * Simulated soccer: minute by minute on a compressed clock, goals as Poisson arrivals with each
 * side's scoring rate. Markets: match odds (home, away, the draw) and over/under 1.5 and 2.5
 * goals, priced from the Poisson distribution of the goals still to come. Everything is
 * suspended for a minute after a goal and through half time; an over/under market closes as
 * soon as the over is certain; every market closes with a result at full time.
 */
import { fillMessage, SCORE_WORDS, type MarketStatus } from '@backlay/shared/contracts';
import type { FeedMarket, FeedScore } from '../feed-provider';
import { drawMs, eventView, exchangeMarket, type MarketState } from './common';
import type { Rng } from './prng';
import type { MatchInfo, MatchView, SimMatch, SimulatorPace } from './types';

/** Betfair's selection id of the draw, and of under/over 1.5 and 2.5 goals. */
export const DRAW_SELECTION = { selectionId: '58805', name: 'The Draw' };
export const GOAL_LINES = [
  { line: 1.5, under: { selectionId: '1221385', name: 'Under 1.5 Goals' }, over: { selectionId: '1221386', name: 'Over 1.5 Goals' } },
  { line: 2.5, under: { selectionId: '47972', name: 'Under 2.5 Goals' }, over: { selectionId: '47973', name: 'Over 2.5 Goals' } },
] as const;

const MAX_GOALS = 20;

/** Poisson probabilities P(X = k), k = 0…MAX_GOALS. */
export function poisson(mean: number): number[] {
  const out: number[] = [];
  let term = Math.exp(-mean);
  for (let k = 0; k <= MAX_GOALS; k += 1) {
    out.push(term);
    term = (term * mean) / (k + 1);
  }
  return out;
}

/** [home, draw, away] from the current score and the expected goals still to come. */
export function matchOddsProbabilities(goals: readonly [number, number], meanHome: number, meanAway: number): [number, number, number] {
  const ph = poisson(meanHome);
  const pa = poisson(meanAway);
  let home = 0;
  let draw = 0;
  let away = 0;
  for (let h = 0; h < ph.length; h += 1) {
    for (let a = 0; a < pa.length; a += 1) {
      const p = (ph[h] ?? 0) * (pa[a] ?? 0);
      const diff = goals[0] + h - (goals[1] + a);
      if (diff > 0) home += p;
      else if (diff < 0) away += p;
      else draw += p;
    }
  }
  const total = home + draw + away;
  return [home / total, draw / total, away / total];
}

/** P(total goals > line) from the goals so far and the expected goals still to come. */
export function overProbability(goalsSoFar: number, line: number, meanRemaining: number): number {
  if (goalsSoFar > line) return 1;
  const p = poisson(meanRemaining);
  let under = 0;
  for (let k = 0; k < p.length && goalsSoFar + k < line; k += 1) under += p[k] ?? 0;
  return Math.min(1, Math.max(0, 1 - under));
}

export type SoccerPhase = 'prematch' | 'first' | 'halftime' | 'second' | 'finished';
type Phase = SoccerPhase;

export class SoccerMatch implements SimMatch {
  private phase: Phase = 'prematch';
  private nextMs: number;
  private steps = 0;
  private lastChangeMs: number;
  private finishedMs: number | null = null;
  private minute = 0;
  private readonly goals: [number, number] = [0, 0];
  private readonly goalLog: string[] = [];
  /** Goals per 90 minutes of each side. */
  private readonly rates: [number, number];
  private readonly stoppage: [number, number];
  /** Minute of the last goal: markets stay suspended through it. */
  private goalMinute = -1;

  constructor(
    readonly info: MatchInfo,
    private readonly rng: Rng,
    private readonly pace: SimulatorPace,
  ) {
    this.rates = [rng.between(1.0, 1.9), rng.between(0.7, 1.6)];
    this.stoppage = [rng.int(1, 4), rng.int(2, 6)];
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
  progress(): { phase: SoccerPhase; minute: number; goals: [number, number] } {
    return { phase: this.phase, minute: this.minute, goals: [this.goals[0], this.goals[1]] };
  }

  step(): void {
    const now = this.nextMs;
    this.steps += 1;
    this.lastChangeMs = now;
    const minuteMs = () => drawMs(this.rng, this.pace.soccerMinuteMs);
    switch (this.phase) {
      case 'prematch':
        if (now >= this.info.startMs) {
          this.phase = 'first';
          this.nextMs = now + minuteMs();
        } else {
          const side = this.rng.int(0, 1);
          this.rates[side] = Math.min(2.4, Math.max(0.5, (this.rates[side] ?? 1) + this.rng.between(-0.04, 0.04)));
          this.nextMs = Math.min(this.info.startMs, now + drawMs(this.rng, this.pace.preMatchDriftMs));
        }
        return;
      case 'first':
      case 'second': {
        this.minute += 1;
        this.playMinute();
        const end = this.phase === 'first' ? 45 + this.stoppage[0] : 90 + this.stoppage[1];
        if (this.minute >= end) {
          if (this.phase === 'first') {
            this.phase = 'halftime';
            this.nextMs = now + this.pace.halfTimeMs;
          } else {
            this.phase = 'finished';
            this.finishedMs = now;
          }
          return;
        }
        this.nextMs = now + minuteMs();
        return;
      }
      case 'halftime':
        this.phase = 'second';
        this.minute = 45;
        this.nextMs = now + minuteMs();
        return;
      case 'finished':
        return;
    }
  }

  private playMinute(): void {
    for (const side of [0, 1] as const) {
      if (this.rng.chance((this.rates[side] ?? 1) / 90)) {
        this.goals[side] += 1;
        this.goalMinute = this.minute;
        const team = side === 0 ? this.info.home : this.info.away;
        const shownMinute = this.phase === 'first' && this.minute > 45 ? `45+${this.minute - 45}` : this.phase === 'second' && this.minute > 90 ? `90+${this.minute - 90}` : String(this.minute);
        this.goalLog.push(`${team.short} ${shownMinute}'`);
      }
    }
  }

  /** Expected goals still to come for each side (nominal 90 minutes plus two of stoppage). */
  private remainingMeans(): [number, number] {
    const played = this.phase === 'prematch' ? 0 : this.phase === 'halftime' ? 45 : Math.min(this.minute, 90);
    const left = this.phase === 'finished' ? 0 : Math.max(0.5, 92 - played);
    return [((this.rates[0] ?? 1) * left) / 90, ((this.rates[1] ?? 1) * left) / 90];
  }

  private status(): MarketStatus {
    if (this.phase === 'finished') return 'closed';
    if (this.phase === 'halftime' || this.goalMinute === this.minute) return 'suspended';
    return 'open';
  }

  view(): MatchView {
    const eventStatus = this.phase === 'prematch' ? 'upcoming' : this.phase === 'finished' ? 'closed' : 'inplay';
    const inPlay = eventStatus === 'inplay';
    const [meanHome, meanAway] = this.remainingMeans();
    const [home, draw, away] = matchOddsProbabilities(this.goals, meanHome, meanAway);
    const status = this.status();
    const finished = this.phase === 'finished';
    const diff = this.goals[0] - this.goals[1];
    const winner = diff > 0 ? this.info.home.selectionId : diff < 0 ? this.info.away.selectionId : DRAW_SELECTION.selectionId;
    const oddsState: MarketState = { status, inPlay, result: finished ? winner : null };
    const markets: FeedMarket[] = [
      exchangeMarket(
        this.info,
        1,
        'Match Odds',
        'match_odds',
        [
          { team: this.info.home, probability: home },
          { team: this.info.away, probability: away },
          { team: DRAW_SELECTION, probability: draw },
        ],
        oddsState,
        this.steps,
      ),
    ];
    const total = this.goals[0] + this.goals[1];
    GOAL_LINES.forEach((goalLine, i) => {
      const decidedOver = total > goalLine.line;
      const over = overProbability(total, goalLine.line, meanHome + meanAway);
      const result = decidedOver ? goalLine.over.selectionId : finished ? goalLine.under.selectionId : null;
      const state: MarketState = { status: result !== null ? 'closed' : status, inPlay, result };
      markets.push(
        exchangeMarket(
          this.info,
          2 + i,
          `Over/Under ${goalLine.line} Goals`,
          'over_under',
          [
            { team: goalLine.under, probability: 1 - over },
            { team: goalLine.over, probability: over },
          ],
          state,
          this.steps,
        ),
      );
    });
    return { event: eventView(this.info, eventStatus), markets, fancies: [], score: this.score(inPlay) };
  }

  private clock(): string {
    switch (this.phase) {
      case 'prematch':
        return SCORE_WORDS.notStarted;
      case 'halftime':
        return SCORE_WORDS.halfTimeShort;
      case 'finished':
        return SCORE_WORDS.fullTimeShort;
      default:
        return this.phase === 'first' && this.minute > 45
          ? `45+${this.minute - 45}'`
          : this.phase === 'second' && this.minute > 90
            ? `90+${this.minute - 90}'`
            : `${this.minute}'`;
    }
  }

  private score(inPlay: boolean): FeedScore {
    const summary = fillMessage(SCORE_WORDS.soccerLine, {
      home: this.info.home.short,
      homeGoals: this.goals[0],
      awayGoals: this.goals[1],
      away: this.info.away.short,
      clock: this.clock(),
    });
    const detail = this.goalLog.length > 0 ? [fillMessage(SCORE_WORDS.goals, { goals: this.goalLog.join(', ') })] : [];
    if (this.phase === 'halftime') detail.push(SCORE_WORDS.halfTime);
    return {
      eventId: this.info.eventId,
      home: this.info.home.name,
      away: this.info.away.name,
      summary,
      detail,
      inPlay,
      ballRunning: false,
      updatedAtMs: this.lastChangeMs,
    };
  }
}
