/**
 * Market data over the /data namespace. A client `subscribe`s to a match: it gets the match's
 * image (`snapshot`, with the match's current seq) and joins the room `match:<id>`; from then
 * on every change of the match reaches the room in a delta with seq + 1. Changes are not
 * forwarded per upstream event: they are merged per match (a later version of a market
 * replaces an earlier one) and flushed every batch interval, so a suspension reaches clients
 * within one interval and a burst of ticks costs one message. A client that sees a gap in the
 * seqs subscribes again and gets a new snapshot.
 *
 * Frames are coalesced per tick (ADR 0027): the deltas that reach this instance together (one
 * flush) go out as one `deltas` frame per socket, carrying every changed match the socket
 * watches, each delta with its own seq. The frame is encoded once per distinct set of watched
 * changed matches — for the common socket watching one match, once per room — and written to
 * the sockets pre-encoded (pre-encoded.ts).
 *
 * Seqs are per match and the same on every instance (the cluster's bus numbers the deltas, ADR
 * 0022): a client that reconnects to another instance resubscribes and gets a snapshot whose seq
 * the deltas continue from. This instance keeps a match's state only while someone here watches it.
 */
import type { DataServerEvents, Fancy, Market, MatchDelta, MatchSnapshot, Score, SocketAck } from '@backlay/shared/contracts';
import type { Namespace, Socket } from 'socket.io';
import type { SequencedBus } from '../cluster/sequenced-bus';
import type { MatchImage } from '../catalog/catalog.service';
import { narrowShownLimits, type SiteStakeLimitsMinor } from '../catalog/limits-rules';
import { toFancy, toMarket, toScore } from '../catalog/market-view';
import { PreEncodedEvent, WriteTarget } from './pre-encoded';
import type { Logger } from '../common/logger';
import type { DomainEventMap } from '../common/domain-events';

export const matchRoom = (matchId: string): string => `match:${matchId}`;

/** The event of a tick's frame: the socket's changed matches, one `MatchDelta` each (two when a show/hide followed a change). */
export const DELTAS_EVENT = 'deltas' satisfies keyof DataServerEvents;

/** A socket may watch at most this many matches at once. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 20;

/** What players may see of a change: active markets and fancies, the score, removals and the match's status. */
export interface VisibleChange {
  markets: Market[];
  fancies: Fancy[];
  score: Score | null;
  removed: string[];
  matchStatus: MatchStatus | null;
}

type MatchStatus = NonNullable<MatchDelta['matchStatus']>;

/** The players' view of a `catalog.matchChanged` event (inactive markets and fancies are not sent). */
export function visibleChange(event: DomainEventMap['catalog.matchChanged']): VisibleChange {
  return {
    markets: event.markets.filter((row) => row.active).map(toMarket),
    fancies: event.fancies.filter((row) => row.active).map(toFancy),
    score: event.score === null ? null : toScore(event.score),
    removed: [...event.removedIds],
    matchStatus: event.matchStatus ?? null,
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
  private matchStatus: MatchStatus | null = null;
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
    if (change.matchStatus !== null) this.matchStatus = change.matchStatus;
    if (this.oldestAt === null && !this.empty) this.oldestAt = at;
  }

  /** When the oldest pending change came in (performance.now()), or null when nothing is pending. */
  get since(): number | null {
    return this.oldestAt;
  }

  get empty(): boolean {
    return this.markets.size === 0 && this.fancies.size === 0 && this.removed.size === 0 && this.score === null && this.matchStatus === null;
  }

  /** The delta with only the parts that changed, and a cleared buffer. */
  take(matchId: string, seq: number): MatchDelta {
    const delta: MatchDelta = { matchId, seq };
    if (this.markets.size > 0) delta.markets = [...this.markets.values()];
    if (this.fancies.size > 0) delta.fancies = [...this.fancies.values()];
    if (this.score !== null) delta.score = this.score;
    if (this.removed.size > 0) delta.removed = [...this.removed];
    if (this.matchStatus !== null) delta.matchStatus = this.matchStatus;
    this.markets.clear();
    this.fancies.clear();
    this.removed.clear();
    this.score = null;
    this.matchStatus = null;
    this.oldestAt = null;
    return delta;
  }
}

/** A match watched by sockets of this instance. */
interface MatchState {
  /** The seq of the last delta delivered here (or the stream's seq when the state was made). */
  seq: number;
  /** An admin hid the match: deltas are not forwarded until it is shown again. */
  hidden: boolean;
  /** Subscriptions still loading their snapshot (the state must not be dropped meanwhile). */
  loading: number;
  /** Whether seq was brought up to the stream's at least once. */
  synced: boolean;
}

/** What a delta carries on the bus: the changes (its seq comes from the bus) and a show/hide switch. */
interface BusDelta {
  delta: Omit<MatchDelta, 'seq'>;
  /** When the oldest change it carries reached the publishing hub (epoch ms): the fan-out lag starts there. */
  since?: number;
  /** Set on the message of an admin's show (true) or hide (false) of the match. */
  active?: boolean;
}

/** The bus topic of market-data deltas (key: the match id). */
export const MARKET_DATA_TOPIC = 'market-data';

export interface MarketDataHubOptions {
  namespace: Namespace;
  /** Numbers the deltas and carries them to every instance (cluster/sequenced-bus.ts). */
  bus: SequencedBus;
  /** Flush interval; 0 flushes only on flushNow() (benchmarks). */
  batchMs: number;
  log: Logger;
}

/**
 * A site's own stake limits as a data socket carries them in `socket.data.stakeLimits` (set at
 * each subscribe; null or absent: the market's own). Its deltas are narrowed to them, as its
 * snapshot and get-market-list are (ADR 0074 "Content per site").
 */
export type SocketStakeLimits = SiteStakeLimitsMinor;

function stakeLimitsOf(socket: Socket): SocketStakeLimits | null {
  return (socket.data as { stakeLimits?: SocketStakeLimits | null } | undefined)?.stakeLimits ?? null;
}

const keyOf = (limits: SocketStakeLimits | null): string => (limits === null ? '' : `${limits.minStakeMinor ?? ''}-${limits.maxStakeMinor ?? ''}`);

/** Deltas as a site with its own stake limits sends them. */
function narrowed(deltas: MatchDelta[], limits: SocketStakeLimits | null): MatchDelta[] {
  if (limits === null) return deltas;
  return deltas.map((delta) => ({
    ...delta,
    ...(delta.markets === undefined ? {} : { markets: delta.markets.map((market) => narrowShownLimits(market, limits)) }),
    ...(delta.fancies === undefined ? {} : { fancies: delta.fancies.map((fancy) => narrowShownLimits(fancy, limits)) }),
  }));
}

/** Attempts to take a snapshot that no delta overtook. */
const SNAPSHOT_ATTEMPTS = 3;

/** Receives the fan-out lag of each delta sent, in seconds (the metrics' histogram). */
export type FanoutLagObserver = (seconds: number) => void;

/**
 * Two halves. Publishing: the changes this instance learns of (the feed leader's ticks, an
 * admin's switch on this instance) are merged per match and published on the bus once per
 * interval. Delivering: the bus hands every instance each delta with its seq, in seq order; an
 * instance forwards it to the sockets of the match's room it holds. Alone (a memory bus), a
 * change of a match nobody watches here is dropped at once.
 */
export class MarketDataHub {
  /** Changes not yet published, per match. */
  private readonly pending = new Map<string, DeltaBuffer>();
  /** Matches watched here. */
  private readonly states = new Map<string, MatchState>();
  private readonly stopListening: () => void;
  private timer: NodeJS.Timeout | null = null;
  private lagObserver: FanoutLagObserver | null = null;
  /** Deltas delivered here and not yet written to the sockets, per match in seq order (the tick's frames). */
  private outbox = new Map<string, MatchDelta[]>();
  /** When the oldest change of each delta in the outbox reached the publishing hub (epoch ms). */
  private outboxSince: number[] = [];
  /** The outbox is written at the end of this turn of the event loop (deliveries that arrive together share frames). */
  private sendScheduled: NodeJS.Immediate | null = null;
  /**
   * The sockets of each match room here as write targets, made at the room's first tick and
   * dropped when a socket joins or leaves it: a tick walks the array instead of looking up every
   * socket id of the room in the namespace and its connection's websocket (ADR 0080).
   */
  private readonly roomTargets = new Map<string, WriteTarget[]>();
  /** One write target per socket, whichever rooms it is in (a tick groups a socket's matches by it). */
  private readonly targets = new WeakMap<Socket, WriteTarget>();

  constructor(private readonly options: MarketDataHubOptions) {
    const busOff = options.bus.listen(MARKET_DATA_TOPIC, (matchId, seq, payload) => this.deliver(matchId, seq, payload as BusDelta));
    const { adapter } = options.namespace;
    const forget = (room: unknown): void => {
      if (typeof room === 'string') this.roomTargets.delete(room);
    };
    adapter.on('join-room', forget);
    adapter.on('leave-room', forget);
    adapter.on('delete-room', forget);
    this.stopListening = () => {
      busOff();
      adapter.off('join-room', forget);
      adapter.off('leave-room', forget);
      adapter.off('delete-room', forget);
    };
    if (options.batchMs > 0) {
      this.timer = setInterval(() => this.flushNow(), options.batchMs);
      this.timer.unref();
    }
  }

  /** Takes a change of a match into its buffer (alone: dropped when nobody watches the match). */
  onMatchChanged(event: DomainEventMap['catalog.matchChanged']): void {
    const { matchId } = event;
    if (!this.options.bus.distributed && !this.states.has(matchId)) return;
    if (event.matchActive === undefined) {
      const buffer = this.pending.get(matchId) ?? new DeltaBuffer();
      this.pending.set(matchId, buffer);
      buffer.add(visibleChange(event));
      return;
    }
    // A show or hide is a message of its own, after the changes before it: every instance
    // switches its forwarding at the same seq.
    this.publishPending(matchId);
    const buffer = new DeltaBuffer();
    buffer.add(visibleChange(event));
    this.publish(matchId, buffer, event.matchActive);
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
      state = { seq: 0, hidden: false, loading: 0, synced: false };
      this.states.set(matchId, state);
    }
    state.loading += 1;
    try {
      if (!state.synced) {
        // Deltas at or below the stream's seq now are already in the image loaded below.
        state.seq = Math.max(state.seq, await this.options.bus.current(MARKET_DATA_TOPIC, matchId));
        state.synced = true;
      }
      // A delta while the image loads may carry changes the image missed: load it again then.
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
   * carries reaching the publishing hub (on the bus once its transaction committed) to the
   * delta's emit to this instance's room. The batch interval bounds it alone; across instances
   * it adds the bus's hop (and the instances' clock difference).
   */
  observeLag(observer: FanoutLagObserver): void {
    this.lagObserver = observer;
  }

  /**
   * Publishes every match's pending changes as one delta each; forgets the matches nobody
   * watches here any more. Alone (memory bus) the deltas come back at once and their frames are
   * written before this returns; with Redis they are written when the bus hands them back.
   */
  flushNow(): void {
    const rooms = this.options.namespace.adapter.rooms;
    for (const [matchId, state] of this.states) {
      if ((rooms.get(matchRoom(matchId))?.size ?? 0) === 0 && state.loading === 0) this.states.delete(matchId);
    }
    for (const matchId of [...this.pending.keys()]) this.publishPending(matchId);
    this.sendFrames();
  }

  /** Matches watched here (tests). */
  watchedMatches(): string[] {
    return [...this.states.keys()];
  }

  close(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    if (this.sendScheduled !== null) clearImmediate(this.sendScheduled);
    this.sendScheduled = null;
    this.outbox.clear();
    this.outboxSince = [];
    this.stopListening();
    this.states.clear();
    this.pending.clear();
    this.roomTargets.clear();
  }

  /** The sockets of the room here (the cached array, made from the room's ids when there is none). */
  private targetsOf(room: string): WriteTarget[] {
    let targets = this.roomTargets.get(room);
    if (targets !== undefined) return targets;
    const { namespace } = this.options;
    targets = [];
    for (const id of namespace.adapter.rooms.get(room) ?? []) {
      const socket = namespace.sockets.get(id);
      if (socket === undefined) continue;
      let target = this.targets.get(socket);
      if (target === undefined) {
        target = new WriteTarget(socket);
        this.targets.set(socket, target);
      }
      targets.push(target);
    }
    if (targets.length > 0) this.roomTargets.set(room, targets);
    return targets;
  }

  private publishPending(matchId: string): void {
    const buffer = this.pending.get(matchId);
    this.pending.delete(matchId);
    if (buffer !== undefined && !buffer.empty) this.publish(matchId, buffer);
  }

  /** Publishes in call order (one Redis connection keeps it), so a match's changes get rising seqs in order. */
  private publish(matchId: string, buffer: DeltaBuffer, active?: boolean): void {
    const oldest = buffer.since;
    const since = oldest === null ? undefined : Date.now() - (performance.now() - oldest);
    const { seq: _unset, ...delta } = buffer.take(matchId, 0);
    const message: BusDelta = { delta, ...(active === undefined ? {} : { active }), ...(since === undefined ? {} : { since }) };
    this.options.bus.publish(MARKET_DATA_TOPIC, matchId, message).catch((error: unknown) => {
      this.options.log.error({ err: error, matchId }, 'market delta not published; watchers will see a gap and resubscribe');
    });
  }

  /** A delta from the bus (any instance's): into the outbox of this instance's sockets of the match. */
  private deliver(matchId: string, seq: number, message: BusDelta): void {
    const state = this.states.get(matchId);
    // At or below the state's seq: a snapshot sent here already holds it.
    if (state === undefined || seq <= state.seq) return;
    state.seq = seq;
    if (message.active === true) state.hidden = false;
    // Hidden: the seq moves on unseen; once shown again, players see the gap and take a new snapshot.
    if (state.hidden) return;
    if (message.active === false) state.hidden = true;
    const deltas = this.outbox.get(matchId);
    const delta: MatchDelta = { ...message.delta, seq };
    if (deltas === undefined) this.outbox.set(matchId, [delta]);
    else deltas.push(delta);
    if (message.since !== undefined) this.outboxSince.push(message.since);
    this.sendScheduled ??= setImmediate(() => this.sendFrames());
  }

  /**
   * Writes the outbox: one `deltas` frame per socket with every delta of the matches it watches,
   * encoded once per distinct set of those matches. Room membership is read now, so a socket that
   * joined since a delta was delivered gets it too (its snapshot already holds it; the client
   * ignores a seq at or below its own).
   */
  private sendFrames(): void {
    if (this.sendScheduled !== null) clearImmediate(this.sendScheduled);
    this.sendScheduled = null;
    if (this.outbox.size === 0) return;
    const outbox = this.outbox;
    const since = this.outboxSince;
    this.outbox = new Map();
    this.outboxSince = [];
    const { namespace } = this.options;
    if (outbox.size === 1) {
      // One changed match: every socket of its room gets the same frame (one per site's own
      // stake limits, when a site has them).
      for (const [matchId, deltas] of outbox) {
        // One pass over the room (ADR 0080): a socket of a site without its own limits gets the
        // plain frame at once; the others are grouped by their limits and written after.
        let plain: PreEncodedEvent | null = null;
        let byLimits: Map<string, { limits: SocketStakeLimits; targets: WriteTarget[] }> | null = null;
        for (const target of this.targetsOf(matchRoom(matchId))) {
          const limits = stakeLimitsOf(target.socket);
          if (limits === null) {
            plain ??= new PreEncodedEvent(namespace, DELTAS_EVENT, deltas);
            plain.writeTo(target);
            continue;
          }
          byLimits ??= new Map();
          const key = keyOf(limits);
          const group = byLimits.get(key);
          if (group === undefined) byLimits.set(key, { limits, targets: [target] });
          else group.targets.push(target);
        }
        for (const { limits, targets } of byLimits?.values() ?? []) {
          const event = new PreEncodedEvent(namespace, DELTAS_EVENT, narrowed(deltas, limits));
          for (const target of targets) event.writeTo(target);
        }
      }
    } else {
      // Sockets by the set of changed matches they watch (match indexes in outbox order).
      const matchIds = [...outbox.keys()];
      const watched = new Map<WriteTarget, string>();
      matchIds.forEach((matchId, index) => {
        for (const target of this.targetsOf(matchRoom(matchId))) {
          const set = watched.get(target);
          watched.set(target, set === undefined ? String(index) : `${set},${index}`);
        }
      });
      // …and by their site's own stake limits (ADR 0074 "Content per site").
      const bySet = new Map<string, { set: string; limits: SocketStakeLimits | null; targets: WriteTarget[] }>();
      for (const [target, set] of watched) {
        const limits = stakeLimitsOf(target.socket);
        const key = `${set}|${keyOf(limits)}`;
        const group = bySet.get(key);
        if (group === undefined) bySet.set(key, { set, limits, targets: [target] });
        else group.targets.push(target);
      }
      for (const { set, limits, targets } of bySet.values()) {
        const deltas = set.split(',').flatMap((index) => outbox.get(matchIds[Number(index)] ?? '') ?? []);
        const event = new PreEncodedEvent(namespace, DELTAS_EVENT, narrowed(deltas, limits));
        for (const target of targets) event.writeTo(target);
      }
    }
    if (this.lagObserver !== null) {
      const now = Date.now();
      for (const at of since) this.lagObserver(Math.max(0, now - at) / 1000);
    }
  }
}
