/**
 * The recorded horse race with two non-runners (Hamilton, 14 Jun 2017: 11198538 removed at
 * 7.14 %, then 9606433 at 5.55 %) replayed at max speed through the real ingest
 * (docs/racing-rules.md ): a back on the recorded winner before both removals and another
 * between them; the results worker settles the recorded result, the first bet at the price
 * reduced by both factors, the second by the later one only. The ledger invariants (B4 against
 * the oracle's reductions) run after the test too.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { PlaceBetResponse } from '@backlay/shared/contracts';
import { loadRecordings } from '../src/feed/replay/recordings';
import { ReplayProvider } from '../src/feed/replay/replay-provider';
import { createChain, createPlayer } from './bet-reports-helper';
import { FakeClock, importEvent, tickFeed } from './feed-helper';
import { body, buildTestApp, idempotent, type TestContext } from './helper';
import { reducedOddsHundredths } from './settlement-oracle';

const HORSE = path.resolve(__dirname, '..', 'feed-data', 'betfair', '1.132153978.horse-win-basic.jsonl.gz');
const WINNER = '12115648';
const clock = new FakeClock(Date.now());
const provider = new ReplayProvider({
  recordings: loadRecordings([HORSE]),
  speed: 'max',
  loop: false,
  gbpInrRateHundredths: 10_500,
  sports: [{ sportId: 7, name: 'Horse Racing' }],
  // From the first message: both removals are replayed, not skipped with the pre-race.
  racePreRollMs: 3 * 86_400_000,
  maxBatch: 10,
});

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp({ clock, feedProvider: provider });
});
afterAll(() => t.close());

/** The feed's clock follows the wall clock (bets are timed by PostgreSQL's); one ingest pass. */
async function tick(): Promise<void> {
  clock.advance(Math.max(0, Date.now() - clock.nowMs()) + 1);
  await tickFeed(t);
  await new Promise((resolve) => setTimeout(resolve, 5));
}

async function removed(marketId: string): Promise<string[]> {
  const { rows } = await t.db.query<{ id: string }>(`SELECT selection_id AS id FROM runners WHERE market_id = $1 AND status = 'removed' ORDER BY removed_at`, [marketId]);
  return rows.map((r) => r.id);
}

describe('the recorded horse race with non-runners', () => {
  it('reduces a bet by every removal after it, and settles from the recorded result', async () => {
    await tick();
    await tick();
    const [event] = provider.events(7);
    const competition = provider.competitions(7)[0];
    if (event === undefined || competition === undefined) throw new Error('the replay offers no race');
    // One event per race (ADR 0044): venue and race, not the meeting ("Ham 14th Jun").
    expect(event).toMatchObject({ name: 'Hamilton · 1m Hcap', home: 'Hamilton', away: '1m Hcap' });
    expect(event.eventId).toMatch(/^28270094-1855-r[0-9a-z]+$/);
    expect(competition).toMatchObject({ competitionId: 'bf-meeting-28270094', name: 'Hamilton (GB)' });
    await importEvent(t, 7, event.eventId, competition.competitionId);
    await t.db.query('UPDATE markets SET bet_delay_sec = 0 WHERE event_id = $1', [event.eventId]);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM markets WHERE event_id = $1', [event.eventId]);
    const marketId = rows[0]?.id ?? '';
    expect(await removed(marketId)).toEqual([]);

    const chain = await createChain(t);
    const player = await createPlayer(t, chain.agents.dl.id, 100_000n);
    // The recording carries last traded prices only (no ladder): the winner is offered at 4.60
    // for each bet, between two passes of the ingest (which would write the empty ladder again).
    const backWinner = async (): Promise<{ betId: string; odds: number }> => {
      const back = 460;
      await t.db.query(
        `UPDATE runners SET back_prices = ARRAY[$3::int], back_sizes_minor = ARRAY[5000000::bigint] WHERE market_id = $1 AND selection_id = $2`,
        [marketId, WINNER, back],
      );
      const res = await t.request({
        method: 'POST',
        url: '/api/placebet',
        token: player.token,
        headers: idempotent(randomUUID()),
        payload: { matchId: event.eventId, marketId, selectionId: WINNER, side: 'BACK', odds: back / 100, stake: 100 },
      });
      expect({ status: res.statusCode, body: res.statusCode === 200 ? null : res.json() }).toEqual({ status: 200, body: null });
      const bet = body<{ data: PlaceBetResponse }>(res).data.bet;
      return { betId: bet.betId, odds: Math.round(bet.odds * 100) };
    };

    const first = await backWinner();
    for (let i = 0; i < 20 && (await removed(marketId)).length < 1; i += 1) await tick();
    expect(await removed(marketId)).toEqual(['11198538']);
    const second = await backWinner();
    for (let i = 0; i < 20 && (await removed(marketId)).length < 2; i += 1) await tick();
    expect(await removed(marketId)).toEqual(['11198538', '9606433']);

    for (let i = 0; i < 100; i += 1) {
      clock.advance(1_100); // the results worker starts at most once a second of the feed's clock
      await tick();
      await t.services.feed.settled();
      const settled = await t.db.query('SELECT 1 FROM settlements WHERE market_id = $1', [marketId]);
      if (settled.rows.length > 0) break;
    }
    const { rows: settlement } = await t.db.query<{ result: unknown; source: string }>('SELECT result, source FROM settlements WHERE market_id = $1', [marketId]);
    expect(settlement).toEqual([{ result: { type: 'WINNER', selectionId: WINNER }, source: 'feed' }]);

    const pnl = async (id: string) => Number((await t.db.query<{ p: string }>('SELECT pnl_minor::text AS p FROM bets WHERE id = $1', [id])).rows[0]?.p);
    const profit = (odds: number) => Math.floor((10_000 * (odds - 100)) / 100);
    const firstOdds = reducedOddsHundredths(first.odds, [714, 555]);
    const secondOdds = reducedOddsHundredths(second.odds, [555]);
    expect(firstOdds).toBeLessThan(first.odds);
    expect({ first: await pnl(first.betId), second: await pnl(second.betId) }).toEqual({ first: profit(firstOdds), second: profit(secondOdds) });
  });
});
