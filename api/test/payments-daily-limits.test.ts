/**
 * Per-user daily limits of the payment routes (docs/rules/test-plan.md T12) through HTTP on real PostgreSQL:
 * add-bank-account and add-upi 10 per 24 hours each (deleted accounts still count), deposit and
 * withdraw requests 20 per 24 hours each (a deposit carries the upload, so this is also the
 * uploads-per-day limit). Limit + 1 is a 429 with Retry-After and a readable message that leaves
 * no row, no journal and no file; the place comes back once the window has passed on the
 * injected clock; an idempotent replay at the limit still answers; concurrent requests cannot
 * both take the last place.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { assertLedgerInvariants, buildTestApp, businessStateDigest, type TestContext, type TestUser } from './helper';
import { buildChain, newUtr, parsed, pngImage, saveBank, sendDecision, sendDeposit, sendWithdraw, type Chain } from './payments-helper';

const DAY_MS = 24 * 60 * 60_000;
/**
 * The injected clock: real time plus an offset the test moves (the rows' created_at come from the
 * database clock, so the window must start from real time in every test). Reset after each test.
 */
const clock = {
  offsetMs: 0,
  nowMs(): number {
    return Date.now() + this.offsetMs;
  },
  advance(ms: number): void {
    this.offsetMs += ms;
  },
};
let t: TestContext;
let image: Buffer;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  image = await pngImage(16, 16);
}, 60_000);
afterEach(async () => {
  clock.offsetMs = 0;
  await assertLedgerInvariants(t.db);
});
afterAll(() => t.close());

/** A fresh chain (its own player, so every test starts with an empty day). */
async function freshChain(playerRupees = 0n): Promise<Chain> {
  return buildChain(t, 1_000_000n, playerRupees);
}

/** Moves the clock past the window and signs the player in again (sessions also follow the clock). */
async function nextDay(user: TestUser): Promise<string> {
  clock.advance(DAY_MS + 60_000);
  return (await t.login(user)).token;
}

const post = (token: string, url: string, payload: object) => t.request({ method: 'POST', url: `/api/${url}`, token, payload });

async function savedIds(token: string, kind: 'bank' | 'upi'): Promise<string[]> {
  const list = parsed<Record<'bank' | 'upi', Array<{ _id: string }>>>(await t.request({ method: 'GET', url: '/api/get-bank-and-upi-list', token }));
  return list.data[kind].map((row) => row._id);
}

/** Rejects every pending request of the player (the pending cap is 10, the daily limit 20). */
async function rejectPending(chain: Chain): Promise<void> {
  const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM payment_requests WHERE user_id = $1 AND status = 'pending'`, [chain.player.id]);
  for (const row of rows) expect((await sendDecision(t, chain.tokens.dl, row.id, 'rejected')).status).toBe(200);
}

function expectRateLimited(answer: { status: number; message: string; data: { code: string; details?: unknown } }, message: string): void {
  expect(answer).toMatchObject({ status: 429, message, data: { code: 'RATE_LIMITED' } });
  const details = answer.data.details as { retryAfterSec: number };
  expect(details.retryAfterSec).toBeGreaterThan(DAY_MS / 1000 - 120);
  expect(details.retryAfterSec).toBeLessThanOrEqual(DAY_MS / 1000);
}

it('the configured defaults are 20 requests and 10 accounts per day', () => {
  expect(t.config.payments).toEqual({ requestsPerDay: 20, accountsAddedPerDay: 10 });
});

describe('add-bank-account and add-upi: 10 per 24 hours each', () => {
  it('bank accounts: deleted ones still count; the 11th is 429 with nothing written; UPI ids have their own 10; the next day it is accepted', async () => {
    const chain = await freshChain();
    let token = chain.tokens.player;
    const account = (i: number) => ({ accountHolderName: 'Asha Rao', accountNumber: `55550000${String(i).padStart(4, '0')}`, ifscCode: 'HDFC0001234' });
    // Add and delete, so the saved-accounts cap (10 live) is never what refuses.
    for (let i = 0; i < 10; i += 1) {
      expect((await post(token, 'add-bank-account', account(i))).statusCode).toBe(200);
      const [id] = await savedIds(token, 'bank');
      expect((await post(token, 'delete-upi-bank', { type: 'bank', id })).statusCode).toBe(200);
    }
    const before = await businessStateDigest(t.db);
    const refused = await post(token, 'add-bank-account', account(10));
    expectRateLimited(parsed(refused), 'You can add at most 10 bank accounts in 24 hours: try again later');
    expect(Number(refused.headers['retry-after'])).toBe((parsed(refused).data.details as { retryAfterSec: number }).retryAfterSec);
    expect(await businessStateDigest(t.db)).toBe(before);
    expect(await savedIds(token, 'bank')).toEqual([]);
    // The other kind is counted on its own.
    expect((await post(token, 'add-upi', { upiId: 'asha@okaxis' })).statusCode).toBe(200);

    token = await nextDay(chain.player);
    expect((await post(token, 'add-bank-account', account(10))).statusCode).toBe(200);
    expect(await savedIds(token, 'bank')).toHaveLength(1);
  });

  it('UPI ids: the 11th in 24 hours is 429; another player is not affected', async () => {
    const chain = await freshChain();
    for (let i = 0; i < 10; i += 1) {
      expect((await post(chain.tokens.player, 'add-upi', { upiId: `asha${i}@okaxis` })).statusCode).toBe(200);
      if (i >= 5) {
        const [id] = await savedIds(chain.tokens.player, 'upi');
        expect((await post(chain.tokens.player, 'delete-upi-bank', { type: 'upi', id })).statusCode).toBe(200);
      }
    }
    const before = await businessStateDigest(t.db);
    expectRateLimited(parsed(await post(chain.tokens.player, 'add-upi', { upiId: 'asha10@okaxis' })), 'You can add at most 10 UPI Ids in 24 hours: try again later');
    expect(await businessStateDigest(t.db)).toBe(before);
    const other = await t.createUser({ role: 'user', parentId: chain.dl.id });
    expect((await post((await t.login(other)).token, 'add-upi', { upiId: 'asha10@okaxis' })).statusCode).toBe(200);
  });

  it('ten live UPI ids added today: the 11th is the live cap (409, delete one first); after a delete it is the daily limit (429)', async () => {
    const chain = await freshChain();
    for (let i = 0; i < 10; i += 1) expect((await post(chain.tokens.player, 'add-upi', { upiId: `live${i}@okaxis` })).statusCode).toBe(200);
    expect(parsed(await post(chain.tokens.player, 'add-upi', { upiId: 'live10@okaxis' }))).toMatchObject({ status: 409, message: 'You can save at most 10 UPI Ids: delete one first' });
    const [id] = await savedIds(chain.tokens.player, 'upi');
    expect((await post(chain.tokens.player, 'delete-upi-bank', { type: 'upi', id })).statusCode).toBe(200);
    expectRateLimited(parsed(await post(chain.tokens.player, 'add-upi', { upiId: 'live10@okaxis' })), 'You can add at most 10 UPI Ids in 24 hours: try again later');
    expect(await savedIds(chain.tokens.player, 'upi')).toHaveLength(9);
  });

  it('concurrent adds at 9 of 10: exactly one is accepted', async () => {
    const chain = await freshChain();
    for (let i = 0; i < 9; i += 1) {
      expect((await post(chain.tokens.player, 'add-upi', { upiId: `race${i}@okaxis` })).statusCode).toBe(200);
      const [id] = await savedIds(chain.tokens.player, 'upi');
      expect((await post(chain.tokens.player, 'delete-upi-bank', { type: 'upi', id })).statusCode).toBe(200);
    }
    const answers = await Promise.all([0, 1, 2, 3].map((i) => post(chain.tokens.player, 'add-upi', { upiId: `last${i}@okaxis` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429]);
    expect(await savedIds(chain.tokens.player, 'upi')).toHaveLength(1);
  });
});

describe('deposit and withdraw requests: 20 per 24 hours each', () => {
  const deposit = (token: string, key?: string) => sendDeposit(t, token, { amount: '500', utrno: newUtr() }, { data: image }, key);

  it('the 21st deposit is 429: no row, no file, no audit; the next day it is accepted', async () => {
    const chain = await freshChain();
    let lastKey = '';
    for (let i = 0; i < 20; i += 1) {
      if (i === 10) await rejectPending(chain);
      lastKey = randomUUID();
      expect((await deposit(chain.tokens.player, lastKey)).status).toBe(200);
    }
    await rejectPending(chain);
    const files = readdirSync(t.config.paths.uploadsDir).sort();
    const before = await businessStateDigest(t.db);
    const refused = await deposit(chain.tokens.player);
    expectRateLimited(refused, 'You can make at most 20 deposit requests in 24 hours: try again later');
    expect(await businessStateDigest(t.db)).toBe(before);
    expect(readdirSync(t.config.paths.uploadsDir).sort()).toEqual(files);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_requests WHERE user_id = $1', [chain.player.id]);
    expect(rows[0]?.n).toBe(20);

    const token = await nextDay(chain.player);
    expect((await deposit(token)).status).toBe(200);
  });

  it('an idempotent replay of a request made before the limit answers 200 with the same request', async () => {
    const chain = await freshChain();
    const key = randomUUID();
    const fields = { amount: '500', utrno: newUtr() };
    const first = await sendDeposit(t, chain.tokens.player, fields, { data: image }, key);
    expect(first.status).toBe(200);
    for (let i = 1; i < 20; i += 1) {
      if (i % 10 === 0) await rejectPending(chain);
      expect((await deposit(chain.tokens.player)).status).toBe(200);
    }
    const replay = await sendDeposit(t, chain.tokens.player, fields, { data: image }, key);
    expect(replay).toMatchObject({ status: 200, data: { _id: (first.data as { _id?: string })._id } });
    await rejectPending(chain);
  });

  it('the 21st withdraw is 429 with no hold and no row; deposits are counted on their own; the next day it is accepted', async () => {
    const chain = await freshChain(10_000n);
    const bankId = await saveBank(t, chain.tokens.player);
    const withdraw = (token: string) => sendWithdraw(t, token, { amount: 100, accountType: 'bank', bankDetail: bankId });
    for (let i = 0; i < 20; i += 1) {
      if (i === 10) await rejectPending(chain);
      expect((await withdraw(chain.tokens.player)).status).toBe(200);
    }
    await rejectPending(chain);
    const before = await businessStateDigest(t.db);
    expectRateLimited(await withdraw(chain.tokens.player), 'You can make at most 20 withdraw requests in 24 hours: try again later');
    expect(await businessStateDigest(t.db)).toBe(before);
    expect((await deposit(chain.tokens.player)).status).toBe(200);
    await rejectPending(chain);

    const token = await nextDay(chain.player);
    expect((await withdraw(token)).status).toBe(200);
    chain.tokens.dl = (await t.login(chain.dl)).token;
    await rejectPending(chain);
  });

  it('concurrent withdraws at 18 of 20: exactly two are accepted', async () => {
    const chain = await freshChain(10_000n);
    const bankId = await saveBank(t, chain.tokens.player);
    const withdraw = () => sendWithdraw(t, chain.tokens.player, { amount: 100, accountType: 'bank', bankDetail: bankId });
    for (let i = 0; i < 18; i += 1) {
      if (i === 10) await rejectPending(chain);
      expect((await withdraw()).status).toBe(200);
    }
    const answers = await Promise.all([0, 1, 2, 3, 4].map(() => withdraw()));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429, 429]);
    await rejectPending(chain);
  });
});
