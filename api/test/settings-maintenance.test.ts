import { MESSAGES, ROLES, type SettingRow } from '@backlay/shared/contracts';
import { body, buildTestApp, TEST_PASSWORD, type TestContext, type TestUser, TEST_TXN_PASSWORD } from './helper';

let t: TestContext;
let admin: TestUser;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  adminToken = (await t.login(admin)).token;
});
afterAll(() => t.close());

const save = (token: string, settingList: SettingRow[]) =>
  t.request({ method: 'POST', url: '/api/save-setting-list', token, payload: { settingList, transactionPassword: TEST_TXN_PASSWORD } });

async function setMaintenance(on: boolean): Promise<void> {
  const response = await save(adminToken, [{ key: 'maintenance', value: on ? 'true' : 'false' }]);
  expect(response.statusCode).toBe(200);
}

describe('GET /api/get-setting-list', () => {
  it('lists the seeded settings', async () => {
    const response = await t.request({ method: 'GET', url: '/api/get-setting-list', token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({
      data: [
        { key: 'deposit_max', value: '100000' },
        { key: 'deposit_min', value: '100' },
        { key: 'maintenance', value: 'false' },
      ],
      message: MESSAGES.ok,
    });
  });

  it('is readable by a player (the deposit page needs the range)', async () => {
    const session = await t.login(await t.createUser({ role: 'user' }));
    expect((await t.request({ method: 'GET', url: '/api/get-setting-list', token: session.token })).statusCode).toBe(200);
  });
});

describe('POST /api/save-setting-list', () => {
  it.each(ROLES.map((role) => [role, role === 'admin' || role === 'sadmin']))('role %s may save: %s', async (role, allowed) => {
    const user = await t.createUser({ role });
    const session = await t.login(user);
    const response = await save(session.token, [{ key: 'deposit_min', value: '200' }]);
    if (allowed) {
      expect(response.statusCode).toBe(200);
      expect(body(response).message).toBe(MESSAGES.settingsSaved);
    } else if (role === 'user') {
      // A player token is not even valid on an admin-area route.
      expect(response.statusCode).toBe(401);
    } else {
      expect(response.statusCode).toBe(403);
      expect(body(response)).toEqual({ data: { code: 'FORBIDDEN' }, message: MESSAGES.forbidden });
    }
  });

  it('audits each changed key with before and after', async () => {
    await save(adminToken, [{ key: 'deposit_max', value: '50000' }]);
    const { rows } = await t.db.query<{ actor_id: string; before: unknown; after: unknown }>(
      "SELECT actor_id, before, after FROM audit_log WHERE action = 'settings.save' AND target = 'setting:deposit_max' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]).toEqual({ actor_id: admin.id, before: { value: '100000' }, after: { value: '50000' } });
  });

  it.each([
    [[{ key: 'nope', value: '1' }], 'Unknown setting "nope"'],
    [[{ key: 'maintenance', value: 'yes' }], `Setting "maintenance" must be 'true' or 'false', got "yes"`],
    [[{ key: 'deposit_min', value: '999999' }], 'deposit_min (999999) cannot exceed deposit_max (50000)'],
  ])('refuses %j', async (settingList, message) => {
    const response = await save(adminToken, settingList);
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ data: { code: 'VALIDATION' }, message });
  });
});

describe('maintenance mode', () => {
  afterEach(() => setMaintenance(false));

  it('blocks player login and authenticated player calls with 503 and the flag', async () => {
    const user = await t.createUser({ role: 'user' });
    const session = await t.login(user);
    await setMaintenance(true);
    const expected = { data: { code: 'MAINTENANCE', maintenance: true }, message: 'Under maintenance' };

    const login = await t.request({ method: 'POST', url: '/api/login', payload: { username: user.username, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(503);
    expect(body(login)).toEqual(expected);

    for (const url of ['/api/user-info', '/api/get-sport-list', '/api/get-setting-list']) {
      const response = await t.request({ method: 'GET', url, token: session.token });
      expect(response.statusCode).toBe(503);
      expect(body(response)).toEqual(expected);
    }
    const refresh = await t.request({ method: 'POST', url: '/api/refresh-token', payload: { token: session.refreshToken } });
    expect(refresh.statusCode).toBe(503);
  });

  it('keeps the admin area working', async () => {
    const agent = await t.createUser({ role: 'dl' });
    await setMaintenance(true);
    const session = await t.login(agent);
    expect((await t.request({ method: 'GET', url: '/api/downline', token: session.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user-info', token: session.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/refresh-token', payload: { token: session.refreshToken } })).statusCode).toBe(200);
  });

  it('lifts immediately when the flag is saved back to false', async () => {
    const user = await t.createUser({ role: 'user' });
    await setMaintenance(true);
    await setMaintenance(false);
    expect((await t.login(user)).role).toBe('user');
  });

  it('serves the flag from the cache instead of querying on every request', async () => {
    await setMaintenance(true);
    const attempt = () => t.request({ method: 'POST', url: '/api/login', payload: { username: 'anyone', password: 'x' } });
    expect((await attempt()).statusCode).toBe(503);
    // Flip the row behind the cache's back: the cached value still answers.
    await t.db.query("UPDATE settings SET value = 'false' WHERE key = 'maintenance'");
    expect((await attempt()).statusCode).toBe(503);
    t.services.settings.invalidate();
    expect((await attempt()).statusCode).toBe(401);
  });
});
