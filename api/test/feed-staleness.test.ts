/**
 * Markets that protect themselves (issue 30, ADR 0039), with a provider the test drives
 * (scripted-feed.ts) and the app's own ingest stepped on a fake clock: a provider silent past its
 * staleness has its open markets suspended in the database and to the sockets (the domain event),
 * so a bet at the old price is refused; a fresh price reopens them; a drop or a reconnection
 * reopens nothing on a cached price; a market turning in play on its pre-match prices is
 * suspended before a bet (even one waiting its delay) can take them; the provider's SUSPENDED
 * applies at once; and an admin's suspension is never undone by fresh prices.
 */
import type { FeedStatus } from '@backlay/shared/contracts';
import { randomUUID } from 'node:crypto';
import type { DomainEventMap } from '../src/common/domain-events';
import type { FeedEvent, FeedFancy, FeedMarket } from '../src/feed/feed-provider';
import { createChain, createPlayer, type Player } from './bet-reports-helper';
import { FEED_START_MS, FakeClock, importEvent, tickFeed } from './feed-helper';
import { body, buildTestApp, idempotent, type TestContext } from './helper';
import { SCRIPTED_COMPETITION, SCRIPTED_SPORT, ScriptedProvider, scriptedEvent, twoRunnerMarket } from './scripted-feed';

const STALE_MS = 5_000;
const METRICS_TOKEN = 'feed-staleness-metrics-0123456789';
const clock = new FakeClock(FEED_START_MS);
const provider = new ScriptedProvider(clock, STALE_MS);
const published: Array<DomainEventMap['catalog.matchChanged']> = [];

let t: TestContext;
let player: Player;
let adminToken: string;
let tokens: Record<'admin' | 'sadmin' | 'smdl' | 'mdl' | 'dl', string>;

const EVENT: FeedEvent = scriptedEvent('sc-ev-1', FEED_START_MS);
/** The market the staleness steps use; the in-play steps have their own. */
const ODDS = 'sc-mo-1';
const TURNING = 'sc-mo-2';
const TURNING_NEW_PRICES = 'sc-mo-3';
const FANCY = 'sc-ev-1-F01';
const fancyAt = (run: number): FeedFancy => ({
  fancyId: FANCY,
  eventId: EVENT.eventId,
  name: '6 over runs Home XI',
  gtype: 'session',
  sortOrder: 1,
  status: 'open',
  noRun: run,
  noRate: 100,
  yesRun: run + 1,
  yesRate: 100,
  result: null,
});

beforeAll(async () => {
  t = await buildTestApp({ clock, feedProvider: provider, env: { METRICS_TOKEN } });
  t.services.events.on('catalog.matchChanged', (event) => published.push(event));
  provider.sendEvent(EVENT);
  provider.send(twoRunnerMarket(ODDS, EVENT.eventId, [200, 180]));
  provider.send(twoRunnerMarket(TURNING, EVENT.eventId, [250, 150], { sortOrder: 2, name: 'Match Odds (turning)' }));
  provider.send(twoRunnerMarket(TURNING_NEW_PRICES, EVENT.eventId, [300, 140], { sortOrder: 3, name: 'Match Odds (new prices)' }));
  provider.sendFancy(fancyAt(45));
  await tickFeed(t);
  await importEvent(t, SCRIPTED_SPORT, EVENT.eventId, SCRIPTED_COMPETITION.competitionId);
  // No bet delay unless a step sets one: the refusals come from the status, not the wait.
  await t.db.query('UPDATE markets SET bet_delay_sec = 0 WHERE event_id = $1', [EVENT.eventId]);
  const chain = await createChain(t);
  adminToken = chain.tokens.admin;
  tokens = chain.tokens;
  player = await createPlayer(t, chain.agents.dl.id, 10_000n);
});
afterAll(() => t.close());

/** Moves the clock and ticks the ingest. */
async function step(ms: number): Promise<void> {
  clock.advance(ms);
  await tickFeed(t);
}

async function stored(marketId: string): Promise<{ feedStatus: string; holdReason: string | null; adminSuspended: boolean }> {
  const { rows } = await t.db.query<{ feedStatus: string; holdReason: string | null; adminSuspended: boolean }>(
    'SELECT feed_status AS "feedStatus", hold_reason AS "holdReason", admin_suspended AS "adminSuspended" FROM markets WHERE id = $1',
    [marketId],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`no market ${marketId}`);
  return row;
}

async function storedFancy(): Promise<{ feedStatus: string; holdReason: string | null }> {
  const { rows } = await t.db.query<{ feedStatus: string; holdReason: string | null }>(
    'SELECT feed_status AS "feedStatus", hold_reason AS "holdReason" FROM fancies WHERE id = $1',
    [FANCY],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('no fancy');
  return row;
}

/** The status players see, over HTTP. */
async function shownStatus(marketId: string): Promise<string> {
  const res = await t.request({ method: 'GET', url: `/api/get-market-list?matchId=${EVENT.eventId}`, token: player.token });
  expect(res.statusCode).toBe(200);
  const market = body<{ data: Array<{ marketId: string; status: string }> }>(res).data.find((m) => m.marketId === marketId);
  if (market === undefined) throw new Error(`market ${marketId} not listed`);
  return market.status;
}

/** The market's status in the last domain event that carried it (what the data socket is sent). */
function lastPublishedStatus(marketId: string): string | undefined {
  const rows = published.flatMap((e) => e.markets).filter((m) => m.id === marketId);
  return rows.at(-1)?.feedStatus;
}

/** One sample of /metrics (`name{labels} value`), or null when absent. */
async function metric(line: string): Promise<number | null> {
  const res = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.statusCode).toBe(200);
  const found = res.body.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? null : Number(found.slice(found.lastIndexOf(' ') + 1));
}

/** GET /api/feed-status as the admin. */
async function feedStatus(): Promise<FeedStatus> {
  const res = await t.request({ method: 'GET', url: '/api/feed-status', token: adminToken });
  expect(res.statusCode).toBe(200);
  return body<{ data: FeedStatus }>(res).data;
}

function back(marketId: string, odds: number) {
  return t.request({
    method: 'POST',
    url: '/api/placebet',
    token: player.token,
    headers: idempotent(randomUUID()),
    payload: { matchId: EVENT.eventId, marketId, selectionId: '11', side: 'BACK', odds, stake: 100 },
  });
}

async function expectSuspendedRefusal(marketId: string, odds: number): Promise<void> {
  const res = await back(marketId, odds);
  expect({ status: res.statusCode, code: body<{ data: { code: string } }>(res).data.code }).toEqual({ status: 409, code: 'MARKET_SUSPENDED' });
}

function withPrices(marketId: string, prices: [number, number], extra: Partial<FeedMarket> = {}): FeedMarket {
  const current = provider.market(marketId);
  return twoRunnerMarket(marketId, EVENT.eventId, prices, { sortOrder: current.sortOrder, name: current.name, inPlay: current.inPlay, ...extra });
}

describe('a provider that goes silent', () => {
  it('keeps its markets open while heartbeats come, however long the prices stand still', async () => {
    expect((await back(ODDS, 2)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      clock.advance(STALE_MS - 1_000);
      provider.heartbeat();
      await tickFeed(t);
    }
    expect(await stored(ODDS)).toEqual({ feedStatus: 'open', holdReason: null, adminSuspended: false });
  });

  it('past its staleness: every open market is suspended in the database and to the sockets, and a bet at the old price is refused', async () => {
    published.length = 0;
    await step(STALE_MS);
    expect((await stored(ODDS)).feedStatus).toBe('open'); // exactly the staleness: not yet
    await step(1);
    expect(await stored(ODDS)).toEqual({ feedStatus: 'suspended', holdReason: 'stale', adminSuspended: false });
    expect(await storedFancy()).toEqual({ feedStatus: 'suspended', holdReason: 'stale' });
    expect(published.flatMap((e) => e.fancies).filter((f) => f.id === FANCY).at(-1)?.feedStatus).toBe('suspended');
    const fancyBet = await t.request({
      method: 'POST',
      url: '/api/placebet',
      token: player.token,
      headers: idempotent(randomUUID()),
      payload: { matchId: EVENT.eventId, fancyId: FANCY, side: 'YES', run: 46, rate: 100, stake: 100 },
    });
    expect({ status: fancyBet.statusCode, code: body<{ data: { code: string } }>(fancyBet).data.code }).toEqual({ status: 409, code: 'MARKET_SUSPENDED' });
    expect(lastPublishedStatus(ODDS)).toBe('suspended');
    expect(lastPublishedStatus(TURNING)).toBe('suspended');
    expect(await shownStatus(ODDS)).toBe('suspended');
    await expectSuspendedRefusal(ODDS, 2);
    expect(t.services.feed.status()).toMatchObject({ provider: 'scripted', stale: 'silent', staleAfterMs: STALE_MS, staleSuspensions: 4 });
    expect(await feedStatus()).toEqual({
      provider: 'scripted',
      checkedAt: new Date(clock.nowMs()).toISOString(),
      connected: true,
      lastMessageAt: new Date(clock.nowMs() - STALE_MS - 1).toISOString(),
      lastMessageAgeSec: (STALE_MS + 1) / 1000,
      staleAfterSec: STALE_MS / 1000,
      stale: 'silent',
      reconnects: 0,
      marketsSubscribed: 3,
      lagMs: 40,
      lastError: null,
      staleSuspensions: 4,
      markets: { open: 0, suspended: 4, ballRunning: 0, closed: 0, heldStale: 4, heldInPlay: 0, adminSuspended: 0 },
    });
    expect(await metric('backlay_feed_stale_suspensions_total{reason="silent"}')).toBe(4);
    expect(await metric('backlay_feed_markets{status="held_stale"}')).toBe(4);
    expect(await metric('backlay_feed_markets{status="open"}')).toBe(0);
    expect(await metric('backlay_feed_last_message_age_seconds{provider="scripted"}')).toBe((STALE_MS + 1) / 1000);
    expect(await metric('backlay_feed_connected{provider="scripted"}')).toBe(1);
    expect(await metric('backlay_feed_lag_seconds{provider="scripted"}')).toBe(0.04);
    expect(await metric('backlay_feed_markets_subscribed{provider="scripted"}')).toBe(3);
  });

  it('stays suspended on heartbeats alone, and reopens a market when a fresh price arrives for it', async () => {
    provider.heartbeat();
    await step(500);
    expect((await stored(ODDS)).feedStatus).toBe('suspended');
    provider.send(withPrices(ODDS, [204, 178]));
    published.length = 0;
    await step(500);
    expect(await stored(ODDS)).toEqual({ feedStatus: 'open', holdReason: null, adminSuspended: false });
    expect(lastPublishedStatus(ODDS)).toBe('open');
    // Markets that had no fresh price stay suspended.
    expect(await stored(TURNING)).toMatchObject({ feedStatus: 'suspended', holdReason: 'stale' });
    expect((await back(ODDS, 2.04)).statusCode).toBe(200);
    // The others reopen with theirs.
    provider.send(withPrices(TURNING, [250, 150]));
    provider.send(withPrices(TURNING_NEW_PRICES, [300, 140]));
    await step(500);
    expect((await stored(TURNING)).feedStatus).toBe('open');
    expect(await storedFancy()).toEqual({ feedStatus: 'suspended', holdReason: 'stale' });
    provider.sendFancy(fancyAt(47));
    await step(500);
    expect(await storedFancy()).toEqual({ feedStatus: 'open', holdReason: null });
    expect(t.services.feed.status().stale).toBeNull();
  });
});

describe('a reconnection', () => {
  it('a dropped connection suspends at once; after the reconnection the cached prices reopen nothing, a fresh one does', async () => {
    const before = provider.market(ODDS);
    const cachedAt = clock.nowMs();
    provider.connected = false;
    await step(500);
    expect(await stored(ODDS)).toMatchObject({ feedStatus: 'suspended', holdReason: 'stale' });
    expect(t.services.feed.status().stale).toBe('disconnected');
    expect(await metric('backlay_feed_connected{provider="scripted"}')).toBe(0);
    expect(await feedStatus()).toMatchObject({ connected: false, stale: 'disconnected', lastError: 'connection reset', staleSuspensions: 8 });
    expect(await metric('backlay_feed_stale_suspensions_total{reason="disconnected"}')).toBe(4);

    provider.connected = true;
    provider.reconnects += 1;
    provider.send(before, cachedAt); // the adapter's cache, handed back as it was
    await step(500);
    expect(await stored(ODDS)).toMatchObject({ feedStatus: 'suspended', holdReason: 'stale' });
    provider.send(before, cachedAt);
    await step(500);
    expect(await stored(ODDS)).toMatchObject({ feedStatus: 'suspended', holdReason: 'stale' });
    await expectSuspendedRefusal(ODDS, 2.04);

    provider.send(withPrices(ODDS, [206, 176]));
    await step(500);
    expect(await stored(ODDS)).toMatchObject({ feedStatus: 'open', holdReason: null });
  });

  it('a reconnection between two ticks holds the markets though the connection looks up, until a message after it', async () => {
    provider.reconnects += 1;
    // The poll of that tick brings a price: it may be the cache's, so it does not reopen.
    provider.send(withPrices(ODDS, [206, 176]));
    await step(500);
    expect(await stored(ODDS)).toMatchObject({ feedStatus: 'suspended', holdReason: 'stale' });
    expect(t.services.feed.status().stale).toBe('reconnected');
    expect(await metric('backlay_feed_reconnects{provider="scripted"}')).toBe(2);
    provider.send(withPrices(ODDS, [208, 174]));
    await step(500);
    expect(await stored(ODDS)).toMatchObject({ feedStatus: 'open', holdReason: null });
    // Reopen the others for the steps below.
    provider.send(withPrices(TURNING, [250, 150]));
    provider.send(withPrices(TURNING_NEW_PRICES, [300, 140]));
    await step(500);
  });
});

describe('the provider\'s own word', () => {
  it('SUSPENDED applies at the tick that brings it, prices and status together', async () => {
    provider.send(withPrices(ODDS, [210, 172], { status: 'suspended' }));
    await step(500);
    expect(await stored(ODDS)).toEqual({ feedStatus: 'suspended', holdReason: null, adminSuspended: false });
    await expectSuspendedRefusal(ODDS, 2.1);
    provider.send(withPrices(ODDS, [210, 172]));
    await step(500);
    expect((await stored(ODDS)).feedStatus).toBe('open');
  });

  it('turning in play on the pre-match prices suspends before a bet waiting its delay can take them; the next price reopens', async () => {
    await t.db.query('UPDATE markets SET bet_delay_sec = 1 WHERE id = $1', [TURNING]);
    const pending = back(TURNING, 2.5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    provider.send(withPrices(TURNING, [250, 150], { inPlay: true }));
    await step(500);
    expect(await stored(TURNING)).toMatchObject({ feedStatus: 'suspended', holdReason: 'in_play' });
    const res = await pending;
    expect({ status: res.statusCode, code: body<{ data: { code: string } }>(res).data.code }).toEqual({ status: 409, code: 'MARKET_SUSPENDED' });
    // Another message on the same old prices, received later: in-play prices now, the market reopens.
    await t.db.query('UPDATE markets SET bet_delay_sec = 0 WHERE id = $1', [TURNING]);
    provider.send(withPrices(TURNING, [240, 160], { inPlay: true }));
    await step(500);
    expect(await stored(TURNING)).toMatchObject({ feedStatus: 'open', holdReason: null });
    expect((await back(TURNING, 2.4)).statusCode).toBe(200);
  });

  it('turning in play with new prices in the same message (the simulator) is not held', async () => {
    provider.send(withPrices(TURNING_NEW_PRICES, [280, 150], { inPlay: true }));
    await step(500);
    expect(await stored(TURNING_NEW_PRICES)).toMatchObject({ feedStatus: 'open', holdReason: null });
  });
});

describe('an admin\'s suspension', () => {
  const setSuspended = async (suspended: boolean) => {
    const res = await t.request({ method: 'POST', url: '/api/update-market', token: adminToken, payload: { marketId: ODDS, suspended } });
    expect(res.statusCode).toBe(200);
  };

  it('is not undone by fresh prices after a stale spell, and lifting it does not reopen a stale market', async () => {
    await setSuspended(true);
    await step(STALE_MS + 1);
    expect(await stored(ODDS)).toEqual({ feedStatus: 'suspended', holdReason: 'stale', adminSuspended: true });
    provider.send(withPrices(ODDS, [212, 170]));
    await step(500);
    expect(await stored(ODDS)).toEqual({ feedStatus: 'open', holdReason: null, adminSuspended: true });
    expect(await shownStatus(ODDS)).toBe('suspended');
    await expectSuspendedRefusal(ODDS, 2.12);

    await step(STALE_MS + 1);
    await setSuspended(false);
    expect(await stored(ODDS)).toEqual({ feedStatus: 'suspended', holdReason: 'stale', adminSuspended: false });
    await expectSuspendedRefusal(ODDS, 2.12);
    provider.send(withPrices(ODDS, [212, 170]));
    await step(500);
    expect(await shownStatus(ODDS)).toBe('open');
    expect((await back(ODDS, 2.12)).statusCode).toBe(200);
  });
});

describe('GET /api/feed-status', () => {
  it('answers admin and sadmin only: the agents and players get 403, no token 401', async () => {
    for (const role of ['admin', 'sadmin'] as const) {
      expect({ role, status: (await t.request({ method: 'GET', url: '/api/feed-status', token: tokens[role] })).statusCode }).toEqual({ role, status: 200 });
    }
    for (const [role, token] of [['smdl', tokens.smdl], ['mdl', tokens.mdl], ['dl', tokens.dl], ['user', player.token]] as const) {
      const res = await t.request({ method: 'GET', url: '/api/feed-status', token });
      expect({ role, status: res.statusCode }).toEqual({ role, status: 403 });
      expect(res.body).not.toContain('scripted');
    }
    expect((await t.request({ method: 'GET', url: '/api/feed-status' })).statusCode).toBe(401);
  });

  it('before the feed has ever run, names the provider and says nothing of a connection', async () => {
    await t.db.query('DELETE FROM feed_health');
    expect(await feedStatus()).toMatchObject({ provider: 'scripted', checkedAt: null, connected: null, lastMessageAgeSec: null, staleAfterSec: 5, staleSuspensions: 0 });
  });
});
