/**
 * A declared result checked against the feed (step 6 item 10): an admin declares a winner, the
 * feed later gives another (written by the ingest's own upsert); GET results?status=differs (and
 * the settled list) flag the market with both results; POST accept-feed-result re-settles it on
 * the feed's result in one call (rollback + settle: version 2), wallets follow, a repeat changes
 * nothing. The player's market keeps showing the result the bets were settled on. Only admin and
 * sadmin may call it; every other role 403 and nothing changes. Ledger invariants are checked
 * after every test (per-file setup).
 */
import { randomUUID } from 'node:crypto';
import type { Fancy, Market, PlaceBetResponse, ResultMarketRow, SettlementSummary } from '@backlay/shared/contracts';
import { upsertFancies, upsertMarkets } from '../src/catalog/markets.repository';
import type { FeedFancy, FeedMarket } from '../src/feed/feed-provider';
import { createChain, createPlayer, type Chain, type Player } from './bet-reports-helper';
import { body, businessStateDigest, buildTestApp, createTestFancy, createTestMarket, idempotent, walletOf, TEST_TXN_PASSWORD, type TestContext, type TestMarket } from './helper';

let t: TestContext;
let chain: Chain;

beforeAll(async () => {
  t = await buildTestApp();
  chain = await createChain(t);
});
afterAll(() => t.close());

const token = (role: keyof Chain['tokens']): string => chain.tokens[role];
const player = (funds: bigint): Promise<Player> => createPlayer(t, chain.agents.dl.id, funds);

async function place(p: { token: string }, payload: Record<string, unknown>): Promise<void> {
  const res = await t.request({ method: 'POST', url: '/api/placebet', token: p.token, headers: idempotent(randomUUID()), payload });
  if (res.statusCode !== 200) throw new Error(`bet refused: ${res.body}`);
  expect(body<{ data: PlaceBetResponse }>(res).data.bet.status).toBe('open');
}

/** The feed closes the market with `result`, through the ingest's own write. */
async function feedCloses(m: TestMarket, result: string): Promise<void> {
  const runner = (selectionId: string, sortOrder: number) => ({ selectionId, name: selectionId, sortOrder, status: 'active' as const, back: [], lay: [] });
  const market: FeedMarket = {
    marketId: m.marketId,
    eventId: m.matchId,
    name: 'Match Odds',
    type: 'match_odds',
    sortOrder: 1,
    status: 'closed',
    inPlay: true,
    runners: [runner('H', 1), runner('A', 2)],
    result,
  };
  await upsertMarkets(t.db, [market]);
}

async function feedClosesFancy(f: { matchId: string; fancyId: string }, runs: number): Promise<void> {
  const fancy: FeedFancy = { fancyId: f.fancyId, eventId: f.matchId, name: 'Fancy', gtype: 'session', sortOrder: 1, status: 'closed', noRun: 45, noRate: 100, yesRun: 46, yesRate: 100, result: runs };
  await upsertFancies(t.db, [fancy]);
}

const results = async (status: string, as: keyof Chain['tokens'] = 'admin') => body<{ data: ResultMarketRow[] }>(await t.request({ method: 'GET', url: `/api/results?status=${status}`, token: token(as) })).data;
const accept = (marketId: string, as: keyof Chain['tokens'] = 'admin') => t.request({ method: 'POST', url: '/api/accept-feed-result', token: token(as), payload: { transactionPassword: TEST_TXN_PASSWORD, marketId } });

describe('a declared result against the feed', () => {
  it('flags a settled market whose feed result differs, with both; accept-feed-result re-settles it on the feed result', async () => {
    const back = await player(1_000n);
    const other = await player(1_000n);
    const m = await createTestMarket(t, { H: [250, 252], A: [200, 202] });
    await place(back, { matchId: m.matchId, marketId: m.marketId, selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 });
    await place(other, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100 });

    // The admin declares H; the feed later says A.
    const declared = await t.request({ method: 'POST', url: '/api/declare-result', token: token('admin'), payload: { transactionPassword: TEST_TXN_PASSWORD, marketId: m.marketId, result: { type: 'WINNER', selectionId: 'H' } } });
    expect(declared.statusCode).toBe(200);
    expect(await walletOf(t, back.user.id)).toEqual({ balance: 115_000n, exposure: 0n });
    expect((await results('differs')).map((r) => r.marketId)).not.toContain(m.marketId);
    await feedCloses(m, 'A');
    // The first stored result is kept (the runners' feed statuses read it); the feed's latest is kept apart.
    const stored = await t.db.query('SELECT result, feed_result AS "feedResult" FROM markets WHERE id = $1', [m.marketId]);
    expect(stored.rows).toEqual([{ result: 'A', feedResult: 'A' }]);

    const differs = await results('differs');
    expect(differs).toHaveLength(1);
    expect(differs[0]).toMatchObject({
      marketId: m.marketId,
      feedDiffers: true,
      feedResult: { type: 'WINNER', selectionId: 'A' },
      settled: { version: 1, result: { type: 'WINNER', selectionId: 'H' }, source: 'admin' },
    });
    expect((await results('settled')).find((r) => r.marketId === m.marketId)?.feedDiffers).toBe(true);

    // The player's page keeps showing the result the bets were settled on, not the feed's.
    const market = body<{ data: Market[] }>(await t.request({ method: 'GET', url: `/api/get-market-list?matchId=${m.matchId}`, token: back.token })).data[0];
    expect(market?.settled).toEqual({ type: 'WINNER', selectionId: 'H' });
    expect(market?.runners.map((r) => [r.selectionId, r.status])).toEqual([
      ['H', 'winner'],
      ['A', 'loser'],
    ]);

    // One click: rollback + settle on the feed's result, one transaction.
    const fixed = await accept(m.marketId);
    expect(fixed.statusCode).toBe(200);
    expect(body(fixed).message).toBe("Result rolled back and the feed's result declared");
    expect(body<{ data: SettlementSummary }>(fixed).data).toMatchObject({ version: 2, status: 'settled', result: { type: 'WINNER', selectionId: 'A' }, bets: 2, users: 2 });
    expect(await walletOf(t, back.user.id)).toEqual({ balance: 90_000n, exposure: 0n });
    expect(await walletOf(t, other.user.id)).toEqual({ balance: 110_000n, exposure: 0n });
    expect(await results('differs')).toEqual([]);
    expect((await results('settled')).find((r) => r.marketId === m.marketId)).toMatchObject({ feedDiffers: false, settled: { version: 2, source: 'admin' } });
    const audit = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 ORDER BY created_at`, [`market:${m.marketId}`]);
    expect(audit.rows.map((r) => r.action)).toEqual(['results.declare', 'results.correct']);

    // A repeat (a double click) changes nothing.
    const before = await businessStateDigest(t.db);
    const again = await accept(m.marketId);
    expect(again.statusCode).toBe(200);
    expect(body<{ data: SettlementSummary }>(again).data).toMatchObject({ version: 2 });
    expect(await businessStateDigest(t.db)).toBe(before);
    const after = body<{ data: Market[] }>(await t.request({ method: 'GET', url: `/api/get-market-list?matchId=${m.matchId}`, token: back.token })).data[0];
    expect(after?.settled).toEqual({ type: 'WINNER', selectionId: 'A' });
  });

  it('flags a fancy settled on other runs than the feed later gives, and a feed correction of a market', async () => {
    const p = await player(1_000n);
    const m = await createTestMarket(t, { H: [250, 252], A: [200, 202] });
    const f = await createTestFancy(t, m.matchId, { noRun: 45, noRate: 100, yesRun: 46, yesRate: 100 });
    await place(p, { matchId: f.matchId, fancyId: f.fancyId, side: 'YES', run: 46, rate: 100, stake: 100 });
    await place(p, { matchId: m.matchId, marketId: m.marketId, selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 });
    expect((await t.request({ method: 'POST', url: '/api/declare-result', token: token('sadmin'), payload: { transactionPassword: TEST_TXN_PASSWORD, marketId: f.fancyId, result: { type: 'RUNS', runs: 50 } } })).statusCode).toBe(200);
    await feedClosesFancy(f, 44);
    // The feed settles the market on H itself, then corrects its result to A.
    await feedCloses(m, 'H');
    expect(await t.services.settlement.settleFeedResults()).toBe(1);
    expect((await results('differs')).map((r) => r.marketId)).toEqual([f.fancyId]);
    await feedCloses(m, 'A');
    const differs = await results('differs', 'sadmin');
    expect(differs.map((r) => [r.marketId, r.settled?.result, r.feedResult])).toEqual(
      expect.arrayContaining([
        [f.fancyId, { type: 'RUNS', runs: 50 }, { type: 'RUNS', runs: 44 }],
        [m.marketId, { type: 'WINNER', selectionId: 'H' }, { type: 'WINNER', selectionId: 'A' }],
      ]),
    );
    expect(differs).toHaveLength(2);
    expect((await accept(f.fancyId, 'sadmin')).statusCode).toBe(200);
    expect((await accept(m.marketId, 'sadmin')).statusCode).toBe(200);
    expect(await results('differs')).toEqual([]);
    // YES 46 loses at 44 runs, BACK H loses to A.
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 80_000n, exposure: 0n });
    const fancy = body<{ data: Fancy[] }>(await t.request({ method: 'GET', url: `/api/get-fancy-list?matchId=${f.matchId}&gtype=all`, token: p.token })).data.find((x) => x.fancyId === f.fancyId);
    expect(fancy?.settled).toEqual({ type: 'RUNS', runs: 44 });
  });

  it('refuses a market without a feed result (409) or unknown (404) and changes nothing', async () => {
    const m = await createTestMarket(t, { H: [250, 252], A: [200, 202] });
    const before = await businessStateDigest(t.db);
    const none = await accept(m.marketId);
    expect({ status: none.statusCode, message: body(none).message }).toEqual({ status: 409, message: 'The feed has not given a result for this market yet' });
    const unknown = await accept('1.999999999');
    expect(unknown.statusCode).toBe(404);
    expect(await businessStateDigest(t.db)).toBe(before);
  });

  it('smdl, mdl, dl and players get 403 (nothing changes); without a session 401', async () => {
    const p = await player(1_000n);
    const m = await createTestMarket(t, { H: [250, 252], A: [200, 202] });
    await place(p, { matchId: m.matchId, marketId: m.marketId, selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 });
    await t.request({ method: 'POST', url: '/api/declare-result', token: token('admin'), payload: { transactionPassword: TEST_TXN_PASSWORD, marketId: m.marketId, result: { type: 'WINNER', selectionId: 'H' } } });
    await feedCloses(m, 'A');
    for (const [name, tok] of [['smdl', token('smdl')], ['mdl', token('mdl')], ['dl', token('dl')], ['user', p.token]] as const) {
      const before = await businessStateDigest(t.db);
      const res = await t.request({ method: 'POST', url: '/api/accept-feed-result', token: tok, payload: { transactionPassword: TEST_TXN_PASSWORD, marketId: m.marketId } });
      expect({ name, status: res.statusCode, data: body(res).data }).toEqual({ name, status: 403, data: { code: 'FORBIDDEN' } });
      const list = await t.request({ method: 'GET', url: '/api/results?status=differs', token: tok });
      expect({ name, status: list.statusCode }).toEqual({ name, status: 403 });
      expect(await businessStateDigest(t.db)).toBe(before);
    }
    expect((await t.request({ method: 'POST', url: '/api/accept-feed-result', payload: { transactionPassword: TEST_TXN_PASSWORD, marketId: m.marketId } })).statusCode).toBe(401);
    expect((await accept(m.marketId)).statusCode).toBe(200);
  });
});
