/**
 * The server-side idle timeout (ADR 0018): with the injected clock, an agent's session ends after
 * 30 minutes without a request (401 SESSION_ENDED, the session row ends 'idle', the refresh is
 * refused too) and not at 29; a player's after 20 hours. A request restarts the timer, and the
 * sessions row is written at most once a minute per session (an asynchronous commit of its own).
 */
import { SECURITY_MESSAGES } from '@backlay/shared/contracts';
import { LAST_SEEN_FLUSH_MS } from '../src/auth/idle-sessions';
import { body, buildTestApp, FakeClock, type TestContext } from './helper';

const clock = new FakeClock(Date.UTC(2026, 0, 1, 12, 0, 0));
let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const userInfo = (token: string) => t.request({ method: 'GET', url: '/api/user-info', token });

async function endedReason(sessionId: string): Promise<string | null> {
  const { rows } = await t.db.query<{ ended_reason: string | null }>('SELECT ended_reason FROM sessions WHERE id = $1', [sessionId]);
  return rows[0]?.ended_reason ?? null;
}

describe('idle timeout', () => {
  it('the configured timeouts are 30 minutes for agents and 20 hours for players', () => {
    expect(t.config.auth.idleTimeoutMs).toEqual({ admin: 30 * MINUTE, player: 72_000_000 });
  });

  it('an agent: still signed in after 29 minutes idle, ended after 30 minutes and 1 second', async () => {
    const agent = await t.createUser({ role: 'dl' });
    const { token, refreshToken, sessionId } = await t.login(agent);
    clock.advance(29 * MINUTE);
    expect((await userInfo(token)).statusCode).toBe(200);
    // That request restarted the timer.
    clock.advance(29 * MINUTE);
    expect((await userInfo(token)).statusCode).toBe(200);
    clock.advance(30 * MINUTE + 1_000);
    const expired = await userInfo(token);
    expect(expired.statusCode).toBe(401);
    expect(body(expired)).toEqual({ data: { code: 'SESSION_ENDED', reason: 'idle' }, message: SECURITY_MESSAGES.sessionEndedIdle });
    expect(await endedReason(sessionId)).toBe('idle');
    const refresh = await t.request({ method: 'POST', url: '/api/refresh-token', payload: { token: refreshToken } });
    expect(refresh.statusCode).toBe(401);
  });

  it('exactly 30 minutes is not yet idle', async () => {
    const agent = await t.createUser({ role: 'mdl' });
    const { token } = await t.login(agent);
    clock.advance(30 * MINUTE);
    expect((await userInfo(token)).statusCode).toBe(200);
  });

  it('a player: fine after 19 h 59 min, ended after 20 h and 1 s', async () => {
    const player = await t.createUser({ role: 'user' });
    const { token, sessionId } = await t.login(player);
    clock.advance(20 * 60 * MINUTE - MINUTE);
    expect((await userInfo(token)).statusCode).toBe(200);
    clock.advance(20 * 60 * MINUTE + 1_000);
    expect((await userInfo(token)).statusCode).toBe(401);
    expect(await endedReason(sessionId)).toBe('idle');
  });

  it('a refresh is checked but does not count as activity', async () => {
    const agent = await t.createUser({ role: 'smdl' });
    const { refreshToken, sessionId } = await t.login(agent);
    clock.advance(20 * MINUTE);
    const first = await t.request({ method: 'POST', url: '/api/refresh-token', payload: { token: refreshToken } });
    expect(first.statusCode).toBe(200);
    const { token } = body<{ data: { token: string } }>(first).data;
    clock.advance(10 * MINUTE + 1_000);
    expect((await userInfo(token)).statusCode).toBe(401);
    expect(await endedReason(sessionId)).toBe('idle');
  });

  it('writes last_seen_at at most once a minute per session, and starts from it after a restart', async () => {
    const agent = await t.createUser({ role: 'dl' });
    const { token, sessionId } = await t.login(agent);
    const lastSeen = async () =>
      (await t.db.query<{ at: Date | null }>('SELECT last_seen_at AS at FROM sessions WHERE id = $1', [sessionId])).rows[0]?.at ?? null;
    expect(await lastSeen()).toBeNull();
    for (let i = 0; i < 5; i += 1) {
      clock.advance(5_000);
      expect((await userInfo(token)).statusCode).toBe(200);
    }
    // Five requests in 25 s: no write yet (the login itself is the start).
    expect(await lastSeen()).toBeNull();
    clock.advance(LAST_SEEN_FLUSH_MS);
    await userInfo(token);
    expect((await lastSeen())?.getTime()).toBe(clock.nowMs());
    // The write commits without waiting for the WAL flush, in its own statement only: every pooled
    // connection (queried at once, so each one answers) still commits synchronously.
    const settings = await Promise.all(Array.from({ length: 16 }, () => t.db.query<{ synchronous_commit: string }>('SHOW synchronous_commit')));
    expect(new Set(settings.map((r) => r.rows[0]?.synchronous_commit))).toEqual(new Set(['on']));
    const written = clock.nowMs();
    clock.advance(10_000);
    await userInfo(token);
    expect((await lastSeen())?.getTime()).toBe(written);

    // Another instance (or this one restarted) knows only the column: idle 30 min after it.
    await t.services.idleSessions.forget(sessionId);
    clock.advance(30 * MINUTE - 10_000 + 1_000);
    expect((await userInfo(token)).statusCode).toBe(401);
    expect(await endedReason(sessionId)).toBe('idle');
  });
});
