/**
 * POST /api/placebet checks the caller's session inside its one database call
 * (`sessionCheckedByHandler`: the auth hook verifies only the JWT, audience, role claim and
 * maintenance). Every answer must stay exactly the auth hook's: each case below is compared with
 * GET /api/bets, a route of the same area and roles that takes the hook's usual session query.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { MESSAGES } from '@backlay/shared/contracts';
import type { LightMyRequestResponse } from 'fastify';
import {
  body,
  buildTestApp,
  createTestFancy,
  createTestMarket,
  idempotent,
  TEST_JWT_SECRET,
  TEST_PASSWORD,
  TEST_TXN_PASSWORD,
  walletOf,
  type TestContext,
  type TestMarket,
  type TestUser,
} from './helper';

let t: TestContext;
let m: TestMarket;

beforeAll(async () => {
  t = await buildTestApp();
  m = await createTestMarket(t, { A: [200, 202], B: [200, 202] });
});
afterAll(async () => {
  await t.close();
});

async function player(options: { mustChangePassword?: boolean; txnPassword?: string | null } = {}) {
  const user = await t.createUser({ role: 'user', ...options });
  await t.fund(user.id, 1_000n);
  const session = await t.login(user);
  return { user, token: session.token, sessionId: session.sessionId };
}

const betBody = (overrides: Record<string, unknown> = {}) => ({ matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100, ...overrides });

function place(token: string | undefined, payload: Record<string, unknown> = betBody()) {
  return t.request({ method: 'POST', url: '/api/placebet', ...(token === undefined ? {} : { token }), headers: idempotent(randomUUID()), payload });
}

/** The same caller on a route of the same access that runs the auth hook's session query. */
const reference = (token: string | undefined) =>
  t.request({ method: 'GET', url: `/api/bets?matchId=${m.matchId}`, ...(token === undefined ? {} : { token }) });

/** placebet answers exactly what the auth hook answers, and that is `expected`. */
async function expectHookAnswer(token: string | undefined, expected: { status: number; body: unknown }, payload?: Record<string, unknown>) {
  const ref = await reference(token);
  expect({ status: ref.statusCode, body: body(ref) }).toEqual(expected);
  const res: LightMyRequestResponse = await place(token, payload);
  expect({ status: res.statusCode, body: body(res) }).toEqual(expected);
}

const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A correctly signed access token with any claims. */
function forge(claims: Record<string, unknown>): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', TEST_JWT_SECRET).update(input).digest('base64url')}`;
}

function claimsOf(user: TestUser, sessionId: string, overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return { sub: user.id, sid: sessionId, role: 'user', aud: 'player', site: 'backlay', typ: 'access', iat: now, exp: now + 600, ...overrides };
}

async function betCount(userId: string): Promise<number> {
  return (await t.db.query('SELECT 1 FROM bets WHERE user_id = $1', [userId])).rows.length;
}

/** Logs in the player's parent (dl) for agent routes. */
async function parentToken(user: TestUser): Promise<string> {
  const { rows } = await t.db.query<{ id: string; username: string }>('SELECT id, username FROM users WHERE id = $1', [user.parentId]);
  const parent = rows[0];
  if (parent === undefined) throw new Error('no parent');
  await t.db.query('UPDATE users SET must_change_password = false WHERE id = $1', [parent.id]);
  return (await t.login({ id: parent.id, username: parent.username, role: 'dl', parentId: null, password: TEST_PASSWORD })).token;
}

describe('POST /api/placebet: the session checked inside the placement call', () => {
  it('a live session places the bet (runner and fancy)', async () => {
    const { user, token } = await player();
    expect((await place(token)).statusCode).toBe(200);
    const f = await createTestFancy(t, m.matchId, { noRun: 45, noRate: 100, yesRun: 46, yesRate: 100 });
    const fancy = await place(token, { matchId: m.matchId, fancyId: f.fancyId, side: 'YES', run: 46, rate: 100, stake: 100 });
    expect(fancy.statusCode).toBe(200);
    expect(await betCount(user.id)).toBe(2);
  });

  it('a session ended by a second sign-in (SESSION_ENDED) or a logout (SESSION_SIGNED_OUT) answers 401 and writes nothing', async () => {
    const { user, token } = await player();
    await t.login(user);
    await expectHookAnswer(token, { status: 401, body: { data: { code: 'SESSION_ENDED' }, message: MESSAGES.sessionEnded } });
    const fancy = await createTestFancy(t, m.matchId, { noRun: 45, noRate: 100, yesRun: 46, yesRate: 100 });
    const fancyBet = await place(token, { matchId: m.matchId, fancyId: fancy.fancyId, side: 'YES', run: 46, rate: 100, stake: 100 });
    expect(fancyBet.statusCode).toBe(401);
    expect(body(fancyBet)).toEqual({ data: { code: 'SESSION_ENDED' }, message: MESSAGES.sessionEnded });

    const second = await player();
    expect((await t.request({ method: 'POST', url: '/api/logout', token: second.token })).statusCode).toBe(200);
    await expectHookAnswer(second.token, { status: 401, body: { data: { code: 'SESSION_SIGNED_OUT' }, message: MESSAGES.sessionSignedOut } });
    expect(await betCount(user.id)).toBe(0);
    expect(await betCount(second.user.id)).toBe(0);
  });

  it('a locked account answers 403 ACCOUNT_LOCKED; after the unlock the old session stays ended (why: the lock)', async () => {
    const { user, token } = await player();
    const agent = await parentToken(user);
    const lock = (locked: boolean) => t.request({ method: 'POST', url: '/api/users-lock', token: agent, payload: { username: user.username, lock: locked, transactionPassword: TEST_TXN_PASSWORD } });
    expect((await lock(true)).statusCode).toBe(200);
    await expectHookAnswer(token, { status: 403, body: { data: { code: 'ACCOUNT_LOCKED' }, message: MESSAGES.accountLocked } });
    expect((await lock(false)).statusCode).toBe(200);
    await expectHookAnswer(token, { status: 401, body: { data: { code: 'SESSION_ENDED', reason: 'locked' }, message: MESSAGES.sessionEndedLocked } });
    expect(await betCount(user.id)).toBe(0);
    expect(await walletOf(t, user.id)).toEqual({ balance: 100_000n, exposure: 0n });
  });

  it('an ancestor not active answers 403 ACCOUNT_LOCKED even while the session is live', async () => {
    const { user, token } = await player();
    await t.db.query(`UPDATE users SET status = 'locked' WHERE id = (SELECT parent_id FROM users WHERE id = $1)`, [user.parentId]);
    try {
      await expectHookAnswer(token, { status: 403, body: { data: { code: 'ACCOUNT_LOCKED' }, message: MESSAGES.accountLocked } });
    } finally {
      await t.db.query(`UPDATE users SET status = 'active' WHERE id = (SELECT parent_id FROM users WHERE id = $1)`, [user.parentId]);
    }
    expect(await betCount(user.id)).toBe(0);
  });

  it('the first-login gate answers 403 CHANGE_PASSWORD_REQUIRED (password to change, or no transaction password)', async () => {
    const expected = { status: 403, body: { data: { code: 'CHANGE_PASSWORD_REQUIRED' }, message: MESSAGES.changePasswordFirst } };
    const fresh = await player({ mustChangePassword: true });
    await expectHookAnswer(fresh.token, expected);
    const noTxn = await player({ txnPassword: null });
    await expectHookAnswer(noTxn.token, expected);
    expect(await betCount(fresh.user.id)).toBe(0);
    expect(await betCount(noTxn.user.id)).toBe(0);
  });

  it('a token of the admin area answers 401 jwt malformed; no or an expired token 401 as everywhere', async () => {
    const dl = await t.createUser({ role: 'dl' });
    await t.db.query('UPDATE users SET must_change_password = false WHERE id = $1', [dl.id]);
    const agent = await t.login(dl);
    await expectHookAnswer(agent.token, { status: 401, body: { data: { code: 'TOKEN_INVALID', details: { reason: 'audience' } }, message: MESSAGES.jwtMalformed } });
    await expectHookAnswer(undefined, { status: 401, body: { data: { code: 'NO_AUTH_TOKEN' }, message: MESSAGES.noAuthToken } });
    const { user, sessionId } = await player();
    const past = Math.floor(Date.now() / 1000) - 3_600;
    await expectHookAnswer(forge(claimsOf(user, sessionId, { iat: past, exp: past + 600 })), {
      status: 401,
      body: { data: { code: 'TOKEN_EXPIRED' }, message: MESSAGES.jwtExpired },
    });
  });

  it("a signed token naming an unknown session or another user's session answers 401 jwt malformed", async () => {
    const { user, sessionId } = await player();
    const other = await player();
    const malformed = { status: 401, body: { data: { code: 'TOKEN_INVALID' }, message: MESSAGES.jwtMalformed } };
    await expectHookAnswer(forge(claimsOf(user, randomUUID())), malformed);
    await expectHookAnswer(forge(claimsOf(user, other.sessionId)), malformed);
    // The token itself is fine with its own session.
    expect((await place(forge(claimsOf(user, sessionId)))).statusCode).toBe(200);
    expect(await betCount(other.user.id)).toBe(0);
  });

  it('maintenance answers 503 before anything else, as the hook does for every player request', async () => {
    const { user, token } = await player();
    await t.db.query("UPDATE settings SET value = 'true' WHERE key = 'maintenance'");
    t.services.settings.invalidate();
    try {
      await expectHookAnswer(token, { status: 503, body: { data: { code: 'MAINTENANCE', maintenance: true }, message: MESSAGES.maintenance } });
    } finally {
      await t.db.query("UPDATE settings SET value = 'false' WHERE key = 'maintenance'");
      t.services.settings.invalidate();
    }
    expect(await betCount(user.id)).toBe(0);
  });

  it('a refused body still answers the dead session first (401), and 400 with a live one', async () => {
    const { user, token } = await player();
    const noStake = { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 2 };
    const badOdds = betBody({ odds: 2.005 });
    expect((await place(token, noStake)).statusCode).toBe(400);
    const formError = await place(token, badOdds);
    expect(formError.statusCode).toBe(400);
    expect(body(formError)).toMatchObject({ data: { code: 'VALIDATION' } });
    const noKey = await t.request({ method: 'POST', url: '/api/placebet', token, payload: betBody() });
    expect(noKey.statusCode).toBe(400);

    await t.login(user);
    const ended = { status: 401, body: { data: { code: 'SESSION_ENDED' }, message: MESSAGES.sessionEnded } };
    await expectHookAnswer(token, ended, noStake);
    await expectHookAnswer(token, ended, badOdds);
    const noKeyEnded = await t.request({ method: 'POST', url: '/api/placebet', token, payload: betBody() });
    expect({ status: noKeyEnded.statusCode, body: body(noKeyEnded) }).toEqual(ended);
    expect(await betCount(user.id)).toBe(0);
  });
});
