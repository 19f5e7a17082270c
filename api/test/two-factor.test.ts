/**
 * TOTP two-factor (issue 20): enrolment, confirmation with recovery codes shown once, the login's
 * second step in both areas, replay and recovery-code reuse refused, wrong codes throttled like
 * passwords, disabling, and the admins' requirement per agent role (an enrol-only session).
 */
import {
  MESSAGES,
  SECURITY_MESSAGES,
  type LoginResponse,
  type TwoFactorChallenge,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@backlay/shared/contracts';
import { totpCode } from '../src/auth/totp';
import { body, buildTestApp, FakeClock, TEST_PASSWORD, type TestContext, type TestUser } from './helper';

const clock = new FakeClock(Date.UTC(2026, 0, 1, 12, 0, 0));
let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

const STEP_MS = 30_000;
const loginUrl = (user: TestUser) => (user.role === 'user' ? '/api/login' : '/api/login-admin');

async function passwordStep(user: TestUser, remoteAddress = '127.0.0.1') {
  return t.request({ method: 'POST', url: loginUrl(user), payload: { username: user.username, password: user.password }, remoteAddress });
}

async function secondStep(challenge: string, code: string) {
  return t.request({ method: 'POST', url: '/api/login-two-factor', payload: { challenge, code } });
}

async function challengeOf(user: TestUser): Promise<string> {
  const response = await passwordStep(user);
  expect(response.statusCode).toBe(200);
  const { data, message } = body<{ data: TwoFactorChallenge; message: string }>(response);
  expect(data).toEqual({ twoFactorRequired: true, challenge: expect.any(String), expiresInSec: 300 });
  expect(message).toBe(SECURITY_MESSAGES.twoFactorCodeRequired);
  expect(data).not.toHaveProperty('token');
  return data.challenge;
}

/** Enrols and confirms two-factor for a new user; the next step's code is left for a login. */
async function enrolled(role: TestUser['role'] = 'user') {
  const user = await t.createUser({ role });
  const { token } = await t.login(user);
  const enrol = await t.request({ method: 'POST', url: '/api/two-factor-enrol', token });
  expect(enrol.statusCode).toBe(200);
  const { secret } = body<{ data: TwoFactorEnrolment }>(enrol).data;
  const confirm = await t.request({ method: 'POST', url: '/api/two-factor-confirm', token, payload: { code: totpCode(secret, clock.nowMs()) } });
  expect(confirm.statusCode).toBe(200);
  const { recoveryCodes } = body<{ data: { recoveryCodes: string[] } }>(confirm).data;
  // The confirming step is used: move on to a fresh step.
  clock.advance(STEP_MS);
  return { user, token, secret, recoveryCodes };
}

describe('enrolment', () => {
  it('creates a secret shown once with its otpauth URI, stores it encrypted, and confirms it with a code', async () => {
    const user = await t.createUser({ role: 'user' });
    const { token } = await t.login(user);
    const before = await t.request({ method: 'GET', url: '/api/two-factor-status', token });
    expect(body<{ data: TwoFactorStatus }>(before).data).toEqual({ enabled: false, pending: false, recoveryCodesLeft: 0, required: false });

    const enrol = await t.request({ method: 'POST', url: '/api/two-factor-enrol', token });
    expect(enrol.statusCode).toBe(200);
    const { secret, otpauthUri } = body<{ data: TwoFactorEnrolment }>(enrol).data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(`otpauth://totp/Backlay:${user.username}?secret=${secret}&issuer=Backlay&algorithm=SHA1&digits=6&period=30`);
    const stored = await t.db.query<{ pending: string }>('SELECT totp_pending_secret AS pending FROM users WHERE id = $1', [user.id]);
    expect(stored.rows[0]?.pending).toMatch(/^v2\.[\w-]+\./);
    expect(stored.rows[0]?.pending).not.toContain(secret);

    const pending = await t.request({ method: 'GET', url: '/api/two-factor-status', token });
    expect(body<{ data: TwoFactorStatus }>(pending).data).toMatchObject({ enabled: false, pending: true });

    const wrong = await t.request({ method: 'POST', url: '/api/two-factor-confirm', token, payload: { code: '000000' === totpCode(secret, clock.nowMs()) ? '111111' : '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe(SECURITY_MESSAGES.twoFactorCodeInvalid);

    const confirm = await t.request({ method: 'POST', url: '/api/two-factor-confirm', token, payload: { code: totpCode(secret, clock.nowMs()) } });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = body<{ data: { recoveryCodes: string[] } }>(confirm).data;
    expect(recoveryCodes).toHaveLength(10);
    const hashes = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = $1', [user.id]);
    expect(hashes.rows).toHaveLength(10);
    for (const code of recoveryCodes) expect(hashes.rows.map((r) => r.code_hash)).not.toContain(code);

    const after = await t.request({ method: 'GET', url: '/api/two-factor-status', token });
    expect(body<{ data: TwoFactorStatus }>(after).data).toEqual({ enabled: true, pending: false, recoveryCodesLeft: 10, required: false });
    // The secret is never given again: a new enrolment is refused while two-factor is on.
    const again = await t.request({ method: 'POST', url: '/api/two-factor-enrol', token });
    expect(again.statusCode).toBe(409);
    expect(JSON.stringify(body(again))).not.toContain(secret);
  });

  it('refuses a confirmation without an enrolment, and hostile codes with 400', async () => {
    const user = await t.createUser({ role: 'user' });
    const { token } = await t.login(user);
    // Evaluating no code, it takes no attempt of the code throttle (players 10): never 429.
    for (let i = 0; i < 11; i += 1) {
      const none = await t.request({ method: 'POST', url: '/api/two-factor-confirm', token, payload: { code: '123456' } });
      expect(none.statusCode).toBe(400);
      expect(body(none).message).toBe(SECURITY_MESSAGES.twoFactorNotPending);
    }
    for (const code of ['', 'x'.repeat(100), 'a\u0000b']) {
      const response = await t.request({ method: 'POST', url: '/api/two-factor-confirm', token, payload: { code } });
      expect(response.statusCode).toBe(400);
    }
    const extra = await t.request({ method: 'POST', url: '/api/two-factor-confirm', token, payload: { code: '123456', secret: 'X' } });
    expect(extra.statusCode).toBe(400);
  });
});

describe('login with two-factor', () => {
  it('player: the right password gives a challenge and no tokens; the code issues the session', async () => {
    const { user, secret } = await enrolled('user');
    const challenge = await challengeOf(user);
    const response = await secondStep(challenge, totpCode(secret, clock.nowMs()));
    expect(response.statusCode).toBe(200);
    const { data, message } = body<{ data: LoginResponse; message: string }>(response);
    expect(message).toBe(MESSAGES.loginSuccess);
    expect(data).toMatchObject({ _id: user.id, role: 'user', username: user.username, token: expect.any(String) });
    const info = await t.request({ method: 'GET', url: '/api/user-info', token: data.token });
    expect(info.statusCode).toBe(200);
    // The challenge is used up.
    clock.advance(STEP_MS);
    expect((await secondStep(challenge, totpCode(secret, clock.nowMs()))).statusCode).toBe(401);
  });

  it('admin area (login-admin): the same second step', async () => {
    const { user, secret } = await enrolled('dl');
    const challenge = await challengeOf(user);
    const response = await secondStep(challenge, totpCode(secret, clock.nowMs()));
    expect(response.statusCode).toBe(200);
    expect(body<{ data: LoginResponse }>(response).data.role).toBe('dl');
  });

  it('a used TOTP step cannot be replayed, even with a new challenge', async () => {
    const { user, secret } = await enrolled('user');
    const code = totpCode(secret, clock.nowMs());
    expect((await secondStep(await challengeOf(user), code)).statusCode).toBe(200);
    const replay = await secondStep(await challengeOf(user), code);
    expect(replay.statusCode).toBe(401);
    expect(body(replay)).toEqual({ data: { code: 'TWO_FACTOR_INVALID' }, message: SECURITY_MESSAGES.twoFactorCodeUsed });
    // An older step (within the window) is refused too once a later one was used, and says so.
    const earlier = totpCode(secret, clock.nowMs() - STEP_MS);
    const older = await secondStep(await challengeOf(user), earlier);
    expect(older.statusCode).toBe(401);
    expect(body(older).message).toBe(SECURITY_MESSAGES.twoFactorCodeUsed);
    // The next step works.
    clock.advance(STEP_MS);
    expect((await secondStep(await challengeOf(user), totpCode(secret, clock.nowMs()))).statusCode).toBe(200);
  });

  it('a recovery code works once', async () => {
    const { user, recoveryCodes } = await enrolled('user');
    const code = recoveryCodes[0] as string;
    expect((await secondStep(await challengeOf(user), code.toUpperCase())).statusCode).toBe(200);
    const reused = await secondStep(await challengeOf(user), code);
    expect(reused.statusCode).toBe(401);
    expect(body(reused)).toEqual({ data: { code: 'TWO_FACTOR_INVALID' }, message: SECURITY_MESSAGES.twoFactorRecoveryCodeUsed });
    // Another user's recovery code, or none of this user's, is simply not valid.
    const other = await enrolled('user');
    const foreign = await secondStep(await challengeOf(user), other.recoveryCodes[0] as string);
    expect(body(foreign).message).toBe(SECURITY_MESSAGES.twoFactorCodeInvalid);
    const { token } = body<{ data: LoginResponse }>(await secondStep(await challengeOf(user), recoveryCodes[1] as string)).data;
    const status = await t.request({ method: 'GET', url: '/api/two-factor-status', token });
    expect(body<{ data: TwoFactorStatus }>(status).data.recoveryCodesLeft).toBe(8);
  });

  it('wrong codes are throttled like passwords: 5 in the admin area, then 429 even for the right code', async () => {
    const { user, secret } = await enrolled('smdl');
    const challenge = await challengeOf(user);
    const right = totpCode(secret, clock.nowMs());
    const wrong = right === '000000' ? '000001' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await secondStep(challenge, wrong)).statusCode).toBe(401);
    }
    const blocked = await secondStep(challenge, right);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    clock.advance(15 * 60_000);
    const later = await secondStep(await challengeOf(user), totpCode(secret, clock.nowMs()));
    expect(later.statusCode).toBe(200);
  });

  it('players get 10 wrong codes before the lock', async () => {
    const { user, secret } = await enrolled('user');
    const challenge = await challengeOf(user);
    const wrong = totpCode(secret, clock.nowMs()) === '000000' ? '000001' : '000000';
    for (let attempt = 1; attempt <= 10; attempt += 1) expect((await secondStep(challenge, wrong)).statusCode).toBe(401);
    expect((await secondStep(challenge, totpCode(secret, clock.nowMs()))).statusCode).toBe(429);
    clock.advance(15 * 60_000);
  });

  it('an unknown or expired challenge is 401, a hostile one 400', async () => {
    const { user, secret } = await enrolled('user');
    expect((await secondStep('no-such-challenge', '123456')).statusCode).toBe(401);
    const challenge = await challengeOf(user);
    clock.advance(301_000);
    const expired = await secondStep(challenge, totpCode(secret, clock.nowMs()));
    expect(expired.statusCode).toBe(401);
    expect(body(expired)).toEqual({ data: { code: 'TWO_FACTOR_CHALLENGE_INVALID' }, message: SECURITY_MESSAGES.twoFactorChallengeInvalid });
    expect((await secondStep('x'.repeat(500), '123456')).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/login-two-factor', payload: { challenge: 'a' } })).statusCode).toBe(400);
  });

  it('a wrong password still answers 401 without a challenge', async () => {
    const { user } = await enrolled('user');
    const response = await t.request({ method: 'POST', url: '/api/login', payload: { username: user.username, password: 'Wrong#Pass1' } });
    expect(response.statusCode).toBe(401);
    expect(body(response)).toEqual({ data: { code: 'INVALID_CREDENTIALS' }, message: MESSAGES.invalidCredentials });
  });
});

describe('disabling', () => {
  it('needs the password and a current code (or a recovery code); then the login is one step again', async () => {
    const { user, token, secret, recoveryCodes } = await enrolled('user');
    const wrongPassword = await t.request({ method: 'POST', url: '/api/two-factor-disable', token, payload: { password: 'Wrong#Pass1', code: totpCode(secret, clock.nowMs()) } });
    expect(wrongPassword.statusCode).toBe(400);
    expect(body(wrongPassword).message).toBe(MESSAGES.passwordWrong);
    const wrongCode = await t.request({ method: 'POST', url: '/api/two-factor-disable', token, payload: { password: TEST_PASSWORD, code: 'zzzzz-zzzzz' } });
    expect(wrongCode.statusCode).toBe(400);
    expect(body(wrongCode).message).toBe(SECURITY_MESSAGES.twoFactorCodeInvalid);
    // The confirming step's code (one step ago, still in the window) was used: it says so.
    const usedCode = await t.request({ method: 'POST', url: '/api/two-factor-disable', token, payload: { password: TEST_PASSWORD, code: totpCode(secret, clock.nowMs() - STEP_MS) } });
    expect(usedCode.statusCode).toBe(400);
    expect(body(usedCode).message).toBe(SECURITY_MESSAGES.twoFactorCodeUsed);
    const ok = await t.request({ method: 'POST', url: '/api/two-factor-disable', token, payload: { password: TEST_PASSWORD, code: recoveryCodes[3] as string } });
    expect(ok.statusCode).toBe(200);
    expect(body(ok).message).toBe(SECURITY_MESSAGES.twoFactorDisabled);
    const row = await t.db.query('SELECT totp_secret, totp_pending_secret FROM users WHERE id = $1', [user.id]);
    expect(row.rows[0]).toEqual({ totp_secret: null, totp_pending_secret: null });
    const login = await passwordStep(user);
    expect(body<{ data: LoginResponse }>(login).data.token).toEqual(expect.any(String));
  });
});

describe('the admins require two-factor for agent roles', () => {
  afterAll(async () => {
    const admin = await t.createUser({ role: 'admin' });
    const { token } = await t.login(admin);
    await t.request({ method: 'POST', url: '/api/two-factor-policy', token, payload: { requiredRoles: [] } });
  });

  it('only the Super Admin saves the setting; an Admin reads it; players and lower agents get 403', async () => {
    for (const role of ['smdl', 'dl'] as const) {
      const { token } = await t.login(await t.createUser({ role }));
      expect((await t.request({ method: 'GET', url: '/api/two-factor-policy', token })).statusCode).toBe(403);
      expect((await t.request({ method: 'POST', url: '/api/two-factor-policy', token, payload: { requiredRoles: [] } })).statusCode).toBe(403);
    }
    const { token: playerToken } = await t.login(await t.createUser({ role: 'user' }));
    expect((await t.request({ method: 'GET', url: '/api/two-factor-policy', token: playerToken })).statusCode).toBe(403);
    const { token } = await t.login(await t.createUser({ role: 'admin' }));
    const bad = await t.request({ method: 'POST', url: '/api/two-factor-policy', token, payload: { requiredRoles: ['user'] } });
    expect(bad.statusCode).toBe(400);
    const saved = await t.request({ method: 'POST', url: '/api/two-factor-policy', token, payload: { requiredRoles: ['dl', 'mdl'] } });
    expect(saved.statusCode).toBe(200);
    expect(body(saved).data).toEqual({ requiredRoles: ['mdl', 'dl'] });
    expect(body((await t.request({ method: 'GET', url: '/api/two-factor-policy', token }))).data).toEqual({ requiredRoles: ['mdl', 'dl'] });
  });

  it('an Admin can neither loosen the Super Admin\'s requirement nor impose one on the Super Admin (403, nothing saved)', async () => {
    const superAdmin = await t.createUser({ role: 'admin' });
    const { token: superToken } = await t.login(superAdmin);
    expect((await t.request({ method: 'POST', url: '/api/two-factor-policy', token: superToken, payload: { requiredRoles: ['smdl'] } })).statusCode).toBe(200);
    // A sibling Admin: under another Super Admin's tree as well as under this one.
    for (const parentId of [superAdmin.id, null]) {
      const admin = await t.createUser({ role: 'sadmin', ...(parentId === null ? {} : { parentId }) });
      const { token } = await t.login(admin);
      const read = await t.request({ method: 'GET', url: '/api/two-factor-policy', token });
      expect(read.statusCode).toBe(200);
      expect(body(read).data).toEqual({ requiredRoles: ['smdl'] });
      for (const requiredRoles of [[], ['admin', 'sadmin', 'smdl']]) {
        const response = await t.request({ method: 'POST', url: '/api/two-factor-policy', token, payload: { requiredRoles } });
        expect(response.statusCode).toBe(403);
        expect(body(response)).toEqual({ data: { code: 'FORBIDDEN' }, message: SECURITY_MESSAGES.twoFactorPolicySuperAdminOnly });
      }
    }
    expect(body(await t.request({ method: 'GET', url: '/api/two-factor-policy', token: superToken })).data).toEqual({ requiredRoles: ['smdl'] });
    const { rows } = await t.db.query<{ n: string }>(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'auth.two_factor_policy_saved' AND actor_id IN (SELECT id FROM users WHERE role = 'sadmin')",
    );
    expect(rows[0]?.n).toBe('0');
  });

  it('an agent of a required role without two-factor gets a session that only reaches the enrolment', async () => {
    const { token: adminToken } = await t.login(await t.createUser({ role: 'admin' }));
    await t.request({ method: 'POST', url: '/api/two-factor-policy', token: adminToken, payload: { requiredRoles: ['dl'] } });
    const dl = await t.createUser({ role: 'dl' });
    const { token } = await t.login(dl);
    const blocked = await t.request({ method: 'GET', url: '/api/list-clients', token });
    expect(blocked.statusCode).toBe(403);
    expect(body(blocked)).toEqual({ data: { code: 'TWO_FACTOR_ENROL_REQUIRED' }, message: SECURITY_MESSAGES.twoFactorEnrolRequired });
    expect((await t.request({ method: 'GET', url: '/api/login-history', token })).statusCode).toBe(403);
    const status = await t.request({ method: 'GET', url: '/api/two-factor-status', token });
    expect(body<{ data: TwoFactorStatus }>(status).data).toMatchObject({ enabled: false, required: true });
    expect((await t.request({ method: 'GET', url: '/api/user-info', token })).statusCode).toBe(200);

    const { secret } = body<{ data: TwoFactorEnrolment }>(await t.request({ method: 'POST', url: '/api/two-factor-enrol', token })).data;
    const confirm = await t.request({ method: 'POST', url: '/api/two-factor-confirm', token, payload: { code: totpCode(secret, clock.nowMs()) } });
    expect(confirm.statusCode).toBe(200);
    // Enrolled: the same session reaches everything again.
    expect((await t.request({ method: 'GET', url: '/api/list-clients', token })).statusCode).toBe(200);

    // Players and roles not required are not affected.
    const mdl = await t.createUser({ role: 'mdl' });
    const { token: mdlToken } = await t.login(mdl);
    expect((await t.request({ method: 'GET', url: '/api/list-clients', token: mdlToken })).statusCode).toBe(200);
  });
});
