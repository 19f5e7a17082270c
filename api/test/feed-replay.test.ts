/**
 * The real T20 (Netherlands v Papua New Guinea, 11 Jul 2022) replayed at max speed through the
 * real ingest into PostgreSQL (FEED_PROVIDER=replay, ADR 0037): it imports as any match, is
 * suspended before the turn in play and refuses bets then, goes in play with Betfair's 5 s bet
 * delay, shows the ball-by-ball score, takes a back bet at a live price on the recorded winner,
 * and settles from the recorded result when the market closes — the player's balance rising by
 * the win, the ledger invariants holding (test/per-file-setup.ts checks them after each test too).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { PlaceBetResponse } from '@backlay/shared/contracts';
import { settledRunnerBetMinor } from './settlement-oracle';
import { demoMatchImporter } from '../src/catalog/demo-matches';
import { silentLogger } from '../src/common/logger';
import type { FeedEvent } from '../src/feed/feed-provider';
import { loadRecordings } from '../src/feed/replay/recordings';
import { ReplayProvider } from '../src/feed/replay/replay-provider';
import { FakeClock, stepFeed, tickFeed } from './feed-helper';
import { assertLedgerInvariants, body, buildTestApp, idempotent, walletOf, type TestContext } from './helper';

const DATA = path.resolve(__dirname, '..', 'feed-data', 'betfair');
const FILES = [path.join(DATA, '1.200806927.cricket-match-odds.jsonl.gz'), path.join(DATA, '1.200806927.cricket-score.jsonl.gz')];
const WINNER = '228749';
const START_MS = Date.UTC(2026, 2, 1, 12, 0, 0);

let t: TestContext;
const clock = new FakeClock(START_MS);

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    env: {
      FEED_PROVIDER: 'replay',
      FEED_REPLAY_FILES: FILES.join(','),
      FEED_REPLAY_SPEED: 'max',
      FEED_REPLAY_LOOP: 'false',
    },
  });
});
afterAll(() => t.close());

/** What a replay provider like the app's (same files, same first poll) features: the match, open. */
async function findFeatured(eventId: string): Promise<FeedEvent[]> {
  const twin = new ReplayProvider({ recordings: loadRecordings(FILES), speed: 'max', loop: false, gbpInrRateHundredths: 10_500 });
  twin.poll(START_MS);
  const featured = twin.featured();
  expect(featured.map((e) => e.eventId)).toEqual([eventId]);
  return featured;
}

interface OddsRow {
  id: string;
  status: string;
  inPlay: boolean;
  delay: number;
  result: string | null;
}

async function odds(eventId: string): Promise<OddsRow> {
  const { rows } = await t.db.query<OddsRow>(
    `SELECT id, feed_status AS status, in_play AS "inPlay", bet_delay_sec AS delay, result FROM markets
     WHERE event_id = $1 AND market_type = 'match_odds'`,
    [eventId],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('the replayed match has no match odds');
  return row;
}

/** Ticks (half a second of the clock each) until the match odds satisfy `done`. */
async function tickUntil(eventId: string, done: (row: OddsRow) => boolean, limit = 120): Promise<OddsRow> {
  for (let i = 0; i < limit; i += 1) {
    const row = await odds(eventId);
    if (done(row)) return row;
    await stepFeed(t, clock, 500);
  }
  throw new Error('the replay never got there');
}

describe('the recorded T20 through the product', () => {
  it('imports, suspends, goes in play with the provider delay, takes a bet at a live price and settles with the recorded winner', async () => {
    // The sport's own delay is 0 here: the 5 s in play can only be Betfair's.
    await t.db.query('UPDATE sports SET bet_delay_sec = 0 WHERE sport_id = 4');
    await tickFeed(t);
    const { rows: events } = await t.db.query<{ id: string; name: string; status: string; competitionId: string; openDate: Date }>(
      `SELECT id, name, status, competition_id AS "competitionId", open_date AS "openDate" FROM events WHERE sport_id = 4`,
    );
    expect(events).toHaveLength(1);
    const event = events[0];
    if (event === undefined) throw new Error('no event');
    expect(event).toMatchObject({ name: 'Netherlands v Papua New Guinea', status: 'upcoming' });
    expect(event.id).toMatch(/^31573045-r[0-9a-z]+$/);
    // Re-timed: the recorded start (11:00) is just under 10 minutes after "now" minus the 20 s it took to go in play.
    expect(event.openDate.getTime()).toBe(START_MS + 10 * 60_000 - 20_540);
    // Imported as the demo imports a featured (replayed) match: every market switched on.
    const featured = await findFeatured(event.id);
    await demoMatchImporter({ db: t.db, sportsAdmin: t.services.sportsAdmin, log: silentLogger, featured: () => featured })();
    expect((await t.db.query('SELECT id FROM events WHERE imported')).rows).toEqual([{ id: event.id }]);
    expect(await odds(event.id)).toMatchObject({ status: 'open', inPlay: false, delay: 0, result: null });

    const user = await t.createUser({ role: 'user' });
    await t.fund(user.id, 10_000n);
    const { token } = await t.login(user);
    const back = async (marketId: string) => {
      const { rows } = await t.db.query<{ price: number }>('SELECT back_prices[1] AS price FROM runners WHERE market_id = $1 AND selection_id = $2', [marketId, WINNER]);
      const price = rows[0]?.price ?? null;
      const payload = { matchId: event.id, marketId, selectionId: WINNER, side: 'BACK', odds: (price ?? 101) / 100, stake: 100 };
      return { price, res: await t.request({ method: 'POST', url: '/api/placebet', token, headers: idempotent(randomUUID()), payload }) };
    };

    // Suspended before the turn in play: no bet.
    const suspended = await tickUntil(event.id, (row) => row.status === 'suspended');
    expect(suspended).toMatchObject({ inPlay: false });
    const refused = (await back(suspended.id)).res;
    expect({ status: refused.statusCode, message: body<{ message: string }>(refused).message }).toEqual({ status: 409, message: 'Market Match Odds is suspended: no bets now' });

    // In play: Betfair's 5 s delay is the market's; the score panel has the live innings.
    const live = await tickUntil(event.id, (row) => row.status === 'open' && row.inPlay);
    expect(live.delay).toBe(5);
    for (let i = 0; i < 6; i += 1) await stepFeed(t, clock, 500);
    const { rows: scores } = await t.db.query<{ summary: string; detail: string[]; inPlay: boolean }>(
      'SELECT summary, detail, in_play AS "inPlay" FROM scores WHERE event_id = $1',
      [event.id],
    );
    expect(scores[0]?.inPlay).toBe(true);
    expect(scores[0]?.summary).toMatch(/^Netherlands \d+\/\d+ \(\d+\.\d\)$/);
    expect(scores[0]?.detail.some((line) => line.startsWith('Last balls: '))).toBe(true);

    // A back bet on the recorded winner at the live best back price (a 1 s delay for the test's
    // sake; the next tick would put Betfair's 5 s back).
    const open = await odds(event.id);
    expect(open).toMatchObject({ status: 'open', inPlay: true });
    await t.db.query('UPDATE markets SET bet_delay_sec = 1 WHERE id = $1', [open.id]);
    const { price, res } = await back(open.id);
    expect({ status: res.statusCode, body: res.statusCode === 200 ? null : res.body }).toEqual({ status: 200, body: null });
    expect(body<{ data: PlaceBetResponse }>(res).data.bet.status).toBe('open');
    expect(price).not.toBeNull();
    await stepFeed(t, clock, 500);
    expect((await odds(event.id)).delay).toBe(5);

    // The replay reaches CLOSED: the recorded winner is the result and the feed settles it.
    const closed = await tickUntil(event.id, (row) => row.status === 'closed');
    expect(closed.result).toBe(WINNER);
    await stepFeed(t, clock, 1_000);
    await t.services.feed.settled();
    const settlement = await t.db.query('SELECT source, result FROM settlements WHERE market_id = $1', [open.id]);
    expect(settlement.rows).toEqual([{ source: 'feed', result: { type: 'WINNER', selectionId: WINNER } }]);
    const win = settledRunnerBetMinor({ side: 'BACK', runnerId: WINNER, stakeMinor: 10_000, oddsHundredths: price ?? 0 }, { kind: 'WINNER', runnerId: WINNER });
    expect(win).toBeGreaterThan(0);
    expect(await walletOf(t, user.id)).toEqual({ balance: 1_000_000n + BigInt(win), exposure: 0n });
    await assertLedgerInvariants(t.db);
  });
});
