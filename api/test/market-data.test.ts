/**
 * Market data over the /data namespace, with the feed stepped by hand: subscribe gives a
 * snapshot with a seq, deltas follow with consecutive seqs and carry every change (batched per
 * interval), a suspension arrives within one batch, unsubscribe stops the deltas, and admin
 * switches reach subscribers.
 */
import {
  MARKET_DATA_BATCH_MS,
  type Market,
  type MatchDelta,
  type MatchSnapshot,
  type SocketAck,
} from '@backlay/shared/contracts';
import { io, type Socket } from 'socket.io-client';
import { FEED_START_MS, FakeClock, findEvent, findTime, importEvent, lookahead, stepFeed, tickFeed } from './feed-helper';
import { body, buildTestApp, TEST_ORIGIN, type TestContext } from './helper';

let t: TestContext;
let baseUrl: string;
let player: string;
let admin: string;
const clock = new FakeClock(FEED_START_MS);
let match: { id: string; competitionId: string; name: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ clock });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  player = (await t.login(await t.createUser({ role: 'user' }))).token;
  admin = (await t.login(await t.createUser({ role: 'admin' }))).token;
  await tickFeed(t);
  match = await findEvent(t, 4, 'inplay');
  await importEvent(t, 4, match.id, match.competitionId, true);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A connected data socket that records every snapshot, every `deltas` frame and the deltas in them. */
async function dataSocket(token = player) {
  const socket = io(`${baseUrl}/data`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    extraHeaders: { origin: TEST_ORIGIN },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const snapshots: MatchSnapshot[] = [];
  const deltas: Array<MatchDelta & { receivedAt: number }> = [];
  socket.on('snapshot', (s: MatchSnapshot) => snapshots.push(s));
  const frames: MatchDelta[][] = [];
  socket.on('deltas', (frame: MatchDelta[]) => {
    frames.push(frame);
    const receivedAt = Date.now();
    for (const d of frame) deltas.push({ ...d, receivedAt });
  });
  const send = (event: 'subscribe' | 'unsubscribe', matchId: string) =>
    new Promise<SocketAck>((resolve) => socket.emit(event, { matchId }, (ack: SocketAck) => resolve(ack)));
  return { socket, snapshots, deltas, frames, subscribe: (id = match.id) => send('subscribe', id), unsubscribe: (id = match.id) => send('unsubscribe', id) };
}

/** Waits until `check` holds (polling every 10 ms) or fails after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await sleep(10);
  }
}

/** The image after applying deltas to a snapshot, as a client does. */
function apply(snapshot: MatchSnapshot, deltas: readonly MatchDelta[]): Market[] {
  const markets = new Map(snapshot.markets.map((m) => [m.marketId, m]));
  for (const delta of deltas) {
    for (const id of delta.removed ?? []) markets.delete(id);
    for (const m of delta.markets ?? []) markets.set(m.marketId, m);
  }
  return [...markets.values()];
}

describe('subscribe', () => {
  it('sends the image with a seq, then deltas with consecutive seqs that keep the client in step', async () => {
    const client = await dataSocket();
    expect(await client.subscribe()).toEqual({ ok: true });
    await until(() => client.snapshots.length === 1);
    const [snapshot] = client.snapshots;
    if (snapshot === undefined) throw new Error('no snapshot');
    expect(snapshot).toMatchObject({ matchId: match.id, seq: expect.any(Number) });
    expect(snapshot.markets.map((m) => m.type)).toEqual(['match_odds', 'bookmaker']);
    expect(snapshot.fancies).toHaveLength(12);
    expect(snapshot.score?.matchId).toBe(match.id);

    for (let i = 0; i < 8; i += 1) {
      await stepFeed(t, clock, 1_500);
      await sleep(MARKET_DATA_BATCH_MS + 30);
    }
    await sleep(MARKET_DATA_BATCH_MS);
    expect(client.deltas.length).toBeGreaterThan(2);
    expect(client.deltas.map((d) => d.seq)).toEqual(client.deltas.map((_, i) => snapshot.seq + 1 + i));
    expect(client.deltas.every((d) => d.matchId === match.id)).toBe(true);
    // Snapshot + deltas = what the API serves now.
    const served = await t.request({ method: 'GET', url: `/api/get-market-list?matchId=${match.id}`, token: player });
    expect(apply(snapshot, client.deltas)).toEqual(body<{ data: Market[] }>(served).data);
  });

  it('batches: a burst of upstream ticks inside one interval is one delta', async () => {
    const client = await dataSocket();
    await client.subscribe();
    await until(() => client.snapshots.length === 1);
    await sleep(MARKET_DATA_BATCH_MS + 30);
    client.deltas.length = 0;
    for (let i = 0; i < 6; i += 1) await stepFeed(t, clock, 700);
    await sleep(2 * MARKET_DATA_BATCH_MS + 50);
    // Six writes, each changing the match, arrive in at most two batches (the burst may straddle a flush).
    expect(client.deltas.length).toBeGreaterThan(0);
    expect(client.deltas.length).toBeLessThanOrEqual(2);
    const ids = (client.deltas.flatMap((d) => d.markets ?? [])).map((m) => m.marketId);
    expect(ids.length).toBeLessThanOrEqual(2 * 2);
  });

  it('a suspension and a running ball reach the client within one batch', async () => {
    const client = await dataSocket();
    await client.subscribe();
    await until(() => client.snapshots.length === 1);
    const provider = lookahead(t);
    const oddsSuspended = (markets: Array<Pick<Market, 'type' | 'status'>>) => markets.find((m) => m.type === 'match_odds')?.status === 'suspended';
    const ballRunning = (markets: Array<Pick<Market, 'type' | 'status'>>) => markets.find((m) => m.type === 'bookmaker')?.status === 'ball_running';
    for (const [name, predicate] of [['suspended', oddsSuspended], ['ball_running', ballRunning]] as const) {
      const at = findTime(provider, match.id, clock.nowMs() + 1, 100, predicate);
      await stepFeed(t, clock, at - 100 - clock.nowMs());
      await sleep(MARKET_DATA_BATCH_MS + 30);
      client.deltas.length = 0;
      await stepFeed(t, clock, 100);
      const published = Date.now();
      await until(() => client.deltas.some((d) => (d.markets ?? []).some((m) => m.status === name)), 2_000);
      const arrived = client.deltas.find((d) => (d.markets ?? []).some((m) => m.status === name))?.receivedAt ?? Infinity;
      // One batch interval, plus the time to deliver it on a busy two-core box.
      expect({ name, withinBatch: arrived - published <= MARKET_DATA_BATCH_MS + 150 }).toEqual({ name, withinBatch: true });
    }
  });

  it('unsubscribe stops the deltas', async () => {
    const client = await dataSocket();
    await client.subscribe();
    await until(() => client.snapshots.length === 1);
    expect(await client.unsubscribe()).toEqual({ ok: true });
    await sleep(MARKET_DATA_BATCH_MS + 30);
    client.deltas.length = 0;
    for (let i = 0; i < 4; i += 1) await stepFeed(t, clock, 1_500);
    await sleep(2 * MARKET_DATA_BATCH_MS + 50);
    expect(client.deltas).toEqual([]);
  });

  it('subscribing again (after a gap) brings a fresh snapshot at the current seq, and deltas go on from it', async () => {
    const client = await dataSocket();
    await client.subscribe();
    await until(() => client.snapshots.length === 1);
    for (let i = 0; i < 3; i += 1) {
      await stepFeed(t, clock, 1_500);
      await sleep(MARKET_DATA_BATCH_MS + 30);
    }
    await until(() => client.deltas.length > 0);
    const last = client.deltas[client.deltas.length - 1]?.seq ?? -1;
    await client.subscribe();
    await until(() => client.snapshots.length === 2);
    expect(client.snapshots[1]?.seq).toBe(last);
    client.deltas.length = 0;
    await stepFeed(t, clock, 1_500);
    await until(() => client.deltas.length > 0);
    expect(client.deltas[0]?.seq).toBe(last + 1);
  });

  it('coalesces per tick: one frame per socket with every changed match it watches, seqs intact, encoded once per set of matches', async () => {
    const second = await findEvent(t, 4, 'inplay');
    await importEvent(t, 4, second.id, second.competitionId, true);
    const both = await dataSocket();
    const twin = await dataSocket();
    const onlyFirst = await dataSocket();
    for (const client of [both, twin]) {
      expect(await client.subscribe(match.id)).toEqual({ ok: true });
      expect(await client.subscribe(second.id)).toEqual({ ok: true });
    }
    expect(await onlyFirst.subscribe(match.id)).toEqual({ ok: true });
    await until(() => both.snapshots.length === 2 && twin.snapshots.length === 2 && onlyFirst.snapshots.length === 1);
    await sleep(MARKET_DATA_BATCH_MS + 30);
    for (const client of [both, twin, onlyFirst]) {
      client.frames.length = 0;
      client.deltas.length = 0;
    }
    const snapshotSeq = (id: string) => both.snapshots.find((s) => s.matchId === id)?.seq ?? NaN;
    // A tick as the feed makes it: the changed matches' events, then the batch's flush.
    const scoreOf = (matchId: string, summary: string) => ({
      eventId: matchId, sportId: 4, home: 'H', away: 'A', summary, detail: [], inPlay: true, ballRunning: false, updatedAt: new Date(clock.nowMs()),
    });
    const tick = (matchIds: string[], summary: string) => {
      for (const matchId of matchIds) t.services.events.publish('catalog.matchChanged', { matchId, markets: [], fancies: [], score: scoreOf(matchId, summary), removedIds: [] });
      t.services.realtime.marketData.flushNow();
    };
    const encode = jest.spyOn(t.services.realtime.io.encoder, 'encode');
    try {
      tick([match.id, second.id], '1/0');
      tick([match.id], '2/0');
      tick([second.id], '3/0');
      await until(() => both.frames.length === 3 && twin.frames.length === 3 && onlyFirst.frames.length === 2);
      await sleep(50);
      const shape = (frames: MatchDelta[][]) => frames.map((frame) => frame.map((d) => [d.matchId, d.seq, d.score?.summary]));
      const [a, b] = [snapshotSeq(match.id), snapshotSeq(second.id)];
      // Two matches changed in one tick: one frame to a socket watching both, each delta with its own next seq.
      expect(shape(both.frames)).toEqual([
        [[match.id, a + 1, '1/0'], [second.id, b + 1, '1/0']],
        [[match.id, a + 2, '2/0']],
        [[second.id, b + 2, '3/0']],
      ]);
      // The same set of matches gets the same frame; a socket watching one match gets only it.
      expect(twin.frames).toEqual(both.frames);
      expect(shape(onlyFirst.frames)).toEqual([[[match.id, a + 1, '1/0']], [[match.id, a + 2, '2/0']]]);
      // Encoded once per distinct set: {first, second} and {first} in the first tick, then once per room.
      expect(encode.mock.calls.filter(([packet]) => (packet as { data?: unknown[] }).data?.[0] === 'deltas')).toHaveLength(4);
    } finally {
      encode.mockRestore();
    }
  });

  it("a tick reaches the room's sockets of that moment: one that joined since the last tick, not one that left or disconnected", async () => {
    const first = await dataSocket();
    const later = await dataSocket();
    const leaver = await dataSocket();
    const dropped = await dataSocket();
    for (const client of [first, leaver, dropped]) expect(await client.subscribe()).toEqual({ ok: true });
    await until(() => first.snapshots.length === 1 && leaver.snapshots.length === 1 && dropped.snapshots.length === 1);
    await sleep(MARKET_DATA_BATCH_MS + 30);
    const all = [first, later, leaver, dropped];
    for (const client of all) client.deltas.length = 0;
    const tick = (summary: string) => {
      const score = { eventId: match.id, sportId: 4, home: 'H', away: 'A', summary, detail: [], inPlay: true, ballRunning: false, updatedAt: new Date(clock.nowMs()) };
      t.services.events.publish('catalog.matchChanged', { matchId: match.id, markets: [], fancies: [], score, removedIds: [] });
      t.services.realtime.marketData.flushNow();
    };
    const summaries = (client: (typeof all)[number]) => client.deltas.map((d) => d.score?.summary);

    tick('a');
    await until(() => first.deltas.length === 1 && leaver.deltas.length === 1 && dropped.deltas.length === 1);
    // Joins and leaves between ticks change who gets the next one.
    expect(await later.subscribe()).toEqual({ ok: true });
    await until(() => later.snapshots.length === 1);
    expect(await leaver.unsubscribe()).toEqual({ ok: true });
    dropped.socket.disconnect();
    await until(() => t.services.realtime.io.of('/data').sockets.size === 3);
    tick('b');
    await until(() => first.deltas.length === 2 && later.deltas.length === 1);
    await sleep(50);
    expect(summaries(first)).toEqual(['a', 'b']);
    expect(summaries(later)).toEqual(['b']);
    expect(summaries(leaver)).toEqual(['a']);
    expect(summaries(dropped)).toEqual(['a']);
    expect(later.deltas[0]?.seq).toBe((first.deltas[1]?.seq ?? NaN));
  });

  it('a match that is not imported is refused without a snapshot; so is a malformed request', async () => {
    const client = await dataSocket();
    const other = await findEvent(t, 4, 'upcoming');
    expect(await client.subscribe(other.id)).toEqual({ ok: false, message: 'Match not found' });
    const malformed = await new Promise<SocketAck>((resolve) => client.socket.emit('subscribe', { matchId: 42 }, resolve));
    expect(malformed.ok).toBe(false);
    await sleep(100);
    expect(client.snapshots).toEqual([]);
  });
});

describe('admin switches reach subscribers', () => {
  it('a market switched off is removed; a hidden match stops its deltas until shown again', async () => {
    const client = await dataSocket();
    await client.subscribe();
    await until(() => client.snapshots.length === 1);
    const bookmaker = client.snapshots[0]?.markets.find((m) => m.type === 'bookmaker');
    if (bookmaker === undefined) throw new Error('no bookmaker');
    await sleep(MARKET_DATA_BATCH_MS + 30);
    client.deltas.length = 0;
    const off = await t.request({ method: 'POST', url: '/api/update-market', token: admin, payload: { marketId: bookmaker.marketId, active: false } });
    expect(off.statusCode).toBe(200);
    await until(() => client.deltas.some((d) => d.removed?.includes(bookmaker.marketId) === true), MARKET_DATA_BATCH_MS + 200);
    // The feed keeps moving it, but players no longer get it.
    await stepFeed(t, clock, 3_000);
    await sleep(MARKET_DATA_BATCH_MS + 30);
    expect(client.deltas.flatMap((d) => d.markets ?? []).some((m) => m.marketId === bookmaker.marketId)).toBe(false);
    await t.request({ method: 'POST', url: '/api/update-market', token: admin, payload: { marketId: bookmaker.marketId, active: true } });
    await until(() => client.deltas.some((d) => (d.markets ?? []).some((m) => m.marketId === bookmaker.marketId)), MARKET_DATA_BATCH_MS + 200);

    await t.request({ method: 'POST', url: '/api/update-match', token: admin, payload: { matchId: match.id, active: false } });
    await until(() => client.deltas.some((d) => (d.removed ?? []).length >= 14), MARKET_DATA_BATCH_MS + 200);
    await sleep(MARKET_DATA_BATCH_MS + 30);
    client.deltas.length = 0;
    await stepFeed(t, clock, 3_000);
    await sleep(2 * MARKET_DATA_BATCH_MS);
    expect(client.deltas).toEqual([]);
    // Players cannot subscribe to a hidden match; admin and sadmin can.
    const late = await dataSocket();
    expect((await late.subscribe()).ok).toBe(false);
    const staff = await dataSocket(admin);
    expect(await staff.subscribe()).toEqual({ ok: true });
    // The admin watching it does not reopen the stream to the players still in the room.
    await stepFeed(t, clock, 3_000);
    await sleep(2 * MARKET_DATA_BATCH_MS);
    expect(client.deltas).toEqual([]);
    await t.request({ method: 'POST', url: '/api/update-match', token: admin, payload: { matchId: match.id, active: true } });
    await until(() => client.deltas.some((d) => (d.markets ?? []).length > 0), MARKET_DATA_BATCH_MS + 200);
  });

  it('the hub forgets a match when its last subscriber leaves', async () => {
    const client = await dataSocket();
    await client.subscribe();
    await until(() => client.snapshots.length === 1);
    expect(t.services.realtime.marketData.watchedMatches()).toContain(match.id);
    for (const socket of sockets.splice(0)) socket.disconnect();
    await stepFeed(t, clock, 1_500);
    await sleep(2 * MARKET_DATA_BATCH_MS);
    expect(t.services.realtime.marketData.watchedMatches()).not.toContain(match.id);
  });

  it('a match that ends: the next delta carries its status, closed, and the API says so too', async () => {
    const ending = await findEvent(t, 1, 'inplay');
    await importEvent(t, 1, ending.id, ending.competitionId, true);
    // When the feed ends it (the simulator is a function of its seed and the time).
    const ahead = lookahead(t);
    let endsAt: number | null = null;
    for (let at = clock.nowMs(); at < clock.nowMs() + 4 * 60 * 60_000 && endsAt === null; at += 30_000) {
      if (ahead.poll(at).events.some((e) => e.eventId === ending.id && e.status === 'closed')) endsAt = at;
    }
    if (endsAt === null) throw new Error('the match never ends in the lookahead');
    const client = await dataSocket();
    await client.subscribe(ending.id);
    await until(() => client.snapshots.length === 1);
    await stepFeed(t, clock, endsAt - 30_000 - clock.nowMs());
    await sleep(2 * MARKET_DATA_BATCH_MS);
    expect(client.deltas.some((d) => d.matchStatus === 'closed')).toBe(false);
    await stepFeed(t, clock, 30_000);
    await until(() => client.deltas.some((d) => d.matchStatus === 'closed'));
    const seqs = client.deltas.map((d) => d.seq);
    expect(seqs).toEqual(seqs.map((_, i) => (client.snapshots[0]?.seq ?? 0) + 1 + i));
    const served = await t.request({ method: 'GET', url: `/api/get-match-by-id?matchId=${ending.id}`, token: player });
    expect(body<{ data: { status: string } }>(served).data.status).toBe('closed');
  });
});
