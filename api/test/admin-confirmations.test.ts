/**
 * Money-wide admin actions ask for the transaction password (issue 29, ADR 0032), as chip moves
 * and locks do: declare-result, rollback-result, accept-feed-result, the casino table switch
 * (switching off voids every open bet of the table) and save-setting-list (maintenance closes the
 * player area). Without it 400 "Transaction password is required", with a wrong one 403
 * TRANSACTION_PASSWORD_WRONG, and nothing changes either way; the wrong guesses count in the one
 * transaction-password throttle of the account (chips and locks included).
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@backlay/shared/contracts';
import { body, businessStateDigest, createTestMarket, idempotent, TEST_TXN_PASSWORD, type TestContext } from './helper';
import type { Chain, Player } from './bet-reports-helper';
import { openCasinoSuite } from './casino-helper';

let t: TestContext;
let chainA: Chain;
let playerA: Player;

beforeAll(async () => {
  ({ t, chainA, playerA } = await openCasinoSuite());
  await t.services.casinoEngine.tick();
});

afterAll(async () => {
  await t.close();
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
