/**
 * Live payment alerts (issue 34): a new deposit or withdraw request reaches every agent above its
 * owner at once on the user socket (`paymentQueue`), and nobody else; a decision tells them it
 * left the queue; GET pending-payments counts the agent's own downline's queue.
 */
import type { PendingPayments, SocketPaymentQueuePayload } from '@backlay/shared/contracts';
import type { Socket } from 'socket.io-client';
import { buildTestApp, type TestContext, type TestUser } from './helper';
import { buildChain, newUtr, parsed, pngImage, sendDecision, sendDeposit, type Chain } from './payments-helper';
import { connected, emitWithAck, nextEvent, TestSockets } from './socket-helper';

let t: TestContext;
let baseUrl: string;
const sockets = new TestSockets(() => baseUrl);

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => sockets.closeAll());
afterAll(() => t.close());

/** The user socket of a signed-in user, in its own room, recording every `paymentQueue` message. */
async function alertsOf(user: TestUser, token: string): Promise<{ socket: Socket; received: SocketPaymentQueuePayload[] }> {
  const socket = sockets.connect({ token });
  const received: SocketPaymentQueuePayload[] = [];
  socket.on('paymentQueue', (payload: SocketPaymentQueuePayload) => received.push(payload));
  await connected(socket);
  expect(await emitWithAck(socket, 'userRoomJoin', user.id)).toEqual({ ok: true });
  return { socket, received };
}

async function pending(token: string) {
  return parsed<PendingPayments>(await t.request({ method: 'GET', url: '/api/pending-payments', token }));
}

describe('payment alerts', () => {
  let chain: Chain;
  /** A DL beside the chain's (same MDL) with a player of its own: another branch. */
  let otherDl: TestUser;
  let otherPlayer: TestUser;
  let otherTokens: { dl: string; player: string };

  beforeAll(async () => {
    chain = await buildChain(t);
    otherDl = await t.createUser({ role: 'dl', parentId: chain.mdl.id });
    otherPlayer = await t.createUser({ role: 'user', parentId: otherDl.id });
    otherTokens = { dl: (await t.login(otherDl)).token, player: (await t.login(otherPlayer)).token };
  });

  it('a deposit request reaches every agent above the player at once, and no agent of another branch', async () => {
    const dl = await alertsOf(chain.dl, chain.tokens.dl);
    const admin = await alertsOf(chain.admin, chain.tokens.admin);
    const other = await alertsOf(otherDl, otherTokens.dl);
    const player = await alertsOf(chain.player, chain.tokens.player);

    const toDl = nextEvent<SocketPaymentQueuePayload>(dl.socket, 'paymentQueue');
    const toAdmin = nextEvent<SocketPaymentQueuePayload>(admin.socket, 'paymentQueue');
    const made = await sendDeposit(t, chain.tokens.player, { amount: '750', utrno: newUtr() }, { data: await pngImage() });
    expect(made.status).toBe(200);
    const expected = { change: 'requested', id: made.data._id, type: 'deposit', username: chain.player.username, amount: 750 };
    expect(await toDl).toEqual(expected);
    expect(await toAdmin).toEqual(expected);

    // The other branch's own request reaches its DL: the first message it gets is that one
    // (messages reach a socket in the order they were sent), so the first request never did.
    const toOther = nextEvent<SocketPaymentQueuePayload>(other.socket, 'paymentQueue');
    const theirs = await sendDeposit(t, otherTokens.player, { amount: '300', utrno: newUtr() }, { data: await pngImage() });
    expect((await toOther).id).toBe(theirs.data._id);
    expect(other.received.map((m) => m.id)).toEqual([theirs.data._id]);
    // Nor does the chain's DL hear of the other branch's request; the player hears of none.
    const decided = nextEvent<SocketPaymentQueuePayload>(dl.socket, 'paymentQueue');
    expect((await sendDecision(t, chain.tokens.dl, made.data._id, 'approved')).status).toBe(200);
    expect(await decided).toEqual({ ...expected, change: 'decided' });
    expect(dl.received.map((m) => `${m.change} ${m.id}`)).toEqual([`requested ${made.data._id}`, `decided ${made.data._id}`]);
    expect(player.received).toEqual([]);
  });

  it('GET pending-payments counts the agent\'s own downline\'s queue and the oldest request\'s time', async () => {
    const first = await sendDeposit(t, chain.tokens.player, { amount: '200', utrno: newUtr() }, { data: await pngImage() });
    await sendDeposit(t, chain.tokens.player, { amount: '400', utrno: newUtr() }, { data: await pngImage() });
    const dl = await pending(chain.tokens.dl);
    expect(dl.status).toBe(200);
    expect(dl.data.deposit).toEqual({ count: 2, oldestAt: first.data.createdAt });
    expect(dl.data.withdraw).toEqual({ count: 0, oldestAt: null });
    // The admin above both branches sees both; the other DL its own player's only.
    expect((await pending(chain.tokens.admin)).data.deposit.count).toBe(3);
    expect((await pending(otherTokens.dl)).data.deposit.count).toBe(1);
    // Players have no queue to read.
    expect((await pending(chain.tokens.player)).status).toBe(403);
  });
});
