/**
 * GET /api/account-statement: entries of a wallet between two dates (both whole days, UTC),
 * opening balance before the first entry of the range, closing after the last, the running
 * balance of every entry, descriptions, paging; players see their own, agents their downline.
 *
 * Entries carry the database clock, so to spread them over days this file moves their
 * created_at back in a throwaway database, with the append-only trigger off for that one
 * statement inside the same transaction (never done by the application).
 */
import { MESSAGES, type AccountStatementResponse, type ChipTransferResponse } from '@backlay/shared/contracts';
import { randomUUID } from 'node:crypto';
import { createChain, createPlayer } from './bet-reports-helper';
import { body, buildTestApp, createTestMarket, idempotent, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';

let t: TestContext;
let dl: TestUser;
let player: TestUser;
let dlToken: string;
let playerToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  dl = await t.createUser({ role: 'dl' });
  player = await t.createUser({ role: 'user', parentId: dl.id });
  await t.fund(dl.id, 5_000n);
  dlToken = (await t.login(dl)).token;
  playerToken = (await t.login(player)).token;
  // Day 1 .. day 4 of March 2026; the withdrawal at the last half second of day 3.
  await backdate(await fundingJournal(), '2026-02-28T09:00:00Z');
  await backdate(await move('deposit', 1000, 'first'), '2026-03-01T10:00:00Z');
  await backdate(await move('deposit', 500), '2026-03-02T10:00:00Z');
  await backdate(await move('withdraw', 200, 'back'), '2026-03-03T23:59:59.500Z');
  await backdate(await move('deposit', 50), '2026-03-04T00:00:00Z');
});
afterAll(() => t.close());

type Envelope<T> = { data: T; message: string };

async function move(direction: 'deposit' | 'withdraw', amount: number, remark = ''): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: `/api/${direction}-chips`,
    token: dlToken,
    headers: idempotent(randomUUID()),
    payload: { username: player.username, amount, remark, transactionPassword: TEST_TXN_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return body<Envelope<ChipTransferResponse>>(response).data.journalId;
}

async function fundingJournal(): Promise<string> {
  const { rows } = await t.db.query<{ journal_id: string }>(
    'SELECT e.journal_id FROM entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.user_id = $1 ORDER BY e.version LIMIT 1',
    [dl.id],
  );
  return rows[0]!.journal_id;
}

/** Moves the DL's and the player's entries of a journal to `iso` (system accounts keep theirs). */
async function backdate(journalId: string, iso: string): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.query('ALTER TABLE entries DISABLE TRIGGER entries_append_only');
    await tx.query(
      `UPDATE entries SET created_at = $2 WHERE journal_id = $1
         AND account_id IN (SELECT id FROM ledger_accounts WHERE user_id = ANY($3::uuid[]))`,
      [journalId, iso, [dl.id, player.id]],
    );
    await tx.query('ALTER TABLE entries ENABLE TRIGGER entries_append_only');
  });
}

async function statement(token: string, query: string) {
  const response = await t.request({ method: 'GET', url: `/api/account-statement?${query}`, token });
  return { status: response.statusCode, ...body<Envelope<AccountStatementResponse>>(response) };
}

describe('GET /api/account-statement', () => {
  it('gives opening, closing and running balances inside a date range', async () => {
    const { status, data } = await statement(playerToken, 'startDate=2026-03-02&endDate=2026-03-03');
    expect(status).toBe(200);
    expect(data).toMatchObject({ username: player.username, openingBalance: 1000, closingBalance: 1300, total: 2, page: 1, pageSize: 25 });
    expect(data.rows).toEqual([
      {
        _id: expect.any(String),
        date: '2026-03-02T10:00:00.000Z',
        code: 'CHIP_DEPOSIT',
        description: `Chip deposit from ${dl.username}`,
        // The same words as parts, for a page in another language (issue 36), through the schema.
        describe: { key: 'chipDepositFrom', values: { name: dl.username } },
        remark: null,
        credit: 500,
        debit: 0,
        balance: 1500,
      },
      {
        _id: expect.any(String),
        date: '2026-03-03T23:59:59.500Z', // endDate covers its whole day
        code: 'CHIP_WITHDRAW',
        description: `Chip withdrawal by ${dl.username} - back`,
        describe: { key: 'withRemark', values: { text: { key: 'chipWithdrawalBy', values: { name: dl.username } }, remark: 'back' } },
        remark: 'back',
        credit: 0,
        debit: 200,
        balance: 1300,
      },
    ]);
  });

  it('the whole history pages oldest first; the totals do not depend on the page', async () => {
    const all = await statement(playerToken, 'startDate=2026-03-01&endDate=2026-03-04');
    expect(all.data).toMatchObject({ openingBalance: 0, closingBalance: 1350, total: 4 });
    expect(all.data.rows.map((r) => r.balance)).toEqual([1000, 1500, 1300, 1350]);
    expect(all.data.rows[0]?.description).toBe(`Chip deposit from ${dl.username} - first`);
    const second = await statement(playerToken, 'startDate=2026-03-01&endDate=2026-03-04&page=2&pageSize=3');
    expect(second.data).toMatchObject({ openingBalance: 0, closingBalance: 1350, total: 4, page: 2, pageSize: 3 });
    expect(second.data.rows.map((r) => r.balance)).toEqual([1350]);
  });

  it('a range without entries carries the balance through; one before everything is zero', async () => {
    const after = await statement(playerToken, 'startDate=2026-03-05&endDate=2026-03-09');
    expect(after.data).toMatchObject({ openingBalance: 1350, closingBalance: 1350, total: 0, rows: [] });
    const before = await statement(playerToken, 'startDate=2026-02-01&endDate=2026-02-28');
    expect(before.data).toMatchObject({ openingBalance: 0, closingBalance: 0, total: 0 });
  });

  it("the agent's side: opening chips, then deposits to and withdrawals from the child", async () => {
    const { data } = await statement(dlToken, 'startDate=2026-02-28&endDate=2026-03-04');
    expect(data.username).toBe(dl.username);
    expect(data.rows.map((r) => [r.description, r.credit, r.debit, r.balance])).toEqual([
      ['Opening chips - test chips', 5000, 0, 5000],
      [`Chip deposit to ${player.username} - first`, 0, 1000, 4000],
      [`Chip deposit to ${player.username}`, 0, 500, 3500],
      [`Chip withdrawal from ${player.username} - back`, 200, 0, 3700],
      [`Chip deposit to ${player.username}`, 0, 50, 3650],
    ]);
    expect(data).toMatchObject({ openingBalance: 0, closingBalance: 3650 });
    // The agent reads its child's statement by username.
    const child = await statement(dlToken, `username=${player.username}&startDate=2026-03-04&endDate=2026-03-04`);
    expect(child.data).toMatchObject({ username: player.username, openingBalance: 1300, closingBalance: 1350, total: 1 });
  });

  it('players see only their own; foreign and unknown accounts are the same 404', async () => {
    const parent = await statement(playerToken, `username=${dl.username}&startDate=2026-03-01&endDate=2026-03-04`);
    const unknown = await statement(playerToken, 'username=nobody-at-all&startDate=2026-03-01&endDate=2026-03-04');
    expect(parent).toEqual({ status: 404, data: { code: 'NOT_FOUND' }, message: MESSAGES.notInDownline });
    expect(unknown).toEqual(parent);
    const own = await statement(playerToken, `username=${player.username.toUpperCase()}&startDate=2026-03-01&endDate=2026-03-01`);
    expect(own.data.total).toBe(1);
    const empty = await statement(playerToken, 'username=&startDate=2026-03-01&endDate=2026-03-01');
    expect(empty.data).toMatchObject({ username: player.username, total: 1 });
  });

  it.each([
    ['startDate=2026-03-04&endDate=2026-03-01', MESSAGES.dateRangeInvalid],
    ['startDate=2026-02-30&endDate=2026-03-01', MESSAGES.dateInvalid],
    ['startDate=yesterday&endDate=2026-03-01', MESSAGES.dateInvalid],
  ])('refuses %s with 400', async (query, message) => {
    expect(await statement(playerToken, query)).toMatchObject({ status: 400, message });
  });

  it('needs both dates', async () => {
    expect((await statement(playerToken, 'startDate=2026-03-01')).status).toBe(400);
  });

  it("a settlement names the match and the market in words, not the agents' P&L accounts", async () => {
    const chain = await createChain(t);
    const adminToken = chain.tokens.admin;
    const { token: bettorToken } = await createPlayer(t, chain.agents.dl.id, 1_000n);
    const market = await createTestMarket(t, { A: [200, 202], B: [200, 202] });
    const placed = await t.request({
      method: 'POST',
      url: '/api/placebet',
      token: bettorToken,
      headers: idempotent(randomUUID()),
      payload: { matchId: market.matchId, marketId: market.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100 },
    });
    expect(placed.statusCode).toBe(200);
    const admin200 = async (url: string, payload: Record<string, unknown>) => {
      const response = await t.request({ method: 'POST', url, token: adminToken, payload });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    };
    await admin200('/api/declare-result', { transactionPassword: TEST_TXN_PASSWORD, marketId: market.marketId, result: { type: 'WINNER', selectionId: 'A' } });
    await admin200('/api/rollback-result', { transactionPassword: TEST_TXN_PASSWORD, marketId: market.marketId });
    await admin200('/api/declare-result', { transactionPassword: TEST_TXN_PASSWORD, marketId: market.marketId, result: { type: 'WINNER', selectionId: 'B' } });

    const today = new Date().toISOString().slice(0, 10);
    const { data } = await statement(bettorToken, `startDate=${today}&endDate=${today}`);
    expect(data.rows.map((row) => [row.description, row.credit, row.debit])).toEqual([
      ['Opening chips - test chips', 1000, 0],
      ['Won on Match Odds · A v B', 100, 0],
      ['Result withdrawn: Match Odds · A v B', 0, 100],
      ['Lost on Match Odds · A v B (corrected result)', 0, 100],
    ]);
  });
});
