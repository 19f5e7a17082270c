/**
 * Issue 29's hardening of the admin's result tools (ADR 0032), on one casino suite.
 *
 * 1. A live-casino round settles only through the engine with its committed deal, or is voided
 *    whole by the table switch (ADR 0014, 0016). The admin's result routes (declare-result,
 *    rollback-result, accept-feed-result) and the bet voids (delete-current-bet, delete-bets)
 *    refuse a casino market, round or bet with 409 and change nothing: before the deal, once the
 *    cards are shown, and after the round's settlement (a winning Dragon bet was settled at 0 by
 *    declaring VOID on its market; a VOID then a rollback reopened a position nothing releases).
 * 2. Money-wide admin actions ask for the transaction password, as chip moves and locks do:
 *    declare-result, rollback-result, accept-feed-result, the casino table switch (switching off
 *    voids every open bet of the table) and save-setting-list (maintenance closes the player
 *    area). Without it 400 "Transaction password is required", with a wrong one 403
 *    TRANSACTION_PASSWORD_WRONG, and nothing changes either way; the wrong guesses count in the one
 *    transaction-password throttle of the account (chips and locks included).
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES, type CasinoRoundView, type ResultMarketRow } from '@backlay/shared/contracts';
import { body, businessStateDigest, createTestMarket, idempotent, TEST_TXN_PASSWORD, walletOf, type TestContext } from './helper';
import type { Chain, Player } from './bet-reports-helper';
import { BETTING_SECONDS, DEAL_MS_MAX, getData, openCasinoSuite, roundView } from './casino-helper';

let t: TestContext;
let chainA: Chain;
let playerA: Player;
let advance: (ms: number) => void;

beforeAll(async () => {
  const suite = await openCasinoSuite();
  ({ t, chainA, playerA } = suite);
  advance = (ms) => suite.clock.advance(ms);
  await t.services.casinoEngine.tick();
});

afterAll(async () => {
  await t.close();
});

const DRAGON_TIGER = '9023';
const admin = (): string => chainA.tokens.admin;
const txn = { transactionPassword: TEST_TXN_PASSWORD };

/** Every way an admin could settle, reverse or void `marketId` (a casino market) or `betId` (a bet on it). */
function attacks(marketId: string, roundKey: string, betId: string) {
  return [
    { name: 'declare VOID', method: 'POST' as const, url: '/api/declare-result', payload: { marketId, result: { type: 'VOID' }, ...txn } },
    { name: 'declare WINNER', method: 'POST' as const, url: '/api/declare-result', payload: { marketId, result: { type: 'WINNER', selectionId: '1' }, ...txn } },
    { name: 'declare on the round key', method: 'POST' as const, url: '/api/declare-result', payload: { marketId: roundKey, result: { type: 'VOID' }, ...txn } },
    { name: 'rollback', method: 'POST' as const, url: '/api/rollback-result', payload: { marketId, ...txn } },
    { name: 'rollback the round key', method: 'POST' as const, url: '/api/rollback-result', payload: { marketId: roundKey, ...txn } },
    { name: 'accept the feed', method: 'POST' as const, url: '/api/accept-feed-result', payload: { marketId, ...txn } },
    { name: 'delete-current-bet', method: 'DELETE' as const, url: `/api/delete-current-bet/${betId}` },
    { name: 'delete-bets', method: 'POST' as const, url: '/api/delete-bets', payload: { betIds: [betId] } },
  ];
}

async function expectAllRefused(marketId: string, roundKey: string, betId: string): Promise<void> {
  for (const attack of attacks(marketId, roundKey, betId)) {
    const before = await businessStateDigest(t.db);
    const { name, ...call } = attack;
    const response = await t.request({ ...call, token: admin() });
    const message = attack.url.includes('delete') ? MESSAGES.casinoBetNotVoidable : MESSAGES.casinoResultNotDeclarable;
    expect({ name, status: response.statusCode, code: body<{ data: { code?: string } }>(response).data.code, message: body(response).message }).toEqual({
      name,
      status: 409,
      code: 'CONFLICT',
      message,
    });
    expect({ name, digest: await businessStateDigest(t.db) }).toEqual({ name, digest: before });
  }
}

describe('the result routes refuse a live-casino market', () => {
  it('before the deal, once the cards are shown and after the settlement; the engine alone settles the round', async () => {
    const view: CasinoRoundView = await roundView(t, DRAGON_TIGER, playerA.token);
    expect(view.status).toBe('OPEN');
    const market = view.markets[0];
    const runner = market?.runners.find((r) => r.back !== null);
    if (market === undefined || runner?.back == null) throw new Error('no priced runner on Dragon Tiger');
    const placed = await t.request({
      method: 'POST',
      url: '/api/placebet',
      token: playerA.token,
      headers: idempotent(randomUUID()),
      payload: { matchId: DRAGON_TIGER, marketId: market.marketId, selectionId: runner.selectionId, side: 'BACK', odds: runner.back, stake: 1000 },
    });
    expect(placed.statusCode).toBe(200);
    const betId = body<{ data: { bet: { betId: string } } }>(placed).data.bet.betId;
    const roundKey = market.marketId.split('.')[0] ?? '';

    // The admin's results screen lists no casino market as waiting for a result.
    const pending = await getData<ResultMarketRow[]>(t, '/api/results?status=pending', admin());
    expect(pending.some((row) => row.marketId.startsWith(`${roundKey}.`))).toBe(false);

    await expectAllRefused(market.marketId, roundKey, betId);

    // The round closes: the cards are dealt and shown, the bet still open.
    advance(BETTING_SECONDS * 1000);
    await t.services.casinoEngine.tick();
    const closed = await roundView(t, DRAGON_TIGER, playerA.token);
    expect(closed.status).toBe('CLOSED');
    expect(closed.cards.length).toBeGreaterThan(0);
    await expectAllRefused(market.marketId, roundKey, betId);

    // The engine settles the round with its committed deal; nothing reverses it afterwards.
    advance(DEAL_MS_MAX);
    await t.services.casinoEngine.tick();
    expect((await roundView(t, DRAGON_TIGER, playerA.token)).status).toBe('SETTLED');
    const settled = await walletOf(t, playerA.user.id);
    expect(settled.exposure).toBe(0n);
    await expectAllRefused(market.marketId, roundKey, betId);
    expect(await walletOf(t, playerA.user.id)).toEqual(settled);
    const settledList = await getData<ResultMarketRow[]>(t, '/api/results?status=settled', admin());
    expect(settledList.some((row) => row.marketId === roundKey || row.marketId.startsWith(`${roundKey}.`))).toBe(false);
  });
});

const LUCKY_7 = '9027';

/** What an action can change beyond the business digest: the settings and the casino tables. */
async function stateDigest(): Promise<string> {
  const settings = await t.db.query('SELECT key, value FROM settings ORDER BY key');
  const tables = await t.db.query('SELECT match_id, enabled FROM casino_tables ORDER BY match_id');
  const rounds = await t.db.query('SELECT id, status FROM casino_rounds ORDER BY id');
  return JSON.stringify([await businessStateDigest(t.db), settings.rows, tables.rows, rounds.rows]);
}

interface Call {
  name: string;
  url: string;
  payload: Record<string, unknown>;
}

/** Without and with a wrong transaction password: refused, nothing changed; then with the right one: 200. */
async function expectConfirmed(call: Call, as: string): Promise<unknown> {
  const before = await stateDigest();
  const missing = await t.request({ method: 'POST', url: call.url, token: as, payload: call.payload });
  expect({ name: call.name, status: missing.statusCode, message: body(missing).message }).toEqual({
    name: call.name,
    status: 400,
    message: MESSAGES.transactionPasswordRequired,
  });
  const wrong = await t.request({ method: 'POST', url: call.url, token: as, payload: { ...call.payload, transactionPassword: '654321' } });
  expect({ name: call.name, status: wrong.statusCode, code: body<{ data: { code?: string } }>(wrong).data.code, message: body(wrong).message }).toEqual({
    name: call.name,
    status: 403,
    code: 'TRANSACTION_PASSWORD_WRONG',
    message: MESSAGES.transactionPasswordWrong,
  });
  expect({ name: call.name, state: await stateDigest() }).toEqual({ name: call.name, state: before });
  const right = await t.request({ method: 'POST', url: call.url, token: as, payload: { ...call.payload, transactionPassword: TEST_TXN_PASSWORD } });
  expect({ name: call.name, status: right.statusCode, body: right.statusCode === 200 ? '' : right.body }).toEqual({ name: call.name, status: 200, body: '' });
  return body<{ data: unknown }>(right).data;
}

describe('money-wide admin actions ask for the transaction password', () => {
  it('declare-result, rollback-result and accept-feed-result', async () => {
    const m = await createTestMarket(t, { H: [250, 252], A: [300, 302] });
    const bet = await t.request({
      method: 'POST',
      url: '/api/placebet',
      token: playerA.token,
      headers: idempotent(randomUUID()),
      payload: { matchId: m.matchId, marketId: m.marketId, selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 },
    });
    expect(bet.statusCode).toBe(200);
    const admin = chainA.tokens.admin;
    expect(await expectConfirmed({ name: 'declare', url: '/api/declare-result', payload: { marketId: m.marketId, result: { type: 'WINNER', selectionId: 'H' } } }, admin)).toMatchObject({
      status: 'settled',
    });
    expect(await expectConfirmed({ name: 'rollback', url: '/api/rollback-result', payload: { marketId: m.marketId } }, chainA.tokens.sadmin)).toMatchObject({
      status: 'rolled_back',
    });
    await t.db.query(`UPDATE markets SET feed_status = 'closed', feed_result = 'A' WHERE id = $1`, [m.marketId]);
    expect(await expectConfirmed({ name: 'accept feed', url: '/api/accept-feed-result', payload: { marketId: m.marketId } }, admin)).toMatchObject({
      status: 'settled',
      result: { type: 'WINNER', selectionId: 'A' },
    });
  });

  it('the casino table switch, off and on', async () => {
    const admin = chainA.tokens.admin;
    expect(await expectConfirmed({ name: 'table off', url: '/api/disable-casino-games', payload: { matchId: LUCKY_7, isDisable: true } }, admin)).toEqual({
      matchId: LUCKY_7,
      isDisable: true,
    });
    await t.services.casinoEngine.tick();
    expect(await expectConfirmed({ name: 'table on', url: '/api/disable-casino-games', payload: { matchId: LUCKY_7, isDisable: false } }, admin)).toEqual({
      matchId: LUCKY_7,
      isDisable: false,
    });
    // The switch is no GET any more: a link or a prefetch cannot void a table's bets.
    const get = await t.request({ method: 'GET', url: `/api/disable-casino-games?matchId=${LUCKY_7}&isDisable=true`, token: admin });
    expect(get.statusCode).toBe(404);
  });

  it('save-setting-list (maintenance on and off)', async () => {
    const admin = chainA.tokens.admin;
    for (const value of ['true', 'false']) {
      await expectConfirmed({ name: `maintenance ${value}`, url: '/api/save-setting-list', payload: { settingList: [{ key: 'maintenance', value }] } }, admin);
      const setting = await t.db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'maintenance'`);
      expect(setting.rows[0]?.value).toBe(value);
    }
  });

  it('wrong guesses count in the account\'s one transaction-password throttle, chips included', async () => {
    const sadmin = chainA.tokens.sadmin;
    const m = await createTestMarket(t, { H: [250, 252], A: [300, 302] });
    for (let i = 0; i < 5; i += 1) {
      const wrong = await t.request({
        method: 'POST',
        url: '/api/declare-result',
        token: sadmin,
        payload: { marketId: m.marketId, result: { type: 'VOID' }, transactionPassword: '000000' },
      });
      expect(wrong.statusCode).toBe(403);
    }
    const before = await stateDigest();
    const chips = await t.request({
      method: 'POST',
      url: '/api/deposit-chips',
      token: sadmin,
      headers: idempotent(randomUUID()),
      payload: { username: chainA.agents.smdl.username, amount: 10, remark: 'after the guesses', transactionPassword: TEST_TXN_PASSWORD },
    });
    expect(chips.statusCode).toBe(429);
    const maintenance = await t.request({
      method: 'POST',
      url: '/api/save-setting-list',
      token: sadmin,
      payload: { settingList: [{ key: 'maintenance', value: 'true' }], transactionPassword: TEST_TXN_PASSWORD },
    });
    expect(maintenance.statusCode).toBe(429);
    expect(await stateDigest()).toBe(before);
  });
});
