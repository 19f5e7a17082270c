/**
 * International casino: the registry as players see it, the launch against a real HTTP provider
 * started here (a minimal /v1/sessions and /v1/reports/transactions responder signed with
 * @backlay/shared/cw1), the single-use short-lived token, the refusals, the admin-only registry,
 * the agents' downline-only reports, and the reconciliation against a provider's report.
 */
import type { CasinoGameReportResponse, CasinoIntGamesResponse, CasinoIntProvider, CasinoIntReconciliationReport } from '@backlay/shared/contracts';
import { cw1SignedHeaders, verifyCw1, type Cw1ReportTransaction, type Cw1SessionRequest } from '@backlay/shared/cw1';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { SocketBalancePayload } from '@backlay/shared/contracts';
import { buildTestApp, TEST_ORIGIN, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';
import { connected, nextEvent, TestSockets } from './socket-helper';
import { seedStudioProvider } from '../src/casino-int/seed';
import { availableOf, common, createTestProvider, money, walletCall, type TestProvider } from './casino-int-helper';

let t: TestContext;
let server: Server;
let provider: TestProvider;
let baseUrl = '';
const sockets = new TestSockets(() => baseUrl);

/** What the fake provider saw and will answer. */
const fake = {
  sessions: [] as Cw1SessionRequest[],
  /** Answers of GET /v1/reports/transactions. */
  report: [] as Cw1ReportTransaction[],
  /** When set, the fake signs its answers with this secret instead (a provider with the wrong key). */
  signWith: null as string | null,
  delayMs: 0,
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A minimal CW-1 provider: verifies the operator's signature, answers signed. */
async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const raw = await readBody(request);
  const verified = await verifyCw1(request.headers as Record<string, string>, raw, [provider.secret]);
  const send = async (status: number, body: object) => {
    const text = JSON.stringify(body);
    const headers = await cw1SignedHeaders(provider.partnerId, fake.signWith ?? provider.secret, text);
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    response.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(text);
  };
  if (!verified.ok || verified.partnerId !== provider.partnerId) return send(401, { status: 'INVALID_SIGNATURE', message: 'bad signature' });
  const url = new URL(request.url ?? '/', 'http://provider');
  if (request.method === 'POST' && url.pathname === '/v1/sessions') {
    const session = JSON.parse(raw.toString('utf8')) as Cw1SessionRequest;
    fake.sessions.push(session);
    return send(200, { status: 'OK', launchUrl: `http://games.test/launch?t=${session.sessionToken}`, providerSessionId: randomUUID(), expiresAt: new Date(Date.now() + 60_000).toISOString() });
  }
  if (request.method === 'GET' && url.pathname === '/v1/reports/transactions') {
    return send(200, { status: 'OK', partnerId: provider.partnerId, date: url.searchParams.get('date'), transactions: fake.report });
  }
  return send(404, { status: 'INVALID_REQUEST', message: 'no such route' });
}

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t = await buildTestApp({ env: { CASINO_INT_PROVIDER_TIMEOUT_MS: '1000' } });
  provider = await createTestProvider(t, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => sockets.closeAll());
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  fake.signWith = null;
  fake.delayMs = 0;
});

async function tokenOf(user: TestUser): Promise<string> {
  return (await t.login(user)).token;
}

const play = (token: string, gameCode: string, extra: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/get-cas-casino-play-url',
    token,
    payload: { gameCode, lobby_url: `${TEST_ORIGIN}/casino-int/x`, ipAddress: '10.9.8.7', isMobile: true, ...extra },
  });

describe('listing', () => {
  it('lists the enabled providers and their games, filtered by provider, type and sub-category', async () => {
    const player = await t.createUser({ role: 'user' });
    const token = await tokenOf(player);
    const providers = (await t.request({ method: 'GET', url: '/api/get-casino-providers', token })).json() as { data: CasinoIntProvider[] };
    expect(providers.data.map((p) => p._id)).toEqual(expect.arrayContaining([provider.id, 'sport_betting']));
    expect(providers.data.find((p) => p._id === 'sport_betting')?.scrollable).toBe(true);

    const all = (await t.request({ method: 'GET', url: '/api/get-casino-int-games', token })).json() as { data: CasinoIntGamesResponse };
    expect(all.data.result.map((g) => g.identifier)).toEqual(expect.arrayContaining([`${provider.id}:crash`, 'sport_betting:exchange']));
    const mine = (await t.request({ method: 'GET', url: `/api/get-casino-int-games?provider=${provider.id}`, token })).json() as { data: CasinoIntGamesResponse };
    expect(mine.data.result.map((g) => g.identifier)).toEqual([`${provider.id}:crash`]);
    expect(mine.data.category).toEqual([{ _id: 'crash', name: 'Crash', provider_id: provider.id }]);
    const byType = (await t.request({ method: 'GET', url: '/api/get-casino-int-games?type=sport_betting&category=exchange', token })).json() as { data: CasinoIntGamesResponse };
    expect(byType.data.result.map((g) => g.game_name)).toEqual(['Exchange']);
    const none = (await t.request({ method: 'GET', url: '/api/get-casino-int-games?type=sport_betting&category=crash', token })).json() as { data: CasinoIntGamesResponse };
    expect(none.data.result).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/get-casino-int-games?provider=Bad%20Id', token })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/get-casino-int-games' })).statusCode).toBe(401);
  });

  it('hides a disabled provider and a disabled game', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const adminToken = await tokenOf(admin);
    const player = await t.createUser({ role: 'user' });
    const token = await tokenOf(player);
    const off = await t.request({ method: 'POST', url: '/api/casino-int-admin/games/sport_betting:exchange/enabled', token: adminToken, payload: { enabled: false } });
    expect(off.statusCode).toBe(200);
    let games = (await t.request({ method: 'GET', url: '/api/get-casino-int-games', token })).json() as { data: CasinoIntGamesResponse };
    expect(games.data.result.map((g) => g.identifier)).not.toContain('sport_betting:exchange');
    await t.request({ method: 'POST', url: '/api/casino-int-admin/games/sport_betting:exchange/enabled', token: adminToken, payload: { enabled: true } });
    await t.request({ method: 'POST', url: '/api/casino-int-admin/providers/sport_betting/enabled', token: adminToken, payload: { enabled: false } });
    games = (await t.request({ method: 'GET', url: '/api/get-casino-int-games', token })).json() as { data: CasinoIntGamesResponse };
    expect(games.data.providers.map((p) => p._id)).not.toContain('sport_betting');
    expect(games.data.result.map((g) => g.provider_id)).not.toContain('sport_betting');
    await t.request({ method: 'POST', url: '/api/casino-int-admin/providers/sport_betting/enabled', token: adminToken, payload: { enabled: true } });
  });
});

describe('launch', () => {
  it('mints a single-use token bound to player, currency and game, stores only its hash, and answers the provider launchUrl', async () => {
    const player = await t.createUser({ role: 'user' });
    await t.fund(player.id, 50n);
    const response = await play(await tokenOf(player), `${provider.id}:crash`);
    expect(response.statusCode).toBe(200);
    const session = fake.sessions.at(-1) as Cw1SessionRequest;
    const { url } = (response.json() as { data: { data: { url: string } } }).data.data;
    expect(url).toBe(`http://games.test/launch?t=${session.sessionToken}`);
    expect(session).toMatchObject({ playerId: player.id, currency: 'INR', gameCode: 'crash', device: 'mobile', mode: 'real', operatorId: provider.partnerId });
    // The API records the address it saw, not the body's ipAddress.
    expect(session.ip).not.toBe('10.9.8.7');
    const { rows } = await t.db.query<{ tokenHash: string; ip: string }>('SELECT token_hash AS "tokenHash", ip FROM casino_int_sessions WHERE user_id = $1', [player.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(session.sessionToken);
    expect(rows[0]?.ip).toBe(session.ip);
    const dump = await t.db.query<{ found: boolean }>("SELECT EXISTS (SELECT 1 FROM casino_int_sessions s WHERE s::text LIKE '%' || $1 || '%') AS found", [session.sessionToken]);
    expect(dump.rows[0]?.found).toBe(false);

    // The provider's first call swaps the token; a second use is refused.
    const auth = await walletCall(t, provider, 'authenticate', common(provider, player.id, session.sessionToken, 'lobby'));
    expect(auth.body).toMatchObject({ status: 'OK', playerId: player.id, balance: '5000', currency: 'INR' });
    expect((await walletCall(t, provider, 'authenticate', common(provider, player.id, session.sessionToken, 'lobby'))).body.status).toBe('INVALID_TOKEN');
    // Bound to the game: another game code is refused.
    expect((await walletCall(t, provider, 'balance', { ...common(provider, player.id, session.sessionToken, 'r'), gameCode: 'mines' })).body.status).toBe('INVALID_GAME');
  });

  it('lets a launch token expire unused (short-lived)', async () => {
    const player = await t.createUser({ role: 'user' });
    await play(await tokenOf(player), `${provider.id}:crash`);
    const session = fake.sessions.at(-1) as Cw1SessionRequest;
    await t.db.query("UPDATE casino_int_sessions SET token_expires_at = now() - interval '1 second' WHERE user_id = $1", [player.id]);
    expect((await walletCall(t, provider, 'authenticate', common(provider, player.id, session.sessionToken, 'lobby'))).body.status).toBe('SESSION_EXPIRED');
  });

  it('answers our own exchange page for sport_betting, on the lobby origin, with no provider call', async () => {
    const player = await t.createUser({ role: 'user' });
    const before = fake.sessions.length;
    const response = await play(await tokenOf(player), 'sport_betting:exchange');
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: { data: { url: string; scrollable: boolean } } }).data.data).toMatchObject({ url: `${TEST_ORIGIN}/`, scrollable: true });
    expect(fake.sessions.length).toBe(before);
  });

  it('refuses a locked player, a betting-locked player, a disabled game, an unknown game and a foreign lobby', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const adminToken = await tokenOf(admin);
    const player = await t.createUser({ role: 'user' });
    const token = await tokenOf(player);
    await t.db.query('UPDATE users SET bet_lock = true WHERE id = $1', [player.parentId]);
    const betLocked = await play(token, `${provider.id}:crash`);
    expect([betLocked.statusCode, betLocked.json().message]).toEqual([403, 'Your betting is locked, please contact your upline']);
    await t.db.query('UPDATE users SET bet_lock = false WHERE id = $1', [player.parentId]);

    await t.request({ method: 'POST', url: `/api/casino-int-admin/games/${provider.id}:crash/enabled`, token: adminToken, payload: { enabled: false } });
    const disabled = await play(token, `${provider.id}:crash`);
    expect([disabled.statusCode, disabled.json().message]).toEqual([409, 'This game is suspended by admin, please try again later']);
    await t.request({ method: 'POST', url: `/api/casino-int-admin/games/${provider.id}:crash/enabled`, token: adminToken, payload: { enabled: true } });

    expect((await play(token, `${provider.id}:nothing`)).statusCode).toBe(404);
    expect((await play(token, `${provider.id}:crash`, { lobby_url: 'https://evil.example/' })).statusCode).toBe(400);
    expect((await play(token, `${provider.id}:crash`, { isMobile: 'true' })).statusCode).toBe(400);

    await t.db.query("UPDATE users SET status = 'locked' WHERE id = $1", [player.id]);
    const locked = await play(token, `${provider.id}:crash`);
    expect([401, 403]).toContain(locked.statusCode);
    await t.db.query("UPDATE users SET status = 'active' WHERE id = $1", [player.id]);
  });

  it('opens no game for a self-excluded player: the refusal of a bet, with no session and no provider call', async () => {
    const player = await t.createUser({ role: 'user' });
    const token = await tokenOf(player);
    expect((await play(token, `${provider.id}:crash`)).statusCode).toBe(200);
    const calls = fake.sessions.length;
    const sessionsBefore = await t.db.query('SELECT count(*)::int AS n FROM casino_int_sessions WHERE user_id = $1', [player.id]);
    expect((await t.request({ method: 'POST', url: '/api/rg-self-exclude', token, payload: { months: 6, confirm: true } })).statusCode).toBe(200);
    const refused = await play(token, `${provider.id}:crash`);
    expect([refused.statusCode, refused.json().data?.code]).toEqual([403, 'SELF_EXCLUDED']);
    expect(refused.json().message).toMatch(/self-excluded/i);
    const sessionsAfter = await t.db.query('SELECT count(*)::int AS n FROM casino_int_sessions WHERE user_id = $1', [player.id]);
    expect(sessionsAfter.rows[0]).toEqual(sessionsBefore.rows[0]);
    expect(fake.sessions.length).toBe(calls);
    // Our own exchange still opens: there every bet meets the same check, and statements stay readable.
    expect((await play(token, 'sport_betting:exchange')).statusCode).toBe(200);
  });

  it('answers 502 when the provider answers with a wrong signature or too late', async () => {
    const player = await t.createUser({ role: 'user' });
    const token = await tokenOf(player);
    fake.signWith = 'w'.repeat(43);
    expect((await play(token, `${provider.id}:crash`)).statusCode).toBe(502);
    fake.signWith = null;
    fake.delayMs = 1_500;
    const late = await play(token, `${provider.id}:crash`);
    expect([late.statusCode, late.json().message]).toEqual([502, 'The game provider is not available, please try again later']);
  });

  it('is for players only', async () => {
    const dl = await t.createUser({ role: 'dl' });
    expect([401, 403]).toContain((await play(await tokenOf(dl), `${provider.id}:crash`)).statusCode);
  });
});

describe('demo seed', () => {
  it('registers backlay-studio with crash, mines, plinko, dice, limbo and hilo, and keeps a restarted secret verifying', async () => {
    const studio = { url: 'http://127.0.0.1:8095', partnerId: 'backlay-studio', secret: 'a'.repeat(40) };
    await seedStudioProvider(t.db, studio);
    await seedStudioProvider(t.db, studio);
    const player = await t.createUser({ role: 'user' });
    const games = (await t.request({ method: 'GET', url: '/api/get-casino-int-games?provider=backlay-studio', token: await tokenOf(player) })).json() as { data: CasinoIntGamesResponse };
    const codes = ['crash', 'mines', 'plinko', 'dice', 'limbo', 'hilo'];
    expect(games.data.result.map((g) => g.identifier)).toEqual(codes.map((c) => `backlay-studio:${c}`));
    expect(games.data.category.map((c) => c._id)).toEqual(codes);
    const secretsOf = async () => (await t.services.casinoInt.adminProviders()).find((p) => p.id === 'backlay-studio')?.secrets.map((s) => s.hint);
    expect(await secretsOf()).toEqual(['aaaa']);
    await seedStudioProvider(t.db, { ...studio, secret: 'b'.repeat(40) });
    expect(await secretsOf()).toEqual(['bbbb', 'aaaa']);
    await seedStudioProvider(t.db, { ...studio, secret: 'c'.repeat(40) });
    expect(await secretsOf()).toEqual(['cccc', 'bbbb']);
    // Each game's maximum payout multiplier, the studio's real one (STUDIO_MAX_MULTIPLIERS; studio/src/games checks them).
    const maxima = (await t.services.casinoInt.adminProviders()).find((p) => p.id === 'backlay-studio')?.games.map((g) => [g.code, g.maxMultiplier]);
    expect(maxima).toEqual([
      ['crash', '100000.00'],
      ['mines', '5148297.00'],
      ['plinko', '1000.00'],
      ['dice', '9900.00'],
      ['limbo', '1000000.00'],
      ['hilo', '1000000.00'],
    ]);
    // Its tiles are drawn by the API.
    for (const code of codes) {
      const tile = await t.request({ method: 'GET', url: `/api/casino-int/images/${code}.svg` });
      expect([tile.statusCode, tile.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    }
    expect((await t.request({ method: 'GET', url: '/api/casino-int/images/nothing.svg' })).statusCode).toBe(404);
  });
});

describe('live balance', () => {
  it('pushes the player balance over the socket after each debit and credit commits', async () => {
    const player = await t.createUser({ role: 'user' });
    await t.fund(player.id, 100n);
    const token = await tokenOf(player);
    await play(token, `${provider.id}:crash`);
    const session = fake.sessions.at(-1) as Cw1SessionRequest;
    await walletCall(t, provider, 'authenticate', common(provider, player.id, session.sessionToken, 'lobby'));
    const socket = sockets.connect({ token });
    await connected(socket);
    expect(await new Promise((resolve) => socket.emit('userRoomJoin', player.id, resolve))).toEqual({ ok: true });
    const afterDebit = nextEvent<SocketBalancePayload>(socket, 'balance');
    const debitId = randomUUID();
    await walletCall(t, provider, 'debit', { ...money(provider, player.id, session.sessionToken, 'live-1'), transactionId: debitId, amount: '2550', bets: [] });
    expect(await afterDebit).toEqual({ balance: 74.5, exposer: 0, journalId: expect.any(String) });
    const afterCredit = nextEvent<SocketBalancePayload>(socket, 'balance');
    await walletCall(t, provider, 'credit', { ...money(provider, player.id, session.sessionToken, 'live-1'), transactionId: randomUUID(), refTransactionId: debitId, amount: '5000', roundClosed: true });
    expect(await afterCredit).toEqual({ balance: 124.5, exposer: 0, journalId: expect.any(String) });
  });
});

describe('the game session ends with the operator session', () => {
  /** A funded player signed in, a game launched through the real route and authenticated, one debit in an open round. */
  async function launched(opts: { parentId?: string } = {}) {
    const player = await t.createUser({ role: 'user', ...(opts.parentId !== undefined ? { parentId: opts.parentId } : {}) });
    await t.fund(player.id, 100n);
    const access = await tokenOf(player);
    expect((await play(access, `${provider.id}:crash`)).statusCode).toBe(200);
    const game = (fake.sessions.at(-1) as Cw1SessionRequest).sessionToken;
    expect((await walletCall(t, provider, 'authenticate', common(provider, player.id, game, 'lobby'))).body.status).toBe('OK');
    const debit = (roundId: string, transactionId = randomUUID()) =>
      walletCall(t, provider, 'debit', { ...money(provider, player.id, game, roundId), transactionId, amount: '1000', bets: [] });
    const credit = (roundId: string, refTransactionId: string) =>
      walletCall(t, provider, 'credit', { ...money(provider, player.id, game, roundId), transactionId: randomUUID(), refTransactionId, amount: '2500', roundClosed: true });
    const rollback = (roundId: string, refTransactionId: string) =>
      walletCall(t, provider, 'rollback', { ...money(provider, player.id, game, roundId), transactionId: randomUUID(), refTransactionId, reason: 'round void' });
    const won = randomUUID();
    const voided = randomUUID();
    expect((await debit('open-1', won)).body.status).toBe('OK');
    expect((await debit('open-2', voided)).body.status).toBe('OK');
    return { player, access, game, debit, credit, rollback, won, voided };
  }

  /** After the end: a new debit is SESSION_EXPIRED and moves nothing; the open rounds' credit and rollback still settle. */
  async function expectEnded(g: Awaited<ReturnType<typeof launched>>) {
    expect(await availableOf(t, g.player.id)).toBe(8_000n);
    const refused = await g.debit('open-3');
    expect(refused.body).toMatchObject({ status: 'SESSION_EXPIRED' });
    expect((await walletCall(t, provider, 'balance', common(provider, g.player.id, g.game, 'lobby'))).body.status).toBe('SESSION_EXPIRED');
    expect(await availableOf(t, g.player.id)).toBe(8_000n);
    expect((await g.credit('open-1', g.won)).body).toMatchObject({ status: 'OK', balance: '10500' });
    expect((await g.rollback('open-2', g.voided)).body).toMatchObject({ status: 'OK', balance: '11500' });
  }

  it('refuses a debit after the player logs out', async () => {
    const g = await launched();
    expect((await t.request({ method: 'POST', url: '/api/logout', token: g.access })).statusCode).toBe(200);
    await expectEnded(g);
  });

  it('refuses a debit after a newer sign-in of the player', async () => {
    const g = await launched();
    await tokenOf(g.player);
    await expectEnded(g);
  });

  it('refuses a debit after an upline resets the player password', async () => {
    const dl = await t.createUser({ role: 'dl' });
    const g = await launched({ parentId: dl.id });
    const reset = await t.request({
      method: 'POST',
      url: '/api/change-child-password',
      token: await tokenOf(dl),
      payload: { username: g.player.username, newPassword: 'Fresh#Pass9', transactionPassword: TEST_TXN_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    await expectEnded(g);
  });

  it('refuses a debit during maintenance, and takes stakes again once it is over', async () => {
    const g = await launched();
    const admin = await t.createUser({ role: 'admin' });
    const context = { actorId: admin.id, ip: '127.0.0.1', requestId: null };
    await t.services.settings.save([{ key: 'maintenance', value: 'true' }], context);
    try {
      await expectEnded(g);
    } finally {
      await t.services.settings.save([{ key: 'maintenance', value: 'false' }], context);
    }
    expect((await g.debit('open-4')).body).toMatchObject({ status: 'OK', balance: '10500' });
  });
});

describe('admin registry', () => {
  it('lets only the Super Admin register a provider and rotate or retire its secrets; admin and sadmin manage games; nobody else', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const sadmin = await t.createUser({ role: 'sadmin', parentId: admin.id });
    const dl = await t.createUser({ role: 'dl' });
    const player = await t.createUser({ role: 'user' });
    for (const user of [dl, player]) {
      const token = await tokenOf(user);
      expect((await t.request({ method: 'GET', url: '/api/casino-int-admin/providers', token })).statusCode).toBe(403);
      expect((await t.request({ method: 'POST', url: `/api/casino-int-admin/providers/${provider.id}/secrets`, token })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: `/api/casino-int-admin/reconciliation?provider=${provider.id}&date=2026-01-01`, token })).statusCode).toBe(403);
    }
    const acme = { id: 'acme', name: 'Acme Games', partnerId: 'acme-1', launchUrl: 'http://127.0.0.1:9/api', currencies: ['INR'] };
    // The Admin (sadmin) may not register a provider nor touch a secret: 403, nothing written.
    const adminToken = await tokenOf(sadmin);
    const secretsBefore = (await t.db.query('SELECT id FROM casino_int_secrets')).rowCount;
    for (const [url, payload] of [
      ['/api/casino-int-admin/providers', acme],
      [`/api/casino-int-admin/providers/${provider.id}/secrets`, undefined],
      [`/api/casino-int-admin/providers/${provider.id}/secrets/${randomUUID()}/retire`, undefined],
    ] as const) {
      const refused = await t.request({ method: 'POST', url, token: adminToken, ...(payload !== undefined ? { payload } : {}) });
      expect({ url, status: refused.statusCode, code: (refused.json() as { data: { code: string } }).data.code }).toEqual({ url, status: 403, code: 'FORBIDDEN' });
    }
    expect((await t.db.query('SELECT id FROM casino_int_secrets')).rowCount).toBe(secretsBefore);
    expect((await t.db.query("SELECT 1 FROM casino_int_providers WHERE id = 'acme'")).rowCount).toBe(0);

    const token = await tokenOf(admin);
    const created = await t.request({ method: 'POST', url: '/api/casino-int-admin/providers', token, payload: acme });
    expect(created.statusCode).toBe(200);
    const first = (created.json() as { data: { secret: string; secretId: string } }).data;
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect((await t.request({ method: 'POST', url: '/api/casino-int-admin/providers', token, payload: { id: 'acme', name: 'x', partnerId: 'acme-2', launchUrl: 'http://127.0.0.1:9/', currencies: ['INR'] } })).statusCode).toBe(409);
    // A game is registered with its maximum payout multiplier, by admin or sadmin.
    const slots = { code: 'slots-1', name: 'Slots', image: 'https://acme.example/slots.png', category: 'slots', subCategory: 'classic', maxMultiplier: '2500.50' };
    expect((await t.request({ method: 'POST', url: '/api/casino-int-admin/providers/acme/games', token: adminToken, payload: slots })).statusCode).toBe(200);
    for (const maxMultiplier of [undefined, '0', '0.99', '1.234', '1e3', 5, '10000000000']) {
      const bad = await t.request({ method: 'POST', url: '/api/casino-int-admin/providers/acme/games', token, payload: { ...slots, code: 'slots-2', maxMultiplier } });
      expect({ maxMultiplier, status: bad.statusCode }).toEqual({ maxMultiplier, status: 400 });
    }
    const rotated = (await t.request({ method: 'POST', url: '/api/casino-int-admin/providers/acme/secrets', token })).json() as { data: { secret: string; secretId: string } };
    expect(rotated.data.secret).not.toBe(first.secret);
    // A third active secret needs a retirement first; the last one can not be retired.
    expect((await t.request({ method: 'POST', url: '/api/casino-int-admin/providers/acme/secrets', token })).statusCode).toBe(409);
    const retired = await t.request({ method: 'POST', url: `/api/casino-int-admin/providers/acme/secrets/${first.secretId}/retire`, token });
    expect(retired.statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/casino-int-admin/providers/acme/secrets/${rotated.data.secretId}/retire`, token })).statusCode).toBe(409);
    const list = (await t.request({ method: 'GET', url: '/api/casino-int-admin/providers', token: adminToken })).json() as {
      data: Array<{ id: string; secrets: Array<{ hint: string }>; games: Array<{ code: string; maxMultiplier: string }> }>;
    };
    const listed = list.data.find((p) => p.id === 'acme');
    expect(listed?.secrets).toEqual([expect.objectContaining({ hint: rotated.data.secret.slice(-4) })]);
    expect(JSON.stringify(list.data)).not.toContain(rotated.data.secret);
    expect(listed?.games).toEqual([expect.objectContaining({ code: 'slots-1', maxMultiplier: '2500.50' })]);
  });
});

describe('reports and reconciliation', () => {
  it('shows a closed round in the player casino report and only in the own chain agents game-reports', async () => {
    const player = await t.createUser({ role: 'user' });
    const outsider = await t.createUser({ role: 'dl' });
    await t.fund(player.id, 100n);
    await play(await tokenOf(player), `${provider.id}:crash`);
    const session = fake.sessions.at(-1) as Cw1SessionRequest;
    await walletCall(t, provider, 'authenticate', common(provider, player.id, session.sessionToken, 'lobby'));
    const debitId = randomUUID();
    await walletCall(t, provider, 'debit', { ...money(provider, player.id, session.sessionToken, 'rp-1'), transactionId: debitId, amount: '4000', bets: [] });
    await walletCall(t, provider, 'credit', { ...money(provider, player.id, session.sessionToken, 'rp-1'), transactionId: randomUUID(), refTransactionId: debitId, amount: '1000', roundClosed: true });
    expect(await availableOf(t, player.id)).toBe(7_000n);
    const day = new Date().toISOString().slice(0, 10);
    const own = await t.request({ method: 'GET', url: `/api/casino-report?from=${day}&to=${day}`, token: await tokenOf(player) });
    expect((own.json() as { data: { rows: Array<{ gameCode: string; pnl: number; stake: number }> } }).data.rows).toEqual([
      expect.objectContaining({ gameCode: `${provider.id}:crash`, pnl: -30, stake: 40 }),
    ]);
    const dl = { id: player.parentId as string };
    const { rows } = await t.db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [dl.id]);
    const dlUser = { id: dl.id, username: rows[0]?.username ?? '', role: 'dl' as const, parentId: null, password: 'Test#Pass1' };
    const report = (await t.request({ method: 'GET', url: `/api/game-reports?from=${day}&to=${day}`, token: await tokenOf(dlUser) })).json() as { data: CasinoGameReportResponse };
    expect(report.data.rows).toEqual([expect.objectContaining({ gameCode: `${provider.id}:crash`, childId: player.id, pnl: -30 })]);
    const other = (await t.request({ method: 'GET', url: `/api/game-reports?from=${day}&to=${day}`, token: await tokenOf(outsider) })).json() as { data: CasinoGameReportResponse };
    expect(other.data.rows).toEqual([]);
    const pnl = (await t.request({ method: 'GET', url: `/api/profit-loss?from=${day}&to=${day}`, token: await tokenOf(dlUser) })).json() as { data: { rows: Array<{ sportName: string; pnl: number; ownShare: number }> } };
    expect(pnl.data.rows).toEqual([expect.objectContaining({ sportName: 'International Casino', pnl: -30, ownShare: 18 })]);
  });

  it('statements read a round as words (game, the player\'s round number, amount), never provider ids; the agent P&L is one row per game and day', async () => {
    const player = await t.createUser({ role: 'user' });
    await t.fund(player.id, 100n);
    await play(await tokenOf(player), `${provider.id}:crash`);
    const session = fake.sessions.at(-1) as Cw1SessionRequest;
    await walletCall(t, provider, 'authenticate', common(provider, player.id, session.sessionToken, 'lobby'));
    const roundIds = [`opaque-${randomUUID()}`, `opaque-${randomUUID()}`];
    const txIds = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const [first, second] = roundIds as [string, string];
    await walletCall(t, provider, 'debit', { ...money(provider, player.id, session.sessionToken, first), transactionId: txIds[0], amount: '4000', bets: [] });
    await walletCall(t, provider, 'credit', { ...money(provider, player.id, session.sessionToken, first), transactionId: txIds[1], refTransactionId: txIds[0], amount: '13100', roundClosed: true });
    await walletCall(t, provider, 'debit', { ...money(provider, player.id, session.sessionToken, second), transactionId: txIds[2], amount: '2550', bets: [] });
    await walletCall(t, provider, 'rollback', { ...money(provider, player.id, session.sessionToken, second), transactionId: txIds[3], refTransactionId: txIds[2], reason: 'timeout' });
    await walletCall(t, provider, 'roundClose', { ...common(provider, player.id, session.sessionToken, second) });
    const day = new Date().toISOString().slice(0, 10);
    const statement = await t.request({ method: 'GET', url: `/api/account-statement?startDate=${day}&endDate=${day}`, token: await tokenOf(player) });
    expect(statement.statusCode).toBe(200);
    const rows = (statement.json() as { data: { rows: Array<{ code: string; description: string; remark: string | null }> } }).data.rows;
    expect(rows.filter((row) => row.code.startsWith('CASINO_INT_')).map((row) => [row.description, row.remark])).toEqual([
      ['Crash · round 1 · staked ₹40', null],
      ['Crash · round 1 · won ₹131', null],
      ['Crash · round 2 · staked ₹25.50', null],
      ['Crash · round 2 · refunded ₹25.50', null],
    ]);
    const text = JSON.stringify(statement.json());
    for (const id of [...roundIds, ...txIds]) expect(text).not.toContain(id);

    const own = (await t.request({ method: 'GET', url: `/api/profit-loss?from=${day}&to=${day}`, token: await tokenOf(player) })).json() as { data: { rows: Array<{ matchName: string; marketName: string; pnl: number }> } };
    expect(own.data.rows.map((row) => [row.matchName, row.marketName, row.pnl])).toEqual([
      ['Crash', 'Round 2', 0],
      ['Crash', 'Round 1', 91],
    ]);
    // The agent: both rounds of the game that day in one row, with neither round's id.
    const { rows: parent } = await t.db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [player.parentId]);
    const dlUser = { id: player.parentId as string, username: parent[0]?.username ?? '', role: 'dl' as const, parentId: null, password: 'Test#Pass1' };
    const agent = (await t.request({ method: 'GET', url: `/api/profit-loss?from=${day}&to=${day}`, token: await tokenOf(dlUser) })).json() as { data: { rows: Array<{ key: string; matchName: string; marketName: string; pnl: number }> } };
    const [y, m, d] = day.split('-');
    expect(agent.data.rows).toEqual([
      expect.objectContaining({ key: `${provider.id}:crash:${day}`, matchName: 'Crash', marketName: `2 rounds on ${d}/${m}/${y}`, sportName: 'International Casino', pnl: 91 }),
    ]);
  });

  it('lists exactly the missing and the differing transactions against the provider report', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const token = await tokenOf(admin);
    const player = await t.createUser({ role: 'user' });
    await t.fund(player.id, 100n);
    await play(await tokenOf(player), `${provider.id}:crash`);
    const session = fake.sessions.at(-1) as Cw1SessionRequest;
    await walletCall(t, provider, 'authenticate', common(provider, player.id, session.sessionToken, 'lobby'));
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries()) {
      await walletCall(t, provider, 'debit', { ...money(provider, player.id, session.sessionToken, `rec-${i}`), transactionId: id, amount: '1000', bets: [] });
    }
    const day = new Date().toISOString().slice(0, 10);
    const line = (transactionId: string, amount: string): Cw1ReportTransaction => ({
      transactionId,
      type: 'debit',
      roundId: 'rec',
      playerId: player.id,
      gameCode: 'crash',
      amount,
      currency: 'INR',
      sentAt: new Date().toISOString(),
    });
    // Ours has ids[0..2]; theirs has ids[0] right, ids[1] with another amount, not ids[2], and one we never saw.
    const unknown = randomUUID();
    const ours = (await t.request({ method: 'GET', url: `/api/casino-int-admin/reconciliation?provider=${provider.id}&date=${day}`, token })).json() as { data: CasinoIntReconciliationReport };
    const others = ours.data.transactions.filter((tx) => !(ids as string[]).includes(tx.transactionId)).map((tx) => line(tx.transactionId, String(Math.round(Number(tx.amount) * 100))));
    fake.report = [...others, line(ids[0] as string, '1000'), line(ids[1] as string, '1500'), line(unknown, '200')];
    const run = await t.request({ method: 'POST', url: '/api/casino-int-admin/reconciliation', token, payload: { provider: provider.id, date: day } });
    expect(run.statusCode).toBe(200);
    const result = (run.json() as { data: { status: string; mismatches: unknown[] } }).data;
    expect(result.status).toBe('mismatched');
    expect(result.mismatches).toEqual(
      expect.arrayContaining([
        { kind: 'amount_differs', transactionId: ids[1], type: 'debit', ours: '10.00', theirs: '15.00' },
        { kind: 'missing_theirs', transactionId: ids[2], type: 'debit', ours: '10.00', theirs: null },
        { kind: 'missing_ours', transactionId: unknown, type: 'debit', ours: null, theirs: '2.00' },
      ]),
    );
    expect(result.mismatches).toHaveLength(3);
    const report = (await t.request({ method: 'GET', url: `/api/casino-int-admin/reconciliation?provider=${provider.id}&date=${day}`, token })).json() as { data: CasinoIntReconciliationReport };
    expect(report.data.run?.mismatches).toHaveLength(3);
    expect(report.data.transactions.map((tx) => tx.transactionId)).toEqual(expect.arrayContaining(ids));

    // The leader job reconciles yesterday once per provider.
    expect(await t.services.reconciliationJob.acquire()).toBe(true);
    fake.report = [];
    expect(await t.services.reconciliationJob.tick()).toBeGreaterThanOrEqual(1);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const last = (await t.request({ method: 'GET', url: `/api/casino-int-admin/reconciliation?provider=${provider.id}&date=${yesterday}`, token })).json() as { data: CasinoIntReconciliationReport };
    expect(last.data.run?.status).toBe('matched');
    // A matched day is not fetched again.
    expect(await t.services.reconciliation.pending(yesterday)).not.toContain(provider.id);
    await t.services.reconciliationJob.stop();
  });
});
