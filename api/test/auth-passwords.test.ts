import { MESSAGES, PASSWORD_RULES } from '@backlay/shared/contracts';
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
    [{ oldPassword: TEST_PASSWORD, newPassword: 'NEW#PASS1', confirmPassword: 'NEW#PASS1' }, PASSWORD_RULES[0]?.message],
    [{ oldPassword: TEST_PASSWORD, newPassword: 'new#pass1', confirmPassword: 'new#pass1' }, PASSWORD_RULES[1]?.message],
    [{ oldPassword: TEST_PASSWORD, newPassword: 'New#Passx', confirmPassword: 'New#Passx' }, PASSWORD_RULES[2]?.message],
    [{ oldPassword: TEST_PASSWORD, newPassword: 'NewXPass1', confirmPassword: 'NewXPass1' }, PASSWORD_RULES[3]?.message],
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
