/**
 * FEED_PROVIDER=replay: plays recorded Betfair stream files (prices `mcm`, cricket scores `ccm`)
 * as live events through the one stream model (../betfair-stream), re-timed to now (ADR 0037).
 *
 * Each recorded event has its own timeline. Its replay starts PRE_ROLL before the anchor (the
 * moment a market went in play, else the market time), so what was recorded before is applied
 * at once and the match is in play moments later; recorded time then runs at `speed` × wall
 * time, and every recorded time the product shows (the event's start, the score's time) is
 * mapped the same way. `max` plays as fast as the ingest polls: each poll takes the next batch
 * of messages, and a market's status or in-play change always ends a batch, so the ingest sees
 * every suspension and the turn in play (tests). A replay's events and markets carry the cycle
 * in their ids (`<betfair id>-r<cycle>`): a replayed market is a new market, never the one a
 * previous replay closed. With `loop` the cycles are aligned to the epoch, so every instance
 * (a restart, a new ingest leader) plays the same cycle at the same point, and a finished
 * replay starts again `retention` after its end; without it the replay starts at the first poll
 * and plays once.
 *
 * A race (ADR 0044) is put on the card `racePreRoll` (30 minutes) before its anchor (the turn in
 * play, else its off), as a race card is published ahead of the off, even when the recording
 * begins later (the greyhound race's begins 87 s before its off): from the play's start until
 * the recording's first message the race shows that first message's state — the real book as it
 * stood when the recording began, held, never a price the recording does not have. A recording
 * with last traded prices only (Betfair's BASIC data, the horse race) has no book: its runners
 * carry no back or lay prices (the race shows its card, non-runners and result, and takes no bet).
 */
import type { FeedChanges, FeedCompetition, FeedEvent, FeedFancy, FeedMarket, FeedProvider, FeedScore, FeedSport } from '../feed-provider';
import { DEFAULT_SPORTS, StreamMarketCache } from '../betfair-stream/market-cache';
import type { McmMessage } from '../betfair-stream/messages';
import type { Recording } from './recordings';

export type ReplaySpeed = number | 'max';

export interface ReplayOptions {
  recordings: readonly Recording[];
  /** 1 = real time; n = n times faster; 'max' = one batch per poll. */
  speed: ReplaySpeed;
  loop: boolean;
  gbpInrRateHundredths: number;
  sports?: readonly FeedSport[];
  /** Recorded time before the anchor the replay starts at (not before the recording's first message). */
  preRollMs?: number;
  /** A race's: recorded time before its anchor it is on the card from (its first message's state held until that message's time). */
  racePreRollMs?: number;
  /** A finished replay stays on offer (closed, with its result) this long (wall time). */
  retentionMs?: number;
  /** Messages per poll at speed 'max'. */
  maxBatch?: number;
}

export const DEFAULT_PRE_ROLL_MS = 10 * 60_000;
export const DEFAULT_RACE_PRE_ROLL_MS = 30 * 60_000;
export const DEFAULT_RETENTION_MS = 5 * 60_000;
export const DEFAULT_MAX_BATCH = 500;

interface Play {
  recording: Recording;
  cache: StreamMarketCache;
  /** Wall time of the replay's start (recorded startPt). */
  originMs: number;
  /** Next message to apply. */
  next: number;
  /** Wall time the last message was applied; null while playing. */
  endedAtMs: number | null;
}

export class ReplayProvider implements FeedProvider {
  readonly name = 'replay';
  private readonly preRollMs: number;
  private readonly racePreRollMs: number;
  private readonly retentionMs: number;
  private readonly maxBatch: number;
  private readonly sportList: readonly FeedSport[];
  /** The current play of each recording (index as in options.recordings); null before the first poll or once done. */
  private readonly plays: Array<Play | null>;
  private started = false;
  private nowMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: ReplayOptions) {
    if (options.speed !== 'max' && !(options.speed > 0)) throw new Error('the replay speed must be positive or max');
    this.preRollMs = options.preRollMs ?? DEFAULT_PRE_ROLL_MS;
    this.racePreRollMs = options.racePreRollMs ?? DEFAULT_RACE_PRE_ROLL_MS;
    this.retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
    this.maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
    this.sportList = options.sports ?? DEFAULT_SPORTS;
    this.plays = options.recordings.map(() => null);
  }

  sports(): readonly FeedSport[] {
    return this.sportList;
  }

  competitions(sportId: number): FeedCompetition[] {
    const byId = new Map<string, FeedCompetition>();
    for (const play of this.live()) for (const c of play.cache.competitions()) if (c.sportId === sportId) byId.set(c.competitionId, c);
    return [...byId.values()];
  }

  events(sportId: number, competitionId?: string): FeedEvent[] {
    return this.live()
      .flatMap((play) => play.cache.events())
      .filter((e) => e.sportId === sportId && (competitionId === undefined || e.competitionId === competitionId));
  }

  markets(eventId: string): FeedMarket[] {
    return this.live().flatMap((play) => play.cache.markets(eventId));
  }

  /** The replayed events still open: the demo shows each of them (catalog/demo-matches.ts). */
  featured(): FeedEvent[] {
    return this.live()
      .flatMap((play) => play.cache.events())
      .filter((e) => e.status !== 'closed');
  }

  /** Fancies are ours, not Betfair's: the replay has none. */
  fancies(): FeedFancy[] {
    return [];
  }

  score(eventId: string): FeedScore | null {
    for (const play of this.live()) {
      const score = play.cache.score(eventId);
      if (score !== null) return score;
    }
    return null;
  }

  poll(nowMs: number): FeedChanges {
    this.advanceTo(nowMs);
    const changes: FeedChanges = { competitions: [], events: [], markets: [], fancies: [], scores: [] };
    for (const play of this.live()) {
      const c = play.cache.changes();
      changes.competitions.push(...c.competitions);
      changes.events.push(...c.events);
      changes.markets.push(...c.markets);
      changes.scores.push(...c.scores);
    }
    return changes;
  }

  /** Moves every replay to `nowMs` (time never goes back). */
  advanceTo(nowMs: number): void {
    const now = Math.max(nowMs, this.nowMs);
    this.nowMs = now;
    const first = !this.started;
    this.started = true;
    this.options.recordings.forEach((recording, i) => {
      let play = this.plays[i] ?? null;
      let begun = false;
      if (play === null && first) {
        play = this.begin(recording, now);
        begun = true;
      }
      if (play !== null && play.endedAtMs !== null && now - play.endedAtMs >= this.retentionMs) {
        // Done: the next cycle when looping, else nothing more of this recording.
        play = this.options.loop ? this.begin(recording, now, play.originMs) : null;
        begun = play !== null;
      }
      this.plays[i] = play;
      // At max a new play shows its start first; the next poll takes the first batch.
      if (play !== null && play.endedAtMs === null && !(begun && this.options.speed === 'max')) this.step(play, now);
    });
  }

  private live(): Play[] {
    return this.plays.filter((p): p is Play => p !== null);
  }

  /** The recorded time a play starts at (a race's may precede its recording: its first state is held). */
  private startPt(recording: Recording): number {
    if (recording.racing) return recording.anchorPt - this.racePreRollMs;
    return Math.max(recording.firstPt, recording.anchorPt - this.preRollMs);
  }

  /** A new play of the recording: its cycle's wall-time origin, a fresh model with the cycle's ids. */
  private begin(recording: Recording, now: number, previousOriginMs?: number): Play {
    const speed = this.options.speed;
    let originMs = now;
    if (this.options.loop && speed !== 'max') {
      // Cycles aligned to the epoch: every instance computes the same one (and the next is never the last again).
      const cycleMs = Math.ceil((recording.lastPt - this.startPt(recording)) / speed) + this.retentionMs;
      originMs = Math.floor(now / cycleMs) * cycleMs;
      if (previousOriginMs !== undefined && originMs <= previousOriginMs) originMs = previousOriginMs + cycleMs;
    }
    const startPt = this.startPt(recording);
    const scale = speed === 'max' ? 1 : speed;
    const cache = new StreamMarketCache({
      gbpInrRateHundredths: this.options.gbpInrRateHundredths,
      sports: this.sportList,
      idSuffix: `-r${Math.floor(originMs / 1000).toString(36)}`,
      retime: (ms) => Math.round(originMs + (ms - startPt) / scale),
    });
    cache.addCatalogue(recording.catalogues);
    const play: Play = { recording, cache, originMs, next: 0, endedAtMs: null };
    // Everything recorded before the start at once (pre-match skipped); a race on the card before its recording began shows the recording's first state.
    this.applyUntil(play, Math.max(startPt, recording.firstPt));
    return play;
  }

  private step(play: Play, now: number): void {
    const messages = play.recording.messages;
    if (this.options.speed === 'max') {
      for (let n = 0; n < this.maxBatch && play.next < messages.length; n += 1) {
        const message = messages[play.next] as McmMessage;
        const turns = this.turnsMarket(play, message);
        play.cache.apply(message);
        play.next += 1;
        if (turns) break;
      }
    } else {
      this.applyUntil(play, this.startPt(play.recording) + (now - play.originMs) * this.options.speed);
    }
    if (play.next >= messages.length) play.endedAtMs = now;
  }

  private applyUntil(play: Play, pt: number): void {
    const messages = play.recording.messages;
    while (play.next < messages.length && (messages[play.next] as McmMessage).pt <= pt) {
      play.cache.apply(messages[play.next] as McmMessage);
      play.next += 1;
    }
  }

  /** True when the message changes a market's status or in-play flag. */
  private turnsMarket(play: Play, message: McmMessage): boolean {
    if (message.op !== 'mcm') return false;
    return (message.mc ?? []).some((change) => {
      const next = change.marketDefinition;
      if (next === undefined) return false;
      const before = play.cache.book(change.id)?.definition;
      return before?.status !== next.status || before?.inPlay !== next.inPlay;
    });
  }
}
