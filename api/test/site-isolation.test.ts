/**
 * Isolation between white-label sites, proved (issue 35, ADR 0074 "Isolation, proved"): two sites
 * whose chains have the same usernames, side by side on one API.
 *
 * - Sockets: no socket event of one site's users reaches the other's — a balance, a payment
 *   request's alert to the agents above it, the end of a session, a site's maintenance switch
 *   (room `site:<id>`); the platform's own maintenance still reaches every site's players.
 * - The Host header, fuzzed: random and hostile Host and X-Forwarded-Host values (without and
 *   with TRUST_PROXY) never make the API fail, never answer another site: a session of one site
 *   is refused on every host that normalises to the other, and a host that is no host name is the
 *   default site.
 * - The ledger per site (helper.ts `siteLedgerViolations`, asserted after every test of every
 *   file with the other invariants): every site's journals balance, and no journal moves money
 *   between two sites' users except through the root.
 */
import { SITE_MESSAGES, type PublicSite, type SocketPaymentQueuePayload } from '@backlay/shared/contracts';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { buildTestApp, idempotent, siteLedgerViolations, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';
import { newUtr, pngImage, sendDeposit } from './payments-helper';
import { connected, emitWithAck, nextEvent, TestSockets } from './socket-helper';
import * as sitesRepo from '../src/sites/sites.repository';
import { addSite } from './site-helper';

const SIXER = 'play.sixer.test';

let t: TestContext;
let proxied: TestContext;
let baseUrl = '';
const sockets = new TestSockets(() => baseUrl);

interface SiteChain {
  admin: TestUser;
  dl: TestUser;
  player: TestUser;
  tokens: { admin: string; dl: string; player: string };
}
let root: TestUser;
/** The default site's chain (any host but SIXER) and Sixer's, with the same usernames. */
let home: SiteChain;
let sixer: SiteChain;

async function chainOf(siteId: string | undefined, host: string | undefined): Promise<SiteChain> {
  const admin = await t.createUser({ role: 'sadmin', parentId: root.id, username: 'same-admin', ...(siteId === undefined ? {} : { siteId }) });
  const smdl = await t.createUser({ role: 'smdl', parentId: admin.id, username: 'same-smdl' });
  const mdl = await t.createUser({ role: 'mdl', parentId: smdl.id, username: 'same-mdl' });
  const dl = await t.createUser({ role: 'dl', parentId: mdl.id, username: 'same-dl' });
  const player = await t.createUser({ role: 'user', parentId: dl.id, username: 'same-player' });
  for (const agent of [admin, smdl, mdl, dl]) await t.fund(agent.id, 100_000n);
  const tokens = {
    admin: (await t.login(admin, 'admin', host)).token,
    dl: (await t.login(dl, 'admin', host)).token,
    player: (await t.login(player, 'player', host)).token,
  };
  return { admin, dl, player, tokens };
}

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  await addSite(t, [SIXER]);
  root = await t.createUser({ role: 'admin', username: 'root-boss' });
  await t.fund(root.id, 1_000_000n);
  home = await chainOf(undefined, undefined);
  sixer = await chainOf('sixer', SIXER);
  await sitesRepo.bindAdmin(t.db, 'sixer', sixer.admin.id);
  t.services.sites.changed();
  proxied = await buildTestApp({ env: { TRUST_PROXY: '1' } });
  await addSite(proxied, [SIXER]);
}, 60_000);
afterEach(() => sockets.closeAll());
afterAll(async () => {
  await proxied.close();
  await t.close();
});

/** A user socket on `host` (undefined: the default site) in its user's room, recording every event. */
async function socketOf(user: TestUser, token: string, host: string | undefined): Promise<{ socket: Socket; events: string[] }> {
  const socket = sockets.connect({ token, origin: null, ...(host === undefined ? {} : { host }) });
  const events: string[] = [];
  socket.onAny((event: string) => events.push(event));
  socket.on('disconnect', () => events.push('disconnect'));
  await connected(socket);
  expect(await emitWithAck(socket, 'userRoomJoin', user.id)).toEqual({ ok: true });
  return { socket, events };
}

/**
 * After `home`'s socket got what it was sent, a message that went to the other site too would
 * have reached it: socket.io delivers in order, so a marker emitted after it arrives after it.
 */
async function settled(...others: Socket[]): Promise<void> {
  for (const socket of others) {
    const marker = nextEvent(socket, 'maintenance');
    t.services.events.publish('sites.maintenanceChanged', { on: true, siteId: 'sixer' });
    await marker;
  }
}

describe('no socket event of one site reaches the other’s users of the same names', () => {
  it('a balance reaches its own player only', async () => {
    const homePlayer = await socketOf(home.player, home.tokens.player, undefined);
    const sixerPlayer = await socketOf(sixer.player, sixer.tokens.player, SIXER);
    const balance = nextEvent<{ balance: number }>(homePlayer.socket, 'balance');
    const deposit = await t.request({
      method: 'POST',
      url: '/api/deposit-chips',
      token: home.tokens.dl,
      headers: idempotent(randomUUID()),
      payload: { username: 'same-player', amount: 25, remark: 'isolation', transactionPassword: TEST_TXN_PASSWORD },
    });
    expect(deposit.statusCode).toBe(200);
    expect((await balance).balance).toBe(25);
    await settled(sixerPlayer.socket);
    expect(sixerPlayer.events).toEqual(['maintenance']);
  });

  it("a payment request alerts its own site's agents, not the other site's agents of the same names", async () => {
    const homeDl = await socketOf(home.dl, home.tokens.dl, undefined);
    const sixerDl = await socketOf(sixer.dl, sixer.tokens.dl, SIXER);
    const sixerAdmin = await socketOf(sixer.admin, sixer.tokens.admin, SIXER);
    const alert = nextEvent<SocketPaymentQueuePayload>(homeDl.socket, 'paymentQueue');
    const made = await sendDeposit(t, home.tokens.player, { amount: '300', utrno: newUtr() }, { data: await pngImage() });
    expect(made.status).toBe(200);
    expect((await alert).id).toBe(made.data._id);
    // Sixer's own player's request reaches Sixer's agents: messages arrive in the order they were
    // sent, so their first alert being that one shows the home request's never came.
    const toSixerDl = nextEvent<SocketPaymentQueuePayload>(sixerDl.socket, 'paymentQueue');
    const toSixerAdmin = nextEvent<SocketPaymentQueuePayload>(sixerAdmin.socket, 'paymentQueue');
    const theirs = await sendDeposit(t, sixer.tokens.player, { amount: '310', utrno: newUtr() }, { data: await pngImage() }, randomUUID(), { host: SIXER });
    expect(theirs.status).toBe(200);
    expect((await toSixerDl).id).toBe(theirs.data._id);
    expect((await toSixerAdmin).id).toBe(theirs.data._id);
    expect(sixerDl.events).toEqual(['paymentQueue']);
    expect(sixerAdmin.events).toEqual(['paymentQueue']);
    expect(homeDl.events).toEqual(['paymentQueue']);
  });

  it("a session's end logs out its own socket, never the other site's account of the same name", async () => {
    const homePlayer = await socketOf(home.player, home.tokens.player, undefined);
    const sixerPlayer = await socketOf(sixer.player, sixer.tokens.player, SIXER);
    const logout = nextEvent(homePlayer.socket, 'logout');
    const lock = (lock: boolean) =>
      t.request({ method: 'POST', url: '/api/users-lock', token: home.tokens.dl, payload: { username: 'same-player', lock, transactionPassword: TEST_TXN_PASSWORD } });
    expect((await lock(true)).statusCode).toBe(200);
    await logout;
    await settled(sixerPlayer.socket);
    expect(sixerPlayer.events).toEqual(['maintenance']);
    expect(sixerPlayer.socket.connected).toBe(true);
    expect((await lock(false)).statusCode).toBe(200);
    home.tokens.player = (await t.login(home.player, 'player')).token;
  });

  it("a site's maintenance reaches that site's players only; the platform's reaches every site's", async () => {
    const homePlayer = await socketOf(home.player, home.tokens.player, undefined);
    const sixerPlayer = await socketOf(sixer.player, sixer.tokens.player, SIXER);
    const sixerDl = await socketOf(sixer.dl, sixer.tokens.dl, SIXER);
    const toSixer = nextEvent(sixerPlayer.socket, 'maintenance');
    t.services.events.publish('sites.maintenanceChanged', { on: true, siteId: 'sixer' });
    await toSixer;
    const bothHome = nextEvent(homePlayer.socket, 'maintenance');
    const bothSixer = nextEvent(sixerPlayer.socket, 'maintenance');
    t.services.events.publish('settings.maintenanceChanged', { on: true });
    await Promise.all([bothHome, bothSixer]);
    // The home player heard the platform's only; the admin area never hears maintenance.
    expect(homePlayer.events).toEqual(['maintenance']);
    expect(sixerPlayer.events).toEqual(['maintenance', 'maintenance']);
    expect(sixerDl.events).toEqual([]);
  });
});

/** Random and hostile host values: no host names, other sites' names in disguise, bytes HTTP refuses. */
function hostileHosts(): string[] {
  const fixed = [
    '', ' ', SIXER, `${SIXER}:443`, `${SIXER}.`, SIXER.toUpperCase(), ` ${SIXER}`, `${SIXER} `, `${SIXER},evil.example`,
    `evil.example,${SIXER}`, `user@${SIXER}`, `${SIXER}@evil.example`, `${SIXER}/x`, `${SIXER}\\x`, `${SIXER}%00`,
    `${SIXER}\u0000`, `${SIXER}\t`, `[${SIXER}]`, `${SIXER}:99999999999999999999`, `${SIXER}:-1`, 'a'.repeat(5000),
    `${'a'.repeat(64)}.test`, '..', '.', ':', '[::1]', '[::1]:80', '127.0.0.1', '0x7f000001', 'localhost', 'xn--', 'é.example',
    '\ud800', '😀.test', 'true', 'null', '{"host":1}', '%2e%2e', `${SIXER}%2f..`, '*', '-', '_.test',
  ];
  const alphabet = `abcdefghijklmnopqrstuvwxyz0123456789.-:[]@%_ ,/\\${String.fromCharCode(0, 1, 127)}éÿ`;
  const random = Array.from({ length: 60 }, () =>
    Array.from({ length: randomInt(1, 40) }, () => alphabet[randomInt(alphabet.length)] ?? 'a').join(''),
  );
  return [...fixed, ...random];
}

/** The site the directory resolves a host value to, as GET /api/site answers it. */
async function siteOf(ctx: TestContext, headers: Record<string, string>): Promise<{ status: number; site: string | null }> {
  const response = await ctx.request({ method: 'GET', url: '/api/site', headers });
  if (response.statusCode !== 200) return { status: response.statusCode, site: null };
  return { status: 200, site: (response.json() as { data: PublicSite }).data.id };
}

describe('the Host header, fuzzed: never a 500, never an answer of another site', () => {
  const hosts = hostileHosts();

  it.each([
    ['without TRUST_PROXY, the Host header', () => t, (host: string) => ({ host })],
    ['without TRUST_PROXY, a forged X-Forwarded-Host is ignored', () => t, (host: string) => ({ 'x-forwarded-host': host })],
    ['behind TRUST_PROXY, X-Forwarded-Host', () => proxied, (host: string) => ({ 'x-forwarded-host': host })],
  ] as const)('%s', async (_name, ctxOf, headersOf) => {
    const ctx = ctxOf();
    const wrong: string[] = [];
    for (const host of hosts) {
      let headers: Record<string, string>;
      try {
        headers = headersOf(host);
      } catch {
        continue;
      }
      const { status, site } = await siteOf(ctx, headers).catch(() => ({ status: 400, site: null }));
      if (status >= 500) wrong.push(`${JSON.stringify(host)}: ${status}`);
      else if (status === 200 && site !== 'backlay' && site !== 'sixer') wrong.push(`${JSON.stringify(host)}: site ${site ?? 'none'}`);
      // Only a value that is the site's host name (any case, a trailing dot, any port: the port
      // never chooses a site) is Sixer; anything else is the default. Behind the proxy the value is
      // the last of a list (the one the trusted hop appended).
      const direct = ctx === t && 'x-forwarded-host' in headers;
      const effective = 'x-forwarded-host' in headers ? (host.split(',').pop() ?? '').trim() : host;
      const isSixer = /^play\.sixer\.test\.?(:.*)?$/i.test(effective);
      const expected = isSixer && !direct ? 'sixer' : 'backlay';
      if (status === 200 && site !== expected) wrong.push(`${JSON.stringify(host)}: site ${site ?? 'none'}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a session of one site is refused on every host value that normalises to the other (401), never a 500 or the other site's data", async () => {
    const wrong: string[] = [];
    for (const host of hostileHosts()) {
      const resolved = await siteOf(t, { host }).catch(() => ({ status: 400, site: null }));
      if (resolved.status !== 200) continue;
      for (const [site, chain] of [['backlay', home], ['sixer', sixer]] as const) {
        const response = await t.request({ method: 'GET', url: '/api/user-info', token: chain.tokens.player, headers: { host } }).catch(() => null);
        if (response === null) continue;
        const context = `${site}'s player on ${JSON.stringify(host)} (the ${resolved.site ?? ''} site)`;
        if (response.statusCode >= 500) wrong.push(`${context}: ${response.statusCode}`);
        else if (resolved.site === site && response.statusCode !== 200) wrong.push(`${context}: ${response.statusCode} at home`);
        else if (resolved.site !== site) {
          if (response.statusCode !== 401) wrong.push(`${context}: ${response.statusCode}`);
          else if ((response.json() as { message: string }).message !== SITE_MESSAGES.otherSite) wrong.push(`${context}: ${response.body}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('behind TRUST_PROXY, a token of the default site with an X-Forwarded-Host of Sixer is refused', async () => {
    const player = await proxied.createUser({ role: 'user', username: `p${randomBytes(3).toString('hex')}` });
    const session = await proxied.login(player, 'player');
    const other = await proxied.request({ method: 'GET', url: '/api/user-info', token: session.token, headers: { 'x-forwarded-host': `${SIXER.toUpperCase()}.:8443` } });
    expect(other.statusCode).toBe(401);
    expect(other.json()).toMatchObject({ message: SITE_MESSAGES.otherSite });
    const own = await proxied.request({ method: 'GET', url: '/api/user-info', token: session.token, headers: { 'x-forwarded-host': 'no host\u0001name' } });
    expect(own.statusCode).toBe(200);
  });

  it("a sign-in on a disguised host of Sixer finds Sixer's account, on anything else the default site's", async () => {
    const onSixer = await t.request({ method: 'POST', url: '/api/login-admin', headers: { host: `${SIXER.toUpperCase()}.:1` }, payload: { username: 'same-dl', password: sixer.dl.password } });
    expect((onSixer.json() as { data: { _id: string } }).data._id).toBe(sixer.dl.id);
    const elsewhere = await t.request({ method: 'POST', url: '/api/login-admin', headers: { host: `x${SIXER}` }, payload: { username: sixer.admin.username, password: sixer.admin.password } });
    expect((elsewhere.json() as { data: { _id: string } }).data._id).toBe(home.admin.id);
  });
});

describe('sign-in attempts are recorded on their own site', () => {
  it("a wrong password for a name both sites have is a 401 on the attempt's site, recorded for that site's account only", async () => {
    const failed = await t.request({ method: 'POST', url: '/api/login', headers: { host: SIXER }, payload: { username: 'same-player', password: 'Wrong#Pass1' } });
    expect(failed.statusCode).toBe(401);
    const historyOf = async (token: string, host: string | undefined) =>
      (await t.request({ method: 'GET', url: '/api/downline-login-history?username=same-player', token, ...(host === undefined ? {} : { headers: { host } }) })).json() as {
        data: { rows: Array<{ success: boolean }> };
      };
    // Fresh sessions: an agent's sign-in elsewhere in this file ended its earlier one.
    const sixerRows = (await historyOf((await t.login(sixer.dl, 'admin', SIXER)).token, SIXER)).data.rows;
    const homeRows = (await historyOf((await t.login(home.dl, 'admin')).token, undefined)).data.rows;
    expect(sixerRows.filter((row) => !row.success)).toHaveLength(1);
    expect(homeRows.filter((row) => !row.success)).toHaveLength(0);
  });
});

describe('the ledger per site', () => {
  it('the root moves chips to each site, and every site balances with no journal between two sites', async () => {
    for (const admin of [home.admin, sixer.admin]) {
      const chips = await t.request({
        method: 'POST',
        url: '/api/deposit-chips',
        token: (await t.login(root, 'admin', admin === sixer.admin ? SIXER : undefined)).token,
        headers: { ...idempotent(randomUUID()), ...(admin === sixer.admin ? { host: SIXER } : {}) },
        payload: { username: admin.username, amount: 100, remark: 'per site', transactionPassword: TEST_TXN_PASSWORD },
      });
      // The root acts by name on the site it signed in on.
      expect(chips.statusCode).toBe(200);
    }
    expect(await siteLedgerViolations(t.db)).toEqual([]);
  });

  it('a journal between two sites’ users is caught (the check can fail)', async () => {
    // A transfer from Sixer's DL to the home player, added to the entries the check reads (the
    // ledger itself is append-only and never holds one).
    const { rows } = await t.db.query<{ user_id: string; id: string }>('SELECT user_id, id FROM ledger_accounts WHERE user_id = ANY($1::uuid[])', [[sixer.dl.id, home.player.id]]);
    const from = rows.find((row) => row.user_id === sixer.dl.id)?.id ?? '';
    const to = rows.find((row) => row.user_id === home.player.id)?.id ?? '';
    const found = await siteLedgerViolations(t.db, { from, to, amountMinor: 500n });
    expect(found.map((violation) => violation.invariant)).toEqual([
      'S1 no journal moves money between two sites’ users except through the root',
      "S2 each site's legs of a journal balance, but for the root's and the house's",
    ]);
  });
});
