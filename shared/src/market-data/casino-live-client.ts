import { BehaviorSubject, Observable } from 'rxjs';
import { CASINO_DELTA, CASINO_SUBSCRIBE, CASINO_UNSUBSCRIBE, type CasinoDelta } from '../contracts/casino';
import { applyCasinoMessage, initialCasinoTableState, type CasinoMessage, type CasinoTableState } from './casino-state';
import type { DataConnection, DataSocket } from './data-connection';

/** Live rounds of casino tables over the page's data connection. */
export interface CasinoLiveClient {
  /**
   * The live image of a table. The first observer subscribes the table (`casinoSubscribe`, whose
   * ack carries the snapshot); then each `casinoDelta` in seq order makes a new state. A gap in the
   * seqs or a reconnect subscribes again for a fresh snapshot. When the last observer leaves, the
   * table is unsubscribed (`casinoUnsubscribe`) and the connection may close.
   */
  watchTable(matchId: string): Observable<CasinoTableState>;
}

export interface CasinoLiveClientOptions {
  connection: DataConnection;
  /** The local clock (ms), for the countdown's offset; tests pass a fixed one. */
  now?: () => number;
}

interface Watched {
  state: BehaviorSubject<CasinoTableState>;
  observers: number;
  /** The number of the last casinoSubscribe sent: only its ack is taken (an older one is stale). */
  request: number;
}

/** What the server says when it refuses a table without a reason. */
const UNAVAILABLE = 'This table is not available';

/** Build the live casino client on a data connection (the product uses `casinoLive`). */
export function createCasinoLiveClient({ connection, now = Date.now }: CasinoLiveClientOptions): CasinoLiveClient {
  const watched = new Map<string, Watched>();

  const deliver = (entry: Watched, message: CasinoMessage) => {
    const { state, outcome } = applyCasinoMessage(entry.state.getValue(), message, now());
    if (outcome === 'ignored') return;
    entry.state.next(state);
    if (outcome === 'gap') subscribe(state.matchId);
  };

  function subscribe(matchId: string): void {
    const socket = connection.connectedSocket();
    const entry = watched.get(matchId);
    if (!socket || !entry) return;
    entry.request += 1;
    const request = entry.request;
    socket.emit(CASINO_SUBSCRIBE, { matchId }, (ack) => {
      if (watched.get(matchId) !== entry || entry.request !== request) return;
      if (ack?.ok) deliver(entry, { type: 'snapshot', payload: ack.snapshot });
      else entry.state.next({ ...entry.state.getValue(), status: 'unavailable', error: ack?.message ?? UNAVAILABLE });
    });
  }

  connection.join({
    listen: (socket: DataSocket) => {
      socket.on(CASINO_DELTA, (payload: CasinoDelta) => {
        const entry = watched.get(payload.matchId);
        if (entry) deliver(entry, { type: 'delta', payload });
      });
    },
    connected: () => {
      for (const matchId of watched.keys()) subscribe(matchId);
    },
    disconnected: () => {
      for (const entry of watched.values()) {
        const current = entry.state.getValue();
        if (current.status === 'live') entry.state.next({ ...current, status: 'resyncing' });
      }
    },
    closed: () => {
      const entries = [...watched.values()];
      watched.clear();
      for (const entry of entries) entry.state.complete();
    },
  });

  const release = (matchId: string, entry: Watched) => {
    entry.observers -= 1;
    if (entry.observers > 0 || watched.get(matchId) !== entry) return;
    watched.delete(matchId);
    connection.connectedSocket()?.emit(CASINO_UNSUBSCRIBE, { matchId });
    connection.release();
  };

  return {
    watchTable(matchId: string): Observable<CasinoTableState> {
      return new Observable<CasinoTableState>((observer) => {
        let entry = watched.get(matchId);
        if (!entry) {
          entry = { state: new BehaviorSubject(initialCasinoTableState(matchId)), observers: 0, request: 0 };
          watched.set(matchId, entry);
          connection.acquire();
          subscribe(matchId);
        }
        entry.observers += 1;
        const own = entry;
        const subscription = own.state.subscribe(observer);
        return () => {
          subscription.unsubscribe();
          release(matchId, own);
        };
      });
    },
  };
}
