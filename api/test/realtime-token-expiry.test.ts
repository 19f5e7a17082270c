/**
 * An open socket lives no longer than its access token (issue 15 item 9): with a 2 s token TTL,
 * the server tells each socket `tokenExpired` when its token's `exp` passes and disconnects it,
 * so it receives nothing more on that token; the client refreshes the token over HTTP and
 * reconnects with the new one, and receives again. A real socket.io client on a listening app.
 */
import type { SocketBalancePayload } from '@backlay/shared/contracts';
import type { Socket } from 'socket.io-client';
import { body, buildTestApp, type TestContext, type TestUser } from './helper';
import { connected, emitWithAck, TestSockets } from './socket-helper';

const TTL_SEC = 2;

let t: TestContext;
let baseUrl: string;
const sockets = new TestSockets(() => baseUrl);

beforeAll(async () => {
  t = await buildTestApp({ env: { ACCESS_TOKEN_TTL_SEC: String(TTL_SEC) } });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => sockets.closeAll());
afterAll(() => t.close());

const connect = (token: string, namespace: '/user' | '/data' = '/user'): Socket => sockets.connect({ token, namespace });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The `exp` of an access token, in ms. */
function expiresAtMs(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number };
  return payload.exp * 1000;
}

async function signedIn(user: TestUser): Promise<{ socket: Socket; token: string; refreshToken: string; sessionId: string }> {
  const session = await t.login(user);
  const socket = connect(session.token);
  await connected(socket);
  expect(await emitWithAck(socket, 'login', { role: user.role, sessionId: session.sessionId, _id: user.id })).toEqual({ ok: true });
  return { socket, token: session.token, refreshToken: session.refreshToken, sessionId: session.sessionId };
}

describe('an open socket and its access token', () => {
  it('the config takes the short TTL of this file', () => {
    expect(t.config.auth.accessTokenTtlSec).toBe(TTL_SEC);
  });

  it("gets tokenExpired and is disconnected by the server when its token's exp passes; nothing more arrives on it", async () => {
    const user = await t.createUser({ role: 'user' });
    const { socket, token } = await signedIn(user);
    const events: string[] = [];
    const balances: SocketBalancePayload[] = [];
    socket.on('tokenExpired', () => events.push('tokenExpired'));
    socket.on('balance', (payload: SocketBalancePayload) => balances.push(payload));
    const disconnected = nextDisconnect(socket);

    // While the token is valid, balances arrive.
    await t.fund(user.id, 100n);
    await waitFor(() => balances.length === 1);

    const reason = await disconnected;
    const at = Date.now();
    expect(reason).toBe('io server disconnect');
    expect(events).toEqual(['tokenExpired']);
    // Not before the token's exp, and promptly after it.
    expect(at).toBeGreaterThanOrEqual(expiresAtMs(token));
    expect(at - expiresAtMs(token)).toBeLessThan(1_000);

    await t.fund(user.id, 100n);
    await sleep(300);
    expect(balances).toHaveLength(1);
    // The expired token opens no new socket either.
    await expect(connected(connect(token))).rejects.toThrow('jwt expired');
  });

  it('the client refreshes the token and reconnects with it: the same socket receives again', async () => {
    const user = await t.createUser({ role: 'user' });
    const first = await signedIn(user);
    const { socket } = first;
    const balances: SocketBalancePayload[] = [];
    socket.on('balance', (payload: SocketBalancePayload) => balances.push(payload));

    // What the shared client does on tokenExpired: refresh over HTTP, then reconnect with the new token.
    const renewed = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no tokenExpired')), TTL_SEC * 1000 + 3_000);
      socket.once('tokenExpired', () => {
        clearTimeout(timer);
        void t
          .request({ method: 'POST', url: '/api/refresh-token', payload: { token: first.refreshToken } })
          .then((response) => (response.statusCode === 200 ? resolve(body<{ data: { token: string } }>(response).data.token) : reject(new Error(response.body))));
      });
    });
    const token = await renewed;
    expect(expiresAtMs(token)).toBeGreaterThan(expiresAtMs(first.token));
    await waitFor(() => !socket.connected);
    socket.auth = { token };
    socket.connect();
    await connected(socket);
    expect(await emitWithAck(socket, 'login', { role: user.role, sessionId: first.sessionId, _id: user.id })).toEqual({ ok: true });
    await t.fund(user.id, 250n);
    await waitFor(() => balances.length === 1);
    expect(balances).toEqual([{ balance: 250, exposer: 0, journalId: expect.any(String) }]);
  });

  it('the data connection ends at the same moment', async () => {
    const user = await t.createUser({ role: 'user' });
    const session = await t.login(user);
    const socket = connect(session.token, '/data');
    await connected(socket);
    const events: string[] = [];
    socket.on('tokenExpired', () => events.push('tokenExpired'));
    const reason = await nextDisconnect(socket);
    expect(reason).toBe('io server disconnect');
    expect(events).toEqual(['tokenExpired']);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAtMs(session.token));
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/** The reason of the socket's next disconnect; fails if none comes within the TTL and 3 s more. */
function nextDisconnect(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket was not disconnected')), TTL_SEC * 1000 + 3_000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
