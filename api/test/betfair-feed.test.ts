/**
 * Markets that protect themselves (issue 30, ADR 0039) over the real Betfair adapter: the
 * BetfairProvider connected over TLS to the local protocol test server (ADR 0038) replaying the
 * recorded T20 (api/feed-data/betfair), the app's own ingest and database, bets through the API.
 * The server plays the recording one step at a time (autoplay off), so the test decides what the
 * stream has said at each tick; the ingest and the provider share a FakeClock (what a message was
 * received at, and how long the feed has been silent, are the test's to decide), while the socket
 * runs in real time: every wait is for what the server sent to have arrived, with a deadline.
 *
 * Each protection, through the product: silence past the staleness suspends (database, the
 * market list, a bet at the last price refused), a fresh price reopens; a dropped connection
 * resumed by clk reopens nothing on the cache, only on a message after the resume; Betfair's
 * SUSPENDED is written at once, the provider waking the ingest (ADR 0043), so neither a bet
 * waiting its delay nor one with none takes the old price; the turn in play
 * (the definition alone, prices unchanged) is held until in-play prices come. The admin feed page
 * shows the provider's health, and names a refused login.
 */
import type { FeedStatus } from '@backlay/shared/contracts';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { BetfairProvider } from '../src/feed/betfair/betfair-provider';
import type { MarketCatalogue } from '../src/feed/betfair/betting-api';
import type { MarketChangeMessage } from '../src/feed/betfair/protocol';
import { makeTestCertificate } from '../src/feed/betfair/test-certificate';
import { asImage, BetfairTestServer, mergeMarketChanges, readRecording } from '../src/feed/betfair/test-server';
import { createChain, createPlayer, type Player } from './bet-reports-helper';
import { FEED_START_MS, FakeClock, importEvent, tickFeed } from './feed-helper';
import { body, buildTestApp, idempotent, type TestContext } from './helper';

const MARKET = '1.200806927';
const EVENT = '31573045';
const NETHERLANDS = '228749';
const CRICKET = 4;
/** The server's heartbeat (Betfair's least): the provider's staleness is two of them. */
const HEARTBEAT_MS = 500;
const STALE_MS = 2 * HEARTBEAT_MS;

/**
 * The recorded match as the server plays it: the image a subscriber gets before the start (lines
 * 1–999 merged: the definition and the pre-match ladders), ten pre-match changes (1000–1009),
 * Betfair's SUSPENDED before the start (1010), two changes while suspended (1011–1012), the turn
 * in play (1013: OPEN, inPlay, betDelay 5, with its first in-play prices) and the next change
 * (1014). Line 1013 is played as Betfair may send it, in two messages: the definition alone, then
 * the prices, so the market turns in play on its pre-match prices first.
 */
function timeline(): MarketChangeMessage[] {
  const file = path.resolve(__dirname, '..', 'feed-data', 'betfair', '1.200806927.cricket-match-odds.jsonl.gz');
  const before = readRecording({ file, lines: [[1, 999]] });
  const image: MarketChangeMessage = { op: 'mcm', pt: before.at(-1)?.pt ?? 0, mc: [...mergeMarketChanges(before.flatMap((m) => m.mc ?? [])).values()].map(asImage) };
  const lines = readRecording({ file, lines: [[1000, 1014]] });
  const turn = lines[13];
  const change = turn?.mc?.[0];
  if (turn === undefined || change?.marketDefinition?.inPlay !== true || change.rc === undefined) throw new Error('line 1013 is not the turn in play');
  const { rc, ...definitionOnly } = change;
  return [image, ...lines.slice(0, 13), { ...turn, mc: [definitionOnly] }, { ...turn, mc: [{ id: change.id, rc }] }, ...lines.slice(14)];
}

const CATALOGUE: MarketCatalogue = {
  marketId: MARKET,
  marketName: 'Match Odds',
  event: { id: EVENT, name: 'Netherlands v Papua New Guinea', openDate: '2022-07-11T11:00:00.000Z' },
  eventType: { id: '4', name: 'Cricket' },
  competition: { id: '12345', name: 'PNG Tour of Netherlands' },
  runners: [
    { selectionId: 228749, runnerName: 'Netherlands', sortPriority: 1 },
    { selectionId: 2857977, runnerName: 'Papua New Guinea', sortPriority: 2 },
  ],
};

const certificate = makeTestCertificate();
const server = new BetfairTestServer({ recordings: [timeline()], appKey: 'test-app-key', sessionTokens: ['test-session'], autoplay: false, certificate });
const clock = new FakeClock(FEED_START_MS);
let provider: BetfairProvider;
let t: TestContext;
let player: Player;
let adminToken: string;

async function waitFor(what: string, predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Polls an async condition until it holds or the deadline passes. */
async function until(what: string, predicate: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The provider has everything the server played (its clk is the server's position). */
function caughtUp(): boolean {
  const clk = provider.streamStatus().clk;
  return clk !== null && server.positionOf(clk) === server.played;
}

/** Plays the next lines of the recording (received a little after the last tick) and waits until the provider has them. */
async function play(lines: number): Promise<void> {
  clock.advance(10);
  server.playNext(lines);
  await waitFor(`line ${server.played} at the provider`, caughtUp);
}

/** Moves the feed's clock and ticks the ingest. */
async function step(ms = 10): Promise<void> {
  clock.advance(ms);
  await tickFeed(t);
}

async function stored(): Promise<{ feedStatus: string; holdReason: string | null; inPlay: boolean; betDelaySec: number }> {
  const { rows } = await t.db.query<{ feedStatus: string; holdReason: string | null; inPlay: boolean; betDelaySec: number }>(
    'SELECT feed_status AS "feedStatus", hold_reason AS "holdReason", in_play AS "inPlay", bet_delay_sec AS "betDelaySec" FROM markets WHERE id = $1',
    [MARKET],
  );
  if (rows[0] === undefined) throw new Error('the market is not stored');
  return rows[0];
}

/** The Netherlands' best back price as stored (decimal odds): what a player sees and bets at. */
async function bestBack(): Promise<number> {
  const { rows } = await t.db.query<{ price: number }>('SELECT back_prices[1] AS price FROM runners WHERE market_id = $1 AND selection_id = $2', [MARKET, NETHERLANDS]);
  const price = rows[0]?.price;
  if (typeof price !== 'number') throw new Error('no back price');
  return price / 100;
}

/** Both runners' ladders as stored (prices only). */
async function ladders(): Promise<unknown> {
  const { rows } = await t.db.query('SELECT selection_id, back_prices, lay_prices FROM runners WHERE market_id = $1 ORDER BY selection_id', [MARKET]);
  return rows;
}

/** The market's status in the player's market list. */
async function shownStatus(): Promise<string> {
  const res = await t.request({ method: 'GET', url: `/api/get-market-list?matchId=${EVENT}`, token: player.token });
  expect(res.statusCode).toBe(200);
  const market = body<{ data: Array<{ marketId: string; status: string }> }>(res).data.find((m) => m.marketId === MARKET);
  if (market === undefined) throw new Error('the market is not listed');
  return market.status;
}

function back(odds: number) {
  return t.request({
    method: 'POST',
    url: '/api/placebet',
    token: player.token,
    headers: idempotent(randomUUID()),
    payload: { matchId: EVENT, marketId: MARKET, selectionId: NETHERLANDS, side: 'BACK', odds, stake: 100 },
  });
}

const outcome = (res: Awaited<ReturnType<typeof back>>) => ({ status: res.statusCode, code: body<{ data: { code?: string } }>(res).data.code });

async function feedStatus(): Promise<FeedStatus> {
  const res = await t.request({ method: 'GET', url: '/api/feed-status', token: adminToken });
  expect(res.statusCode).toBe(200);
  return body<{ data: FeedStatus }>(res).data;
}

beforeAll(async () => {
  provider = new BetfairProvider({
    stream: await server.clientOptions({ heartbeatMs: HEARTBEAT_MS }),
    catalogue: { listMarketCatalogue: (ids) => Promise.resolve(ids.includes(MARKET) ? [CATALOGUE] : []) },
    gbpInrRateHundredths: 10_550,
    now: () => clock.nowMs(),
  });
  t = await buildTestApp({ clock, feedProvider: provider });
  // The first poll connects; the image arrives and the catalogue names the match.
  await tickFeed(t);
  await waitFor('the named match', () => caughtUp() && provider.events(CRICKET).some((e) => e.name === 'Netherlands v Papua New Guinea'));
  await step();
  // The admin's import, as the admin page does it (the competition is the stream model's id).
  await importEvent(t, CRICKET, EVENT, provider.events(CRICKET)[0]?.competitionId ?? '');
  // No delay pre-match (Betfair's is 0; the sport's default would only slow the test down).
  await t.db.query('UPDATE markets SET bet_delay_sec = 0 WHERE id = $1', [MARKET]);
  const chain = await createChain(t);
  adminToken = chain.tokens.admin;
  player = await createPlayer(t, chain.agents.dl.id, 10_000n);
});

afterAll(async () => {
  await provider.close();
  await server.close();
  await t.close();
});

describe('the recorded T20 over the Betfair adapter', () => {
  it('is imported with its prices, open, and a bet at the live price is taken', async () => {
    expect(await stored()).toEqual({ feedStatus: 'open', holdReason: null, inPlay: false, betDelaySec: 0 });
    expect(await shownStatus()).toBe('open');
    expect((await back(await bestBack())).statusCode).toBe(200);
    expect(provider.health()).toMatchObject({ connected: true, reconnects: 0, marketsSubscribed: 1, lastError: null });
  });

  it('(a) a server silent past the staleness (no heartbeat either): suspended in the database and the list, a bet at the last price refused', async () => {
    const lastPrice = await bestBack();
    // Silent from just after a heartbeat (the next is half a second of real time away, so none is on its way).
    clock.advance(10);
    await waitFor('a heartbeat', () => provider.health().lastMessageAtMs === clock.nowMs());
    server.goSilent();
    const lastHeard = clock.nowMs();
    await step(STALE_MS);
    expect(provider.health().lastMessageAtMs).toBe(lastHeard);
    expect((await stored()).feedStatus).toBe('open'); // exactly the staleness: not yet
    await step(1);
    expect(await stored()).toMatchObject({ feedStatus: 'suspended', holdReason: 'stale' });
    expect(t.services.feed.status().stale).toBe('silent');
    expect(await shownStatus()).toBe('suspended');
    expect(outcome(await back(lastPrice))).toEqual({ status: 409, code: 'MARKET_SUSPENDED' });
  });

  it('(b) stays held on heartbeats alone; a fresh price reopens it and a bet at the live price is taken', async () => {
    server.speakAgain();
    const heartbeats = provider.health().lastMessageAtMs;
    clock.advance(10);
    await waitFor('a heartbeat', () => provider.health().lastMessageAtMs !== heartbeats);
    await step();
    expect(await stored()).toMatchObject({ feedStatus: 'suspended', holdReason: 'stale' });
    expect(t.services.feed.status().stale).toBeNull();

    await play(1);
    await step();
    expect(await stored()).toEqual({ feedStatus: 'open', holdReason: null, inPlay: false, betDelaySec: 0 });
    expect(await shownStatus()).toBe('open');
    expect((await back(await bestBack())).statusCode).toBe(200);
    // The admin feed page: the Betfair provider's own health, as the leader wrote it.
    expect(await feedStatus()).toMatchObject({
      provider: 'betfair',
      connected: true,
      reconnects: 0,
      marketsSubscribed: 1,
      lastError: null,
      staleAfterSec: STALE_MS / 1000,
      stale: null,
      markets: { open: 1, heldStale: 0 },
    });
  });

  it('(c) a dropped connection resumed by clk reopens nothing on the cache, only on a message after the resume', async () => {
    server.dropConnections();
    clock.advance(10);
    server.playNext(1); // a change while the connection is down: the resume's delta brings it
    await waitFor('the resumed stream', () => provider.health().reconnects === 1 && provider.health().connected && caughtUp());
    expect(server.subscriptions.map((s) => s.answer)).toEqual(['SUB_IMAGE', 'RESUB_DELTA']);
    await step();
    expect(await stored()).toMatchObject({ feedStatus: 'suspended', holdReason: 'stale' });
    expect(t.services.feed.status().stale).toBe('reconnected');
    // The cache (the market as the delta left it) reopens nothing, tick after tick.
    await step();
    await step();
    expect(await stored()).toMatchObject({ feedStatus: 'suspended', holdReason: 'stale' });
    expect(provider.markets(EVENT)[0]?.status).toBe('open');
    expect(outcome(await back(await bestBack()))).toEqual({ status: 409, code: 'MARKET_SUSPENDED' });

    await play(1);
    await step();
    expect(await stored()).toMatchObject({ feedStatus: 'open', holdReason: null });
    expect((await back(await bestBack())).statusCode).toBe(200);
    expect(await feedStatus()).toMatchObject({ provider: 'betfair', connected: true, reconnects: 1, marketsSubscribed: 1, lastError: 'closed by the server' });
  });

  it('(d) Betfair\'s SUSPENDED is written at once (the provider wakes the ingest): a bet waiting its delay and one with no delay are refused', async () => {
    // Seven more pre-match changes; then a bet at the live price starts waiting a delay of 2 s (room for a slow machine)...
    await play(7);
    await step();
    const oldPrice = await bestBack();
    await t.db.query('UPDATE markets SET bet_delay_sec = 2 WHERE id = $1', [MARKET]);
    const pending = back(oldPrice);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // ...and the suspension (line 1010) arrives. No tick of the test's: the provider's wake (ADR 0043) writes it.
    await play(1);
    await until('the suspension written without a tick of the test', async () => (await stored()).feedStatus === 'suspended');
    expect(await stored()).toMatchObject({ feedStatus: 'suspended', holdReason: null });
    expect(await shownStatus()).toBe('suspended');
    expect(outcome(await pending)).toEqual({ status: 409, code: 'MARKET_SUSPENDED' });
    await t.db.query('UPDATE markets SET bet_delay_sec = 0 WHERE id = $1', [MARKET]);
    expect(outcome(await back(oldPrice))).toEqual({ status: 409, code: 'MARKET_SUSPENDED' });
    // The prices that move while suspended reopen nothing.
    await play(2);
    await step();
    expect(await stored()).toMatchObject({ feedStatus: 'suspended', holdReason: null });
  });

  it('(e) the turn in play on the pre-match prices is held until in-play prices come; Betfair\'s delay is honoured', async () => {
    await t.db.query('UPDATE markets SET bet_delay_sec = 0 WHERE id = $1', [MARKET]);
    const preMatch = await bestBack();
    const preMatchLadders = await ladders();
    await play(1); // OPEN, inPlay, betDelay 5: the definition alone
    expect(provider.markets(EVENT)[0]).toMatchObject({ status: 'open', inPlay: true });
    await step();
    expect(await stored()).toEqual({ feedStatus: 'suspended', holdReason: 'in_play', inPlay: true, betDelaySec: 5 });
    expect(await shownStatus()).toBe('suspended');
    expect(outcome(await back(preMatch))).toEqual({ status: 409, code: 'MARKET_SUSPENDED' });
    await step();
    expect(await stored()).toMatchObject({ feedStatus: 'suspended', holdReason: 'in_play' });

    await play(1); // the first in-play prices
    await step();
    expect(await stored()).toEqual({ feedStatus: 'open', holdReason: null, inPlay: true, betDelaySec: 5 });
    expect(await shownStatus()).toBe('open');
    expect(await ladders()).not.toEqual(preMatchLadders);
  });

  it('a refused login: the feed page says disconnected and names the refusal; the markets are held', async () => {
    server.refuseAuthentication('INVALID_SESSION_INFORMATION');
    server.dropConnections();
    await waitFor('the refused login', () => provider.health().lastError?.startsWith('INVALID_SESSION_INFORMATION') === true);
    await step();
    expect(await stored()).toMatchObject({ feedStatus: 'suspended', holdReason: 'stale' });
    const status = await feedStatus();
    expect(status).toMatchObject({ provider: 'betfair', connected: false, stale: 'disconnected', reconnects: 1 });
    expect(status.lastError).toContain('INVALID_SESSION_INFORMATION');
  });
});
