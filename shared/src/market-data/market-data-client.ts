import { BehaviorSubject, Observable } from 'rxjs';
import type { MatchDelta, MatchSnapshot } from '../contracts/sports';
import { createDataConnection, type DataConnection, type DataConnectionOptions, type DataSocket } from './data-connection';
import { applyMarketMessage, initialMatchState, type MarketMessage, type MatchState } from './market-state';

export type { DataSocket } from './data-connection';

/** Live market data of matches over the one data connection of the page. */
export interface MarketDataClient {
  /**
   * The live image of a match. The first observer subscribes the match on the data socket; the
   * snapshot and then each delta (in seq order) produce a new state. A gap in the seqs or a
   * reconnect re-subscribes, which brings a fresh snapshot. When the last observer of the match
   * unsubscribes, the match is unsubscribed on the socket, and the socket closes once nothing is
   * watched for `idleCloseMs`.
   */
  watchMatch(matchId: string): Observable<MatchState>;
  /** Close the connection and complete every watch (the session ended). */
  close(): void;
}

/**
 * The client's connection: the page's shared data connection, or (tests, a page of its own) the
 * options of one it makes for itself.
 */
export type MarketDataClientOptions = DataConnectionOptions | { connection: DataConnection };

interface Watched {
  state: BehaviorSubject<MatchState>;
  observers: number;
}

/** Build a market-data client on a data connection (the product uses `marketData`). */
export function createMarketDataClient(options: MarketDataClientOptions): MarketDataClient {
  const connection = 'connection' in options ? options.connection : createDataConnection(options);
  const watched = new Map<string, Watched>();

  const subscribe = (matchId: string) => {
    const socket = connection.connectedSocket();
    if (!socket) return;
    socket.emit('subscribe', { matchId }, (ack) => {
      // A refusal means no snapshot will come: say so instead of waiting for ever.
      const entry = watched.get(matchId);
      if (!entry || !ack || ack.ok) return;
      entry.state.next({ ...entry.state.getValue(), status: 'unavailable', error: ack.message ?? 'Live prices are not available for this match' });
    });
  };

  const deliver = (message: MarketMessage) => {
    const entry = watched.get(message.payload.matchId);
    if (!entry) return;
    const { state, outcome } = applyMarketMessage(entry.state.getValue(), message);
    if (outcome === 'ignored') return;
    entry.state.next(state);
    if (outcome === 'gap') subscribe(state.matchId);
  };

  connection.join({
    listen: (socket: DataSocket) => {
      socket.on('snapshot', (payload: MatchSnapshot) => deliver({ type: 'snapshot', payload }));
      socket.on('delta', (payload: MatchDelta) => deliver({ type: 'delta', payload }));
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
    connection.connectedSocket()?.emit('unsubscribe', { matchId });
    connection.release();
  };

  return {
    watchMatch(matchId: string): Observable<MatchState> {
      return new Observable<MatchState>((observer) => {
        let entry = watched.get(matchId);
        if (!entry) {
          entry = { state: new BehaviorSubject(initialMatchState(matchId)), observers: 0 };
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
    close(): void {
      connection.close();
    },
  };
}
