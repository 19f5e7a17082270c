/**
 * Security events and secret hygiene (docs/rules/test-plan.md T16, ASVS 16.2.5/16.3.1/16.3.2), over one app
 * whose every log line is captured: a login success and failure, a lockout, a refresh-token
 * reuse, an authorization denial (wrong role, wrong area, no token) and a refused upload each
 * leave their event; then every captured line is searched for the secrets this run used —
 * passwords, transaction password, raw access and refresh tokens, a full bank account number —
 * and none may appear. (OTP send/verify events and the absence of codes: registration.test.ts.)
 */
import pino from 'pino';
import { hashRefreshToken } from '../src/auth/refresh-token';
import { body, buildTestApp, TEST_PASSWORD, TEST_TXN_PASSWORD, type TestContext } from './helper';
import { buildChain, newUtr, sendDeposit, type Chain } from './payments-helper';

const logLines: string[] = [];
let t: TestContext;
let chain: Chain;
/** The player's live session (a new login ends the one buildChain made). */
let playerToken = '';
beforeAll(async () => {
  t = await buildTestApp({ logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) }) });
  chain = await buildChain(t, 0n);
}, 60_000);
afterAll(() => t.close());

/** Every secret this run handled in clear. */
const secrets = new Set<string>([TEST_PASSWORD, TEST_TXN_PASSWORD]);
const WRONG_PASSWORD = 'Wrong#Secret9';
const ACCOUNT_NUMBER = '918273645501';
secrets.add(WRONG_PASSWORD);

type Line = { event?: string; [key: string]: unknown };
const events = (name: string, since = 0): Line[] =>
  logLines
    .slice(since)
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.event === name);

describe('security events are logged', () => {
  it('login success and failure', async () => {
    const mark = logLines.length;
    const session = await t.login(chain.player);
    secrets.add(session.token).add(session.refreshToken);
    playerToken = session.token;
    const failed = await t.request({ method: 'POST', url: '/api/login', payload: { username: chain.player.username, password: WRONG_PASSWORD } });
    expect(failed.statusCode).toBe(401);
    expect(events('login_succeeded', mark)).toHaveLength(1);
    expect(events('login_failed', mark)).toEqual([expect.objectContaining({ event: 'login_failed' })]);
  });

  it('a lockout', async () => {
    const victim = await t.createUser({ role: 'user', parentId: chain.dl.id });
    const mark = logLines.length;
    for (let i = 0; i < 11; i += 1) {
      await t.request({ method: 'POST', url: '/api/login', payload: { username: victim.username, password: WRONG_PASSWORD } });
    }
    expect(events('login_throttled', mark).length).toBeGreaterThanOrEqual(1);
  });

  it('a refresh-token reuse', async () => {
    const player = await t.createUser({ role: 'user', parentId: chain.dl.id });
    const session = await t.login(player);
    secrets.add(session.token).add(session.refreshToken);
    const rotated = await t.request({ method: 'POST', url: '/api/refresh-token', payload: { token: session.refreshToken } });
    expect(rotated.statusCode).toBe(200);
    const pair = body<{ data: { token: string; refreshToken: string } }>(rotated).data;
    secrets.add(pair.token).add(pair.refreshToken);
    await t.db.query("UPDATE refresh_tokens SET used_at = used_at - interval '3 seconds' WHERE token_hash = $1", [hashRefreshToken(session.refreshToken)]);
    const mark = logLines.length;
    expect((await t.request({ method: 'POST', url: '/api/refresh-token', payload: { token: session.refreshToken } })).statusCode).toBe(401);
    expect(events('refresh_reuse', mark)).toHaveLength(1);
  });

  it('an authorization denial: a player on an agent route, a player token on an admin-area route, no token', async () => {
    const mark = logLines.length;
    expect((await t.request({ method: 'GET', url: '/api/list-clients', token: playerToken })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/save-setting-list', token: playerToken, payload: {} })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/user-info' })).statusCode).toBe(401);
    const denied = events('access_denied', mark);
    expect(denied).toEqual([
      expect.objectContaining({ status: 403, code: 'FORBIDDEN', route: '/api/list-clients', userId: chain.player.id }),
      expect.objectContaining({ status: 401, code: 'TOKEN_INVALID', route: '/api/save-setting-list', userId: chain.player.id }),
      expect.objectContaining({ status: 401, code: 'NO_AUTH_TOKEN', route: '/api/user-info', userId: null }),
    ]);
  });

  it('a refused upload', async () => {
    const mark = logLines.length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await sendDeposit(t, playerToken, { amount: '500', utrno: newUtr() }, { data: svg, filename: 'x.png', contentType: 'image/png' });
    expect(refused.status).toBe(415);
    expect(events('upload_refused', mark)).toEqual([
      expect.objectContaining({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', route: '/api/add-deposit-withdraw', userId: chain.player.id }),
    ]);
    expect(logLines.slice(mark).join('\n')).not.toContain('<script>');
  });
});

describe('secret hygiene', () => {
  it('a full bank account number is stored but never logged', async () => {
    const added = await t.request({
      method: 'POST',
      url: '/api/add-bank-account',
      token: playerToken,
      payload: { accountHolderName: 'Asha Rao', accountNumber: ACCOUNT_NUMBER, ifscCode: 'HDFC0001234' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.body).not.toContain(ACCOUNT_NUMBER);
    secrets.add(ACCOUNT_NUMBER);
  });

  it('no secret of this run appears in any captured log line', () => {
    expect(logLines.length).toBeGreaterThan(20);
    const logs = logLines.join('\n');
    expect([...secrets].filter((secret) => logs.includes(secret))).toEqual([]);
  });
});
