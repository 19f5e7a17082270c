/**
 * The bet lists through the real API and PostgreSQL: unsettled bets (players their own, agents
 * their downline, matched or deleted), bet history (settled and voided, date range, status,
 * sport, one named account through the policy), get-bet-list-by-ids, with pagination, filters,
 * clear 400s, and no agent ever seeing another branch.
 */
import { randomUUID } from 'node:crypto';
import { BET_IDS_MAX, BET_LIST_PAGE_SIZE, type BetPage, type BetRow } from '@backlay/shared/contracts';
import { backOrLay, createChain, createMatch, createPlayer, getData, postData, type Chain, type Player, type TestMatch } from './bet-reports-helper';
import { body, buildTestApp, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';

let t: TestContext;
let chain: Chain;
let dlB: TestUser;
let dlBToken: string;
let pA1: Player;
let pA2: Player;
let pB1: Player;
let cricket: TestMatch;
let soccer: TestMatch;
/** Bet ids by name, in the order placed. */
const bets: Record<string, string> = {};

const today = () => new Date().toISOString().slice(0, 10);
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  chain = await createChain(t);
  dlB = await t.createUser({ role: 'dl', parentId: chain.agents.mdl.id, partnershipShareBps: 6_000 });
  dlBToken = (await t.login(dlB)).token;
  pA1 = await createPlayer(t, chain.agents.dl.id);
  pA2 = await createPlayer(t, chain.agents.dl.id);
  pB1 = await createPlayer(t, dlB.id);
  cricket = await createMatch(t, { sportId: 4, name: 'Lions v Tigers', markets: [{ runners: { A: [200, 202], B: [200, 202] } }] });
  soccer = await createMatch(t, { sportId: 1, name: 'Reds v Blues', markets: [{ runners: { H: [200, 202], X: [300, 302] } }] });
  const [c, s] = [cricket.marketIds[0] ?? '', soccer.marketIds[0] ?? ''];
  bets.a1BackA = (await backOrLay(t, pA1, cricket, c, { selectionId: 'A', side: 'BACK', odds: 2, stake: 100 })).bet.betId;
  bets.a1LayB = (await backOrLay(t, pA1, cricket, c, { selectionId: 'B', side: 'LAY', odds: 2.02, stake: 50 })).bet.betId;
  bets.a2BackB = (await backOrLay(t, pA2, cricket, c, { selectionId: 'B', side: 'BACK', odds: 2, stake: 200 })).bet.betId;
  bets.b1BackA = (await backOrLay(t, pB1, cricket, c, { selectionId: 'A', side: 'BACK', odds: 2, stake: 300 })).bet.betId;
  bets.a1BackH = (await backOrLay(t, pA1, soccer, s, { selectionId: 'H', side: 'BACK', odds: 2, stake: 10 })).bet.betId;
  bets.b1BackH = (await backOrLay(t, pB1, soccer, s, { selectionId: 'H', side: 'BACK', odds: 2, stake: 20 })).bet.betId;
});

afterAll(async () => {
  await t.close();
});

const ids = (page: BetPage<BetRow>) => page.rows.map((row) => row.betId);

async function expect400(token: string, url: string, message: string | RegExp): Promise<void> {
  const response = await t.request({ method: 'GET', url, token });
  expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
  expect(body(response)).toMatchObject({ data: { code: 'VALIDATION' } });
  expect(body(response).message).toMatch(message);
}

describe('GET /api/unsettled-bets', () => {
  it('a player sees its own open bets, newest first, with every name', async () => {
    const page = await getData<BetPage<BetRow>>(t, pA1.token, '/api/unsettled-bets');
    expect(ids(page)).toEqual([bets.a1BackH, bets.a1LayB, bets.a1BackA]);
    expect(page).toMatchObject({ page: 1, pageSize: BET_LIST_PAGE_SIZE, total: 3 });
    expect(page.rows[1]).toEqual({
      betId: bets.a1LayB,
      matchId: cricket.matchId,
      marketId: cricket.marketIds[0],
      marketType: 'match_odds',
      selectionId: 'B',
      side: 'LAY',
      odds: 2.02,
      run: null,
      stake: 50,
      status: 'open',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      username: pA1.user.username,
      sportId: 4,
      matchName: 'Lions v Tigers',
      matchOpenDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      marketName: 'Match Odds',
      selectionName: 'Runner B',
      clothNumber: null,
      pnl: null,
      settledAt: null,
      voidReason: null,
    });
  });

  it('an agent sees its downline only; a sibling branch sees none of it; the common parent sees both', async () => {
    const dl = await getData<BetPage<BetRow>>(t, chain.tokens.dl, '/api/unsettled-bets');
    expect(new Set(ids(dl))).toEqual(new Set([bets.a1BackA, bets.a1LayB, bets.a2BackB, bets.a1BackH]));
    expect(dl.total).toBe(4);
    const b = await getData<BetPage<BetRow>>(t, dlBToken, '/api/unsettled-bets');
    expect(new Set(ids(b))).toEqual(new Set([bets.b1BackA, bets.b1BackH]));
    expect(b.rows.every((row) => row.username === pB1.user.username)).toBe(true);
    const mdl = await getData<BetPage<BetRow>>(t, chain.tokens.mdl, '/api/unsettled-bets?type=matched');
    expect(mdl.total).toBe(6);
    // A player of another root sees nothing of these.
    const stranger = await createPlayer(t, (await t.createUser({ role: 'dl' })).id);
    expect(await getData(t, stranger.token, '/api/unsettled-bets')).toEqual({ rows: [], page: 1, pageSize: BET_LIST_PAGE_SIZE, total: 0 });
  });

  it('filters by sport and by match', async () => {
    const soccerOnly = await getData<BetPage<BetRow>>(t, chain.tokens.dl, '/api/unsettled-bets?sportId=1');
    expect(ids(soccerOnly)).toEqual([bets.a1BackH]);
    expect(soccerOnly.rows[0]).toMatchObject({ sportId: 1, matchName: 'Reds v Blues', selectionName: 'Runner H' });
    const cricketMatch = await getData<BetPage<BetRow>>(t, chain.tokens.mdl, `/api/unsettled-bets?matchId=${cricket.matchId}`);
    expect(new Set(ids(cricketMatch))).toEqual(new Set([bets.a1BackA, bets.a1LayB, bets.a2BackB, bets.b1BackA]));
    expect(await getData<BetPage<BetRow>>(t, pA1.token, '/api/unsettled-bets?sportId=2')).toMatchObject({ rows: [], total: 0 });
  });

  it('pages through the list without gaps or repeats', async () => {
    const all = await getData<BetPage<BetRow>>(t, chain.tokens.mdl, '/api/unsettled-bets');
    const first = await getData<BetPage<BetRow>>(t, chain.tokens.mdl, '/api/unsettled-bets?pageSize=4&page=1');
    const second = await getData<BetPage<BetRow>>(t, chain.tokens.mdl, '/api/unsettled-bets?pageSize=4&page=2');
    const third = await getData<BetPage<BetRow>>(t, chain.tokens.mdl, '/api/unsettled-bets?pageSize=4&page=3');
    expect([first.rows.length, second.rows.length, third.rows.length]).toEqual([4, 2, 0]);
    expect([...ids(first), ...ids(second)]).toEqual(ids(all));
    expect([first.total, second.total, third.total]).toEqual([6, 6, 6]);
    expect(second).toMatchObject({ page: 2, pageSize: 4 });
  });

  it('answers 400 with a clear message for a bad query', async () => {
    await expect400(pA1.token, '/api/unsettled-bets?pageSize=101', 'pageSize must be <= 100');
    await expect400(pA1.token, '/api/unsettled-bets?page=0', 'page must be >= 1');
    await expect400(pA1.token, '/api/unsettled-bets?type=open', /^type must be one of: /);
    await expect400(pA1.token, '/api/unsettled-bets?sportId=cricket', 'sportId must be integer');
  });
});

describe('POST /api/get-bet-list-by-ids', () => {
  const everyId = () => [...Object.values(bets), randomUUID()];

  it('a player gets only its own bets of the ids', async () => {
    const page = await postData<BetPage<BetRow>>(t, pA1.token, '/api/get-bet-list-by-ids', { betIds: everyId() });
    expect(new Set(ids(page))).toEqual(new Set([bets.a1BackA, bets.a1LayB, bets.a1BackH]));
    expect(page.total).toBe(3);
  });

  it('an agent gets its downline\'s bets of the ids, never another branch\'s', async () => {
    const dl = await postData<BetPage<BetRow>>(t, chain.tokens.dl, '/api/get-bet-list-by-ids', { betIds: everyId() });
    expect(new Set(ids(dl))).toEqual(new Set([bets.a1BackA, bets.a1LayB, bets.a2BackB, bets.a1BackH]));
    const b = await postData<BetPage<BetRow>>(t, dlBToken, '/api/get-bet-list-by-ids', { betIds: [bets.a1BackA, bets.b1BackH] });
    expect(ids(b)).toEqual([bets.b1BackH]);
    const page2 = await postData<BetPage<BetRow>>(t, chain.tokens.mdl, '/api/get-bet-list-by-ids', { betIds: everyId(), page: 2 });
    expect(page2).toMatchObject({ rows: [], page: 2, total: 6 });
  });

  it('answers 400 for too many ids, an id that is no uuid, or none', async () => {
    const tooMany = Array.from({ length: BET_IDS_MAX + 1 }, () => randomUUID());
    const cases: Array<[object, string | RegExp]> = [
      [{ betIds: tooMany }, `betIds must NOT have more than ${BET_IDS_MAX} items`],
      [{ betIds: ['not-a-uuid'] }, /^betIds\.0 must match format "uuid"/],
      [{ betIds: [] }, 'betIds must NOT have fewer than 1 items'],
      [{}, 'betIds is required'],
    ];
    for (const [payload, message] of cases) {
      const response = await t.request({ method: 'POST', url: '/api/get-bet-list-by-ids', token: pA1.token, payload });
      expect(response.statusCode).toBe(400);
      expect(body(response).message).toMatch(message);
    }
    // Exactly the maximum is fine.
    const max = Array.from({ length: BET_IDS_MAX }, () => randomUUID());
    expect(await postData(t, pA1.token, '/api/get-bet-list-by-ids', { betIds: max })).toMatchObject({ rows: [], total: 0 });
  });
});

describe('deleted bets and the bet history', () => {
  beforeAll(async () => {
    // An admin voids pA2's cricket bet; then the soccer market is settled (H wins).
    const voided = await t.request({ method: 'DELETE', url: `/api/delete-current-bet/${bets.a2BackB}`, token: chain.tokens.admin });
    if (voided.statusCode !== 200) throw new Error(`delete-current-bet: ${voided.statusCode} ${voided.body}`);
    await postData(t, chain.tokens.admin, '/api/declare-result', {
      transactionPassword: TEST_TXN_PASSWORD,
      marketId: soccer.marketIds[0],
      result: { type: 'WINNER', selectionId: 'H' },
    });
  });

  it('unsettled-bets type=deleted lists the voided bets of the downline; matched no longer has them', async () => {
    const deleted = await getData<BetPage<BetRow>>(t, chain.tokens.dl, '/api/unsettled-bets?type=deleted');
    expect(ids(deleted)).toEqual([bets.a2BackB]);
    expect(deleted.rows[0]).toMatchObject({ status: 'voided', pnl: 0, voidReason: expect.any(String), settledAt: expect.any(String) });
    expect(await getData(t, dlBToken, '/api/unsettled-bets?type=deleted')).toMatchObject({ rows: [], total: 0 });
    const matched = await getData<BetPage<BetRow>>(t, chain.tokens.dl, '/api/unsettled-bets');
    expect(new Set(ids(matched))).toEqual(new Set([bets.a1BackA, bets.a1LayB]));
  });

  it('a player\'s history: its settled bet with the P&L, newest first; voided ones are its own too', async () => {
    const page = await getData<BetPage<BetRow>>(t, pA1.token, '/api/bet-history');
    expect(ids(page)).toEqual([bets.a1BackH]);
    expect(page.rows[0]).toMatchObject({ status: 'settled', pnl: 10, settledAt: expect.any(String), selectionName: 'Runner H' });
    const a2 = await getData<BetPage<BetRow>>(t, pA2.token, '/api/bet-history?status=voided');
    expect(ids(a2)).toEqual([bets.a2BackB]);
    expect(await getData(t, pA2.token, '/api/bet-history?status=settled')).toMatchObject({ rows: [], total: 0 });
  });

  it('an agent\'s history: its downline, newest settled first; filters by status, sport and one account', async () => {
    const dl = await getData<BetPage<BetRow>>(t, chain.tokens.dl, '/api/bet-history');
    expect(ids(dl)).toEqual([bets.a1BackH, bets.a2BackB]);
    expect(ids(await getData(t, chain.tokens.dl, '/api/bet-history?status=settled'))).toEqual([bets.a1BackH]);
    expect(ids(await getData(t, chain.tokens.dl, '/api/bet-history?sportId=4'))).toEqual([bets.a2BackB]);
    expect(ids(await getData(t, chain.tokens.mdl, '/api/bet-history?status=settled'))).toEqual([bets.b1BackH, bets.a1BackH]);
    expect(ids(await getData(t, dlBToken, '/api/bet-history'))).toEqual([bets.b1BackH]);
    // One account of the downline, or an agent's whole subtree.
    expect(ids(await getData(t, chain.tokens.mdl, `/api/bet-history?username=${pA2.user.username}`))).toEqual([bets.a2BackB]);
    expect(ids(await getData(t, chain.tokens.mdl, `/api/bet-history?username=${dlB.username}`))).toEqual([bets.b1BackH]);
    expect(ids(await getData(t, pA1.token, `/api/bet-history?username=${pA1.user.username}`))).toEqual([bets.a1BackH]);
  });

  it('another branch, an upline and a stranger are "no such account" (404); a player cannot name anyone else', async () => {
    for (const [token, username] of [
      [chain.tokens.dl, pB1.user.username],
      [chain.tokens.dl, dlB.username],
      [chain.tokens.dl, chain.agents.mdl.username],
      [chain.tokens.dl, 'nobody-here'],
      [pA1.token, pA2.user.username],
    ] as const) {
      const response = await t.request({ method: 'GET', url: `/api/bet-history?username=${username}`, token });
      expect({ username, status: response.statusCode }).toEqual({ username, status: 404 });
      expect(body(response)).toEqual({ data: { code: 'NOT_FOUND' }, message: 'No such account in your downline' });
    }
  });

  it('the date range covers whole UTC days of settlement; bad dates are 400', async () => {
    expect(ids(await getData(t, chain.tokens.dl, `/api/bet-history?from=${today()}&to=${today()}`))).toEqual([bets.a1BackH, bets.a2BackB]);
    expect(await getData(t, chain.tokens.dl, `/api/bet-history?from=${dayOffset(-30)}&to=${dayOffset(-1)}`)).toMatchObject({ rows: [], total: 0 });
    expect(await getData(t, chain.tokens.dl, `/api/bet-history?from=${dayOffset(1)}&to=${dayOffset(1)}`)).toMatchObject({ rows: [], total: 0 });
    // Only `to`: the 7 days ending on it.
    expect(ids(await getData(t, chain.tokens.dl, `/api/bet-history?to=${dayOffset(6)}`))).toEqual([bets.a1BackH, bets.a2BackB]);
    expect(await getData(t, chain.tokens.dl, `/api/bet-history?to=${dayOffset(7)}`)).toMatchObject({ rows: [], total: 0 });
    await expect400(chain.tokens.dl, `/api/bet-history?from=${today()}&to=${dayOffset(-1)}`, 'Start date must not be after end date');
    await expect400(chain.tokens.dl, '/api/bet-history?from=2026-02-30', 'Dates must be valid ISO dates (YYYY-MM-DD)');
    await expect400(chain.tokens.dl, '/api/bet-history?status=open', /^status must be one of: /);
  });

  it('pages the history', async () => {
    const first = await getData<BetPage<BetRow>>(t, chain.tokens.mdl, '/api/bet-history?pageSize=1');
    const second = await getData<BetPage<BetRow>>(t, chain.tokens.mdl, '/api/bet-history?pageSize=1&page=2');
    const all = await getData<BetPage<BetRow>>(t, chain.tokens.mdl, '/api/bet-history');
    expect([...ids(first), ...ids(second)]).toEqual(ids(all).slice(0, 2));
    expect(first.total).toBe(3);
  });

  it('lists the history in the order the bets were placed, newest first, not the order they settled', async () => {
    // pA1's cricket bets were placed before its soccer bet but settle after it.
    await postData(t, chain.tokens.admin, '/api/declare-result', {
      transactionPassword: TEST_TXN_PASSWORD,
      marketId: cricket.marketIds[0],
      result: { type: 'WINNER', selectionId: 'A' },
    });
    expect(ids(await getData(t, pA1.token, '/api/bet-history'))).toEqual([bets.a1BackH, bets.a1LayB, bets.a1BackA]);
    expect(ids(await getData(t, chain.tokens.mdl, '/api/bet-history?status=settled'))).toEqual([
      bets.b1BackH,
      bets.a1BackH,
      bets.b1BackA,
      bets.a1LayB,
      bets.a1BackA,
    ]);
  });
});
