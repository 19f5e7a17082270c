/** docs/rules/test-plan.md T10 token checks: every one of these gets 401. */
import { MESSAGES } from '@backlay/shared/contracts';
import { createHmac, randomUUID } from 'node:crypto';
import { signedIn, requireAuth } from '../src/plugins/auth';
import { body, buildTestApp, TEST_JWT_SECRET, type TestContext, type TestUser } from './helper';

let t: TestContext;
let player: TestUser;
let agent: TestUser;
let playerToken: string;
let playerSession: string;
let agentToken: string;

beforeAll(async () => {
  t = await buildTestApp({
    beforeReady: (app) => {
      // A player-only route, to prove that the audience check works in that direction too.
      app.get('/api/test/player-only', { config: { access: signedIn({ area: 'player' }) } }, async (request) => ({
        data: { userId: requireAuth(request).userId },
        message: 'ok',
      }));
    },
  });
  player = await t.createUser({ role: 'user' });
  agent = await t.createUser({ role: 'dl' });
  const playerLogin = await t.login(player);
  playerToken = playerLogin.token;
  playerSession = playerLogin.sessionId;
  agentToken = (await t.login(agent)).token;
});
afterAll(() => t.close());

const b64 = (value: object | string): string =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Builds a JWT by hand; `secret` null leaves the signature empty. */
function forge(header: object, payload: object, secret: string | null): string {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  const signature = secret === null ? '' : createHmac('sha256', secret).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}

function claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return { sub: player.id, sid: playerSession, role: 'user', aud: 'player', site: 'backlay', typ: 'access', iat: now, exp: now + 600, ...overrides };
}

const userInfo = (token: string) => t.request({ method: 'GET', url: '/api/user-info', token });

async function expectMalformed(token: string): Promise<void> {
  const response = await userInfo(token);
  expect(response.statusCode).toBe(401);
  expect(body(response)).toEqual({ data: { code: 'TOKEN_INVALID' }, message: MESSAGES.jwtMalformed });
}

describe('access token checks', () => {
  it('accepts a correctly forged token (the forging helper is right)', async () => {
    const response = await userInfo(forge({ alg: 'HS256', typ: 'JWT' }, claims(), TEST_JWT_SECRET));
    expect(response.statusCode).toBe(200);
  });

  it('refuses alg none', async () => {
    await expectMalformed(forge({ alg: 'none', typ: 'JWT' }, claims(), null));
  });

  it('refuses a token signed with another key', async () => {
    await expectMalformed(forge({ alg: 'HS256', typ: 'JWT' }, claims(), 'another-secret-0123456789-abcdefghijklmnop'));
  });

  it('refuses another HMAC algorithm with the right key (allowlist is HS256 only)', async () => {
    const signingInput = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64(claims())}`;
    const signature = createHmac('sha512', TEST_JWT_SECRET).update(signingInput).digest('base64url');
    await expectMalformed(`${signingInput}.${signature}`);
  });

  it('refuses a tampered payload', async () => {
    const [header, , signature] = playerToken.split('.');
    const tampered = `${header}.${b64(claims({ role: 'admin', aud: 'admin' }))}.${signature}`;
    await expectMalformed(tampered);
  });

  it("refuses an expired token with exactly 'jwt expired'", async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const response = await userInfo(forge({ alg: 'HS256', typ: 'JWT' }, claims({ iat: past, exp: past + 600 }), TEST_JWT_SECRET));
    expect(response.statusCode).toBe(401);
    expect(body(response)).toEqual({ data: { code: 'TOKEN_EXPIRED' }, message: 'jwt expired' });
  });

  it('refuses a token once it expires even though it was verified (and cached) while valid', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = forge({ alg: 'HS256', typ: 'JWT' }, claims({ iat: now, exp: now + 2 }), TEST_JWT_SECRET);
    expect((await userInfo(token)).statusCode).toBe(200);
    expect((await userInfo(token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, (now + 2) * 1000 - Date.now() + 100));
    const response = await userInfo(token);
    expect(response.statusCode).toBe(401);
    expect(body(response)).toEqual({ data: { code: 'TOKEN_EXPIRED' }, message: 'jwt expired' });
  });

  it('refuses a token that is not valid yet (nbf in the future)', async () => {
    const future = Math.floor(Date.now() / 1000) + 3600;
    await expectMalformed(forge({ alg: 'HS256', typ: 'JWT' }, claims({ nbf: future }), TEST_JWT_SECRET));
  });

  it('refuses a token with the wrong typ', async () => {
    await expectMalformed(forge({ alg: 'HS256', typ: 'JWT' }, claims({ typ: 'refresh' }), TEST_JWT_SECRET));
  });

  it('refuses a refresh token used as an access token', async () => {
    const session = await t.login(await t.createUser({ role: 'user' }));
    await expectMalformed(session.refreshToken);
  });

  it('ignores jku/x5u/jwk headers that point elsewhere', async () => {
    const header = { alg: 'HS256', typ: 'JWT', jku: 'https://attacker.invalid/jwks.json', x5u: 'https://attacker.invalid/c', jwk: { kty: 'oct', k: 'YQ' } };
    await expectMalformed(forge(header, claims(), 'attacker-key-0123456789-abcdefghijklmnopq'));
  });

  it('refuses claims whose audience does not match the role', async () => {
    await expectMalformed(forge({ alg: 'HS256', typ: 'JWT' }, claims({ aud: 'admin' }), TEST_JWT_SECRET));
  });

  it('refuses a token of a session that does not exist', async () => {
    await expectMalformed(forge({ alg: 'HS256', typ: 'JWT' }, claims({ sid: randomUUID() }), TEST_JWT_SECRET));
  });

  it('refuses garbage', async () => {
    await expectMalformed('abc.def');
    await expectMalformed('x');
  });

  it('does not accept a token in the query string', async () => {
    const response = await t.request({ method: 'GET', url: `/api/user-info?token=${playerToken}` });
    expect(response.statusCode).toBe(401);
    expect(body(response)).toEqual({ data: { code: 'NO_AUTH_TOKEN' }, message: MESSAGES.noAuthToken });
  });

  it('reads only the Bearer scheme', async () => {
    const response = await t.request({ method: 'GET', url: '/api/user-info', headers: { authorization: `Basic ${playerToken}` } });
    expect(response.statusCode).toBe(401);
    expect(body(response).message).toBe(MESSAGES.noAuthToken);
  });
});

describe('audience per area', () => {
  it('a player token on an admin route gets 401', async () => {
    const response = await t.request({ method: 'GET', url: '/api/downline', token: playerToken });
    expect(response.statusCode).toBe(401);
    expect(body(response)).toEqual({ data: { code: 'TOKEN_INVALID', details: { reason: 'audience' } }, message: MESSAGES.jwtMalformed });
  });

  it('an admin token on a player route gets 401', async () => {
    const response = await t.request({ method: 'GET', url: '/api/test/player-only', token: agentToken });
    expect(response.statusCode).toBe(401);
    expect(body(response)).toEqual({ data: { code: 'TOKEN_INVALID', details: { reason: 'audience' } }, message: MESSAGES.jwtMalformed });
  });

  it('each token works on its own area', async () => {
    expect((await t.request({ method: 'GET', url: '/api/test/player-only', token: playerToken })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/downline', token: agentToken })).statusCode).toBe(200);
  });

  it('a locked account is refused on its next request', async () => {
    const user = await t.createUser({ role: 'user' });
    const session = await t.login(user);
    await t.db.query("UPDATE users SET status = 'locked' WHERE id = $1", [user.id]);
    const response = await userInfo(session.token);
    expect(response.statusCode).toBe(403);
    expect(body(response)).toEqual({ data: { code: 'ACCOUNT_LOCKED' }, message: MESSAGES.accountLocked });
  });
});

describe('token lifetime', () => {
  it('access tokens live 10 minutes', async () => {
    const [, payload] = playerToken.split('.');
    const decoded = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { iat: number; exp: number };
    expect(decoded.exp - decoded.iat).toBe(600);
    expect(t.config.auth.accessTokenTtlSec).toBeLessThanOrEqual(15 * 60);
  });
});
