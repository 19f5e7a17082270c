/**
 * A local Betfair Exchange Stream test server (ADR 0038): node:tls with a certificate made at
 * test time, speaking the protocol as Betfair documents it, replaying recorded stream files
 * (JSON lines of `mcm`s, as Betfair's market recorders write them). Never Betfair itself.
 *
 * - `connection` on connect; `authentication` checked against one app key and a set of session
 *   tokens (NO_APP_KEY, INVALID_APP_KEY, INVALID_SESSION_INFORMATION, MAX_CONNECTION_LIMIT_EXCEEDED,
 *   NOT_AUTHORIZED before authenticating, TIMEOUT without one), each failure closing the connection.
 * - The timeline is the recordings' lines; the first line of each recording is the opening state.
 *   It plays (linesPerTick lines per intervalMs) from the first subscription on, for every connection, like a
 *   live exchange. `marketSubscription` honours the market filter (eventTypeIds, marketTypes,
 *   countryCodes, marketIds against each market's definition), answers `status`, then a SUB_IMAGE
 *   of the current state (segmented, marketsPerSegment markets per segment, when the client
 *   enables segmentation), then the lines as they play, then HEARTBEATs when nothing happens for
 *   heartbeatMs. The recorded fields are replayed as recorded (the data filter is not applied).
 * - Clocks are opaque tokens: `clk` names a position of the timeline, `initialClk` this server.
 *   A subscription with both gets a RESUB_DELTA (everything since that position, merged); an
 *   initialClk of another server gets INVALID_CLOCK.
 * - Faults: dropConnections() (mid-stream), goSilent() (no message at all, heartbeats included),
 *   refuseAuthentication(code), dropInsideNextImage() (the connection dies after SEG_START),
 *   forgetClocks() (the next resubscription gets INVALID_CLOCK), markLatent(on) (`status: 503`);
 *   speakAgain() ends a silence.
 * - Stepping: with `autoplay: false` the timeline plays only when the test calls playNext(n), so a
 *   test decides what the stream says between two of its own checks (api/test/betfair-feed.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { gunzipSync } from 'node:zlib';
import {
  CRLF,
  HEARTBEAT_MS_MAX,
  HEARTBEAT_MS_MIN,
  LineReader,
  type MarketChange,
  type MarketChangeMessage,
  type MarketFilter,
  type MarketSubscriptionMessage,
  type RunnerChange,
  type StatusMessage,
} from './protocol';
import { MARKET_DATA_FILTER } from './from-config';
import type { BetfairStreamClientOptions } from './stream-client';
import { makeTestCertificate, type TestCertificate } from './test-certificate';

/** What a stream client needs to reach a server (the provider adds the callbacks). */
export type TestClientOptions = Omit<BetfairStreamClientOptions, 'onMarketChange' | 'onConnected' | 'onDisconnected' | 'onFatal' | 'log' | 'now'>;

/** Some lines of a recorded file (`.jsonl`, or `.jsonl.gz`): 1-based inclusive ranges. */
export interface RecordingSlice {
  file: string;
  lines: Array<[number, number]>;
}

export interface TestServerOptions {
  /** Recorded stream files (JSON lines of mcm, gzipped or not), slices of them, or lines already parsed. */
  recordings: Array<string | RecordingSlice | MarketChangeMessage[]>;
  appKey: string;
  sessionTokens: string[];
  /** Time between two ticks of the timeline once playing. */
  intervalMs?: number;
  /** Lines of the timeline played per tick, each its own message (default 1). */
  linesPerTick?: number;
  /** Markets per segment of a segmented image or resubscribe delta. */
  marketsPerSegment?: number;
  /** Authenticated connections at once (Betfair: 10 per app key by default). */
  maxConnections?: number;
  /** A connection that does not authenticate within this gets TIMEOUT. */
  authTimeoutMs?: number;
  certificate?: TestCertificate;
  /** false: the timeline plays only on playNext() (default true: from the first subscription, every intervalMs). */
  autoplay?: boolean;
}

/** What a connection sent in its marketSubscription, for the tests to check. */
export interface SeenSubscription extends Omit<MarketSubscriptionMessage, 'op' | 'marketDataFilter'> {
  connectionId: string;
  /** What the server answered with. */
  answer: 'SUB_IMAGE' | 'RESUB_DELTA' | 'INVALID_CLOCK';
}

interface ServerConnection {
  id: string;
  socket: tls.TLSSocket;
  authenticated: boolean;
  subscription: MarketSubscriptionMessage | null;
  heartbeatMs: number;
  silent: boolean;
  lastSentAtMs: number;
  timer: NodeJS.Timeout | null;
}

/** Ladders keyed by price ([price, size]) and by level ([level, price, size]). */
const PRICE_LADDERS = ['atb', 'atl', 'trd', 'spb', 'spl'] as const;
const LEVEL_LADDERS = ['batb', 'batl', 'bdatb', 'bdatl'] as const;
const LADDERS = [...PRICE_LADDERS, ...LEVEL_LADDERS] as const;

/** Merges rows keyed by their first element (a price, or a level): a later row replaces the one before. */
function mergeLadder(into: number[][] | undefined, next: number[][]): number[][] {
  const byKey = new Map<number, number[]>((into ?? []).map((row) => [row[0] ?? 0, row]));
  for (const row of next) byKey.set(row[0] ?? 0, [...row]);
  return [...byKey.values()].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
}

function mergeRunner(into: RunnerChange, next: RunnerChange): RunnerChange {
  const out: Record<string, unknown> = { ...into };
  const before: Record<string, unknown> = { ...into };
  for (const [key, value] of Object.entries(next)) {
    out[key] = (LADDERS as readonly string[]).includes(key) ? mergeLadder(before[key] as number[][] | undefined, value as number[][]) : value;
  }
  return out as unknown as RunnerChange;
}

const runnerKey = (rc: RunnerChange): string => `${rc.id}:${rc.hc ?? 0}`;

/**
 * Merges market changes in order into one change per market, as a resubscribe delta carries
 * them: a later image replaces what came before; sizes of 0 stay (they remove a level).
 */
export function mergeMarketChanges(changes: Iterable<MarketChange>): Map<string, MarketChange> {
  const markets = new Map<string, MarketChange>();
  for (const change of changes) {
    const before = change.img === true ? undefined : markets.get(change.id);
    const merged: MarketChange = { ...(before ?? {}), ...change, id: change.id };
    if (before?.img === true) merged.img = true;
    const runners = new Map<string, RunnerChange>((before?.rc ?? []).map((rc) => [runnerKey(rc), rc]));
    for (const rc of change.rc ?? []) {
      const key = runnerKey(rc);
      const known = runners.get(key);
      runners.set(key, known === undefined ? mergeRunner({ id: rc.id }, rc) : mergeRunner(known, rc));
    }
    if (runners.size > 0) merged.rc = [...runners.values()];
    markets.set(change.id, merged);
  }
  return markets;
}

/** A merged market as an image: img set, levels of size 0 gone. */
export function asImage(change: MarketChange): MarketChange {
  const rc = (change.rc ?? []).map((runner) => {
    const out: Record<string, unknown> = { ...runner };
    // The size is a row's second element by price ([price, size]), its third by level ([level, price, size]).
    for (const key of PRICE_LADDERS) if (Array.isArray(out[key])) out[key] = (out[key] as number[][]).filter((row) => row[1] !== 0);
    for (const key of LEVEL_LADDERS) if (Array.isArray(out[key])) out[key] = (out[key] as number[][]).filter((row) => row[2] !== 0);
    return out as unknown as RunnerChange;
  });
  return { ...change, img: true, ...(rc.length > 0 ? { rc } : {}) };
}

/** The mcm lines of a recorded file, or of the slice's ranges of it. */
export function readRecording(recording: string | RecordingSlice): MarketChangeMessage[] {
  const file = typeof recording === 'string' ? recording : recording.file;
  const bytes = readFileSync(file);
  const lines = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8').split('\n');
  const picked = typeof recording === 'string' ? lines : recording.lines.flatMap(([from, to]) => lines.slice(from - 1, to));
  return picked.filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as MarketChangeMessage);
}

function matchesFilter(filter: MarketFilter, definitions: Map<string, MarketChange['marketDefinition']>, marketId: string): boolean {
  const def = definitions.get(marketId);
  if (filter.marketIds !== undefined && filter.marketIds.length > 0 && !filter.marketIds.includes(marketId)) return false;
  const test = (allowed: string[] | undefined, value: unknown): boolean =>
    allowed === undefined || allowed.length === 0 || (typeof value === 'string' && allowed.includes(value));
  return test(filter.eventTypeIds, def?.eventTypeId) && test(filter.marketTypes, def?.marketType) && test(filter.countryCodes, def?.countryCode);
}

export class BetfairTestServer {
  readonly certificate: TestCertificate;
  /** Every marketSubscription received, in order. */
  readonly subscriptions: SeenSubscription[] = [];
  /** Authentication attempts (successful or not). */
  authentications = 0;
  /** TLS connections accepted. */
  connectionsAccepted = 0;
  /** Segments sent (messages with a segmentType). */
  segmentsSent = 0;

  private readonly server: tls.Server;
  private readonly timeline: MarketChange[][] = [];
  private readonly definitions = new Map<string, MarketChange['marketDefinition']>();
  private epoch = randomBytes(6).toString('hex');
  private readonly connections = new Set<ServerConnection>();
  private readonly intervalMs: number;
  private readonly marketsPerSegment: number;
  private position: number;
  private player: NodeJS.Timeout | null = null;
  private refusal: string | null = null;
  private latent = false;
  private silentNew = false;
  private dropInsideImage = false;
  private nextConnection = 0;

  constructor(private readonly options: TestServerOptions) {
    this.certificate = options.certificate ?? makeTestCertificate();
    this.intervalMs = options.intervalMs ?? 10;
    this.marketsPerSegment = options.marketsPerSegment ?? 1;
    const files = options.recordings.map((recording) => (Array.isArray(recording) ? recording : readRecording(recording)));
    // The opening state (each file's first line), then the rest of every file in turn.
    for (const file of files) if (file[0] !== undefined) this.timeline.push(file[0].mc ?? []);
    this.position = this.timeline.length;
    for (const file of files) for (const message of file.slice(1)) this.timeline.push(message.mc ?? []);
    for (const changes of this.timeline) for (const change of changes) if (change.marketDefinition !== undefined) this.definitions.set(change.id, change.marketDefinition);
    this.server = tls.createServer({ cert: this.certificate.cert, key: this.certificate.key }, (socket) => this.accept(socket));
  }

  /** Listens on 127.0.0.1 at a free port (once; later calls answer the same address). */
  async listen(): Promise<{ host: string; port: number }> {
    if (!this.server.listening) await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return { host: '127.0.0.1', port: (this.server.address() as AddressInfo).port };
  }

  /**
   * A client's options for this server, listening first: its test certificate, its app key and
   * first session token, cricket match odds, a 500 ms heartbeat and a quick back-off; `overrides` win.
   */
  async clientOptions(overrides: Partial<TestClientOptions> = {}): Promise<TestClientOptions> {
    const { host, port } = await this.listen();
    const token = this.options.sessionTokens[0] ?? '';
    return {
      host,
      port,
      tls: { ca: this.certificate.cert },
      appKey: this.options.appKey,
      session: { token: () => Promise.resolve(token) },
      marketFilter: { eventTypeIds: ['4'], marketTypes: ['MATCH_ODDS'] },
      marketDataFilter: MARKET_DATA_FILTER,
      heartbeatMs: 500,
      conflateMs: 0,
      backoff: { initialMs: 10, maxMs: 50, limitMs: 100 },
      ...overrides,
    };
  }

  async close(): Promise<void> {
    if (this.player !== null) clearInterval(this.player);
    this.player = null;
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Lines of the timeline published so far; `length` once it has all played. */
  get played(): number {
    return this.position;
  }

  get length(): number {
    return this.timeline.length;
  }

  /** The state of every market after the whole timeline (what a consumer must end with). */
  finalState(): Map<string, MarketChange> {
    return this.stateAt(this.timeline.length);
  }

  stateAt(position: number): Map<string, MarketChange> {
    const merged = mergeMarketChanges(this.timeline.slice(0, position).flat());
    return new Map([...merged].map(([id, change]) => [id, asImage(change)]));
  }

  /** Kills every connection at once, as a network failure would. */
  dropConnections(): void {
    for (const connection of this.connections) connection.socket.destroy();
  }

  /** Current connections stop receiving anything (heartbeats included) but stay open; with newConnections, new ones too (not even `connection`). */
  goSilent(options: { newConnections?: boolean } = {}): void {
    for (const connection of this.connections) connection.silent = true;
    if (options.newConnections === true) this.silentNew = true;
  }

  /** Current connections are answered again (what was played meanwhile is lost to them, as in a gap). */
  speakAgain(): void {
    for (const connection of this.connections) connection.silent = false;
  }

  /** Plays the next lines of the timeline now, to every subscribed connection; answers the new position. */
  playNext(lines = 1): number {
    for (let line = 0; line < lines && this.position < this.timeline.length; line += 1) this.playLine();
    return this.position;
  }

  /** New connections are answered again. */
  speakToNewConnections(): void {
    this.silentNew = false;
  }

  /** Every authentication from now on fails with this code (null: accept again). */
  refuseAuthentication(code: string | null): void {
    this.refusal = code;
  }

  /** The next segmented image or delta stops after its SEG_START: the connection dies there. */
  dropInsideNextImage(): void {
    this.dropInsideImage = true;
  }

  /** Marks every change message from now on `status: 503` (Betfair's stream running late), or no more. */
  markLatent(on: boolean): void {
    this.latent = on;
  }

  /** Forgets every clock issued so far (as a restarted exchange would): resubscriptions get INVALID_CLOCK. */
  forgetClocks(): void {
    this.epoch = randomBytes(6).toString('hex');
  }

  /** Which position a clk token names, or null for a token of another server. */
  positionOf(clk: string): number | null {
    const [epoch, position] = Buffer.from(clk, 'base64').toString('utf8').split(':');
    if (epoch !== this.epoch || position === undefined || !/^\d+$/.test(position)) return null;
    return Number(position);
  }

  private clkAt(position: number): string {
    return Buffer.from(`${this.epoch}:${position}`, 'utf8').toString('base64');
  }

  private get initialClk(): string {
    return Buffer.from(`${this.epoch}:initial`, 'utf8').toString('base64');
  }

  // -------------------------------------------------------------------------------------------

  private accept(socket: tls.TLSSocket): void {
    this.connectionsAccepted += 1;
    const connection: ServerConnection = {
      id: `test-${this.epoch}-${++this.nextConnection}`,
      socket,
      authenticated: false,
      subscription: null,
      heartbeatMs: HEARTBEAT_MS_MAX,
      silent: this.silentNew,
      lastSentAtMs: Date.now(),
      timer: null,
    };
    this.connections.add(connection);
    socket.setEncoding('utf8');
    const reader = new LineReader(1024 * 1024);
    const authTimer = setTimeout(() => {
      if (!connection.authenticated) this.refuse(connection, undefined, 'TIMEOUT', 'no authentication in time');
    }, this.options.authTimeoutMs ?? 15_000);
    socket.on('data', (chunk: string) => {
      let lines: string[];
      try {
        lines = reader.push(chunk);
      } catch {
        socket.destroy();
        return;
      }
      for (const line of lines) this.onRequest(connection, line);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(authTimer);
      if (connection.timer !== null) clearInterval(connection.timer);
      this.connections.delete(connection);
    });
    this.write(connection, { op: 'connection', connectionId: connection.id });
  }

  private onRequest(connection: ServerConnection, line: string): void {
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(line) as Record<string, unknown>;
    } catch {
      this.refuse(connection, undefined, 'INVALID_INPUT', 'not JSON');
      return;
    }
    const id = typeof request.id === 'number' ? request.id : undefined;
    if (request.op === 'authentication') {
      this.authentications += 1;
      const authenticated = [...this.connections].filter((c) => c.authenticated).length;
      if (this.refusal !== null) this.refuse(connection, id, this.refusal, 'refused by the test server');
      else if (typeof request.appKey !== 'string' || request.appKey === '') this.refuse(connection, id, 'NO_APP_KEY', 'no app key');
      else if (request.appKey !== this.options.appKey) this.refuse(connection, id, 'INVALID_APP_KEY', 'unknown app key');
      else if (typeof request.session !== 'string' || !this.options.sessionTokens.includes(request.session)) {
        this.refuse(connection, id, 'INVALID_SESSION_INFORMATION', 'the session token is not valid');
      } else if (authenticated >= (this.options.maxConnections ?? 10)) {
        this.refuse(connection, id, 'MAX_CONNECTION_LIMIT_EXCEEDED', 'too many connections');
      } else {
        connection.authenticated = true;
        const available = (this.options.maxConnections ?? 10) - authenticated - 1;
        this.write(connection, { op: 'status', id, statusCode: 'SUCCESS', connectionClosed: false, connectionsAvailable: available });
      }
      return;
    }
    if (!connection.authenticated) {
      this.refuse(connection, id, 'NOT_AUTHORIZED', 'authenticate first');
      return;
    }
    if (request.op === 'heartbeat') {
      this.write(connection, { op: 'status', id, statusCode: 'SUCCESS', connectionClosed: false });
      return;
    }
    if (request.op === 'marketSubscription') {
      this.onSubscription(connection, request as unknown as MarketSubscriptionMessage);
      return;
    }
    this.write(connection, { op: 'status', id, statusCode: 'FAILURE', errorCode: 'INVALID_REQUEST', errorMessage: 'unknown op', connectionClosed: false });
  }

  private onSubscription(connection: ServerConnection, request: MarketSubscriptionMessage): void {
    const heartbeatMs = Math.min(HEARTBEAT_MS_MAX, Math.max(HEARTBEAT_MS_MIN, request.heartbeatMs ?? HEARTBEAT_MS_MAX));
    const seen: SeenSubscription = {
      connectionId: connection.id,
      id: request.id,
      heartbeatMs: request.heartbeatMs,
      conflateMs: request.conflateMs,
      segmentationEnabled: request.segmentationEnabled,
      marketFilter: request.marketFilter ?? {},
      answer: 'SUB_IMAGE',
      ...(request.initialClk !== undefined ? { initialClk: request.initialClk } : {}),
      ...(request.clk !== undefined ? { clk: request.clk } : {}),
    };
    this.subscriptions.push(seen);
    let from: number | null = null;
    if (request.initialClk !== undefined && request.clk !== undefined) {
      from = request.initialClk === this.initialClk ? this.positionOf(request.clk) : null;
      if (from === null || from > this.position) {
        seen.answer = 'INVALID_CLOCK';
        this.write(connection, { op: 'status', id: request.id, statusCode: 'FAILURE', errorCode: 'INVALID_CLOCK', errorMessage: 'unknown clock', connectionClosed: false });
        return;
      }
      seen.answer = 'RESUB_DELTA';
    }
    connection.subscription = request;
    connection.heartbeatMs = heartbeatMs;
    this.write(connection, { op: 'status', id: request.id, statusCode: 'SUCCESS', connectionClosed: false });
    const filter = request.marketFilter ?? {};
    const markets =
      from === null
        ? [...this.stateAt(this.position).values()]
        : [...mergeMarketChanges(this.timeline.slice(from, this.position).flat()).values()];
    const mc = markets.filter((change) => matchesFilter(filter, this.definitions, change.id));
    this.sendChange(connection, {
      op: 'mcm',
      id: request.id,
      ct: from === null ? 'SUB_IMAGE' : 'RESUB_DELTA',
      initialClk: this.initialClk,
      clk: this.clkAt(this.position),
      conflateMs: request.conflateMs ?? 0,
      heartbeatMs,
      pt: Date.now(),
      mc,
    });
    connection.timer = setInterval(() => {
      if (Date.now() - connection.lastSentAtMs >= connection.heartbeatMs) {
        this.write(connection, { op: 'mcm', id: request.id, clk: this.clkAt(this.position), pt: Date.now(), ct: 'HEARTBEAT', ...(this.latent ? { status: 503 } : {}) });
      }
    }, Math.max(50, Math.floor(heartbeatMs / 5)));
    this.play();
  }

  /** Sends an image or delta, in segments when the client allows them and it has several markets. */
  private sendChange(connection: ServerConnection, message: MarketChangeMessage): void {
    const mc = message.mc ?? [];
    if (!connection.subscription?.segmentationEnabled || mc.length <= this.marketsPerSegment) {
      this.write(connection, message);
      return;
    }
    const { initialClk, clk, conflateMs, heartbeatMs, ...common } = message;
    for (let start = 0; start < mc.length; start += this.marketsPerSegment) {
      const first = start === 0;
      const last = start + this.marketsPerSegment >= mc.length;
      const segment: MarketChangeMessage = {
        ...common,
        segmentType: first ? 'SEG_START' : last ? 'SEG_END' : 'SEG',
        mc: mc.slice(start, start + this.marketsPerSegment),
        ...(first ? { initialClk, conflateMs, heartbeatMs } : {}),
        ...(last ? { clk } : {}),
      };
      this.segmentsSent += 1;
      this.write(connection, segment);
      if (first && this.dropInsideImage) {
        this.dropInsideImage = false;
        // Let the first segment reach the client, then cut the connection.
        connection.silent = true;
        setTimeout(() => connection.socket.destroy(), 20);
        return;
      }
    }
  }

  private play(): void {
    if (this.options.autoplay === false || this.player !== null || this.position >= this.timeline.length) return;
    this.player = setInterval(() => {
      for (let line = 0; line < (this.options.linesPerTick ?? 1) && this.position < this.timeline.length; line += 1) this.playLine();
      if (this.position >= this.timeline.length && this.player !== null) {
        clearInterval(this.player);
        this.player = null;
      }
    }, this.intervalMs);
  }

  private playLine(): void {
    const changes = this.timeline[this.position] ?? [];
    this.position += 1;
    for (const connection of this.connections) {
      const subscription = connection.subscription;
      if (subscription === null) continue;
      const mc = changes.filter((change) => matchesFilter(subscription.marketFilter ?? {}, this.definitions, change.id));
      if (mc.length === 0) continue;
      this.write(connection, { op: 'mcm', id: subscription.id, clk: this.clkAt(this.position), pt: Date.now(), ...(this.latent ? { status: 503 } : {}), mc });
    }
  }

  private refuse(connection: ServerConnection, id: number | undefined, errorCode: string, errorMessage: string): void {
    const status: StatusMessage = { op: 'status', statusCode: 'FAILURE', errorCode, errorMessage, connectionClosed: true, connectionId: connection.id };
    if (id !== undefined) status.id = id;
    this.write(connection, status);
    connection.socket.end();
  }

  private write(connection: ServerConnection, message: object): void {
    if (connection.silent || connection.socket.destroyed) return;
    connection.lastSentAtMs = Date.now();
    connection.socket.write(`${JSON.stringify(message)}${CRLF}`);
  }
}
