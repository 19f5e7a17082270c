/**
 * The admin tools of step 4 through the real API: declare-result / rollback-result / results
 * (admin and sadmin only; every other role 403 and nothing changes), results that do not fit
 * their market (400), the pending and settled lists, and voids (delete-current-bet,
 * delete-bets): open bets of the caller's downline only, positions rebuilt from the remaining
 * open bets, wallet exposure following, settled bets refused, a void that would leave a wallet
 * short refused.
 */
import { randomUUID } from 'node:crypto';
import type { DeclaredResult, DeleteBetsResponse, Fancy, Market, PlaceBetResponse, ResultMarketRow, SettlementSummary } from '@backlay/shared/contracts';
import {
  body,
  businessStateDigest,
  buildTestApp,
  createTestFancy,
  createTestMarket,
  idempotent,
  walletOf,
  TEST_TXN_PASSWORD,
  type TestContext,
  type TestMarket,
  type TestUser,
} from './helper';

let t: TestContext;

/** One chain admin → sadmin → smdl → mdl → dl → player, a second root with its own sadmin. */
const fx = {} as Record<'admin' | 'sadmin' | 'smdl' | 'mdl' | 'dl' | 'otherAdmin' | 'otherSadmin', TestUser> & { tokens: Map<string, string> };

beforeAll(async () => {
  t = await buildTestApp();
  fx.tokens = new Map();
  fx.admin = await t.createUser({ role: 'admin' });
  fx.sadmin = await t.createUser({ role: 'sadmin', parentId: fx.admin.id });
  fx.smdl = await t.createUser({ role: 'smdl', parentId: fx.sadmin.id });
  fx.mdl = await t.createUser({ role: 'mdl', parentId: fx.smdl.id });
  fx.dl = await t.createUser({ role: 'dl', parentId: fx.mdl.id });
  fx.otherAdmin = await t.createUser({ role: 'admin' });
  fx.otherSadmin = await t.createUser({ role: 'sadmin', parentId: fx.otherAdmin.id });
  for (const name of ['admin', 'sadmin', 'smdl', 'mdl', 'dl', 'otherAdmin', 'otherSadmin'] as const) {
    fx.tokens.set(name, (await t.login(fx[name])).token);
  }
});
afterAll(async () => {
  await t.close();
});

const token = (name: string): string => fx.tokens.get(name) ?? '';

interface Player {
  user: TestUser;
  token: string;
}

async function player(funds: bigint): Promise<Player> {
  const user = await t.createUser({ role: 'user', parentId: fx.dl.id });
  await t.fund(user.id, funds);
  return { user, token: (await t.login(user)).token };
}

async function place(p: Player, m: TestMarket, b: { selectionId: string; side: 'BACK' | 'LAY'; odds: number; stake: number }): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/placebet', token: p.token, headers: idempotent(randomUUID()), payload: { matchId: m.matchId, marketId: m.marketId, ...b } });
  if (res.statusCode !== 200) throw new Error(`bet refused: ${res.body}`);
  return body<{ data: PlaceBetResponse }>(res).data.bet.betId;
}

async function placeFancy(p: Player, f: { matchId: string; fancyId: string }, b: { side: 'YES' | 'NO'; run: number; rate: number; stake: number }): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/placebet', token: p.token, headers: idempotent(randomUUID()), payload: { matchId: f.matchId, fancyId: f.fancyId, ...b } });
  if (res.statusCode !== 200) throw new Error(`bet refused: ${res.body}`);
  return body<{ data: PlaceBetResponse }>(res).data.bet.betId;
}

const declare = (marketId: string, result: DeclaredResult, as = 'admin') =>
  t.request({ method: 'POST', url: '/api/declare-result', token: token(as), payload: { transactionPassword: TEST_TXN_PASSWORD, marketId, result } });
const voidOne = (betId: string, as = 'admin') => t.request({ method: 'DELETE', url: `/api/delete-current-bet/${betId}`, token: token(as) });
const voidMany = (betIds: string[], reason?: string, as = 'admin') =>
  t.request({ method: 'POST', url: '/api/delete-bets', token: token(as), payload: { betIds, ...(reason !== undefined ? { reason } : {}) } });

const THREE: Record<string, [number, number]> = { H: [250, 252], D: [358, 360], A: [300, 302] };

describe('who may declare, roll back, list results and void bets', () => {
  it('smdl, mdl, dl and players get 403 on every admin route and nothing changes', async () => {
    const p = await player(1_000n);
    const m = await createTestMarket(t, THREE);
    const betId = await place(p, m, { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 });
    const calls = [
      { method: 'POST' as const, url: '/api/declare-result', payload: { transactionPassword: TEST_TXN_PASSWORD, marketId: m.marketId, result: { type: 'VOID' } } },
      { method: 'POST' as const, url: '/api/rollback-result', payload: { transactionPassword: TEST_TXN_PASSWORD, marketId: m.marketId } },
      { method: 'GET' as const, url: '/api/results?status=pending' },
      { method: 'DELETE' as const, url: `/api/delete-current-bet/${betId}` },
      { method: 'POST' as const, url: '/api/delete-bets', payload: { betIds: [betId] } },
    ];
    for (const [name, tok] of [['smdl', token('smdl')], ['mdl', token('mdl')], ['dl', token('dl')], ['user', p.token]] as const) {
      for (const call of calls) {
        const before = await businessStateDigest(t.db);
        const res = await t.request({ ...call, token: tok });
        const context = `${call.method} ${call.url} as ${name}`;
        expect({ context, status: res.statusCode, data: body(res).data }).toEqual({ context, status: 403, data: { code: 'FORBIDDEN' } });
        expect(await businessStateDigest(t.db)).toBe(before);
      }
    }
    for (const call of calls) expect((await t.request(call)).statusCode).toBe(401);
  });

  it('admin and sadmin settle any market (the house sees everything), the same result twice is one settlement', async () => {
    const p = await player(1_000n);
    const m = await createTestMarket(t, THREE);
    await place(p, m, { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 });
    const bySadmin = await declare(m.marketId, { type: 'WINNER', selectionId: 'H' }, 'otherSadmin');
    expect(bySadmin.statusCode).toBe(200);
    expect(body<{ data: SettlementSummary }>(bySadmin).data).toMatchObject({ version: 1, status: 'settled', bets: 1, users: 1, usersPnl: 150 });
    const byAdmin = await declare(m.marketId, { type: 'WINNER', selectionId: 'H' }, 'admin');
    expect(body(byAdmin)).toEqual(body(bySadmin));
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 115_000n, exposure: 0n });
  });

  it('refuses a result that does not fit the market with 400', async () => {
    const m = await createTestMarket(t, THREE);
    const f = await createTestFancy(t, m.matchId, { noRun: 45, noRate: 100, yesRun: 46, yesRate: 100 });
    const wrong: Array<[string, unknown]> = [
      [m.marketId, { type: 'WINNER', selectionId: 'X' }],
      [m.marketId, { type: 'RUNS', runs: 45 }],
      [m.marketId, { type: 'DEAD_HEAT', selectionIds: ['H'] }],
      [m.marketId, { type: 'DRAW' }],
      [f.fancyId, { type: 'WINNER', selectionId: 'H' }],
      [f.fancyId, { type: 'RUNS', runs: -1 }],
      [f.fancyId, { type: 'RUNS', runs: 4.5 }],
    ];
    const before = await businessStateDigest(t.db);
    for (const [marketId, result] of wrong) {
      const res = await t.request({ method: 'POST', url: '/api/declare-result', token: token('admin'), payload: { transactionPassword: TEST_TXN_PASSWORD, marketId, result } });
      expect({ result, status: res.statusCode, code: body(res).data }).toEqual({ result, status: 400, code: expect.objectContaining({ code: 'VALIDATION' }) });
      expect(body(res).message).toMatch(/^The result does not fit this market/);
    }
    expect(await businessStateDigest(t.db)).toBe(before);
  });
});

describe("the player's market data after a result", () => {
  it('carries the settled result with no prices (HTTP and a catalog.matchChanged event), and drops it after a rollback', async () => {
    const p = await player(1_000n);
    const m = await createTestMarket(t, THREE);
    const f = await createTestFancy(t, m.matchId, { noRun: 45, noRate: 100, yesRun: 46, yesRate: 100 });
    await place(p, m, { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 });
    await placeFancy(p, f, { side: 'YES', run: 46, rate: 100, stake: 100 });
    const markets = async () => body<{ data: Market[] }>(await t.request({ method: 'GET', url: `/api/get-market-list?matchId=${m.matchId}`, token: p.token })).data;
    const fancies = async () =>
      body<{ data: Fancy[] }>(await t.request({ method: 'GET', url: `/api/get-fancy-list?matchId=${m.matchId}&gtype=all`, token: p.token })).data;
    expect((await markets())[0]).toMatchObject({ settled: null, runners: expect.arrayContaining([expect.objectContaining({ selectionId: 'H', back: [expect.anything()] })]) });
    expect((await fancies())[0]).toMatchObject({ settled: null });

    const published: Array<{ markets: unknown[]; fancies: unknown[] }> = [];
    const off = t.services.events.on('catalog.matchChanged', (e) => {
      if (e.matchId === m.matchId) published.push({ markets: e.markets.map((r) => [r.id, r.settled]), fancies: e.fancies.map((r) => [r.id, r.settled]) });
    });
    try {
      expect((await declare(m.marketId, { type: 'WINNER', selectionId: 'D' })).statusCode).toBe(200);
      expect((await declare(f.fancyId, { type: 'RUNS', runs: 57 })).statusCode).toBe(200);
      const settled = (await markets())[0];
      expect(settled?.settled).toEqual({ type: 'WINNER', selectionId: 'D' });
      expect(settled?.runners.map((r) => [r.selectionId, r.status, r.back.length, r.lay.length])).toEqual([
        ['H', 'loser', 0, 0],
        ['D', 'winner', 0, 0],
        ['A', 'loser', 0, 0],
      ]);
      expect((await fancies())[0]?.settled).toEqual({ type: 'RUNS', runs: 57 });

      expect((await t.request({ method: 'POST', url: '/api/rollback-result', token: token('admin'), payload: { transactionPassword: TEST_TXN_PASSWORD, marketId: m.marketId } })).statusCode).toBe(200);
      expect((await markets())[0]).toMatchObject({ settled: null, runners: expect.arrayContaining([expect.objectContaining({ selectionId: 'H', status: 'active', back: [expect.anything()] })]) });
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      off();
    }
    expect(published).toEqual([
      { markets: [[m.marketId, { type: 'WINNER', selectionId: 'D' }]], fancies: [] },
      { markets: [], fancies: [[f.fancyId, { type: 'RUNS', runs: 57 }]] },
      { markets: [[m.marketId, null]], fancies: [] },
    ]);
  });
});

describe('GET /api/results', () => {
  it('lists markets and fancies with open bets waiting for a result, then the settled ones', async () => {
    const p = await player(5_000n);
    const m = await createTestMarket(t, THREE);
    const f = await createTestFancy(t, m.matchId, { noRun: 45, noRate: 100, yesRun: 46, yesRate: 100 });
    await place(p, m, { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 });
    await place(p, m, { selectionId: 'D', side: 'LAY', odds: 3.6, stake: 50 });
    await placeFancy(p, f, { side: 'YES', run: 46, rate: 100, stake: 100 });
    const list = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/api/results?${query}`, token: token('sadmin') });
      expect(res.statusCode).toBe(200);
      return body<{ data: ResultMarketRow[] }>(res).data;
    };
    let pending = await list('status=pending');
    expect(pending.find((r) => r.marketId === m.marketId)).toEqual({
      marketId: m.marketId,
      marketType: 'match_odds',
      matchId: m.matchId,
      matchName: 'A v B',
      sportId: 4,
      marketName: 'Match Odds',
      numberOfWinners: 1,
      runners: [
        { selectionId: 'H', name: 'H', clothNumber: null },
        { selectionId: 'D', name: 'D', clothNumber: null },
        { selectionId: 'A', name: 'A', clothNumber: null },
      ],
      openBets: 2,
      feedResult: null,
      settled: null,
      feedDiffers: false,
    });
    expect(pending.find((r) => r.marketId === f.fancyId)).toMatchObject({ marketType: 'fancy', runners: [], openBets: 1, feedResult: null });
    expect((await list('status=pending&sportId=1')).some((r) => r.marketId === m.marketId)).toBe(false);

    // The feed's result shows before anyone settles it.
    await t.db.query(`UPDATE fancies SET feed_status = 'closed', result = 47, feed_result = 47 WHERE id = $1`, [f.fancyId]);
    pending = await list('status=pending');
    expect(pending.find((r) => r.marketId === f.fancyId)?.feedResult).toEqual({ type: 'RUNS', runs: 47 });

    expect((await declare(m.marketId, { type: 'WINNER', selectionId: 'D' })).statusCode).toBe(200);
    expect((await list('status=pending')).some((r) => r.marketId === m.marketId)).toBe(false);
    const settledRow = (await list('status=settled')).find((r) => r.marketId === m.marketId);
    expect(settledRow).toMatchObject({ openBets: 0, settled: { version: 1, result: { type: 'WINNER', selectionId: 'D' }, source: 'admin' } });
    expect(new Date(settledRow?.settled?.settledAt ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);
    await declare(f.fancyId, { type: 'RUNS', runs: 47 });
    const settled = await list('status=settled');
    expect(settled.findIndex((r) => r.marketId === f.fancyId)).toBeLessThan(settled.findIndex((r) => r.marketId === m.marketId));
  });
});

describe('voiding open bets (delete-current-bet, delete-bets)', () => {
  it('voids a bet of the downline: status voided, P&L 0, the position rebuilt and the exposure following', async () => {
    const p = await player(1_000n);
    const m = await createTestMarket(t, THREE);
    await place(p, m, { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 });
    const lay = await place(p, m, { selectionId: 'D', side: 'LAY', odds: 3.6, stake: 50 });
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 100_000n, exposure: 23_000n });
    const res = await voidOne(lay);
    expect(res.statusCode).toBe(200);
    expect(body<{ data: DeleteBetsResponse; message: string }>(res)).toEqual({ data: { voided: [lay] }, message: 'Bets deleted' });
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 100_000n, exposure: 10_000n });
    const { rows } = await t.db.query('SELECT status, pnl_minor::text AS pnl, void_reason AS reason, voided_by AS "by" FROM bets WHERE id = $1', [lay]);
    expect(rows).toEqual([{ status: 'voided', pnl: '0', reason: 'Deleted by the upline', by: fx.admin.id }]);
    const audit = await t.db.query<{ action: string; actor: string }>(`SELECT action, actor_id AS actor FROM audit_log WHERE target = $1`, [`bet:${lay}`]);
    expect(audit.rows).toEqual([{ action: 'bets.void', actor: fx.admin.id }]);
    // Once voided it is no longer open; the settlement ignores it.
    const again = await voidOne(lay);
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('Only open bets can be deleted: roll back the result first');
    const summary = body<{ data: SettlementSummary }>(await declare(m.marketId, { type: 'WINNER', selectionId: 'D' })).data;
    expect(summary).toMatchObject({ bets: 1, usersPnl: -100 });
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 90_000n, exposure: 0n });
  });

  it('voids several bets across markets with a reason, fancy books rebuilt from the remaining bets', async () => {
    const p = await player(5_000n);
    const q = await player(5_000n);
    const m = await createTestMarket(t, THREE);
    const f = await createTestFancy(t, m.matchId, { noRun: 45, noRate: 100, yesRun: 45, yesRate: 100 });
    const a = await place(p, m, { selectionId: 'A', side: 'BACK', odds: 3, stake: 200 });
    const y = await placeFancy(p, f, { side: 'YES', run: 45, rate: 100, stake: 300 });
    await t.db.query('UPDATE fancies SET no_run = 44, yes_run = 44 WHERE id = $1', [f.fancyId]);
    await placeFancy(p, f, { side: 'NO', run: 44, rate: 100, stake: 100 });
    const qa = await place(q, m, { selectionId: 'H', side: 'LAY', odds: 2.52, stake: 100 });
    const res = await voidMany([a, y, qa], 'Palpable error');
    expect(res.statusCode).toBe(200);
    expect(body<{ data: DeleteBetsResponse }>(res).data.voided).toEqual([a, y, qa]);
    // p keeps only NO 44 (book: lines [44], zones [+100, −100]); q nothing.
    const pos = await t.db.query('SELECT pnl, exposure_minor::text AS e FROM positions WHERE user_id = $1 AND market_id = $2', [p.user.id, f.fancyId]);
    expect(pos.rows).toEqual([{ pnl: { lines: [44], zones: [10_000, -10_000] }, e: '10000' }]);
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 500_000n, exposure: 10_000n });
    expect(await walletOf(t, q.user.id)).toEqual({ balance: 500_000n, exposure: 0n });
    const reasons = await t.db.query('SELECT DISTINCT void_reason AS r FROM bets WHERE id = ANY($1::uuid[])', [[a, y, qa]]);
    expect(reasons.rows).toEqual([{ r: 'Palpable error' }]);
  });

  it('only bets of the caller\'s downline: another root gets 404, a malformed id 404, a settled bet 409', async () => {
    const p = await player(1_000n);
    const m = await createTestMarket(t, THREE);
    const betId = await place(p, m, { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 });
    const before = await businessStateDigest(t.db);
    for (const [as, id] of [['otherAdmin', betId], ['otherSadmin', betId], ['admin', randomUUID()], ['admin', 'not-a-uuid']] as const) {
      const res = await voidOne(id, as);
      expect({ as, id, status: res.statusCode, message: body(res).message }).toEqual({ as, id, status: 404, message: 'Bet not found' });
    }
    const mixed = await voidMany([betId, randomUUID()]);
    expect(mixed.statusCode).toBe(404);
    expect(await businessStateDigest(t.db)).toBe(before);
    expect((await declare(m.marketId, { type: 'WINNER', selectionId: 'A' })).statusCode).toBe(200);
    const settled = await voidOne(betId, 'sadmin');
    expect(settled.statusCode).toBe(409);
    expect(body(settled)).toMatchObject({ data: { code: 'CONFLICT' }, message: 'Only open bets can be deleted: roll back the result first' });
  });

  it('refuses a void that would leave the wallet short (it removes a hedge) and changes nothing', async () => {
    const p = await player(1_000n);
    const m = await createTestMarket(t, { A: [200, 200], B: [200, 200] });
    await place(p, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 1_000 });
    const hedge = await place(p, m, { selectionId: 'B', side: 'BACK', odds: 2, stake: 1_000 });
    await place(p, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 1_000 });
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 100_000n, exposure: 100_000n });
    const before = await businessStateDigest(t.db);
    const res = await voidOne(hedge);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ data: { code: 'INSUFFICIENT_FUNDS' } });
    expect(body(res).message).toContain(p.user.username);
    expect(body(res).message).toContain('exposure 2,000.00');
    expect(await businessStateDigest(t.db)).toBe(before);
  });
});
