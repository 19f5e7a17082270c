/**
 * A feed of several sources (ADR 0047): the demo's simulator beside a replay, or an operator's
 * Betfair stream beside the simulator. Each source's staleness is its own: a quiet or late source
 * holds only its own events' markets, the others' stay open; a source running late (its messages
 * arrive later than its staleness after they were sent) is held as a silent one is; and an
 * instance that loses the ingest's lock lets go of its providers' connections.
 */
import type { FeedStatus } from '@backlay/shared/contracts';
import { CombinedProvider } from '../src/feed/combined-provider';
import type { FeedEvent } from '../src/feed/feed-provider';
import { FEED_START_MS, FakeClock, importEvent, tickFeed } from './feed-helper';
import { body, buildTestApp, type TestContext } from './helper';
import { createChain } from './bet-reports-helper';
import { SCRIPTED_COMPETITION, ScriptedProvider, twoRunnerMarket } from './scripted-feed';

const STALE_MS = 5_000;
const clock = new FakeClock(FEED_START_MS);
const cricket = new ScriptedProvider(clock, STALE_MS);
const SOCCER_COMPETITION = { competitionId: 'sc-soccer', sportId: 1, name: 'Scripted League' };
const soccer = new ScriptedProvider(clock, STALE_MS, SOCCER_COMPETITION, 'Soccer');
const provider = new CombinedProvider([cricket, soccer]);

const event = (eventId: string, competition: { competitionId: string; sportId: number }): FeedEvent => ({
  eventId,
  sportId: competition.sportId,
  competitionId: competition.competitionId,
  name: 'Home XI v Away XI',
  home: 'Home XI',
  away: 'Away XI',
  openDateMs: FEED_START_MS + 3_600_000,
  status: 'upcoming',
  inPlay: false,
});
const CRICKET_EVENT = event('src-ev-cricket', SCRIPTED_COMPETITION);
const SOCCER_EVENT = event('src-ev-soccer', SOCCER_COMPETITION);
const CRICKET_ODDS = 'src-mo-cricket';
const SOCCER_ODDS = 'src-mo-soccer';

let t: TestContext;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp({ clock, feedProvider: provider });
  cricket.sendEvent(CRICKET_EVENT);
  cricket.send(twoRunnerMarket(CRICKET_ODDS, CRICKET_EVENT.eventId, [200, 180]));
  soccer.sendEvent(SOCCER_EVENT);
  soccer.send(twoRunnerMarket(SOCCER_ODDS, SOCCER_EVENT.eventId, [150, 260]));
  await tickFeed(t);
  await importEvent(t, CRICKET_EVENT.sportId, CRICKET_EVENT.eventId, SCRIPTED_COMPETITION.competitionId);
  await importEvent(t, SOCCER_EVENT.sportId, SOCCER_EVENT.eventId, SOCCER_COMPETITION.competitionId);
  adminToken = (await createChain(t)).tokens.admin;
});
afterAll(() => t.close());

async function step(ms: number): Promise<void> {
  clock.advance(ms);
  await tickFeed(t);
}

async function held(marketId: string): Promise<{ feedStatus: string; holdReason: string | null }> {
  const { rows } = await t.db.query<{ feedStatus: string; holdReason: string | null }>(
    'SELECT feed_status AS "feedStatus", hold_reason AS "holdReason" FROM markets WHERE id = $1',
    [marketId],
  );
  if (rows[0] === undefined) throw new Error(`no market ${marketId}`);
  return rows[0];
}

async function feedStatus(): Promise<FeedStatus> {
  const res = await t.request({ method: 'GET', url: '/api/feed-status', token: adminToken });
  expect(res.statusCode).toBe(200);
  return body<{ data: FeedStatus }>(res).data;
}

const OPEN = { feedStatus: 'open', holdReason: null };
const HELD = { feedStatus: 'suspended', holdReason: 'stale' };

describe('a feed of several sources', () => {
  it('starts with both sources fresh and both markets open', async () => {
    expect(await held(CRICKET_ODDS)).toEqual(OPEN);
    expect(await held(SOCCER_ODDS)).toEqual(OPEN);
  });

  it('a silent source holds only its own markets; the other source keeps trading', async () => {
    // The soccer source keeps speaking; the cricket one says nothing past its staleness.
    for (let elapsed = 0; elapsed <= STALE_MS; elapsed += 1_000) {
      soccer.heartbeat();
      await step(1_000);
    }
    expect(await held(CRICKET_ODDS)).toEqual(HELD);
    expect(await held(SOCCER_ODDS)).toEqual(OPEN);
    expect((await feedStatus()).stale).toBe('silent');

    // A fresh cricket price reopens its market.
    cricket.send(twoRunnerMarket(CRICKET_ODDS, CRICKET_EVENT.eventId, [205, 178]));
    soccer.heartbeat();
    await step(500);
    expect(await held(CRICKET_ODDS)).toEqual(OPEN);
    expect((await feedStatus()).stale).toBeNull();
  });

  it('a source whose messages arrive later than its staleness is held as a silent one is, until it catches up', async () => {
    soccer.lagMs = STALE_MS + 1;
    soccer.send(twoRunnerMarket(SOCCER_ODDS, SOCCER_EVENT.eventId, [152, 255]));
    cricket.heartbeat();
    await step(500);
    expect(await held(SOCCER_ODDS)).toEqual(HELD);
    expect(await held(CRICKET_ODDS)).toEqual(OPEN);
    expect((await feedStatus()).stale).toBe('lagging');

    // Still late: a new price is written and held again in the same tick.
    soccer.send(twoRunnerMarket(SOCCER_ODDS, SOCCER_EVENT.eventId, [153, 254]));
    cricket.heartbeat();
    await step(500);
    expect(await held(SOCCER_ODDS)).toEqual(HELD);

    // Caught up: the next price reopens it.
    soccer.lagMs = 40;
    soccer.send(twoRunnerMarket(SOCCER_ODDS, SOCCER_EVENT.eventId, [154, 253]));
    cricket.heartbeat();
    await step(500);
    expect(await held(SOCCER_ODDS)).toEqual(OPEN);
    expect((await feedStatus()).stale).toBeNull();
  });

  it('a reconnection of one source holds only its own markets', async () => {
    cricket.reconnects += 1;
    cricket.heartbeat();
    soccer.heartbeat();
    await step(500);
    expect(await held(CRICKET_ODDS)).toEqual(HELD);
    expect(await held(SOCCER_ODDS)).toEqual(OPEN);
    expect((await feedStatus()).stale).toBe('reconnected');
  });

  it('an instance that loses the ingest lock lets go of every source (a new leader opens its own connections)', async () => {
    expect(t.services.feed.leader).toBe(true);
    expect([cricket.released, soccer.released]).toEqual([0, 0]);
    await t.db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = 'backlay-feed ingest-lock'`,
    );
    // The lock's connection ends when the server closes it: wait for the client to see it.
    for (let waited = 0; cricket.released + soccer.released < 2 && waited < 5_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect([cricket.released, soccer.released]).toEqual([1, 1]);
    expect(t.services.feed.leader).toBe(false);
  });
});
