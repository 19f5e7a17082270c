/**
 * Live casino rounds over the /data namespace. A socket `casinoSubscribe`s to a table: the ack
 * carries the table's round as it stands and the seq the deltas continue from, and the socket
 * joins `casino:<matchId>`. Every `casino.roundChanged` domain event (opened, closed and dealt,
 * settled, voided, switched) becomes one `casinoDelta` with seq + 1 carrying the whole round view,
 * so a client replaces what it holds. Each second of the countdown is a delta too, but it carries
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
import type { Logger } from '../common/logger';

export const casinoRoom = (matchId: string): string => `casino:${matchId}`;

/** A move of a table (the `casino.roundChanged` domain event): a countdown second carries its clock. */
export type RoundChange =
  | { matchId: string; phase: Exclude<CasinoPhase, 'countdown'> }
  | { matchId: string; phase: 'countdown'; countdown: CasinoCountdown };

/** What a table looks like now (the casino service's view); null for an unknown table. */
export type CasinoSnapshotSource = (matchId: string) => Promise<{ round: CasinoRoundView | null; isDisable: boolean } | null>;

export type CasinoSubscribeAck = { ok: true; snapshot: CasinoSnapshot } | { ok: false; message: string };

export class CasinoRooms {
  private readonly seqs = new Map<string, number>();
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly namespace: Namespace,
    private readonly source: CasinoSnapshotSource,
    private readonly log: Logger,
  ) {}

  async subscribe(socket: Socket, matchId: string): Promise<CasinoSubscribeAck> {
    // After the deltas already queued for the table, so the snapshot's seq is the last sent.
    await this.queues.get(matchId);
    const view = await this.source(matchId);
    if (view === null) return { ok: false, message: MESSAGES.casinoTableNotFound };
    await socket.join(casinoRoom(matchId));
    return { ok: true, snapshot: { matchId, seq: this.seqs.get(matchId) ?? 0, round: view.round, isDisable: view.isDisable } };
  }

  async unsubscribe(socket: Socket, matchId: string): Promise<{ ok: true }> {
    await socket.leave(casinoRoom(matchId));
    return { ok: true };
  }

  /** A table moved on: the watchers get the new view (or the countdown's second) as the next delta. */
  onRoundChanged(change: RoundChange): void {
    const { matchId } = change;
    const previous = this.queues.get(matchId) ?? Promise.resolve();
    const next = previous.then(() => this.send(change));
    this.queues.set(matchId, next);
    void next.finally(() => {
      if (this.queues.get(matchId) === next) this.queues.delete(matchId);
    });
  }

  private async send(change: RoundChange): Promise<void> {
    const { matchId, phase } = change;
    const room = casinoRoom(matchId);
    if ((this.namespace.adapter.rooms.get(room)?.size ?? 0) === 0) return;
    try {
      let delta: CasinoDelta;
      if (change.phase === 'countdown') {
        delta = { matchId, seq: this.nextSeq(matchId), phase: change.phase, countdown: change.countdown };
      } else {
        const view = await this.source(matchId);
        if (view === null) return;
        delta = { matchId, seq: this.nextSeq(matchId), phase: change.phase, round: view.round, isDisable: view.isDisable };
      }
      this.namespace.to(room).emit(CASINO_DELTA, delta);
    } catch (error) {
      this.log.error({ err: error, matchId, phase }, 'casino delta failed');
    }
  }

  private nextSeq(matchId: string): number {
    const seq = (this.seqs.get(matchId) ?? 0) + 1;
    this.seqs.set(matchId, seq);
    return seq;
  }
}
