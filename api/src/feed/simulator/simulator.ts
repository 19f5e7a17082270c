/**
 * The built-in feed provider: plays the schedule's matches on the clock it is polled with.
 * Each match is a state machine with its own seeded generator, so the state at a time depends
 * only on the seed and that time — never on how often the provider was polled (tests step it
 * by hand; a restarted or newly elected ingest replays the running matches from their start).
 */
import type { FeedChanges, FeedCompetition, FeedEvent, FeedEventStatus, FeedFancy, FeedHealth, FeedMarket, FeedProvider, FeedScore, FeedSport } from '../feed-provider';
import { CricketMatch } from './cricket';
import { deriveSeed, Rng } from './prng';
import { RaceMatch } from './racing';
import { SPORT_PLANS, slotAt, slotMatch, type SportPlan } from './schedule';
import { SoccerMatch } from './soccer';
import { TennisMatch } from './tennis';
import { DEFAULT_PACE, type MatchInfo, type MatchView, type SimMatch, type SimulatorPace } from './types';

export interface SimulatorOptions {
  seed: number;
  pace?: SimulatorPace;
  plans?: readonly SportPlan[];
  /** How far back the first poll looks for matches that may still be running. */
  lookbackMs?: number;
  /** A finished match stays on offer (closed, with results) this long. */
  retentionMs?: number;
}

const DEFAULT_LOOKBACK_MS = 2 * 60 * 60_000;
const DEFAULT_RETENTION_MS = 5 * 60_000;

/** Builds the engine of a match's sport. */
export function createMatch(info: MatchInfo, pace: SimulatorPace): SimMatch {
  const rng = new Rng(deriveSeed(info.seed, 2));
  switch (info.sportId) {
    case 4:
      return new CricketMatch(info, rng, pace);
    case 1:
      return new SoccerMatch(info, rng, pace);
    case 2:
      return new TennisMatch(info, rng, pace);
    case 7:
    case 4339:
      return new RaceMatch(info, rng, pace);
    default:
      throw new Error(`the simulator has no engine for sport ${info.sportId}`);
  }
}

export class SimulatorProvider implements FeedProvider {
  readonly name = 'simulator';
  private readonly pace: SimulatorPace;
  private readonly plans: readonly SportPlan[];
  private readonly lookbackMs: number;
  private readonly retentionMs: number;
  /** Live matches by event id, oldest first. */
  private readonly matches = new Map<string, SimMatch>();
  /** The next slot of each plan (by its index). */
  private readonly nextSlot = new Map<number, number>();
  /** Matches that moved since the last poll. */
  private readonly dirty = new Set<string>();
  /** The time of the last poll (health: the simulator's last message). */
  private lastPollMs: number | null = null;
  /** Markets of each match as the last poll saw them (health). */
  private readonly marketCounts = new Map<string, number>();
  /** JSON of what the last poll returned, by entity key. */
  private readonly emitted = new Map<string, string>();
  private readonly emittedCompetitions = new Set<string>();
  private nowMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: SimulatorOptions) {
    this.pace = options.pace ?? DEFAULT_PACE;
    this.plans = options.plans ?? SPORT_PLANS;
    this.lookbackMs = options.lookbackMs ?? DEFAULT_LOOKBACK_MS;
    this.retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
  }

  sports(): readonly FeedSport[] {
    // A sport may have several plans (cricket: drawn and replayed matches): listed once.
    return this.plans.map((plan) => plan.sport).filter((sport, i, all) => all.findIndex((s) => s.sportId === sport.sportId) === i);
  }

  competitions(sportId: number): FeedCompetition[] {
    return this.plans.filter((plan) => plan.sport.sportId === sportId).flatMap((plan) => plan.competitions.map((c) => c.competition));
  }

  events(sportId: number, competitionId?: string): FeedEvent[] {
    return [...this.matches.values()]
      .filter((m) => m.info.sportId === sportId && (competitionId === undefined || m.info.competition.competitionId === competitionId))
      .map((m) => m.view().event);
  }

  markets(eventId: string): FeedMarket[] {
    return this.matches.get(eventId)?.view().markets ?? [];
  }

  fancies(eventId: string): FeedFancy[] {
    return this.matches.get(eventId)?.view().fancies ?? [];
  }

  score(eventId: string): FeedScore | null {
    return this.matches.get(eventId)?.view().score ?? null;
  }

  /** The current view of one match (tests). */
  view(eventId: string): MatchView | null {
    return this.matches.get(eventId)?.view() ?? null;
  }

  /**
   * The status of every offered match at the time the provider was brought to, without building
   * its view (tests that sample the schedule often): upcoming before its start, closed once
   * finished, in play between.
   */
  statuses(): Array<{ eventId: string; sportId: number; competitionId: string; status: FeedEventStatus }> {
    return [...this.matches.values()].map((m) => ({
      eventId: m.info.eventId,
      sportId: m.info.sportId,
      competitionId: m.info.competition.competitionId,
      status: m.finishedAtMs() !== null ? 'closed' : this.nowMs < m.info.startMs ? 'upcoming' : 'inplay',
    }));
  }

  /** Event ids of the live matches, oldest first (tests). */
  eventIds(): string[] {
    return [...this.matches.keys()];
  }

  poll(nowMs: number): FeedChanges {
    this.advanceTo(nowMs);
    this.lastPollMs = nowMs;
    return this.collect();
  }

  /**
   * Local: always connected, and it hears from itself at every poll (stale only if polls stop).
   * Its markets are those the polls have handed over and not retired.
   */
  health(): FeedHealth {
    let markets = 0;
    for (const count of this.marketCounts.values()) markets += count;
    return { connected: true, lastMessageAtMs: this.lastPollMs, reconnects: 0, marketsSubscribed: markets, lagMs: 0, lastError: null };
  }

  /**
   * Moves every match to `nowMs` (time never goes back), creating matches and retiring those
   * finished longer than the retention ago whose final state a poll has already reported.
   */
  advanceTo(nowMs: number): void {
    const now = Math.max(nowMs, this.nowMs);
    for (const [p, plan] of this.plans.entries()) {
      let slot = this.nextSlot.get(p) ?? slotAt(plan, now - this.lookbackMs) + 1;
      for (const last = slotAt(plan, now); slot <= last; slot += 1) {
        const match = createMatch(slotMatch(this.options.seed, plan, slot), this.pace);
        this.matches.set(match.info.eventId, match);
        this.dirty.add(match.info.eventId);
      }
      this.nextSlot.set(p, slot);
    }
    for (const [eventId, match] of this.matches) {
      let stepped = false;
      for (let at = match.nextAtMs(); at !== null && at <= now; at = match.nextAtMs()) {
        match.step();
        stepped = true;
      }
      if (stepped || this.dirty.has(eventId)) {
        // Its last state goes out with the next poll before it may be retired.
        this.dirty.add(eventId);
        continue;
      }
      const finished = match.finishedAtMs();
      if (finished !== null && finished + this.retentionMs < now) this.retire(eventId);
    }
    this.nowMs = now;
  }

  private retire(eventId: string): void {
    const match = this.matches.get(eventId);
    this.matches.delete(eventId);
    this.dirty.delete(eventId);
    this.marketCounts.delete(eventId);
    if (match === undefined) return;
    const view = match.view();
    this.emitted.delete(`e:${eventId}`);
    this.emitted.delete(`s:${eventId}`);
    for (const market of view.markets) this.emitted.delete(`m:${market.marketId}`);
    for (const fancy of view.fancies) this.emitted.delete(`f:${fancy.fancyId}`);
  }

  /** What changed in the dirty matches since the previous poll. */
  private collect(): FeedChanges {
    const changes: FeedChanges = { competitions: [], events: [], markets: [], fancies: [], scores: [] };
    const changed = <T>(key: string, value: T): boolean => {
      const json = JSON.stringify(value);
      if (this.emitted.get(key) === json) return false;
      this.emitted.set(key, json);
      return true;
    };
    for (const eventId of this.dirty) {
      const match = this.matches.get(eventId);
      if (match === undefined) continue;
      const competition = match.info.competition;
      if (!this.emittedCompetitions.has(competition.competitionId)) {
        this.emittedCompetitions.add(competition.competitionId);
        changes.competitions.push(competition);
      }
      const view = match.view();
      this.marketCounts.set(eventId, view.markets.length);
      if (changed(`e:${eventId}`, view.event)) changes.events.push(view.event);
      for (const market of view.markets) if (changed(`m:${market.marketId}`, market)) changes.markets.push(market);
      for (const fancy of view.fancies) if (changed(`f:${fancy.fancyId}`, fancy)) changes.fancies.push(fancy);
      // The score's time alone is no change.
      const { updatedAtMs: _time, ...scoreBody } = view.score;
      if (changed(`s:${eventId}`, scoreBody)) changes.scores.push(view.score);
    }
    this.dirty.clear();
    return changes;
  }
}
