/**
 * TRUST_PROXY (config.ts): behind the deployment's one proxy hop (deploy/: the edge nginx or the
 * ingress) the client's address is the one that proxy saw; a client cannot choose its address by
 * sending its own X-Forwarded-For; and without TRUST_PROXY the header is ignored.
 */
import type { LoginHistoryResponse } from '@backlay/shared/contracts';
import { body, buildTestApp, TEST_PASSWORD, type TestContext } from './helper';

let behindProxy: TestContext;
let direct: TestContext;
beforeAll(async () => {
  behindProxy = await buildTestApp({ env: { TRUST_PROXY: '1' } });
  direct = await buildTestApp();
});
afterAll(async () => {
  await behindProxy.close();
  await direct.close();
});

/** Logs a new player in from `remoteAddress` with `forwardedFor`, and answers the IP its history recorded. */
async function recordedIp(t: TestContext, remoteAddress: string, forwardedFor: string): Promise<string> {
  const user = await t.createUser({ role: 'user' });
  const login = await t.request({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: user.username, password: TEST_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const token = body<{ data: { token: string } }>(login).data.token;
  const history = await t.request({ method: 'GET', url: '/api/login-history', token });
  const [row] = body<{ data: LoginHistoryResponse }>(history).data.rows;
  if (row === undefined) throw new Error('no login recorded');
  return row.ip ?? '';
}

it('behind one trusted hop, the address is the one the proxy appended; a forged header in front of it is ignored', async () => {
  expect(await recordedIp(behindProxy, '10.0.0.5', '198.51.100.9')).toBe('198.51.100.9');
  expect(await recordedIp(behindProxy, '10.0.0.5', '1.2.3.4, 198.51.100.9')).toBe('198.51.100.9');
});

it('without TRUST_PROXY the header is ignored: the address is the socket peer', async () => {
  expect(await recordedIp(direct, '203.0.113.7', '198.51.100.9')).toBe('203.0.113.7');
});
