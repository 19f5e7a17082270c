/**
 * The Betfair Exchange Stream API client (ADR 0038): one TLS connection carrying one market
 * subscription, kept alive for as long as the client runs.
 *
 * - Handshake as Betfair documents it: the server's `connection` (connectionId), our
 *   `authentication` (app key + session token), its `status`; then our `marketSubscription`
 *   (market filter, data fields, heartbeatMs, conflateMs, segmentation), its `status`, then `mcm`s.
 * - Change messages reach the consumer (`onMarketChange`) whole: a segmented message
 *   (SEG_START … SEG_END) is held until its last segment and handed over as one message, so a
 *   half image is never applied; its clocks are kept only once it is complete.
 * - Clocks: `initialClk` (from the SUB_IMAGE / RESUB_DELTA) and `clk` (from every complete
 *   message, heartbeats included) are kept; a reconnect subscribes with both, so the server answers
 *   with a RESUB_DELTA (what changed meanwhile) instead of a new image. INVALID_CLOCK drops them
 *   and subscribes afresh (a new image).
 * - Heartbeat timeout: Betfair sends a HEARTBEAT when it has had nothing to send for heartbeatMs;
 *   no message for heartbeatMs × heartbeatTimeoutFactor means a dead connection: it is dropped
 *   and reconnected. Before the subscription, handshakeTimeoutMs bounds the handshake.
 * - Reconnect with exponential back-off (initialMs doubling to maxMs, with jitter), reset once a
 *   subscription delivers again. Connection limits (MAX_CONNECTION_LIMIT_EXCEEDED,
 *   TOO_MANY_REQUESTS) wait at least limitMs. Credentials that Betfair refuses never loop: a
 *   refused session is renewed once (when the session source can log in again), anything else
 *   stops the client with its error (`status().state === 'failed'`, `onFatal`).
 */
import { isIP } from 'node:net';
import tls from 'node:tls';
import type { Logger } from '../../common/logger';
import { silentLogger } from '../../common/logger';
import {
  encodeMessage,
  LineReader,
  type MarketChange,
  type MarketChangeMessage,
  type MarketDataFilter,
  type MarketFilter,
  type MarketSubscriptionMessage,
  type RequestMessage,
  type StatusMessage,
} from './protocol';

/** Where the session token comes from: a fixed token, or the Betting API login (which can log in again). */
export interface SessionSource {
  token(): Promise<string>;
  /** Logs in again and answers the new token; absent when the token cannot be renewed (a fixed token). */
  refresh?(): Promise<string>;
}

export interface BackoffOptions {
  /** First retry after a drop (doubles per consecutive failure). */
  initialMs: number;
  maxMs: number;
  /** At least this long after MAX_CONNECTION_LIMIT_EXCEEDED or TOO_MANY_REQUESTS. */
  limitMs: number;
}

export interface BetfairStreamClientOptions {
  host: string;
  port: number;
  /** Extra TLS settings (a test server's certificate as `ca`). */
  tls?: Pick<tls.ConnectionOptions, 'ca' | 'servername'>;
  appKey: string;
  session: SessionSource;
  marketFilter: MarketFilter;
  marketDataFilter: MarketDataFilter;
  heartbeatMs: number;
  conflateMs: number;
  segmentationEnabled?: boolean;
  /** No message for heartbeatMs × this drops the connection (default 3). */
  heartbeatTimeoutFactor?: number;
  /** From the TCP connect to the subscription's first message (default 15 s, Betfair's own TIMEOUT). */
  handshakeTimeoutMs?: number;
  backoff?: Partial<BackoffOptions>;
  /** Complete change messages, in order: SUB_IMAGE, RESUB_DELTA, updates and HEARTBEATs (`ct` says which). */
  onMarketChange: (mcm: MarketChangeMessage) => void;
  /** The subscription delivers (first image or resumed delta); `resumed` when it continued by clk. */
  onConnected?: (info: { connectionId: string | null; resumed: boolean }) => void;
  onDisconnected?: (reason: string) => void;
  /** The client stopped for good (credentials or subscription refused): an operator must act. */
  onFatal?: (error: BetfairStreamError) => void;
  log?: Logger;
  now?: () => number;
  random?: () => number;
}

export type StreamState = 'idle' | 'connecting' | 'authenticating' | 'subscribing' | 'subscribed' | 'waiting' | 'stopped' | 'failed';

/** What the health page and /metrics show of the stream. */
export interface BetfairStreamStatus {
  state: StreamState;
  /** Subscribed and receiving. */
  connected: boolean;
  connectionId: string | null;
  /** Any message from the server (heartbeats included). */
  lastMessageAtMs: number | null;
  /** `pt` (Betfair's publish time) of the last complete change message: its lag is lastMessageAtMs − this. */
  lastPublishTimeMs: number | null;
  /** Betfair marked the last change message `status: 503`: its stream is running late (data follows when it recovers). */
  latent: boolean;
  /** Subscriptions re-established after a drop (the first one is not counted). */
  reconnects: number;
  /** Markets of the subscription that are not CLOSED. */
  marketsSubscribed: number;
  lastError: string | null;
  connectionsAvailable: number | null;
  initialClk: string | null;
  clk: string | null;
}

export class BetfairStreamError extends Error {
  override readonly name = 'BetfairStreamError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/** Error codes that new credentials cannot fix: stop, never retry. */
const FATAL_CODES = new Set(['NO_APP_KEY', 'INVALID_APP_KEY', 'NOT_AUTHORIZED', 'INVALID_INPUT', 'INVALID_REQUEST', 'SUBSCRIPTION_LIMIT_EXCEEDED']);
/** The session was refused: renewable once by logging in again. */
const SESSION_CODES = new Set(['NO_SESSION', 'INVALID_SESSION_INFORMATION']);
/** Too many connections or attempts: wait long. */
const LIMIT_CODES = new Set(['MAX_CONNECTION_LIMIT_EXCEEDED', 'TOO_MANY_REQUESTS']);

interface Segments {
  first: MarketChangeMessage;
  mc: MarketChange[];
  initialClk?: string;
  clk?: string;
}

/** One connection's state; a new connection gets a new one, so late events of an old socket are ignored. */
interface Connection {
  socket: tls.TLSSocket;
  reader: LineReader;
  authId: number | null;
  subscriptionId: number | null;
  /** The subscription was sent with both clocks (a resume). */
  resuming: boolean;
  delivered: boolean;
  segments: Segments | null;
  closeReason: string | null;
  /** Dropped by us: lines still buffered from it are not processed. */
  closing: boolean;
}

export class BetfairStreamClient {
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly log: Logger;
  private readonly backoff: BackoffOptions;
  private readonly heartbeatTimeoutFactor: number;
  private readonly handshakeTimeoutMs: number;

  private state: StreamState = 'idle';
  private connection: Connection | null = null;
  private nextId = 0;
  private initialClk: string | null = null;
  private clk: string | null = null;
  private connectionId: string | null = null;
  private connectionsAvailable: number | null = null;
  private lastMessageAtMs: number | null = null;
  private lastPublishTimeMs: number | null = null;
  private latent = false;
  private connectedAtMs = 0;
  private reconnects = 0;
  private everDelivered = false;
  private failures = 0;
  private refreshSession = false;
  private sessionRenewed = false;
  private lastError: string | null = null;
  /** The next reconnect waits at least this (a connection limit). */
  private minDelayMs = 0;
  private readonly markets = new Map<string, string>();
  private retryTimer: NodeJS.Timeout | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  private closed: Promise<void> = Promise.resolve();

  constructor(private readonly options: BetfairStreamClientOptions) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.log = options.log ?? silentLogger;
    this.backoff = { initialMs: 1_000, maxMs: 30_000, limitMs: 60_000, ...options.backoff };
    this.heartbeatTimeoutFactor = options.heartbeatTimeoutFactor ?? 3;
    this.handshakeTimeoutMs = options.handshakeTimeoutMs ?? 15_000;
  }

  /** Connects (or reconnects after a stop or a failure). */
  start(): void {
    if (this.connection !== null || this.retryTimer !== null) return;
    this.failures = 0;
    this.sessionRenewed = false;
    this.connect();
  }

  /** Closes the connection and stops reconnecting; resolves once the socket is closed. */
  async stop(): Promise<void> {
    this.state = 'stopped';
    this.clearTimers();
    if (this.connection !== null) this.connection.closing = true;
    this.connection?.socket.destroy();
    await this.closed;
  }

  status(): BetfairStreamStatus {
    let open = 0;
    for (const status of this.markets.values()) if (status !== 'CLOSED') open += 1;
    return {
      state: this.state,
      connected: this.state === 'subscribed',
      connectionId: this.connectionId,
      lastMessageAtMs: this.lastMessageAtMs,
      lastPublishTimeMs: this.lastPublishTimeMs,
      latent: this.latent,
      reconnects: this.reconnects,
      marketsSubscribed: open,
      lastError: this.lastError,
      connectionsAvailable: this.connectionsAvailable,
      initialClk: this.initialClk,
      clk: this.clk,
    };
  }

  // -------------------------------------------------------------------------------------------

  private connect(): void {
    this.retryTimer = null;
    this.state = 'connecting';
    const { host, port } = this.options;
    const socket = tls.connect({
      host,
      port,
      ...this.options.tls,
      ...(isIP(host) === 0 && this.options.tls?.servername === undefined ? { servername: host } : {}),
    });
    const connection: Connection = {
      socket,
      reader: new LineReader(),
      authId: null,
      subscriptionId: null,
      resuming: false,
      delivered: false,
      segments: null,
      closeReason: null,
      closing: false,
    };
    this.connection = connection;
    this.connectedAtMs = this.now();
    socket.setEncoding('utf8');
    socket.setNoDelay(true);
    let resolveClosed = (): void => undefined;
    this.closed = new Promise((resolve) => (resolveClosed = resolve));
    socket.on('data', (chunk: string) => {
      if (this.connection !== connection) return;
      let lines: string[];
      try {
        lines = connection.reader.push(chunk);
      } catch (error) {
        this.drop(connection, (error as Error).message);
        return;
      }
      for (const line of lines) {
        if (this.connection !== connection || connection.closing) return;
        this.onLine(connection, line);
      }
    });
    socket.on('error', (error) => {
      connection.closeReason ??= `socket error: ${error.message}`;
    });
    socket.on('close', () => {
      resolveClosed();
      if (this.connection !== connection) return;
      this.onClose(connection);
    });
    this.armWatchdog();
  }

  private onLine(connection: Connection, line: string): void {
    this.lastMessageAtMs = this.now();
    let message: { op?: unknown } & Record<string, unknown>;
    try {
      message = JSON.parse(line) as typeof message;
    } catch {
      this.drop(connection, 'a stream line is not JSON');
      return;
    }
    switch (message.op) {
      case 'connection':
        this.connectionId = typeof message.connectionId === 'string' ? message.connectionId : null;
        void this.authenticate(connection);
        return;
      case 'status':
        this.onStatus(connection, message as unknown as StatusMessage);
        return;
      case 'mcm':
        this.onMarketChangeMessage(connection, message as unknown as MarketChangeMessage);
        return;
      default:
        this.log.warn({ op: message.op }, 'betfair stream: unknown message ignored');
    }
  }

  private async authenticate(connection: Connection): Promise<void> {
    this.state = 'authenticating';
    let token: string;
    try {
      const renew = this.refreshSession && this.options.session.refresh !== undefined;
      token = renew ? await (this.options.session.refresh as () => Promise<string>)() : await this.options.session.token();
      if (renew) this.sessionRenewed = true;
      this.refreshSession = false;
    } catch (error) {
      this.drop(connection, `session: ${(error as Error).message}`);
      return;
    }
    if (this.connection !== connection) return;
    connection.authId = ++this.nextId;
    this.send(connection, { op: 'authentication', id: connection.authId, appKey: this.options.appKey, session: token });
  }

  private subscribe(connection: Connection): void {
    this.state = 'subscribing';
    connection.subscriptionId = ++this.nextId;
    connection.resuming = this.initialClk !== null && this.clk !== null;
    const message: MarketSubscriptionMessage = {
      op: 'marketSubscription',
      id: connection.subscriptionId,
      ...(connection.resuming ? { initialClk: this.initialClk as string, clk: this.clk as string } : {}),
      heartbeatMs: this.options.heartbeatMs,
      conflateMs: this.options.conflateMs,
      segmentationEnabled: this.options.segmentationEnabled ?? true,
      marketFilter: this.options.marketFilter,
      marketDataFilter: this.options.marketDataFilter,
    };
    this.send(connection, message);
  }

  private onStatus(connection: Connection, status: StatusMessage): void {
    if (typeof status.connectionsAvailable === 'number') this.connectionsAvailable = status.connectionsAvailable;
    if (status.statusCode === 'SUCCESS') {
      if (status.id !== undefined && status.id === connection.authId) {
        this.sessionRenewed = false;
        this.subscribe(connection);
      }
      return;
    }
    const code = status.errorCode ?? 'UNEXPECTED_ERROR';
    const text = status.errorMessage ?? 'no message';
    this.lastError = `${code}: ${text}`;
    this.log.warn({ code, message: text, id: status.id, connectionClosed: status.connectionClosed }, 'betfair stream: status FAILURE');
    if (code === 'INVALID_CLOCK') {
      // The server no longer knows our clocks: start over with a new image.
      this.initialClk = null;
      this.clk = null;
      if (status.connectionClosed === true) this.drop(connection, this.lastError);
      else this.subscribe(connection);
      return;
    }
    if (FATAL_CODES.has(code)) {
      this.fail(connection, new BetfairStreamError(code, text));
      return;
    }
    if (SESSION_CODES.has(code)) {
      if (this.options.session.refresh === undefined || this.sessionRenewed) {
        this.fail(connection, new BetfairStreamError(code, text));
        return;
      }
      this.refreshSession = true;
    }
    if (LIMIT_CODES.has(code)) this.failures = Math.max(this.failures, 1);
    this.drop(connection, this.lastError, LIMIT_CODES.has(code) ? this.backoff.limitMs : 0);
  }

  private onMarketChangeMessage(connection: Connection, mcm: MarketChangeMessage): void {
    if (connection.subscriptionId === null || (mcm.id !== undefined && mcm.id !== connection.subscriptionId)) {
      this.log.warn({ id: mcm.id }, 'betfair stream: change message of another subscription ignored');
      return;
    }
    if (mcm.segmentType === 'SEG_START' || (mcm.segmentType !== undefined && connection.segments === null)) {
      if (mcm.segmentType !== 'SEG_START') {
        this.drop(connection, `segment ${mcm.segmentType} without SEG_START`);
        return;
      }
      connection.segments = { first: mcm, mc: [...(mcm.mc ?? [])], initialClk: mcm.initialClk, clk: mcm.clk };
      return;
    }
    if (mcm.segmentType !== undefined && connection.segments !== null) {
      const segments = connection.segments;
      segments.mc.push(...(mcm.mc ?? []));
      segments.initialClk = mcm.initialClk ?? segments.initialClk;
      segments.clk = mcm.clk ?? segments.clk;
      if (mcm.segmentType !== 'SEG_END') return;
      connection.segments = null;
      const { segmentType: _segmentType, ...first } = segments.first;
      const whole: MarketChangeMessage = { ...first, pt: mcm.pt, mc: segments.mc };
      if (segments.initialClk !== undefined) whole.initialClk = segments.initialClk;
      if (segments.clk !== undefined) whole.clk = segments.clk;
      this.deliver(connection, whole);
      return;
    }
    if (connection.segments !== null) {
      this.drop(connection, 'an unsegmented message inside a segmented one');
      return;
    }
    this.deliver(connection, mcm);
  }

  private deliver(connection: Connection, mcm: MarketChangeMessage): void {
    if (mcm.initialClk !== undefined) this.initialClk = mcm.initialClk;
    if (mcm.clk !== undefined) this.clk = mcm.clk;
    if (typeof mcm.pt === 'number') this.lastPublishTimeMs = mcm.pt;
    this.latent = mcm.status === 503;
    if (mcm.ct === 'SUB_IMAGE') this.markets.clear();
    for (const change of mcm.mc ?? []) {
      const known = this.markets.get(change.id);
      this.markets.set(change.id, change.marketDefinition?.status ?? known ?? 'OPEN');
    }
    if (!connection.delivered) {
      connection.delivered = true;
      this.state = 'subscribed';
      this.failures = 0;
      const resumed = connection.resuming && mcm.ct === 'RESUB_DELTA';
      if (this.everDelivered) this.reconnects += 1;
      this.everDelivered = true;
      this.log.info({ connectionId: this.connectionId, resumed, ct: mcm.ct ?? 'UPDATE' }, 'betfair stream: subscribed');
      this.options.onConnected?.({ connectionId: this.connectionId, resumed });
    }
    try {
      this.options.onMarketChange(mcm);
    } catch (error) {
      this.lastError = `consumer: ${(error as Error).message}`;
      this.log.error({ err: error }, 'betfair stream: the consumer failed on a change message');
    }
  }

  private send(connection: Connection, message: RequestMessage): void {
    connection.socket.write(encodeMessage(message));
  }

  private armWatchdog(): void {
    if (this.watchdog !== null) clearInterval(this.watchdog);
    const heartbeatTimeoutMs = this.options.heartbeatMs * this.heartbeatTimeoutFactor;
    const every = Math.max(20, Math.min(1_000, Math.floor(Math.min(heartbeatTimeoutMs, this.handshakeTimeoutMs) / 4)));
    this.watchdog = setInterval(() => {
      const connection = this.connection;
      if (connection === null) return;
      const now = this.now();
      if (!connection.delivered) {
        if (now - this.connectedAtMs > this.handshakeTimeoutMs) this.drop(connection, `handshake timeout: no subscription after ${this.handshakeTimeoutMs} ms`);
        return;
      }
      const silentMs = now - (this.lastMessageAtMs ?? this.connectedAtMs);
      if (silentMs > heartbeatTimeoutMs) this.drop(connection, `heartbeat timeout: no message for ${silentMs} ms (heartbeatMs ${this.options.heartbeatMs})`);
    }, every);
    this.watchdog.unref();
  }

  /** Ends this connection; the close handler reconnects after the back-off (at least minDelayMs). */
  private drop(connection: Connection, reason: string, minDelayMs = 0): void {
    if (this.connection !== connection) return;
    connection.closeReason ??= reason;
    connection.closing = true;
    this.minDelayMs = minDelayMs;
    connection.socket.destroy();
  }

  private fail(connection: Connection, error: BetfairStreamError): void {
    this.state = 'failed';
    this.lastError = error.message;
    this.log.error({ code: error.code }, `betfair stream stopped: ${error.message}`);
    this.clearTimers();
    connection.closeReason ??= error.message;
    connection.closing = true;
    connection.socket.destroy();
    this.options.onFatal?.(error);
  }

  private onClose(connection: Connection): void {
    this.connection = null;
    const reason = connection.closeReason ?? 'closed by the server';
    this.log.warn({ reason }, 'betfair stream: disconnected');
    this.options.onDisconnected?.(reason);
    if (this.state === 'stopped' || this.state === 'failed') {
      this.clearTimers();
      return;
    }
    this.lastError = reason;
    this.state = 'waiting';
    const exponential = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** Math.min(this.failures, 30));
    const delay = Math.max(this.minDelayMs, Math.round(exponential * (1 + 0.2 * this.random())));
    this.minDelayMs = 0;
    this.failures += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private clearTimers(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.watchdog !== null) clearInterval(this.watchdog);
    this.watchdog = null;
  }
}
