import { apiClient, currentUser, on, setUser, writeCredentials, type UserInfo } from '@backlay/shared';
import { connectUserSocket, disconnectUserSocket } from './user-socket';

type Listener = (...args: unknown[]) => void;

/** A stand-in for socket.io's client socket: the test plays the server. */
class FakeSocket {
  connected = false;
  active = true;
  connects = 0;
  emitted: [string, unknown, Listener?][] = [];
  private listeners = new Map<string, Listener[]>();
  constructor(readonly options: { auth: (cb: (data: unknown) => void) => void }) {}
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, payload: unknown, ack?: Listener) {
    this.emitted.push([event, payload, ack]);
    return this;
  }
  connect() {
    this.connects += 1;
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const l of this.listeners.get(event) ?? []) l(...args);
  }
  token(): unknown {
    let token: unknown;
    this.options.auth((data) => (token = (data as { token: unknown }).token));
    return token;
  }
}

const created: FakeSocket[] = [];
jest.mock('socket.io-client', () => ({
  io: (_url: string, options: { auth: (cb: (data: unknown) => void) => void }) => {
    const socket = new FakeSocket(options);
    created.push(socket);
    return socket;
  },
}));

const user: UserInfo = {
  _id: 'u1', username: 'demo-user', role: 'user', roleLabel: 'USER', sessionId: 's1', balance: 0, exposer: 0,
  changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
};

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('the user socket and its access token', () => {
  beforeEach(() => {
    localStorage.clear();
    created.length = 0;
    jest.restoreAllMocks();
  });
  afterEach(() => disconnectUserSocket());

  it('on tokenExpired renews the token, reconnects with the new one and signs in again', async () => {
    writeCredentials('player', { token: 'old', refreshToken: 'r1', sessionId: 's1' });
    const renew = jest.spyOn(apiClient, 'renewToken').mockImplementation(async () => {
      writeCredentials('player', { token: 'new', refreshToken: 'r2' });
      return 'new';
    });
    const onEnded = jest.fn();
    connectUserSocket('player', user, { onEnded, onMaintenance: jest.fn() }, 'http://x');
    const s = created[0];
    expect(s.token()).toBe('old');
    s.fire('connect');
    s.fire('tokenExpired');
    s.fire('disconnect', 'io server disconnect');
    await flush();
    expect(renew).toHaveBeenCalledTimes(1);
    expect(s.connects).toBe(1);
    expect(s.token()).toBe('new');
    s.fire('connect');
    expect(s.emitted.filter(([e]) => e === 'login')).toHaveLength(2);
    expect(onEnded).not.toHaveBeenCalled();
  });

  it("a handshake refused with 'jwt expired' renews too; an ended session ends this one", async () => {
    writeCredentials('player', { token: 'old', refreshToken: 'r1', sessionId: 's1' });
    const renew = jest.spyOn(apiClient, 'renewToken').mockResolvedValue('new');
    const onEnded = jest.fn();
    connectUserSocket('player', user, { onEnded, onMaintenance: jest.fn() }, 'http://x');
    const s = created[0];
    s.active = false;
    s.fire('connect_error', Object.assign(new Error('jwt expired'), { data: { code: 'TOKEN_EXPIRED' } }));
    await flush();
    expect(renew).toHaveBeenCalledTimes(1);
    expect(s.connects).toBe(1);
    expect(onEnded).not.toHaveBeenCalled();
    s.fire('connect_error', Object.assign(new Error('You have signed out. Please sign in again.'), { data: { code: 'SESSION_SIGNED_OUT' } }));
    expect(onEnded).toHaveBeenCalledWith('signed_out');
  });

  it("says on the bus when the server acknowledged the socket's login, each (re)connect; a refusal says nothing", () => {
    writeCredentials('admin', { token: 't', refreshToken: 'r1', sessionId: 's1' });
    const joined: unknown[] = [];
    const sub = on('session.socketJoined').subscribe((event) => joined.push(event));
    connectUserSocket('admin', user, { onEnded: jest.fn(), onMaintenance: jest.fn() }, 'http://x');
    const s = created[0];
    const acks = () => s.emitted.filter(([e]) => e === 'login').map(([, , ack]) => ack!);
    s.fire('connect');
    expect(joined).toEqual([]);
    acks()[0]!({ ok: true });
    expect(joined).toEqual([{ area: 'admin', userId: 'u1', rejoin: false }]);
    s.fire('disconnect', 'transport close');
    s.fire('connect');
    acks()[1]!({ ok: false, message: 'Forbidden' });
    expect(joined).toHaveLength(1);
    acks()[1]!({ ok: true });
    expect(joined).toEqual([{ area: 'admin', userId: 'u1', rejoin: false }, { area: 'admin', userId: 'u1', rejoin: true }]);
    // An acknowledgement that arrives after this socket was replaced is not this page's.
    disconnectUserSocket();
    acks()[0]!({ ok: true });
    expect(joined).toHaveLength(2);
    sub.unsubscribe();
  });

  it("after a reconnect reads the header's figures again, unless a balance message came while the read was out", async () => {
    writeCredentials('player', { token: 't', refreshToken: 'r1', sessionId: 's1' });
    setUser({ ...user, balance: 100, exposer: 0 });
    let answer: (figures: { balance: number; exposer: number }) => void = () => undefined;
    const readBalance = jest.fn(() => new Promise<{ balance: number; exposer: number }>((resolve) => (answer = resolve)));
    connectUserSocket('player', user, { onEnded: jest.fn(), onMaintenance: jest.fn(), readBalance }, 'http://x');
    const s = created[0];
    const lastAck = () => s.emitted.filter(([e]) => e === 'login').at(-1)![2]!;
    s.fire('connect');
    lastAck()({ ok: true });
    // The first join follows the session's own read of user-info.
    expect(readBalance).not.toHaveBeenCalled();
    // Down, and meanwhile a bet settled: no message reached the page. Back: the figures are read.
    s.fire('disconnect', 'transport close');
    s.fire('connect');
    lastAck()({ ok: true });
    expect(readBalance).toHaveBeenCalledTimes(1);
    answer({ balance: 250, exposer: 10 });
    await flush();
    expect(currentUser()).toMatchObject({ balance: 250, exposer: 10 });
    // Again, but a balance message comes before the read's answer: the message is the newer figure.
    s.fire('disconnect', 'transport close');
    s.fire('connect');
    lastAck()({ ok: true });
    expect(readBalance).toHaveBeenCalledTimes(2);
    s.fire('balance', { balance: 300, exposer: 0 });
    answer({ balance: 250, exposer: 10 });
    await flush();
    expect(currentUser()).toMatchObject({ balance: 300, exposer: 0 });
    setUser(null);
  });

  it('maintenance pushed by the server reaches the session at once', () => {
    writeCredentials('player', { token: 't', refreshToken: 'r1', sessionId: 's1' });
    const onMaintenance = jest.fn();
    connectUserSocket('player', user, { onEnded: jest.fn(), onMaintenance }, 'http://x');
    created[0]?.fire('maintenance');
    expect(onMaintenance).toHaveBeenCalledTimes(1);
  });

  it('a balance message writes the header\'s balance and exposure and tells the pages the wallet moved', () => {
    writeCredentials('player', { token: 't', refreshToken: 'r1', sessionId: 's1' });
    setUser(user);
    const moved: unknown[] = [];
    const sub = on('wallet.balanceChanged').subscribe((w) => moved.push(w));
    connectUserSocket('player', user, { onEnded: jest.fn(), onMaintenance: jest.fn() }, 'http://x');
    created[0]?.fire('balance', { balance: 1000, exposer: 850 });
    expect(currentUser()).toMatchObject({ balance: 1000, exposer: 850 });
    expect(moved).toEqual([{ balance: 1000, exposer: 850 }]);
    sub.unsubscribe();
    setUser(null);
  });

  it('a matchStatus message goes on the bus for the match lists', () => {
    writeCredentials('player', { token: 't', refreshToken: 'r1', sessionId: 's1' });
    const heard: unknown[] = [];
    const sub = on('sports.matchStatusChanged').subscribe((m) => heard.push(m));
    connectUserSocket('player', user, { onEnded: jest.fn(), onMaintenance: jest.fn() }, 'http://x');
    created[0]?.fire('matchStatus', { matchId: 'm1', status: 'closed' });
    expect(heard).toEqual([{ matchId: 'm1', status: 'closed' }]);
    sub.unsubscribe();
  });
});
