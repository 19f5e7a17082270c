/**
 * Live casino rounds over the /data socket: casinoSubscribe answers with the table's round and the
 * seq the deltas continue from; every move of the engine reaches the watchers as one casinoDelta
 * with seq + 1 carrying the whole round; an unknown table is refused; casinoUnsubscribe stops it.
 */
import { CASINO_DELTA, CASINO_SUBSCRIBE, CASINO_UNSUBSCRIBE, type CasinoDelta, type CasinoSnapshot } from '@backlay/shared/contracts';
import { buildTestApp, FakeClock, type TestContext } from './helper';
import { connected, emitWithAck, nextEvent, TestSockets } from './socket-helper';

type SubscribeAck = { ok: true; snapshot: CasinoSnapshot } | { ok: false; message: string };

const BETTING_SECONDS = 5;
let t: TestContext;
let clock: FakeClock;
let baseUrl = '';
let token = '';
const sockets = new TestSockets(() => baseUrl);

beforeAll(async () => {
  // The real time: placement checks a round's close against the database's clock.
  clock = new FakeClock(Date.now());
  t = await buildTestApp({ clock, env: { CASINO_BETTING_SECONDS: String(BETTING_SECONDS), CASINO_CHAIN_LENGTH: '10', CASINO_DEAL_MS_MAX: '2000' } });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const player = await t.createUser({ role: 'user' });
  token = (await t.login(player)).token;
  expect(await t.services.casinoEngine.acquire()).toBe(true);
  await t.services.casinoEngine.tick();
});

afterEach(() => sockets.closeAll());

afterAll(async () => {
  await t.close();
});

async function watcher() {
  const socket = sockets.connect({ token, namespace: '/data' });
  await connected(socket);
  return socket;
}

it('a watcher gets the snapshot, then one delta per move with seq + 1: the whole round, or a countdown second its clock only', async () => {
  const socket = await watcher();
  const ack = await emitWithAck<SubscribeAck>(socket, CASINO_SUBSCRIBE, { matchId: '9023' });
  if (!ack.ok) throw new Error(ack.message);
  expect(ack.snapshot.round?.status).toBe('OPEN');
  expect(ack.snapshot.round?.serverSeed).toBeNull();
  const seq = ack.snapshot.seq;

  // A second passes: the countdown.
  clock.advance(1_000);
  const countdown = nextEvent<CasinoDelta>(socket, CASINO_DELTA);
  await t.services.casinoEngine.tick();
  const second = await countdown;
  expect(second).toEqual({
    matchId: '9023',
    seq: seq + 1,
    phase: 'countdown',
    countdown: { roundId: ack.snapshot.round?.roundId, secondsLeft: BETTING_SECONDS - 1, serverTime: new Date(clock.nowMs()).toISOString() },
  });

  // Bets close: the cards are dealt, the seed still hidden.
  clock.advance(BETTING_SECONDS * 1000);
  const closed = nextEvent<CasinoDelta>(socket, CASINO_DELTA);
  await t.services.casinoEngine.tick();
  const closedDelta = await closed;
  expect(closedDelta).toMatchObject({ seq: seq + 2, phase: 'closed', round: { status: 'CLOSED', serverSeed: null } });
  if (closedDelta.phase === 'countdown') throw new Error('expected the closed round');
  expect(closedDelta.round?.cards.length).toBe(2);

  // Settled: the seed is revealed.
  clock.advance(2_000);
  const settled = nextEvent<CasinoDelta>(socket, CASINO_DELTA);
  await t.services.casinoEngine.tick();
  const settledDelta = await settled;
  expect(settledDelta).toMatchObject({ seq: seq + 3, phase: 'settled', round: { status: 'SETTLED' } });
  if (settledDelta.phase === 'countdown') throw new Error('expected the settled round');
  expect(settledDelta.round?.serverSeed).toMatch(/^[0-9a-f]{64}$/);
});

it('refuses an unknown table and a malformed payload; after casinoUnsubscribe no delta arrives', async () => {
  const socket = await watcher();
  expect(await emitWithAck<SubscribeAck>(socket, CASINO_SUBSCRIBE, { matchId: 'nope' })).toMatchObject({ ok: false });
  expect(await emitWithAck<SubscribeAck>(socket, CASINO_SUBSCRIBE, { matchId: 42 })).toMatchObject({ ok: false });
  expect(await emitWithAck<SubscribeAck>(socket, CASINO_SUBSCRIBE, { matchId: '9027' })).toMatchObject({ ok: true });
  expect(await emitWithAck(socket, CASINO_UNSUBSCRIBE, { matchId: '9027' })).toMatchObject({ ok: true });
  let deltas = 0;
  socket.on(CASINO_DELTA, () => (deltas += 1));
  clock.advance(1_000);
  await t.services.casinoEngine.tick();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(deltas).toBe(0);
});
