/**
 * Stake limits per site on the data socket (ADR 0074 "Content per site"): Sixer's own maximum
 * (₹500) reaches its player's snapshot and every delta after it, so the slip shows what placement
 * enforces; the default site's player on the same match gets the market's own limits. Snapshot +
 * deltas agree with get-market-list on each site.
 */
import { MARKET_DATA_BATCH_MS, type Market, type MatchDelta, type MatchSnapshot, type SocketAck } from '@backlay/shared/contracts';
import { io, type Socket } from 'socket.io-client';
import * as sitesRepo from '../src/sites/sites.repository';
import { FEED_START_MS, FakeClock, findEvent, importEvent, stepFeed, tickFeed } from './feed-helper';
import { body, buildTestApp, TEST_ORIGIN, type TestContext, type TestUser } from './helper';
import { addSite } from './site-helper';

const HOME = 'home.test';
const SIXER = 'play.sixer.test';

let t: TestContext;
let baseUrl: string;
const clock = new FakeClock(FEED_START_MS);
let match: { id: string; competitionId: string; name: string };
const sockets: Socket[] = [];
const players: Record<string, { user: TestUser; token: string }> = {};

async function playerOn(host: string, siteId: string): Promise<{ user: TestUser; token: string }> {
  const root = await t.createUser({ role: 'sadmin', siteId });
  const smdl = await t.createUser({ role: 'smdl', parentId: root.id });
  const mdl = await t.createUser({ role: 'mdl', parentId: smdl.id });
  const dl = await t.createUser({ role: 'dl', parentId: mdl.id });
  const user = await t.createUser({ role: 'user', parentId: dl.id });
  await t.db.query('UPDATE users SET must_change_password = false WHERE id = $1', [user.id]);
  return { user, token: (await t.login(user, 'player', host)).token };
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  await addSite(t, [SIXER], { homeDomains: [HOME] });
  players.home = await playerOn(HOME, 'backlay');
  players.sixer = await playerOn(SIXER, 'sixer');
  await sitesRepo.updateStakeLimits(t.db, 'sixer', { minStakeMinor: null, maxStakeMinor: 50_000n });
  t.services.sites.changed();
  await tickFeed(t);
  match = await findEvent(t, 4, 'inplay');
  await importEvent(t, 4, match.id, match.competitionId, true);
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await sleep(10);
  }
}

async function dataSocket(token: string, host: string) {
  const socket = io(`${baseUrl}/data`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    extraHeaders: { origin: TEST_ORIGIN, host },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const snapshots: MatchSnapshot[] = [];
  const deltas: MatchDelta[] = [];
  socket.on('snapshot', (s: MatchSnapshot) => snapshots.push(s));
  socket.on('deltas', (frame: MatchDelta[]) => deltas.push(...frame));
  const ack = await new Promise<SocketAck>((resolve) => socket.emit('subscribe', { matchId: match.id }, (a: SocketAck) => resolve(a)));
  expect(ack).toEqual({ ok: true });
  await until(() => snapshots.length === 1);
  return { snapshots, deltas };
}

function apply(snapshot: MatchSnapshot, deltas: readonly MatchDelta[]): Market[] {
  const markets = new Map(snapshot.markets.map((m) => [m.marketId, m]));
  for (const delta of deltas) {
    for (const id of delta.removed ?? []) markets.delete(id);
    for (const m of delta.markets ?? []) markets.set(m.marketId, m);
  }
  return [...markets.values()];
}

describe("a site's stake limits on the data socket", () => {
  it("Sixer's player gets its ₹500 maximum in the snapshot and every delta; the default site's the market's own", async () => {
    const sixer = await dataSocket(players.sixer!.token, SIXER);
    const home = await dataSocket(players.home!.token, HOME);
    const sixerSnapshot = sixer.snapshots[0]!;
    const homeSnapshot = home.snapshots[0]!;
    expect(sixerSnapshot.markets.length).toBeGreaterThan(0);
    expect(sixerSnapshot.markets.every((m) => m.maxStake <= 500)).toBe(true);
    expect(sixerSnapshot.fancies.every((f) => f.maxStake <= 500)).toBe(true);
    expect(homeSnapshot.markets.some((m) => m.maxStake > 500)).toBe(true);

    for (let i = 0; i < 4; i += 1) {
      await stepFeed(t, clock, 1_500);
      await sleep(MARKET_DATA_BATCH_MS + 30);
    }
    await sleep(MARKET_DATA_BATCH_MS);
    const sixerMarkets = sixer.deltas.flatMap((d) => d.markets ?? []);
    expect(sixerMarkets.length).toBeGreaterThan(0);
    expect(sixerMarkets.every((m) => m.maxStake === 500)).toBe(true);
    expect(home.deltas.flatMap((d) => d.markets ?? []).some((m) => m.maxStake > 500)).toBe(true);

    // Snapshot + deltas = what get-market-list serves on each site.
    const served = async (token: string, host: string) =>
      body<{ data: Market[] }>(await t.request({ method: 'GET', url: `/api/get-market-list?matchId=${match.id}`, token, headers: { host } })).data;
    expect(apply(sixerSnapshot, sixer.deltas)).toEqual(await served(players.sixer!.token, SIXER));
    expect(apply(homeSnapshot, home.deltas)).toEqual(await served(players.home!.token, HOME));
  });
});
