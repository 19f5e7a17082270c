import { BehaviorSubject, Observable } from 'rxjs';
import type { DataClientEvents, DataServerEvents, MatchDelta, MatchSnapshot } from '../contracts/sports';
import { applyMarketMessage, initialMatchState, type MarketMessage, type MatchState } from './market-state';

/**
 * The part of a socket.io client socket the market-data client uses; a real
 * `Socket<DataServerEvents, DataClientEvents>` satisfies it and tests pass a fake.
 */
export interface DataSocket {
  readonly connected: boolean;
  /** False once the server refused the connection (socket.io will not retry by itself). */
  readonly active: boolean;
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
  on(event: 'connect_error', listener: (error: Error) => void): unknown;
  on(event: 'snapshot', listener: DataServerEvents['snapshot']): unknown;
  on(event: 'delta', listener: DataServerEvents['delta']): unknown;
  on(event: 'tokenExpired', listener: DataServerEvents['tokenExpired']): unknown;
  emit<E extends keyof DataClientEvents>(event: E, ...args: Parameters<DataClientEvents[E]>): unknown;
  connect(): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
}

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

export interface MarketDataClientOptions {
  /** Open the data connection (it connects by itself, as `io()` does). */
  createSocket: () => DataSocket;
  /**
   * Run before reconnecting after the server refused the handshake (an expired access token):
   * an authenticated API call, which makes the API client refresh the token first.
   */
  beforeRetry?: () => Promise<unknown>;
  /**
   * Refresh the access token now: the server said the socket's token expired (`tokenExpired`)
   * and disconnects it; once this resolves the client reconnects, and the socket's auth reads
   * the new token. Without it the client reconnects through `beforeRetry`'s path.
   */
  renewToken?: () => Promise<unknown>;
  /** First delay before such a reconnect; it doubles up to `retryDelayMaxMs`. */
  retryDelayMs?: number;
  retryDelayMaxMs?: number;
  /** Close the connection after nothing has been watched for this long (0: at once). */
  idleCloseMs?: number;
}

interface Watched {
  state: BehaviorSubject<MatchState>;
  observers: number;
}

/** Build a market-data client around a socket factory (the product uses `marketData`). */
export function createMarketDataClient(options: MarketDataClientOptions): MarketDataClient {
  const { createSocket, beforeRetry, renewToken, retryDelayMs = 1_000, retryDelayMaxMs = 5_000, idleCloseMs = 5_000 } = options;
  const watched = new Map<string, Watched>();
  let socket: DataSocket | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryAttempt = 0;

  const subscribe = (matchId: string) => {
    if (!socket?.connected) return;
    socket.emit('subscribe', { matchId }, (ack) => {
      // A refusal means no snapshot will come: say so instead of waiting for ever.
      const entry = watched.get(matchId);
      if (!entry || !ack || ack.ok) return;
      entry.state.next({ ...entry.state.getValue(), status: 'unavailable', error: ack.message ?? 'Live prices are not available for this match' });
    });
  };

  const markResyncing = () => {
    for (const entry of watched.values()) {
      const current = entry.state.getValue();
      if (current.status === 'live') entry.state.next({ ...current, status: 'resyncing' });
    }
  };

  const deliver = (message: MarketMessage) => {
    const entry = watched.get(message.payload.matchId);
    if (!entry) return;
    const { state, outcome } = applyMarketMessage(entry.state.getValue(), message);
    if (outcome === 'ignored') return;
    entry.state.next(state);
    if (outcome === 'gap') subscribe(state.matchId);
  };

  const clearTimers = () => {
    if (idleTimer) clearTimeout(idleTimer);
    if (retryTimer) clearTimeout(retryTimer);
    idleTimer = null;
    retryTimer = null;
  };

  const closeSocket = () => {
    clearTimers();
    retryAttempt = 0;
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
  };

  const scheduleRetry = (s: DataSocket) => {
    if (retryTimer) return;
    const delay = Math.min(retryDelayMs * 2 ** retryAttempt, retryDelayMaxMs);
    retryAttempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void (beforeRetry ? beforeRetry().catch(() => undefined) : Promise.resolve()).then(() => {
        if (socket === s && watched.size > 0 && !s.connected) s.connect();
      });
    }, delay);
  };

  const ensureSocket = (): DataSocket => {
    if (idleTimer) {
      clearTimeout(idleTimer);
      idleTimer = null;
    }
    if (socket) return socket;
    const s = createSocket();
    s.on('connect', () => {
      retryAttempt = 0;
      // A (re)connect starts every watched match again from a snapshot.
      markResyncing();
      for (const matchId of watched.keys()) subscribe(matchId);
    });
    s.on('disconnect', () => markResyncing());
    s.on('connect_error', () => {
      // Network failures are retried by socket.io itself; a refused handshake is not.
      if (!s.active) scheduleRetry(s);
    });
    s.on('tokenExpired', () => {
      // The server disconnects this socket now: refresh the token, then reconnect with it (a
      // reconnect re-subscribes every watched match from a snapshot).
      if (!renewToken) {
        scheduleRetry(s);
        return;
      }
      void renewToken().then(
        () => {
          if (socket !== s || watched.size === 0) return;
          if (s.connected) s.disconnect();
          s.connect();
        },
        () => undefined, // a refused refresh ends the session, which closes this client
      );
    });
    s.on('snapshot', (payload: MatchSnapshot) => deliver({ type: 'snapshot', payload }));
    s.on('delta', (payload: MatchDelta) => deliver({ type: 'delta', payload }));
    socket = s;
    return s;
  };

  const release = (matchId: string, entry: Watched) => {
    entry.observers -= 1;
    if (entry.observers > 0 || watched.get(matchId) !== entry) return;
    watched.delete(matchId);
    if (socket?.connected) socket.emit('unsubscribe', { matchId });
    if (watched.size > 0) return;
    if (idleCloseMs <= 0) closeSocket();
    else idleTimer = setTimeout(closeSocket, idleCloseMs);
  };

  return {
    watchMatch(matchId: string): Observable<MatchState> {
      return new Observable<MatchState>((observer) => {
        let entry = watched.get(matchId);
        if (!entry) {
          entry = { state: new BehaviorSubject(initialMatchState(matchId)), observers: 0 };
          watched.set(matchId, entry);
          ensureSocket();
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
      const entries = [...watched.values()];
      watched.clear();
      closeSocket();
      for (const entry of entries) entry.state.complete();
    },
  };
}
