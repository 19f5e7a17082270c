import type { SocketAck, SocketBalancePayload } from '@backlay/shared/contracts';
import type { Socket } from 'socket.io-client';
import { buildTestApp, type TestContext, type TestUser, TEST_TXN_PASSWORD } from './helper';
import { connected, emitWithAck as ackOf, nextEvent, TestSockets, type ConnectOptions } from './socket-helper';

let t: TestContext;
let baseUrl: string;
const sockets = new TestSockets(() => baseUrl);

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => sockets.closeAll());
afterAll(() => t.close());

const connect = (options: ConnectOptions = {}): Socket => sockets.connect(options);
const emitWithAck = (socket: Socket, event: string, payload: unknown): Promise<SocketAck> => ackOf<SocketAck>(socket, event, payload);

async function signedInSocket(user: TestUser): Promise<{ socket: Socket; sessionId: string; token: string }> {
  const session = await t.login(user);
  const socket = connect({ token: session.token });
  await connected(socket);
  const ack = await emitWithAck(socket, 'login', { role: user.role, sessionId: session.sessionId, _id: user.id });
  expect(ack).toEqual({ ok: true });
  return { socket, sessionId: session.sessionId, token: session.token };
}

describe('handshake', () => {
  it('refuses a connection without a token', async () => {
    await expect(connected(connect())).rejects.toThrow('No auth token');
  });

  it('refuses a bad token', async () => {
    await expect(connected(connect({ token: 'not.a.jwt' }))).rejects.toThrow('jwt malformed');
  });

  it('refuses a foreign Origin', async () => {
    const session = await t.login(await t.createUser({ role: 'user' }));
    await expect(connected(connect({ token: session.token, origin: 'http://evil.example' }))).rejects.toThrow();
  });

  it('accepts the allowed Origin, and no Origin (non-browser clients)', async () => {
    const session = await t.login(await t.createUser({ role: 'user' }));
    await connected(connect({ token: session.token }));
    await connected(connect({ token: session.token, origin: null }));
  });

  it('refuses the polling transport on /user', async () => {
    const session = await t.login(await t.createUser({ role: 'user' }));
    await expect(connected(connect({ token: session.token, transports: ['polling'] }))).rejects.toThrow(/websocket/);
  });

  it('the /data namespace needs the same token', async () => {
    const session = await t.login(await t.createUser({ role: 'user' }));
    await expect(connected(connect({ namespace: '/data' }))).rejects.toThrow('No auth token');
    await connected(connect({ namespace: '/data', token: session.token }));
  });
});

describe('rooms', () => {
  it('refuses a login event that does not match the token', async () => {
    const user = await t.createUser({ role: 'user' });
    const session = await t.login(user);
    const socket = connect({ token: session.token });
    await connected(socket);
    const ack = await emitWithAck(socket, 'login', { role: 'user', sessionId: session.sessionId, _id: '00000000-0000-4000-8000-000000000000' });
    expect(ack.ok).toBe(false);
  });

  it("refuses userRoomJoin for another user's id and never delivers that user's events", async () => {
    const spy = await t.createUser({ role: 'user' });
    const victim = await t.createUser({ role: 'user' });
    const session = await t.login(spy);
    const socket = connect({ token: session.token });
    await connected(socket);
    expect(await emitWithAck(socket, 'userRoomJoin', victim.id)).toEqual({ ok: false, message: 'You are not allowed to do this' });
    expect(await emitWithAck(socket, 'userRoomJoin', spy.id)).toEqual({ ok: true });
    const received: unknown[] = [];
    socket.on('balance', (payload) => received.push(payload));
    await t.fund(victim.id, 10n);
    await t.fund(spy.id, 1n);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual([{ balance: 1, exposer: 0, journalId: expect.any(String) }]);
  });
});

describe('session events', () => {
  it('a second login sends logout(new session id) to the first socket within 2 s and disconnects it', async () => {
    const user = await t.createUser({ role: 'user' });
    const first = await signedInSocket(user);
    const disconnected = nextEvent<string>(first.socket, 'disconnect');
    const logout = nextEvent<string>(first.socket, 'logout');
    const started = Date.now();
    const second = await t.login(user);
    expect(await logout).toBe(second.sessionId);
    expect(await disconnected).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(2_000);
    // Reconnecting with the old session's token is refused at the handshake.
    await expect(connected(connect({ token: first.token }))).rejects.toThrow(/session has ended/);
  });

  it('logout disconnects the session on both namespaces', async () => {
    const user = await t.createUser({ role: 'user' });
    const { socket, token } = await signedInSocket(user);
    const data = connect({ namespace: '/data', token });
    await connected(data);
    const userClosed = nextEvent<string>(socket, 'disconnect');
    const dataClosed = nextEvent<string>(data, 'disconnect');
    await t.request({ method: 'POST', url: '/api/logout', token });
    await expect(userClosed).resolves.toBe('io server disconnect');
    await expect(dataClosed).resolves.toBe('io server disconnect');
  });

  it('refresh-token reuse disconnects the session', async () => {
    const user = await t.createUser({ role: 'user' });
    const session = await t.login(user);
    const socket = connect({ token: session.token });
    await connected(socket);
    await t.request({ method: 'POST', url: '/api/refresh-token', payload: { token: session.refreshToken } });
    await t.db.query("UPDATE refresh_tokens SET used_at = used_at - interval '3 seconds' WHERE session_id = $1 AND used_at IS NOT NULL", [
      session.sessionId,
    ]);
    const closed = nextEvent<string>(socket, 'disconnect');
    await t.request({ method: 'POST', url: '/api/refresh-token', payload: { token: session.refreshToken } });
    await expect(closed).resolves.toBe('io server disconnect');
  });
});

describe('balance', () => {
  it("posting a journal pushes the new balance in rupees to the user's room", async () => {
    const user = await t.createUser({ role: 'user' });
    const { socket } = await signedInSocket(user);
    const balance = nextEvent<SocketBalancePayload>(socket, 'balance');
    await t.fund(user.id, 1_500n);
    expect(await balance).toEqual({ balance: 1500, exposer: 0, journalId: expect.any(String) });
  });
});

describe('limits', () => {
  it('a message over 64 KB closes the socket', async () => {
    const user = await t.createUser({ role: 'user' });
    const { socket } = await signedInSocket(user);
    const closed = nextEvent<string>(socket, 'disconnect');
    socket.emit('userRoomJoin', 'x'.repeat(65 * 1024));
    expect(await closed).toBe('transport close');
  });

  it('drops events beyond 20 per second', async () => {
    const user = await t.createUser({ role: 'user' });
    const { socket } = await signedInSocket(user);
    let acks = 0;
    for (let i = 0; i < 30; i += 1) socket.emit('userRoomJoin', user.id, () => (acks += 1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The login ack of signedInSocket counted towards the same one-second window.
    expect(acks).toBeLessThanOrEqual(20);
    expect(acks).toBeGreaterThanOrEqual(18);
  });
});

describe('maintenance', () => {
  it('switching it on tells every open player page at once; agents are not told', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const player = await t.createUser({ role: 'user' });
    const { socket: playerSocket } = await signedInSocket(player);
    const { socket: adminSocket, token: adminToken } = await signedInSocket(admin);
    let adminTold = false;
    adminSocket.on('maintenance', () => (adminTold = true));
    const told = nextEvent<undefined>(playerSocket, 'maintenance');
    const save = (value: string) =>
      t.request({ method: 'POST', url: '/api/save-setting-list', token: adminToken, payload: { settingList: [{ key: 'maintenance', value }], transactionPassword: TEST_TXN_PASSWORD } });
    expect((await save('true')).statusCode).toBe(200);
    await told;
    expect(adminTold).toBe(false);
    expect((await save('false')).statusCode).toBe(200);
  });
});
