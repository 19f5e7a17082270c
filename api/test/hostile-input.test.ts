/**
 * Hostile input at the edge (docs/rules/test-plan.md T14; step 6 items 3–4): NUL bytes and lone surrogates in
 * any text, numbers past what their column holds, and values of the wrong JSON type where money,
 * odds, rates, runs or commission are expected. Each is a 400 with a readable message, never a
 * 5xx, never a coerced value: the business state digest is unchanged after every refusal.
 */
import { MESSAGES } from '@backlay/shared/contracts';
import { randomUUID } from 'node:crypto';
import {
  body,
  buildTestApp,
  businessStateDigest,
  createTestFancy,
  createTestMarket,
  idempotent,
  TEST_TXN_PASSWORD,
  type TestContext,
  type TestMarket,
  type TestUser,
} from './helper';

let t: TestContext;
let admin: TestUser;
let dl: TestUser;
let player: TestUser;
const tokens: Record<'admin' | 'dl' | 'player', string> = { admin: '', dl: '', player: '' };
let market: TestMarket;
let fancyId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const sadmin = await t.createUser({ role: 'sadmin', parentId: admin.id });
  const smdl = await t.createUser({ role: 'smdl', parentId: sadmin.id });
  const mdl = await t.createUser({ role: 'mdl', parentId: smdl.id });
  dl = await t.createUser({ role: 'dl', parentId: mdl.id });
  player = await t.createUser({ role: 'user', parentId: dl.id });
  await t.fund(dl.id, 10_000n);
  await t.fund(player.id, 10_000n);
  tokens.admin = (await t.login(admin)).token;
  tokens.dl = (await t.login(dl)).token;
  tokens.player = (await t.login(player)).token;
  market = await createTestMarket(t, { A: [200, 202], B: [200, 202] });
  fancyId = (await createTestFancy(t, market.matchId, { noRun: 45, noRate: 100, yesRun: 46, yesRate: 100 })).fancyId;
});
afterAll(() => t.close());

interface Call {
  method: 'GET' | 'POST';
  url: string;
  token?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** Sends the call and expects a 400 VALIDATION (or the given message) with nothing changed. */
async function expectRefused(call: Call, message?: string | RegExp): Promise<void> {
  const before = await businessStateDigest(t.db);
  const response = await t.request({
    method: call.method,
    url: call.url,
    ...(call.token !== undefined ? { token: call.token } : {}),
    ...(call.payload !== undefined ? { payload: call.payload as Record<string, unknown> } : {}),
    headers: call.headers ?? {},
  });
  const answer = body<{ data: { code: string }; message: string }>(response);
  expect({ status: response.statusCode, call: `${call.method} ${call.url}` }).toEqual({ status: 400, call: `${call.method} ${call.url}` });
  expect(answer.message).not.toMatch(/internal|\bat .+:\d+:\d+|postgres|syntax error/i);
  if (message !== undefined) expect(answer.message).toMatch(message);
  expect(await businessStateDigest(t.db)).toBe(before);
}

const chips = (amount: unknown) => ({
  method: 'POST' as const,
  url: '/api/deposit-chips',
  payload: { username: player.username, amount, remark: 'x', transactionPassword: TEST_TXN_PASSWORD },
  headers: idempotent(randomUUID()),
});

describe('a NUL byte or a lone surrogate in any text', () => {
  it.each([
    ['login', { method: 'POST', url: '/api/login', payload: { username: 'a\u0000b', password: 'x' } }],
    ['login-admin', { method: 'POST', url: '/api/login-admin', payload: { username: 'admin', password: 'p\u0000' } }],
    ['a field name', { method: 'POST', url: '/api/login', payload: { username: 'a', password: 'x', 'k\u0000': 1 } }],
    ['a query string', { method: 'GET', url: '/api/list-clients?search=%00' }],
  ] as const)('%s: 400, not 500', async (_name, call) => {
    await expectRefused({ ...call, token: tokens.dl }, /NUL character/);
  });

  it('a NUL byte in a path parameter', async () => {
    await expectRefused({ method: 'GET', url: '/api/payment-screenshot/%00', token: tokens.dl }, /NUL character|must match format/);
  });

  it('a badly encoded path or an over-long path parameter: the envelope, and the path is not echoed', async () => {
    const cases = [
      { url: '/api/casino-market/lone%20%ED%A0%80', status: 400, code: 'VALIDATION', message: MESSAGES.badAddress },
      { url: `/api/html-cards/5/${'x'.repeat(5_000)}`, status: 414, code: 'URI_TOO_LONG', message: MESSAGES.addressTooLong },
    ];
    for (const { url, status, code, message } of cases) {
      const response = await t.request({ method: 'GET', url, token: tokens.player });
      expect({ url: url.slice(0, 40), status: response.statusCode, body: body(response) }).toEqual({
        url: url.slice(0, 40),
        status,
        body: { data: { code }, message },
      });
    }
  });

  it('a NUL byte or a lone surrogate in a site (issue 35): its name, a domain, its maintenance message', async () => {
    const site = { id: 'hostile', name: 'Hostile', domains: ['hostile.test'], theme: { primary: '#000000', accent: '#000000', header: '#000000', headerText: '#ffffff' } };
    const rest = { logo: null, support: { email: '', phone: '' }, languages: ['en'], defaultLanguage: 'en', maintenanceMessage: '', admin: { username: 'hostile-boss', password: 'Hostile#2026', partnership: 10 } };
    for (const wrong of [{ name: 'Host\u0000ile' }, { domains: ['hostile.test\u0000'] }, { maintenanceMessage: '\udc00' }, { domains: [true] }]) {
      await expectRefused({ method: 'POST', url: '/api/create-site', token: tokens.admin, payload: { ...site, ...rest, ...wrong, transactionPassword: TEST_TXN_PASSWORD } });
    }
    await expectRefused({ method: 'POST', url: '/api/update-site', token: tokens.admin, payload: { id: 'backlay\u0000', name: 'x', transactionPassword: TEST_TXN_PASSWORD } });
  });

  it('a lone surrogate in a remark or a display name', async () => {
    await expectRefused({ ...chips(5), token: tokens.dl, payload: { ...chips(5).payload, remark: 'bad \ud800 text' } }, /valid Unicode/);
    await expectRefused(
      { method: 'POST', url: '/api/update-user', token: tokens.dl, payload: { username: player.username, displayName: '\udc00x' } },
      /valid Unicode/,
    );
  });

  it('a well-formed pair (an emoji) is fine', async () => {
    const response = await t.request({ method: 'GET', url: `/api/list-clients?search=${encodeURIComponent('😀')}`, token: tokens.dl });
    expect(response.statusCode).toBe(200);
  });
});

describe('money, odds, rates, runs and commission are JSON numbers, never coerced', () => {
  it.each([true, '0x10', [5], '16', null, {}])('deposit-chips amount %p: 400 and no money moves', async (amount) => {
    await expectRefused({ ...chips(amount), token: tokens.dl });
  });

  it('placebet with odds "0x10" or stake "100" places nothing', async () => {
    const bet = { matchId: market.matchId, marketId: market.marketId, selectionId: 'A', side: 'BACK' };
    for (const wrong of [{ odds: '0x10', stake: 100 }, { odds: 2, stake: '100' }, { odds: true, stake: 100 }]) {
      await expectRefused({ method: 'POST', url: '/api/placebet', token: tokens.player, headers: idempotent(randomUUID()), payload: { ...bet, ...wrong } });
    }
  });

  it('update-user with commission true sets nothing', async () => {
    await expectRefused({ method: 'POST', url: '/api/update-user', token: tokens.dl, payload: { username: player.username, commission: true } });
  });

  it('declare-result of a fancy with runs null, "5" or missing is a 400 and settles nothing', async () => {
    for (const result of [{ type: 'RUNS', runs: null }, { type: 'RUNS', runs: '5' }, { type: 'RUNS' }]) {
      await expectRefused({ method: 'POST', url: '/api/declare-result', token: tokens.admin, payload: { fancyId, result } });
    }
  });
});

describe('numbers past what their column holds', () => {
  it('placebet odds at or past 21,474,836.48, fancy run or rate at 2^31', async () => {
    const bet = { matchId: market.matchId, marketId: market.marketId, selectionId: 'A', side: 'BACK', stake: 100 };
    await expectRefused({ method: 'POST', url: '/api/placebet', token: tokens.player, headers: idempotent(randomUUID()), payload: { ...bet, odds: 21_474_836.48 } });
    await expectRefused({ method: 'POST', url: '/api/placebet', token: tokens.player, headers: idempotent(randomUUID()), payload: { ...bet, odds: 1e308 } });
    const fancyBet = { matchId: market.matchId, fancyId, side: 'YES', stake: 100 };
    await expectRefused({ method: 'POST', url: '/api/placebet', token: tokens.player, headers: idempotent(randomUUID()), payload: { ...fancyBet, run: 2 ** 31, rate: 100 } });
    await expectRefused({ method: 'POST', url: '/api/placebet', token: tokens.player, headers: idempotent(randomUUID()), payload: { ...fancyBet, run: 46, rate: 2 ** 31 } });
  });

  it('a sportId of 20 digits, a page of "Infinity", "1e3" or "0x10" in a query', async () => {
    await expectRefused({ method: 'GET', url: '/api/get-match-list?sportId=99999999999999999999', token: tokens.player });
    await expectRefused({ method: 'GET', url: '/api/bet-history?sportId=99999999999999999999', token: tokens.player });
    await expectRefused({ method: 'GET', url: '/api/list-clients?page=Infinity', token: tokens.dl }, /page must be integer/);
    await expectRefused({ method: 'GET', url: '/api/bet-history?page=1e3', token: tokens.player });
    await expectRefused({ method: 'GET', url: '/api/account-statement?page=0x10', token: tokens.player });
  });

  it('the CSV exports (ADR 0067): the same 400s as their JSON routes, and no paging to abuse', async () => {
    await expectRefused({ method: 'GET', url: '/api/bet-history/export?sportId=99999999999999999999', token: tokens.player });
    await expectRefused({ method: 'GET', url: '/api/list-clients/export?username=a%00b', token: tokens.dl });
    await expectRefused({ method: 'GET', url: '/api/account-statement/export?startDate=%ED%A0%80&endDate=2026-01-01', token: tokens.player });
    await expectRefused({ method: 'GET', url: '/api/get-deposit-withdraw-list/export?type=deposit&startDate=2026-01-01&endDate=2026-01-02&reportType=everything', token: tokens.player });
    await expectRefused({ method: 'GET', url: '/api/profit-loss/export?from=2026-13-45', token: tokens.player });
    await expectRefused({ method: 'GET', url: '/api/game-reports/export?from=2026-01-01&to=x%27%3B--', token: tokens.dl });
    // page and pageSize are not filters of an export: dropped as any unknown query parameter is, every row is in the file.
    const unpaged = await t.request({ method: 'GET', url: '/api/unsettled-bets/export?pageSize=100000&page=0x10', token: tokens.player });
    expect(unpaged.statusCode).toBe(200);
    expect(unpaged.headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('the content-per-site routes (ADR 0074): a NUL, a lone surrogate, a boolean or an array where a site id or a name is expected', async () => {
    const txn = TEST_TXN_PASSWORD;
    await expectRefused({ method: 'POST', url: '/api/save-message', token: tokens.admin, payload: { text: 'x', active: true, siteId: 'a\u0000b' } });
    await expectRefused({ method: 'POST', url: '/api/save-message', token: tokens.admin, payload: { text: 'x', active: true, siteId: true } });
    await expectRefused({ method: 'GET', url: '/api/get-site-casino?siteId=%ED%A0%80', token: tokens.admin });
    await expectRefused({ method: 'POST', url: '/api/save-site-casino', token: tokens.admin, payload: { tablesOff: ['\ud800'], providersOff: [], transactionPassword: txn } });
    await expectRefused({ method: 'POST', url: '/api/save-site-casino', token: tokens.admin, payload: { tablesOff: [9023], providersOff: [], transactionPassword: txn } });
    await expectRefused({ method: 'GET', url: '/api/get-payment-list?siteId=a%00b', token: tokens.player });
    await expectRefused({ method: 'POST', url: '/api/save-payment-list?siteId=true%00', token: tokens.admin, payload: { settingList: {} } });
    await expectRefused({ method: 'GET', url: '/api/get-registration-agent?siteId=%ED%A0%80', token: tokens.admin });
    await expectRefused({ method: 'POST', url: '/api/save-registration-agent', token: tokens.admin, payload: { username: 'a\u0000b', transactionPassword: txn } });
    await expectRefused({ method: 'POST', url: '/api/save-registration-agent', token: tokens.admin, payload: { username: ['x'], transactionPassword: txn } });
    await expectRefused({ method: 'GET', url: '/api/get-site-sports?siteId=%ED%A0%80', token: tokens.admin });
    await expectRefused({ method: 'POST', url: '/api/save-site-sports', token: tokens.admin, payload: { sportsOff: [true], transactionPassword: txn } });
    await expectRefused({ method: 'POST', url: '/api/save-site-sports', token: tokens.admin, payload: { sportsOff: ['\ud800'], transactionPassword: txn } });
    await expectRefused({ method: 'POST', url: '/api/save-site-sports', token: tokens.admin, payload: { sportsOff: [1e300], transactionPassword: txn } });
    await expectRefused({ method: 'POST', url: '/api/save-site-sports', token: tokens.admin, payload: { sportsOff: [], siteId: 'a\u0000b', transactionPassword: txn } });
    await expectRefused({ method: 'GET', url: '/api/get-site-limits?siteId=%ED%A0%80', token: tokens.admin });
    await expectRefused({ method: 'POST', url: '/api/save-site-limits', token: tokens.admin, payload: { minStake: true, maxStake: null, transactionPassword: txn } });
    await expectRefused({ method: 'POST', url: '/api/save-site-limits', token: tokens.admin, payload: { minStake: null, maxStake: '\ud800', transactionPassword: txn } });
    await expectRefused({ method: 'POST', url: '/api/save-site-limits', token: tokens.admin, payload: { minStake: null, maxStake: 1e300, transactionPassword: txn } });
    await expectRefused({ method: 'POST', url: '/api/save-site-limits', token: tokens.admin, payload: { minStake: null, maxStake: null, siteId: 'a\u0000b', transactionPassword: txn } });
  });

  it('plain decimal text in a query is still read as a number', async () => {
    const response = await t.request({ method: 'GET', url: '/api/list-clients?page=1&pageSize=10', token: tokens.dl });
    expect(response.statusCode).toBe(200);
  });

  it('chips past the largest amount are refused with the amount message', async () => {
    await expectRefused({ ...chips(1e15), token: tokens.dl });
    await expectRefused({ ...chips(Number.MAX_SAFE_INTEGER + 2), token: tokens.dl });
  });
});

it('the messages name the field', async () => {
  const response = await t.request({ ...chips('0x10'), token: tokens.dl });
  expect(body<{ message: string }>(response).message).toBe('amount must be number');
  expect(MESSAGES.amountRequired).toBeTruthy();
});
