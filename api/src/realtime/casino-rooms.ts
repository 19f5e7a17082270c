/**
 * Live casino rounds over the /data namespace. A socket `casinoSubscribe`s to a table: the ack
 * carries the table's round as it stands and the seq the deltas continue from, and the socket
 * joins `casino:<matchId>`. Every `casino.roundChanged` domain event (opened, closed and dealt,
 * settled, voided, switched) becomes one `casinoDelta` with seq + 1 carrying the whole round view,
 * so a client replaces what it holds. The cluster's bus numbers the deltas, so the seqs are the
 * same on every instance (ADR 0022). Each second of the countdown is a delta too, but it carries
 * only the round's clock (roundId, secondsLeft, serverTime, from the engine's tick): a round's
 * markets do not change while it counts down, and a table's can be large (Lottery's 1,110
 * runners, 3 Cards Judgement's 286 markets), once a second to every phone watching. Deltas are
 * sent one after the other per table, so they leave in the order the engine moved. A client that
 * sees a gap (or a countdown of a round it does not hold) subscribes again. Nobody watching a
 * table costs nothing.
 */
import {
  CASINO_DELTA,
  MESSAGES,
  type CasinoCountdown,
  type CasinoDelta,
  type CasinoPhase,
  type CasinoRoundView,
  type CasinoSnapshot,
} from '@backlay/shared/contracts';
import type { Namespace, Socket } from 'socket.io';
import type { SequencedBus } from '../cluster/sequenced-bus';
import type { Logger } from '../common/logger';

export const casinoRoom = (matchId: string): string => `casino:${matchId}`;

/** A move of a table (the `casino.roundChanged` domain event): a countdown second carries its clock. */
export type RoundChange =
  | { matchId: string; phase: Exclude<CasinoPhase, 'countdown'> }
  | { matchId: string; phase: 'countdown'; countdown: CasinoCountdown };

/** What a table looks like now (the casino service's view); null for an unknown table. */
export type CasinoSnapshotSource = (matchId: string) => Promise<{ round: CasinoRoundView | null; isDisable: boolean } | null>;

export type CasinoSubscribeAck = { ok: true; snapshot: CasinoSnapshot } | { ok: false; message: string };

/** A delta as published: the bus gives it its seq. */
type UnsequencedDelta = CasinoDelta extends infer D ? (D extends unknown ? Omit<D, 'seq'> : never) : never;

/** The bus topic of casino deltas (key: the table's match id). */
export const CASINO_TOPIC = 'casino';

/**
 * Publishing: the moves this instance learns of (the engine's leader) become deltas without a
 * seq, one after the other per table, published on the bus. Delivering: the bus hands every
 * instance each delta with its seq in seq order; an instance forwards it to the table's room
 * here. Alone (a memory bus), a table nobody watches here costs nothing.
 */
export class CasinoRooms {
  /** The seq of the last delta delivered here, per table watched here since start. */
  private readonly seqs = new Map<string, number>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly stopListening: () => void;

  constructor(
    private readonly namespace: Namespace,
    private readonly source: CasinoSnapshotSource,
    private readonly bus: SequencedBus,
    private readonly log: Logger,
  ) {
    this.stopListening = bus.listen(CASINO_TOPIC, (matchId, seq, payload) => this.deliver(matchId, seq, payload as UnsequencedDelta));
  }

  async subscribe(socket: Socket, matchId: string): Promise<CasinoSubscribeAck> {
    // After the deltas already queued here for the table, so the snapshot's seq is the last sent.
    await this.queues.get(matchId);
    if (!this.seqs.has(matchId)) {
      // Deltas at or below the table's seq now are already in the view loaded below.
      const current = await this.bus.current(CASINO_TOPIC, matchId);
      this.seqs.set(matchId, Math.max(current, this.seqs.get(matchId) ?? 0));
    }
    const view = await this.source(matchId);
    if (view === null) return { ok: false, message: MESSAGES.casinoTableNotFound };
    await socket.join(casinoRoom(matchId));
    return { ok: true, snapshot: { matchId, seq: this.seqs.get(matchId) ?? 0, round: view.round, isDisable: view.isDisable } };
  }

  async unsubscribe(socket: Socket, matchId: string): Promise<{ ok: true }> {
    await socket.leave(casinoRoom(matchId));
    return { ok: true };
  }

  /** A table moved on: the watchers (on every instance) get the new view (or the countdown's second) as the next delta. */
  onRoundChanged(change: RoundChange): void {
    const { matchId } = change;
    const previous = this.queues.get(matchId) ?? Promise.resolve();
    const next = previous.then(() => this.publish(change));
    this.queues.set(matchId, next);
    void next.finally(() => {
      if (this.queues.get(matchId) === next) this.queues.delete(matchId);
    });
  }

  close(): void {
    this.stopListening();
  }

  private watchedHere(matchId: string): boolean {
    return (this.namespace.adapter.rooms.get(casinoRoom(matchId))?.size ?? 0) > 0;
  }

  private async publish(change: RoundChange): Promise<void> {
    const { matchId, phase } = change;
    if (!this.bus.distributed && !this.watchedHere(matchId)) return;
    try {
      let delta: UnsequencedDelta;
      if (change.phase === 'countdown') {
        delta = { matchId, phase: change.phase, countdown: change.countdown };
      } else {
        const view = await this.source(matchId);
        if (view === null) return;
        delta = { matchId, phase: change.phase, round: view.round, isDisable: view.isDisable };
      }
      await this.bus.publish(CASINO_TOPIC, matchId, delta);
    } catch (error) {
      this.log.error({ err: error, matchId, phase }, 'casino delta failed');
    }
  }

  /** A delta from the bus (any instance's): forwarded to this instance's watchers of the table. */
  private deliver(matchId: string, seq: number, delta: UnsequencedDelta): void {
    const known = this.seqs.get(matchId);
    // At or below the known seq: a snapshot sent here already holds it.
    if (known !== undefined && seq <= known) return;
    // Kept only for tables watched here once; another table's seq is read from the bus when needed.
    if (known === undefined && !this.watchedHere(matchId)) return;
    this.seqs.set(matchId, seq);
    if (this.watchedHere(matchId)) this.namespace.local.to(casinoRoom(matchId)).emit(CASINO_DELTA, { ...delta, seq } as CasinoDelta);
  }
}
