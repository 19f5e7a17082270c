/**
 * Chip transfers (deposit-chips / withdraw-chips) through HTTP on real PostgreSQL: direct
 * children only, the transaction password, amounts at the edge, the ledger journal with its
 * remark and audit row, live balance events, idempotency (docs/rules/test-plan.md T3) and the hot spot (T2):
 * 50 concurrent transfers out of a balance that covers 10.
 */
import {
  MESSAGES,
  type ChipTransferResponse,
  type SocketBalancePayload,
} from '@backlay/shared/contracts';
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  body,
  buildTestApp,
  businessStateDigest,
  idempotent,
  TEST_ORIGIN,
  TEST_TXN_PASSWORD,
  type TestContext,
  type TestUser,
} from './helper';

let t: TestContext;
let baseUrl: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

type Envelope<T> = { data: T; message: string };
type Direction = 'deposit' | 'withdraw';

interface Family {
  dl: TestUser;
  player: TestUser;
  token: string;
}

/** A DL with `dlRupees` and a player with `playerRupees`, the DL signed in. */
async function family(dlRupees: bigint, playerRupees = 0n): Promise<Family> {
  const dl = await t.createUser({ role: 'dl' });
  const player = await t.createUser({ role: 'user', parentId: dl.id });
  if (dlRupees > 0n) await t.fund(dl.id, dlRupees);
  if (playerRupees > 0n) await t.fund(player.id, playerRupees);
  return { dl, player, token: (await t.login(dl)).token };
}

async function transfer(token: string, direction: Direction, payload: object, key: string | null = randomUUID()) {
  const response = await t.request({
    method: 'POST',
    url: `/api/${direction}-chips`,
    token,
    payload,
    headers: key === null ? {} : idempotent(key),
  });
  return { status: response.statusCode, raw: response.body, ...body<Envelope<ChipTransferResponse> & { data: { code?: string } }>(response) };
}

const chips = (username: string, amount: number, remark = '') => ({ username, amount, remark, transactionPassword: TEST_TXN_PASSWORD });

async function balance(userId: string): Promise<number> {
  const wallet = await t.services.ledger.walletOf(userId);
  return Number(wallet.balanceMinor) / 100;
}

async function journalCount(): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM journals');
  return rows[0]?.n ?? -1;
}

describe('deposit and withdraw', () => {
  it('a deposit moves chips from the agent to its child in one audited journal with the remark', async () => {
    const { dl, player, token } = await family(1_000n);
    const response = await transfer(token, 'deposit', chips(player.username, 250.5, '  weekly top-up '));
    expect(response.status).toBe(200);
    expect(response.message).toBe(MESSAGES.chipsDeposited);
    expect(response.data).toEqual({ journalId: expect.any(String), parentBalance: 749.5, childBalance: 250.5 });
    expect(await balance(dl.id)).toBe(749.5);
    expect(await balance(player.id)).toBe(250.5);
    const { rows } = await t.db.query('SELECT code, remark, actor_id FROM journals WHERE id = $1', [response.data.journalId]);
    expect(rows[0]).toEqual({ code: 'CHIP_DEPOSIT', remark: 'weekly top-up', actor_id: dl.id });
    const audit = await t.db.query('SELECT action, target, actor_id, after, ip FROM audit_log WHERE journal_id = $1', [response.data.journalId]);
    expect(audit.rows).toEqual([
      {
        action: 'chips.deposit',
        target: `user:${player.id}`,
        actor_id: dl.id,
        after: { amountMinor: '25050', remark: 'weekly top-up', journalId: response.data.journalId, code: 'CHIP_DEPOSIT' },
        ip: '127.0.0.1',
      },
    ]);
  });

  it("a withdrawal takes chips from the child's available balance back to the agent", async () => {
    const { dl, player, token } = await family(0n, 500n);
    await t.db.query('UPDATE ledger_accounts SET exposure_minor = 20000 WHERE user_id = $1', [player.id]); // ₹200 held
    const refused = await transfer(token, 'withdraw', chips(player.username, 300.01));
    expect(refused).toMatchObject({ status: 409, message: 'Insufficient balance: available 300.00, requested 300.01', data: { code: 'INSUFFICIENT_FUNDS' } });
    const ok = await transfer(token, 'withdraw', chips(player.username, 300));
    expect(ok).toMatchObject({ status: 200, message: MESSAGES.chipsWithdrawn, data: { parentBalance: 300, childBalance: 200 } });
    expect(await balance(dl.id)).toBe(300);
    await t.db.query('UPDATE ledger_accounts SET exposure_minor = 0 WHERE user_id = $1', [player.id]);
  });

  it('a deposit beyond the agent’s available balance is 409 naming the facts, and changes nothing', async () => {
    const { player, token } = await family(1_000n);
    const before = await businessStateDigest(t.db);
    const refused = await transfer(token, 'deposit', chips(player.username, 2500));
    expect(refused).toMatchObject({ status: 409, message: 'Insufficient balance: available 1,000.00, requested 2,500.00' });
    expect(await businessStateDigest(t.db)).toBe(before);
  });

  it('moves chips only to and from a direct child', async () => {
    const mdl = await t.createUser({ role: 'mdl' });
    const dl = await t.createUser({ role: 'dl', parentId: mdl.id });
    const player = await t.createUser({ role: 'user', parentId: dl.id });
    await t.fund(mdl.id, 100n);
    await t.fund(player.id, 100n);
    const token = (await t.login(mdl)).token;
    const stranger = await t.createUser({ role: 'dl' });
    const before = await businessStateDigest(t.db);
    expect(await transfer(token, 'deposit', chips(player.username, 1))).toMatchObject({ status: 403, message: MESSAGES.directChildOnly });
    expect(await transfer(token, 'withdraw', chips(player.username, 1))).toMatchObject({ status: 403, message: MESSAGES.directChildOnly });
    expect(await transfer(token, 'deposit', chips(mdl.username, 1))).toMatchObject({ status: 403, message: MESSAGES.notOwnAccount });
    expect(await transfer(token, 'deposit', chips(stranger.username, 1))).toMatchObject({ status: 404, message: MESSAGES.notInDownline });
    expect(await businessStateDigest(t.db)).toBe(before);
    expect((await transfer(token, 'deposit', chips(dl.username, 1))).status).toBe(200);
  });

  it.each([
    ['zero', 0, MESSAGES.amountInvalid],
    ['negative', -10, MESSAGES.amountInvalid],
    ['three decimals', 10.005, MESSAGES.amountInvalid],
    ['above the cap', 10_000_000_000.01, MESSAGES.amountTooLarge],
  ])('refuses a %s amount with 400', async (_name, amount, message) => {
    const { player, token } = await family(100n);
    expect(await transfer(token, 'deposit', chips(player.username, amount))).toMatchObject({ status: 400, message, data: { code: 'VALIDATION' } });
  });

  it('refuses a missing amount, a long remark, a wrong transaction password and a player caller', async () => {
    const { player, token } = await family(100n);
    const { amount: _omit, ...noAmount } = chips(player.username, 1);
    expect(await transfer(token, 'deposit', noAmount)).toMatchObject({ status: 400, message: MESSAGES.amountRequired });
    expect(await transfer(token, 'deposit', chips(player.username, 1, 'r'.repeat(201)))).toMatchObject({ status: 400, message: MESSAGES.remarkTooLong });
    expect(await transfer(token, 'deposit', { ...chips(player.username, 1), transactionPassword: '111111' })).toMatchObject({
      status: 403,
      message: MESSAGES.transactionPasswordWrong,
      data: { code: 'TRANSACTION_PASSWORD_WRONG' },
    });
    const playerToken = (await t.login(player)).token;
    expect(await transfer(playerToken, 'withdraw', chips(player.username, 1))).toMatchObject({ status: 403, message: MESSAGES.agentsOnly });
    expect(await balance(player.id)).toBe(0);
  });

  it('both parties get a live balance event', async () => {
    const { dl, player, token } = await family(1_000n);
    const dlSocket = await signedInSocket(dl, token);
    const playerSocket = await signedInSocket(player, (await t.login(player)).token);
    const dlBalance = nextEvent<SocketBalancePayload>(dlSocket, 'balance');
    const playerBalance = nextEvent<SocketBalancePayload>(playerSocket, 'balance');
    expect((await transfer(token, 'deposit', chips(player.username, 125.25))).status).toBe(200);
    expect(await dlBalance).toEqual({ balance: 874.75, exposer: 0, journalId: expect.any(String) });
    expect(await playerBalance).toEqual({ balance: 125.25, exposer: 0, journalId: expect.any(String) });
  });
});

describe('idempotency (QUALITY T3)', () => {
  it('requires the Idempotency-Key header, of 1 to 255 characters', async () => {
    const { player, token } = await family(100n);
    expect(await transfer(token, 'deposit', chips(player.username, 1), null)).toMatchObject({ status: 400, message: MESSAGES.idempotencyKeyRequired });
    expect((await transfer(token, 'deposit', chips(player.username, 1), 'k'.repeat(256))).status).toBe(400);
    expect((await transfer(token, 'deposit', chips(player.username, 1), 'k'.repeat(255))).status).toBe(200);
  });

  it('a repeat returns the first result byte for byte, with no second effect', async () => {
    const { dl, player, token } = await family(1_000n);
    const key = randomUUID();
    const first = await transfer(token, 'deposit', chips(player.username, 100, 'once'), key);
    const journals = await journalCount();
    // The balance moves on meanwhile; the repeat still answers the first result.
    expect((await transfer(token, 'deposit', chips(player.username, 50))).status).toBe(200);
    const again = await transfer(token, 'deposit', chips(player.username, 100, 'once'), key);
    expect(again.status).toBe(200);
    expect(again.raw).toBe(first.raw);
    expect(await journalCount()).toBe(journals + 1);
    expect(await balance(dl.id)).toBe(850);
    expect(await balance(player.id)).toBe(150);
  });

  it('the same key with a different body is 409 with no effect', async () => {
    const { player, token } = await family(1_000n);
    const key = randomUUID();
    await transfer(token, 'deposit', chips(player.username, 100), key);
    const before = await businessStateDigest(t.db);
    for (const other of [chips(player.username, 101), chips(player.username, 100, 'changed remark')]) {
      const response = await transfer(token, 'deposit', other, key);
      expect(response).toMatchObject({ status: 409, data: { code: 'IDEMPOTENCY_MISMATCH' } });
      expect(response.message).toBe(`Idempotency key "${key}" was already used for a different request`);
    }
    expect((await transfer(token, 'withdraw', chips(player.username, 100), key)).status).toBe(409);
    expect(await businessStateDigest(t.db)).toBe(before);
  });

  it('10 concurrent requests with one key make one effect and all answer it', async () => {
    const { dl, player, token } = await family(1_000n);
    const key = randomUUID();
    const journals = await journalCount();
    const responses = await Promise.all(Array.from({ length: 10 }, () => transfer(token, 'deposit', chips(player.username, 70), key)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.raw)).size).toBe(1);
    expect(await journalCount()).toBe(journals + 1);
    expect(await balance(dl.id)).toBe(930);
    expect(await balance(player.id)).toBe(70);
  });

  it('keys are scoped per caller', async () => {
    const a = await family(100n);
    const b = await family(100n);
    const key = randomUUID();
    const first = await transfer(a.token, 'deposit', chips(a.player.username, 10), key);
    const second = await transfer(b.token, 'deposit', chips(b.player.username, 10), key);
    expect(second.status).toBe(200);
    expect(second.data.journalId).not.toBe(first.data.journalId);
  });
});

describe('concurrency on real PostgreSQL (QUALITY T2, T4)', () => {
  it('50 concurrent deposits out of a balance that covers 10: exactly 10 succeed, never negative', async () => {
    const { dl, player, token } = await family(1_000n);
    const responses = await Promise.all(Array.from({ length: 50 }, () => transfer(token, 'deposit', chips(player.username, 100))));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(statuses.filter((s) => s >= 500)).toHaveLength(0);
    for (const refused of responses.filter((r) => r.status === 409)) {
      expect(refused.message).toBe('Insufficient balance: available 0.00, requested 100.00');
      expect(refused.data.code).toBe('INSUFFICIENT_FUNDS');
    }
    expect(await balance(dl.id)).toBe(0);
    expect(await balance(player.id)).toBe(1_000);
  });

  it('transfers in both directions between a parent and three children neither deadlock nor lose updates', async () => {
    const { dl, token } = await family(3_000n);
    const children = [await t.createUser({ role: 'user', parentId: dl.id }), await t.createUser({ role: 'user', parentId: dl.id }), await t.createUser({ role: 'user', parentId: dl.id })];
    for (const child of children) await t.fund(child.id, 1_000n);
    const calls = Array.from({ length: 60 }, (_, i) => {
      const child = children[i % 3] as TestUser;
      return transfer(token, i % 2 === 0 ? 'deposit' : 'withdraw', chips(child.username, i % 2 === 0 ? 7 : 3));
    });
    const responses = await Promise.all(calls);
    expect(responses.map((r) => r.status)).toEqual(Array(60).fill(200));
    // Each child: 10 deposits of 7 and 10 withdrawals of 3.
    for (const child of children) expect(await balance(child.id)).toBe(1_000 + 70 - 30);
    expect(await balance(dl.id)).toBe(3_000 - 3 * 40);
  });
});

function nextEvent<T>(socket: Socket, event: string, timeoutMs = 2_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

async function signedInSocket(user: TestUser, token: string): Promise<Socket> {
  const socket = io(`${baseUrl}/user`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    extraHeaders: { origin: TEST_ORIGIN },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = await new Promise((resolve) => socket.emit('userRoomJoin', user.id, resolve));
  expect(ack).toEqual({ ok: true });
  return socket;
}
