/**
 * The catalog as players and admins read it (docs/rules/product.md §7 "Sports"), on a database the feed ingest
 * filled from the seeded simulator: only imported, active matches and active markets reach
 * players; admin and sadmin see every imported match and every market of it.
 */
import {
  MESSAGES,
  type Fancy,
  type FeedMatch,
  type Market,
  type MatchDetail,
  type MatchSummary,
  type Score,
  type SeriesByDate,
  type SeriesItem,
  type SeriesWithMarket,
} from '@backlay/shared/contracts';
import { FEED_START_MS, FakeClock, findEvent, importEvent, tickFeed } from './feed-helper';
import { body, buildTestApp, type TestContext } from './helper';

let t: TestContext;
let player: string;
let admin: string;
let mdl: string;
/** An in-play cricket match imported with its markets, one imported without, one not imported. */
let cricket: { id: string; competitionId: string; name: string };
let bare: { id: string; competitionId: string; name: string };
let notImported: { id: string; competitionId: string; name: string };

const get = async <T>(url: string, token: string): Promise<{ status: number; data: T; message: string }> => {
  const response = await t.request({ method: 'GET', url, token });
  const parsed = body<{ data: T; message: string }>(response);
  return { status: response.statusCode, data: parsed.data, message: parsed.message };
};

beforeAll(async () => {
  t = await buildTestApp({ clock: new FakeClock(FEED_START_MS) });
  player = (await t.login(await t.createUser({ role: 'user' }))).token;
  admin = (await t.login(await t.createUser({ role: 'admin' }))).token;
  mdl = (await t.login(await t.createUser({ role: 'mdl' }))).token;
  await tickFeed(t);
  cricket = await findEvent(t, 4, 'inplay');
  await importEvent(t, 4, cricket.id, cricket.competitionId, true);
  bare = await findEvent(t, 1, 'inplay');
  await importEvent(t, 1, bare.id, bare.competitionId, false);
  notImported = await findEvent(t, 4, 'upcoming');
});
afterAll(() => t.close());

describe('GET /api/get-sport-list', () => {
  it('players get the active sports with their ids', async () => {
    expect(await get('/api/get-sport-list', player)).toEqual({
      status: 200,
      data: [
        { sportId: 4, name: 'Cricket' },
        { sportId: 1, name: 'Soccer' },
        { sportId: 2, name: 'Tennis' },
        { sportId: 7, name: 'Horse Racing' },
        { sportId: 4339, name: 'Greyhound Racing' },
      ],
      message: MESSAGES.ok,
    });
  });

  it('admin and sadmin also get each sport’s switch and default limits', async () => {
    const { data } = await get<unknown[]>('/api/get-sport-list', admin);
    expect(data[0]).toEqual({ sportId: 4, name: 'Cricket', active: true, minStake: 100, maxStake: 100_000, maxProfit: 500_000, betDelaySec: 5 });
  });

  it('needs a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/get-sport-list' })).statusCode).toBe(401);
  });
});

describe('the feed for import (admin)', () => {
  it('GET get-series lists the competitions of a sport with their open matches', async () => {
    const { status, data } = await get<SeriesItem[]>('/api/get-series?EventTypeID=4', admin);
    expect(status).toBe(200);
    expect(data.length).toBeGreaterThanOrEqual(2);
    for (const series of data) expect(series).toEqual({ competitionId: expect.any(String), name: expect.any(String), sportId: 4, matchCount: expect.any(Number) });
    expect(data.find((s) => s.competitionId === cricket.competitionId)?.matchCount).toBeGreaterThan(0);
  });

  it('GET get-matches lists a competition’s matches, saying which are imported', async () => {
    const { data } = await get<FeedMatch[]>(`/api/get-matches?EventTypeID=4&CompetitionID=${cricket.competitionId}`, admin);
    const mine = data.find((m) => m.eventId === cricket.id);
    expect(mine).toEqual({
      eventId: cricket.id,
      name: cricket.name,
      sportId: 4,
      competitionId: cricket.competitionId,
      competitionName: expect.any(String),
      openDate: expect.any(String),
      inPlay: true,
      imported: true,
    });
    expect(data.every((m) => m.sportId === 4 && m.competitionId === cricket.competitionId)).toBe(true);
    const upcoming = await get<FeedMatch[]>(`/api/get-matches?EventTypeID=4&CompetitionID=${notImported.competitionId}`, admin);
    expect(upcoming.data.find((m) => m.eventId === notImported.id)?.imported).toBe(false);
  });

  it('both need their parameters', async () => {
    expect((await get('/api/get-series', admin)).status).toBe(400);
    expect((await get('/api/get-matches?EventTypeID=4', admin)).status).toBe(400);
  });
});

describe('GET /api/get-match-list', () => {
  it('lists only imported, active matches with their competition and best match odds', async () => {
    const { data } = await get<MatchSummary[]>('/api/get-match-list?sportId=4', player);
    expect(data.map((m) => m._id)).toEqual([cricket.id]);
    const [match] = data;
    expect(match).toMatchObject({ _id: cricket.id, sportId: 4, name: cricket.name, inPlay: true, status: 'inplay', active: true });
    expect(match?.competitionName).toEqual(expect.any(String));
    expect(match?.matchOdds?.runners).toHaveLength(2);
    for (const runner of match?.matchOdds?.runners ?? []) {
      expect(runner.back).toBeGreaterThan(1);
      expect(runner.lay).toBeGreaterThan(runner.back ?? Infinity);
    }
  });

  it('gives no match odds while the match odds market is switched off', async () => {
    const { data } = await get<MatchSummary[]>('/api/get-match-list?sportId=1', player);
    expect(data).toEqual([expect.objectContaining({ _id: bare.id, matchOdds: null })]);
  });

  it('filters by status (the in-play spelling too), puts in-play first and limits', async () => {
    expect((await get<MatchSummary[]>('/api/get-match-list?status=in-play', player)).data.map((m) => m._id).sort()).toEqual(
      [cricket.id, bare.id].sort(),
    );
    expect((await get<MatchSummary[]>('/api/get-match-list?status=upcoming', player)).data).toEqual([]);
    expect((await get<MatchSummary[]>('/api/get-match-list?limit=1', player)).data).toHaveLength(1);
  });

  it('refuses a limit above 100 and an unknown status', async () => {
    const tooMany = await get('/api/get-match-list?limit=10000', player);
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toBe('limit must be <= 100');
    expect((await get('/api/get-match-list?status=live', player)).status).toBe(400);
  });
});

describe('GET /api/get-match-by-id', () => {
  it('answers an imported match', async () => {
    const { status, data } = await get<MatchDetail>(`/api/get-match-by-id?matchId=${cricket.id}`, player);
    expect(status).toBe(200);
    expect(data).toEqual({
      _id: cricket.id,
      sportId: 4,
      name: cricket.name,
      competitionId: cricket.competitionId,
      competitionName: expect.any(String),
      openDate: expect.any(String),
      inPlay: true,
      status: 'inplay',
      active: true,
    });
  });

  it('a match that is not imported is not found, for admins too', async () => {
    expect((await get(`/api/get-match-by-id?matchId=${notImported.id}`, player)).status).toBe(404);
    const denied = await get(`/api/get-match-by-id?matchId=${notImported.id}`, admin);
    expect(denied).toMatchObject({ status: 404, message: MESSAGES.matchNotFound });
    expect((await get('/api/get-match-by-id?matchId=nope', player)).status).toBe(404);
  });
});

describe('GET /api/get-market-list', () => {
  it('players see the active markets with three levels a side; the bookmaker quotes rates', async () => {
    const { data } = await get<Market[]>(`/api/get-market-list?matchId=${cricket.id}`, player);
    expect(data.map((m) => m.type)).toEqual(['match_odds', 'bookmaker']);
    const [odds, bookmaker] = data;
    expect(odds).toMatchObject({ matchId: cricket.id, name: 'Match Odds', active: true, inPlay: true, result: null, minStake: 100 });
    for (const runner of odds?.runners ?? []) {
      expect(runner.back).toHaveLength(3);
      expect(runner.lay).toHaveLength(3);
      expect(runner.back[0]?.price).toBeLessThan(runner.lay[0]?.price ?? 0);
      expect(runner.back[0]?.size).toBeGreaterThan(0);
    }
    // A bookmaker rate is shown ×100 (0.45 → 45): below 100 for a favourite, above for an outsider.
    for (const runner of bookmaker?.runners ?? []) {
      expect(runner.back).toHaveLength(1);
      expect(runner.lay[0]?.price).toBeGreaterThan(runner.back[0]?.price ?? Infinity);
    }
  });

  it('players see nothing of a match whose markets are off; admins see every market', async () => {
    expect((await get<Market[]>(`/api/get-market-list?matchId=${bare.id}`, player)).data).toEqual([]);
    const all = await get<Market[]>(`/api/get-market-list?matchId=${bare.id}`, admin);
    expect(all.data.map((m) => [m.type, m.active])).toEqual([
      ['match_odds', false],
      ['over_under', false],
      ['over_under', false],
    ]);
    // Agents below sadmin see what players see.
    expect((await get<Market[]>(`/api/get-market-list?matchId=${bare.id}`, mdl)).data).toEqual([]);
    expect((await get(`/api/get-market-list?matchId=${notImported.id}`, player)).status).toBe(404);
  });
});

describe('fancies and score', () => {
  it('GET get-fancy-list gives sessions by default, wicket lines on request, every kind with all', async () => {
    const sessions = (await get<Fancy[]>(`/api/get-fancy-list?matchId=${cricket.id}`, player)).data;
    expect(sessions.length).toBe(8);
    expect(sessions.every((f) => f.gtype === 'session' && f.yesRun >= f.noRun)).toBe(true);
    expect(sessions.map((f) => f.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^6 over runs /)]));
    const wickets = (await get<Fancy[]>(`/api/get-fancy-list?matchId=${cricket.id}&gtype=wicket`, player)).data;
    expect(wickets.map((f) => f.gtype)).toEqual(['wicket', 'wicket', 'wicket', 'wicket']);
    expect((await get<Fancy[]>(`/api/get-fancy-list?matchId=${cricket.id}&gtype=all`, player)).data).toHaveLength(12);
  });

  it('GET fancy-data gives the live lines only', async () => {
    const live = (await get<Fancy[]>(`/api/fancy-data?MatchID=${cricket.id}`, player)).data;
    const all = (await get<Fancy[]>(`/api/get-fancy-list?matchId=${cricket.id}&gtype=all`, player)).data;
    expect(live.every((f) => f.status !== 'closed' && f.result === null)).toBe(true);
    expect(live.length).toBe(all.filter((f) => f.status !== 'closed').length);
  });

  it('GET score answers the live score', async () => {
    const { data } = await get<Score>(`/api/score?MatchID=${cricket.id}`, player);
    expect(data).toMatchObject({ matchId: cricket.id, sportId: 4, inPlay: true });
    expect(data.summary).toMatch(/\d+\/\d+ \(\d+\.\d\)/);
    expect((await get(`/api/score?MatchID=${notImported.id}`, player)).status).toBe(404);
  });
});

describe('series with markets', () => {
  it('GET get-series-with-market groups imported open matches under their competitions with counts', async () => {
    const { data } = await get<SeriesWithMarket[]>('/api/get-series-with-market?EventTypeID=4', player);
    expect(data).toEqual([
      {
        competitionId: cricket.competitionId,
        name: expect.any(String),
        sportId: 4,
        matches: [
          {
            _id: cricket.id,
            name: cricket.name,
            openDate: expect.any(String),
            inPlay: true,
            status: 'inplay',
            marketCount: 2,
            fancyCount: expect.any(Number),
          },
        ],
      },
    ]);
    const soccer = (await get<SeriesWithMarket[]>('/api/get-series-with-market?EventTypeID=1', player)).data;
    expect(soccer[0]?.matches[0]).toMatchObject({ _id: bare.id, marketCount: 0, fancyCount: 0 });
  });

  it('GET get-series-with-market-with-date groups them by the UTC date of the start', async () => {
    const { data } = await get<SeriesByDate[]>('/api/get-series-with-market-with-date?EventTypeID=4', player);
    expect(data).toEqual([{ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), series: [expect.objectContaining({ competitionId: cricket.competitionId })] }]);
    const match = data[0]?.series[0]?.matches[0];
    expect(match?.openDate.slice(0, 10)).toBe(data[0]?.date);
  });
});

describe('player visibility follows the admin switches', () => {
  it('a hidden match and an inactive sport disappear for players, not for admins', async () => {
    const hide = await t.request({ method: 'POST', url: '/api/update-match', token: admin, payload: { matchId: cricket.id, active: false } });
    expect(hide.statusCode).toBe(200);
    expect((await get<MatchSummary[]>('/api/get-match-list?sportId=4', player)).data).toEqual([]);
    expect((await get(`/api/get-market-list?matchId=${cricket.id}`, player)).status).toBe(404);
    expect((await get<MatchSummary[]>('/api/get-match-list?sportId=4', admin)).data.map((m) => [m._id, m.active])).toEqual([[cricket.id, false]]);
    await t.request({ method: 'POST', url: '/api/update-match', token: admin, payload: { matchId: cricket.id, active: true } });
    expect((await get<MatchSummary[]>('/api/get-match-list?sportId=4', player)).data.map((m) => m._id)).toEqual([cricket.id]);

    const off = { sportId: 4, active: false, minStake: 100, maxStake: 100_000, maxProfit: 500_000, betDelaySec: 5 };
    expect((await t.request({ method: 'POST', url: '/api/save-sport-settings', token: admin, payload: off })).statusCode).toBe(200);
    expect((await get<unknown[]>('/api/get-sport-list', player)).data).toHaveLength(4);
    expect((await get<MatchSummary[]>('/api/get-match-list?sportId=4', player)).data).toEqual([]);
    // Admins see every sport, switched on or off.
    expect((await get<unknown[]>('/api/get-sport-list', admin)).data).toHaveLength(5);
    await t.request({ method: 'POST', url: '/api/save-sport-settings', token: admin, payload: { ...off, active: true } });
    expect((await get<MatchSummary[]>('/api/get-match-list?sportId=4', player)).data).toHaveLength(1);
  });
});
