/**
 * Managing sites (issue 35, ADR 0074) through the real API: the Super Admin creates a site with
 * its Admin and edits any site; an Admin sees and edits the site its account is on and never its
 * domains; every other role gets 403, and an Admin naming another site gets the 404 of no site.
 * The new Admin signs in on its site's domain only; a domain of another site is a 409 naming it;
 * the changes are audited; a site's maintenance closes only its own open player pages; hostile
 * input is a 400 that changes nothing.
 */
import { MESSAGES, SITE_ADMIN_MESSAGES as M, type PublicSite, type SiteAdminRow } from '@backlay/shared/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { body, buildTestApp, businessStateDigest, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';
import { connected, nextEvent, TestSockets } from './socket-helper';
import * as sitesRepo from '../src/sites/sites.repository';
import { addSite } from './site-helper';

const HOME = 'home.test';
const SIXER = 'play.sixer.test';
const THEME = { primary: '#112233', accent: '#445566', header: '#778899', headerText: '#ffffff' };
const ADMIN_PASSWORD = 'Site#Admin2026';
/** A 1×1 PNG. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let t: TestContext;
let baseUrl = '';
const sockets = new TestSockets(() => baseUrl);
let root: TestUser;
let homeAdmin: TestUser;
let homeSmdl: TestUser;
let homeMdl: TestUser;
let homeDl: TestUser;
let homePlayer: TestUser;
let sixerAdmin: TestUser;
let sixerPlayer: TestUser;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  await addSite(t, [SIXER], { homeDomains: [HOME] });
  root = await t.createUser({ role: 'admin', username: 'site-root' });
  homeAdmin = await t.createUser({ role: 'sadmin', parentId: root.id, username: 'home-admin' });
  homeSmdl = await t.createUser({ role: 'smdl', parentId: homeAdmin.id });
  homeMdl = await t.createUser({ role: 'mdl', parentId: homeSmdl.id });
  homeDl = await t.createUser({ role: 'dl', parentId: homeMdl.id });
  homePlayer = await t.createUser({ role: 'user', parentId: homeDl.id });
  sixerAdmin = await t.createUser({ role: 'sadmin', parentId: root.id, siteId: 'sixer', username: 'sixer-admin' });
  await sitesRepo.bindAdmin(t.db, 'sixer', sixerAdmin.id);
  const sixerDl = await t.createUser({ role: 'dl', parentId: (await t.createUser({ role: 'mdl', parentId: (await t.createUser({ role: 'smdl', parentId: sixerAdmin.id })).id })).id });
  sixerPlayer = await t.createUser({ role: 'user', parentId: sixerDl.id });
  t.services.sites.changed();
  tokens.root = (await t.login(root, 'admin', HOME)).token;
  tokens.homeAdmin = (await t.login(homeAdmin, 'admin', HOME)).token;
  tokens.sixerAdmin = (await t.login(sixerAdmin, 'admin', SIXER)).token;
  tokens.smdl = (await t.login(homeSmdl, 'admin', HOME)).token;
  tokens.mdl = (await t.login(homeMdl, 'admin', HOME)).token;
  tokens.dl = (await t.login(homeDl, 'admin', HOME)).token;
  tokens.player = (await t.login(homePlayer, 'player', HOME)).token;
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

const hostOf = (who: string) => (who === 'sixerAdmin' ? SIXER : HOME);
const list = (who: string) => t.request({ method: 'GET', url: '/api/get-site-list', token: tokens[who] ?? '', headers: { host: hostOf(who) } });
const post = (who: string, url: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url, token: tokens[who] ?? '', headers: { host: hostOf(who) }, payload: { transactionPassword: TEST_TXN_PASSWORD, ...payload } });
const update = (who: string, payload: Record<string, unknown>) => post(who, '/api/update-site', payload);
const sites = (response: LightMyRequestResponse) => body<{ data: SiteAdminRow[] }>(response).data;

function newSite(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: `Site ${id}`,
    domains: [`${id}.test`],
    theme: THEME,
    logo: null,
    support: { email: `help@${id}.test`, phone: '+91 1800 100' },
    languages: ['en', 'hi'],
    defaultLanguage: 'en',
    maintenanceMessage: 'Back soon',
    admin: { username: `${id}-boss`, password: ADMIN_PASSWORD, partnership: 85 },
    ...overrides,
  };
}

const auditRows = async (target: string) =>
  (await t.db.query<{ action: string; actorId: string; before: unknown; after: Record<string, unknown> | null }>(
    'SELECT action, actor_id AS "actorId", before, after FROM audit_log WHERE target = $1 ORDER BY id',
    [target],
  )).rows;

describe('POST /api/create-site', () => {
  it('creates the site, its domains and its Admin (the root\'s child on the new site), bound; audited; served at once', async () => {
    const response = await post('root', '/api/create-site', newSite('lotus', { domains: ['Play.Lotus.TEST.', 'lotus.test:8443', 'play.lotus.test'], logo: PNG }));
    expect(response.statusCode).toBe(200);
    const created = body<{ data: SiteAdminRow; message: string }>(response);
    expect(created.message).toBe(M.created);
    expect(created.data).toMatchObject({
      id: 'lotus',
      name: 'Site lotus',
      domains: ['lotus.test', 'play.lotus.test'],
      theme: THEME,
      logo: PNG,
      support: { email: 'help@lotus.test', phone: '+91 1800 100' },
      languages: ['en', 'hi'],
      defaultLanguage: 'en',
      maintenance: false,
      maintenanceMessage: 'Back soon',
      isDefault: false,
      admin: { username: 'lotus-boss' },
    });
    const { rows } = await t.db.query<{ id: string; siteId: string; parentId: string; role: string; share: number; mustChange: boolean }>(
      `SELECT id, site_id AS "siteId", parent_id AS "parentId", role, partnership_share_bps AS share, must_change_password AS "mustChange"
       FROM users WHERE username = 'lotus-boss'`,
    );
    expect(rows).toEqual([{ id: created.data.admin?.id, siteId: 'lotus', parentId: root.id, role: 'sadmin', share: 8_500, mustChange: true }]);
    // Audited: the site and the account, by the root.
    expect(await auditRows('site:lotus')).toEqual([expect.objectContaining({ action: 'sites.create', actorId: root.id, before: null })]);
    const [siteAudit] = await auditRows('site:lotus');
    expect(siteAudit?.after).toMatchObject({ id: 'lotus', domains: ['lotus.test', 'play.lotus.test'], logo: expect.stringMatching(/^data:image\/png \(\d+ characters\)$/) });
    expect(await auditRows(`user:${rows[0]?.id ?? ''}`)).toEqual([expect.objectContaining({ action: 'users.create', actorId: root.id })]);
    // The directory answers for the new domains at once.
    const site = await t.request({ method: 'GET', url: '/api/site', headers: { host: 'play.lotus.test' } });
    expect(body<{ data: PublicSite }>(site).data).toMatchObject({ id: 'lotus', name: 'Site lotus' });
  });

  it('the new Admin signs in on its site\'s domain and not on another site\'s', async () => {
    await post('root', '/api/create-site', newSite('orchid'));
    const login = (host: string) => t.request({ method: 'POST', url: '/api/login-admin', headers: { host }, payload: { username: 'orchid-boss', password: ADMIN_PASSWORD } });
    const own = await login('orchid.test');
    expect(own.statusCode).toBe(200);
    expect(body<{ data: { changePassAndTxn: boolean } }>(own).data.changePassAndTxn).toBe(true);
    for (const host of [HOME, SIXER, '127.0.0.1']) {
      const other = await login(host);
      expect({ host, status: other.statusCode, code: body<{ data: { code: string } }>(other).data.code }).toEqual({ host, status: 401, code: 'INVALID_CREDENTIALS' });
    }
  });

  it('a name taken on another site is free on the new one; a root\'s name is taken everywhere (409, nothing created)', async () => {
    expect((await post('root', '/api/create-site', newSite('jasmine', { admin: { username: 'home-admin', password: ADMIN_PASSWORD, partnership: 50 } }))).statusCode).toBe(200);
    const before = await businessStateDigest(t.db);
    const taken = await post('root', '/api/create-site', newSite('rose', { admin: { username: 'SITE-ROOT', password: ADMIN_PASSWORD, partnership: 50 } }));
    expect({ status: taken.statusCode, message: body(taken).message }).toEqual({ status: 409, message: MESSAGES.usernameTaken });
    expect(await businessStateDigest(t.db)).toBe(before);
  });

  it('a domain another site answers on is a 409 naming it; an id taken is a 409; nothing is written', async () => {
    const before = await businessStateDigest(t.db);
    const domain = await post('root', '/api/create-site', newSite('tulip', { domains: ['tulip.test', 'PLAY.SIXER.TEST'] }));
    expect({ status: domain.statusCode, message: body(domain).message }).toEqual({ status: 409, message: M.domainTaken(SIXER, 'Sixer Exchange') });
    const id = await post('root', '/api/create-site', newSite('sixer', { domains: ['new-sixer.test'] }));
    expect({ status: id.statusCode, message: body(id).message }).toEqual({ status: 409, message: M.idTaken('sixer') });
    expect(await businessStateDigest(t.db)).toBe(before);
  });

  it('the Super Admin only, with its transaction password', async () => {
    const before = await businessStateDigest(t.db);
    for (const who of ['homeAdmin', 'sixerAdmin', 'smdl', 'mdl', 'dl', 'player']) {
      const response = await post(who, '/api/create-site', newSite(`by-${who.toLowerCase()}`));
      expect({ who, status: response.statusCode, message: body(response).message }).toEqual({ who, status: 403, message: MESSAGES.forbidden });
    }
    const wrong = await post('root', '/api/create-site', { ...newSite('daisy'), transactionPassword: '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(body<{ data: { code: string } }>(wrong).data.code).toBe('TRANSACTION_PASSWORD_WRONG');
    expect(await businessStateDigest(t.db)).toBe(before);
  });
});

describe('GET /api/get-site-list', () => {
  it('the Super Admin sees every site, the default first, with its Admin', async () => {
    const response = await list('root');
    expect(response.statusCode).toBe(200);
    const rows = sites(response);
    expect(rows[0]).toMatchObject({ id: 'backlay', isDefault: true, admin: null, domains: [HOME] });
    expect(rows.find((row) => row.id === 'sixer')).toMatchObject({ name: 'Sixer Exchange', domains: [SIXER], admin: { id: sixerAdmin.id, username: 'sixer-admin' } });
  });

  it('an Admin sees the site its account is on, and only it (the default site\'s Admins: the default site)', async () => {
    expect(sites(await list('sixerAdmin')).map((row) => row.id)).toEqual(['sixer']);
    expect(sites(await list('homeAdmin')).map((row) => row.id)).toEqual(['backlay']);
  });

  it.each(['smdl', 'mdl', 'dl', 'player'])('%s gets 403', async (who) => {
    const response = await list(who);
    expect({ status: response.statusCode, message: body(response).message }).toEqual({ status: 403, message: MESSAGES.forbidden });
  });
});

describe('POST /api/update-site', () => {
  it('the Super Admin edits any site, domains too; audited with before and after', async () => {
    await post('root', '/api/create-site', newSite('lily'));
    const response = await update('root', { id: 'lily', name: '  Lily Exchange ', theme: { ...THEME, primary: '#AABBCC' }, domains: ['lily.test', 'www.lily.test'] });
    expect(response.statusCode).toBe(200);
    expect(body<{ data: SiteAdminRow; message: string }>(response)).toMatchObject({
      message: M.updated,
      data: { id: 'lily', name: 'Lily Exchange', theme: { ...THEME, primary: '#aabbcc' }, domains: ['lily.test', 'www.lily.test'], languages: ['en', 'hi'] },
    });
    const audit = (await auditRows('site:lily')).filter((row) => row.action === 'sites.update');
    expect(audit).toEqual([
      expect.objectContaining({ actorId: root.id, before: expect.objectContaining({ name: 'Site lily' }), after: expect.objectContaining({ name: 'Lily Exchange' }) }),
    ]);
    const site = await t.request({ method: 'GET', url: '/api/site', headers: { host: 'www.lily.test' } });
    expect(body<{ data: PublicSite }>(site).data.name).toBe('Lily Exchange');
  });

  it('a domain of another site is a 409 naming it', async () => {
    const response = await update('root', { id: 'sixer', domains: [SIXER, HOME] });
    expect({ status: response.statusCode, message: body(response).message }).toEqual({ status: 409, message: M.domainTaken(HOME, 'Backlay') });
  });

  it('an Admin edits its own site\'s face and maintenance, never its domains', async () => {
    const response = await update('sixerAdmin', { id: 'sixer', name: 'Sixer Live', support: { email: 'desk@sixer.test', phone: '' }, languages: ['en', 'hi'] });
    expect(response.statusCode).toBe(200);
    expect(body<{ data: SiteAdminRow }>(response).data).toMatchObject({ name: 'Sixer Live', support: { email: 'desk@sixer.test', phone: '' }, languages: ['en', 'hi'], defaultLanguage: 'en', domains: [SIXER] });
    const before = await businessStateDigest(t.db);
    const domains = await update('sixerAdmin', { id: 'sixer', domains: ['mine.test'] });
    expect({ status: domains.statusCode, message: body(domains).message }).toEqual({ status: 403, message: M.domainsSuperAdminOnly });
    expect(await businessStateDigest(t.db)).toBe(before);
  });

  it('an Admin naming another site gets exactly the answer of no site, and nothing changes', async () => {
    const before = await businessStateDigest(t.db);
    const none = await update('sixerAdmin', { id: 'no-such-site', name: 'Taken over' });
    for (const [who, id] of [['sixerAdmin', 'backlay'], ['sixerAdmin', 'lotus'], ['homeAdmin', 'sixer']] as const) {
      const other = await update(who, { id, name: 'Taken over' });
      expect({ who, id, status: other.statusCode, body: other.body }).toEqual({ who, id, status: 404, body: none.body });
    }
    expect(body(none).message).toBe(M.notFound);
    expect(await businessStateDigest(t.db)).toBe(before);
  });

  it.each(['smdl', 'mdl', 'dl', 'player'])('%s gets 403', async (who) => {
    const response = await update(who, { id: 'backlay', name: 'Mine' });
    expect({ status: response.statusCode, message: body(response).message }).toEqual({ status: 403, message: MESSAGES.forbidden });
  });

  it('the default site keeps its default flag (the field is no input)', async () => {
    const response = await update('root', { id: 'backlay', isDefault: false, name: 'Backlay' });
    expect(response.statusCode).toBe(200);
    expect(body<{ data: SiteAdminRow }>(response).data.isDefault).toBe(true);
  });

  it("switching a site's maintenance on closes that site's open player pages only, at once", async () => {
    const sixerSession = await t.login(sixerPlayer, 'player', SIXER);
    const homeSession = await t.login(homePlayer, 'player', HOME);
    const sixerSocket = sockets.connect({ token: sixerSession.token, host: SIXER, origin: null });
    const homeSocket = sockets.connect({ token: homeSession.token, host: HOME, origin: null });
    await Promise.all([connected(sixerSocket), connected(homeSocket)]);
    let homeTold = false;
    homeSocket.on('maintenance', () => (homeTold = true));
    const told = nextEvent<undefined>(sixerSocket, 'maintenance');
    try {
      expect((await update('sixerAdmin', { id: 'sixer', maintenance: true, maintenanceMessage: 'Upgrading' })).statusCode).toBe(200);
      await told;
      const closed = await t.request({ method: 'GET', url: '/api/user-info', headers: { host: SIXER }, token: sixerSession.token });
      expect(closed.statusCode).toBe(503);
      const open = await t.request({ method: 'GET', url: '/api/user-info', headers: { host: HOME }, token: homeSession.token });
      expect(open.statusCode).toBe(200);
      expect(homeTold).toBe(false);
    } finally {
      expect((await update('sixerAdmin', { id: 'sixer', maintenance: false })).statusCode).toBe(200);
    }
  });
});

describe('hostile and invalid input: a 400 with a readable message, nothing written', () => {
  const cases: Array<[string, string, Record<string, unknown>, string | RegExp]> = [
    ['an id that is no slug', '/api/create-site', newSite('Bad_Id'), M.idInvalid],
    ['a domain that is no host name', '/api/create-site', newSite('aster', { domains: ['aster..test'] }), M.domainInvalid('aster..test')],
    ['an IPv6 literal domain', '/api/create-site', newSite('aster', { domains: ['[::1]'] }), M.domainInvalid('[::1]')],
    ['no domain', '/api/create-site', newSite('aster', { domains: [] }), M.domainsRequired],
    ['a colour that is no #rrggbb', '/api/create-site', newSite('aster', { theme: { ...THEME, accent: 'red' } }), M.colourInvalid('accent')],
    ['a logo of another type', '/api/create-site', newSite('aster', { logo: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }), M.logoInvalid],
    ['a PNG logo that is no PNG', '/api/create-site', newSite('aster', { logo: 'data:image/png;base64,PHN2Zz48L3N2Zz4=' }), M.logoInvalid],
    ['a logo over 64 KB', '/api/create-site', newSite('aster', { logo: `data:image/png;base64,${Buffer.concat([Buffer.from(PNG.split(',')[1] ?? '', 'base64'), Buffer.alloc(65_536)]).toString('base64')}` }), M.logoTooLarge],
    ['a support email that is none', '/api/create-site', newSite('aster', { support: { email: 'nobody', phone: '' } }), M.supportEmailInvalid],
    ['a default language not offered', '/api/create-site', newSite('aster', { languages: ['en'], defaultLanguage: 'hi' }), M.languagesInvalid],
    ['a one-letter name', '/api/create-site', newSite('aster', { name: ' x ' }), M.nameInvalid],
    ['a NUL byte in the name', '/api/create-site', newSite('aster', { name: 'Ast\u0000er' }), /NUL/],
    ['a lone surrogate in the message', '/api/update-site', { id: 'sixer', maintenanceMessage: 'x\ud800' }, /maintenanceMessage must be valid Unicode/],
    ['true for the name', '/api/update-site', { id: 'sixer', name: true }, /name/],
    ['a string for maintenance', '/api/update-site', { id: 'sixer', maintenance: 'yes' }, /maintenance/],
    ['a huge partnership', '/api/create-site', newSite('aster', { admin: { username: 'aster-boss', password: ADMIN_PASSWORD, partnership: 1e300 } }), /partnership/i],
    ['a partnership above the root\'s', '/api/create-site', newSite('aster', { admin: { username: 'aster-boss', password: ADMIN_PASSWORD, partnership: 150 } }), /partnership/i],
    ['a weak Admin password', '/api/create-site', newSite('aster', { admin: { username: 'aster-boss', password: 'short', partnership: 10 } }), /password/i],
    ['a domain of 300 characters', '/api/update-site', { id: 'sixer', domains: ['a'.repeat(300)] }, /domains|host name/],
    ['an object for the id', '/api/update-site', { id: { $ne: 1 }, name: 'x' }, /id/],
  ];
  it.each(cases)('%s', async (_name, url, payload, message) => {
    const before = await businessStateDigest(t.db);
    const response = await post('root', url, payload);
    expect({ status: response.statusCode, code: body<{ data: { code: string } }>(response).data.code }).toEqual({ status: 400, code: 'VALIDATION' });
    expect(body(response).message).toMatch(message);
    expect(await businessStateDigest(t.db)).toBe(before);
  });
});
