/**
 * Stake limits per site (issue 35, ADR 0074 "Content per site") through the real API, with two
 * sites: Sixer sets its own limits (₹50–₹500). Its player's ₹600 and ₹40 bets are refused with
 * the site's figure, ₹400 is placed; the default site's player's ₹600 is placed; the market view
 * Sixer's player gets shows the tighter limits (the default site's the market's own). An Admin
 * of the default site cannot read or change Sixer's limits; hostile input is a 400.
 */
import { SITE_CONTENT_MESSAGES, type Market, type SiteStakeLimits } from '@backlay/shared/contracts';
import { randomUUID } from 'node:crypto';
import { body, buildTestApp, createTestMarket, idempotent, TEST_TXN_PASSWORD, type TestContext, type TestMarket, type TestUser } from './helper';
import { messageOf, siteCalls, twoSites } from './site-helper';

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

beforeAll(async () => {
  t = await buildTestApp();
  ({ root, homeAdmin, homePlayer, sixerAdmin, sixerDl, sixerPlayer } = await twoSites(t, { home: HOME, sixer: SIXER }, 'limits-root', 10_000n));
  market = await createTestMarket(t, { A: [200, 202], B: [200, 202] });
});
afterAll(() => t.close());


const { call, dataOf } = siteCalls(() => t);

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
