import { MESSAGES, type RefreshResponse, type UserInfo } from '@backlay/shared/contracts';
import { hashRefreshToken } from '../src/auth/refresh-token';
import { backOrLay } from './bet-reports-helper';
import * as authRepo from '../src/auth/auth.repository';
import { body, buildTestApp, createTestMarket, type TestContext } from './helper';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const refresh = (token: string) => t.request({ method: 'POST', url: '/api/refresh-token', payload: { token } });
const userInfo = (token: string) => t.request({ method: 'GET', url: '/api/user-info', token });

async function liveSessions(userId: string): Promise<string[]> {
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1 AND ended_at IS NULL', [userId]);
  return rows.map((row) => row.id);
}

describe('GET /api/user-info', () => {
  it('returns the user with balance and exposure in rupees', async () => {
    const user = await t.createUser({ role: 'user' });
    await t.fund(user.id, 123n);
    const session = await t.login(user);
    // A real bet makes the exposure: back 45.05 at 2.00 on a two-runner market risks 45.05.
    const market = await createTestMarket(t, { a: [200, 202], b: [300, 305] });
    await backOrLay(t, { user, token: session.token }, market, market.marketId, { selectionId: 'a', side: 'BACK', odds: 2, stake: 45.05 });
    const response = await userInfo(session.token);
    expect(response.statusCode).toBe(200);
    expect(body<{ data: UserInfo }>(response)).toEqual({
      data: {
        _id: user.id,
        username: user.username,
        role: 'user',
        roleLabel: 'USER',
        sessionId: session.sessionId,
        balance: 123,
        exposer: 45.05,
        changePassAndTxn: false,
        mustChangePassword: false,
        hasTransactionPassword: true,
        lastLoginAt: null,
      },
      message: MESSAGES.ok,
    });
  });

  it('works for the admin area with the same path', async () => {
    const agent = await t.createUser({ role: 'sadmin' });
    const session = await t.login(agent);
    const response = await userInfo(session.token);
    expect(response.statusCode).toBe(200);
    expect(body<{ data: UserInfo }>(response).data).toMatchObject({ role: 'sadmin', roleLabel: 'Admin', balance: 0 });
  });

  it('needs a token', async () => {
    const response = await t.request({ method: 'GET', url: '/api/user-info' });
    expect(response.statusCode).toBe(401);
    expect(body(response)).toEqual({ data: { code: 'NO_AUTH_TOKEN' }, message: 'No auth token' });
  });
});

describe('POST /api/refresh-token', () => {
  it('rotates: a new pair, the old refresh token becomes used, the raw token is never stored', async () => {
    const user = await t.createUser({ role: 'user' });
    const session = await t.login(user);
    const response = await refresh(session.refreshToken);
    expect(response.statusCode).toBe(200);
    const pair = body<{ data: RefreshResponse }>(response).data;
    expect(pair.refreshToken).not.toBe(session.refreshToken);
    expect(pair.refreshToken).toMatch(/^[\w-]{43}$/);
    expect((await userInfo(pair.token)).statusCode).toBe(200);

    const { rows } = await t.db.query<{ token_hash: string; used_at: Date | null; parent_id: string | null }>(
      'SELECT token_hash, used_at, parent_id FROM refresh_tokens WHERE session_id = $1 ORDER BY created_at, used_at NULLS LAST',
      [session.sessionId],
    );
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.token_hash).sort()).toEqual(
      [hashRefreshToken(session.refreshToken), hashRefreshToken(pair.refreshToken)].sort(),
    );
    const old = rows.find((row) => row.token_hash === hashRefreshToken(session.refreshToken));
    expect(old?.used_at).not.toBeNull();
    const all = await t.db.query<{ dump: string }>('SELECT row_to_json(r)::text AS dump FROM refresh_tokens r');
    for (const row of all.rows) {
      expect(row.dump).not.toContain(session.refreshToken);
      expect(row.dump).not.toContain(pair.refreshToken);
    }
  });

  it('reuse after the grace window revokes the family and ends the session', async () => {
    const user = await t.createUser({ role: 'user' });
    const session = await t.login(user);
    const pair = body<{ data: RefreshResponse }>(await refresh(session.refreshToken)).data;
    // Age the first rotation past the 2 s grace window.
    await t.db.query(
      "UPDATE refresh_tokens SET used_at = used_at - interval '3 seconds' WHERE token_hash = $1",
      [hashRefreshToken(session.refreshToken)],
    );
    const reuse = await refresh(session.refreshToken);
    expect(reuse.statusCode).toBe(401);
    const revoked = { data: { code: 'SESSION_REVOKED' }, message: MESSAGES.sessionRevoked };
    expect(body(reuse)).toEqual(revoked);
    // The newest token of the family is dead too, and so are the session's access tokens; both say why.
    const newest = await refresh(pair.refreshToken);
    expect(newest.statusCode).toBe(401);
    expect(body(newest)).toEqual(revoked);
    const info = await userInfo(pair.token);
    expect(info.statusCode).toBe(401);
    expect(body(info)).toEqual(revoked);
    const { rows } = await t.db.query<{ ended_reason: string }>('SELECT ended_reason FROM sessions WHERE id = $1', [
      session.sessionId,
    ]);
    expect(rows[0]?.ended_reason).toBe('refresh_reuse');
  });

  it('10 concurrent refreshes with one token make one rotation and all get the same pair', async () => {
    const user = await t.createUser({ role: 'user' });
    const session = await t.login(user);
    const responses = await Promise.all(Array.from({ length: 10 }, () => refresh(session.refreshToken)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const pairs = responses.map((r) => body<{ data: RefreshResponse }>(r).data);
    expect(new Set(pairs.map((p) => p.refreshToken)).size).toBe(1);
    expect(new Set(pairs.map((p) => p.token)).size).toBe(1);
    const { rows } = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM refresh_tokens WHERE session_id = $1', [
      session.sessionId,
    ]);
    expect(Number(rows[0]?.n)).toBe(2);
    expect(await liveSessions(user.id)).toEqual([session.sessionId]);
    // The family was not revoked: the shared new token keeps working.
    expect((await refresh(pairs[0]?.refreshToken ?? '')).statusCode).toBe(200);
  });

  it('refuses an unknown token, a malformed one and a missing one', async () => {
    expect((await refresh('A'.repeat(43))).statusCode).toBe(401);
    expect((await refresh('not a token')).statusCode).toBe(401);
    const missing = await t.request({ method: 'POST', url: '/api/refresh-token', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe(MESSAGES.tokenNotExist);
  });

  it('refuses a token past the session lifetime', async () => {
    const user = await t.createUser({ role: 'user' });
    const session = await t.login(user);
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [session.sessionId]);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('sessions last 30 days for players and 12 hours for the admin area', async () => {
    const player = await t.login(await t.createUser({ role: 'user' }));
    const agent = await t.login(await t.createUser({ role: 'dl' }));
    const { rows } = await t.db.query<{ id: string; seconds: string }>(
      'SELECT id, extract(epoch FROM expires_at - created_at)::int::text AS seconds FROM sessions WHERE id = ANY($1::uuid[])',
      [[player.sessionId, agent.sessionId]],
    );
    const lifetime = new Map(rows.map((row) => [row.id, Number(row.seconds)]));
    expect(lifetime.get(player.sessionId)).toBe(30 * 24 * 3600);
    expect(lifetime.get(agent.sessionId)).toBe(12 * 3600);
  });
});

describe('single session per user', () => {
  it('a second login ends the first: its access and refresh tokens stop working', async () => {
    const user = await t.createUser({ role: 'user' });
    const first = await t.login(user);
    const second = await t.login(user);
    const old = await userInfo(first.token);
    expect(old.statusCode).toBe(401);
    expect(body(old)).toEqual({ data: { code: 'SESSION_ENDED' }, message: MESSAGES.sessionEnded });
    const oldRefresh = await refresh(first.refreshToken);
    expect(oldRefresh.statusCode).toBe(401);
    expect(body(oldRefresh)).toEqual({ data: { code: 'SESSION_ENDED' }, message: MESSAGES.sessionEnded });
    expect((await userInfo(second.token)).statusCode).toBe(200);
    const { rows } = await t.db.query<{ ended_reason: string }>('SELECT ended_reason FROM sessions WHERE id = $1', [
      first.sessionId,
    ]);
    expect(rows[0]?.ended_reason).toBe('replaced');
  });

  // Twice the player's login throttle (10 per username and IP): attempts beyond it wait for the
  // verdicts of those in flight, and a right password frees the count (ADR 0030).
  it('20 concurrent logins leave exactly one live session', async () => {
    const user = await t.createUser({ role: 'user' });
    const logins = await Promise.all(Array.from({ length: 20 }, () => t.login(user)));
    const live = await liveSessions(user.id);
    expect(live).toHaveLength(1);
    expect(logins.map((l) => l.sessionId)).toContain(live[0]);
    const statuses = await Promise.all(logins.map(async (l) => (await userInfo(l.token)).statusCode));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  });
});

describe('POST /api/logout', () => {
  it('ends the current session and revokes its refresh tokens', async () => {
    const user = await t.createUser({ role: 'user' });
    const session = await t.login(user);
    const response = await t.request({ method: 'POST', url: '/api/logout', token: session.token });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ data: null, message: MESSAGES.loggedOut });
    // Both 401s say why: the user signed out (not "you signed in somewhere else").
    const signedOut = { data: { code: 'SESSION_SIGNED_OUT' }, message: MESSAGES.sessionSignedOut };
    const info = await userInfo(session.token);
    expect(info.statusCode).toBe(401);
    expect(body(info)).toEqual(signedOut);
    const again = await refresh(session.refreshToken);
    expect(again.statusCode).toBe(401);
    expect(body(again)).toEqual(signedOut);
    expect(await liveSessions(user.id)).toEqual([]);
  });
});

describe('why a session ended', () => {
  it('a session ended by a password change answers SESSION_PASSWORD_CHANGED, on access and refresh', async () => {
    // change-password ends the user's other live sessions with endLiveSessions(…, 'password_changed',
    // current). The one-session rule leaves no other live session today, so this test ends the
    // only one through the same repository calls and checks what its holder is told.
    const user = await t.createUser({ role: 'dl' });
    const session = await t.login(user);
    await t.db.transaction(async (tx) => {
      const ended = await authRepo.endLiveSessions(tx, user.id, 'password_changed', null);
      expect(ended).toEqual([session.sessionId]);
      await authRepo.revokeRefreshTokensOfSessions(tx, ended);
    });
    const passwordChanged = { data: { code: 'SESSION_PASSWORD_CHANGED' }, message: MESSAGES.sessionPasswordChanged };
    const info = await userInfo(session.token);
    expect(info.statusCode).toBe(401);
    expect(body(info)).toEqual(passwordChanged);
    const renewed = await refresh(session.refreshToken);
    expect(renewed.statusCode).toBe(401);
    expect(body(renewed)).toEqual(passwordChanged);
  });

  it('the four reasons have four distinct codes and messages', () => {
    const answers = [
      [MESSAGES.sessionEnded, 'SESSION_ENDED'],
      [MESSAGES.sessionSignedOut, 'SESSION_SIGNED_OUT'],
      [MESSAGES.sessionRevoked, 'SESSION_REVOKED'],
      [MESSAGES.sessionPasswordChanged, 'SESSION_PASSWORD_CHANGED'],
    ];
    expect(new Set(answers.map(([message]) => message)).size).toBe(4);
    expect(new Set(answers.map(([, code]) => code)).size).toBe(4);
  });
});
