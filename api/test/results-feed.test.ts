/**
 * Results from the feed: a simulated cricket match, imported, with bets on its match odds and on a
 * fancy; the ingest (stepped on a fake clock) writes the results and the results worker, started by
 * the leader's tick, settles them with source 'feed' — the P&L of each bet being the shared maths
 * of the stored result. After an admin rollback the feed does not settle that market again; the
 * admin declares it.
 */
import { randomUUID } from 'node:crypto';
import type { PlaceBetResponse, ResultMarketRow } from '@backlay/shared/contracts';
import { fancyBetPnlMinor } from '@backlay/shared/domain';
import { settledRunnerBetMinor } from './settlement-oracle';
import type { FeedFancy } from '../src/feed/feed-provider';
import { FEED_START_MS, FakeClock, findEvent, importEvent, lookahead, stepFeed, tickFeed } from './feed-helper';
import { assertLedgerInvariants, body, buildTestApp, idempotent, walletOf, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';

let t: TestContext;
const clock = new FakeClock(FEED_START_MS);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  await tickFeed(t);
});
afterAll(() => t.close());
afterEach(async () => {
  await t.services.feed.settled();
  await assertLedgerInvariants(t.db);
});

/** The first time ≥ fromMs (1 s steps) when `predicate` holds for the match's markets and fancies. */
function when(matchId: string, fromMs: number, predicate: (view: { odds: string | null; fancies: FeedFancy[]; oddsResult: string | null }) => boolean): number {
  const provider = lookahead(t);
  for (let at = fromMs; at < fromMs + 90 * 60_000; at += 1_000) {
    provider.advanceTo(at);
    const view = provider.view(matchId);
    const odds = view?.markets.find((m) => m.type === 'match_odds');
    if (view !== null && predicate({ odds: odds?.status ?? null, fancies: view.fancies, oddsResult: odds?.result ?? null })) return at;
  }
  throw new Error('no such moment');
}

async function stepTo(at: number): Promise<void> {
  await t.services.feed.settled();
  await stepFeed(t, clock, at - clock.nowMs());
  await t.services.feed.settled();
}

async function player(): Promise<{ user: TestUser; token: string }> {
  const user = await t.createUser({ role: 'user' });
  await t.fund(user.id, 10_000n);
  return { user, token: (await t.login(user)).token };
}

describe('settlement of the feed results', () => {
  it('settles the match odds and a fancy of a simulated match once, and never again after a rollback', async () => {
    const event = await findEvent(t, 4, 'upcoming');
    await importEvent(t, 4, event.id, event.competitionId);
    await t.db.query('UPDATE markets SET bet_delay_sec = 0 WHERE event_id = $1', [event.id]);
    await t.db.query('UPDATE fancies SET bet_delay_sec = 0 WHERE event_id = $1', [event.id]);

    // A moment when match odds and the first fancy are open.
    const open = when(event.id, clock.nowMs(), (v) => v.odds === 'open' && v.fancies[0]?.status === 'open');
    await stepTo(open);
    const odds = await t.db.query<{ id: string; selectionId: string; back: number }>(
      `SELECT m.id, r.selection_id AS "selectionId", r.back_prices[1] AS back FROM markets m JOIN runners r ON r.market_id = m.id
       WHERE m.event_id = $1 AND m.market_type = 'match_odds' ORDER BY r.sort_order`,
      [event.id],
    );
    const fancy = await t.db.query<{ id: string; yesRun: number; yesRate: number; noRun: number; noRate: number }>(
      `SELECT id, yes_run AS "yesRun", yes_rate AS "yesRate", no_run AS "noRun", no_rate AS "noRate" FROM fancies
       WHERE event_id = $1 AND feed_status = 'open' ORDER BY sort_order LIMIT 1`,
      [event.id],
    );
    const [home, away] = odds.rows;
    const line = fancy.rows[0];
    if (home === undefined || away === undefined || line === undefined) throw new Error('the match has no open market or fancy');
    const marketId = home.id;

    const players = [await player(), await player(), await player(), await player()];
    const bets = [
      { p: 0, payload: { marketId, selectionId: home.selectionId, side: 'BACK', odds: home.back / 100, stake: 100 } },
      { p: 1, payload: { marketId, selectionId: away.selectionId, side: 'BACK', odds: away.back / 100, stake: 200 } },
      { p: 2, payload: { fancyId: line.id, side: 'YES', run: line.yesRun, rate: line.yesRate, stake: 100 } },
      { p: 3, payload: { fancyId: line.id, side: 'NO', run: line.noRun, rate: line.noRate, stake: 100 } },
    ];
    for (const b of bets) {
      const p = players[b.p];
      if (p === undefined) throw new Error('no player');
      const res = await t.request({ method: 'POST', url: '/api/placebet', token: p.token, headers: idempotent(randomUUID()), payload: { matchId: event.id, ...b.payload } });
      expect({ bet: b, status: res.statusCode, body: res.statusCode === 200 ? null : res.body }).toEqual({ bet: b, status: 200, body: null });
      expect(body<{ data: PlaceBetResponse }>(res).data.bet.status).toBe('open');
    }

    // The fancy closes with its runs: the next tick's worker settles it from the feed.
    const fancyDone = when(event.id, clock.nowMs(), (v) => v.fancies.find((f) => f.fancyId === line.id)?.status === 'closed');
    await stepTo(fancyDone);
    const runs = (await t.db.query<{ result: number | null }>('SELECT result FROM fancies WHERE id = $1', [line.id])).rows[0]?.result ?? null;
    expect(runs).not.toBeNull();
    const fancySettlement = await t.db.query('SELECT version, source, result FROM settlements WHERE market_id = $1', [line.id]);
    expect(fancySettlement.rows).toEqual([{ version: 1, source: 'feed', result: { type: 'RUNS', runs } }]);
    const yesPnl = fancyBetPnlMinor({ side: 'YES', line: line.yesRun, rate: line.yesRate, stakeMinor: 10_000 }, runs ?? 0);
    const noPnl = fancyBetPnlMinor({ side: 'NO', line: line.noRun, rate: line.noRate, stakeMinor: 10_000 }, runs ?? 0);
    expect(await walletOf(t, players[2]?.user.id ?? '')).toEqual({ balance: 1_000_000n + BigInt(yesPnl), exposure: 0n });
    expect(await walletOf(t, players[3]?.user.id ?? '')).toEqual({ balance: 1_000_000n + BigInt(noPnl), exposure: 0n });

    // The match ends: match odds settled from the feed's winner (or void on a tie).
    const finished = when(event.id, clock.nowMs(), (v) => v.odds === 'closed' && v.oddsResult !== null);
    await stepTo(finished);
    const stored = (await t.db.query<{ result: string }>('SELECT result FROM markets WHERE id = $1', [marketId])).rows[0]?.result ?? '';
    const result = stored === 'void' ? ({ type: 'VOID' } as const) : ({ type: 'WINNER', selectionId: stored } as const);
    const settlement = await t.db.query('SELECT version, source, result, actor_id AS actor FROM settlements WHERE market_id = $1', [marketId]);
    expect(settlement.rows).toEqual([{ version: 1, source: 'feed', result, actor: null }]);
    const runnerResult = stored === 'void' ? ({ kind: 'VOID' } as const) : ({ kind: 'WINNER', runnerId: stored } as const);
    for (const [i, runner, stake] of [[0, home, 10_000], [1, away, 20_000]] as const) {
      const pnl = settledRunnerBetMinor({ side: 'BACK', runnerId: runner.selectionId, stakeMinor: stake, oddsHundredths: runner.back }, runnerResult);
      expect(await walletOf(t, players[i]?.user.id ?? '')).toEqual({ balance: 1_000_000n + BigInt(pnl), exposure: 0n });
    }

    // An admin rolls it back: the feed leaves it alone, the results list offers the feed's result.
    const admin = await t.createUser({ role: 'admin' });
    const adminToken = (await t.login(admin)).token;
    const rolled = await t.request({ method: 'POST', url: '/api/rollback-result', token: adminToken, payload: { transactionPassword: TEST_TXN_PASSWORD, marketId } });
    expect(rolled.statusCode).toBe(200);
    await stepTo(clock.nowMs() + 5_000);
    const rows = await t.db.query<{ version: number; reversed: boolean }>(
      'SELECT version, reversed_at IS NOT NULL AS reversed FROM settlements WHERE market_id = $1 ORDER BY version',
      [marketId],
    );
    expect(rows.rows).toEqual([{ version: 1, reversed: true }]);
    const pending = await t.request({ method: 'GET', url: '/api/results?status=pending&sportId=4', token: adminToken });
    expect(body<{ data: ResultMarketRow[] }>(pending).data.find((r) => r.marketId === marketId)).toMatchObject({ openBets: 2, feedResult: result });
    expect((await walletOf(t, players[0]?.user.id ?? '')).exposure).toBe(10_000n);

    const declared = await t.request({ method: 'POST', url: '/api/declare-result', token: adminToken, payload: { transactionPassword: TEST_TXN_PASSWORD, marketId, result } });
    expect(declared.statusCode).toBe(200);
    expect(body(declared).data).toMatchObject({ version: 2, bets: 2, users: 2 });
  });
});
