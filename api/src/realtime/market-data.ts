/**
 * Market data over the /data namespace. A client `subscribe`s to a match: it gets the match's
 * image (`snapshot`, with the match's current seq) and joins the room `match:<id>`; from then
 * on every change of the match reaches the room as a `delta` with seq + 1. Changes are not
 * forwarded per upstream event: they are merged per match (a later version of a market
 * replaces an earlier one) and flushed every batch interval, so a suspension reaches clients
 * within one interval and a burst of ticks costs one message. A client that sees a gap in the
 * seqs subscribes again and gets a new snapshot.
 *
 * Seqs are per match and per instance (a client that reconnects elsewhere starts from a new
 * snapshot anyway). A match's state exists only while someone is subscribed.
 */
import type { Fancy, Market, MatchDelta, MatchSnapshot, Score, SocketAck } from '@backlay/shared/contracts';
import type { Namespace, Socket } from 'socket.io';
import type { MatchImage } from '../catalog/catalog.service';
import { toFancy, toMarket, toScore } from '../catalog/market-view';
import type { Logger } from '../common/logger';
import type { DomainEventMap } from '../common/domain-events';

export const matchRoom = (matchId: string): string => `match:${matchId}`;

/** A socket may watch at most this many matches at once. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 20;

/** What players may see of a change: active markets and fancies, the score, and removals. */
export interface VisibleChange {
  markets: Market[];
  fancies: Fancy[];
  score: Score | null;
  removed: string[];
}

/** The players' view of a `catalog.matchChanged` event (inactive markets and fancies are not sent). */
export function visibleChange(event: DomainEventMap['catalog.matchChanged']): VisibleChange {
  return {
    markets: event.markets.filter((row) => row.active).map(toMarket),
    fancies: event.fancies.filter((row) => row.active).map(toFancy),
    score: event.score === null ? null : toScore(event.score),
    removed: [...event.removedIds],
  };
}

/** The snapshot of a match image. */
export function toSnapshot(matchId: string, seq: number, image: MatchImage): MatchSnapshot {
  return {
    matchId,
    seq,
    markets: image.markets.filter((row) => row.active).map(toMarket),
    fancies: image.fancies.filter((row) => row.active).map(toFancy),
    score: image.score === null ? null : toScore(image.score),
  };
}

/** The changes of one match since the last flush; a later version of an object replaces an earlier one. */
export class DeltaBuffer {
  private readonly markets = new Map<string, Market>();
  private readonly fancies = new Map<string, Fancy>();
  private readonly removed = new Set<string>();
  private score: Score | null = null;
  /** When the oldest change not yet sent came in (performance.now()), null while empty: the fan-out lag starts there. */
  private oldestAt: number | null = null;

  /** `at`: when the change came in (performance.now()). */
  add(change: VisibleChange, at: number = performance.now()): void {
    for (const id of change.removed) {
      this.markets.delete(id);
      this.fancies.delete(id);
      this.removed.add(id);
    }
    for (const market of change.markets) {
      this.markets.set(market.marketId, market);
      this.removed.delete(market.marketId);
    }
    for (const fancy of change.fancies) {
      this.fancies.set(fancy.fancyId, fancy);
      this.removed.delete(fancy.fancyId);
    }
    if (change.score !== null) this.score = change.score;
    if (this.oldestAt === null && !this.empty) this.oldestAt = at;
  }

  /** When the oldest pending change came in (performance.now()), or null when nothing is pending. */
  get since(): number | null {
    return this.oldestAt;
  }

  get empty(): boolean {
    return this.markets.size === 0 && this.fancies.size === 0 && this.removed.size === 0 && this.score === null;
  }

  /** The delta with only the parts that changed, and a cleared buffer. */
  take(matchId: string, seq: number): MatchDelta {
    const delta: MatchDelta = { matchId, seq };
    if (this.markets.size > 0) delta.markets = [...this.markets.values()];
    if (this.fancies.size > 0) delta.fancies = [...this.fancies.values()];
    if (this.score !== null) delta.score = this.score;
    if (this.removed.size > 0) delta.removed = [...this.removed];
    this.markets.clear();
    this.fancies.clear();
    this.removed.clear();
    this.score = null;
    this.oldestAt = null;
    return delta;
  }
}

interface MatchState {
  seq: number;
  buffer: DeltaBuffer;
  /** An admin hid the match: feed changes are not forwarded until it is shown again. */
  hidden: boolean;
  /** Subscriptions still loading their snapshot (the state must not be dropped meanwhile). */
  loading: number;
}

export interface MarketDataHubOptions {
  namespace: Namespace;
  /** Flush interval; 0 flushes only on flushNow() (benchmarks). */
  batchMs: number;
  log: Logger;
}

/** Attempts to take a snapshot that no flush overtook. */
const SNAPSHOT_ATTEMPTS = 3;

/** Receives the fan-out lag of each delta sent, in seconds (the metrics' histogram). */
export type FanoutLagObserver = (seconds: number) => void;

export class MarketDataHub {
  private readonly states = new Map<string, MatchState>();
  private timer: NodeJS.Timeout | null = null;
  private lagObserver: FanoutLagObserver | null = null;

  constructor(private readonly options: MarketDataHubOptions) {
    if (options.batchMs > 0) {
      this.timer = setInterval(() => this.flushNow(), options.batchMs);
      this.timer.unref();
    }
  }

  /** Takes a change of a match into its buffer (dropped when nobody watches the match here). */
  onMatchChanged(event: DomainEventMap['catalog.matchChanged']): void {
    const state = this.states.get(event.matchId);
    if (state === undefined) return;
    if (event.matchActive !== undefined) state.hidden = !event.matchActive;
    if (state.hidden && event.matchActive !== false) return;
    state.buffer.add(visibleChange(event));
  }

  /**
   * Sends the socket the match's image and joins it to the match's room. `loadImage` answers
   * null when the caller may not see the match.
   */
  async subscribe(socket: Socket, matchId: string, loadImage: () => Promise<MatchImage | null>): Promise<SocketAck> {
    const room = matchRoom(matchId);
    if (!socket.rooms.has(room) && [...socket.rooms].filter((r) => r.startsWith('match:')).length >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      return { ok: false, message: `At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} matches at once` };
    }
    let state = this.states.get(matchId);
    if (state === undefined) {
      state = { seq: 0, buffer: new DeltaBuffer(), hidden: false, loading: 0 };
      this.states.set(matchId, state);
    }
    state.loading += 1;
    try {
      // A flush while the image loads may carry changes the image missed: load it again then.
      // Changes published after the state existed and not yet flushed come with the next delta.
      for (let attempt = 1; ; attempt += 1) {
        const seq = state.seq;
        const image = await loadImage();
        if (image === null) return { ok: false, message: 'Match not found' };
        if (state.seq === seq || attempt === SNAPSHOT_ATTEMPTS) {
          if (state.seq !== seq) this.options.log.warn({ matchId }, 'market snapshot overtaken by deltas; the client may resubscribe');
          // A hidden match stays hidden for the players still in its room while an admin watches it.
          state.hidden = !image.shownToPlayers;
          socket.emit('snapshot', toSnapshot(matchId, state.seq, image));
          await socket.join(room);
          return { ok: true };
        }
      }
    } finally {
      state.loading -= 1;
    }
  }

  /** Leaves the match's room. */
  async unsubscribe(socket: Socket, matchId: string): Promise<SocketAck> {
    await socket.leave(matchRoom(matchId));
    return { ok: true };
  }

  /**
   * Reports the fan-out lag of every delta from now on: the time from the oldest change it
   * carries reaching this hub (published on the bus once its transaction committed) to the
   * delta's emit to the match's room. The batch interval bounds it; more means a blocked loop.
   */
  observeLag(observer: FanoutLagObserver): void {
    this.lagObserver = observer;
  }

  /** Sends every match's pending changes to its room as one delta with the next seq. */
  flushNow(): void {
    const rooms = this.options.namespace.adapter.rooms;
    for (const [matchId, state] of this.states) {
      const members = rooms.get(matchRoom(matchId))?.size ?? 0;
      if (members === 0 && state.loading === 0) {
        this.states.delete(matchId);
        continue;
      }
      if (state.buffer.empty) continue;
      const since = state.buffer.since;
      state.seq += 1;
      this.options.namespace.to(matchRoom(matchId)).emit('delta', state.buffer.take(matchId, state.seq));
      if (since !== null) this.lagObserver?.((performance.now() - since) / 1000);
    }
  }

  /** Matches with a state here (tests). */
  watchedMatches(): string[] {
    return [...this.states.keys()];
  }

  close(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.states.clear();
  }
}
