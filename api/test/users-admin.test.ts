/**
 * The hierarchy routes: list-clients (pagination, search, totals, breadcrumb, no N+1),
 * user-detail, add-user (validation messages, first-login gate), update-user (partnership
 * bounds on both sides, mass assignment), change-child-password; every change audited.
 */
import { randomBytes } from 'node:crypto';
import {
  MESSAGES,
  type ClientRow,
  type ListClientsResponse,
  type LoginResponse,
} from '@backlay/shared/contracts';
import { body, buildTestApp, TEST_PASSWORD, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Envelope<T> = { data: T; message: string };

async function signIn(user: TestUser): Promise<string> {
  return (await t.login(user)).token;
}

function get<T>(token: string, url: string) {
  return t.request({ method: 'GET', url, token }).then((r) => ({ status: r.statusCode, ...body<Envelope<T>>(r) }));
}

function post<T>(token: string, url: string, payload: object) {
  return t.request({ method: 'POST', url, token, payload }).then((r) => ({ status: r.statusCode, ...body<Envelope<T>>(r) }));
}

async function auditRows(target: string) {
  const { rows } = await t.db.query<{ action: string; actor_id: string; before: unknown; after: unknown; ip: string | null }>(
    'SELECT action, actor_id, before, after, ip FROM audit_log WHERE target = $1 ORDER BY id',
    [target],
  );
  return rows;
}

describe('GET /api/list-clients', () => {
  let sadmin: TestUser;
  let token: string;
  beforeAll(async () => {
    sadmin = await t.createUser({ role: 'sadmin' });
    token = await signIn(sadmin);
    // A unique suffix of letters only (g–v), so that the searches below ('C1') match the numbers
    // in front and never the suffix (a hex one held 'c1' about one run in fifty).
    const suffix = randomBytes(6).toString('hex').replace(/[0-9a-f]/g, (c) => 'ghijklmnopqrstuv'[parseInt(c, 16)] ?? 'g');
    for (let i = 1; i <= 30; i += 1) {
      const n = String(i).padStart(2, '0');
      const child = await t.createUser({ role: 'smdl', parentId: sadmin.id, username: `c${n}-${suffix}`, displayName: i === 7 ? 'Lucky 50%_off' : `Client ${n}` });
      await t.fund(child.id, BigInt(i) * 10n);
    }
    await t.db.query('UPDATE users SET credit_reference_minor = 100000 WHERE parent_id = $1', [sadmin.id]);
  });

  it('pages the direct children by username, with totals over every child', async () => {
    const first = await get<ListClientsResponse>(token, '/api/list-clients');
    expect(first.status).toBe(200);
    expect(first.data.rows).toHaveLength(25); // PAGE_SIZE_DEFAULT
    expect(first.data).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(first.data.rows[0]?.username.startsWith('c01')).toBe(true);
    // Σ balance = 10 × (1 + … + 30) = 4,650; credit reference 30 × 1,000; Ref P/L = 4,650 − 30,000.
    expect(first.data.totals).toEqual({ balance: 4650, exposer: 0, available: 4650, creditReference: 30000, refPL: -25350 });
    const second = await get<ListClientsResponse>(token, '/api/list-clients?page=2');
    expect(second.data.rows.map((r) => r.username.slice(0, 3))).toEqual(['c26', 'c27', 'c28', 'c29', 'c30']);
    expect(second.data.totals.balance).toBe(4650);
    // An empty username (a form's "mine") is the caller.
    const empty = await get<ListClientsResponse>(token, '/api/list-clients?username=&search=');
    expect(empty.data).toMatchObject({ total: 30, parent: { _id: sadmin.id } });
    const beyond = await get<ListClientsResponse>(token, '/api/list-clients?page=9&pageSize=10');
    expect(beyond.data.rows).toEqual([]);
    expect(beyond.data.total).toBe(30);
  });

  it('a row carries every ClientRow field', async () => {
    const { data } = await get<ListClientsResponse>(token, '/api/list-clients?pageSize=1');
    expect(data.rows[0]).toEqual({
      _id: expect.any(String),
      username: expect.stringMatching(/^c01/),
      displayName: 'Client 01',
      phone: null,
      role: 'smdl',
      roleLabel: 'SMDL',
      status: 'active',
      betLock: false,
      lockedBy: null,
      betLockedBy: null,
      balance: 10,
      exposer: 0,
      available: 10,
      creditReference: 1000,
      refPL: -990,
      partnership: 80,
      commission: 0,
      exposureLimit: null,
      childCount: 0,
      createdAt: expect.stringMatching(/Z$/),
    });
    expect(data.parent).toEqual({ _id: sadmin.id, username: sadmin.username, role: 'sadmin', roleLabel: 'Admin' });
    expect(data.path).toEqual([{ username: sadmin.username, roleLabel: 'Admin' }]);
  });

  it('searches username and display name, case-insensitively, with wildcards taken literally', async () => {
    const byName = await get<ListClientsResponse>(token, '/api/list-clients?search=C1');
    expect(byName.data.rows.map((r) => r.username.slice(0, 3))).toEqual(['c10', 'c11', 'c12', 'c13', 'c14', 'c15', 'c16', 'c17', 'c18', 'c19']);
    expect(byName.data.totals.balance).toBe(1450); // 10 × (10 + … + 19)
    const byDisplay = await get<ListClientsResponse>(token, `/api/list-clients?search=${encodeURIComponent('50%_OFF')}`);
    expect(byDisplay.data.rows.map((r) => r.displayName)).toEqual(['Lucky 50%_off']);
    const literal = await get<ListClientsResponse>(token, `/api/list-clients?search=${encodeURIComponent('%')}`);
    expect(literal.data.total).toBe(1);
  });

  it("lists a descendant's children with the breadcrumb from the caller down", async () => {
    const user = await t.createUser({ role: 'user' });
    const { rows } = await t.db.query<{ id: string; username: string; role: string }>(
      'SELECT u.id, u.username, u.role FROM users u, users me WHERE me.id = $1 AND u.id = ANY(me.ancestors) ORDER BY array_length(u.ancestors, 1) NULLS FIRST',
      [user.id],
    );
    const [admin, sadminRow, smdl, mdl, dl] = rows;
    const adminToken = await signIn({ id: admin!.id, username: admin!.username, role: 'admin', parentId: null, password: TEST_PASSWORD });
    const listed = await get<ListClientsResponse>(adminToken, `/api/list-clients?username=${mdl!.username.toUpperCase()}`);
    expect(listed.status).toBe(200);
    expect(listed.data.parent.username).toBe(mdl!.username);
    expect(listed.data.rows.map((r) => r.username)).toEqual([dl!.username]);
    expect(listed.data.path.map((p) => p.username)).toEqual([admin!.username, sadminRow!.username, smdl!.username, mdl!.username]);
    expect(listed.data.path.map((p) => p.roleLabel)).toEqual(['Super Admin', 'Admin', 'SMDL', 'MDL']);
    // An MDL listing the same DL sees the breadcrumb from itself.
    const mdlToken = await signIn({ id: mdl!.id, username: mdl!.username, role: 'mdl', parentId: smdl!.id, password: TEST_PASSWORD });
    const own = await get<ListClientsResponse>(mdlToken, `/api/list-clients?username=${dl!.username}`);
    expect(own.data.path.map((p) => p.username)).toEqual([mdl!.username, dl!.username]);
    expect(own.data.rows.map((r) => r.username)).toEqual([user.username]);
  });

  it('uses the same number of queries for 3 children as for 30 (no N+1)', async () => {
    const small = await t.createUser({ role: 'sadmin' });
    for (let i = 0; i < 3; i += 1) await t.createUser({ role: 'smdl', parentId: small.id });
    const smallToken = await signIn(small);
    const count = async (tok: string): Promise<number> => {
      const spy = jest.spyOn(t.db, 'query');
      try {
        const response = await t.request({ method: 'GET', url: '/api/list-clients?pageSize=100', token: tok });
        expect(response.statusCode).toBe(200);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const forThree = await count(smallToken);
    const forThirty = await count(token);
    expect(forThirty).toBe(forThree);
    // Session check, target, breadcrumb, rows, totals.
    expect(forThirty).toBeLessThanOrEqual(5);
  });

  it('refuses bad paging with 400', async () => {
    expect((await get(token, '/api/list-clients?page=0')).status).toBe(400);
    expect((await get(token, '/api/list-clients?pageSize=101')).status).toBe(400);
    expect((await get(token, `/api/list-clients?search=${'x'.repeat(51)}`)).status).toBe(400);
  });
});

describe('GET /api/user-detail', () => {
  it('answers the caller and its downline, and refuses the rest', async () => {
    const dl = await t.createUser({ role: 'dl' });
    const player = await t.createUser({ role: 'user', parentId: dl.id });
    const token = await signIn(dl);
    const ok = await get<ClientRow>(token, `/api/user-detail?username=${player.username}`);
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ _id: player.id, role: 'user', roleLabel: 'USER', partnership: 0, childCount: 0 });
    const own = await get<ClientRow>(token, `/api/user-detail?username=${dl.username}`);
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ _id: dl.id, role: 'dl' });
    const stranger = await t.createUser({ role: 'user' });
    const foreign = await get(token, `/api/user-detail?username=${stranger.username}`);
    const missing = await get(token, '/api/user-detail?username=nobody-here');
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe(MESSAGES.notInDownline);
    expect({ ...missing, data: missing.data }).toEqual({ ...foreign, data: foreign.data });
  });
});

describe('POST /api/add-user', () => {
  let dl: TestUser;
  let token: string;
  const valid = () => ({
    username: `p${Math.random().toString(36).slice(2, 10)}`,
    displayName: 'New Player',
    phone: '+919876543210',
    password: 'Player#Pass1',
    role: 'user',
    partnership: 0,
    creditReference: 500,
    commission: 1.5,
    exposureLimit: 10000,
    transactionPassword: TEST_TXN_PASSWORD,
  });
  beforeAll(async () => {
    dl = await t.createUser({ role: 'dl', partnershipShareBps: 4_000 });
    token = await signIn(dl);
  });

  it('creates a player under the caller that must change its password and set a transaction password', async () => {
    const request = valid();
    const created = await post<ClientRow>(token, '/api/add-user', request);
    expect(created.status).toBe(200);
    expect(created.message).toBe(MESSAGES.userCreated);
    expect(created.data).toMatchObject({
      username: request.username,
      displayName: 'New Player',
      phone: '+919876543210',
      role: 'user',
      status: 'active',
      betLock: false,
      balance: 0,
      creditReference: 500,
      refPL: -500,
      partnership: 0,
      commission: 1.5,
      exposureLimit: 10000,
    });
    const { rows } = await t.db.query('SELECT parent_id, created_by, must_change_password, txn_password_hash FROM users WHERE id = $1', [created.data._id]);
    expect(rows[0]).toEqual({ parent_id: dl.id, created_by: dl.id, must_change_password: true, txn_password_hash: null });
    const login = await t.request({ method: 'POST', url: '/api/login', payload: { username: request.username, password: request.password } });
    expect(body<Envelope<LoginResponse>>(login).data.changePassAndTxn).toBe(true);
    const audit = await auditRows(`user:${created.data._id}`);
    expect(audit).toEqual([
      expect.objectContaining({ action: 'users.create', actor_id: dl.id, before: null, after: expect.objectContaining({ username: request.username, role: 'user' }) }),
    ]);
  });

  it('an agent creates an agent with a partnership up to its own', async () => {
    const mdl = await t.createUser({ role: 'mdl', partnershipShareBps: 7_000 });
    const mdlToken = await signIn(mdl);
    const ok = await post<ClientRow>(mdlToken, '/api/add-user', { ...valid(), role: 'dl', partnership: 70 });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ role: 'dl', roleLabel: 'DL', partnership: 70 });
    const above = await post(mdlToken, '/api/add-user', { ...valid(), role: 'dl', partnership: 70.01 });
    expect(above).toMatchObject({ status: 400, message: 'Partnership 70.01% must not be above your own 70%' });
  });

  it.each([
    ['a short username', { username: 'ab' }, 400, MESSAGES.usernameTooShort],
    ['a long username', { username: 'a'.repeat(21) }, 400, MESSAGES.usernameTooLong],
    ['a username with spaces', { username: 'has space' }, 400, MESSAGES.usernameInvalid],
    ['no display name', { displayName: '' }, 400, MESSAGES.displayNameRequired],
    ['a bad phone', { phone: 'call me' }, 400, MESSAGES.phoneInvalid],
    ['a player with a share', { partnership: 5 }, 400, MESSAGES.playerPartnership],
    ['a share over 100', { partnership: 100.5 }, 400, MESSAGES.partnershipInvalid],
    ['a negative credit reference', { creditReference: -1 }, 400, MESSAGES.creditReferenceInvalid],
    ['paise fractions', { creditReference: 10.001 }, 400, MESSAGES.creditReferenceInvalid],
    ['a negative commission', { commission: -1 }, 400, MESSAGES.commissionInvalid],
    ['a negative exposure limit', { exposureLimit: -5 }, 400, MESSAGES.exposureLimitInvalid],
    ['a short password', { password: 'Ab#1' }, 400, MESSAGES.passwordTooShort],
    ['a common password', { password: 'iloveyou1' }, 400, MESSAGES.passwordTooCommon],
    ['a password containing the username', { username: 'rosewood9', password: 'ROSEWOOD9-and-more' }, 400, MESSAGES.passwordContainsUsername],
    ['a role two tiers down', { role: 'mdl' }, 403, 'You can create only USER accounts'],
    ['its own role', { role: 'dl' }, 403, 'You can create only USER accounts'],
    ['a wrong transaction password', { transactionPassword: '654321' }, 403, MESSAGES.transactionPasswordWrong],
  ])('refuses %s', async (_name, change, status, message) => {
    const before = await t.db.query('SELECT count(*) FROM users');
    const response = await post(token, '/api/add-user', { ...valid(), ...change });
    expect(response).toMatchObject({ status, message });
    expect((await t.db.query('SELECT count(*) FROM users')).rows).toEqual(before.rows);
  });

  it.each([
    ['username', MESSAGES.usernameRequired],
    ['displayName', MESSAGES.displayNameRequired],
    ['password', MESSAGES.passwordRequired],
    ['transactionPassword', MESSAGES.transactionPasswordRequired],
  ])('a missing %s says "%s"', async (field, message) => {
    const request: Record<string, unknown> = valid();
    delete request[field];
    expect(await post(token, '/api/add-user', request)).toMatchObject({ status: 400, message });
  });

  it('an absent, empty or null phone means none', async () => {
    for (const phone of [undefined, '', null]) {
      const response = await post<ClientRow>(token, '/api/add-user', { ...valid(), phone });
      expect(response.status).toBe(200);
      expect(response.data.phone).toBeNull();
    }
  });

  it('usernames are unique case-insensitively (409)', async () => {
    const request = valid();
    expect((await post(token, '/api/add-user', request)).status).toBe(200);
    const again = await post(token, '/api/add-user', { ...valid(), username: request.username.toUpperCase() });
    expect(again).toMatchObject({ status: 409, message: MESSAGES.usernameTaken, data: { code: 'CONFLICT' } });
  });

  it('ignores fields it does not take (mass assignment)', async () => {
    const request = { ...valid(), parentId: dl.parentId, balance: 1e6, status: 'locked', betLock: true };
    const created = await post<ClientRow>(token, '/api/add-user', request);
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ status: 'active', betLock: false, balance: 0 });
    const { rows } = await t.db.query('SELECT parent_id FROM users WHERE id = $1', [created.data._id]);
    expect(rows[0]).toEqual({ parent_id: dl.id });
  });

  it('players get 403', async () => {
    const player = await t.createUser({ role: 'user' });
    const playerToken = await signIn(player);
    expect(await post(playerToken, '/api/add-user', valid())).toMatchObject({ status: 403, message: MESSAGES.agentsOnly });
  });
});

describe('POST /api/update-user', () => {
  let mdl: TestUser;
  let dl: TestUser;
  let token: string;
  const edit = (over: object = {}) => ({
    username: dl.username,
    displayName: 'Edited DL',
    phone: '9876543210',
    partnership: 50,
    creditReference: 2500,
    commission: 2,
    exposureLimit: null,
    transactionPassword: TEST_TXN_PASSWORD,
    ...over,
  });
  beforeAll(async () => {
    mdl = await t.createUser({ role: 'mdl', partnershipShareBps: 7_000 });
    dl = await t.createUser({ role: 'dl', parentId: mdl.id, partnershipShareBps: 5_000 });
    await t.createUser({ role: 'user', parentId: dl.id });
    token = await signIn(mdl);
  });

  it('edits the fields and audits before and after', async () => {
    const updated = await post<ClientRow>(token, '/api/update-user', edit());
    expect(updated.status).toBe(200);
    expect(updated.message).toBe(MESSAGES.userUpdated);
    expect(updated.data).toMatchObject({ displayName: 'Edited DL', phone: '9876543210', creditReference: 2500, commission: 2, partnership: 50 });
    const audit = await auditRows(`user:${dl.id}`);
    expect(audit.at(-1)).toMatchObject({
      action: 'users.update',
      actor_id: mdl.id,
      before: { displayName: dl.username, creditReferenceMinor: '0', partnershipShareBps: 5_000 },
      after: { displayName: 'Edited DL', creditReferenceMinor: '250000', partnershipShareBps: 5_000 },
      ip: '127.0.0.1',
    });
  });

  it('keeps the share between the parent and the children (RULES §7.9)', async () => {
    // The DL's parent holds 70 %; a DL's children are players (0 %), so the floor is 0.
    expect(await post(token, '/api/update-user', edit({ partnership: 70.5 }))).toMatchObject({
      status: 400,
      message: "Partnership 70.5% must not be above the parent's 70%",
    });
    expect((await post(token, '/api/update-user', edit({ partnership: 70 }))).status).toBe(200);
    expect((await post(token, '/api/update-user', edit({ partnership: 0 }))).status).toBe(200);
    // An SMDL above lowers the MDL below its DL's share: refused by the floor.
    const smdlId = mdl.parentId ?? '';
    await t.db.query('UPDATE users SET partnership_share_bps = 6000 WHERE id = $1', [dl.id]);
    const { rows } = await t.db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [smdlId]);
    const smdlToken = await signIn({ id: smdlId, username: rows[0]!.username, role: 'smdl', parentId: null, password: TEST_PASSWORD });
    const lower = await post(smdlToken, '/api/update-user', { ...edit(), username: mdl.username, partnership: 59.99 });
    expect(lower).toMatchObject({ status: 400, message: 'Partnership 59.99% must not be below 60%, the highest share among its direct children' });
    expect((await post(smdlToken, '/api/update-user', { ...edit(), username: mdl.username, partnership: 60 })).status).toBe(200);
    // The SMDL (80 %) cannot lift the MDL above itself either.
    expect((await post(smdlToken, '/api/update-user', { ...edit(), username: mdl.username, partnership: 80.5 })).status).toBe(400);
  });

  it('a player keeps a zero share', async () => {
    const { rows } = await t.db.query<{ username: string }>('SELECT username FROM users WHERE parent_id = $1', [dl.id]);
    const response = await post(token, '/api/update-user', edit({ username: rows[0]!.username, partnership: 1 }));
    expect(response).toMatchObject({ status: 400, message: MESSAGES.playerPartnership });
  });

  it('ignores role, status, balance and parent in the body (mass assignment)', async () => {
    const response = await post<ClientRow>(token, '/api/update-user', { ...edit(), role: 'admin', status: 'locked', balance: 999, parentId: null, betLock: true });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ role: 'dl', status: 'active', balance: 0, betLock: false });
  });

  it('needs the transaction password', async () => {
    expect(await post(token, '/api/update-user', edit({ transactionPassword: '000000', displayName: 'Never' }))).toMatchObject({
      status: 403,
      data: { code: 'TRANSACTION_PASSWORD_WRONG' },
    });
    const { rows } = await t.db.query('SELECT display_name FROM users WHERE id = $1', [dl.id]);
    expect(rows[0]).not.toEqual({ display_name: 'Never' });
  });
});

describe('POST /api/change-child-password', () => {
  it('resets a downline password, forces a change at sign-in and ends the live session', async () => {
    const smdl = await t.createUser({ role: 'smdl' });
    const mdl = await t.createUser({ role: 'mdl', parentId: smdl.id });
    const dl = await t.createUser({ role: 'dl', parentId: mdl.id });
    const dlSession = await t.login(dl);
    const token = await signIn(smdl);
    const reset = await post(token, '/api/change-child-password', { username: dl.username, newPassword: 'Fresh#Pass9', transactionPassword: TEST_TXN_PASSWORD });
    expect(reset).toMatchObject({ status: 200, data: null, message: MESSAGES.childPasswordReset });
    const old = await t.request({ method: 'GET', url: '/api/user-info', token: dlSession.token });
    expect(old.statusCode).toBe(401);
    expect(body(old).message).toBe(MESSAGES.sessionEndedPasswordReset);
    const wrong = await t.request({ method: 'POST', url: '/api/login-admin', payload: { username: dl.username, password: dl.password } });
    expect(wrong.statusCode).toBe(401);
    const login = await t.login({ ...dl, password: 'Fresh#Pass9' });
    expect(login.changePassAndTxn).toBe(true);
    expect((await auditRows(`user:${dl.id}`)).map((r) => r.action)).toEqual(['users.password_reset']);
  });

  it('applies the password rules and the transaction password', async () => {
    const dl = await t.createUser({ role: 'dl' });
    const player = await t.createUser({ role: 'user', parentId: dl.id });
    const token = await signIn(dl);
    expect(await post(token, '/api/change-child-password', { username: player.username, newPassword: 'short', transactionPassword: TEST_TXN_PASSWORD })).toMatchObject({
      status: 400,
      message: MESSAGES.passwordTooShort,
    });
    expect(await post(token, '/api/change-child-password', { username: player.username, newPassword: 'Fresh#Pass9', transactionPassword: '999999' })).toMatchObject({
      status: 403,
      message: MESSAGES.transactionPasswordWrong,
    });
    await t.login(player); // unchanged
  });

  it('applies the whole policy to a reset: username, previous password, common list; no composition rules', async () => {
    const dl = await t.createUser({ role: 'dl' });
    const player = await t.createUser({ role: 'user', parentId: dl.id, username: 'lighthouse4' });
    const token = await signIn(dl);
    const reset = (newPassword: string) =>
      post(token, '/api/change-child-password', { username: player.username, newPassword, transactionPassword: TEST_TXN_PASSWORD });
    expect(await reset('LightHouse4!!')).toMatchObject({ status: 400, message: MESSAGES.passwordContainsUsername });
    expect(await reset(player.password)).toMatchObject({ status: 400, message: MESSAGES.passwordSameAsOld });
    expect(await reset('baseball1')).toMatchObject({ status: 400, message: MESSAGES.passwordTooCommon });
    await t.login(player); // unchanged
    expect(await reset('plain lower case words')).toMatchObject({ status: 200, message: MESSAGES.childPasswordReset });
    await t.login({ ...player, password: 'plain lower case words' });
  });
});

describe('transaction password throttle', () => {
  it('five wrong transaction passwords lock that check for 15 minutes (429)', async () => {
    const dl = await t.createUser({ role: 'dl' });
    const player = await t.createUser({ role: 'user', parentId: dl.id });
    const token = await signIn(dl);
    const attempt = (txn: string) =>
      post(token, '/api/change-child-password', { username: player.username, newPassword: 'Fresh#Pass9', transactionPassword: txn });
    for (let i = 0; i < 5; i += 1) expect((await attempt('000000')).status).toBe(403);
    const blocked = await attempt(TEST_TXN_PASSWORD);
    expect(blocked).toMatchObject({ status: 429, message: MESSAGES.tooManyAttempts });
  });
});
