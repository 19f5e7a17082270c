/**
 * Simulated tennis: best of three sets, point by point on a compressed clock, each player
 * winning a point on serve with their own probability. The match odds come from the exact
 * Markov chain of points → games → sets (tiebreak at 6–6). The market is suspended through
 * the break between sets and closes with the winner.
 */
import { fillMessage, SCORE_WORDS, type MarketStatus } from '@backlay/shared/contracts';
import type { FeedScore } from '../feed-provider';
import { drawMs, eventView, exchangeMarket } from './common';
import type { Rng } from './prng';
import type { MatchInfo, MatchView, SimMatch, SimulatorPace } from './types';

export const SETS_TO_WIN = 2;

/** P(the server wins the game) from points (server, receiver), winning each point with p. */
export function gameWinProbability(p: number, server = 0, receiver = 0): number {
  const q = 1 - p;
  const deuce = (p * p) / (p * p + q * q);
  const go = (a: number, b: number): number => {
    if (a >= 4 && a - b >= 2) return 1;
    if (b >= 4 && b - a >= 2) return 0;
    if (a >= 3 && b >= 3) {
      if (a === b) return deuce;
      return a > b ? p + q * deuce : p * deuce;
    }
    return p * go(a + 1, b) + q * go(a, b + 1);
  };
  return go(server, receiver);
}

/**
 * P(A wins the tiebreak) from points (a, b), where `firstServer` served the first point of the
 * tiebreak; service changes after the first point and then every two points.
 */
export function tiebreakWinProbability(pA: number, pB: number, firstServer: 0 | 1, a = 0, b = 0): number {
  // From a tie at 6–6 or beyond, each pair of points has one serve each.
  const both = pA * (1 - pB);
  const neither = (1 - pA) * pB;
  const fromTie = both / (both + neither);
  const go = (x: number, y: number): number => {
    if (x >= 7 && x - y >= 2) return 1;
    if (y >= 7 && y - x >= 2) return 0;
    if (x === y && x >= 6) return fromTie;
    const n = x + y;
    const server = ((n + 1) >> 1) % 2 === 0 ? firstServer : 1 - firstServer;
    const p = server === 0 ? pA : 1 - pB;
    return p * go(x + 1, y) + (1 - p) * go(x, y + 1);
  };
  return go(a, b);
}

/** P(A wins the set) from games (a, b) at the start of a game that `server` serves. */
export function setWinProbability(pA: number, pB: number, a: number, b: number, server: 0 | 1): number {
  const holdA = gameWinProbability(pA);
  const holdB = gameWinProbability(pB);
  const memo = new Map<string, number>();
  const go = (x: number, y: number, s: 0 | 1): number => {
    if ((x >= 6 && x - y >= 2) || x === 7) return 1;
    if ((y >= 6 && y - x >= 2) || y === 7) return 0;
    if (x === 6 && y === 6) return tiebreakWinProbability(pA, pB, s);
    const key = `${x}:${y}:${s}`;
    const cached = memo.get(key);
    if (cached !== undefined) return cached;
    const pGame = s === 0 ? holdA : 1 - holdB;
    const next = (1 - s) as 0 | 1;
    const value = pGame * go(x + 1, y, next) + (1 - pGame) * go(x, y + 1, next);
    memo.set(key, value);
    return value;
  };
  return go(a, b, server);
}

/** The state of a tennis match that the odds read. */
export interface TennisState {
  sets: [number, number];
  games: [number, number];
  points: [number, number];
  /** Who serves the current game (or the current point of a tiebreak's sequence start). */
  server: 0 | 1;
  tiebreak: boolean;
  /** Who served the first point of the current tiebreak. */
  tiebreakFirstServer: 0 | 1;
}

/** P(A wins the match) from a fresh set onwards, with A winning a fresh set with s. */
function matchFromSets(a: number, b: number, s: number): number {
  if (a >= SETS_TO_WIN) return 1;
  if (b >= SETS_TO_WIN) return 0;
  return s * matchFromSets(a + 1, b, s) + (1 - s) * matchFromSets(a, b + 1, s);
}

/** P(player A — the home side — wins the match). */
export function tennisWinProbability(pA: number, pB: number, state: TennisState): number {
  const [setsA, setsB] = state.sets;
  if (setsA >= SETS_TO_WIN) return 1;
  if (setsB >= SETS_TO_WIN) return 0;
  const freshSet = (setWinProbability(pA, pB, 0, 0, 0) + setWinProbability(pA, pB, 0, 0, 1)) / 2;
  let currentSet: number;
  if (state.tiebreak) {
    currentSet = tiebreakWinProbability(pA, pB, state.tiebreakFirstServer, state.points[0], state.points[1]);
  } else {
    const s = state.server;
    const hold = gameWinProbability(s === 0 ? pA : pB, state.points[s], state.points[1 - s]);
    const pGame = s === 0 ? hold : 1 - hold;
    const next = (1 - s) as 0 | 1;
    const [ga, gb] = state.games;
    currentSet = pGame * setWinProbability(pA, pB, ga + 1, gb, next) + (1 - pGame) * setWinProbability(pA, pB, ga, gb + 1, next);
  }
  return currentSet * matchFromSets(setsA + 1, setsB, freshSet) + (1 - currentSet) * matchFromSets(setsA, setsB + 1, freshSet);
}

const POINT_NAMES = ['0', '15', '30', '40'];

export type TennisPhase = 'prematch' | 'playing' | 'setbreak' | 'finished';
type Phase = TennisPhase;

export class TennisMatch implements SimMatch {
  private phase: Phase = 'prematch';
  private nextMs: number;
  private steps = 0;
  private lastChangeMs: number;
  private finishedMs: number | null = null;
  private readonly state: TennisState = {
    sets: [0, 0],
    games: [0, 0],
    points: [0, 0],
    server: 0,
    tiebreak: false,
    tiebreakFirstServer: 0,
  };
  private readonly setScores: string[] = [];
  /** Probability of each player winning a point on serve. */
  private readonly serve: [number, number];

  constructor(
    readonly info: MatchInfo,
    private readonly rng: Rng,
    private readonly pace: SimulatorPace,
  ) {
    this.serve = [rng.between(0.58, 0.7), rng.between(0.58, 0.7)];
    this.state.server = rng.chance(0.5) ? 0 : 1;
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
  progress(): { phase: TennisPhase; state: TennisState } {
    return { phase: this.phase, state: structuredClone(this.state) };
  }

  step(): void {
    const now = this.nextMs;
    this.steps += 1;
    this.lastChangeMs = now;
    switch (this.phase) {
      case 'prematch':
        if (now >= this.info.startMs) {
          this.phase = 'playing';
          this.nextMs = now + drawMs(this.rng, this.pace.tennisPointMs);
        } else {
          const side = this.rng.int(0, 1);
          this.serve[side] = Math.min(0.74, Math.max(0.54, (this.serve[side] ?? 0.62) + this.rng.between(-0.006, 0.006)));
          this.nextMs = Math.min(this.info.startMs, now + drawMs(this.rng, this.pace.preMatchDriftMs));
        }
        return;
      case 'playing':
        this.playPoint(now);
        return;
      case 'setbreak':
        this.phase = 'playing';
        this.nextMs = now + drawMs(this.rng, this.pace.tennisPointMs);
        return;
      case 'finished':
        return;
    }
  }

  /** Who serves the next point. */
  private pointServer(): 0 | 1 {
    const s = this.state;
    if (!s.tiebreak) return s.server;
    const n = s.points[0] + s.points[1];
    return ((n + 1) >> 1) % 2 === 0 ? s.tiebreakFirstServer : ((1 - s.tiebreakFirstServer) as 0 | 1);
  }

  private playPoint(now: number): void {
    const s = this.state;
    const server = this.pointServer();
    const winner = this.rng.chance(this.serve[server] ?? 0.62) ? server : ((1 - server) as 0 | 1);
    s.points[winner] += 1;
    const [a, b] = s.points;
    const target = s.tiebreak ? 7 : 4;
    const gameOver = (a >= target || b >= target) && Math.abs(a - b) >= 2;
    this.nextMs = now + drawMs(this.rng, this.pace.tennisPointMs);
    if (!gameOver) return;
    const gameWinner = (a > b ? 0 : 1) as 0 | 1;
    s.games[gameWinner] += 1;
    s.points = [0, 0];
    const wasTiebreak = s.tiebreak;
    // After a tiebreak the player who received first serves the next set's first game.
    s.server = wasTiebreak ? ((1 - s.tiebreakFirstServer) as 0 | 1) : ((1 - s.server) as 0 | 1);
    s.tiebreak = false;
    const [ga, gb] = s.games;
    const setOver = ((ga >= 6 || gb >= 6) && Math.abs(ga - gb) >= 2) || ga === 7 || gb === 7;
    if (!setOver) {
      if (ga === 6 && gb === 6) {
        s.tiebreak = true;
        s.tiebreakFirstServer = s.server;
      }
      return;
    }
    const setWinner = (ga > gb ? 0 : 1) as 0 | 1;
    s.sets[setWinner] += 1;
    this.setScores.push(`${ga}-${gb}`);
    s.games = [0, 0];
    if (s.sets[setWinner] >= SETS_TO_WIN) {
      this.phase = 'finished';
      this.finishedMs = now;
      return;
    }
    this.phase = 'setbreak';
    this.nextMs = now + this.pace.setBreakMs;
  }

  view(): MatchView {
    const eventStatus = this.phase === 'prematch' ? 'upcoming' : this.phase === 'finished' ? 'closed' : 'inplay';
    const inPlay = eventStatus === 'inplay';
    const pHome = tennisWinProbability(this.serve[0], this.serve[1], this.state);
    const status: MarketStatus = this.phase === 'finished' ? 'closed' : this.phase === 'setbreak' ? 'suspended' : 'open';
    const result = this.phase === 'finished' ? (this.state.sets[0] > this.state.sets[1] ? this.info.home : this.info.away).selectionId : null;
    const market = exchangeMarket(
      this.info,
      1,
      'Match Odds',
      'match_odds',
      [
        { team: this.info.home, probability: pHome },
        { team: this.info.away, probability: 1 - pHome },
      ],
      { status, inPlay, result },
      this.steps,
    );
    return { event: eventView(this.info, eventStatus), markets: [market], fancies: [], score: this.score(inPlay) };
  }

  private score(inPlay: boolean): FeedScore {
    const s = this.state;
    const points = s.tiebreak
      ? `${s.points[0]}-${s.points[1]}`
      : s.points[0] >= 3 && s.points[1] >= 3
        ? s.points[0] === s.points[1]
          ? SCORE_WORDS.deuce
          : fillMessage(SCORE_WORDS.advantage, { player: (s.points[0] > s.points[1] ? this.info.home : this.info.away).short })
        : `${POINT_NAMES[s.points[0]] ?? '40'}-${POINT_NAMES[s.points[1]] ?? '40'}`;
    const serverName = (this.pointServer() === 0 ? this.info.home : this.info.away).short;
    let summary: string;
    if (this.phase === 'prematch') summary = SCORE_WORDS.notStarted;
    else if (this.phase === 'finished') summary = fillMessage(SCORE_WORDS.setsFinished, { sets: `${s.sets[0]}-${s.sets[1]}`, games: this.setScores.join(' ') });
    else summary = fillMessage(SCORE_WORDS.setsPlaying, { sets: `${s.sets[0]}-${s.sets[1]}`, games: `${s.games[0]}-${s.games[1]}`, points });
    const detail: string[] = [];
    if (this.setScores.length > 0) detail.push(fillMessage(SCORE_WORDS.setScores, { sets: this.setScores.join(', ') }));
    if (this.phase === 'playing') detail.push(fillMessage(s.tiebreak ? SCORE_WORDS.servingTiebreak : SCORE_WORDS.serving, { player: serverName }));
    if (this.phase === 'setbreak') detail.push(SCORE_WORDS.setBreak);
    if (this.phase === 'finished') detail.push(fillMessage(SCORE_WORDS.won, { name: (s.sets[0] > s.sets[1] ? this.info.home : this.info.away).name }));
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
