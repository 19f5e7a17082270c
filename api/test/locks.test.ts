/**
 * users-lock and bet-lock (QUALITY T9 "changes apply immediately"): a lock on an agent covers
 * its whole downline at the next request — no sign-in, live sessions and sockets end at once —
 * a bet lock leaves sign-in alone and shows in the client row; unlocking restores access.
 */
import { MESSAGES, type ClientRow, type LoginResponse } from '@backlay/shared/contracts';
import { io, type Socket } from 'socket.io-client';
import { body, buildTestApp, TEST_ORIGIN, type TestContext, type TestUser } from './helper';

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

async function lock(token: string, route: 'users-lock' | 'bet-lock', username: string, locked: boolean) {
  const response = await t.request({ method: 'POST', url: `/api/${route}`, token, payload: { username, lock: locked } });
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
    const playerLogout = nextEvent<string>(playerSocket, 'logout');
    const playerClosed = nextEvent<string>(playerSocket, 'disconnect');
    const dlClosed = nextEvent<string>(dlSocket, 'disconnect');

    const started = Date.now();
    const locked = await lock(smdlToken, 'users-lock', mdl.username, true);
    expect(locked).toMatchObject({ status: 200, message: MESSAGES.accountLockedNow, data: { username: mdl.username, status: 'locked' } });

    // Sockets: logout('') — no session stays live — then the server closes them, within 2 s.
    expect(await playerLogout).toBe('');
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
    // Old sessions stay ended (and say why); signing in again works.
    expect(await userInfo(dlSession.token)).toMatchObject({ status: 401, message: MESSAGES.sessionEndedLocked });
    for (const user of [mdl, dl, player]) expect((await tryLogin(user)).status).toBe(200);

    const { rows: audit } = await t.db.query('SELECT action, before, after FROM audit_log WHERE target = $1 ORDER BY id', [`user:${mdl.id}`]);
    expect(audit).toEqual([
      { action: 'users.lock', before: { status: 'active' }, after: { status: 'locked', endedSessions: 2 } },
      { action: 'users.unlock', before: { status: 'locked' }, after: { status: 'active', endedSessions: 0 } },
    ]);
  });

  it('the per-request check sees an ancestor lock even without ending sessions (one query)', async () => {
    const { mdl, player } = await chain();
    const session = await t.login(player);
    // A lock written by another instance or by hand: sessions are still live.
    await t.db.query("UPDATE users SET status = 'locked' WHERE id = $1", [mdl.id]);
    const spy = jest.spyOn(t.db, 'query');
    try {
      await expect(t.services.authenticator.authenticateToken(session.token)).rejects.toMatchObject({ code: 'ACCOUNT_LOCKED' });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    expect(await t.services.users.isLocked(player.id)).toBe(true);
    await t.db.query("UPDATE users SET status = 'active' WHERE id = $1", [mdl.id]);
    expect((await userInfo(session.token)).status).toBe(200);
    expect(await t.services.users.isLocked(player.id)).toBe(false);
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
    expect(locked).toMatchObject({ status: 200, message: MESSAGES.betLocked, data: { username: dl.username, betLock: true, status: 'active' } });
    expect(await t.services.users.isBetLocked(dl.id)).toBe(true);
    expect(await t.services.users.isBetLocked(player.id)).toBe(true);
    expect(await t.services.users.isBetLocked(mdl.id)).toBe(false);
    expect(await t.services.users.isBetLocked(cousin.id)).toBe(false);
    expect((await userInfo(playerSession.token)).status).toBe(200);
    expect((await tryLogin(player)).status).toBe(200);
    const detail = await t.request({ method: 'GET', url: `/api/user-detail?username=${dl.username}`, token });
    expect(body<Envelope<ClientRow>>(detail).data.betLock).toBe(true);

    const unlocked = await lock(token, 'bet-lock', dl.username, false);
    expect(unlocked).toMatchObject({ status: 200, message: MESSAGES.betUnlocked, data: { betLock: false } });
    expect(await t.services.users.isBetLocked(player.id)).toBe(false);
    const { rows } = await t.db.query('SELECT action, before, after FROM audit_log WHERE target = $1 ORDER BY id', [`user:${dl.id}`]);
    expect(rows).toEqual([
      { action: 'users.bet_lock', before: { betLock: false }, after: { betLock: true } },
      { action: 'users.bet_unlock', before: { betLock: true }, after: { betLock: false } },
    ]);
  });
});
