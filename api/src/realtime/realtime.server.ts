/**
 * The socket.io server (path /socket.io) on the API's HTTP server, and the only place that
 * maps domain events to socket messages.
 *
 * - Every handshake must come from an allowed Origin (browsers always send one; a missing
 *   Origin means a non-browser client and is accepted only while allowMissingOrigin is on).
 * - `/user` accepts only the websocket transport and an access token of a live session in
 *   `handshake.auth.token`; `/data` needs the same token and may also use polling.
 * - A socket joins `session:<sid>` at connect (so ending the session disconnects it) and
 *   `user:<id>` when it sends `login` or `userRoomJoin` with its own identity.
 * - On `/data` a socket `subscribe`s to matches and gets a snapshot, then batched deltas
 *   (market-data.ts); `catalog.matchChanged` domain events feed the batches. It
 *   `casinoSubscribe`s to live casino tables the same way (casino-rooms.ts).
 * - Every event's payload follows the input rule of HTTP requests (ADR 0011, plugins/validation.ts
 *   `findBadText`): a NUL or a lone surrogate anywhere in it, or a match id that is not a short
 *   text, is refused with the event's answer ("Match not found" on /data, the refusal of a
 *   foreign identity on /user) before any handler runs, so nothing reaches the database.
 */
import {
  type Area,
  CASINO_SUBSCRIBE,
  CASINO_UNSUBSCRIBE,
  DATA_NAMESPACE,
  type DataSubscribe,
  MESSAGES,
  SOCKET_PATH,
  TOKEN_EXPIRED_EVENT,
  USER_NAMESPACE,
  type SocketAck,
  type SocketBalancePayload,
  type SocketLoginPayload,
  type UserClientEvents,
  type UserServerEvents,
} from '@backlay/shared/contracts';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server, type Namespace, type Socket } from 'socket.io';
import type { Authenticator } from '../auth/authenticator';
import type { Cluster } from '../cluster/cluster';
import type { AuthContext } from '../plugins/auth';
import { findBadText } from '../plugins/validation';
import type { CatalogService } from '../catalog/catalog.service';
import { isDomainError } from '../common/domain-error';
import type { Logger } from '../common/logger';
import type { Config } from '../config';
import { paiseToRupees } from '../common/money';
import type { DomainEventMap, DomainEvents } from '../common/domain-events';
import { CasinoRooms, type CasinoSnapshotSource } from './casino-rooms';
import { MarketDataHub, type SocketStakeLimits } from './market-data';
import { MatchStatusNotices } from './match-status-notices';
import '../sites/sites.events';

interface SocketData {
  auth: AuthContext;
  /** When the access token of the handshake expires (ms); the socket is disconnected then. */
  expiresAtMs: number;
  eventWindow: { startedMs: number; count: number; warned: boolean };
  /** The data socket's site's own stake limits, taken at each subscribe: its deltas are narrowed to them (market-data.ts). */
  stakeLimits?: SocketStakeLimits | null;
}

type UserNamespace = Namespace<UserClientEvents, UserServerEvents, Record<string, never>, SocketData>;
type UserSocket = Socket<UserClientEvents, UserServerEvents, Record<string, never>, SocketData>;

export interface RealtimeDeps {
  httpServer: HttpServer;
  config: Readonly<Config>;
  authenticator: Authenticator;
  events: DomainEvents;
  /** The socket.io adapter and the bus that numbers market-data and casino deltas (ADR 0022). */
  cluster: Cluster;
  /** Match images for data-socket subscriptions. */
  catalog: CatalogService;
  /** Live casino tables as players see them, for casino subscriptions. */
  casinoSnapshot: CasinoSnapshotSource;
  /** The site of a host name (ADR 0074): a socket's token must be of its handshake's site. */
  siteOfHost: (hostname: string | undefined) => Promise<string>;
  log: Logger;
}

export interface Realtime {
  io: Server;
  /** The market-data batches of the /data namespace. */
  marketData: MarketDataHub;
  /** Disconnects every socket and stops accepting new ones (the HTTP server is left alone). */
  close(): Promise<void>;
}

export const userRoom = (userId: string): string => `user:${userId}`;
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
/** Every socket of an area (player or admin), e.g. to close the player area for maintenance. */
export const areaRoom = (area: Area): string => `area:${area}`;
/**
 * Every socket of a site (ADR 0074): a broadcast whose content is one site's (its maintenance
 * switch) goes here, never to a site-blind area room. Market data stays global: the exchange's
 * prices are the same on every site.
 */
export const siteRoom = (siteId: string): string => `site:${siteId}`;

/** The `balance` message of a wallet (paise → rupees) with what moved it: the bet placed or the journal. */
export function toBalancePayload(wallet: { balanceMinor: bigint; exposureMinor: bigint }, cause: { betId: string } | { journalId: string }): SocketBalancePayload {
  return { balance: paiseToRupees(wallet.balanceMinor), exposer: paiseToRupees(wallet.exposureMinor), ...cause };
}

/** Whether a handshake's Origin header is acceptable. */
export function originAllowed(origin: string | undefined, allowed: readonly string[], allowMissing: boolean, host?: string): boolean {
  if (origin === undefined || origin === '') return allowMissing;
  return allowed.includes(origin) || sameOrigin(origin, host);
}

/**
 * A page served by the host it connects to (a white-label site's own domain, ADR 0074): no
 * foreign page, so no cross-site socket hijacking, and no list of every site's origins to keep.
 */
function sameOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined || host === '') return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host.toLowerCase();
  } catch {
    return false;
  }
}

function handshakeError(error: unknown): Error {
  const message = isDomainError(error) ? error.message : MESSAGES.internal;
  const result = new Error(message) as Error & { data?: unknown };
  // The code, and the reason of an ended session (a lock, a password reset), for the client.
  result.data = isDomainError(error) ? { ...error.data, code: error.code } : { code: 'INTERNAL' };
  return result;
}

export function createRealtime(deps: RealtimeDeps): Realtime {
  const { config, authenticator, events, log } = deps;
  const io = new Server(deps.httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    // Polling needs every request of a client on one instance (sticky sessions); a cluster has
    // none, so there only websockets (the product's clients use nothing else).
    transports: deps.cluster.distributed ? ['websocket'] : ['polling', 'websocket'],
    maxHttpBufferSize: config.realtime.maxHttpBufferSize,
    // With Redis, a room emit (a balance, a logout, the sockets of an ended session) reaches
    // the sockets of every instance.
    ...(deps.cluster.socketAdapter !== undefined ? { adapter: deps.cluster.socketAdapter } : {}),
    cors: { origin: [...config.realtime.allowedOrigins], credentials: false },
    allowRequest: (request: IncomingMessage, callback) => {
      const origin = request.headers.origin;
      const ok = originAllowed(origin, config.realtime.allowedOrigins, config.realtime.allowMissingOrigin, request.headers.host);
      if (!ok) log.warn({ event: 'socket_origin_refused', origin }, 'socket handshake from a foreign origin refused');
      callback(ok ? null : 'origin not allowed', ok);
    },
  });

  const authenticate = async (socket: Socket, next: (error?: Error) => void): Promise<void> => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token.length === 0) return next(handshakeError(noToken()));
    try {
      // The handshake's host is the site the token must be of (ADR 0074), as for HTTP.
      const siteId = await deps.siteOfHost(socket.handshake.headers.host);
      const { auth, expiresAtMs } = await authenticator.authenticateTokenUntil(token, siteId);
      socket.data = { auth, expiresAtMs, eventWindow: { startedMs: Date.now(), count: 0, warned: false } } satisfies SocketData;
      await socket.join([sessionRoom(auth.sessionId), areaRoom(auth.area), siteRoom(auth.siteId)]);
      next();
    } catch (error) {
      if (!isDomainError(error)) log.error({ err: error }, 'socket handshake failed');
      next(handshakeError(error));
    }
  };

  const userNs = io.of(USER_NAMESPACE) as unknown as UserNamespace;
  userNs.use((socket, next) => {
    if (socket.conn.transport.name !== 'websocket') {
      const error = new Error('The user connection accepts only the websocket transport') as Error & { data?: unknown };
      error.data = { code: 'FORBIDDEN' };
      next(error);
      return;
    }
    void authenticate(socket as unknown as Socket, next);
  });
  userNs.on('connection', (socket) => {
    endAtTokenExpiry(socket as unknown as Socket);
    onUserConnection(socket, config.realtime.eventsPerSecond, log);
  });

  const dataNs = io.of(DATA_NAMESPACE);
  dataNs.use((socket, next) => void authenticate(socket, next));
  const marketData = new MarketDataHub({ namespace: dataNs, bus: deps.cluster.bus, batchMs: config.marketData.batchMs, log });
  const casinoRooms = new CasinoRooms(dataNs, deps.casinoSnapshot, deps.cluster.bus, log);
  dataNs.on('connection', (socket) => {
    endAtTokenExpiry(socket);
    onDataConnection(socket, { marketData, casinoRooms, catalog: deps.catalog, eventsPerSecond: config.realtime.eventsPerSecond, log });
  });

  const matchStatuses = new MatchStatusNotices();
  const unsubscribe = [
    events.on('session.ended', (event) => onSessionEnded(event, userNs, dataNs)),
    events.on('ledger.balancesChanged', (event) => {
      for (const wallet of event.wallets) userNs.to(userRoom(wallet.userId)).emit('balance', toBalancePayload(wallet, { journalId: event.journalId }));
    }),
    events.on('betting.betPlaced', (event) => {
      userNs.to(userRoom(event.wallet.userId)).emit('balance', toBalancePayload(event.wallet, { betId: event.betId }));
    }),
    events.on('catalog.matchChanged', (event) => {
      marketData.onMatchChanged(event);
      // Every player page's match lists follow a match that starts or ends (issue 33).
      const notice = matchStatuses.noticeOf(event.matchId, event.matchStatus);
      if (notice) userNs.to(areaRoom('player')).emit('matchStatus', notice);
    }),
    events.on('casino.roundChanged', (event) => casinoRooms.onRoundChanged(event)),
    // A payment request joined or left the queue: every agent above its owner hears it at once
    // (issue 34); with Redis, on whichever instance its admin page is connected.
    events.on('payments.queueChanged', (event) => {
      if (event.agentIds.length === 0) return;
      userNs.to(event.agentIds.map(userRoom)).emit('paymentQueue', {
        change: event.change,
        id: event.requestId,
        type: event.type,
        username: event.username,
        amount: paiseToRupees(event.amountMinor),
      });
    }),
    // Maintenance closes the player area: every open player page is told at once, not at its
    // next request (the handshake and every player request are refused meanwhile). The
    // platform's switch closes every site; a site's own switch only that site's players.
    events.on('settings.maintenanceChanged', (event) => {
      if (event.on) userNs.to(areaRoom('player')).emit('maintenance');
    }),
    // A site's own switch closes that site's player pages only (a socket's site is its token's).
    events.on('sites.maintenanceChanged', (event) => {
      if (event.on) userNs.to(siteRoom(event.siteId)).except(areaRoom('admin')).emit('maintenance');
    }),
  ];

  return {
    io,
    marketData,
    close: async () => {
      for (const off of unsubscribe) off();
      marketData.close();
      casinoRooms.close();
      // This instance's sockets only: with the Redis adapter a plain disconnectSockets would
      // close the other instances' too.
      userNs.local.disconnectSockets(true);
      dataNs.local.disconnectSockets(true);
      io.engine.close();
    },
  };
}

/**
 * An open socket lives no longer than the access token of its handshake: when the token's `exp`
 * passes (fast-jwt accepts it up to and including that millisecond), the socket gets
 * `tokenExpired` and is disconnected, so it receives nothing more on that token. The client
 * refreshes the token and reconnects with the new one (shared's socket clients do it).
 */
function endAtTokenExpiry(socket: Socket): void {
  const { expiresAtMs } = socket.data as SocketData;
  const timer = setTimeout(
    () => {
      socket.emit(TOKEN_EXPIRED_EVENT);
      socket.disconnect(true);
    },
    Math.max(0, expiresAtMs + 1 - Date.now()),
  );
  timer.unref();
  socket.once('disconnect', () => clearTimeout(timer));
}

function noToken(): Error {
  const error = new Error(MESSAGES.noAuthToken) as Error & { name: string; code: string };
  // Shaped like a DomainError so the handshake reports the contract's code.
  error.name = 'DomainError';
  error.code = 'NO_AUTH_TOKEN';
  return error;
}

function onSessionEnded(
  event: DomainEventMap['session.ended'],
  userNs: UserNamespace,
  dataNs: Namespace,
): void {
  // Tell every tab of the user which session is the live one; a tab holding another id logs
  // out (docs/rules/product.md §4). Then drop the ended sessions' sockets: packets already queued (this logout)
  // are flushed before the close.
  if (event.liveSessionId !== null) userNs.to(userRoom(event.userId)).emit('logout', event.liveSessionId);
  // An agent locked the account (or one above it) or reset its password: no session stays live,
  // so the ended sessions get logout('', reason) — an id no tab holds, and why — before their
  // sockets close; the login page tells the user the reason.
  if (event.liveSessionId === null && (event.reason === 'locked' || event.reason === 'password_reset')) {
    for (const sessionId of event.endedSessionIds) userNs.to(sessionRoom(sessionId)).emit('logout', '', event.reason);
  }
  for (const sessionId of event.endedSessionIds) {
    userNs.in(sessionRoom(sessionId)).disconnectSockets(true);
    dataNs.in(sessionRoom(sessionId)).disconnectSockets(true);
  }
}

/** Per-socket event rate limit: excess events are dropped and logged once per window. */
function limitEventRate(socket: Socket, eventsPerSecond: number, log: Logger): void {
  socket.use((_packet, next) => {
    const data = socket.data as SocketData;
    const window = data.eventWindow;
    const now = Date.now();
    if (now - window.startedMs >= 1000) {
      window.startedMs = now;
      window.count = 0;
      window.warned = false;
    }
    window.count += 1;
    if (window.count <= eventsPerSecond) {
      next();
      return;
    }
    if (!window.warned) {
      window.warned = true;
      log.warn({ event: 'socket_rate_limited', userId: data.auth.userId, sessionId: data.auth.sessionId }, 'socket events dropped');
    }
  });
}

const reply = (ack: unknown, result: SocketAck): void => {
  if (typeof ack === 'function') (ack as (r: SocketAck) => void)(result);
};

/**
 * The input rule of HTTP requests (ADR 0011) for every event of a socket: a payload with a NUL
 * character or a lone UTF-16 surrogate anywhere (a value or a key, at any depth; the event's name
 * too) never reaches a handler. It is answered `refusal` (when the client asked for an answer) and
 * logged as a warning. Runs after the rate limit, before the handlers.
 */
function refuseBadText(socket: Socket, refusal: string, log: Logger): void {
  socket.use((packet, next) => {
    const ack = packet[packet.length - 1];
    const found = findBadText(typeof ack === 'function' ? packet.slice(0, -1) : packet);
    if (found === null) {
      next();
      return;
    }
    const { auth } = socket.data as SocketData;
    log.warn({ event: 'socket_payload_refused', userId: auth.userId, at: found.path, reason: found.reason }, 'socket payload refused');
    reply(ack, { ok: false, message: refusal });
  });
}

/** The match id of a subscribe/unsubscribe payload, or null when it is malformed (not a text of 1–64 characters). */
function matchIdOf(payload: unknown): string | null {
  const matchId = typeof payload === 'object' && payload !== null ? (payload as Partial<DataSubscribe>).matchId : undefined;
  return typeof matchId === 'string' && matchId.length > 0 && matchId.length <= 64 ? matchId : null;
}

function onDataConnection(
  socket: Socket,
  deps: { marketData: MarketDataHub; casinoRooms: CasinoRooms; catalog: CatalogService; eventsPerSecond: number; log: Logger },
): void {
  const { auth } = socket.data as SocketData;
  limitEventRate(socket, deps.eventsPerSecond, deps.log);
  refuseBadText(socket, MESSAGES.matchNotFound, deps.log);

  socket.on('subscribe', (payload: unknown, ack?: unknown) => {
    const matchId = matchIdOf(payload);
    if (matchId === null) {
      reply(ack, { ok: false, message: MESSAGES.matchNotFound });
      return;
    }
    const viewer = { role: auth.role, siteId: auth.siteId };
    deps.marketData
      .subscribe(socket, matchId, async () => {
        (socket.data as SocketData).stakeLimits = await deps.catalog.stakeLimitsFor(viewer);
        return deps.catalog.matchImage(matchId, viewer);
      })
      .then((result) => reply(ack, result))
      .catch((error: unknown) => {
        deps.log.error({ err: error, matchId }, 'market data subscription failed');
        reply(ack, { ok: false, message: MESSAGES.internal });
      });
  });

  socket.on('unsubscribe', (payload: unknown, ack?: unknown) => {
    const matchId = matchIdOf(payload);
    if (matchId === null) {
      reply(ack, { ok: false, message: MESSAGES.matchNotFound });
      return;
    }
    void deps.marketData.unsubscribe(socket, matchId).then((result) => reply(ack, result));
  });

  socket.on(CASINO_SUBSCRIBE, (payload: unknown, ack?: unknown) => {
    const matchId = matchIdOf(payload);
    if (matchId === null) {
      reply(ack, { ok: false, message: MESSAGES.matchNotFound });
      return;
    }
    deps.casinoRooms
      .subscribe(socket, matchId)
      .then((result) => {
        if (typeof ack === 'function') (ack as (r: unknown) => void)(result);
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error, matchId }, 'casino subscription failed');
        reply(ack, { ok: false, message: MESSAGES.internal });
      });
  });

  socket.on(CASINO_UNSUBSCRIBE, (payload: unknown, ack?: unknown) => {
    const matchId = matchIdOf(payload);
    if (matchId === null) {
      reply(ack, { ok: false, message: MESSAGES.matchNotFound });
      return;
    }
    void deps.casinoRooms.unsubscribe(socket, matchId).then((result) => reply(ack, result));
  });
}

function onUserConnection(socket: UserSocket, eventsPerSecond: number, log: Logger): void {
  const { auth } = socket.data;

  limitEventRate(socket as unknown as Socket, eventsPerSecond, log);
  refuseBadText(socket as unknown as Socket, MESSAGES.forbidden, log);

  socket.on('login', (payload: SocketLoginPayload, ack?: (result: SocketAck) => void) => {
    const matches =
      payload !== null &&
      typeof payload === 'object' &&
      payload._id === auth.userId &&
      payload.sessionId === auth.sessionId &&
      payload.role === auth.role;
    if (!matches) {
      log.warn({ event: 'socket_login_refused', userId: auth.userId, sessionId: auth.sessionId }, 'socket login does not match its token');
      reply(ack, { ok: false, message: MESSAGES.forbidden });
      return;
    }
    void socket.join(userRoom(auth.userId));
    reply(ack, { ok: true });
  });

  socket.on('userRoomJoin', (userId: string, ack?: (result: SocketAck) => void) => {
    if (userId !== auth.userId) {
      log.warn(
        { event: 'socket_room_refused', userId: auth.userId, requested: String(userId).slice(0, 64) },
        'userRoomJoin for another user refused',
      );
      reply(ack, { ok: false, message: MESSAGES.forbidden });
      return;
    }
    void socket.join(userRoom(auth.userId));
    reply(ack, { ok: true });
  });
}
