/**
 * What the racing screens read (ADR 0045), through the real API and PostgreSQL: a race from a
 * feed (a scripted greyhound provider) with its WIN and PLACE markets; each runner's race-card
 * number as the ingest stores it (runners.cloth_number, migration 0040) and a non-runner's
 * reduction factor on the market list; the market's number of winners; the racing sports among
 * the players' sports; and the names the bet lists, the results and the market analysis give a
 * race (its open date) and a runner (its number). No route is added: the agents' scope of these
 * lists is the existing one (bet-lists, market-analysis).
 */
import { randomUUID } from 'node:crypto';
import type { BetPage, BetRow, Market, MarketBook, ResultMarketRow, SportItem } from '@backlay/shared/contracts';
import type { FeedEvent, FeedMarket, FeedRunner } from '../src/feed/feed-provider';
import { createChain, createPlayer, getData, type Chain, type Player } from './bet-reports-helper';
import { FEED_START_MS, FakeClock, importEvent, tickFeed } from './feed-helper';
import { assertLedgerInvariants, buildTestApp, idempotent, type TestContext } from './helper';
import { ScriptedProvider } from './scripted-feed';

const GREYHOUNDS = 4339;
const MEETING = { competitionId: 'sheffield-gb', sportId: GREYHOUNDS, name: 'Sheffield (GB)' };
const clock = new FakeClock(FEED_START_MS);
const provider = new ScriptedProvider(clock, 60_000, MEETING, 'Greyhound Racing');
const OFF_MS = FEED_START_MS + 30 * 60_000;

let t: TestContext;
let chain: Chain;
let player: Player;

const DOGS = ['Swift Lad', 'Dusty Road', 'Late Call', 'Slow Coach'];

function dog(i: number, over: Partial<FeedRunner> = {}): FeedRunner {
  return {
    selectionId: `t${i + 1}`,
    name: DOGS[i] as string,
    sortOrder: i + 1,
    clothNumber: i + 1,
    status: 'active',
    back: [{ price: 300 + i * 100, sizeMinor: 5_000_000 }],
    lay: [{ price: 310 + i * 100, sizeMinor: 5_000_000 }],
    ...over,
  };
}

const race: FeedEvent = {
  eventId: 'race-sheffield-1',
  sportId: GREYHOUNDS,
  competitionId: MEETING.competitionId,
  name: 'Sheffield · A4 480m',
  home: 'Sheffield',
  away: 'A4 480m',
  openDateMs: OFF_MS,
  status: 'upcoming',
  inPlay: false,
};

const market = (marketId: string, name: string, winners: number, runners: FeedRunner[]): FeedMarket => ({
  marketId,
  eventId: race.eventId,
  name,
  type: 'match_odds',
  sortOrder: winners,
  status: 'open',
  inPlay: false,
  numberOfWinners: winners,
  runners,
  result: null,
});

const nonRunner = (i: number, factor: number) => dog(i, { status: 'removed', back: [], lay: [], adjustmentFactor: factor, removedAtMs: FEED_START_MS });

beforeAll(async () => {
  t = await buildTestApp({ clock, feedProvider: provider });
  chain = await createChain(t);
  player = await createPlayer(t, chain.agents.dl.id, 100_000n);
  provider.sendEvent(race);
  provider.send(market('1.win', 'Win', 1, [dog(0), dog(1), dog(2), nonRunner(3, 12.5)]));
  provider.send(market('1.place', 'Place', 2, [dog(0), dog(1), dog(2), nonRunner(3, 30)]));
  await tickFeed(t);
  await importEvent(t, GREYHOUNDS, race.eventId, MEETING.competitionId);
  await t.db.query('UPDATE markets SET bet_delay_sec = 0 WHERE event_id = $1', [race.eventId]);
});
afterAll(() => t.close());
afterEach(async () => {
  await assertLedgerInvariants(t.db);
});

const marketsOf = () => getData<Market[]>(t, player.token, `/api/get-market-list?matchId=${race.eventId}`);

describe('a race at the edge', () => {
  it('players get horse racing and greyhounds among the sports', async () => {
    const sports = await getData<SportItem[]>(t, player.token, '/api/get-sport-list');
    expect(sports.filter((s) => s.sportId === 7 || s.sportId === GREYHOUNDS)).toEqual([
      { sportId: 7, name: 'Horse Racing' },
      { sportId: GREYHOUNDS, name: 'Greyhound Racing' },
    ]);
  });

  it('the market list gives each market its number of winners and each runner its race-card number; a non-runner its reduction factor', async () => {
    const markets = await marketsOf();
    expect(markets.map((m) => [m.marketId, m.numberOfWinners])).toEqual([
      ['1.win', 1],
      ['1.place', 2],
    ]);
    const place = markets[1] as Market;
    expect(place.runners.map((r) => [r.selectionId, r.clothNumber, r.name, r.status, r.adjustmentFactor])).toEqual([
      ['t1', 1, 'Swift Lad', 'active', null],
      ['t2', 2, 'Dusty Road', 'active', null],
      ['t3', 3, 'Late Call', 'active', null],
      ['t4', 4, 'Slow Coach', 'removed', 30],
    ]);
    expect(markets[0]?.runners[3]?.adjustmentFactor).toBe(12.5);
  });

  it('a later message without the number keeps the stored one; an impossible number is not stored and the rest of the batch is', async () => {
    const { clothNumber: _dropped, ...noNumber } = dog(0);
    provider.send(market('1.win', 'Win', 1, [noNumber, dog(1, { clothNumber: 0 }), dog(2, { clothNumber: 2.5 }), nonRunner(3, 12.5)]));
    provider.send(market('1.place', 'Place', 2, [dog(0, { back: [{ price: 180, sizeMinor: 5_000_000 }] }), dog(1, { clothNumber: 120 }), dog(2), nonRunner(3, 30)]));
    await tickFeed(t);
    const [win, place] = await marketsOf();
    // Kept: no number in the message. An impossible one (0, 2.5, 120) leaves the stored number as it was.
    expect(win?.runners.map((r) => r.clothNumber)).toEqual([1, 2, 3, 4]);
    expect(place?.runners.map((r) => r.clothNumber)).toEqual([1, 2, 3, 4]);
    // The batch was written: the new price is there.
    expect(place?.runners[0]?.back[0]?.price).toBe(1.8);
    // A runner first seen with an impossible number has none.
    const { rows } = await t.db.query<{ n: number | null }>(
      `INSERT INTO runners (market_id, selection_id, name, sort_order, status) VALUES ('1.place', 'probe', 'Probe', 9, 'active') RETURNING cloth_number AS n`,
    );
    expect(rows[0]?.n).toBeNull();
    await expect(t.db.query(`UPDATE runners SET cloth_number = 0 WHERE market_id = '1.place' AND selection_id = 'probe'`)).rejects.toThrow(/check/i);
    await t.db.query(`DELETE FROM runners WHERE market_id = '1.place' AND selection_id = 'probe'`);
  });
});

describe('a race in the bet lists, the results and the books', () => {
  let betId: string;

  beforeAll(async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/placebet',
      token: player.token,
      headers: idempotent(randomUUID()),
      payload: { matchId: race.eventId, marketId: '1.place', selectionId: 't2', side: 'BACK', odds: 4, stake: 100 },
    });
    expect(res.statusCode).toBe(200);
    betId = (res.json() as { data: { bet: { betId: string } } }).data.bet.betId;
  });

  it('a bet row carries the race’s open date and the runner’s number, for the player and its agents', async () => {
    const mine = await getData<BetPage<BetRow>>(t, player.token, '/api/unsettled-bets');
    const expected = { betId, matchName: 'Sheffield · A4 480m', matchOpenDate: new Date(OFF_MS).toISOString(), sportId: GREYHOUNDS, marketName: 'Place', selectionName: 'Dusty Road', clothNumber: 2 };
    expect(mine.rows).toEqual([expect.objectContaining(expected)]);
    const dl = await getData<BetPage<BetRow>>(t, chain.tokens.dl, '/api/unsettled-bets');
    expect(dl.rows).toEqual([expect.objectContaining(expected)]);
  });

  it('the market analysis gives the race’s open date and each runner line its number', async () => {
    const books = await getData<MarketBook[]>(t, chain.tokens.dl, `/api/get-market-analysis?matchId=${race.eventId}`);
    expect(books).toHaveLength(1);
    expect(books[0]).toMatchObject({ marketId: '1.place', matchOpenDate: new Date(OFF_MS).toISOString(), sportId: GREYHOUNDS });
    expect(books[0]?.lines.map((l) => [l.selectionId, l.clothNumber, l.name])).toEqual([
      ['t1', 1, 'Swift Lad'],
      ['t2', 2, 'Dusty Road'],
      ['t3', 3, 'Late Call'],
    ]);
  });

  it('the pending results give the PLACE market its number of winners and its runners their numbers (a non-runner left out)', async () => {
    const pending = await getData<ResultMarketRow[]>(t, chain.tokens.admin, `/api/results?status=pending&sportId=${GREYHOUNDS}`);
    expect(pending.find((r) => r.marketId === '1.place')).toMatchObject({
      numberOfWinners: 2,
      runners: [
        { selectionId: 't1', name: 'Swift Lad', clothNumber: 1 },
        { selectionId: 't2', name: 'Dusty Road', clothNumber: 2 },
        { selectionId: 't3', name: 'Late Call', clothNumber: 3 },
      ],
    });
  });
});
