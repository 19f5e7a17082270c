/**
 * Deposit and withdraw requests through HTTP on real PostgreSQL (docs/rules/product.md §7 "Payments", docs/rules/test-plan.md
 * T6, T3): the forms' messages, the enforced deposit range, the UTR claimed once, the withdraw
 * hold taken at once and never beyond the available balance, approval and rejection by the
 * upline only — once, idempotently, under 20-way concurrency — the lists, and the live balance
 * events. Every test ends with the ledger and payment invariants (L1–L17, L10, L11, L13).
 */
import { MESSAGES, type PaymentRequestRow, type SocketBalancePayload } from '@backlay/shared/contracts';
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { buildTestApp, businessStateDigest, idempotent, TEST_ORIGIN, type TestContext, type TestUser, TEST_TXN_PASSWORD } from './helper';
import {
  balanceOf,
  buildChain,
  heldTotal,
  newUtr,
  parsed,
  pngImage,
  saveBank,
  sendDecision,
  sendDeposit,
  sendWithdraw,
  type Chain,
} from './payments-helper';

let t: TestContext;
let png: Buffer;
let baseUrl: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  png = await pngImage();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function deposit(chain: Chain, amount = '500', utrno = newUtr(), key?: string) {
  return sendDeposit(t, chain.tokens.player, { amount, utrno }, { data: png }, key);
}

async function countRows(sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(sql, values);
  return rows[0]?.n ?? -1;
}

const decisionJournals = (requestId: string) =>
  countRows(`SELECT count(*)::int AS n FROM journals WHERE event_type = 'payment.decision' AND event_ref = $1`, [requestId]);

describe('deposit requests', () => {
  it('go in pending with their screenshot, and move no money until approved', async () => {
    const chain = await buildChain(t);
    const utrno = newUtr();
    const created = await deposit(chain, '500', utrno);
    expect(created).toMatchObject({ status: 200, message: MESSAGES.depositRequested });
    const row = created.data;
    expect(row).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'deposit',
      amount: 500,
      createdAt: expect.stringMatching(ISO),
      status: 'pending',
      remark: 'ok',
      accountType: 'upi',
      utrno,
      screenshotUrl: expect.stringMatching(/^\/api\/payment-screenshot\/[0-9a-f-]{36}$/),
      payTo: null,
      username: chain.player.username,
      decidedAt: null,
      decidedBy: null,
    });
    expect(await balanceOf(t, chain.player.id)).toBe(0);
    expect(await countRows(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'payments.deposit_requested' AND target = $1`, [`payment_request:${row._id}`])).toBe(1);
  });

  it.each<[string, Record<string, string | undefined>, boolean, string]>([
    ['no amount', { amount: '' }, true, MESSAGES.amountRequired],
    ['an amount of 0', { amount: '0' }, true, MESSAGES.amountInvalid],
    ['below the range', { amount: '99.99' }, true, 'Amount must be between 100 and 100000'],
    ['above the range', { amount: '100000.01' }, true, 'Amount must be between 100 and 100000'],
    ['no UTR', { utrno: '' }, true, MESSAGES.fillThisField],
    ['a malformed UTR', { utrno: 'UTR-1' }, true, MESSAGES.utrInvalid],
    ['no screenshot', {}, false, MESSAGES.imageRequired],
    ['an unknown panel', { accountType: 'cash' }, true, MESSAGES.accountTypeInvalid],
    ['no type', { type: '' }, true, MESSAGES.paymentTypeInvalid],
  ])('refuse %s with the form message, changing nothing', async (_case, fields, withImage, message) => {
    const chain = await buildChain(t, 0n);
    const before = await businessStateDigest(t.db);
    const refused = await sendDeposit(t, chain.tokens.player, { amount: '500', utrno: newUtr(), ...fields }, withImage ? { data: png } : null);
    expect(refused).toMatchObject({ status: 400, message, data: { code: 'VALIDATION' } });
    expect(await businessStateDigest(t.db)).toBe(before);
  });

  it('a deposit sent as JSON has no screenshot: "Image is required field"', async () => {
    const chain = await buildChain(t, 0n);
    const response = await t.request({
      method: 'POST',
      url: '/api/add-deposit-withdraw',
      token: chain.tokens.player,
      payload: { type: 'deposit', amount: 500, accountType: 'bank', utrno: newUtr(), remark: 'ok' },
      headers: idempotent(randomUUID()),
    });
    expect(parsed(response)).toMatchObject({ status: 400, message: MESSAGES.imageRequired });
  });

  it('needs an Idempotency-Key', async () => {
    const chain = await buildChain(t, 0n);
    const response = await t.request({
      method: 'POST',
      url: '/api/add-deposit-withdraw',
      token: chain.tokens.player,
      payload: { type: 'withdraw', amount: 5, accountType: 'bank', bankDetail: randomUUID() },
    });
    expect(parsed(response)).toMatchObject({ status: 400, message: MESSAGES.idempotencyKeyRequired });
  });

  it('enforces the range saved in the settings (deposit_min / deposit_max)', async () => {
    const chain = await buildChain(t, 0n);
    const saveRange = (min: string, max: string) =>
      t.request({
        method: 'POST',
        url: '/api/save-setting-list',
        token: chain.tokens.admin,
        payload: { settingList: [{ key: 'deposit_min', value: min }, { key: 'deposit_max', value: max }], transactionPassword: TEST_TXN_PASSWORD },
      });
    expect((await saveRange('500', '2000')).statusCode).toBe(200);
    try {
      expect(await deposit(chain, '499')).toMatchObject({ status: 400, message: 'Amount must be between 500 and 2000' });
      expect(await deposit(chain, '2001')).toMatchObject({ status: 400, message: 'Amount must be between 500 and 2000' });
      expect(await deposit(chain, '2000')).toMatchObject({ status: 200 });
      // The settings refuse a range whose minimum exceeds its maximum.
      expect(parsed(await saveRange('3000', '2000'))).toMatchObject({ status: 400, message: 'deposit_min (3000) cannot exceed deposit_max (2000)' });
    } finally {
      expect((await saveRange('100', '100000')).statusCode).toBe(200);
    }
  });

  it('claims a UTR once: the same UTR again is 409 (any case), and only one deposit is ever credited', async () => {
    const chain = await buildChain(t);
    const utrno = newUtr();
    const first = await deposit(chain, '700', utrno);
    expect(first.status).toBe(200);
    const other = await t.createUser({ role: 'user', parentId: chain.dl.id });
    const otherToken = (await t.login(other)).token;
    const before = await businessStateDigest(t.db);
    const again = await deposit(chain, '700', utrno);
    expect(again).toMatchObject({ status: 409, message: `UTR number ${utrno} is already used by another deposit`, data: { code: 'CONFLICT' } });
    const lower = await deposit(chain, '700', utrno.toLowerCase());
    expect(lower).toMatchObject({ status: 409, message: `UTR number ${utrno} is already used by another deposit` });
    // Another player cannot claim it either.
    expect(await sendDeposit(t, otherToken, { amount: '700', utrno }, { data: png })).toMatchObject({ status: 409 });
    expect(await businessStateDigest(t.db)).toBe(before);

    expect(await sendDecision(t, chain.tokens.dl, first.data._id, 'approved')).toMatchObject({ status: 200 });
    expect(await balanceOf(t, chain.player.id)).toBe(700);
    expect(await countRows('SELECT count(*)::int AS n FROM payment_requests WHERE utr_no = $1', [utrno])).toBe(1);
  });

  it('ten concurrent deposits with one UTR: exactly one is accepted (the unique index decides)', async () => {
    const chain = await buildChain(t);
    const utrno = newUtr();
    const results = await Promise.all(Array.from({ length: 10 }, () => deposit(chain, '150', utrno)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await countRows('SELECT count(*)::int AS n FROM payment_requests WHERE utr_no = $1', [utrno])).toBe(1);
    expect(await countRows('SELECT count(*)::int AS n FROM payment_screenshots s JOIN payment_requests r ON r.screenshot_id = s.id WHERE r.utr_no = $1', [utrno])).toBe(1);
  });

  it("approval credits the player from the APPROVING agent's balance, with its journal and audit row", async () => {
    const chain = await buildChain(t, 10_000n);
    const byDl = (await deposit(chain, '500')).data;
    const byMdl = (await deposit(chain, '300')).data;

    const approved = await sendDecision(t, chain.tokens.dl, byDl._id, 'approved', { remark: 'UTR matched' });
    expect(approved).toMatchObject({ status: 200, message: MESSAGES.depositApproved });
    expect(approved.data).toMatchObject({
      _id: byDl._id,
      status: 'approved',
      remark: 'UTR matched',
      decidedBy: chain.dl.username,
      decidedAt: expect.stringMatching(ISO),
    });
    expect(await sendDecision(t, chain.tokens.mdl, byMdl._id, 'approved')).toMatchObject({ status: 200 });
    expect(await balanceOf(t, chain.player.id)).toBe(800);
    expect(await balanceOf(t, chain.dl.id)).toBe(9_500);
    expect(await balanceOf(t, chain.mdl.id)).toBe(9_700);

    const { rows } = await t.db.query<{ code: string; actor: string; remark: string }>(
      `SELECT j.code, j.actor_id AS actor, j.remark FROM journals j WHERE j.event_type = 'payment.decision' AND j.event_ref = $1`,
      [byDl._id],
    );
    expect(rows).toEqual([{ code: 'DEPOSIT_CREDIT', actor: chain.dl.id, remark: 'UTR matched' }]);
    expect(await countRows(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'payments.deposit_approved' AND actor_id = $1`, [chain.dl.id])).toBe(1);
  });

  it("is refused with 409 when the approving agent's available balance does not cover it, and stays pending", async () => {
    const chain = await buildChain(t, 0n);
    await t.fund(chain.dl.id, 200n);
    await t.fund(chain.admin.id, 1_000n);
    const request = (await deposit(chain, '500')).data;
    const before = await businessStateDigest(t.db);
    const refused = await sendDecision(t, chain.tokens.dl, request._id, 'approved');
    expect(refused).toMatchObject({
      status: 409,
      message: 'Insufficient balance: available 200.00, requested 500.00',
      data: { code: 'INSUFFICIENT_FUNDS' },
    });
    expect(await businessStateDigest(t.db)).toBe(before);
    // The agent above has the chips: it may approve instead.
    expect(await sendDecision(t, chain.tokens.admin, request._id, 'approved')).toMatchObject({ status: 200 });
    expect(await balanceOf(t, chain.player.id)).toBe(500);
  });

  it('rejection moves nothing but is audited; after it, neither approval nor rejection is possible', async () => {
    const chain = await buildChain(t);
    const request = (await deposit(chain, '400')).data;
    const rejected = await sendDecision(t, chain.tokens.dl, request._id, 'rejected', { remark: 'No such payment received' });
    expect(rejected).toMatchObject({ status: 200, message: MESSAGES.depositRejected, data: { status: 'rejected', remark: 'No such payment received' } });
    expect(await balanceOf(t, chain.player.id)).toBe(0);
    expect(await decisionJournals(request._id)).toBe(0);
    expect(await countRows(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'payments.deposit_rejected' AND target = $1`, [`payment_request:${request._id}`])).toBe(1);
    const before = await businessStateDigest(t.db);
    expect(await sendDecision(t, chain.tokens.dl, request._id, 'approved')).toMatchObject({ status: 409, message: 'This request was already rejected' });
    expect(await sendDecision(t, chain.tokens.mdl, request._id, 'rejected')).toMatchObject({ status: 409, message: 'This request was already rejected' });
    expect(await businessStateDigest(t.db)).toBe(before);
  });

  it('keeps at most 10 pending deposits per player', async () => {
    const chain = await buildChain(t, 0n);
    for (let i = 0; i < 10; i += 1) expect((await deposit(chain, '100')).status).toBe(200);
    expect(await deposit(chain, '100')).toMatchObject({
      status: 409,
      message: 'You already have 10 pending deposit requests: wait until they are approved or rejected',
    });
  });
});

describe('withdraw requests', () => {
  it('hold the amount at once: the player’s balance drops, the clearing account holds it', async () => {
    const chain = await buildChain(t, 0n, 1_000n);
    const bankId = await saveBank(t, chain.tokens.player);
    const heldBefore = await heldTotal(t);
    const created = await sendWithdraw(t, chain.tokens.player, { amount: 300, accountType: 'bank', bankDetail: bankId });
    expect(created).toMatchObject({ status: 200, message: MESSAGES.withdrawRequested });
    expect(created.data).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'withdraw',
      amount: 300,
      createdAt: expect.stringMatching(ISO),
      status: 'pending',
      remark: 'ok',
      accountType: 'bank',
      utrno: null,
      screenshotUrl: null,
      // The owner sees its account number masked.
      payTo: 'Asha Rao · XXXXXXXX9012 · HDFC0001234',
      username: chain.player.username,
      decidedAt: null,
      decidedBy: null,
    });
    expect(await balanceOf(t, chain.player.id)).toBe(700);
    expect(await heldTotal(t)).toBe(heldBefore + 300);
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['no amount', { accountType: 'bank', bankDetail: 'x' }, 400, MESSAGES.amountRequired],
    ['no account chosen', { amount: 10 }, 400, MESSAGES.selectBankOrUpi],
    ['a type but no account', { amount: 10, accountType: 'upi' }, 400, MESSAGES.selectBankOrUpi],
    ['an unknown saved account', { amount: 10, accountType: 'bank', bankDetail: randomUUID() }, 404, MESSAGES.savedAccountNotFound],
    ['a malformed saved account id', { amount: 10, accountType: 'bank', bankDetail: 'bank-1' }, 404, MESSAGES.savedAccountNotFound],
  ])('refuse %s, changing nothing', async (_case, body, status, message) => {
    const chain = await buildChain(t, 0n, 100n);
    const before = await businessStateDigest(t.db);
    expect(await sendWithdraw(t, chain.tokens.player, body)).toMatchObject({ status, message });
    expect(await businessStateDigest(t.db)).toBe(before);
  });

  it("refuses another player's saved account, a deleted one, and a bank id sent as UPI", async () => {
    const chain = await buildChain(t, 0n, 100n);
    const stranger = await t.createUser({ role: 'user', parentId: chain.dl.id });
    const strangerToken = (await t.login(stranger)).token;
    const foreignBank = await saveBank(t, strangerToken);
    const ownBank = await saveBank(t, chain.tokens.player, '555566667777');
    expect(await sendWithdraw(t, chain.tokens.player, { amount: 10, accountType: 'bank', bankDetail: foreignBank })).toMatchObject({ status: 404, message: MESSAGES.savedAccountNotFound });
    expect(await sendWithdraw(t, chain.tokens.player, { amount: 10, accountType: 'upi', bankDetail: ownBank })).toMatchObject({ status: 404 });
    await t.request({ method: 'POST', url: '/api/delete-upi-bank', token: chain.tokens.player, payload: { type: 'bank', id: ownBank } });
    expect(await sendWithdraw(t, chain.tokens.player, { amount: 10, accountType: 'bank', bankDetail: ownBank })).toMatchObject({ status: 404 });
  });

  it('beyond the available balance (balance − exposure) is 409 naming both amounts, and changes nothing', async () => {
    const chain = await buildChain(t, 0n, 1_000n);
    const bankId = await saveBank(t, chain.tokens.player);
    const before = await businessStateDigest(t.db);
    expect(await sendWithdraw(t, chain.tokens.player, { amount: 1000.01, accountType: 'bank', bankDetail: bankId })).toMatchObject({
      status: 409,
      message: 'Insufficient balance: available 1,000.00, requested 1,000.01',
      data: { code: 'INSUFFICIENT_FUNDS' },
    });
    expect(await businessStateDigest(t.db)).toBe(before);
    await t.db.query('UPDATE ledger_accounts SET exposure_minor = 20000 WHERE user_id = $1', [chain.player.id]); // ₹200 in open bets
    try {
      expect(await sendWithdraw(t, chain.tokens.player, { amount: 900, accountType: 'bank', bankDetail: bankId })).toMatchObject({
        status: 409,
        message: 'Insufficient balance: available 800.00, requested 900.00',
      });
      expect(await sendWithdraw(t, chain.tokens.player, { amount: 800, accountType: 'bank', bankDetail: bankId })).toMatchObject({ status: 200 });
    } finally {
      await t.db.query('UPDATE ledger_accounts SET exposure_minor = 0 WHERE user_id = $1', [chain.player.id]);
    }
  });

  it('20 concurrent withdrawals of 200 out of 1,000: exactly 5 holds, available ends at 0 and never below', async () => {
    const chain = await buildChain(t, 0n, 1_000n);
    const bankId = await saveBank(t, chain.tokens.player);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => sendWithdraw(t, chain.tokens.player, { amount: 200, accountType: 'bank', bankDetail: bankId })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(15);
    expect(refused.every((r) => r.data.code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await balanceOf(t, chain.player.id)).toBe(0);
  });

  it('approval pays the hold out to the approving agent; the player’s balance does not move again', async () => {
    const chain = await buildChain(t, 1_000n, 1_000n);
    const bankId = await saveBank(t, chain.tokens.player);
    const heldBefore = await heldTotal(t);
    const request = (await sendWithdraw(t, chain.tokens.player, { amount: 400, accountType: 'bank', bankDetail: bankId })).data;
    const approved = await sendDecision(t, chain.tokens.mdl, request._id, 'approved', { remark: 'paid by IMPS' });
    expect(approved).toMatchObject({ status: 200, message: MESSAGES.withdrawApproved });
    // The paying agent sees the whole account number.
    expect(approved.data).toMatchObject({ status: 'approved', payTo: 'Asha Rao · 123456789012 · HDFC0001234', decidedBy: chain.mdl.username });
    expect(await balanceOf(t, chain.player.id)).toBe(600);
    expect(await balanceOf(t, chain.mdl.id)).toBe(1_400);
    expect(await heldTotal(t)).toBe(heldBefore);
    expect(await sendDecision(t, chain.tokens.dl, request._id, 'rejected')).toMatchObject({ status: 409, message: 'This request was already approved' });
  });

  it('rejection releases the hold back to the player', async () => {
    const chain = await buildChain(t, 1_000n, 1_000n);
    const upi = await t.request({ method: 'POST', url: '/api/add-upi', token: chain.tokens.player, payload: { upiId: 'asha@okhdfc' } });
    expect(upi.statusCode).toBe(200);
    const upiId = parsed<{ upi: Array<{ _id: string }> }>(await t.request({ method: 'GET', url: '/api/get-bank-and-upi-list', token: chain.tokens.player })).data.upi[0]?._id;
    const request = (await sendWithdraw(t, chain.tokens.player, { amount: 250, accountType: 'upi', bankDetail: upiId })).data;
    expect(request.payTo).toBe('asha@okhdfc');
    expect(await balanceOf(t, chain.player.id)).toBe(750);
    const rejected = await sendDecision(t, chain.tokens.dl, request._id, 'rejected', { remark: 'UPI id closed' });
    expect(rejected).toMatchObject({ status: 200, message: MESSAGES.withdrawRejected, data: { status: 'rejected', remark: 'UPI id closed' } });
    expect(await balanceOf(t, chain.player.id)).toBe(1_000);
    expect(await balanceOf(t, chain.dl.id)).toBe(1_000);
  });
});

describe('who decides (QUALITY T6 approver scope)', () => {
  it('any agent above the player may; an agent of another branch gets 404 and changes nothing', async () => {
    const chain = await buildChain(t);
    const outsider = await buildChain(t);
    const request = (await deposit(chain, '200')).data;
    const before = await businessStateDigest(t.db);
    for (const token of [outsider.tokens.dl, outsider.tokens.admin, outsider.tokens.sadmin]) {
      const refused = await sendDecision(t, token, request._id, 'approved');
      expect(refused).toEqual({
        status: 404,
        raw: expect.not.stringContaining(chain.player.username),
        data: { code: 'NOT_FOUND' },
        message: MESSAGES.paymentRequestNotFound,
      });
    }
    // The player itself, and a sibling player: agents-only.
    expect(await sendDecision(t, chain.tokens.player, request._id, 'approved')).toMatchObject({ status: 403, message: MESSAGES.agentsOnly });
    expect(await businessStateDigest(t.db)).toBe(before);
    // A missing id and a malformed one look the same as a foreign one.
    expect(await sendDecision(t, chain.tokens.dl, randomUUID(), 'approved')).toMatchObject({ status: 404, message: MESSAGES.paymentRequestNotFound });
    expect(await sendDecision(t, chain.tokens.dl, 'not-a-uuid', 'approved')).toMatchObject({ status: 404, message: MESSAGES.paymentRequestNotFound });
    // The top of the chain may decide.
    expect(await sendDecision(t, chain.tokens.admin, request._id, 'approved')).toMatchObject({ status: 200 });
  });

  it('needs the transaction password (wrong: 403 and no change) and a remark of at most 200 characters', async () => {
    const chain = await buildChain(t);
    const request = (await deposit(chain, '200')).data;
    const before = await businessStateDigest(t.db);
    expect(await sendDecision(t, chain.tokens.dl, request._id, 'approved', { transactionPassword: '000000' })).toMatchObject({
      status: 403,
      message: MESSAGES.transactionPasswordWrong,
      data: { code: 'TRANSACTION_PASSWORD_WRONG' },
    });
    expect(await sendDecision(t, chain.tokens.dl, request._id, 'approved', { remark: 'x'.repeat(201) })).toMatchObject({ status: 400, message: MESSAGES.remarkTooLong });
    expect(await businessStateDigest(t.db)).toBe(before);
  });
});

describe('deciding once, under concurrency (QUALITY T6, T3)', () => {
  it('20 concurrent approvals with different keys: exactly one credit, 19 × 409', async () => {
    const chain = await buildChain(t);
    const request = (await deposit(chain, '900')).data;
    const tokens = [chain.tokens.dl, chain.tokens.mdl, chain.tokens.smdl, chain.tokens.sadmin];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => sendDecision(t, tokens[i % tokens.length] ?? '', request._id, 'approved')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const conflicts = results.filter((r) => r.status === 409);
    expect(conflicts).toHaveLength(19);
    expect(new Set(conflicts.map((r) => r.message))).toEqual(new Set(['This request was already approved']));
    expect(await balanceOf(t, chain.player.id)).toBe(900);
    expect(await decisionJournals(request._id)).toBe(1);
  });

  it('20 concurrent approvals with ONE key: one effect, every answer the same first result, byte for byte', async () => {
    const chain = await buildChain(t, 1_000n, 1_000n);
    const bankId = await saveBank(t, chain.tokens.player);
    const request = (await sendWithdraw(t, chain.tokens.player, { amount: 500, accountType: 'bank', bankDetail: bankId })).data;
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => sendDecision(t, chain.tokens.dl, request._id, 'approved', { key })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.raw)).size).toBe(1);
    expect(await balanceOf(t, chain.dl.id)).toBe(1_500);
    expect(await decisionJournals(request._id)).toBe(1);
    // Later repeats replay too; the same key for another decision is a mismatch.
    expect((await sendDecision(t, chain.tokens.dl, request._id, 'approved', { key })).raw).toBe(results[0]?.raw);
    expect(await sendDecision(t, chain.tokens.dl, request._id, 'rejected', { key })).toMatchObject({ status: 409, data: { code: 'IDEMPOTENCY_MISMATCH' } });
  });

  it('approve and reject race, 20 each: one outcome in the ledger, every other attempt 409', async () => {
    const chain = await buildChain(t, 1_000n, 1_000n);
    const bankId = await saveBank(t, chain.tokens.player);
    const request = (await sendWithdraw(t, chain.tokens.player, { amount: 600, accountType: 'bank', bankDetail: bankId })).data;
    const attempts = Array.from({ length: 40 }, (_, i) =>
      sendDecision(t, i % 2 === 0 ? chain.tokens.dl : chain.tokens.mdl, request._id, i % 2 === 0 ? 'approved' : 'rejected'),
    );
    const results = await Promise.all(attempts);
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(39);
    const outcome = winners[0]?.data.status;
    expect(results.filter((r) => r.status === 409).every((r) => r.message === `This request was already ${outcome}`)).toBe(true);
    expect(await decisionJournals(request._id)).toBe(1);
    if (outcome === 'approved') {
      expect([await balanceOf(t, chain.player.id), await balanceOf(t, chain.dl.id)]).toEqual([400, 1_600]);
    } else {
      expect([await balanceOf(t, chain.player.id), await balanceOf(t, chain.mdl.id)]).toEqual([1_000, 1_000]);
    }
  });

  it('the guarded transition is also the database’s: a terminal request cannot be changed by SQL', async () => {
    const chain = await buildChain(t);
    const request = (await deposit(chain, '100')).data;
    await sendDecision(t, chain.tokens.dl, request._id, 'rejected');
    await expect(t.db.query(`UPDATE payment_requests SET status = 'approved' WHERE id = $1`, [request._id])).rejects.toThrow(/already rejected/);
    await expect(t.db.query(`DELETE FROM payment_requests WHERE id = $1`, [request._id])).rejects.toThrow(/never deleted/);
    const pending = (await deposit(chain, '100')).data;
    await expect(t.db.query(`UPDATE payment_requests SET amount_minor = 1 WHERE id = $1`, [pending._id])).rejects.toThrow();
    await expect(t.db.query(`UPDATE payment_requests SET status = 'pending', remark = 'x' WHERE id = $1`, [pending._id])).rejects.toThrow(/pending to approved or rejected/);
  });
});

describe('database backstops of payments (raw SQL is refused)', () => {
  /** Runs SQL in a transaction of its own that is always rolled back. */
  async function refused(sql: string, values: unknown[] = []): Promise<string> {
    try {
      await t.db.transaction(async (tx) => {
        await tx.query(sql, values);
        await tx.query('SET CONSTRAINTS ALL IMMEDIATE');
        throw new Error('accepted');
      });
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  }

  it('a second deposit with a taken UTR', async () => {
    const chain = await buildChain(t, 0n);
    const first = (await deposit(chain, '100')).data;
    const message = await refused(
      `WITH shot AS (
         INSERT INTO payment_screenshots (id, owner_id, content_type, byte_size, width_px, height_px, sha256)
         SELECT gen_random_uuid(), user_id, 'image/png', 1, 1, 1, repeat('0', 64) FROM payment_requests WHERE id = $1
         RETURNING id, owner_id)
       INSERT INTO payment_requests (id, user_id, type, amount_minor, account_type, utr_no, screenshot_id)
       SELECT gen_random_uuid(), shot.owner_id, 'deposit', 100, 'upi', (SELECT utr_no FROM payment_requests WHERE id = $1), shot.id
       FROM shot`,
      [first._id],
    );
    expect(message).toMatch(/payment_requests_utr_key/);
  });

  it('a decided request without its decider, a withdraw without its hold, a payment journal without an actor', async () => {
    const chain = await buildChain(t, 0n, 100n);
    const bankId = await saveBank(t, chain.tokens.player);
    const request = (await sendWithdraw(t, chain.tokens.player, { amount: 10, accountType: 'bank', bankDetail: bankId })).data;
    expect(await refused(`UPDATE payment_requests SET status = 'approved' WHERE id = $1`, [request._id])).toMatch(/payment_requests_decision_fields/);
    expect(
      await refused(
        `INSERT INTO payment_requests (id, user_id, type, amount_minor, account_type, payout_account_id, payout_upi_id)
         VALUES (gen_random_uuid(), $1, 'withdraw', 100, 'upi', gen_random_uuid(), 'a@okaxis')`,
        [chain.player.id],
      ),
    ).toMatch(/payment_requests_withdraw_fields/);
    expect(
      await refused(
        `INSERT INTO journals (code, event_type, event_ref, request_hash, actor_id) VALUES ('WITHDRAW_PAYOUT', 'x', 'y', repeat('a', 64), NULL)`,
      ),
    ).toMatch(/journals_payment_has_actor/);
    // The clearing account cannot pay out more than it holds.
    expect(
      await refused(`UPDATE ledger_accounts SET balance_minor = balance_minor - 100000000 WHERE code = 'system:withdraw_hold'`),
    ).toMatch(/ledger_accounts_available_nonnegative/);
  });
});

describe('idempotent requests (Idempotency-Key)', () => {
  it('a repeated withdraw answers the first result and holds once; another body with the key is 409', async () => {
    const chain = await buildChain(t, 0n, 1_000n);
    const bankId = await saveBank(t, chain.tokens.player);
    const key = randomUUID();
    const body = { amount: 100, accountType: 'bank', bankDetail: bankId };
    const results = await Promise.all(Array.from({ length: 10 }, () => sendWithdraw(t, chain.tokens.player, body, key)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.raw)).size).toBe(1);
    expect(await balanceOf(t, chain.player.id)).toBe(900);
    expect(await sendWithdraw(t, chain.tokens.player, { ...body, amount: 101 }, key)).toMatchObject({ status: 409, data: { code: 'IDEMPOTENCY_MISMATCH' } });
    // Keys are per user: another player's identical key is its own request.
    const other = await t.createUser({ role: 'user', parentId: chain.dl.id });
    await t.fund(other.id, 100n);
    const otherToken = (await t.login(other)).token;
    const otherBank = await saveBank(t, otherToken);
    const own = await sendWithdraw(t, otherToken, { ...body, bankDetail: otherBank }, key);
    expect(own.status).toBe(200);
    expect(own.data._id).not.toBe(results[0]?.data._id);
  });

  it('a repeated deposit answers the first result and stores one request and one screenshot file', async () => {
    const chain = await buildChain(t, 0n);
    const key = randomUUID();
    const utrno = newUtr();
    const first = await deposit(chain, '250', utrno, key);
    const again = await deposit(chain, '250', utrno, key);
    expect(again.raw).toBe(first.raw);
    expect(await countRows('SELECT count(*)::int AS n FROM payment_requests WHERE utr_no = $1', [utrno])).toBe(1);
    const { readdirSync } = await import('node:fs');
    const files = readdirSync(t.config.paths.uploadsDir);
    expect(files.length).toBe(await countRows('SELECT count(*)::int AS n FROM payment_screenshots'));
  });
});

describe('POST /api/get-deposit-withdraw-list', () => {
  const list = (token: string, body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/get-deposit-withdraw-list', token, payload: { startDate: '2020-01-01', endDate: '2099-12-31', reportType: 'all', ...body } });

  it("gives a player its own requests, an agent its downline's (optionally one account's), newest first", async () => {
    const chain = await buildChain(t, 1_000n, 1_000n);
    const sibling = await t.createUser({ role: 'user', parentId: chain.dl.id });
    const siblingToken = (await t.login(sibling)).token;
    const a = (await deposit(chain, '100')).data;
    const b = (await sendDeposit(t, siblingToken, { amount: '200', utrno: newUtr() }, { data: png })).data;
    const c = (await deposit(chain, '300')).data;
    await sendDecision(t, chain.tokens.dl, c._id, 'approved');
    const bankId = await saveBank(t, chain.tokens.player);
    const w = (await sendWithdraw(t, chain.tokens.player, { amount: 50, accountType: 'bank', bankDetail: bankId })).data;

    const own = parsed<PaymentRequestRow[]>(await list(chain.tokens.player, { type: 'deposit' }));
    expect(own).toMatchObject({ status: 200, message: MESSAGES.ok });
    expect(own.data.map((row) => row._id)).toEqual([c._id, a._id]);
    expect(parsed<PaymentRequestRow[]>(await list(chain.tokens.player, { type: 'deposit', reportType: 'approved' })).data.map((r) => r._id)).toEqual([c._id]);
    expect(parsed<PaymentRequestRow[]>(await list(chain.tokens.player, { type: 'deposit', reportType: 'pending' })).data.map((r) => r._id)).toEqual([a._id]);
    expect(parsed<PaymentRequestRow[]>(await list(chain.tokens.player, { type: 'deposit', reportType: 'rejected' })).data).toEqual([]);
    const withdrawals = parsed<PaymentRequestRow[]>(await list(chain.tokens.player, { type: 'withdraw' })).data;
    expect(withdrawals.map((r) => [r._id, r.payTo])).toEqual([[w._id, 'Asha Rao · XXXXXXXX9012 · HDFC0001234']]);

    const downline = parsed<PaymentRequestRow[]>(await list(chain.tokens.mdl, { type: 'deposit' })).data.map((r) => r._id);
    expect(downline).toEqual(expect.arrayContaining([a._id, b._id, c._id]));
    expect(parsed<PaymentRequestRow[]>(await list(chain.tokens.mdl, { type: 'withdraw' })).data.map((r) => r.payTo)).toEqual(['Asha Rao · 123456789012 · HDFC0001234']);
    const onlySibling = parsed<PaymentRequestRow[]>(await list(chain.tokens.dl, { type: 'deposit', username: sibling.username })).data;
    expect(onlySibling.map((r) => r._id)).toEqual([b._id]);
    // A player cannot read a sibling's requests; an outsider agent sees none of this branch.
    expect(parsed(await list(chain.tokens.player, { type: 'deposit', username: sibling.username }))).toMatchObject({ status: 404, message: MESSAGES.notInDownline });
    const outsider = await buildChain(t, 0n);
    expect(parsed<PaymentRequestRow[]>(await list(outsider.tokens.dl, { type: 'deposit' })).data).toEqual([]);
    expect(parsed(await list(outsider.tokens.dl, { type: 'deposit', username: chain.player.username }))).toMatchObject({ status: 404 });
  });

  it('filters on whole UTC days and refuses bad ranges', async () => {
    const chain = await buildChain(t, 0n);
    await deposit(chain, '100');
    const today = new Date().toISOString().slice(0, 10);
    expect(parsed<PaymentRequestRow[]>(await list(chain.tokens.player, { type: 'deposit', startDate: today, endDate: today })).data).toHaveLength(1);
    expect(parsed<PaymentRequestRow[]>(await list(chain.tokens.player, { type: 'deposit', startDate: '2020-01-01', endDate: '2020-01-07' })).data).toEqual([]);
    expect(parsed(await list(chain.tokens.player, { type: 'deposit', startDate: '2026-02-30', endDate: today }))).toMatchObject({ status: 400, message: MESSAGES.dateInvalid });
    expect(parsed(await list(chain.tokens.player, { type: 'deposit', startDate: '2026-03-02', endDate: '2026-03-01' }))).toMatchObject({ status: 400, message: MESSAGES.dateRangeInvalid });
    expect(parsed(await list(chain.tokens.player, { type: 'refund' })).status).toBe(400);
  });
});

describe('live balances (domain events → socket)', () => {
  it('the player hears the hold, the rejection and the approval; the approving agent hears its credit', async () => {
    const chain = await buildChain(t, 1_000n, 1_000n);
    const bankId = await saveBank(t, chain.tokens.player);
    const seen: Array<{ userId: string; balance: number }> = [];
    const off = t.services.events.on('ledger.balancesChanged', (event) => {
      for (const wallet of event.wallets) seen.push({ userId: wallet.userId, balance: Number(wallet.balanceMinor) / 100 });
    });
    try {
      const first = (await sendWithdraw(t, chain.tokens.player, { amount: 100, accountType: 'bank', bankDetail: bankId })).data;
      await sendDecision(t, chain.tokens.dl, first._id, 'rejected');
      const second = (await sendWithdraw(t, chain.tokens.player, { amount: 200, accountType: 'bank', bankDetail: bankId })).data;
      await sendDecision(t, chain.tokens.dl, second._id, 'approved');
      const dep = (await deposit(chain, '150')).data;
      await sendDecision(t, chain.tokens.dl, dep._id, 'approved');
    } finally {
      off();
    }
    expect(seen.filter((e) => e.userId === chain.player.id).map((e) => e.balance)).toEqual([900, 1_000, 800, 800, 950]);
    expect(seen.filter((e) => e.userId === chain.dl.id).map((e) => e.balance)).toEqual([1_200, 1_050]);
  });

  it('reaches the player’s socket as a balance event when the hold is taken', async () => {
    const chain = await buildChain(t, 0n, 500n);
    const bankId = await saveBank(t, chain.tokens.player);
    const socket = await signedInSocket(chain.player, chain.tokens.player);
    const received = new Promise<SocketBalancePayload>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no balance event within 2 s')), 2_000);
      socket.once('balance', (payload: SocketBalancePayload) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
    expect((await sendWithdraw(t, chain.tokens.player, { amount: 120, accountType: 'bank', bankDetail: bankId })).status).toBe(200);
    expect(await received).toEqual({ balance: 380, exposer: 0, journalId: expect.any(String) });
  });
});

async function signedInSocket(user: TestUser, token: string): Promise<Socket> {
  const socket = io(`${baseUrl}/user`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    extraHeaders: { origin: TEST_ORIGIN },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = await new Promise((resolve) => socket.emit('userRoomJoin', user.id, resolve));
  expect(ack).toEqual({ ok: true });
  return socket;
}
