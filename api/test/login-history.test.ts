/**
 * Login history (issue 20): every attempt of both login routes is recorded (time, IP, device,
 * location, success and reason) without telling the caller whether the username exists; a user
 * reads its own rows, an agent its downline's only.
 */
import {
  LOGIN_ATTEMPT_REASON_LABELS,
  loginAttemptOutcome,
  MESSAGES,
  type LoginHistoryResponse,
  type LoginHistoryRow,
  type TwoFactorEnrolment,
} from '@backlay/shared/contracts';
import { totpCode } from '../src/auth/totp';
import { body, buildTestApp, FakeClock, TEST_PASSWORD, type TestContext } from './helper';

const clock = new FakeClock(Date.UTC(2026, 0, 1, 12, 0, 0));
let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const attempt = (url: string, username: string, password: string, remoteAddress = '203.0.113.7') =>
  t.request({ method: 'POST', url, payload: { username, password }, remoteAddress, headers: { 'user-agent': CHROME_ANDROID } });

async function ownHistory(token: string): Promise<LoginHistoryRow[]> {
  const response = await t.request({ method: 'GET', url: '/api/login-history', token });
  expect(response.statusCode).toBe(200);
  return body<{ data: LoginHistoryResponse }>(response).data.rows;
}

describe('GET /api/login-history', () => {
  it('lists the user own successes and failures, newest first, with IP, device, location and reason', async () => {
    const user = await t.createUser({ role: 'user' });
    expect((await attempt('/api/login', user.username, 'Wrong#Pass1')).statusCode).toBe(401);
    expect((await attempt('/api/login-admin', user.username, TEST_PASSWORD)).statusCode).toBe(403);
    const ok = await attempt('/api/login', user.username, TEST_PASSWORD, '192.168.1.20');
    expect(ok.statusCode).toBe(200);
    const rows = await ownHistory(body<{ data: { token: string } }>(ok).data.token);
    expect(rows).toEqual([
      {
        id: expect.any(String),
        username: user.username,
        area: 'player',
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        ip: '192.168.1.20',
        device: 'Chrome 131 on Android (mobile)',
        location: 'Private network',
        success: true,
        reason: 'ok',
      },
      expect.objectContaining({ area: 'admin', success: false, reason: 'wrong_area', ip: '203.0.113.7', location: 'Internet (203.0.113.7)' }),
      expect.objectContaining({ area: 'player', success: false, reason: 'invalid_credentials' }),
    ]);
  });

  it('records throttled attempts and the two-factor steps', async () => {
    const user = await t.createUser({ role: 'user' });
    const { token } = await t.login(user);
    const { secret } = body<{ data: TwoFactorEnrolment }>(await t.request({ method: 'POST', url: '/api/two-factor-enrol', token })).data;
    await t.request({ method: 'POST', url: '/api/two-factor-confirm', token, payload: { code: totpCode(secret, clock.nowMs()) } });
    clock.advance(30_000);
    const first = await attempt('/api/login', user.username, TEST_PASSWORD);
    const { challenge } = body<{ data: { challenge: string } }>(first).data;
    const wrong = totpCode(secret, clock.nowMs()) === '000000' ? '000001' : '000000';
    expect((await t.request({ method: 'POST', url: '/api/login-two-factor', payload: { challenge, code: wrong } })).statusCode).toBe(401);
    const done = await t.request({ method: 'POST', url: '/api/login-two-factor', payload: { challenge, code: totpCode(secret, clock.nowMs()) } });
    expect(done.statusCode).toBe(200);
    const rows = await ownHistory(body<{ data: { token: string } }>(done).data.token);
    expect(rows.slice(0, 3).map((row) => [row.success, row.reason])).toEqual([
      [true, 'ok'],
      [false, 'two_factor_invalid'],
      [false, 'two_factor_pending'],
    ]);
    // The password step reads as a step, not a failure; the wrong code is the one failed line.
    expect(rows.slice(0, 3).map(loginAttemptOutcome)).toEqual(['success', 'failed', 'step']);
    // A clean two-factor sign-in: one success line after its password step, no failed line.
    clock.advance(30_000);
    const second = await attempt('/api/login', user.username, TEST_PASSWORD);
    const clean = await t.request({
      method: 'POST',
      url: '/api/login-two-factor',
      payload: { challenge: body<{ data: { challenge: string } }>(second).data.challenge, code: totpCode(secret, clock.nowMs()) },
    });
    expect(clean.statusCode).toBe(200);
    const cleanRows = (await ownHistory(body<{ data: { token: string } }>(clean).data.token)).slice(0, 2);
    expect(cleanRows.map((row) => [loginAttemptOutcome(row), LOGIN_ATTEMPT_REASON_LABELS[row.reason]])).toEqual([
      ['success', 'Signed in'],
      ['step', 'Password accepted, waiting for the two-factor code'],
    ]);

    const other = await t.createUser({ role: 'user' });
    for (let i = 0; i < 10; i += 1) await attempt('/api/login', other.username, 'Wrong#Pass1', '10.9.9.9');
    expect((await attempt('/api/login', other.username, TEST_PASSWORD, '10.9.9.9')).statusCode).toBe(429);
    const { token: otherToken } = await t.login(other);
    const otherRows = await ownHistory(otherToken);
    expect(otherRows.filter((row) => row.reason === 'throttled')).toHaveLength(1);
    expect(otherRows.filter((row) => row.reason === 'invalid_credentials')).toHaveLength(10);
    clock.advance(15 * 60_000);
  });

  it('an unknown username answers like a wrong password and shows in nobody history', async () => {
    const user = await t.createUser({ role: 'user' });
    const unknown = await attempt('/api/login', `ghost${user.username}`.slice(0, 20), 'Wrong#Pass1');
    const wrong = await attempt('/api/login', user.username, 'Wrong#Pass1');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(body(unknown)).toEqual(body(wrong));
    expect(body(unknown)).toEqual({ data: { code: 'INVALID_CREDENTIALS' }, message: MESSAGES.invalidCredentials });
    const { token } = await t.login(user);
    const rows = await ownHistory(token);
    expect(rows.every((row) => row.username === user.username)).toBe(true);
  });

  it('refuses a hostile page with 400 and needs a session', async () => {
    const { token } = await t.login(await t.createUser({ role: 'user' }));
    expect((await t.request({ method: 'GET', url: '/api/login-history?page=0', token })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/login-history?page=abc', token })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/login-history?x=%00', token })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/login-history' })).statusCode).toBe(401);
  });
});

describe('GET /api/downline-login-history', () => {
  it('shows an agent the attempts of its downline only; a foreign-branch agent gets nothing', async () => {
    const dlA = await t.createUser({ role: 'dl' });
    const playerA = await t.createUser({ role: 'user', parentId: dlA.id });
    const dlB = await t.createUser({ role: 'dl' });
    await attempt('/api/login', playerA.username, 'Wrong#Pass1');
    await t.login(playerA);

    const { token: tokenA } = await t.login(dlA);
    const mine = await t.request({ method: 'GET', url: '/api/downline-login-history', token: tokenA });
    expect(mine.statusCode).toBe(200);
    const rowsA = body<{ data: LoginHistoryResponse }>(mine).data.rows;
    expect(rowsA.map((row) => [row.username, row.success])).toEqual([
      [playerA.username, true],
      [playerA.username, false],
    ]);
    // The agent's own logins are not its downline's.
    expect(rowsA.some((row) => row.username === dlA.username)).toBe(false);
    const filtered = await t.request({ method: 'GET', url: `/api/downline-login-history?username=${playerA.username}`, token: tokenA });
    expect(body<{ data: LoginHistoryResponse }>(filtered).data.rows).toHaveLength(2);

    // An upline several tiers above sees it too.
    const adminId = (await t.db.query<{ id: string }>('SELECT ancestors[1] AS id FROM users WHERE id = $1', [dlA.id])).rows[0]?.id as string;
    const admin = (await t.db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [adminId])).rows[0]?.username as string;
    const { token: adminToken } = await t.login({ id: adminId, username: admin, role: 'admin', parentId: null, password: TEST_PASSWORD });
    const upline = await t.request({ method: 'GET', url: `/api/downline-login-history?username=${playerA.username}`, token: adminToken });
    expect(body<{ data: LoginHistoryResponse }>(upline).data.rows).toHaveLength(2);

    const { token: tokenB } = await t.login(dlB);
    const foreign = await t.request({ method: 'GET', url: `/api/downline-login-history?username=${playerA.username}`, token: tokenB });
    expect(foreign.statusCode).toBe(200);
    expect(body<{ data: LoginHistoryResponse }>(foreign).data.rows).toEqual([]);
    const all = await t.request({ method: 'GET', url: '/api/downline-login-history', token: tokenB });
    expect(body<{ data: LoginHistoryResponse }>(all).data.rows.some((row) => row.username === playerA.username)).toBe(false);
  });

  it('refuses a player with 403', async () => {
    const { token } = await t.login(await t.createUser({ role: 'user' }));
    const response = await t.request({ method: 'GET', url: '/api/downline-login-history', token });
    expect(response.statusCode).toBe(403);
    expect(body(response).message).toBe(MESSAGES.agentsOnly);
  });
});
