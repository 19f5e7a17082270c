/**
 * Simulated races (horse racing 7, greyhounds 4339; ADR 0044): one event per race with a WIN
 * market and a PLACE market (numberOfWinners from the card), on the compressed clock.
 *
 * Each runner has an ability a; before the off its chance to win is softmax(a) and the abilities
 * drift a little at the pre-match interval. Now and then a runner is withdrawn before the off: it
 * becomes a non-runner (status removed) with its reduction factor — in the WIN market its chance
 * to win at that moment, in the PLACE market its share of the places (its chance to place divided
 * by the number of places), both as percentages (docs/racing-rules.md R-3) — and the others'
 * chances are renormalised. At the off the race runs in play: over a unit of race time each
 * runner covers ground d += μ·dt + √dt·N(0, 1), with μ = a·k and k = √6/π, so that the chance to
 * win read from the standings, softmax((d + μ·(1 − t)) / (k·√(1 − t))), is the pre-race softmax(a)
 * at the off and converges on the leader at the finish. The finishing order is the ground
 * covered; after the finish the markets are suspended (the weigh-in), then closed: the WIN market
 * with the winner, the PLACE market with its placed runners. Chances to place come from the
 * chances to win by Harville's formula. Prices are the exchange book of the other sports
 * (book.ts): three levels a side on the ladder, a back overround of 101 % to 104 % (for PLACE, of
 * the number of places).
 */
import { fillMessage, SCORE_WORDS, type MarketStatus } from '@backlay/shared/contracts';
import type { FeedEvent, FeedEventStatus, FeedMarket, FeedRunner, FeedScore } from '../feed-provider';
import { exchangeBook, placeBook, type RunnerBook } from './book';
import { drawMs, marketId, sizes } from './common';
import type { Rng } from './prng';
import type { MatchInfo, MatchView, RaceCard, SimMatch, SimulatorPace } from './types';

/** The scale that makes softmax of the standings the chance to win (a Gumbel's √6/π of a normal). */
const K = Math.sqrt(6) / Math.PI;
/** Chance that a race has a non-runner (horses; greyhounds: a reserve is rarer). */
const NON_RUNNER_CHANCE = { horse: 0.3, greyhound: 0.15 } as const;
/** A non-runner is withdrawn no later than this before the off. */
const NON_RUNNER_LATEST_MS = 60_000;

type Phase = 'prematch' | 'running' | 'weighin' | 'finished';

/** The race's card of a MatchInfo (a race engine needs one). */
function cardOf(info: MatchInfo): RaceCard {
  if (info.race === undefined) throw new Error(`event ${info.eventId} is not a race`);
  return info.race;
}

/**
 * Each runner's chance to finish in the first `places` (Harville: after the first j finishers,
 * the next is runner i with its chance to win among those left). `win` sums to 1.
 */
export function placeProbabilities(win: readonly number[], places: number): number[] {
  const n = win.length;
  if (places >= n) return win.map(() => 1);
  const out = win.map(() => 0);
  const used = win.map(() => false);
  const go = (left: number, chance: number, position: number): void => {
    for (let i = 0; i < n; i += 1) {
      const p = win[i] ?? 0;
      if (used[i] === true || left <= 0) continue;
      const q = (chance * p) / left;
      out[i] = (out[i] ?? 0) + q;
      if (position + 1 < places) {
        used[i] = true;
        go(left - p, q, position + 1);
        used[i] = false;
      }
    }
  };
  go(1, 1, 0);
  return out;
}

function softmax(values: readonly number[]): number[] {
  const max = Math.max(...values);
  const exps = values.map((v) => Math.exp(v - max));
  const total = exps.reduce((sum, x) => sum + x, 0);
  return exps.map((x) => x / total);
}

/** A standard normal draw (Box–Muller). */
function gaussian(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** Percent to two decimals (Betfair's adjustmentFactor). */
function percent(x: number): number {
  return Math.round(x * 10_000) / 100;
}

export class RaceMatch implements SimMatch {
  readonly card: RaceCard;
  private phase: Phase = 'prematch';
  private nextMs: number;
  private steps = 0;
  private lastChangeMs: number;
  private finishedMs: number | null = null;
  /** Abilities (log-strengths), by card index. */
  private readonly ability: number[];
  /** Ground covered in race time units, by card index. */
  private readonly ground: number[];
  private readonly raceMs: number;
  /** Race time elapsed (0 at the off, 1 at the finish). */
  private elapsed = 0;
  private readonly nonRunner: { index: number; atMs: number } | null;
  /** The withdrawn runner with its factors (WIN, PLACE) once withdrawn. */
  private removed: { index: number; atMs: number; winFactor: number; placeFactor: number } | null = null;
  /** Card indexes in finishing order, once finished. */
  private order: number[] | null = null;

  constructor(
    readonly info: MatchInfo,
    private readonly rng: Rng,
    private readonly pace: SimulatorPace,
  ) {
    this.card = cardOf(info);
    this.ability = this.card.runners.map(() => 2.2 * Math.log(rng.between(0.15, 1)));
    this.ground = this.card.runners.map(() => 0);
    this.raceMs = drawMs(rng, this.card.kind === 'horse' ? pace.horseRaceMs : pace.greyhoundRaceMs);
    const window = info.startMs - NON_RUNNER_LATEST_MS - info.createdMs;
    const withdraw = rng.chance(NON_RUNNER_CHANCE[this.card.kind]) && this.card.runners.length >= 6 && window > 0;
    const index = rng.int(0, this.card.runners.length - 1);
    const atMs = info.createdMs + Math.round(rng.between(0.1, 1) * Math.max(0, window));
    this.nonRunner = withdraw ? { index, atMs } : null;
    this.lastChangeMs = info.createdMs;
    this.nextMs = this.nextPreMatch(info.createdMs);
  }

  nextAtMs(): number | null {
    return this.phase === 'finished' ? null : this.nextMs;
  }

  finishedAtMs(): number | null {
    return this.finishedMs;
  }

  /** Card indexes still running (not withdrawn). */
  private active(): number[] {
    return this.card.runners.map((_, i) => i).filter((i) => this.removed?.index !== i);
  }

  /** The next pre-match change: a drift, the withdrawal or the off, whichever comes first. */
  private nextPreMatch(now: number): number {
    const drift = now + drawMs(this.rng, this.pace.preMatchDriftMs);
    const withdraw = this.nonRunner !== null && this.removed === null && this.nonRunner.atMs > now ? this.nonRunner.atMs : Infinity;
    return Math.min(this.info.startMs, drift, withdraw);
  }

  step(): void {
    const now = this.nextMs;
    this.steps += 1;
    this.lastChangeMs = now;
    switch (this.phase) {
      case 'prematch':
        if (now >= this.info.startMs) {
          this.phase = 'running';
          this.nextMs = now + drawMs(this.rng, this.pace.raceStepMs);
        } else if (this.nonRunner !== null && this.removed === null && now >= this.nonRunner.atMs) {
          this.withdraw(this.nonRunner.index, now);
          this.nextMs = this.nextPreMatch(now);
        } else {
          const i = this.rng.int(0, this.card.runners.length - 1);
          this.ability[i] = (this.ability[i] ?? 0) + this.rng.between(-0.08, 0.08);
          this.nextMs = this.nextPreMatch(now);
        }
        return;
      case 'running': {
        const to = Math.min(1, (now - this.info.startMs) / this.raceMs);
        const dt = to - this.elapsed;
        for (const i of this.active()) this.ground[i] = (this.ground[i] ?? 0) + (this.ability[i] ?? 0) * K * dt + Math.sqrt(Math.max(0, dt)) * gaussian(this.rng);
        this.elapsed = to;
        if (to >= 1) {
          this.order = this.active().sort((a, b) => (this.ground[b] ?? 0) - (this.ground[a] ?? 0));
          this.phase = 'weighin';
          this.nextMs = now + drawMs(this.rng, this.pace.weighInMs);
        } else {
          this.nextMs = Math.min(this.info.startMs + this.raceMs, now + drawMs(this.rng, this.pace.raceStepMs));
        }
        return;
      }
      case 'weighin':
        this.phase = 'finished';
        this.finishedMs = now;
        return;
      case 'finished':
        return;
    }
  }

  private withdraw(index: number, now: number): void {
    const active = this.active();
    const win = this.winChances(active);
    const place = placeProbabilities(win, this.card.places);
    const k = active.indexOf(index);
    this.removed = { index, atMs: now, winFactor: percent(win[k] ?? 0), placeFactor: percent((place[k] ?? 0) / this.card.places) };
  }

  /** The chances to win of the given runners (card indexes), summing to 1. */
  private winChances(runners: readonly number[]): number[] {
    if (this.phase === 'prematch') return softmax(runners.map((i) => this.ability[i] ?? 0));
    const left = Math.max(1e-3, 1 - this.elapsed);
    const scale = K * Math.sqrt(left);
    return softmax(runners.map((i) => ((this.ground[i] ?? 0) + (this.ability[i] ?? 0) * K * left) / scale));
  }

  /** The finishing order (selection ids) once the race is run; null before. */
  result(): string[] | null {
    return this.order === null ? null : this.order.map((i) => this.card.runners[i]?.selectionId ?? '');
  }

  view(): MatchView {
    const status: FeedEventStatus = this.phase === 'prematch' ? 'upcoming' : this.phase === 'finished' ? 'closed' : 'inplay';
    const event: FeedEvent = {
      eventId: this.info.eventId,
      sportId: this.info.sportId,
      competitionId: this.info.competition.competitionId,
      name: `${this.card.venue} · ${this.card.raceName}`,
      home: this.card.venue,
      away: this.card.raceName,
      openDateMs: this.info.startMs,
      status,
      inPlay: status === 'inplay',
    };
    return { event, markets: [this.market(1), this.market(2)], fancies: [], score: this.score(status === 'inplay') };
  }

  /** Market n: 1 the WIN market, 2 the PLACE market. */
  private market(n: 1 | 2): FeedMarket {
    const place = n === 2;
    const places = place ? this.card.places : 1;
    const inPlay = this.phase !== 'prematch';
    const status: MarketStatus = this.phase === 'finished' ? 'closed' : this.phase === 'weighin' ? 'suspended' : 'open';
    const active = this.active();
    let book: RunnerBook[] = [];
    if (status !== 'closed') {
      const win = this.winChances(active);
      const sizeOf = sizes(this.info, this.steps, n, inPlay);
      book = place ? placeBook(placeProbabilities(win, places), places, sizeOf) : exchangeBook(win, sizeOf);
    }
    const winners = status === 'closed' ? new Set((this.result() ?? []).slice(0, places)) : null;
    const runners: FeedRunner[] = this.card.runners.map((r, i) => {
      const removed = this.removed?.index === i ? this.removed : null;
      const levels = removed === null ? book[active.indexOf(i)] : undefined;
      return {
        selectionId: r.selectionId,
        name: r.name,
        sortOrder: i + 1,
        clothNumber: r.clothNumber,
        status: removed !== null ? 'removed' : winners === null ? 'active' : winners.has(r.selectionId) ? 'winner' : 'loser',
        back: levels?.back ?? [],
        lay: levels?.lay ?? [],
        ...(removed !== null ? { adjustmentFactor: place ? removed.placeFactor : removed.winFactor, removedAtMs: removed.atMs } : {}),
      };
    });
    const placed = winners === null ? null : [...winners].sort();
    return {
      marketId: marketId(this.info, n),
      eventId: this.info.eventId,
      name: place ? 'Place' : 'Win',
      type: 'match_odds',
      sortOrder: n,
      status,
      inPlay,
      runners,
      numberOfWinners: places,
      // A PLACE market's placed runners; its result is the single one only when one placed.
      result: placed === null ? null : place ? (placed.length === 1 ? (placed[0] as string) : null) : (placed[0] ?? 'void'),
      ...(place && placed !== null ? { placed } : {}),
    };
  }

  private score(inPlay: boolean): FeedScore {
    const named = (i: number) => {
      const r = this.card.runners[i];
      return r === undefined ? '' : `${r.clothNumber} ${r.name}`;
    };
    const placed = [SCORE_WORDS.first, SCORE_WORDS.second, SCORE_WORDS.third, SCORE_WORDS.fourth];
    let summary: string;
    const detail: string[] = [];
    if (this.phase === 'prematch') {
      summary = fillMessage(SCORE_WORDS.field, { runners: this.card.runners.length - (this.removed === null ? 0 : 1), places: this.card.places });
    } else if (this.phase === 'running') {
      const standings = this.active().sort((a, b) => (this.ground[b] ?? 0) - (this.ground[a] ?? 0));
      summary = fillMessage(SCORE_WORDS.running, { runner: named(standings[0] ?? 0) });
      detail.push(fillMessage(SCORE_WORDS.order, { order: standings.map((i) => this.card.runners[i]?.clothNumber).join('-') }));
    } else {
      const order = this.order ?? [];
      summary = fillMessage(this.phase === 'weighin' ? SCORE_WORDS.firstPastThePost : SCORE_WORDS.result, { runner: named(order[0] ?? 0) });
      detail.push(...order.slice(0, Math.max(3, this.card.places)).map((i, k) => (placed[k] !== undefined ? fillMessage(placed[k], { runner: named(i) }) : `${k + 1}th: ${named(i)}`)));
    }
    if (this.removed !== null) detail.push(fillMessage(SCORE_WORDS.nonRunner, { runner: named(this.removed.index) }));
    return {
      eventId: this.info.eventId,
      home: this.card.venue,
      away: this.card.raceName,
      summary,
      detail,
      inPlay,
      ballRunning: false,
      updatedAtMs: this.lastChangeMs,
    };
  }
}
