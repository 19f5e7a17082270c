/**
 * users-lock and bet-lock (docs/rules/test-plan.md T9 "changes apply immediately"): a lock on an agent covers
 * its whole downline at the next request — no sign-in, live sessions and sockets end at once —
 * a bet lock leaves sign-in alone and shows in the client row; unlocking restores access.
 * Issue 15: every lock is confirmed with the transaction password, records who set it, and only
 * the setter or an agent above it may lift it; a signed-out player is told why.
 */
import { MESSAGES, type ClientRow, type LoginResponse } from '@backlay/shared/contracts';
import { io, type Socket } from 'socket.io-client';
import { isBlocked } from '../src/auth/auth.repository';
import { body, buildTestApp, TEST_ORIGIN, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';

let t: TestContext;
let baseUrl: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

type Envelope<T> = { data: T; message: string };

interface Chain {
  smdl: TestUser;
  mdl: TestUser;
  dl: TestUser;
  player: TestUser;
  /** A DL and player under another MDL of the same SMDL. */
  cousin: TestUser;
}

async function chain(): Promise<Chain> {
  const smdl = await t.createUser({ role: 'smdl' });
  const mdl = await t.createUser({ role: 'mdl', parentId: smdl.id });
  const dl = await t.createUser({ role: 'dl', parentId: mdl.id });
  const player = await t.createUser({ role: 'user', parentId: dl.id });
  const otherMdl = await t.createUser({ role: 'mdl', parentId: smdl.id });
  const otherDl = await t.createUser({ role: 'dl', parentId: otherMdl.id });
  const cousin = await t.createUser({ role: 'user', parentId: otherDl.id });
  return { smdl, mdl, dl, player, cousin };
}

async function lock(
  token: string,
  route: 'users-lock' | 'bet-lock',
  username: string,
  locked: boolean,
  extra: { marketId?: string; transactionPassword?: string } = {},
) {
  const payload = { username, lock: locked, transactionPassword: TEST_TXN_PASSWORD, ...extra };
  const response = await t.request({ method: 'POST', url: `/api/${route}`, token, payload });
  return { status: response.statusCode, ...body<Envelope<ClientRow>>(response) };
}

async function tryLogin(user: TestUser) {
  const response = await t.request({
    method: 'POST',
    url: user.role === 'user' ? '/api/login' : '/api/login-admin',
    payload: { username: user.username, password: user.password },
  });
  return { status: response.statusCode, ...body<Envelope<LoginResponse>>(response) };
}

async function userInfo(token: string) {
  const response = await t.request({ method: 'GET', url: '/api/user-info', token });
  return { status: response.statusCode, ...body(response) };
}

function connect(token: string): Promise<Socket> {
  const socket = io(`${baseUrl}/user`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    extraHeaders: { origin: TEST_ORIGIN },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function nextEvent<T>(socket: Socket, event: string, timeoutMs = 2_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('POST /api/users-lock', () => {
  it('locking an MDL ends its DL’s and player’s sessions at once; unlocking restores sign-in', async () => {
    const { smdl, mdl, dl, player, cousin } = await chain();
    const smdlToken = (await t.login(smdl)).token;
    const dlSession = await t.login(dl);
    const playerSession = await t.login(player);
    const cousinSession = await t.login(cousin);
    const playerSocket = await connect(playerSession.token);
    const dlSocket = await connect(dlSession.token);
    const playerLogout = new Promise<unknown[]>((resolve) => playerSocket.once('logout', (...args: unknown[]) => resolve(args)));
    const playerClosed = nextEvent<string>(playerSocket, 'disconnect');
    const dlClosed = nextEvent<string>(dlSocket, 'disconnect');

    const started = Date.now();
    const locked = await lock(smdlToken, 'users-lock', mdl.username, true);
    expect(locked).toMatchObject({ status: 200, message: MESSAGES.accountLockedNow, data: { username: mdl.username, status: 'locked' } });

    // Sockets: logout('', 'locked') — no session stays live, and why — then the server closes them, within 2 s.
    expect(await playerLogout).toEqual(['', 'locked']);
    expect(await playerClosed).toBe('io server disconnect');
    expect(await dlClosed).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(2_000);
    // Tokens: the next request is refused; the lock is named, not a generic session end.
    for (const token of [dlSession.token, playerSession.token]) {
      expect(await userInfo(token)).toMatchObject({ status: 403, message: MESSAGES.accountLocked, data: { code: 'ACCOUNT_LOCKED' } });
    }
    const refresh = await t.request({ method: 'POST', url: '/api/refresh-token', payload: { token: playerSession.refreshToken } });
    expect(refresh.statusCode).toBe(403);
    await expect(connect(playerSession.token)).rejects.toThrow(MESSAGES.accountLocked);
    // Sign-in: the MDL and everything below it; the cousin branch is untouched.
    for (const user of [mdl, dl, player]) expect(await tryLogin(user)).toMatchObject({ status: 403, message: MESSAGES.accountLocked });
    expect((await userInfo(cousinSession.token)).status).toBe(200);
    // The rows below keep their own status: the lock is inherited, not copied.
    const { rows } = await t.db.query('SELECT status FROM users WHERE id = ANY($1::uuid[]) ORDER BY status', [[dl.id, player.id]]);
    expect(rows).toEqual([{ status: 'active' }, { status: 'active' }]);

    const unlocked = await lock(smdlToken, 'users-lock', mdl.username, false);
    expect(unlocked).toMatchObject({ status: 200, message: MESSAGES.accountUnlocked, data: { status: 'active' } });
    // Old sessions stay ended (and say why, also as a code); signing in again works.
    expect(await userInfo(dlSession.token)).toMatchObject({ status: 401, message: MESSAGES.sessionEndedLocked, data: { code: 'SESSION_ENDED', reason: 'locked' } });
    for (const user of [mdl, dl, player]) expect((await tryLogin(user)).status).toBe(200);

    const { rows: audit } = await t.db.query('SELECT action, before, after FROM audit_log WHERE target = $1 ORDER BY id', [`user:${mdl.id}`]);
    expect(audit).toEqual([
      { action: 'users.lock', before: { status: 'active', lockedBy: null }, after: { status: 'locked', lockedBy: smdl.id, endedSessions: 2 } },
      { action: 'users.unlock', before: { status: 'locked', lockedBy: smdl.id }, after: { status: 'active', lockedBy: null, endedSessions: 0 } },
    ]);
  });

  it('the per-request check sees an ancestor lock even without ending sessions (one query)', async () => {
    const { mdl, player } = await chain();
    const session = await t.login(player);
    // A lock written by another instance or by hand: sessions are still live.
    await t.db.query("UPDATE users SET status = 'locked' WHERE id = $1", [mdl.id]);
    const spy = jest.spyOn(t.db, 'query');
    try {
      await expect(t.services.authenticator.authenticateToken(session.token, 'backlay')).rejects.toMatchObject({ code: 'ACCOUNT_LOCKED' });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    expect(await isBlocked(t.db, player.id)).toBe(true);
    await t.db.query("UPDATE users SET status = 'active' WHERE id = $1", [mdl.id]);
    expect((await userInfo(session.token)).status).toBe(200);
    expect(await isBlocked(t.db, player.id)).toBe(false);
  });

  it('a closed account cannot be locked or unlocked (409)', async () => {
    const dl = await t.createUser({ role: 'dl' });
    const player = await t.createUser({ role: 'user', parentId: dl.id, status: 'closed' });
    const token = (await t.login(dl)).token;
    expect(await lock(token, 'users-lock', player.username, false)).toMatchObject({ status: 409, message: MESSAGES.accountClosed });
  });

  it('an agent cannot lock itself, its parent or another branch', async () => {
    const { smdl, mdl, cousin } = await chain();
    const token = (await t.login(mdl)).token;
    expect((await lock(token, 'users-lock', mdl.username, true)).status).toBe(403);
    expect((await lock(token, 'users-lock', smdl.username, true)).status).toBe(404);
    expect((await lock(token, 'users-lock', cousin.username, true)).status).toBe(404);
    expect(await tryLogin(cousin)).toMatchObject({ status: 200 });
  });
});

describe('POST /api/bet-lock', () => {
  it('flags the account and its downline as unable to bet, but sign-in still works; unlock restores', async () => {
    const { smdl, mdl, dl, player, cousin } = await chain();
    const token = (await t.login(smdl)).token;
    const playerSession = await t.login(player);
    const locked = await lock(token, 'bet-lock', dl.username, true);
    expect(locked).toMatchObject({
      status: 200,
      message: MESSAGES.betLocked,
      data: { username: dl.username, betLock: true, betLockedBy: smdl.username, status: 'active', lockedBy: null },
    });
    expect(await t.services.users.isBetLocked(dl.id)).toBe(true);
    expect(await t.services.users.isBetLocked(player.id)).toBe(true);
    expect(await t.services.users.isBetLocked(mdl.id)).toBe(false);
    expect(await t.services.users.isBetLocked(cousin.id)).toBe(false);
    expect((await userInfo(playerSession.token)).status).toBe(200);
    expect((await tryLogin(player)).status).toBe(200);
    const detail = await t.request({ method: 'GET', url: `/api/user-detail?username=${dl.username}`, token });
    expect(body<Envelope<ClientRow>>(detail).data.betLock).toBe(true);

    const unlocked = await lock(token, 'bet-lock', dl.username, false);
    expect(unlocked).toMatchObject({ status: 200, message: MESSAGES.betUnlocked, data: { betLock: false, betLockedBy: null } });
    expect(await t.services.users.isBetLocked(player.id)).toBe(false);
    const { rows } = await t.db.query('SELECT action, before, after FROM audit_log WHERE target = $1 ORDER BY id', [`user:${dl.id}`]);
    expect(rows).toEqual([
      { action: 'users.bet_lock', before: { betLock: false, betLockedBy: null }, after: { betLock: true, betLockedBy: smdl.id } },
      { action: 'users.bet_unlock', before: { betLock: true, betLockedBy: smdl.id }, after: { betLock: false, betLockedBy: null } },
    ]);
  });
});

/** The lock columns of an account and the number of audit rows about it (a refusal changes neither). */
async function lockState(user: TestUser) {
  const { rows } = await t.db.query(
    `SELECT u.status, u.locked_by AS "lockedBy", u.bet_lock AS "betLock", u.bet_locked_by AS "betLockedBy",
            (SELECT count(*)::int FROM audit_log a WHERE a.target = 'user:' || u.id::text) AS audits,
            (SELECT count(*)::int FROM market_bet_locks m WHERE m.user_id = u.id) AS "marketLocks"
     FROM users u WHERE u.id = $1`,
    [user.id],
  );
  return rows[0];
}

/** A market to lock (the row only: bet-lock checks that the id exists). */
async function aMarket(): Promise<string> {
  const id = `lk${Math.random().toString(36).slice(2, 10)}`;
  await t.db.query(`INSERT INTO competitions (id, sport_id, name) VALUES ($1, 4, 'Lock League')`, [`c-${id}`]);
  await t.db.query(
    `INSERT INTO events (id, sport_id, competition_id, name, open_date, status, imported, active)
     VALUES ($1, 4, $2, 'A v B', now(), 'inplay', true, true)`,
    [`e-${id}`, `c-${id}`],
  );
  await t.db.query(
    `INSERT INTO markets (id, event_id, name, market_type, sort_order, feed_status, active, min_stake_minor, max_stake_minor, max_profit_minor, bet_delay_sec)
     VALUES ($1, $2, 'Match Odds', 'match_odds', 1, 'open', true, 100, 100000, 100000, 0)`,
    [`1.${id}`, `e-${id}`],
  );
  return `1.${id}`;
}

describe('a lock belongs to who set it (issue 15.1)', () => {
  it('a DL cannot lift its MDL’s account lock on a player: 403, nothing changes, the player stays out', async () => {
    const { mdl, dl, player } = await chain();
    const mdlToken = (await t.login(mdl)).token;
    const dlToken = (await t.login(dl)).token;
    const locked = await lock(mdlToken, 'users-lock', player.username, true);
    expect(locked).toMatchObject({ status: 200, data: { status: 'locked', lockedBy: mdl.username } });
    // The DL sees who set it in its own list.
    const list = await t.request({ method: 'GET', url: '/api/list-clients', token: dlToken });
    expect(body<Envelope<{ rows: ClientRow[] }>>(list).data.rows).toEqual([expect.objectContaining({ username: player.username, status: 'locked', lockedBy: mdl.username })]);

    const before = await lockState(player);
    const lifted = await lock(dlToken, 'users-lock', player.username, false);
    expect(lifted).toEqual({ status: 403, data: { code: 'FORBIDDEN' }, message: MESSAGES.lockSetAbove });
    expect(await lockState(player)).toEqual(before);
    expect(await tryLogin(player)).toMatchObject({ status: 403, message: MESSAGES.accountLocked });
    // Locking it again does not make the DL its owner either.
    expect(await lock(dlToken, 'users-lock', player.username, true)).toMatchObject({ status: 200, data: { lockedBy: mdl.username } });
    expect((await lock(dlToken, 'users-lock', player.username, false)).status).toBe(403);
    // The setter lifts its own lock.
    expect(await lock(mdlToken, 'users-lock', player.username, false)).toMatchObject({ status: 200, data: { status: 'active', lockedBy: null } });
    expect((await tryLogin(player)).status).toBe(200);
  });

  it('a DL cannot lift its MDL’s bet lock or market bet lock on a player; the player still cannot bet', async () => {
    const { mdl, dl, player } = await chain();
    const marketId = await aMarket();
    const mdlToken = (await t.login(mdl)).token;
    const dlToken = (await t.login(dl)).token;
    expect(await lock(mdlToken, 'bet-lock', player.username, true)).toMatchObject({ status: 200, data: { betLock: true, betLockedBy: mdl.username } });
    expect((await lock(mdlToken, 'bet-lock', player.username, true, { marketId })).status).toBe(200);

    const before = await lockState(player);
    expect(await lock(dlToken, 'bet-lock', player.username, false)).toEqual({ status: 403, data: { code: 'FORBIDDEN' }, message: MESSAGES.lockSetAbove });
    expect(await lock(dlToken, 'bet-lock', player.username, false, { marketId })).toEqual({
      status: 403,
      data: { code: 'FORBIDDEN' },
      message: MESSAGES.lockSetAbove,
    });
    expect(await lockState(player)).toEqual(before);
    expect(await t.services.users.isBetLocked(player.id)).toBe(true);
    const { rows } = await t.db.query('SELECT locked_by AS "lockedBy" FROM market_bet_locks WHERE user_id = $1', [player.id]);
    expect(rows).toEqual([{ lockedBy: mdl.id }]);

    expect((await lock(mdlToken, 'bet-lock', player.username, false)).status).toBe(200);
    expect((await lock(mdlToken, 'bet-lock', player.username, false, { marketId })).status).toBe(200);
    expect(await lockState(player)).toMatchObject({ betLock: false, betLockedBy: null, marketLocks: 0 });
  });

  it('an MDL lifts its DL’s locks; re-locking takes a lower agent’s lock over', async () => {
    const { mdl, dl, player } = await chain();
    const marketId = await aMarket();
    const mdlToken = (await t.login(mdl)).token;
    const dlToken = (await t.login(dl)).token;
    for (const extra of [{}, { marketId }]) {
      expect((await lock(dlToken, 'users-lock', player.username, true)).status).toBe(200);
      expect((await lock(dlToken, 'bet-lock', player.username, true, extra)).status).toBe(200);
    }
    expect(await lockState(player)).toMatchObject({ status: 'locked', lockedBy: dl.id, betLock: true, betLockedBy: dl.id, marketLocks: 1 });
    expect(await lock(mdlToken, 'users-lock', player.username, false)).toMatchObject({ status: 200, data: { status: 'active', lockedBy: null } });
    expect(await lock(mdlToken, 'bet-lock', player.username, false)).toMatchObject({ status: 200, data: { betLock: false } });
    expect((await lock(mdlToken, 'bet-lock', player.username, false, { marketId })).status).toBe(200);
    expect(await lockState(player)).toMatchObject({ status: 'active', lockedBy: null, betLock: false, betLockedBy: null, marketLocks: 0 });

    // The DL locks, the MDL locks again: the lock is now the MDL's, out of the DL's reach.
    expect((await lock(dlToken, 'users-lock', player.username, true)).status).toBe(200);
    expect(await lock(mdlToken, 'users-lock', player.username, true)).toMatchObject({ status: 200, data: { lockedBy: mdl.username } });
    expect((await lock(dlToken, 'users-lock', player.username, false)).status).toBe(403);
    expect((await lock(dlToken, 'bet-lock', player.username, true, { marketId })).status).toBe(200);
    expect((await lock(mdlToken, 'bet-lock', player.username, true, { marketId })).status).toBe(200);
    expect((await lock(dlToken, 'bet-lock', player.username, false, { marketId })).status).toBe(403);
    expect((await lock(mdlToken, 'users-lock', player.username, false)).status).toBe(200);
  });

  it('a lock with no recorded setter (written outside the API) is lifted only by the top of the chain', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const sadmin = await t.createUser({ role: 'sadmin', parentId: admin.id });
    const smdl = await t.createUser({ role: 'smdl', parentId: sadmin.id });
    await t.db.query("UPDATE users SET status = 'locked' WHERE id = $1", [smdl.id]);
    expect((await lock((await t.login(sadmin)).token, 'users-lock', smdl.username, false)).status).toBe(403);
    expect((await lock((await t.login(admin)).token, 'users-lock', smdl.username, false)).status).toBe(200);
  });
});

describe('locks are confirmed with the transaction password (issue 15.16)', () => {
  it('a missing or wrong transaction password locks nothing and ends no session', async () => {
    const { dl, player } = await chain();
    const dlToken = (await t.login(dl)).token;
    const session = await t.login(player);
    const before = await lockState(player);
    for (const route of ['users-lock', 'bet-lock'] as const) {
      const missing = await t.request({ method: 'POST', url: `/api/${route}`, token: dlToken, payload: { username: player.username, lock: true } });
      expect(missing.statusCode).toBe(400);
      expect(await lock(dlToken, route, player.username, true, { transactionPassword: '000000' })).toEqual({
        status: 403,
        data: { code: 'TRANSACTION_PASSWORD_WRONG' },
        message: MESSAGES.transactionPasswordWrong,
      });
    }
    expect(await lock(dlToken, 'bet-lock', player.username, true, { marketId: await aMarket(), transactionPassword: '000000' })).toMatchObject({ status: 403 });
    expect(await lockState(player)).toEqual(before);
    expect((await userInfo(session.token)).status).toBe(200);
  });

  it('a password reset also tells the signed-out user why (socket and 401)', async () => {
    const { dl, player } = await chain();
    const dlToken = (await t.login(dl)).token;
    const session = await t.login(player);
    const socket = await connect(session.token);
    const logout = new Promise<unknown[]>((resolve) => socket.once('logout', (...args: unknown[]) => resolve(args)));
    const reset = await t.request({
      method: 'POST',
      url: '/api/change-child-password',
      token: dlToken,
      payload: { username: player.username, newPassword: 'Other#Pass2', transactionPassword: TEST_TXN_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    expect(await logout).toEqual(['', 'password_reset']);
    expect(await userInfo(session.token)).toMatchObject({ status: 401, data: { code: 'SESSION_ENDED', reason: 'password_reset' } });
  });
});
