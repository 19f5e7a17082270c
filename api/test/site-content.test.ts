/**
 * Content per site (issue 35, ADR 0074 "Content per site") through the real API, with two sites
 * as sites.test.ts makes them: news lines per site (and for every site), casino tables and
 * international providers a site switched off (hidden from its lists, its bets and launches
 * refused), payment details per site, and the DL a site's new players register under. A reader of
 * one site never sees the other's; an Admin of one site cannot change the other's; hostile input
 * is a 400.
 */
import {
  SITE_CONTENT_MESSAGES,
  type CaptchaChallenge,
  type CasinoGameListItem,
  type CasinoIntGamesResponse,
  type CasinoIntProvider,
  type NewsMessage,
  type PaymentSettings,
  type RegistrationAgent,
  type SiteCasinoSwitches,
} from '@backlay/shared/contracts';
import { randomUUID } from 'node:crypto';
import { encodeCaptcha, solveCaptcha } from '../src/registration/captcha';
import * as sitesRepo from '../src/sites/sites.repository';
import { createTestProvider, type TestProvider } from './casino-int-helper';
import { messageOf, siteCalls } from './site-helper';
import { body, buildTestApp, businessStateDigest, idempotent, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';

const HOME = 'home.test';
const SIXER = 'play.sixer.test';
const PARENT = 'reg-dl';
const OTP_SECRET = 'site-content-test-otp-secret-0123456789';

let t: TestContext;
let root: TestUser;
let homeAdmin: TestUser;
let homeDl: TestUser;
let homePlayer: TestUser;
let sixerAdmin: TestUser;
let sixerDl: TestUser;
let sixerOtherDl: TestUser;
let sixerPlayer: TestUser;
let provider: TestProvider;
/** Tokens per user and host. */

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTRATION_PARENT: PARENT, CAPTCHA_MAX_NUMBER: '1000', OTP_SECRET } });
  await sitesRepo.replaceDomains(t.db, 'backlay', [HOME]);
  await sitesRepo.insertSite(
    t.db,
    {
      id: 'sixer',
      name: 'Sixer Exchange',
      theme: { primary: '#0f8a4b', accent: '#f2c230', header: '#0b3d2a', headerText: '#fdf6d8' },
      logo: null,
      supportEmail: '',
      supportPhone: '',
      defaultLanguage: 'en',
      languages: ['en'],
      maintenanceMessage: '',
    },
    [SIXER],
  );
  t.services.sites.changed();
  root = await t.createUser({ role: 'admin', username: 'content-root' });
  homeAdmin = await t.createUser({ role: 'sadmin', parentId: root.id });
  homeDl = await chainDown(homeAdmin, PARENT);
  homePlayer = await t.createUser({ role: 'user', parentId: homeDl.id });
  sixerAdmin = await t.createUser({ role: 'sadmin', parentId: root.id, siteId: 'sixer' });
  await sitesRepo.bindAdmin(t.db, 'sixer', sixerAdmin.id);
  sixerDl = await chainDown(sixerAdmin, PARENT);
  sixerOtherDl = await chainDown(sixerAdmin, 'sixer-agent');
  sixerPlayer = await t.createUser({ role: 'user', parentId: sixerDl.id });
  await t.db.query('UPDATE users SET must_change_password = false');
  t.services.sites.changed();
  expect(await t.services.casinoEngine.acquire()).toBe(true);
  provider = await createTestProvider(t);
});
afterAll(() => t.close());

async function chainDown(admin: TestUser, dlName: string): Promise<TestUser> {
  const smdl = await t.createUser({ role: 'smdl', parentId: admin.id });
  const mdl = await t.createUser({ role: 'mdl', parentId: smdl.id });
  return t.createUser({ role: 'dl', parentId: mdl.id, username: dlName });
}

const { call, dataOf } = siteCalls(() => t);

describe('news per site', () => {
  it("a reader sees its site's lines and the every-site lines, never another site's", async () => {
    const everywhere = await call(root, HOME, 'POST', '/api/save-message', { text: 'Everyone: welcome', active: true, siteId: null });
    expect(everywhere.statusCode).toBe(200);
    expect(body<{ data: NewsMessage }>(everywhere).data.siteId).toBeNull();
    // The Super Admin writes for one chosen site, from any site it signed in on.
    const forSixer = await call(root, HOME, 'POST', '/api/save-message', { text: 'Sixer only: cup final', active: true, siteId: 'sixer' });
    expect(body<{ data: NewsMessage }>(forSixer).data.siteId).toBe('sixer');
    // Without a site: the site it signed in on.
    const forHome = await call(root, HOME, 'POST', '/api/save-message', { text: 'Home only: derby day', active: true });
    expect(body<{ data: NewsMessage }>(forHome).data.siteId).toBe('backlay');
    // An Admin writes for its own site.
    const bySixerAdmin = await call(sixerAdmin, SIXER, 'POST', '/api/save-message', { text: 'Sixer admin: bonus', active: true });
    expect(body<{ data: NewsMessage }>(bySixerAdmin).data.siteId).toBe('sixer');

    const sixerSees = (await dataOf<NewsMessage[]>(sixerPlayer, SIXER, '/api/get-messages')).map((line) => line.text).sort();
    expect(sixerSees).toEqual(['Everyone: welcome', 'Sixer admin: bonus', 'Sixer only: cup final']);
    const homeSees = (await dataOf<NewsMessage[]>(homePlayer, HOME, '/api/get-messages')).map((line) => line.text).sort();
    expect(homeSees).toEqual(['Everyone: welcome', 'Home only: derby day']);
    // An Admin reads its own site's lines and the every-site ones; the Super Admin every line.
    const homeAdminSees = (await dataOf<NewsMessage[]>(homeAdmin, HOME, '/api/get-messages')).map((line) => line.text).sort();
    expect(homeAdminSees).toEqual(['Everyone: welcome', 'Home only: derby day']);
    expect(await dataOf<NewsMessage[]>(root, HOME, '/api/get-messages')).toHaveLength(4);
  });

  it("an Admin writes only for its own site, and cannot change another site's or every site's line", async () => {
    const other = await call(homeAdmin, HOME, 'POST', '/api/save-message', { text: 'Sneaky', active: true, siteId: 'sixer' });
    expect(other.statusCode).toBe(403);
    expect(messageOf(other)).toBe(SITE_CONTENT_MESSAGES.ownSiteOnly);
    expect((await call(homeAdmin, HOME, 'POST', '/api/save-message', { text: 'Sneaky', active: true, siteId: null })).statusCode).toBe(403);
    const lines = await dataOf<NewsMessage[]>(root, HOME, '/api/get-messages');
    const sixerLine = lines.find((line) => line.siteId === 'sixer');
    const everyLine = lines.find((line) => line.siteId === null);
    // Another site's line is no line at all for it (the same 404 as a made-up id).
    const foreign = await call(homeAdmin, HOME, 'POST', '/api/update-message', { _id: sixerLine?._id, active: false });
    const ghost = await call(homeAdmin, HOME, 'POST', '/api/update-message', { _id: randomUUID(), active: false });
    expect([foreign.statusCode, messageOf(foreign)]).toEqual([ghost.statusCode, messageOf(ghost)]);
    expect(foreign.statusCode).toBe(404);
    expect((await call(homeAdmin, HOME, 'POST', '/api/update-message', { _id: everyLine?._id, active: false })).statusCode).toBe(403);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM news_messages WHERE NOT active');
    expect(rows[0]?.n).toBe(0);
    // The Super Admin names an unknown site: 404.
    expect((await call(root, HOME, 'POST', '/api/save-message', { text: 'x', active: true, siteId: 'nowhere' })).statusCode).toBe(404);
  });

  it.each([
    { text: 'x', active: true, siteId: 'Bad Site' },
    { text: 'x', active: true, siteId: 'a\u0000b' },
    { text: 'x', active: true, siteId: true },
    { text: 'x', active: true, siteId: 'x'.repeat(100) },
    { text: 'x', active: true, siteId: ['sixer'] },
  ])('a hostile site %j is a 400', async (payload) => {
    expect((await call(root, HOME, 'POST', '/api/save-message', payload)).statusCode).toBe(400);
  });
});

describe('casino per site', () => {
  const TABLE = '9023';

  it("hides the tables and providers a site switched off from that site's lists only", async () => {
    const saved = await call(sixerAdmin, SIXER, 'POST', '/api/save-site-casino', {
      tablesOff: [TABLE, TABLE],
      providersOff: [provider.id],
      transactionPassword: TEST_TXN_PASSWORD,
    });
    expect(saved.statusCode).toBe(200);
    expect(body<{ data: SiteCasinoSwitches }>(saved).data).toEqual({ siteId: 'sixer', tablesOff: [TABLE], providersOff: [provider.id] });
    const { rows } = await t.db.query<{ action: string; actor_id: string }>("SELECT action, actor_id FROM audit_log WHERE target = 'site:sixer'");
    expect(rows).toEqual([{ action: 'sites.casino_saved', actor_id: sixerAdmin.id }]);

    const sixerTables = (await dataOf<{ data: CasinoGameListItem[] }>(sixerPlayer, SIXER, '/api/get-casino-games')).data.map((g) => g.matchId);
    const homeTables = (await dataOf<{ data: CasinoGameListItem[] }>(homePlayer, HOME, '/api/get-casino-games')).data.map((g) => g.matchId);
    expect(homeTables).toContain(TABLE);
    expect(sixerTables).not.toContain(TABLE);
    expect(sixerTables).toHaveLength(homeTables.length - 1);
    // The site's Admin still lists every table (its casino-list screen switches them).
    expect((await dataOf<{ data: CasinoGameListItem[] }>(sixerAdmin, SIXER, '/api/get-casino-games')).data.map((g) => g.matchId)).toContain(TABLE);

    const sixerProviders = (await dataOf<CasinoIntProvider[]>(sixerPlayer, SIXER, '/api/get-casino-providers')).map((p) => p._id);
    const homeProviders = (await dataOf<CasinoIntProvider[]>(homePlayer, HOME, '/api/get-casino-providers')).map((p) => p._id);
    expect(homeProviders).toContain(provider.id);
    expect(sixerProviders).not.toContain(provider.id);
    const sixerGames = await dataOf<CasinoIntGamesResponse>(sixerPlayer, SIXER, '/api/get-casino-int-games');
    const homeGames = await dataOf<CasinoIntGamesResponse>(homePlayer, HOME, '/api/get-casino-int-games');
    expect(homeGames.result.some((g) => g.provider_id === provider.id)).toBe(true);
    expect(sixerGames.result.some((g) => g.provider_id === provider.id)).toBe(false);
    // Each site's Admin reads its own switches.
    expect(await dataOf<SiteCasinoSwitches>(homeAdmin, HOME, '/api/get-site-casino')).toEqual({ siteId: 'backlay', tablesOff: [], providersOff: [] });
    expect(await dataOf<SiteCasinoSwitches>(root, HOME, '/api/get-site-casino?siteId=sixer')).toMatchObject({ tablesOff: [TABLE] });
  });

  it("refuses a bet on a switched-off table and a launch of a switched-off provider's game from that site's players only", async () => {
    const bet = (user: TestUser, host: string) =>
      call(user, host, 'POST', '/api/placebet', { matchId: TABLE, marketId: 'c1.main', selectionId: 'D', side: 'BACK', odds: 2, stake: 100 }, idempotent(randomUUID()));
    const refused = await bet(sixerPlayer, SIXER);
    expect([refused.statusCode, messageOf(refused)]).toEqual([403, SITE_CONTENT_MESSAGES.tableOffHere]);
    const home = await bet(homePlayer, HOME);
    expect(messageOf(home)).not.toBe(SITE_CONTENT_MESSAGES.tableOffHere);

    const launch = (user: TestUser, host: string) =>
      call(user, host, 'POST', '/api/get-cas-casino-play-url', { gameCode: `${provider.id}:${provider.gameCode}`, lobby_url: 'http://127.0.0.1/casino-int/x', ipAddress: '10.9.8.7', isMobile: true });
    const launchRefused = await launch(sixerPlayer, SIXER);
    expect([launchRefused.statusCode, messageOf(launchRefused)]).toEqual([403, SITE_CONTENT_MESSAGES.providerOffHere]);
    expect(messageOf(await launch(homePlayer, HOME))).not.toBe(SITE_CONTENT_MESSAGES.providerOffHere);
  });

  it("an Admin cannot read or change another site's switches; the Super Admin can; the transaction password is checked", async () => {
    const payload = { siteId: 'sixer', tablesOff: [], providersOff: [], transactionPassword: TEST_TXN_PASSWORD };
    const before = await businessStateDigest(t.db);
    expect((await call(homeAdmin, HOME, 'POST', '/api/save-site-casino', payload)).statusCode).toBe(403);
    expect(await businessStateDigest(t.db)).toBe(before);
    expect((await call(homeAdmin, HOME, 'GET', '/api/get-site-casino?siteId=sixer')).statusCode).toBe(403);
    expect((await call(sixerDl, SIXER, 'GET', '/api/get-site-casino')).statusCode).toBe(403);
    expect((await call(root, HOME, 'POST', '/api/save-site-casino', { ...payload, transactionPassword: 'wrong-one' })).statusCode).not.toBe(200);
    expect((await call(root, HOME, 'POST', '/api/save-site-casino', { ...payload, siteId: 'nowhere' })).statusCode).toBe(404);
    expect(await dataOf<SiteCasinoSwitches>(root, HOME, '/api/get-site-casino?siteId=sixer')).toMatchObject({ tablesOff: [TABLE] });
    const cleared = await call(root, HOME, 'POST', '/api/save-site-casino', { ...payload, tablesOff: [] });
    expect(cleared.statusCode).toBe(200);
    expect((await dataOf<{ data: CasinoGameListItem[] }>(sixerPlayer, SIXER, '/api/get-casino-games')).data.map((g) => g.matchId)).toContain(TABLE);
  });

  it.each([
    { tablesOff: ['no-such-table'], providersOff: [] },
    { tablesOff: [], providersOff: ['no-such-provider'] },
    { tablesOff: ['9023\u0000'], providersOff: [] },
    { tablesOff: [true], providersOff: [] },
    { tablesOff: '9023', providersOff: [] },
    { tablesOff: Array.from({ length: 201 }, () => '9023'), providersOff: [] },
    { tablesOff: [], providersOff: ['\ud800'] },
  ])('hostile or unknown ids %# are a 400', async (fields) => {
    const response = await call(root, HOME, 'POST', '/api/save-site-casino', { ...fields, transactionPassword: TEST_TXN_PASSWORD });
    expect(response.statusCode).toBe(400);
  });
});

describe('payment details per site', () => {
  const sixerDetails = { upiId: 'sixer@okicici', upiName: 'Sixer', accountHolderName: 'Sixer Payments', accountNumber: '602009876543', ifscCode: 'ICIC0004321' };
  const homeDetails = { upiId: 'home@okaxis', upiName: 'Home', accountHolderName: 'Home Payments', accountNumber: '501001234567', ifscCode: 'HDFC0001234' };

  it("each site's deposit page shows its own details, saved by its Admin or the Super Admin", async () => {
    expect((await call(sixerAdmin, SIXER, 'POST', '/api/save-payment-list', { settingList: sixerDetails })).statusCode).toBe(200);
    expect((await call(root, HOME, 'POST', '/api/save-payment-list', { settingList: homeDetails })).statusCode).toBe(200);
    expect(await dataOf<PaymentSettings>(sixerPlayer, SIXER, '/api/get-payment-list')).toEqual(sixerDetails);
    expect(await dataOf<PaymentSettings>(homePlayer, HOME, '/api/get-payment-list')).toEqual(homeDetails);
    // The Super Admin reads and writes another site's with ?siteId.
    expect(await dataOf<PaymentSettings>(root, HOME, '/api/get-payment-list?siteId=sixer')).toEqual(sixerDetails);
    const changed = { ...sixerDetails, upiName: 'Sixer Two' };
    expect((await call(root, HOME, 'POST', '/api/save-payment-list?siteId=sixer', { settingList: changed })).statusCode).toBe(200);
    expect(await dataOf<PaymentSettings>(sixerPlayer, SIXER, '/api/get-payment-list')).toEqual(changed);
    expect(await dataOf<PaymentSettings>(homePlayer, HOME, '/api/get-payment-list')).toEqual(homeDetails);
  });

  it("an Admin cannot read or change another site's; a player names no site; hostile site ids are 400", async () => {
    const before = await dataOf<PaymentSettings>(sixerPlayer, SIXER, '/api/get-payment-list');
    const digest = await businessStateDigest(t.db);
    expect((await call(homeAdmin, HOME, 'POST', '/api/save-payment-list?siteId=sixer', { settingList: homeDetails })).statusCode).toBe(403);
    expect(await businessStateDigest(t.db)).toBe(digest);
    expect((await call(homeAdmin, HOME, 'GET', '/api/get-payment-list?siteId=sixer')).statusCode).toBe(403);
    expect((await call(homePlayer, HOME, 'GET', '/api/get-payment-list?siteId=sixer')).statusCode).toBe(403);
    expect(await dataOf<PaymentSettings>(sixerPlayer, SIXER, '/api/get-payment-list')).toEqual(before);
    for (const bad of ['Bad%20Site', 'a%00b', 'x'.repeat(80), '%F0']) {
      expect((await call(root, HOME, 'GET', `/api/get-payment-list?siteId=${bad}`)).statusCode).toBe(400);
    }
  });
});

describe('registration under the site agent', () => {
  let phoneCounter = 0;
  const nextPhone = () => `98${String(76_543_210 + ++phoneCounter).padStart(8, '0')}`;

  async function registerOn(host: string, username: string) {
    const captcha = async () => {
      const response = await t.request({ method: 'GET', url: '/api/captcha-challenge', headers: { host } });
      const solution = solveCaptcha(body<{ data: CaptchaChallenge }>(response).data);
      if (solution === null) throw new Error('unsolvable captcha');
      return encodeCaptcha(solution);
    };
    const phone = nextPhone();
    const sent = await t.request({ method: 'POST', url: '/api/send-otp', headers: { host }, payload: { phone, captcha: await captcha() } });
    expect(sent.statusCode).toBe(200);
    const nonce = body<{ data: { nonce: string } }>(sent).data.nonce;
    const { rows } = await t.db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
    const otp = /^(\d{6}) /.exec(rows[0]?.body ?? '')?.[1];
    return t.request({
      method: 'POST',
      url: '/api/user-register',
      headers: { host },
      payload: { username, phone, otp, nonce, password: 'Register#2026x', isDemo: false, logs: {}, captcha: await captcha() },
    });
  }

  const parentOf = async (username: string, siteId: string) =>
    (await t.db.query<{ parent_id: string }>('SELECT parent_id FROM users WHERE username = $1 AND site_id = $2', [username, siteId])).rows[0]?.parent_id;

  it("new players go under the site's agent; unset, under the configured name on that site", async () => {
    expect((await registerOn(SIXER, 'newbie1')).statusCode).toBe(200);
    expect(await parentOf('newbie1', 'sixer')).toBe(sixerDl.id);
    const saved = await call(sixerAdmin, SIXER, 'POST', '/api/save-registration-agent', { username: 'sixer-agent', transactionPassword: TEST_TXN_PASSWORD });
    expect(saved.statusCode).toBe(200);
    expect(body<{ data: RegistrationAgent }>(saved).data).toEqual({ siteId: 'sixer', username: 'sixer-agent' });
    expect((await registerOn(SIXER, 'newbie2')).statusCode).toBe(200);
    expect(await parentOf('newbie2', 'sixer')).toBe(sixerOtherDl.id);
    // The other site is untouched.
    expect((await registerOn(HOME, 'newbie3')).statusCode).toBe(200);
    expect(await parentOf('newbie3', 'backlay')).toBe(homeDl.id);
    expect(await dataOf<RegistrationAgent>(root, HOME, '/api/get-registration-agent?siteId=sixer')).toEqual({ siteId: 'sixer', username: 'sixer-agent' });
    expect(await dataOf<RegistrationAgent>(homeAdmin, HOME, '/api/get-registration-agent')).toEqual({ siteId: 'backlay', username: null });
    // Back to the configured name.
    const unset = await call(root, HOME, 'POST', '/api/save-registration-agent', { siteId: 'sixer', username: null, transactionPassword: TEST_TXN_PASSWORD });
    expect(body<{ data: RegistrationAgent }>(unset).data).toEqual({ siteId: 'sixer', username: null });
    expect((await registerOn(SIXER, 'newbie4')).statusCode).toBe(200);
    expect(await parentOf('newbie4', 'sixer')).toBe(sixerDl.id);
  });

  it('the agent is a DL of that site, in the setter’s downline and not locked; an Admin sets only its own site', async () => {
    const save = (user: TestUser, host: string, fields: object) =>
      call(user, host, 'POST', '/api/save-registration-agent', { transactionPassword: TEST_TXN_PASSWORD, ...fields });
    // Another site's name does not resolve here: the same 404 as a name nobody has.
    const digest = await businessStateDigest(t.db);
    const foreign = await save(homeAdmin, HOME, { username: 'sixer-agent' });
    const ghost = await save(homeAdmin, HOME, { username: 'ghost-agent' });
    expect([foreign.statusCode, messageOf(foreign)]).toEqual([ghost.statusCode, messageOf(ghost)]);
    expect(foreign.statusCode).toBe(404);
    expect((await save(homeAdmin, HOME, { siteId: 'sixer', username: 'sixer-agent' })).statusCode).toBe(403);
    expect(await businessStateDigest(t.db)).toBe(digest);
    const notDl = await save(sixerAdmin, SIXER, { username: sixerAdmin.username });
    expect([notDl.statusCode, messageOf(notDl)]).toEqual([400, SITE_CONTENT_MESSAGES.agentMustBeDl]);
    expect((await save(sixerAdmin, SIXER, { username: sixerPlayer.username })).statusCode).toBe(400);
    await t.db.query("UPDATE users SET status = 'locked' WHERE id = $1", [sixerOtherDl.id]);
    const locked = await save(sixerAdmin, SIXER, { username: 'sixer-agent' });
    await t.db.query("UPDATE users SET status = 'active' WHERE id = $1", [sixerOtherDl.id]);
    expect([locked.statusCode, messageOf(locked)]).toEqual([400, SITE_CONTENT_MESSAGES.agentLocked]);
    for (const hostile of [{ username: 'a\u0000b' }, { username: true }, { username: 'x'.repeat(65) }, { username: 'ok', siteId: 'NOPE!' }, {}]) {
      expect((await save(sixerAdmin, SIXER, hostile)).statusCode).toBe(400);
    }
  });
});
