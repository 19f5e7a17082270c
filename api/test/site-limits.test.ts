/**
 * Stake limits per site (issue 35, ADR 0074 "Content per site") through the real API, with two
 * sites: Sixer sets its own limits (₹50–₹500). Its player's ₹600 and ₹40 bets are refused with
 * the site's figure, ₹400 is placed; the default site's player's ₹600 is placed; the market view
 * Sixer's player gets shows the tighter limits (the default site's the market's own). An Admin
 * of the default site cannot read or change Sixer's limits; hostile input is a 400.
 */
import { SITE_CONTENT_MESSAGES, type Market, type SiteStakeLimits } from '@backlay/shared/contracts';
import { randomUUID } from 'node:crypto';
import * as sitesRepo from '../src/sites/sites.repository';
import { body, buildTestApp, createTestMarket, idempotent, TEST_TXN_PASSWORD, type TestContext, type TestMarket, type TestUser } from './helper';
import { addSite } from './site-helper';

const HOME = 'home.test';
const SIXER = 'play.sixer.test';

let t: TestContext;
let root: TestUser;
let homeAdmin: TestUser;
let homePlayer: TestUser;
let sixerAdmin: TestUser;
let sixerDl: TestUser;
let sixerPlayer: TestUser;
let market: TestMarket;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await buildTestApp();
  await addSite(t, [SIXER], { homeDomains: [HOME] });
  root = await t.createUser({ role: 'admin', username: 'limits-root' });
  homeAdmin = await t.createUser({ role: 'sadmin', parentId: root.id });
  ({ player: homePlayer } = await chainUnder(homeAdmin));
  sixerAdmin = await t.createUser({ role: 'sadmin', parentId: root.id, siteId: 'sixer' });
  await sitesRepo.bindAdmin(t.db, 'sixer', sixerAdmin.id);
  ({ dl: sixerDl, player: sixerPlayer } = await chainUnder(sixerAdmin));
  await t.db.query('UPDATE users SET must_change_password = false');
  t.services.sites.changed();
  await t.fund(homePlayer.id, 10_000n);
  await t.fund(sixerPlayer.id, 10_000n);
  market = await createTestMarket(t, { A: [200, 202], B: [200, 202] });
});
afterAll(() => t.close());

async function chainUnder(admin: TestUser): Promise<{ dl: TestUser; player: TestUser }> {
  const smdl = await t.createUser({ role: 'smdl', parentId: admin.id });
  const mdl = await t.createUser({ role: 'mdl', parentId: smdl.id });
  const dl = await t.createUser({ role: 'dl', parentId: mdl.id });
  return { dl, player: await t.createUser({ role: 'user', parentId: dl.id }) };
}

async function tokenOf(user: TestUser, host: string): Promise<string> {
  const key = `${user.id}@${host}`;
  const known = tokens.get(key);
  if (known !== undefined) return known;
  const token = (await t.login(user, user.role === 'user' ? 'player' : 'admin', host)).token;
  tokens.set(key, token);
  return token;
}

async function call(user: TestUser, host: string, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.request({ method, url, headers: { host, ...headers }, token: await tokenOf(user, host), ...(payload === undefined ? {} : { payload }) });
}

async function dataOf<T>(user: TestUser, host: string, url: string): Promise<T> {
  const response = await call(user, host, 'GET', url);
  expect({ url, status: response.statusCode, body: response.statusCode === 200 ? '' : response.body }).toEqual({ url, status: 200, body: '' });
  return body<{ data: T }>(response).data;
}

const messageOf = (response: { body: string }) => (JSON.parse(response.body) as { message: string }).message;

const bet = (user: TestUser, host: string, stake: number) =>
  call(user, host, 'POST', '/api/placebet', { matchId: market.matchId, marketId: market.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake }, idempotent(randomUUID()));

async function limitsShown(user: TestUser, host: string) {
  const markets = await dataOf<Market[]>(user, host, `/api/get-market-list?matchId=${market.matchId}`);
  const shown = markets.find((m) => m.marketId === market.marketId);
  return { minStake: shown?.minStake, maxStake: shown?.maxStake };
}

const save = (user: TestUser, host: string, payload: object) => call(user, host, 'POST', '/api/save-site-limits', { transactionPassword: TEST_TXN_PASSWORD, ...payload });

describe('stake limits per site', () => {
  it("Sixer's Admin sets ₹50–₹500: its player's bets outside are refused with the site's figure, the default site's are not", async () => {
    expect(await dataOf<SiteStakeLimits>(sixerAdmin, SIXER, '/api/get-site-limits')).toEqual({ siteId: 'sixer', minStake: null, maxStake: null });
    expect(await limitsShown(sixerPlayer, SIXER)).toEqual({ minStake: 1, maxStake: 10_000_000 });

    const saved = await save(sixerAdmin, SIXER, { minStake: 50, maxStake: 500 });
    expect([saved.statusCode, messageOf(saved)]).toEqual([200, SITE_CONTENT_MESSAGES.limitsSaved]);
    expect(body<{ data: SiteStakeLimits }>(saved).data).toEqual({ siteId: 'sixer', minStake: 50, maxStake: 500 });
    const audit = await t.db.query<{ before: unknown; after: unknown }>(
      "SELECT before, after FROM audit_log WHERE action = 'sites.limits_saved' AND target = 'site:sixer'",
    );
    expect(audit.rows).toEqual([{ before: { minStake: null, maxStake: null }, after: { minStake: 50, maxStake: 500 } }]);

    // The market view Sixer's player gets: the tighter limits; the default site's: the market's own.
    expect(await limitsShown(sixerPlayer, SIXER)).toEqual({ minStake: 50, maxStake: 500 });
    expect(await limitsShown(homePlayer, HOME)).toEqual({ minStake: 1, maxStake: 10_000_000 });

    const tooMuch = await bet(sixerPlayer, SIXER, 600);
    expect([tooMuch.statusCode, messageOf(tooMuch)]).toEqual([400, `Stake 600.00 ${SITE_CONTENT_MESSAGES.stakeAboveSiteMax} 500.00`]);
    const tooLittle = await bet(sixerPlayer, SIXER, 40);
    expect([tooLittle.statusCode, messageOf(tooLittle)]).toEqual([400, `Stake 40.00 ${SITE_CONTENT_MESSAGES.stakeBelowSiteMin} 50.00`]);
    expect((await bet(sixerPlayer, SIXER, 400)).statusCode).toBe(200);
    expect((await bet(homePlayer, HOME, 600)).statusCode).toBe(200);
    const bets = await t.db.query<{ stake: string }>('SELECT stake_minor::text AS stake FROM bets WHERE user_id = $1', [sixerPlayer.id]);
    expect(bets.rows).toEqual([{ stake: '40000' }]);
  });

  it("an Admin cannot read or change another site's limits; the Super Admin changes any; agents none", async () => {
    const other = await save(homeAdmin, HOME, { siteId: 'sixer', minStake: null, maxStake: null });
    expect([other.statusCode, messageOf(other)]).toEqual([403, SITE_CONTENT_MESSAGES.ownSiteOnly]);
    expect((await call(homeAdmin, HOME, 'GET', '/api/get-site-limits?siteId=sixer')).statusCode).toBe(403);
    expect((await call(sixerDl, SIXER, 'GET', '/api/get-site-limits')).statusCode).toBe(403);
    expect((await save(sixerDl, SIXER, { minStake: null, maxStake: null })).statusCode).toBe(403);
    expect((await save(root, HOME, { siteId: 'sixer', minStake: null, maxStake: null, transactionPassword: 'wrong-one' })).statusCode).not.toBe(200);
    expect((await save(root, HOME, { siteId: 'nowhere', minStake: null, maxStake: null })).statusCode).toBe(404);
    expect(await dataOf<SiteStakeLimits>(root, HOME, '/api/get-site-limits?siteId=sixer')).toEqual({ siteId: 'sixer', minStake: 50, maxStake: 500 });
    expect(await dataOf<SiteStakeLimits>(homeAdmin, HOME, '/api/get-site-limits')).toEqual({ siteId: 'backlay', minStake: null, maxStake: null });

    // The Super Admin lifts Sixer's maximum: its player's ₹600 is placed.
    const lifted = await save(root, HOME, { siteId: 'sixer', minStake: 50, maxStake: null });
    expect(body<{ data: SiteStakeLimits }>(lifted).data).toEqual({ siteId: 'sixer', minStake: 50, maxStake: null });
    expect((await bet(sixerPlayer, SIXER, 600)).statusCode).toBe(200);
  });

  it.each([
    { minStake: 600, maxStake: 500 },
    { minStake: 0, maxStake: 500 },
    { minStake: -5, maxStake: null },
    { minStake: 10.001, maxStake: null },
    { minStake: null, maxStake: 1e300 },
    { minStake: null, maxStake: 2 ** 60 },
    { minStake: null, maxStake: 100_000_001 },
    { minStake: true, maxStake: null },
    { minStake: '50', maxStake: null },
    { minStake: null, maxStake: '\ud800' },
    { minStake: null },
    { minStake: null, maxStake: null, siteId: 'a\u0000b' },
    { minStake: null, maxStake: null, siteId: true },
  ])('hostile %j is a 400', async (payload) => {
    const response = await save(sixerAdmin, SIXER, payload);
    expect({ status: response.statusCode, body: response.body.slice(0, 200) }).toMatchObject({ status: 400 });
    expect(await dataOf<SiteStakeLimits>(root, HOME, '/api/get-site-limits?siteId=sixer')).toEqual({ siteId: 'sixer', minStake: 50, maxStake: null });
  });
});
