import { MESSAGES } from '@backlay/shared/contracts';
import { body, buildTestApp, TEST_PASSWORD, type TestContext } from './helper';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const changePassword = (token: string, payload: object) =>
  t.request({ method: 'POST', url: '/api/change-password', token, payload });
const setTxnPassword = (token: string, payload: object) =>
  t.request({ method: 'POST', url: '/api/transaction-password', token, payload });

describe('POST /api/change-password', () => {
  it.each([
    [{ oldPassword: '', newPassword: 'New#Pass1', confirmPassword: 'New#Pass1' }, MESSAGES.oldPasswordRequired],
    [{ oldPassword: TEST_PASSWORD, newPassword: '', confirmPassword: 'x' }, MESSAGES.newPasswordRequired],
    [{ oldPassword: TEST_PASSWORD, newPassword: 'New#Pass1' }, MESSAGES.confirmPasswordRequired],
    [{ oldPassword: TEST_PASSWORD, newPassword: 'Ab#1', confirmPassword: 'Ab#1' }, MESSAGES.passwordTooShort],
    [{ oldPassword: TEST_PASSWORD, newPassword: `Ab#1${'x'.repeat(61)}`, confirmPassword: `Ab#1${'x'.repeat(61)}` }, MESSAGES.passwordTooLong],
    [{ oldPassword: TEST_PASSWORD, newPassword: 'password1', confirmPassword: 'password1' }, MESSAGES.passwordTooCommon],
    [{ oldPassword: TEST_PASSWORD, newPassword: 'Qwertyuiop', confirmPassword: 'Qwertyuiop' }, MESSAGES.passwordTooCommon],
    [{ oldPassword: TEST_PASSWORD, newPassword: 'New#Pass1', confirmPassword: 'New#Pass2' }, MESSAGES.passwordsDontMatch],
    [{ oldPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, MESSAGES.passwordSameAsOld],
    [{ oldPassword: 'Wrong#Pass1', newPassword: 'New#Pass1', confirmPassword: 'New#Pass1' }, MESSAGES.oldPasswordWrong],
  ])('refuses %j with "%s"', async (payload, message) => {
    const user = await t.createUser({ role: 'user' });
    const session = await t.login(user);
    const response = await changePassword(session.token, payload);
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ data: { code: 'VALIDATION' }, message });
  });

  it('refuses a new password that contains the username, in any case', async () => {
    const user = await t.createUser({ role: 'user', username: 'harbour7' });
    const session = await t.login(user);
    const response = await changePassword(session.token, { oldPassword: TEST_PASSWORD, newPassword: 'my HARBOUR7 pass', confirmPassword: 'my HARBOUR7 pass' });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ data: { code: 'VALIDATION' }, message: MESSAGES.passwordContainsUsername });
  });

  it.each(['lower case only words', 'zebrahandlamp', 'пароль-на-русском', 'Backlay#2026'])(
    'accepts %j: no composition rules, any Unicode',
    async (newPassword) => {
      const user = await t.createUser({ role: 'user' });
      const session = await t.login(user);
      const response = await changePassword(session.token, { oldPassword: TEST_PASSWORD, newPassword, confirmPassword: newPassword });
      expect(response.statusCode).toBe(200);
      expect((await t.login({ ...user, password: newPassword })).role).toBe('user');
    },
  );

  it('changes the password and keeps the current session (the only live one)', async () => {
    const user = await t.createUser({ role: 'mdl' });
    const current = await t.login(user);
    const response = await changePassword(current.token, {
      oldPassword: TEST_PASSWORD,
      newPassword: 'New#Pass1',
      confirmPassword: 'New#Pass1',
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ data: { changePassAndTxn: false }, message: MESSAGES.passwordChanged });
    expect((await t.request({ method: 'GET', url: '/api/user-info', token: current.token })).statusCode).toBe(200);
    const oldPassword = await t.request({
      method: 'POST',
      url: '/api/login-admin',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
    expect((await t.login({ ...user, password: 'New#Pass1' })).role).toBe('mdl');
    const { rows } = await t.db.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1', [`user:${user.id}`]);
    expect(rows.map((r) => r.action)).toContain('auth.password_changed');
  });
});

describe('POST /api/transaction-password', () => {
  it.each([
    [{ password: '', transactionPassword: '123456', confirmTransactionPassword: '123456' }, MESSAGES.passwordRequired],
    [{ password: TEST_PASSWORD, transactionPassword: '', confirmTransactionPassword: '' }, MESSAGES.transactionPasswordRequired],
    [{ password: TEST_PASSWORD, transactionPassword: '12345', confirmTransactionPassword: '12345' }, MESSAGES.transactionPasswordFormat],
    [{ password: TEST_PASSWORD, transactionPassword: '12345a', confirmTransactionPassword: '12345a' }, MESSAGES.transactionPasswordFormat],
    [{ password: TEST_PASSWORD, transactionPassword: '123456', confirmTransactionPassword: '123457' }, MESSAGES.passwordsDontMatch],
    [{ password: '123456', transactionPassword: '123456', confirmTransactionPassword: '123456' }, MESSAGES.transactionPasswordSameAsLogin],
    [{ password: 'Wrong#Pass1', transactionPassword: '654321', confirmTransactionPassword: '654321' }, MESSAGES.passwordWrong],
  ])('refuses %j with "%s"', async (payload, message) => {
    const user = await t.createUser({ role: 'user', txnPassword: null });
    const session = await t.login(user);
    const response = await setTxnPassword(session.token, payload);
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ data: { code: 'VALIDATION' }, message });
  });

  it('stores an argon2id hash of the transaction password', async () => {
    const user = await t.createUser({ role: 'user', txnPassword: null });
    const session = await t.login(user);
    const response = await setTxnPassword(session.token, {
      password: TEST_PASSWORD,
      transactionPassword: '654321',
      confirmTransactionPassword: '654321',
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ data: { changePassAndTxn: false }, message: MESSAGES.transactionPasswordSet });
    const { rows } = await t.db.query<{ hash: string }>('SELECT txn_password_hash AS hash FROM users WHERE id = $1', [user.id]);
    expect(rows[0]?.hash).toMatch(/^\$argon2id\$/);
    expect(await t.services.passwords.verify(rows[0]?.hash ?? '', '654321')).toBe(true);
  });
});

describe('the changePassAndTxn gate', () => {
  it('blocks every other route until the password is changed and a transaction password set', async () => {
    const user = await t.createUser({ role: 'user', mustChangePassword: true, txnPassword: null });
    const session = await t.login(user);
    expect(session.changePassAndTxn).toBe(true);

    const blocked = await t.request({ method: 'GET', url: '/api/get-sport-list', token: session.token });
    expect(blocked.statusCode).toBe(403);
    expect(body(blocked)).toEqual({ data: { code: 'CHANGE_PASSWORD_REQUIRED' }, message: MESSAGES.changePasswordFirst });
    expect((await t.request({ method: 'GET', url: '/api/get-match-list', token: session.token })).statusCode).toBe(403);

    const info = await t.request({ method: 'GET', url: '/api/user-info', token: session.token });
    expect(info.statusCode).toBe(200);
    expect(body(info).data).toMatchObject({ changePassAndTxn: true, mustChangePassword: true, hasTransactionPassword: false });

    const changed = await changePassword(session.token, {
      oldPassword: TEST_PASSWORD,
      newPassword: 'Fresh#Pass9',
      confirmPassword: 'Fresh#Pass9',
    });
    expect(body(changed).data).toEqual({ changePassAndTxn: true });
    expect((await t.request({ method: 'GET', url: '/api/get-sport-list', token: session.token })).statusCode).toBe(403);

    const txn = await setTxnPassword(session.token, {
      password: 'Fresh#Pass9',
      transactionPassword: '112233',
      confirmTransactionPassword: '112233',
    });
    expect(body(txn).data).toEqual({ changePassAndTxn: false });
    expect((await t.request({ method: 'GET', url: '/api/get-sport-list', token: session.token })).statusCode).toBe(200);
  });

  it('lets a gated user log out', async () => {
    const user = await t.createUser({ role: 'user', mustChangePassword: true });
    const session = await t.login(user);
    expect((await t.request({ method: 'POST', url: '/api/logout', token: session.token })).statusCode).toBe(200);
  });

  it('gates the admin area the same way', async () => {
    const agent = await t.createUser({ role: 'dl', txnPassword: null });
    const session = await t.login(agent);
    const response = await t.request({ method: 'GET', url: '/api/downline', token: session.token });
    expect(response.statusCode).toBe(403);
    expect(body(response).message).toBe(MESSAGES.changePasswordFirst);
  });
});

describe('throttling the login-password check of change-password and transaction-password', () => {
  const wrongChange = { oldPassword: 'Wrong#Pass1', newPassword: 'Fresh#Pass9', confirmPassword: 'Fresh#Pass9' };
  const rightChange = { oldPassword: TEST_PASSWORD, newPassword: 'Fresh#Pass9', confirmPassword: 'Fresh#Pass9' };
  const wrongTxn = { password: 'Wrong#Pass1', transactionPassword: '654321', confirmTransactionPassword: '654321' };
  const rightTxn = { password: TEST_PASSWORD, transactionPassword: '654321', confirmTransactionPassword: '654321' };

  const expectThrottled = (response: Awaited<ReturnType<typeof changePassword>>) => {
    expect(response.statusCode).toBe(429);
    expect(body(response)).toMatchObject({ data: { code: 'RATE_LIMITED' }, message: MESSAGES.tooManyAttempts });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('players: 10 wrong old passwords, then 429 with Retry-After even for the right one', async () => {
    const user = await t.createUser({ role: 'user' });
    const session = await t.login(user);
    for (let i = 0; i < 10; i += 1) expect((await changePassword(session.token, wrongChange)).statusCode).toBe(400);
    expectThrottled(await changePassword(session.token, rightChange));
    // The same account budget covers the transaction-password form, which also checks the login password.
    expectThrottled(await setTxnPassword(session.token, rightTxn));
    // Nothing changed.
    await t.login(user);
  });

  it('admin area: 5 wrong login passwords on transaction-password, then 429 even for the right one', async () => {
    const agent = await t.createUser({ role: 'dl' });
    const session = await t.login(agent);
    for (let i = 0; i < 5; i += 1) expect((await setTxnPassword(session.token, wrongTxn)).statusCode).toBe(400);
    expectThrottled(await setTxnPassword(session.token, rightTxn));
    expectThrottled(await changePassword(session.token, rightChange));
  });

  it('a right password resets the count', async () => {
    const agent = await t.createUser({ role: 'mdl' });
    const session = await t.login(agent);
    for (let i = 0; i < 4; i += 1) expect((await setTxnPassword(session.token, wrongTxn)).statusCode).toBe(400);
    expect((await setTxnPassword(session.token, rightTxn)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await setTxnPassword(session.token, wrongTxn)).statusCode).toBe(400);
    expect((await setTxnPassword(session.token, { ...rightTxn, transactionPassword: '112233', confirmTransactionPassword: '112233' })).statusCode).toBe(200);
  });

  it('the throttle is per account: another account is not affected', async () => {
    const a = await t.createUser({ role: 'dl' });
    const b = await t.createUser({ role: 'dl' });
    const sa = await t.login(a);
    const sb = await t.login(b);
    for (let i = 0; i < 5; i += 1) await setTxnPassword(sa.token, wrongTxn);
    expectThrottled(await setTxnPassword(sa.token, rightTxn));
    expect((await setTxnPassword(sb.token, rightTxn)).statusCode).toBe(200);
  });

  it('the transaction password cannot be reset while its own throttle is active', async () => {
    const dl = await t.createUser({ role: 'dl' });
    const player = await t.createUser({ role: 'user', parentId: dl.id });
    const session = await t.login(dl);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await t.request({
        method: 'POST',
        url: '/api/change-child-password',
        token: session.token,
        payload: { username: player.username, newPassword: 'Fresh#Pass9', transactionPassword: '000000' },
      });
      expect(wrong.statusCode).toBe(403);
    }
    expectThrottled(await setTxnPassword(session.token, rightTxn));
    const { rows } = await t.db.query<{ hash: string }>('SELECT txn_password_hash AS hash FROM users WHERE id = $1', [dl.id]);
    expect(await t.services.passwords.verify(rows[0]?.hash ?? '', '654321')).toBe(false);
  });
});
