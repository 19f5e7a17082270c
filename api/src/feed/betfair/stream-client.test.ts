/**
 * Conformance of the Betfair Exchange Stream client against the local protocol test server
 * (ADR 0038): TLS with a certificate made here, slices of the recorded T20 match and greyhound
 * race (api/feed-data/betfair), and Betfair's own sample messages (api/test/fixtures/betfair).
 * Each test runs its own server; no test calls Betfair.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import type { MarketChange, MarketChangeMessage } from './protocol';
import { loadConfig } from '../../config';
import { betfairSession, streamOptions } from './from-config';
import { BetfairStreamClient, type BetfairStreamClientOptions, type BetfairStreamError, type SessionSource } from './stream-client';
import { makeTestCertificate } from './test-certificate';
import { asImage, BetfairTestServer, mergeMarketChanges, type RecordingSlice, type TestServerOptions } from './test-server';

/** Single messages from Betfair (betfairlightweight's test resources, api/test/fixtures/betfair). */
const SAMPLES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'betfair');
const RECORDINGS = path.resolve(__dirname, '..', '..', '..', 'feed-data', 'betfair');
/** The recorded T20's opening image (line 1) and 200 changes around its turn in play (the suspension, in play with betDelay 5, the first overs). */
const CRICKET: RecordingSlice = { file: path.join(RECORDINGS, '1.200806927.cricket-match-odds.jsonl.gz'), lines: [[1, 1], [1008, 1207]] };
/** The greyhound race's first 12 lines (its image and 11 changes). */
const GREYHOUND: RecordingSlice = { file: path.join(RECORDINGS, '1.197931750.greyhound-win.jsonl.gz'), lines: [[1, 12]] };
const CRICKET_MARKET = '1.200806927';
const GREYHOUND_MARKET = '1.197931750';

const APP_KEY = 'test-app-key';
const SESSION = 'test-session-token';
const certificate = makeTestCertificate();

const fixed = (token: string): SessionSource => ({ token: () => Promise.resolve(token) });

async function waitFor(what: string, predicate: () => boolean, timeoutMs = 3_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What the consumer ends with after applying every message it received, as images. */
function consumerState(received: MarketChangeMessage[]): Map<string, MarketChange> {
  const merged = mergeMarketChanges(received.flatMap((m) => m.mc ?? []));
  return new Map([...merged].map(([id, change]) => [id, asImage(change)]));
}

/** The server's state at the position of the client's clk (every market of the timeline). */
function serverStateAtClientClk(r: Rig): Map<string, MarketChange> {
  const position = r.server.positionOf(r.client.status().clk ?? '');
  if (position === null) throw new Error('the client holds no clock of this server');
  return r.server.stateAt(position);
}

interface Rig {
  server: BetfairTestServer;
  client: BetfairStreamClient;
  received: MarketChangeMessage[];
  disconnects: string[];
  connected: Array<{ resumed: boolean }>;
  fatal: BetfairStreamError[];
}

async function rig(server: Partial<TestServerOptions>, client: Partial<BetfairStreamClientOptions> = {}, onMessage?: (m: MarketChangeMessage, r: Rig) => void): Promise<Rig> {
  const testServer = new BetfairTestServer({ recordings: [CRICKET], appKey: APP_KEY, sessionTokens: [SESSION], intervalMs: 3, certificate, ...server });
  servers.push(testServer);
  await testServer.listen();
  return clientOf({ server: testServer } as Rig, client, onMessage);
}

/** A client of the rig's server (a rig has one; this makes another). */
async function clientOf(base: Pick<Rig, 'server'>, client: Partial<BetfairStreamClientOptions> = {}, onMessage?: (m: MarketChangeMessage, r: Rig) => void): Promise<Rig> {
  const { host, port } = await base.server.listen();
  const r = { server: base.server, received: [], disconnects: [], connected: [], fatal: [] } as unknown as Rig;
  r.client = new BetfairStreamClient({
    host,
    port,
    tls: { ca: certificate.cert },
    appKey: APP_KEY,
    session: fixed(SESSION),
    marketFilter: { eventTypeIds: ['4', '4339'] },
    marketDataFilter: { fields: ['EX_BEST_OFFERS', 'EX_MARKET_DEF', 'EX_LTP', 'EX_TRADED_VOL'], ladderLevels: 3 },
    heartbeatMs: 500,
    conflateMs: 0,
    backoff: { initialMs: 10, maxMs: 100, limitMs: 300 },
    random: () => 0,
    onMarketChange: (m) => {
      r.received.push(m);
      onMessage?.(m, r);
    },
    onDisconnected: (reason) => r.disconnects.push(reason),
    onConnected: (info) => r.connected.push(info),
    onFatal: (error) => r.fatal.push(error),
    ...client,
  });
  clients.push(r.client);
  return r;
}

const servers: BetfairTestServer[] = [];
const clients: BetfairStreamClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.stop();
  for (const server of servers.splice(0)) await server.close();
});

const images = (r: Rig): MarketChangeMessage[] => r.received.filter((m) => m.ct === 'SUB_IMAGE');
const data = (r: Rig): MarketChangeMessage[] => r.received.filter((m) => m.ct !== 'HEARTBEAT');

describe('Betfair stream client against the test server', () => {
  it('connects, authenticates and subscribes with the filter; the image comes first, then every recorded change, in order', async () => {
    const r = await rig({ recordings: [CRICKET, GREYHOUND], intervalMs: 2, linesPerTick: 4 }, { marketFilter: { eventTypeIds: ['4'], countryCodes: ['GB'], marketTypes: ['MATCH_ODDS'] } });
    r.client.start();
    // The cricket slice is its image and 200 changes: every one arrives, once.
    await waitFor('the whole cricket recording', () => data(r).length === 201);
    await waitFor('the greyhound lines played too', () => r.server.played === r.server.length);
    await sleep(20);
    expect(data(r)).toHaveLength(201);

    const [subscription] = r.server.subscriptions;
    expect(subscription).toMatchObject({
      heartbeatMs: 500,
      conflateMs: 0,
      segmentationEnabled: true,
      marketFilter: { eventTypeIds: ['4'], countryCodes: ['GB'], marketTypes: ['MATCH_ODDS'] },
      answer: 'SUB_IMAGE',
    });
    expect(subscription?.clk).toBeUndefined();
    const [first] = r.received;
    expect(first).toMatchObject({ op: 'mcm', ct: 'SUB_IMAGE', heartbeatMs: 500, conflateMs: 0 });
    expect(first?.mc?.map((m) => [m.id, m.img, m.marketDefinition?.marketType])).toEqual([[CRICKET_MARKET, true, 'MATCH_ODDS']]);
    // Only the cricket market (event type 4) ever arrives, and the consumer ends where the recording ends.
    expect(new Set(r.received.flatMap((m) => (m.mc ?? []).map((c) => c.id)))).toEqual(new Set([CRICKET_MARKET]));
    expect(consumerState(r.received)).toEqual(new Map([[CRICKET_MARKET, r.server.finalState().get(CRICKET_MARKET)]]));
    expect(r.client.status()).toMatchObject({ state: 'subscribed', connected: true, reconnects: 0, marketsSubscribed: 1, lastError: null });
    expect(r.client.status().connectionId).toMatch(/^test-/);
    expect(r.client.status().lastMessageAtMs).toBeGreaterThan(Date.now() - 1_000);
    expect(r.client.status().lastPublishTimeMs).toBe(r.received.at(-1)?.pt);
    expect(r.client.status().latent).toBe(false);
  });

  it('a client built from the configuration (BETFAIR_*) subscribes with its filter and the adapter\'s data fields', async () => {
    const server = new BetfairTestServer({ recordings: [CRICKET, GREYHOUND], appKey: APP_KEY, sessionTokens: [SESSION], intervalMs: 2, linesPerTick: 4, certificate });
    servers.push(server);
    const { port } = await server.listen();
    const config = loadConfig({
      FEED_PROVIDER: 'betfair',
      BETFAIR_APP_KEY: APP_KEY,
      BETFAIR_SESSION_TOKEN: SESSION,
      BETFAIR_STREAM_HOST: '127.0.0.1',
      BETFAIR_STREAM_PORT: String(port),
      BETFAIR_EVENT_TYPES: '4339',
      BETFAIR_MARKET_TYPES: 'WIN',
      BETFAIR_COUNTRIES: 'GB',
      BETFAIR_HEARTBEAT_MS: '1000',
      BETFAIR_CONFLATE_MS: '0',
    }).betfair;
    const received: MarketChangeMessage[] = [];
    const client = new BetfairStreamClient({ ...streamOptions(config, betfairSession(config), { ca: certificate.cert }), onMarketChange: (m) => received.push(m) });
    clients.push(client);
    client.start();
    await waitFor('the greyhound image', () => received.length > 0);
    expect(server.subscriptions[0]).toMatchObject({ heartbeatMs: 1_000, conflateMs: 0, marketFilter: { eventTypeIds: ['4339'], marketTypes: ['WIN'], countryCodes: ['GB'] } });
    expect(received[0]?.mc?.map((m) => m.id)).toEqual([GREYHOUND_MARKET]);
  });

  it("takes Betfair's own sample messages (betfairlightweight's fixtures) as they are", async () => {
    const sample = (name: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(SAMPLES, name), 'utf8')) as Record<string, unknown>;
    const sent: Array<Record<string, unknown>> = [];
    // A scripted server: the samples in Betfair's order; the subscription's samples carry id 2.
    const scripted = tls.createServer({ cert: certificate.cert, key: certificate.key }, (socket) => {
      const write = (message: Record<string, unknown>): boolean => socket.write(`${JSON.stringify(message)}\r\n`);
      write(sample('streaming_connection.json'));
      let buffered = '';
      socket.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        for (let end = buffered.indexOf('\r\n'); end !== -1; end = buffered.indexOf('\r\n')) {
          const request = JSON.parse(buffered.slice(0, end)) as Record<string, unknown>;
          buffered = buffered.slice(end + 2);
          sent.push(request);
          if (request.op === 'authentication') write({ op: 'status', id: request.id, statusCode: 'SUCCESS', connectionClosed: false, connectionsAvailable: 9 });
          if (request.op === 'marketSubscription') {
            // Every sample at once, the lines split at odd places.
            const lines = ['streaming_status.json', 'streaming_mcm_SUB_IMAGE.json', 'streaming_mcm_update.json', 'streaming_mcm_HEARTBEAT.json'].map((f) => `${JSON.stringify(sample(f))}\r\n`).join('');
            socket.write(lines.slice(0, 50));
            setTimeout(() => socket.write(lines.slice(50)), 10);
          }
        }
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => scripted.listen(0, '127.0.0.1', resolve));
    const received: MarketChangeMessage[] = [];
    const client = new BetfairStreamClient({
      host: '127.0.0.1',
      port: (scripted.address() as AddressInfo).port,
      tls: { ca: certificate.cert },
      appKey: APP_KEY,
      session: fixed(SESSION),
      marketFilter: { eventTypeIds: ['7'], marketTypes: ['WIN'], countryCodes: ['GB'] },
      marketDataFilter: { fields: ['EX_BEST_OFFERS', 'EX_MARKET_DEF'], ladderLevels: 3 },
      heartbeatMs: 5_000,
      conflateMs: 0,
      onMarketChange: (m) => received.push(m),
    });
    clients.push(client);
    try {
      client.start();
      await waitFor('the samples', () => received.length === 3);
      expect(sent.map((m) => [m.op, m.id])).toEqual([
        ['authentication', 1],
        ['marketSubscription', 2],
      ]);
      expect(sent[0]).toEqual({ op: 'authentication', id: 1, appKey: APP_KEY, session: SESSION });
      expect(received.map((m) => m.ct ?? 'UPDATE')).toEqual(['SUB_IMAGE', 'UPDATE', 'HEARTBEAT']);
      expect(received[0]?.mc?.[0]?.rc).toHaveLength(7);
      expect(client.status()).toMatchObject({
        connected: true,
        connectionId: '002-051134157842-432409',
        connectionsAvailable: 9,
        initialClk: 'ab34r43r',
        clk: 'APIDAO4EAK8D',
        marketsSubscribed: 1,
        lastPublishTimeMs: 1471370165625,
      });
    } finally {
      await client.stop();
      await new Promise((resolve) => scripted.close(resolve));
    }
  });

  it('assembles a segmented image before the consumer sees it; a connection lost inside one delivers nothing and subscribes afresh', async () => {
    const r = await rig({ recordings: [CRICKET, GREYHOUND], marketsPerSegment: 1 });
    r.server.dropInsideNextImage();
    r.client.start();
    await waitFor('an image', () => images(r).length === 1);

    // The first connection got SEG_START only: nothing of it reached the consumer, no clock was kept.
    expect(r.disconnects).toHaveLength(1);
    expect(r.server.subscriptions.map((s) => [s.clk, s.answer])).toEqual([
      [undefined, 'SUB_IMAGE'],
      [undefined, 'SUB_IMAGE'],
    ]);
    expect(r.server.segmentsSent).toBe(3); // 1 of the lost image, 2 of the whole one
    const [image] = r.received;
    expect(image?.segmentType).toBeUndefined();
    expect(image?.ct).toBe('SUB_IMAGE');
    expect(image?.mc?.map((m) => m.id).sort()).toEqual([CRICKET_MARKET, GREYHOUND_MARKET].sort());
    expect(image?.clk).toBeDefined();
    expect(image?.initialClk).toBeDefined();
    expect(r.client.status().marketsSubscribed).toBe(2);
  });

  it('a connection dropped in mid-match resumes by clk: a RESUB_DELTA, no second image, no gap', async () => {
    const r = await rig({ intervalMs: 2, linesPerTick: 2 }, {}, (m, rr) => {
      if (data(rr).length === 60) rr.server.dropConnections();
    });
    r.client.start();
    await waitFor('the resumed subscription', () => r.connected.length === 2);
    // Betfair says its stream runs late (status 503): the connection stays, the status says so.
    r.server.markLatent(true);
    await waitFor('a late message', () => r.client.status().latent);
    r.server.markLatent(false);
    await waitFor('more of the match after the resume', () => !r.client.status().latent && data(r).length > 120);

    const resumedAt = r.received.findIndex((m) => m.ct === 'RESUB_DELTA');
    expect(resumedAt).toBeGreaterThanOrEqual(60);
    const clkBeforeDrop = r.received[resumedAt - 1]?.clk;
    expect(images(r)).toHaveLength(1);
    expect(r.received.filter((m) => m.ct === 'RESUB_DELTA')).toHaveLength(1);
    expect(r.server.subscriptions.map((s) => s.answer)).toEqual(['SUB_IMAGE', 'RESUB_DELTA']);
    // The server saw the clocks of the last message the consumer had: it resumed exactly there.
    expect(r.server.subscriptions[1]).toMatchObject({ initialClk: r.received[0]?.initialClk, clk: clkBeforeDrop });
    expect(r.connected.map((c) => c.resumed)).toEqual([false, true]);
    expect(r.client.status()).toMatchObject({ connected: true, reconnects: 1 });
    // The recording played on while the client was away; what it missed came in the delta.
    expect(r.server.positionOf(r.received[resumedAt]?.clk as string)).toBeGreaterThan(r.server.positionOf(clkBeforeDrop as string) as number);
    expect(consumerState(r.received)).toEqual(serverStateAtClientClk(r));
  });

  it('clocks the server no longer knows (INVALID_CLOCK) are dropped: a new image, which the consumer takes as a replacement', async () => {
    const r = await rig({ intervalMs: 2, linesPerTick: 2 }, {}, (m, rr) => {
      if (data(rr).length === 40) {
        rr.server.forgetClocks();
        rr.server.dropConnections();
      }
    });
    r.client.start();
    await waitFor('the second image', () => images(r).length === 2);
    expect(r.server.subscriptions.map((s) => s.answer)).toEqual(['SUB_IMAGE', 'INVALID_CLOCK', 'SUB_IMAGE']);
    expect(r.server.subscriptions[2]?.clk).toBeUndefined();
    expect(r.connected.map((c) => c.resumed)).toEqual([false, false]);
    await waitFor('changes after the new image', () => r.received.length > r.received.lastIndexOf(images(r)[1] as MarketChangeMessage) + 10);
    const afterSecondImage = r.received.slice(r.received.lastIndexOf(images(r)[1] as MarketChangeMessage));
    expect(consumerState(afterSecondImage)).toEqual(serverStateAtClientClk(r));
    expect(r.client.status()).toMatchObject({ connected: true, reconnects: 1 });
  });

  it('a silent connection (no heartbeat) is dropped after heartbeatMs × factor and resumed; heartbeats alone keep it up', async () => {
    const r = await rig({ intervalMs: 2, linesPerTick: 4 }, { heartbeatTimeoutFactor: 2 }, (m, rr) => {
      if (data(rr).length === 30) rr.server.goSilent();
    });
    r.client.start();
    const started = Date.now();
    await waitFor('the resumed subscription', () => r.connected.length === 2, 4_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(r.disconnects[0]).toMatch(/^heartbeat timeout: no message for \d+ ms \(heartbeatMs 500\)$/);
    expect(r.connected.map((c) => c.resumed)).toEqual([false, true]);
    await waitFor('the whole recording', () => r.client.status().clk !== null && r.server.positionOf(r.client.status().clk as string) === r.server.length);
    expect(consumerState(r.received)).toEqual(r.server.finalState());

    // The recording is over: only heartbeats (every 500 ms) arrive, for longer than the timeout
    // (three of them span at least 1 s, heartbeatMs × factor); waited for by count, not by a sleep,
    // so a busy machine's late timers do not fail it.
    const over = r.received.length;
    const heartbeatsSince = () => r.received.slice(over).filter((m) => m.ct === 'HEARTBEAT').length;
    await waitFor('three heartbeats after the recording', () => heartbeatsSince() >= 3, 10_000);
    expect(r.client.status()).toMatchObject({ connected: true, reconnects: 1 });
    expect(r.disconnects).toHaveLength(1);
  });

  it('a server that never says `connection` is left after handshakeTimeoutMs and tried again', async () => {
    const r = await rig({}, { handshakeTimeoutMs: 150 });
    r.server.goSilent({ newConnections: true });
    r.client.start();
    await waitFor('a handshake timeout', () => r.disconnects.length >= 1);
    expect(r.disconnects[0]).toBe('handshake timeout: no subscription after 150 ms');
    expect(r.server.authentications).toBe(0);
    r.server.speakToNewConnections();
    await waitFor('an image', () => images(r).length === 1);
    expect(r.client.status()).toMatchObject({ connected: true, reconnects: 0 });
  });

  it('refused credentials stop the client with the error, without a retry loop; a session is renewed once when it can be', async () => {
    const refused = await rig({}, { session: fixed('expired-token') });
    refused.client.start();
    await waitFor('the fatal error', () => refused.fatal.length === 1);
    await sleep(150); // ten back-offs of 10 ms: a loop would have come back by now
    expect(refused.fatal[0]?.code).toBe('INVALID_SESSION_INFORMATION');
    expect(refused.client.status()).toMatchObject({ state: 'failed', connected: false, lastError: 'INVALID_SESSION_INFORMATION: the session token is not valid' });
    expect(refused.server.authentications).toBe(1);
    expect(refused.server.connectionsAccepted).toBe(1);

    const badKey = await rig({}, { appKey: 'not-our-key', session: { token: () => Promise.resolve(SESSION), refresh: () => Promise.resolve(SESSION) } });
    badKey.client.start();
    await waitFor('the fatal error', () => badKey.fatal.length === 1);
    await sleep(100);
    expect(badKey.fatal[0]?.code).toBe('INVALID_APP_KEY'); // a new session cannot fix an app key
    expect(badKey.server.authentications).toBe(1);

    let logins = 0;
    const renewed = await rig({}, { session: { token: () => Promise.resolve('expired-token'), refresh: () => { logins += 1; return Promise.resolve(SESSION); } } });
    renewed.client.start();
    await waitFor('an image', () => images(renewed).length === 1);
    expect(logins).toBe(1);
    expect(renewed.server.authentications).toBe(2);

    const stillRefused = await rig({}, { session: { token: () => Promise.resolve('expired-token'), refresh: () => Promise.resolve('still-expired') } });
    stillRefused.client.start();
    await waitFor('the fatal error', () => stillRefused.fatal.length === 1);
    await sleep(100);
    expect(stillRefused.server.authentications).toBe(2);
    expect(stillRefused.client.status().state).toBe('failed');
  });

  it('backs off exponentially while the server keeps failing, and waits limitMs at the connection limit', async () => {
    const failing = await rig({}, { backoff: { initialMs: 20, maxMs: 160, limitMs: 1_000 } });
    failing.server.refuseAuthentication('UNEXPECTED_ERROR');
    const started = Date.now();
    failing.client.start();
    // 0, 20, 40, 80, 160 ms apart (plus handshakes): never a tight loop. Counted, not slept on, so a
    // busy machine's late timers do not fail it.
    await waitFor('three attempts', () => failing.server.authentications >= 3, 5_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    await sleep(100);
    expect(failing.server.authentications).toBeLessThanOrEqual(6);
    expect(failing.client.status()).toMatchObject({ state: expect.stringMatching(/^(waiting|connecting|authenticating)$/), lastError: 'UNEXPECTED_ERROR: refused by the test server' });
    failing.server.refuseAuthentication(null);
    await waitFor('an image after the server recovers', () => images(failing).length === 1);

    // One connection allowed: a second client is refused and waits limitMs (not 10 ms) before trying again.
    const limited = await rig({ maxConnections: 1 });
    limited.client.start();
    await waitFor('the first client subscribed', () => images(limited).length === 1);
    const second = await clientOf(limited, { backoff: { initialMs: 10, maxMs: 100, limitMs: 300 } });
    second.client.start();
    await waitFor('the refusal', () => second.disconnects.length === 1);
    expect(second.client.status().lastError).toBe('MAX_CONNECTION_LIMIT_EXCEEDED: too many connections');
    await sleep(150);
    expect(limited.server.authentications).toBe(2);
    await limited.client.stop();
    await waitFor('the second client subscribed once a connection is free', () => images(second).length === 1);
    expect(limited.server.authentications).toBe(3);
    expect(second.fatal).toEqual([]);
  });
});
