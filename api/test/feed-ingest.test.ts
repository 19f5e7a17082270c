/**
 * The feed ingest against PostgreSQL: what it writes, that only the lock holder writes, that
 * prices and statuses follow the simulator, that every market ends with a result, and the
 * housekeeping (vanished events voided, the demo import).
 */
import { silentLogger } from '../src/common/logger';
import { FeedIngest } from '../src/catalog/feed-ingest';
import { demoMatchImporter } from '../src/catalog/demo-matches';
import { RECORDED_CRICKET_COMPETITION_ID } from '../src/feed/simulator/schedule';
import type { FeedEvent } from '../src/feed/feed-provider';
import { SimulatorProvider } from '../src/feed/simulator/simulator';
import { DomainEvents, type DomainEventMap } from '../src/common/domain-events';
import * as markets from '../src/catalog/markets.repository';
import { FEED_START_MS, FakeClock, lookahead, stepFeed, tickFeed } from './feed-helper';
import { buildTestApp, type TestContext } from './helper';

let t: TestContext;
const clock = new FakeClock(FEED_START_MS);
const published: Array<DomainEventMap['catalog.matchChanged']> = [];

beforeAll(async () => {
  t = await buildTestApp({ clock });
  t.services.events.on('catalog.matchChanged', (event) => published.push(event));
  await tickFeed(t);
});
afterAll(() => t.close());

async function count(table: string, where = 'true'): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`);
  return rows[0]?.n ?? 0;
}

describe('the first tick', () => {
  it('writes every simulated match with its markets, runners, fancies and score', async () => {
    const provider = lookahead(t);
    provider.poll(clock.nowMs());
    const expected = provider.eventIds();
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM events ORDER BY id');
    expect(rows.map((r) => r.id).sort()).toEqual([...expected].sort());
    const expectedMarkets = expected.flatMap((id) => provider.markets(id));
    expect(await count('markets')).toBe(expectedMarkets.length);
    expect(await count('runners')).toBe(expectedMarkets.reduce((n, m) => n + m.runners.length, 0));
    expect(await count('fancies')).toBe(expected.flatMap((id) => provider.fancies(id)).length);
    expect(await count('scores')).toBe(expected.length);
    expect(await count('competitions')).toBeGreaterThanOrEqual(3);
    // Nothing is imported or switched on by the feed itself.
    expect(await count('events', 'imported')).toBe(0);
    expect(await count('markets', 'active')).toBe(0);
  });

  it('stores prices as the provider quotes them (hundredths, paise) and the sport default limits', async () => {
    const provider = lookahead(t);
    provider.poll(clock.nowMs());
    const [eventId] = provider.events(4).filter((e) => e.status === 'inplay').map((e) => e.eventId);
    const quoted = provider.markets(eventId ?? '')[0];
    const [stored] = await markets.marketsByIds(t.db, [quoted?.marketId ?? '']);
    expect(stored?.runners.map((r) => r.backPrices)).toEqual(quoted?.runners.map((r) => r.back.map((l) => l.price)));
    expect(stored?.runners.map((r) => r.laySizesMinor)).toEqual(quoted?.runners.map((r) => r.lay.map((l) => BigInt(l.sizeMinor))));
    expect(stored).toMatchObject({ minStakeMinor: 10_000n, maxStakeMinor: 10_000_000n, maxProfitMinor: 50_000_000n, betDelaySec: 5 });
  });

  it('bookmaker markets and fancies start with no bet delay; match odds take the sport\'s', async () => {
    const { rows } = await t.db.query<{ kind: string; delays: number[] }>(
      `SELECT market_type AS kind, array_agg(DISTINCT bet_delay_sec) AS delays FROM markets GROUP BY market_type
       UNION ALL SELECT 'fancy', array_agg(DISTINCT bet_delay_sec) FROM fancies ORDER BY 1`,
    );
    const byKind = Object.fromEntries(rows.map((row) => [row.kind, row.delays]));
    expect(byKind).toMatchObject({ bookmaker: [0], fancy: [0], match_odds: [5] });
  });

  it('publishes one domain event per changed match', () => {
    const matches = published.map((event) => event.matchId);
    expect(new Set(matches).size).toBe(matches.length);
    expect(published.every((event) => event.markets.length > 0 && event.score !== null)).toBe(true);
  });
});

describe('stepping the clock', () => {
  it('moves prices and statuses with the simulated score, and only writes what changed', async () => {
    const { rows: before } = await t.db.query<{ id: string; version: string }>('SELECT id, version::text FROM markets ORDER BY id');
    published.length = 0;
    await stepFeed(t, clock, 4_000);
    const { rows: after } = await t.db.query<{ id: string; version: string }>('SELECT id, version::text FROM markets ORDER BY id');
    const changed = after.filter((row, i) => row.version !== before[i]?.version);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(after.length);
    expect(published.length).toBeGreaterThan(0);
    // The database says what the simulator says at that time.
    const provider = lookahead(t);
    provider.poll(clock.nowMs());
    for (const row of await markets.marketsByIds(t.db, changed.map((c) => c.id))) {
      const quoted = provider.markets(row.eventId).find((m) => m.marketId === row.id);
      if (quoted === undefined) continue;
      expect({ id: row.id, status: row.feedStatus, back: row.runners.map((r) => r.backPrices) }).toEqual({
        id: row.id,
        status: quoted.status,
        back: quoted.runners.map((r) => r.back.map((l) => l.price)),
      });
    }
  });

  it('every market and fancy of a match ends closed with a result', async () => {
    const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM events WHERE status <> 'closed' ORDER BY id`);
    // Three simulated hours later every match that was open has finished.
    for (let i = 0; i < 6; i += 1) await stepFeed(t, clock, 30 * 60_000);
    const ids = rows.map((r) => r.id);
    const { rows: open } = await t.db.query(
      `SELECT e.id FROM events e WHERE e.id = ANY($1) AND e.status <> 'closed'
       UNION ALL SELECT m.id FROM markets m WHERE m.event_id = ANY($1) AND (m.feed_status <> 'closed' OR (m.result IS NULL AND m.feed_placed IS NULL))
       UNION ALL SELECT f.id FROM fancies f WHERE f.event_id = ANY($1) AND (f.feed_status <> 'closed' OR f.result IS NULL)`,
      [ids],
    );
    expect(open).toEqual([]);
    const { rows: results } = await t.db.query<{ result: string; selections: string[] }>(
      `SELECT m.result, array_agg(r.selection_id) AS selections FROM markets m JOIN runners r ON r.market_id = m.id
       WHERE m.event_id = ANY($1) GROUP BY m.id`,
      [ids],
    );
    for (const row of results) expect(row.result === null || row.result === 'void' || row.selections.includes(row.result)).toBe(true);
    // One winner, or a race's PLACE market's placed runners (its feed_placed, result null).
    const { rows: winners } = await t.db.query<{ winners: number; expected: number }>(
      `SELECT count(*) FILTER (WHERE r.status = 'winner')::int AS winners, coalesce(cardinality(m.feed_placed), 1) AS expected
       FROM markets m JOIN runners r ON r.market_id = m.id
       WHERE m.event_id = ANY($1) AND m.result IS DISTINCT FROM 'void' GROUP BY m.id`,
      [ids],
    );
    expect(winners.filter((w) => w.winners !== w.expected)).toEqual([]);
    expect(winners.some((w) => w.expected > 1)).toBe(true);
  });

  it('a stored result never changes and a closed market never reopens', async () => {
    const [closed] = (await t.db.query<{ id: string }>(`SELECT id FROM markets WHERE result IS NOT NULL LIMIT 1`)).rows;
    const [row] = await markets.marketsByIds(t.db, [closed?.id ?? '']);
    if (row === undefined) throw new Error('no resulted market');
    await markets.upsertMarkets(t.db, [
      {
        marketId: row.id,
        eventId: row.eventId,
        name: row.name,
        type: row.marketType,
        sortOrder: row.sortOrder,
        status: 'open',
        inPlay: true,
        runners: [],
        result: null,
      },
    ]);
    const [again] = await markets.marketsByIds(t.db, [row.id]);
    expect({ status: again?.feedStatus, result: again?.result }).toEqual({ status: 'closed', result: row.result });
  });
});

describe('the advisory lock', () => {
  it('a second instance does not run while the first holds the lock, and takes over after', async () => {
    const events = new DomainEvents();
    const second = new FeedIngest({
      db: t.db,
      provider: new SimulatorProvider({ seed: 1 }),
      clock,
      events,
      log: silentLogger,
      tickMs: 500,
      lockRetryMs: 5_000,
    });
    let seen = 0;
    events.on('catalog.matchChanged', () => (seen += 1));
    try {
      expect(t.services.feed.leader).toBe(true);
      expect(await second.acquire()).toBe(false);
      const before = await count('events');
      expect(await second.tick()).toBeNull();
      expect(await count('events')).toBe(before);
      expect(seen).toBe(0);

      // The first instance stops (or dies): its session's lock is gone and the second takes over.
      await t.services.feed.stop();
      expect(t.services.feed.leader).toBe(false);
      expect(await second.acquire()).toBe(true);
      expect(await t.services.feed.acquire()).toBe(false);
      expect(await second.tick()).not.toBeNull();
      expect(seen).toBeGreaterThan(0);
    } finally {
      await second.stop();
    }
    expect(await t.services.feed.acquire()).toBe(true);
  });

  it('the loop of a standby keeps retrying and never writes', async () => {
    const standby = new FeedIngest({
      db: t.db,
      provider: new SimulatorProvider({ seed: 1 }),
      clock,
      events: new DomainEvents(),
      log: silentLogger,
      tickMs: 50,
      lockRetryMs: 50,
    });
    const before = await count('events');
    standby.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(standby.leader).toBe(false);
    expect(await count('events')).toBe(before);
    await standby.stop();
  });
});

describe('housekeeping', () => {
  it('closes an open event the provider dropped and voids its open markets', async () => {
    await t.db.query(
      `INSERT INTO events (id, sport_id, competition_id, name, open_date, status, in_play)
       VALUES ('999000001', 4, '101480', 'Ghost XI v Phantom XI', to_timestamp($1 / 1000.0), 'inplay', true)`,
      [clock.nowMs() - 60 * 60_000],
    );
    await markets.upsertMarkets(t.db, [
      { marketId: '1.99900000101', eventId: '999000001', name: 'Match Odds', type: 'match_odds', sortOrder: 1, status: 'open', inPlay: true, runners: [], result: null },
    ]);
    await stepFeed(t, clock, 61_000);
    const { rows } = await t.db.query<{ status: string; result: string | null; feedStatus: string }>(
      `SELECT e.status, m.result, m.feed_status AS "feedStatus" FROM events e JOIN markets m ON m.event_id = e.id WHERE e.id = '999000001'`,
    );
    expect(rows).toEqual([{ status: 'closed', result: 'void', feedStatus: 'closed' }]);
  });

  it('demo mode: the home shows 3+ in-play and 4+ upcoming cricket matches (replayed IPL), 2+ soccer and 2+ tennis at every moment, and leaves drawn T20s in play to import', async () => {
    const demoClock = new FakeClock(FEED_START_MS);
    const demo = await buildTestApp({ clock: demoClock, env: { DEMO: 'true' } });
    try {
      const player = (await demo.login(await demo.createUser({ role: 'user' }))).token;
      const home = async (sportId: number) => {
        const response = await demo.request({ method: 'GET', url: `/api/get-match-list?sportId=${sportId}`, token: player });
        return (JSON.parse(response.body) as { data: Array<{ _id: string; status: string; matchOdds: unknown }> }).data;
      };
      const low = { cricketInPlay: 99, cricketUpcoming: 99, soccer: 99, tennis: 99, drawnInPlayLeft: 99 };
      const look = async () => {
        const cricket = await home(4);
        const { rows } = await demo.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM events WHERE sport_id = 4 AND status = 'inplay' AND NOT imported AND competition_id <> $1`,
          [RECORDED_CRICKET_COMPETITION_ID],
        );
        const seen = {
          cricketInPlay: cricket.filter((m) => m.status === 'inplay').length,
          cricketUpcoming: cricket.filter((m) => m.status === 'upcoming').length,
          soccer: (await home(1)).length,
          tennis: (await home(2)).length,
          drawnInPlayLeft: rows[0]?.n ?? 0,
        };
        for (const key of Object.keys(low) as Array<keyof typeof low>) low[key] = Math.min(low[key], seen[key]);
        // Every match on the home is open to bet: its match odds are switched on and priced.
        expect(cricket.filter((m) => m.status !== 'closed' && m.matchOdds === null)).toEqual([]);
        // The demo imports replayed matches only: the drawn T20s are the admin's.
        const drawnImported = await demo.db.query(`SELECT id FROM events WHERE sport_id = 4 AND imported AND competition_id <> $1`, [RECORDED_CRICKET_COMPETITION_ID]);
        expect(drawnImported.rows).toEqual([]);
      };
      // The first tick imports (the hook runs on the leader every 10 s); then 5 s steps through
      // a slot of the replayed matches (one starts, a new one joins, others end), and again an
      // hour on.
      await tickFeed(demo);
      for (let i = 0; i < 30; i += 1) {
        await stepFeed(demo, demoClock, 5_000);
        await look();
      }
      await stepFeed(demo, demoClock, 60 * 60_000);
      for (let i = 0; i < 12; i += 1) {
        await stepFeed(demo, demoClock, 5_000);
        await look();
      }
      const minimum: typeof low = { cricketInPlay: 3, cricketUpcoming: 4, soccer: 2, tennis: 2, drawnInPlayLeft: 1 };
      const short = (Object.keys(low) as Array<keyof typeof low>).filter((key) => low[key] < minimum[key]);
      expect({ short, low }).toEqual({ short: [], low });
      const { rows } = await demo.db.query<{ markets: number; active: number }>(
        `SELECT count(m.id)::int AS markets, count(m.id) FILTER (WHERE m.active)::int AS active
         FROM events e JOIN markets m ON m.event_id = e.id WHERE e.imported GROUP BY e.id`,
      );
      for (const row of rows) expect(row.active).toBe(row.markets);
      // A featured event (the replay's recorded real matches) is imported too, beside the rest: here
      // a drawn T20 in play stands in for one.
      const { rows: drawn } = await demo.db.query<{ id: string }>(
        `SELECT id FROM events WHERE sport_id = 4 AND status = 'inplay' AND NOT imported AND competition_id <> $1 ORDER BY id LIMIT 1`,
        [RECORDED_CRICKET_COMPETITION_ID],
      );
      expect(drawn).toHaveLength(1);
      const featured = drawn.map((r) => ({ eventId: r.id }) as FeedEvent);
      await demoMatchImporter({ db: demo.db, sportsAdmin: demo.services.sportsAdmin, log: silentLogger, featured: () => featured })();
      expect((await demo.db.query('SELECT imported FROM events WHERE id = $1', [drawn[0]?.id])).rows).toEqual([{ imported: true }]);
    } finally {
      await demo.close();
    }
  });
});
