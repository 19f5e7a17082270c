/**
 * Sports per site (issue 35, ADR 0074 "Content per site") through the real API, with two sites:
 * Sixer switches soccer off. Sixer's player sees no soccer (the sports list, the match lists, a
 * sport's series, a soccer match, its markets) and its soccer bet is refused with a 403; the
 * default site's player still sees and bets soccer; Admins and the platform-wide switch are as
 * before. An Admin of one site cannot change the other's list; hostile input is a 400.
 */
import { SITE_CONTENT_MESSAGES, type MatchSummary, type SiteSportsSwitches, type SportItem } from '@backlay/shared/contracts';
import { randomUUID } from 'node:crypto';
import { body, buildTestApp, createTestMarket, idempotent, TEST_TXN_PASSWORD, type TestContext, type TestMarket, type TestUser } from './helper';
import { messageOf, siteCalls, twoSites } from './site-helper';

const HOME = 'home.test';
const SIXER = 'play.sixer.test';
const SOCCER = 1;
const CRICKET = 4;

let t: TestContext;
let root: TestUser;
let homeAdmin: TestUser;
let homePlayer: TestUser;
let sixerAdmin: TestUser;
let sixerDl: TestUser;
let sixerPlayer: TestUser;
let soccer: TestMarket;
let cricket: TestMarket;

beforeAll(async () => {
  t = await buildTestApp();
  ({ root, homeAdmin, homePlayer, sixerAdmin, sixerDl, sixerPlayer } = await twoSites(t, { home: HOME, sixer: SIXER }, 'sports-root', 1_000n));
  soccer = await createTestMarket(t, { A: [200, 202], B: [200, 202] }, { sportId: SOCCER });
  cricket = await createTestMarket(t, { A: [200, 202], B: [200, 202] }, { sportId: CRICKET });
});
afterAll(() => t.close());


const { call, dataOf } = siteCalls(() => t);

const bet = (user: TestUser, host: string, market: TestMarket) =>
  call(user, host, 'POST', '/api/placebet', { matchId: market.matchId, marketId: market.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100 }, idempotent(randomUUID()));

/** What a player of `host` sees of soccer and cricket, list by list. */
async function seen(user: TestUser, host: string) {
  const sports = (await dataOf<SportItem[]>(user, host, '/api/get-sport-list')).map((sport) => sport.sportId);
  const all = (await dataOf<MatchSummary[]>(user, host, '/api/get-match-list')).map((match) => match._id);
  const inPlay = (await dataOf<MatchSummary[]>(user, host, '/api/get-match-list?status=inplay')).map((match) => match._id);
  const soccerOnly = (await dataOf<MatchSummary[]>(user, host, `/api/get-match-list?sportId=${SOCCER}`)).map((match) => match._id);
  const series = await dataOf<unknown[]>(user, host, `/api/get-series-with-market?EventTypeID=${SOCCER}`);
  const byDate = await dataOf<unknown[]>(user, host, `/api/get-series-with-market-with-date?EventTypeID=${SOCCER}`);
  const match = (await call(user, host, 'GET', `/api/get-match-by-id?matchId=${soccer.matchId}`)).statusCode;
  const markets = (await call(user, host, 'GET', `/api/get-market-list?matchId=${soccer.matchId}`)).statusCode;
  return {
    soccerListed: sports.includes(SOCCER),
    cricketListed: sports.includes(CRICKET),
    soccerMatch: all.includes(soccer.matchId),
    soccerInPlay: inPlay.includes(soccer.matchId),
    cricketMatch: all.includes(cricket.matchId),
    soccerOnly: soccerOnly.length > 0,
    soccerSeries: series.length > 0 && byDate.length > 0,
    match,
    markets,
  };
}

const SEES_SOCCER = { soccerListed: true, cricketListed: true, soccerMatch: true, soccerInPlay: true, cricketMatch: true, soccerOnly: true, soccerSeries: true, match: 200, markets: 200 };
const NO_SOCCER = { soccerListed: false, cricketListed: true, soccerMatch: false, soccerInPlay: false, cricketMatch: true, soccerOnly: false, soccerSeries: false, match: 404, markets: 404 };

describe('sports per site', () => {
  it('every site offers every sport until its Admin switches one off', async () => {
    expect(await dataOf<SiteSportsSwitches>(sixerAdmin, SIXER, '/api/get-site-sports')).toEqual({ siteId: 'sixer', sportsOff: [] });
    expect(await seen(sixerPlayer, SIXER)).toEqual(SEES_SOCCER);
  });

  it("Sixer switches soccer off: its player sees no soccer and its soccer bet is refused; the default site's player is as before", async () => {
    const saved = await call(sixerAdmin, SIXER, 'POST', '/api/save-site-sports', { sportsOff: [SOCCER, SOCCER], transactionPassword: TEST_TXN_PASSWORD });
    expect([saved.statusCode, messageOf(saved)]).toEqual([200, SITE_CONTENT_MESSAGES.sportsSaved]);
    expect(body<{ data: SiteSportsSwitches }>(saved).data).toEqual({ siteId: 'sixer', sportsOff: [SOCCER] });
    const { rows } = await t.db.query<{ before: unknown; after: unknown }>(
      "SELECT before, after FROM audit_log WHERE action = 'sites.sports_saved' AND target = 'site:sixer'",
    );
    expect(rows).toEqual([{ before: { sportsOff: [] }, after: { sportsOff: [SOCCER] } }]);

    expect(await seen(sixerPlayer, SIXER)).toEqual(NO_SOCCER);
    expect(await seen(homePlayer, HOME)).toEqual(SEES_SOCCER);

    const refused = await bet(sixerPlayer, SIXER, soccer);
    expect([refused.statusCode, messageOf(refused)]).toEqual([403, SITE_CONTENT_MESSAGES.sportOffHere]);
    // The same bet again: the match's sport is remembered, the answer the same.
    expect((await bet(sixerPlayer, SIXER, soccer)).statusCode).toBe(403);
    expect((await bet(sixerPlayer, SIXER, cricket)).statusCode).toBe(200);
    expect((await bet(homePlayer, HOME, soccer)).statusCode).toBe(200);
    const { rows: bets } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bets WHERE user_id = $1 AND match_id = $2', [sixerPlayer.id, soccer.matchId]);
    expect(bets[0]?.n).toBe(0);
  });

  it("agents below the Admin see the site's view; the Admins and the platform-wide switch are as before", async () => {
    const dlSports = (await dataOf<SportItem[]>(sixerDl, SIXER, '/api/get-sport-list')).map((sport) => sport.sportId);
    expect(dlSports).not.toContain(SOCCER);
    // The site's Admin still sees soccer (it switches it) and its match.
    expect((await dataOf<SportItem[]>(sixerAdmin, SIXER, '/api/get-sport-list')).map((sport) => sport.sportId)).toContain(SOCCER);
    expect((await call(sixerAdmin, SIXER, 'GET', `/api/get-match-by-id?matchId=${soccer.matchId}`)).statusCode).toBe(200);
    // Cricket off platform-wide hides it on both sites, as before.
    await t.db.query('UPDATE sports SET active = false WHERE sport_id = $1', [CRICKET]);
    try {
      expect((await seen(homePlayer, HOME)).cricketListed).toBe(false);
      expect((await seen(sixerPlayer, SIXER)).cricketMatch).toBe(false);
    } finally {
      await t.db.query('UPDATE sports SET active = true WHERE sport_id = $1', [CRICKET]);
    }
  });

  it("an Admin cannot read or change another site's list; the Super Admin changes any; agents none", async () => {
    const payload = { siteId: 'sixer', sportsOff: [], transactionPassword: TEST_TXN_PASSWORD };
    const other = await call(homeAdmin, HOME, 'POST', '/api/save-site-sports', payload);
    expect([other.statusCode, messageOf(other)]).toEqual([403, SITE_CONTENT_MESSAGES.ownSiteOnly]);
    expect((await call(homeAdmin, HOME, 'GET', '/api/get-site-sports?siteId=sixer')).statusCode).toBe(403);
    expect((await call(sixerDl, SIXER, 'GET', '/api/get-site-sports')).statusCode).toBe(403);
    expect((await call(sixerDl, SIXER, 'POST', '/api/save-site-sports', { sportsOff: [], transactionPassword: TEST_TXN_PASSWORD })).statusCode).toBe(403);
    expect((await call(root, HOME, 'POST', '/api/save-site-sports', { ...payload, transactionPassword: 'wrong-one' })).statusCode).not.toBe(200);
    expect((await call(root, HOME, 'POST', '/api/save-site-sports', { ...payload, siteId: 'nowhere' })).statusCode).toBe(404);
    expect(await dataOf<SiteSportsSwitches>(root, HOME, '/api/get-site-sports?siteId=sixer')).toEqual({ siteId: 'sixer', sportsOff: [SOCCER] });
    expect(await dataOf<SiteSportsSwitches>(homeAdmin, HOME, '/api/get-site-sports')).toEqual({ siteId: 'backlay', sportsOff: [] });

    // The Super Admin switches soccer on again for Sixer: its player sees and bets it.
    const cleared = await call(root, HOME, 'POST', '/api/save-site-sports', payload);
    expect(body<{ data: SiteSportsSwitches }>(cleared).data).toEqual({ siteId: 'sixer', sportsOff: [] });
    expect(await seen(sixerPlayer, SIXER)).toEqual(SEES_SOCCER);
    expect((await bet(sixerPlayer, SIXER, soccer)).statusCode).toBe(200);
  });

  it.each([
    { sportsOff: [999_999], transactionPassword: TEST_TXN_PASSWORD },
    { sportsOff: ['1'], transactionPassword: TEST_TXN_PASSWORD },
    { sportsOff: [true], transactionPassword: TEST_TXN_PASSWORD },
    { sportsOff: [1.5], transactionPassword: TEST_TXN_PASSWORD },
    { sportsOff: [2 ** 40], transactionPassword: TEST_TXN_PASSWORD },
    { sportsOff: 'soccer', transactionPassword: TEST_TXN_PASSWORD },
    { sportsOff: Array.from({ length: 201 }, (_, i) => i + 1), transactionPassword: TEST_TXN_PASSWORD },
    { sportsOff: [], transactionPassword: TEST_TXN_PASSWORD, siteId: 'a\u0000b' },
    { sportsOff: [], transactionPassword: TEST_TXN_PASSWORD, siteId: true },
  ])('hostile %j is a 400', async (payload) => {
    expect((await call(sixerAdmin, SIXER, 'POST', '/api/save-site-sports', payload)).statusCode).toBe(400);
    expect(await dataOf<SiteSportsSwitches>(root, HOME, '/api/get-site-sports?siteId=sixer')).toEqual({ siteId: 'sixer', sportsOff: [] });
  });
});
