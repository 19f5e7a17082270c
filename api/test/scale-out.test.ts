/**
 * Scale-out on Redis (issue 21 step 12, ADR 0022): two app instances, A and B, on one database
 * and one Redis (REDIS_URL, a key prefix of this run), as two API processes behind a load
 * balancer would be. What one instance does reaches the sockets and the rules of the other:
 * a balance and a logout, market-data and casino deltas with the same gap-free seqs on both, login
 * throttles that add up across them, and a singleton job that moves to B within 10 s when its
 * leader A dies.
 */
import {
  CASINO_DELTA,
  CASINO_SUBSCRIBE,
  MARKET_DATA_BATCH_MS,
  type CasinoDelta,
  type CasinoSnapshot, type MatchDelta, type MatchSnapshot, type SocketAck, type SocketBalancePayload, type SocketPaymentQueuePayload,
} from '@backlay/shared/contracts';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { FEED_START_MS, FakeClock, findEvent, importEvent, stepFeed, tickFeed } from './feed-helper';
import { buildTestApp, type TestContext, type TestUser } from './helper';
import { newUtr, pngImage, sendDeposit } from './payments-helper';
import { connected, emitWithAck, nextEvent, TestSockets } from './socket-helper';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const prefix = `backlay-test-${randomBytes(6).toString('hex')}:`;
// Short seed chains: the casino engine makes them when it takes over (as in casino-helper).
const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, CASINO_CHAIN_LENGTH: '40' };
const clock = new FakeClock(FEED_START_MS);

let a: TestContext;
let b: TestContext;
const url: { a: string; b: string } = { a: '', b: '' };
const socketsA = new TestSockets(() => url.a);
const socketsB = new TestSockets(() => url.b);

beforeAll(async () => {
  a = await buildTestApp({ clock, env });
  b = await buildTestApp({ clock, env, sameDatabaseAs: a });
  url.a = await a.app.listen({ host: '127.0.0.1', port: 0 });
  url.b = await b.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => {
  socketsA.closeAll();
  socketsB.closeAll();
});
afterAll(async () => {
  await b.close();
  await a.close();
  // This run's keys go with it (the prefix is its own).
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms`);
    await sleep(20);
  }
}

/** A /user socket on `sockets`' instance, joined to its user's room. */
async function userSocket(sockets: TestSockets, user: TestUser, session: { token: string; sessionId: string }): Promise<Socket> {
  const socket = sockets.connect({ token: session.token });
  await connected(socket);
  expect(await emitWithAck<SocketAck>(socket, 'login', { role: user.role, sessionId: session.sessionId, _id: user.id })).toEqual({ ok: true });
  return socket;
}

describe('events reach the sockets of the other instance', () => {
  it('both instances are distributed (REDIS_URL) and share the database', () => {
    expect(a.services.cluster.distributed).toBe(true);
    expect(b.services.cluster.distributed).toBe(true);
    expect(b.databaseName).toBe(a.databaseName);
  });

  it('a balance change made through A reaches the user\'s socket on B', async () => {
    const user = await a.createUser({ role: 'user' });
    const session = await a.login(user);
    const socket = await userSocket(socketsB, user, session);
    const balance = nextEvent<SocketBalancePayload>(socket, 'balance', 3_000);
    await a.fund(user.id, 250n);
    expect(await balance).toEqual({ balance: 250, exposer: 0, journalId: expect.any(String) });
  });

  it('a deposit request made through A reaches its agent\'s admin page on B at once', async () => {
    const dl = await a.createUser({ role: 'dl' });
    const player = await a.createUser({ role: 'user', parentId: dl.id });
    const agentSocket = await userSocket(socketsB, dl, await b.login(dl));
    const alert = nextEvent<SocketPaymentQueuePayload>(agentSocket, 'paymentQueue', 5_000);
    const made = await sendDeposit(a, (await a.login(player)).token, { amount: '400', utrno: newUtr() }, { data: await pngImage() });
    expect(made.status).toBe(200);
    expect(await alert).toEqual({ change: 'requested', id: made.data._id, type: 'deposit', username: player.username, amount: 400 });
  });

  it('a logout on A sends logout and disconnects the session\'s sockets on B (both namespaces)', async () => {
    const user = await a.createUser({ role: 'user' });
    const first = await a.login(user);
    const socket = await userSocket(socketsB, user, first);
    const data = socketsB.connect({ namespace: '/data', token: first.token });
    await connected(data);
    const logout = nextEvent<string>(socket, 'logout', 3_000);
    const userClosed = nextEvent<string>(socket, 'disconnect', 3_000);
    const dataClosed = nextEvent<string>(data, 'disconnect', 3_000);
    // A second login (on A) ends the first session: its tab on B is told which session is live.
    const second = await a.login(user);
    expect(await logout).toBe(second.sessionId);
    await expect(userClosed).resolves.toBe('io server disconnect');
    await expect(dataClosed).resolves.toBe('io server disconnect');
    // The ended session's token is refused by B too.
    await expect(connected(socketsB.connect({ token: first.token }))).rejects.toThrow(/session has ended/);

    const other = await userSocket(socketsB, user, second);
    const closed = nextEvent<string>(other, 'disconnect', 3_000);
    expect((await a.request({ method: 'POST', url: '/api/logout', token: second.token })).statusCode).toBe(200);
    await expect(closed).resolves.toBe('io server disconnect');
  });
});

interface DataClient {
  socket: Socket;
  snapshots: MatchSnapshot[];
  deltas: MatchDelta[];
  subscribe(matchId: string): Promise<SocketAck>;
}

async function dataClient(sockets: TestSockets, token: string): Promise<DataClient> {
  const socket = sockets.connect({ namespace: '/data', token });
  await connected(socket);
  const client: DataClient = {
    socket,
    snapshots: [],
    deltas: [],
    subscribe: (matchId) => emitWithAck<SocketAck>(socket, 'subscribe', { matchId }),
  };
  socket.on('snapshot', (s: MatchSnapshot) => client.snapshots.push(s));
  socket.on('deltas', (frame: MatchDelta[]) => client.deltas.push(...frame));
  return client;
}

const seqsOf = (client: DataClient) => client.deltas.map((d) => d.seq);
const consecutiveFrom = (first: number, n: number) => Array.from({ length: n }, (_, i) => first + i);

describe('market data across instances', () => {
  let match: { id: string; competitionId: string };
  let player: string;
  let admin: string;

  beforeAll(async () => {
    // A runs the feed (it holds the feed's lock); B never ticks it.
    await tickFeed(a);
    match = await findEvent(a, 4, 'inplay');
    await importEvent(a, 4, match.id, match.competitionId, true);
    player = (await a.login(await a.createUser({ role: 'user' }))).token;
    admin = (await a.login(await a.createUser({ role: 'admin' }))).token;
  });

  it('the feed leader\'s deltas reach clients on A and on B with the same gap-free seqs', async () => {
    const onA = await dataClient(socketsA, player);
    const onB = await dataClient(socketsB, player);
    expect(await onA.subscribe(match.id)).toEqual({ ok: true });
    expect(await onB.subscribe(match.id)).toEqual({ ok: true });
    await until(() => onA.snapshots.length === 1 && onB.snapshots.length === 1, 2_000);
    for (let i = 0; i < 6; i += 1) {
      await stepFeed(a, clock, 1_500);
      await sleep(MARKET_DATA_BATCH_MS + 30);
    }
    // An admin's switch made through B (not the feed leader) is numbered in the same stream.
    const market = onA.snapshots[0]?.markets.find((m) => m.type === 'bookmaker');
    if (market === undefined) throw new Error('no bookmaker');
    expect((await b.request({ method: 'POST', url: '/api/update-market', token: admin, payload: { marketId: market.marketId, active: false } })).statusCode).toBe(200);
    await stepFeed(a, clock, 1_500);
    await until(() => onB.deltas.some((d) => d.removed?.includes(market.marketId) === true), 2_000);
    await sleep(2 * MARKET_DATA_BATCH_MS);

    for (const client of [onA, onB]) {
      const snapshot = client.snapshots[0];
      if (snapshot === undefined) throw new Error('no snapshot');
      expect(client.deltas.length).toBeGreaterThan(3);
      expect(seqsOf(client)).toEqual(consecutiveFrom(snapshot.seq + 1, client.deltas.length));
    }
    // Both saw the same stream: the same seqs carry the same changes.
    const last = Math.min(onA.deltas.at(-1)?.seq ?? 0, onB.deltas.at(-1)?.seq ?? 0);
    const common = (client: DataClient) => client.deltas.filter((d) => d.seq > Math.max(onA.snapshots[0]?.seq ?? 0, onB.snapshots[0]?.seq ?? 0) && d.seq <= last);
    expect(common(onB)).toEqual(common(onA));
    expect(common(onA).length).toBeGreaterThan(2);
    await b.request({ method: 'POST', url: '/api/update-market', token: admin, payload: { marketId: market.marketId, active: true } });
  });

  it('a client that moves from B to A resumes: the snapshot on A continues its seq, deltas follow without a gap', async () => {
    const onB = await dataClient(socketsB, player);
    await onB.subscribe(match.id);
    await until(() => onB.snapshots.length === 1, 2_000);
    for (let i = 0; i < 3; i += 1) {
      await stepFeed(a, clock, 1_500);
      await sleep(MARKET_DATA_BATCH_MS + 30);
    }
    await until(() => onB.deltas.length > 0, 2_000);
    const lastSeen = onB.deltas.at(-1)?.seq ?? 0;
    // B goes away for this client (the connection drops); it reconnects and lands on A.
    onB.socket.disconnect();
    const onA = await dataClient(socketsA, player);
    await onA.subscribe(match.id);
    await until(() => onA.snapshots.length === 1, 2_000);
    const snapshot = onA.snapshots[0];
    if (snapshot === undefined) throw new Error('no snapshot');
    // The same numbering: the snapshot stands at or after the last delta the client saw on B.
    expect(snapshot.seq).toBeGreaterThanOrEqual(lastSeen);
    for (let i = 0; i < 3; i += 1) {
      await stepFeed(a, clock, 1_500);
      await sleep(MARKET_DATA_BATCH_MS + 30);
    }
    await until(() => onA.deltas.length > 0, 2_000);
    expect(seqsOf(onA)).toEqual(consecutiveFrom(snapshot.seq + 1, onA.deltas.length));
  });
});

describe('casino rounds across instances', () => {
  type SubscribeAck = { ok: true; snapshot: CasinoSnapshot } | { ok: false; message: string };

  it('the engine leader\'s moves reach watchers on A and on B with the same seqs', async () => {
    const token = (await a.login(await a.createUser({ role: 'user' }))).token;
    expect(await a.services.casinoEngine.acquire()).toBe(true);
    await a.services.casinoEngine.tick();
    const watchers = await Promise.all(
      [socketsA, socketsB].map(async (sockets) => {
        const socket = sockets.connect({ token, namespace: '/data' });
        await connected(socket);
        const deltas: CasinoDelta[] = [];
        socket.on(CASINO_DELTA, (d: CasinoDelta) => deltas.push(d));
        const ack = await emitWithAck<SubscribeAck>(socket, CASINO_SUBSCRIBE, { matchId: '9023' });
        if (!ack.ok) throw new Error(ack.message);
        return { deltas, seq: ack.snapshot.seq, roundId: ack.snapshot.round?.roundId };
      }),
    );
    const [onA, onB] = watchers as [(typeof watchers)[number], (typeof watchers)[number]];
    // Both snapshots stand at the same seq of the same round.
    expect(onB.seq).toBe(onA.seq);
    expect(onB.roundId).toBe(onA.roundId);
    // Two seconds of countdown, then the close: three moves, each one delta on both instances.
    for (let i = 0; i < 2; i += 1) {
      clock.advance(1_000);
      await a.services.casinoEngine.tick();
    }
    clock.advance(20_000);
    await a.services.casinoEngine.tick();
    await until(() => onA.deltas.some((d) => d.phase === 'closed') && onB.deltas.some((d) => d.phase === 'closed'), 3_000);
    for (const watcher of [onA, onB]) {
      expect(watcher.deltas.map((d) => d.seq)).toEqual(consecutiveFrom(watcher.seq + 1, watcher.deltas.length));
    }
    expect(onB.deltas).toEqual(onA.deltas);
  });
});

describe('throttles are shared', () => {
  it('failed admin logins split across A and B add up to the lock, which both enforce', async () => {
    const agent = await a.createUser({ role: 'dl' });
    const wrong = { username: agent.username, password: 'Wrong#Pass1' };
    // The admin area allows 5 consecutive failures: 3 on A, 2 on B.
    for (const [i, app] of [a, b, a, b, a].entries()) {
      const response = await app.request({ method: 'POST', url: '/api/login-admin', payload: wrong });
      expect({ i, status: response.statusCode }).toEqual({ i, status: 401 });
    }
    for (const app of [a, b]) {
      const right = await app.request({ method: 'POST', url: '/api/login-admin', payload: { username: agent.username, password: agent.password } });
      expect(right.statusCode).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('1,000 admin logins at once, split across A and B, evaluate at most the limit together; the right password last is refused', async () => {
    const agent = await a.createUser({ role: 'dl' });
    const verifies = [jest.spyOn(a.services.passwords, 'verify'), jest.spyOn(b.services.passwords, 'verify')];
    const burst = 1_000;
    const responses = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        (i % 2 === 0 ? a : b).request({
          method: 'POST',
          url: '/api/login-admin',
          payload: { username: agent.username, password: i === burst - 1 ? agent.password : 'Wrong#Pass1' },
        }),
      ),
    );
    const evaluated = verifies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    for (const spy of verifies) spy.mockRestore();
    expect(evaluated).toBe(5);
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(burst - 5);
    expect(responses.at(-1)?.statusCode).toBe(429);
  });

  it('wrong transaction passwords on A and B add up to one lock', async () => {
    const dl = await a.createUser({ role: 'dl' });
    expect(await b.services.transactionPasswords.verify(dl.id, '123456').then(() => 'ok')).toBe('ok');
    for (const service of [a, b, a, b, a].map((app) => app.services.transactionPasswords)) {
      await expect(service.verify(dl.id, '654321')).rejects.toMatchObject({ code: 'TRANSACTION_PASSWORD_WRONG' });
    }
    await expect(b.services.transactionPasswords.verify(dl.id, '123456')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('settings are one across instances', () => {
  it('maintenance switched on through A holds on B at once, not after B\'s cached copy expires (issue 29)', async () => {
    const admin = await a.createUser({ role: 'admin' });
    const context = { actorId: admin.id, ip: null, requestId: null };
    // B has the flag cached (off); the fake clock never lets that copy expire on its own.
    expect(await b.services.settings.isMaintenance()).toBe(false);
    await a.services.settings.save([{ key: 'maintenance', value: 'true' }], context);
    try {
      // The CW-1 wallet's debits and the player area read this flag.
      await until(() => b.services.settings.isMaintenance(), 3_000);
    } finally {
      await a.services.settings.save([{ key: 'maintenance', value: 'false' }], context);
      await until(async () => !(await b.services.settings.isMaintenance()), 3_000);
    }
  });
});

describe('singleton jobs move to another instance', () => {
  /** The backend of the job's lock connection (application_name set by LeaderLoop). */
  async function lockBackend(t: TestContext, job: string): Promise<number | null> {
    const { rows } = await t.db.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
      [`backlay-${job}-lock`],
    );
    return rows[0]?.pid ?? null;
  }

  it('when the leader dies (its database session ends), B takes over the feed and the casino within 10 s', async () => {
    expect(a.services.feed.leader || (await a.services.feed.acquire())).toBe(true);
    expect(await a.services.casinoEngine.acquire()).toBe(true);
    // B runs the loops as production does: it tries the locks every lockRetryMs.
    b.services.feed.start();
    b.services.casinoEngine.start();
    await sleep(500);
    expect(b.services.feed.leader).toBe(false);
    expect(b.services.casinoEngine.leader).toBe(false);

    // A process that dies takes its connections with it: end A's lock sessions as PostgreSQL would.
    const pids = [await lockBackend(a, 'feed ingest'), await lockBackend(a, 'casino engine')];
    expect(pids.every((pid) => pid !== null)).toBe(true);
    const diedAt = Date.now();
    await a.db.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
    await until(() => b.services.feed.leader && b.services.casinoEngine.leader, 10_000);
    const takeoverMs = Date.now() - diedAt;
    expect(takeoverMs).toBeLessThan(10_000);
    expect(a.services.feed.leader).toBe(false);
    expect(a.services.casinoEngine.leader).toBe(false);
    // And B's feed works: it ticks as the leader.
    await until(() => b.services.feed.lastTick !== null, 5_000);
  }, 20_000);
});
