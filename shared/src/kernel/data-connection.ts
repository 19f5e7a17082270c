import type { CasinoDelta, CasinoSnapshot } from '../contracts/casino';
import type { SocketAck } from '../contracts/socket';
import type { DataClientEvents, DataServerEvents } from '../contracts/sports';

/** casinoSubscribe's ack: the table's snapshot, or the server's refusal. */
export type CasinoSubscribeAck = { ok: true; snapshot: CasinoSnapshot } | { ok: false; message?: string };

/** Events the client sends on the data connection for the live casino (contracts/casino.ts). */
export interface CasinoClientEvents {
  casinoSubscribe: (payload: { matchId: string }, ack: (result: CasinoSubscribeAck) => void) => void;
  casinoUnsubscribe: (payload: { matchId: string }, ack?: (result: SocketAck) => void) => void;
}

/** Events the server sends on the data connection for the live casino. */
export interface CasinoServerEvents {
  casinoDelta: (payload: CasinoDelta) => void;
}

/** Every event a client sends on the data connection: market data and live casino. */
export type AllDataClientEvents = DataClientEvents & CasinoClientEvents;

/**
 * The part of a socket.io client socket the data clients use; a real
 * `Socket<DataServerEvents & CasinoServerEvents, AllDataClientEvents>` satisfies it and tests pass a fake.
 */
export interface DataSocket {
  readonly connected: boolean;
  /** False once the server refused the connection (socket.io will not retry by itself). */
  readonly active: boolean;
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
  on(event: 'connect_error', listener: (error: Error) => void): unknown;
  on(event: 'snapshot', listener: DataServerEvents['snapshot']): unknown;
  on(event: 'deltas', listener: DataServerEvents['deltas']): unknown;
  on(event: 'casinoDelta', listener: CasinoServerEvents['casinoDelta']): unknown;
  on(event: 'tokenExpired', listener: DataServerEvents['tokenExpired']): unknown;
  emit<E extends keyof AllDataClientEvents>(event: E, ...args: Parameters<AllDataClientEvents[E]>): unknown;
  connect(): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
}

/**
 * One client of the connection (the market data, the live casino): it listens to its own server
 * events on each new socket and subscribes what it watches again on every (re)connect.
 */
export interface DataConnectionMember {
  /** Add this member's listeners of server events to a new socket. */
  listen(socket: DataSocket): void;
  /** The socket (re)connected: subscribe everything watched again (a fresh snapshot each). */
  connected(socket: DataSocket): void;
  /** The socket dropped: what is on screen is no longer live. */
  disconnected(): void;
  /** The connection was closed for good (the session ended): complete every watch. */
  closed(): void;
}

/**
 * The page's one data connection (namespace /data), shared by its clients: it opens when the first
 * watch starts and closes `idleCloseMs` after the last one ended, or at once on `close()`.
 */
export interface DataConnection {
  /** Add a client of the connection (once, when the client is made). */
  join(member: DataConnectionMember): void;
  /** One more watch: opens the connection if needed and returns its socket. */
  acquire(): DataSocket;
  /** One watch fewer; the last one schedules the close. */
  release(): void;
  /** The socket if it is connected now, to emit on. */
  connectedSocket(): DataSocket | null;
  /** Close the connection and tell every member (the session ended). */
  close(): void;
}

export interface DataConnectionOptions {
  /** Open the data connection (it connects by itself, as `io()` does). */
  createSocket: () => DataSocket;
  /**
   * Run before reconnecting after the server refused the handshake (an expired access token):
   * an authenticated API call, which makes the API client refresh the token first.
   */
  beforeRetry?: () => Promise<unknown>;
  /**
   * Refresh the access token now: the server said the socket's token expired (`tokenExpired`)
   * and disconnects it; once this resolves the connection reconnects, and the socket's auth reads
   * the new token. Without it the connection reconnects through `beforeRetry`'s path.
   */
  renewToken?: () => Promise<unknown>;
  /** First delay before such a reconnect; it doubles up to `retryDelayMaxMs`. */
  retryDelayMs?: number;
  retryDelayMaxMs?: number;
  /** Close the connection after nothing has been watched for this long (0: at once). */
  idleCloseMs?: number;
}

/**
 * Build the data connection around a socket factory. It owns the socket's life — reconnects after a
 * refused handshake or an expired token, the idle close — so that the market data and the live
 * casino share one socket on a page instead of opening one each.
 */
export function createDataConnection(options: DataConnectionOptions): DataConnection {
  const { createSocket, beforeRetry, renewToken, retryDelayMs = 1_000, retryDelayMaxMs = 5_000, idleCloseMs = 5_000 } = options;
  const members: DataConnectionMember[] = [];
  let watches = 0;
  let socket: DataSocket | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryAttempt = 0;

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
        if (socket === s && watches > 0 && !s.connected) s.connect();
      });
    }, delay);
  };

  const open = (): DataSocket => {
    const s = createSocket();
    s.on('connect', () => {
      retryAttempt = 0;
      // A (re)connect starts everything watched again from a snapshot.
      for (const m of members) m.disconnected();
      for (const m of members) m.connected(s);
    });
    s.on('disconnect', () => {
      for (const m of members) m.disconnected();
    });
    s.on('connect_error', () => {
      // Network failures are retried by socket.io itself; a refused handshake is not.
      if (!s.active) scheduleRetry(s);
    });
    s.on('tokenExpired', () => {
      // The server disconnects this socket now: refresh the token, then reconnect with it (a
      // reconnect subscribes everything watched again from a snapshot).
      if (!renewToken) {
        scheduleRetry(s);
        return;
      }
      void renewToken().then(
        () => {
          if (socket !== s || watches === 0) return;
          if (s.connected) s.disconnect();
          s.connect();
        },
        () => undefined, // a refused refresh ends the session, which closes this connection
      );
    });
    for (const m of members) m.listen(s);
    return s;
  };

  return {
    join(member) {
      members.push(member);
      if (socket) member.listen(socket);
    },
    acquire() {
      watches += 1;
      if (idleTimer) {
        clearTimeout(idleTimer);
        idleTimer = null;
      }
      socket ??= open();
      return socket;
    },
    release() {
      watches = Math.max(0, watches - 1);
      if (watches > 0 || !socket) return;
      if (idleCloseMs <= 0) closeSocket();
      else idleTimer = setTimeout(closeSocket, idleCloseMs);
    },
    connectedSocket: () => (socket?.connected ? socket : null),
    close() {
      watches = 0;
      closeSocket();
      for (const m of members) m.closed();
    },
  };
}
