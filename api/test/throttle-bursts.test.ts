/**
 * The secret-check throttles hold against guesses sent at once (issue 29): each of the five
 * checks — player login, admin login, the second factor, the transaction password and the
 * re-entered login password — gets a burst of 1,000 concurrent wrong guesses with the right
 * secret last. An attempt is reserved before its secret is evaluated, so at most the limit is
 * evaluated (counted on the verifier: no argon2 run, no code check for the others), every other
 * guess is 429 with Retry-After, and the right secret after the limit is refused too.
 * scale-out.test.ts holds the same burst across two instances on Redis.
 */
import type { LightMyRequestResponse } from 'fastify';
import { totpCode } from '../src/auth/totp';
import { body, buildTestApp, FakeClock, TEST_PASSWORD, TEST_TXN_PASSWORD, type TestContext } from './helper';

const clock = new FakeClock(Date.UTC(2026, 0, 1, 12, 0, 0));
let t: TestContext;
beforeAll(async () => {
  // 1,000 signed-in requests at once queue for 12 connections; on a loaded CI machine the tail
  // waits past the default 5 s and would get 503 BUSY, which is the pool's answer, not the throttle's.
  t = await buildTestApp({ clock, env: { DB_POOL_WAIT_MS: '120000' } });
});
afterAll(() => t.close());
afterEach(() => jest.restoreAllMocks());

const BURST = 1_000;
const WRONG_PASSWORD = 'Wrong#Pass1';

/** `BURST` requests at once: wrong guesses, then the right secret last. */
async function burst(send: (right: boolean) => Promise<LightMyRequestResponse>) {
  const responses = await Promise.all(Array.from({ length: BURST }, (_, i) => send(i === BURST - 1)));
  const counts = new Map<number, number>();
  for (const response of responses) counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
  const last = responses[BURST - 1] as LightMyRequestResponse;
  return { counts: Object.fromEntries(counts), last };
}

/** The throttled answers carry the lock's Retry-After; the right secret after the limit is one of them. */
function expectRefusedLast(last: LightMyRequestResponse): void {
  expect(last.statusCode).toBe(429);
  expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  expect(body(last)).toMatchObject({ data: { code: 'RATE_LIMITED' } });
}

/** Counts the argon2 verifications (verifyDummy goes through verify too). */
const spyPasswords = () => jest.spyOn(t.services.passwords, 'verify');

describe('1,000 concurrent guesses evaluate at most the limit', () => {
  it('player login (10 per username and IP)', async () => {
    const user = await t.createUser({ role: 'user' });
    const verify = spyPasswords();
    const { counts, last } = await burst((right) =>
      t.request({ method: 'POST', url: '/api/login', payload: { username: user.username, password: right ? TEST_PASSWORD : WRONG_PASSWORD } }),
    );
    expect(counts).toEqual({ 401: 10, 429: BURST - 10 });
    expect(verify).toHaveBeenCalledTimes(10);
    expectRefusedLast(last);
    clock.advance(15 * 60_000);
  });

  it('admin login (5 per username)', async () => {
    const agent = await t.createUser({ role: 'sadmin' });
    const verify = spyPasswords();
    const { counts, last } = await burst((right) =>
      t.request({ method: 'POST', url: '/api/login-admin', payload: { username: agent.username, password: right ? TEST_PASSWORD : WRONG_PASSWORD } }),
    );
    expect(counts).toEqual({ 401: 5, 429: BURST - 5 });
    expect(verify).toHaveBeenCalledTimes(5);
    expectRefusedLast(last);
    clock.advance(15 * 60_000);
  });

  it('the second factor (2fa:<userId>, players 10)', async () => {
    const user = await t.createUser({ role: 'user' });
    const { token } = await t.login(user);
    const { secret } = body<{ data: { secret: string } }>(await t.request({ method: 'POST', url: '/api/two-factor-enrol', token })).data;
    const confirm = await t.request({ method: 'POST', url: '/api/two-factor-confirm', token, payload: { code: totpCode(secret, clock.nowMs()) } });
    expect(confirm.statusCode).toBe(200);
    clock.advance(30_000); // the confirming step is used
    const first = await t.request({ method: 'POST', url: '/api/login', payload: { username: user.username, password: TEST_PASSWORD } });
    const { challenge } = body<{ data: { challenge: string } }>(first).data;
    const rightCode = totpCode(secret, clock.nowMs());
    const wrongCode = rightCode === '000000' ? '000001' : '000000';
    const check = jest.spyOn(t.services.twoFactor, 'checkLoginCode');
    const { counts, last } = await burst((right) =>
      t.request({ method: 'POST', url: '/api/login-two-factor', payload: { challenge, code: right ? rightCode : wrongCode } }),
    );
    expect(counts).toEqual({ 401: 10, 429: BURST - 10 });
    expect(check).toHaveBeenCalledTimes(10);
    expectRefusedLast(last);
    clock.advance(15 * 60_000);
  });

  it('the transaction password (5 per account)', async () => {
    const dl = await t.createUser({ role: 'dl' });
    const player = await t.createUser({ role: 'user', parentId: dl.id });
    const { token } = await t.login(dl);
    const verify = spyPasswords();
    const { counts, last } = await burst((right) =>
      t.request({
        method: 'POST',
        url: '/api/users-lock',
        token,
        payload: { username: player.username, lock: true, transactionPassword: right ? TEST_TXN_PASSWORD : '654321' },
      }),
    );
    expect(counts).toEqual({ 403: 5, 429: BURST - 5 });
    expect(verify).toHaveBeenCalledTimes(5);
    expectRefusedLast(last);
    const { rows } = await t.db.query<{ status: string }>('SELECT status FROM users WHERE id = $1', [player.id]);
    expect(rows[0]?.status).toBe('active');
    clock.advance(15 * 60_000);
  });

  it('the re-entered login password of change-password (password:<userId>, admin area 5)', async () => {
    const agent = await t.createUser({ role: 'mdl' });
    const { token } = await t.login(agent);
    const verify = spyPasswords();
    const { counts, last } = await burst((right) =>
      t.request({
        method: 'POST',
        url: '/api/change-password',
        token,
        payload: { oldPassword: right ? TEST_PASSWORD : WRONG_PASSWORD, newPassword: 'Fresh#Pass2', confirmPassword: 'Fresh#Pass2' },
      }),
    );
    expect(counts).toEqual({ 400: 5, 429: BURST - 5 });
    expect(verify).toHaveBeenCalledTimes(5);
    expectRefusedLast(last);
    clock.advance(15 * 60_000);
  });
});
