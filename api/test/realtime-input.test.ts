/**
 * Socket payloads follow the input rule of HTTP bodies (ADR 0011, issue 29): a NUL character or a
 * lone UTF-16 surrogate anywhere in an event's payload (a value or a key), a wrong type or an
 * out-of-range value is refused with the event's own answer — "Match not found" for subscribe,
 * unsubscribe, casinoSubscribe and casinoUnsubscribe, the refusal of login and userRoomJoin —
 * and nothing reaches the database (no query fails, nothing is logged as an error).
 */
import pino from 'pino';
import { CASINO_SUBSCRIBE, CASINO_UNSUBSCRIBE, MESSAGES, type SocketAck } from '@backlay/shared/contracts';
import { buildTestApp, type TestContext } from './helper';
import { connected, emitWithAck, TestSockets } from './socket-helper';

let t: TestContext;
let baseUrl = '';
let token = '';
let userId = '';
const logLines: string[] = [];
const sockets = new TestSockets(() => baseUrl);

beforeAll(async () => {
  t = await buildTestApp({ logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) }) });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const player = await t.createUser({ role: 'user' });
  userId = player.id;
  token = (await t.login(player)).token;
});

afterEach(() => sockets.closeAll());

afterAll(async () => {
  await t.close();
});

const HOSTILE: ReadonlyArray<[string, unknown]> = [
  ['a NUL in matchId', { matchId: '4\u00001' }],
  ['a lone high surrogate in matchId', { matchId: 'abc\uD800' }],
  ['a lone low surrogate in matchId', { matchId: '\uDC00' }],
  ['a NUL in a key', { matchId: '9023', ['x\u0000']: 1 }],
  ['a NUL deep inside', { matchId: '9023', extra: [{ note: 'a\u0000b' }] }],
  ['a number', { matchId: 42 }],
  ['a number past the safe integers', { matchId: 1e300 }],
  ['an array', { matchId: ['9023'] }],
  ['an object', { matchId: { $gt: '' } }],
  ['null', null],
  ['an empty matchId', { matchId: '' }],
  ['a matchId too long', { matchId: '9'.repeat(65) }],
];

const errorLines = () => logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

describe('socket payloads are checked like HTTP bodies', () => {
  it.each(['subscribe', 'unsubscribe', CASINO_SUBSCRIBE, CASINO_UNSUBSCRIBE])('%s: every hostile payload answers "Match not found" and reaches no query', async (event) => {
    const socket = sockets.connect({ token, namespace: '/data' });
    await connected(socket);
    const before = errorLines().length;
    for (const [name, payload] of HOSTILE) {
      expect({ name, ack: await emitWithAck<SocketAck>(socket, event, payload) }).toEqual({ name, ack: { ok: false, message: MESSAGES.matchNotFound } });
    }
    expect(errorLines().slice(before)).toEqual([]);
    // The socket still works.
    expect(socket.connected).toBe(true);
  });

  it('login and userRoomJoin: a NUL or a lone surrogate is refused like any foreign identity', async () => {
    const socket = sockets.connect({ token, namespace: '/user' });
    await connected(socket);
    const before = errorLines().length;
    expect(await emitWithAck<SocketAck>(socket, 'userRoomJoin', `${userId}\u0000`)).toEqual({ ok: false, message: MESSAGES.forbidden });
    expect(await emitWithAck<SocketAck>(socket, 'userRoomJoin', `${userId}\uD800`)).toEqual({ ok: false, message: MESSAGES.forbidden });
    expect(await emitWithAck<SocketAck>(socket, 'login', { _id: userId, sessionId: '\u0000', role: 'user' })).toEqual({ ok: false, message: MESSAGES.forbidden });
    expect(errorLines().slice(before)).toEqual([]);
    expect(await emitWithAck<SocketAck>(socket, 'userRoomJoin', userId)).toEqual({ ok: true });
  });
});
