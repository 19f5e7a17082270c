/**
 * Secrets rotation (issue 29, ADR 0031): a new JWT_SECRET with the old one in JWT_PREVIOUS_SECRETS
 * keeps every session (access tokens carry the key id `kid`; the previous key verifies them, and
 * a refresh in flight still gets its pair); two-factor secrets are under TOTP_ENCRYPTION_KEY
 * (their own key; each stored ciphertext names its key, TOTP_PREVIOUS_KEYS still decrypt), re-encrypted under the current key at
 * start, so neither a JWT rotation nor dropping an old TOTP key loses a second factor. Several
 * apps share one database here: each is one instance's configuration at one point of a rotation.
 */
import { MESSAGES, type RefreshResponse, type TwoFactorChallenge, type TwoFactorEnrolment } from '@backlay/shared/contracts';
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { keyIdOf } from '../src/auth/server-keys';
import { totpCode } from '../src/auth/totp';
import { twoFactorKeyFromSecret } from '../src/auth/two-factor-crypto';
import { body, buildTestApp, FakeClock, TEST_JWT_SECRET, type TestContext, type TestUser } from './helper';

const S1 = TEST_JWT_SECRET;
const S2 = 'second-jwt-secret-after-the-rotation-0123456789';
const S3 = 'third-jwt-secret-after-another-rotation-987654321';
const TOTP_K1 = 'first-totp-encryption-key-0123456789-abcdefgh';
const TOTP_K2 = 'second-totp-encryption-key-9876543210-zyxwvuts';
const STEP_MS = 30_000;

const clock = new FakeClock(Date.UTC(2026, 0, 1, 12, 0, 0));
let before: TestContext;
const opened: TestContext[] = [];

beforeAll(async () => {
  before = await buildTestApp({ clock });
});
afterAll(async () => {
  for (const app of opened.reverse()) await app.close();
  await before.close();
});

const instances = new Map<string, Promise<TestContext>>();
/** An instance on the same database under other secrets (one per configuration, built once). */
function instance(env: Record<string, string>): Promise<TestContext> {
  const key = JSON.stringify(env);
  let app = instances.get(key);
  if (app === undefined) {
    app = buildTestApp({ sameDatabaseAs: before, clock, env }).then((built) => {
      opened.push(built);
      return built;
    });
    instances.set(key, app);
  }
  return app;
}

const userInfo = (t: TestContext, token: string) => t.request({ method: 'GET', url: '/api/user-info', token });
const refresh = (t: TestContext, token: string) => t.request({ method: 'POST', url: '/api/refresh-token', payload: { token } });

const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
function forge(header: object, payload: object, secret: string): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}
function headerOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function expectMalformed(t: TestContext, token: string): Promise<void> {
  const response = await userInfo(t, token);
  expect(response.statusCode).toBe(401);
  expect(body(response)).toEqual({ data: { code: 'TOKEN_INVALID' }, message: MESSAGES.jwtMalformed });
}

/** A player with two-factor on, enrolled on `t`; the next step's code is left for a login. */
async function enrolled(t: TestContext): Promise<{ user: TestUser; secret: string }> {
  const user = await t.createUser({ role: 'user' });
  const { token } = await t.login(user);
  const enrol = await t.request({ method: 'POST', url: '/api/two-factor-enrol', token });
  expect(enrol.statusCode).toBe(200);
  const { secret } = body<{ data: TwoFactorEnrolment }>(enrol).data;
  const confirm = await t.request({ method: 'POST', url: '/api/two-factor-confirm', token, payload: { code: totpCode(secret, clock.nowMs()) } });
  expect(confirm.statusCode).toBe(200);
  clock.advance(STEP_MS);
  return { user, secret };
}

/** The status of a full login with a TOTP code on `t`. */
async function twoFactorLogin(t: TestContext, user: TestUser, secret: string): Promise<number> {
  const first = await t.request({ method: 'POST', url: '/api/login', payload: { username: user.username, password: user.password } });
  expect(first.statusCode).toBe(200);
  const { challenge } = body<{ data: TwoFactorChallenge }>(first).data;
  const second = await t.request({ method: 'POST', url: '/api/login-two-factor', payload: { challenge, code: totpCode(secret, clock.nowMs()) } });
  clock.advance(STEP_MS);
  return second.statusCode;
}

describe('JWT_SECRET rotation', () => {
  it('an access token signed before the rotation still works after it: the previous secret verifies during the window', async () => {
    const user = await before.createUser({ role: 'user' });
    const { token } = await before.login(user);
    const after = await instance({ JWT_SECRET: S2, JWT_PREVIOUS_SECRETS: S1 });
    expect((await userInfo(after, token)).statusCode).toBe(200);
    // New tokens are signed under the new secret and name their key.
    const fresh = (await after.login(user)).token;
    expect(headerOf(fresh)).toEqual({ alg: 'HS256', typ: 'JWT', kid: expect.stringMatching(/^[\w-]{12}$/) });
    expect(headerOf(fresh).kid).not.toBe(headerOf(token).kid);
    expect((await userInfo(after, fresh)).statusCode).toBe(200);
  });

  it('a refresh in flight across the rotation gets the same pair (grace window), not a reuse that ends the session', async () => {
    // Built first: the repeat must come within the 2 s grace window of the first refresh.
    const after = await instance({ JWT_SECRET: S2, JWT_PREVIOUS_SECRETS: S1 });
    const user = await before.createUser({ role: 'user' });
    const session = await before.login(user);
    const first = await refresh(before, session.refreshToken);
    expect(first.statusCode).toBe(200);
    // The same refresh again, within the 2 s grace window, on an instance already rotated.
    const repeat = await refresh(after, session.refreshToken);
    expect(repeat.statusCode).toBe(200);
    const pair = body<{ data: RefreshResponse }>(repeat).data;
    expect(pair.refreshToken).toBe(body<{ data: RefreshResponse }>(first).data.refreshToken);
    expect((await userInfo(after, pair.token)).statusCode).toBe(200);
  });

  it('refuses a token of a retired secret and a token naming an unknown key', async () => {
    const user = await before.createUser({ role: 'user' });
    const old = await before.login(user);
    const later = await instance({ JWT_SECRET: S3, JWT_PREVIOUS_SECRETS: S2 });
    // Signed under S1, which is no longer configured.
    await expectMalformed(later, old.token);
    const session = await later.login(user);
    const current = headerOf(session.token).kid as string;
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: user.id, sid: session.sessionId, role: 'user', aud: 'player', site: 'backlay', typ: 'access', iat: now, exp: now + 600 };
    // An unknown kid, or one that is no string, even with a signature of the current secret.
    await expectMalformed(later, forge({ alg: 'HS256', typ: 'JWT', kid: 'not-a-key-id' }, claims, S3));
    await expectMalformed(later, forge({ alg: 'HS256', typ: 'JWT', kid: 42 }, claims, S3));
    // The current kid with the retired secret's signature; the previous kid with the current one's.
    await expectMalformed(later, forge({ alg: 'HS256', typ: 'JWT', kid: current }, claims, S1));
    await expectMalformed(later, forge({ alg: 'HS256', typ: 'JWT', kid: keyIdOf(S2) }, claims, S3));
    // The same claims under the current kid and secret are fine: the forgeries differ only in their key.
    expect((await userInfo(later, forge({ alg: 'HS256', typ: 'JWT', kid: current }, claims, S3))).statusCode).toBe(200);
    expect((await userInfo(later, forge({ alg: 'HS256', typ: 'JWT', kid: keyIdOf(S2) }, claims, S2))).statusCode).toBe(200);
  });

  it('a second factor enrolled before the rotation still verifies a code after it', async () => {
    const { user, secret } = await enrolled(before);
    const after = await instance({ JWT_SECRET: S2, JWT_PREVIOUS_SECRETS: S1 });
    expect(await twoFactorLogin(after, user, secret)).toBe(200);
  });
});

describe('TOTP_ENCRYPTION_KEY', () => {
  const stored = async (userId: string) =>
    (await before.db.query<{ secret: string }>('SELECT totp_secret AS secret FROM users WHERE id = $1', [userId])).rows[0]?.secret;

  it('moves the secrets to their own key at start; then the TOTP key rotates and the JWT secret changes with no previous secret', async () => {
    const { user, secret } = await enrolled(before);
    expect(await stored(user.id)).toMatch(new RegExp(`^v2\\.jwt-${keyIdOf(S1)}\\.`));
    // A secret stored before key ids: "v1." under the key derived from the JWT secret.
    const legacy = await enrolled(before);
    const legacyKey = twoFactorKeyFromSecret(S1);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', legacyKey, iv);
    const data = Buffer.concat([cipher.update(legacy.secret, 'utf8'), cipher.final()]);
    await before.db.query('UPDATE users SET totp_secret = $2 WHERE id = $1', [
      legacy.user.id,
      ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.'),
    ]);

    const own = await instance({ JWT_SECRET: S2, JWT_PREVIOUS_SECRETS: S1, TOTP_ENCRYPTION_KEY: TOTP_K1 });
    // Two instances starting at once: one re-encrypts, the other then finds nothing left.
    const runs = await Promise.all([own.services.twoFactor.reencryptStoredSecrets(), own.services.twoFactor.reencryptStoredSecrets()]);
    expect(runs.map((run) => run.unreadable)).toEqual([0, 0]);
    expect(runs[0].reencrypted + runs[1].reencrypted).toBeGreaterThanOrEqual(2);
    expect(await own.services.twoFactor.reencryptStoredSecrets()).toEqual({ reencrypted: 0, unreadable: 0 });
    expect(await stored(user.id)).toMatch(new RegExp(`^v2\\.${keyIdOf(TOTP_K1)}\\.`));
    expect(await stored(legacy.user.id)).toMatch(new RegExp(`^v2\\.${keyIdOf(TOTP_K1)}\\.`));

    // A new TOTP key in front: re-encrypted at start, then the old key is dropped, and the JWT
    // secret changes again with the old one gone: the second factors depend on neither.
    const staged = await instance({ JWT_SECRET: S3, TOTP_ENCRYPTION_KEY: TOTP_K2, TOTP_PREVIOUS_KEYS: TOTP_K1 });
    expect((await staged.services.twoFactor.reencryptStoredSecrets()).unreadable).toBe(0);
    expect(await stored(user.id)).toMatch(new RegExp(`^v2\\.${keyIdOf(TOTP_K2)}\\.`));
    const dropped = await instance({ JWT_SECRET: S3, TOTP_ENCRYPTION_KEY: TOTP_K2 });
    expect(await twoFactorLogin(dropped, user, secret)).toBe(200);
    expect(await twoFactorLogin(dropped, legacy.user, legacy.secret)).toBe(200);
  });

  it('a key dropped too early: its secrets are left as they are, counted and logged, never overwritten', async () => {
    const { user } = await enrolled(before);
    const before1 = await stored(user.id);
    const wrong = await instance({ JWT_SECRET: S3, TOTP_ENCRYPTION_KEY: TOTP_K2 });
    const run = await wrong.services.twoFactor.reencryptStoredSecrets();
    expect(run.unreadable).toBeGreaterThanOrEqual(1);
    expect(await stored(user.id)).toBe(before1);
  });
});
