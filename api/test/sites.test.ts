/**
 * White-label sites (issue 35, ADR 0074) through the real API: the site of a request is its
 * host's; a site's accounts sign in only on its domains (the same username on two sites is two
 * accounts); a token, a refresh token, a two-factor challenge and a socket answer only on the
 * site they were issued on; a name resolves within the caller's site; a site's maintenance
 * closes only its own player area; and no Host header makes the API fail.
 */
import { APP_ICONS, MESSAGES, SITE_MESSAGES, type PublicSite } from '@backlay/shared/contracts';
import { buildTestApp, type TestContext, type TestUser } from './helper';
import { connected, TestSockets } from './socket-helper';
import * as sitesRepo from '../src/sites/sites.repository';
import { addSite } from './site-helper';

const HOME = 'home.test';
const SIXER = 'play.sixer.test';

let t: TestContext;
let baseUrl = '';
const sockets = new TestSockets(() => baseUrl);
let root: TestUser;
/** The same names on both sites. */
let homeDl: TestUser;
let homePlayer: TestUser;
let sixerAdmin: TestUser;
let sixerDl: TestUser;
let sixerPlayer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  await addSite(t, [SIXER], { homeDomains: [HOME] });
  root = await t.createUser({ role: 'admin', username: 'root-boss' });
  const homeAdmin = await t.createUser({ role: 'sadmin', parentId: root.id });
  homeDl = await chainDown(homeAdmin, 'same-dl');
  homePlayer = await t.createUser({ role: 'user', parentId: homeDl.id, username: 'same-player' });
  sixerAdmin = await t.createUser({ role: 'sadmin', parentId: root.id, siteId: 'sixer' });
  await sitesRepo.bindAdmin(t.db, 'sixer', sixerAdmin.id);
  sixerDl = await chainDown(sixerAdmin, 'same-dl');
  sixerPlayer = await t.createUser({ role: 'user', parentId: sixerDl.id, username: 'same-player' });
  t.services.sites.changed();
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

/** smdl, mdl and a DL named `dlName` below an Admin. */
async function chainDown(admin: TestUser, dlName: string): Promise<TestUser> {
  const smdl = await t.createUser({ role: 'smdl', parentId: admin.id });
  const mdl = await t.createUser({ role: 'mdl', parentId: smdl.id });
  return t.createUser({ role: 'dl', parentId: mdl.id, username: dlName });
}

const onHost = (host: string) => ({ host });
const RANGE = 'startDate=2026-01-01&endDate=2026-12-31';

async function loginOn(host: string, username: string, password: string, area: 'player' | 'admin') {
  return t.request({ method: 'POST', url: area === 'player' ? '/api/login' : '/api/login-admin', headers: onHost(host), payload: { username, password } });
}

describe('GET /api/site', () => {
  it("answers the site of the request's host, and the default site for a host no site names", async () => {
    const sixer = await t.request({ method: 'GET', url: '/api/site', headers: onHost(`${SIXER}:8080`) });
    expect(sixer.statusCode).toBe(200);
    expect(sixer.headers.vary).toMatch(/Host/);
    const site = (sixer.json() as { data: PublicSite }).data;
    expect(site).toEqual({
      id: 'sixer',
      name: 'Sixer Exchange',
      theme: { primary: '#0f8a4b', accent: '#f2c230', header: '#0b3d2a', headerText: '#fdf6d8' },
      logo: null,
      languages: ['en'],
      defaultLanguage: 'en',
      support: { email: 'help@sixer.test', phone: '+911800200600' },
      maintenance: false,
      maintenanceMessage: 'Back at six',
    });
    const other = await t.request({ method: 'GET', url: '/api/site', headers: onHost('unknown.example') });
    expect((other.json() as { data: PublicSite }).data).toMatchObject({ id: 'backlay', name: 'Backlay' });
    const upper = await t.request({ method: 'GET', url: '/api/site', headers: onHost('PLAY.Sixer.Test.') });
    expect((upper.json() as { data: PublicSite }).data.id).toBe('sixer');
    // The port never chooses a site, whatever it is.
    const port = await t.request({ method: 'GET', url: '/api/site', headers: onHost(`${SIXER}:x`) });
    expect((port.json() as { data: PublicSite }).data.id).toBe('sixer');
  });

  it.each([
    'a'.repeat(300),
    '[::1]:8080',
    'user@play.sixer.test',
    'play..sixer.test',
    '-play.sixer.test',
    'xn--80ak6aa92e.com',
    'play.sixer.test%00',
    '0x7f.0.0.1',
  ])('never fails on the Host %j: the default site, or a 400 for a header HTTP refuses', async (host) => {
    const response = await t.request({ method: 'GET', url: '/api/site', headers: onHost(host) });
    expect(response.statusCode === 200 || response.statusCode === 400).toBe(true);
    if (response.statusCode === 200) expect((response.json() as { data: PublicSite }).data.id).toBe('backlay');
  });
});

describe('GET /api/site/manifest', () => {
  it("is the web app manifest of the host's site (ADR 0076): its name and header colour, never another host's", async () => {
    const sixer = await t.request({ method: 'GET', url: '/api/site/manifest', headers: onHost(`${SIXER}:8080`) });
    expect(sixer.statusCode).toBe(200);
    expect(sixer.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(sixer.headers.vary).toMatch(/Host/);
    expect(sixer.headers['cache-control']).toBe('no-cache');
    expect(sixer.json()).toEqual({
      id: '/',
      name: 'Sixer Exchange',
      short_name: 'Sixer',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b3d2a',
      background_color: '#0b3d2a',
      icons: APP_ICONS,
    });
    const other = await t.request({ method: 'GET', url: '/api/site/manifest', headers: onHost('unknown.example') });
    expect(other.json()).toMatchObject({ name: 'Backlay', short_name: 'Backlay' });
  });
});

describe('signing in per site', () => {
  it('the same username on two sites is two accounts, each signing in only on its own domains', async () => {
    const onSixer = await loginOn(SIXER, 'same-player', sixerPlayer.password, 'player');
    const onHome = await loginOn(HOME, 'same-player', homePlayer.password, 'player');
    expect(onSixer.statusCode).toBe(200);
    expect(onHome.statusCode).toBe(200);
    const sixerId = (onSixer.json() as { data: { _id: string } }).data._id;
    const homeId = (onHome.json() as { data: { _id: string } }).data._id;
    expect([sixerId, homeId]).toEqual([sixerPlayer.id, homePlayer.id]);

    // A site's agent is unknown on another site's domain, and an unknown host is the default site.
    const sixerDlOnHome = await loginOn(HOME, 'same-dl', sixerDl.password, 'admin');
    expect(sixerDlOnHome.statusCode).toBe(200);
    expect((sixerDlOnHome.json() as { data: { _id: string } }).data._id).toBe(homeDl.id);
    const adminElsewhere = await loginOn('elsewhere.example', sixerAdmin.username, sixerAdmin.password, 'admin');
    expect(adminElsewhere.statusCode).toBe(401);
    expect(adminElsewhere.json()).toMatchObject({ message: MESSAGES.invalidCredentials });
  });

  it("a wrong password for a name on two sites is refused (401, not a 500) and recorded on the host's account", async () => {
    for (const [host, player] of [[SIXER, sixerPlayer], [HOME, homePlayer]] as const) {
      const wrong = await loginOn(host, 'same-player', 'Wrong#Pass1', 'player');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ message: MESSAGES.invalidCredentials });
      const { rows } = await t.db.query<{ user_id: string }>(
        `SELECT user_id::text FROM login_history WHERE username = 'same-player' AND success = false ORDER BY occurred_at DESC, id DESC LIMIT 1`,
      );
      expect(rows[0]?.user_id).toBe(player.id);
    }
  });

  it('the Super Admin signs in on every site, and no site account may take its name', async () => {
    expect((await loginOn(SIXER, root.username, root.password, 'admin')).statusCode).toBe(200);
    expect((await loginOn(HOME, root.username, root.password, 'admin')).statusCode).toBe(200);
    await expect(t.createUser({ role: 'user', parentId: sixerDl.id, username: 'ROOT-boss' })).rejects.toMatchObject({
      code: '23505',
      constraint: 'users_site_username_key',
    });
    // The same name twice on one site is refused as before; on another site it is taken freely.
    await expect(t.createUser({ role: 'user', parentId: sixerDl.id, username: 'Same-Player' })).rejects.toMatchObject({ code: '23505' });
  });
});

describe('a session answers only on its site', () => {
  it("a token used on another site's domain is refused, the same token goes on working at home", async () => {
    const session = await t.login(sixerPlayer, 'player', SIXER);
    const home = await t.request({ method: 'GET', url: '/api/user-info', headers: onHost(HOME), token: session.token });
    expect(home.statusCode).toBe(401);
    expect(home.json()).toMatchObject({ message: SITE_MESSAGES.otherSite });
    // The fast path of placement (no session query) checks the site too.
    const bet = await t.request({ method: 'POST', url: '/api/placebet', headers: onHost(HOME), token: session.token, payload: {} });
    expect(bet.statusCode).toBe(401);
    const own = await t.request({ method: 'GET', url: '/api/user-info', headers: onHost(SIXER), token: session.token });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ data: { _id: sixerPlayer.id, username: 'same-player' } });
  });

  it('a refresh token is no token on another site, and trying it there is no reuse', async () => {
    const session = await t.login(sixerPlayer, 'player', SIXER);
    const elsewhere = await t.request({ method: 'POST', url: '/api/refresh-token', headers: onHost(HOME), payload: { token: session.refreshToken } });
    expect(elsewhere.statusCode).toBe(401);
    const home = await t.request({ method: 'POST', url: '/api/refresh-token', headers: onHost(SIXER), payload: { token: session.refreshToken } });
    expect(home.statusCode).toBe(200);
  });

  it("the Super Admin's token is bound to the site it signed in on", async () => {
    const session = (await loginOn(SIXER, root.username, root.password, 'admin')).json() as { data: { token: string } };
    const home = await t.request({ method: 'GET', url: '/api/user-info', headers: onHost(HOME), token: session.data.token });
    expect(home.statusCode).toBe(401);
  });

  it("a socket's token must be of its handshake's site", async () => {
    const session = await t.login(sixerPlayer, 'player', SIXER);
    await expect(connected(sockets.connect({ token: session.token, host: HOME, origin: null }))).rejects.toThrow(SITE_MESSAGES.otherSite);
    await connected(sockets.connect({ token: session.token, host: SIXER, origin: null }));
  });

  it("a page served by a site's own domain may open a socket there without being listed in ALLOWED_ORIGINS", async () => {
    const session = await t.login(sixerPlayer, 'player', SIXER);
    await connected(sockets.connect({ token: session.token, host: SIXER, origin: `http://${SIXER}` }));
    await expect(connected(sockets.connect({ token: session.token, host: SIXER, origin: 'http://evil.example' }))).rejects.toThrow();
  });
});

describe('names resolve within the caller’s site', () => {
  it("an agent asking for a name gets its own site's account of that name, or nothing", async () => {
    const session = await t.login(sixerDl, 'admin', SIXER);
    const statement = await t.request({
      method: 'GET',
      url: `/api/account-statement?username=same-player&${RANGE}`,
      headers: onHost(SIXER),
      token: session.token,
    });
    expect(statement.statusCode).toBe(200);
    expect(statement.json()).toMatchObject({ data: { username: 'same-player' } });
    // The home site's DL of the same name is not this agent, and its player is not in this downline.
    const homeSession = await t.login(homeDl, 'admin', HOME);
    const other = await t.request({ method: 'GET', url: `/api/account-statement?username=${sixerAdmin.username}&${RANGE}`, headers: onHost(HOME), token: homeSession.token });
    expect(other.statusCode).toBe(404);
  });
});

describe("the Super Admin's lists by site", () => {
  it("lists the Admins of the site it signed in on, whose names its links resolve to there", async () => {
    for (const [host, admin] of [[SIXER, sixerAdmin], [HOME, null]] as const) {
      const session = (await loginOn(host, root.username, root.password, 'admin')).json() as { data: { token: string } };
      const list = await t.request({ method: 'GET', url: '/api/list-clients', headers: onHost(host), token: session.data.token });
      expect(list.statusCode).toBe(200);
      const names = (list.json() as { data: { rows: Array<{ _id: string }> } }).data.rows.map((row) => row._id);
      if (admin !== null) expect(names).toEqual([admin.id]);
      else expect(names).not.toContain(sixerAdmin.id);
    }
  });
});

describe("a site's maintenance", () => {
  it('closes its own player area only', async () => {
    const sixerSession = await t.login(sixerPlayer, 'player', SIXER);
    const homeSession = await t.login(homePlayer, 'player', HOME);
    await t.db.query("UPDATE sites SET maintenance = true WHERE id = 'sixer'");
    t.services.sites.changed();
    try {
      const closed = await t.request({ method: 'GET', url: '/api/user-info', headers: onHost(SIXER), token: sixerSession.token });
      expect(closed.statusCode).toBe(503);
      expect((await loginOn(SIXER, 'same-player', sixerPlayer.password, 'player')).statusCode).toBe(503);
      const open = await t.request({ method: 'GET', url: '/api/user-info', headers: onHost(HOME), token: homeSession.token });
      expect(open.statusCode).toBe(200);
      const site = await t.request({ method: 'GET', url: '/api/site', headers: onHost(SIXER) });
      expect((site.json() as { data: PublicSite }).data).toMatchObject({ maintenance: true, maintenanceMessage: 'Back at six' });
    } finally {
      await t.db.query("UPDATE sites SET maintenance = false WHERE id = 'sixer'");
      t.services.sites.changed();
    }
  });
});
