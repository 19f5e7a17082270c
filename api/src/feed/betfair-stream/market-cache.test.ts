/**
 * The stream model against the recorded T20 match, the horse race with non-runners and
 * hand-made messages in Betfair's documented shapes: images, deltas, level removal, the
 * depth-indexed form, market definition changes, results, catalogue names and ccm scores.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { raceCardRunner, StreamMarketCache } from './market-cache';
import type { MarketCatalogue, McmMessage, StreamMarketDefinition } from './messages';
import { FEED_DATA_DIR, GREYHOUND_WIN, HORSE_WIN, readRecording, T20_EVENT, T20_MARKET, T20_ODDS, T20_SCORE, T20_WINNER } from './fixtures';

const RATE = 10_500; // ₹105.00 per £

function cache(extra: Partial<ConstructorParameters<typeof StreamMarketCache>[0]> = {}): StreamMarketCache {
  return new StreamMarketCache({ gbpInrRateHundredths: RATE, ...extra });
}

function definition(over: Partial<StreamMarketDefinition> = {}): StreamMarketDefinition {
  return {
    status: 'OPEN',
    inPlay: false,
    betDelay: 0,
    eventId: '900',
    eventTypeId: '4',
    marketType: 'MATCH_ODDS',
    openDate: '2026-03-01T10:00:00.000Z',
    numberOfWinners: 1,
    runners: [
      { id: 11, status: 'ACTIVE', sortPriority: 1 },
      { id: 22, status: 'ACTIVE', sortPriority: 2 },
    ],
    ...over,
  };
}

function mcm(mc: McmMessage['mc'], pt = 1): McmMessage {
  return { op: 'mcm', pt, mc };
}

const t20 = readRecording(T20_ODDS);
const t20Score = readRecording(T20_SCORE);

describe('mcm: images and deltas', () => {
  it('an image creates the market; deltas merge levels, best first; size 0 removes a level', () => {
    const c = cache();
    c.apply(mcm([{ id: '1.5', img: true, marketDefinition: definition() }]));
    c.apply(mcm([{ id: '1.5', rc: [{ id: 11, atb: [[1.5, 10], [1.6, 5], [1.4, 2], [1.3, 1]], atl: [[1.7, 3], [1.8, 4]] }] }]));
    let [market] = c.markets('900');
    expect(market?.runners[0]?.back).toEqual([
      { price: 160, sizeMinor: 52_500 },
      { price: 150, sizeMinor: 105_000 },
      { price: 140, sizeMinor: 21_000 },
    ]);
    expect(market?.runners[0]?.lay.map((l) => l.price)).toEqual([170, 180]);
    c.apply(mcm([{ id: '1.5', rc: [{ id: 11, atb: [[1.6, 0], [1.5, 12.5]], atl: [[1.7, 0]] }] }]));
    [market] = c.markets('900');
    expect(market?.runners[0]?.back).toEqual([
      { price: 150, sizeMinor: 131_250 },
      { price: 140, sizeMinor: 21_000 },
      { price: 130, sizeMinor: 10_500 },
    ]);
    expect(market?.runners[0]?.lay).toEqual([{ price: 180, sizeMinor: 42_000 }]);
  });

  it('a new image replaces the cached ladders', () => {
    const c = cache();
    c.apply(mcm([{ id: '1.5', img: true, marketDefinition: definition(), rc: [{ id: 11, atb: [[2, 10]] }, { id: 22, atb: [[3, 10]] }] }]));
    c.apply(mcm([{ id: '1.5', img: true, marketDefinition: definition(), rc: [{ id: 22, atb: [[2.5, 4]] }] }]));
    const [market] = c.markets('900');
    expect(market?.runners.map((r) => r.back.map((l) => l.price))).toEqual([[], [250]]);
  });

  it('the depth-indexed form [level, price, size] replaces by level and removes at size 0', () => {
    const c = cache();
    c.apply(mcm([{ id: '1.5', img: true, marketDefinition: definition() }]));
    c.apply(mcm([{ id: '1.5', rc: [{ id: 11, batb: [[0, 2.02, 10], [1, 2, 4], [2, 1.99, 3]], batl: [[0, 2.04, 7]] }] }]));
    c.apply(mcm([{ id: '1.5', rc: [{ id: 11, batb: [[0, 2.04, 1], [2, 1.99, 0]] }] }]));
    const runner = c.markets('900')[0]?.runners[0];
    expect(runner?.back.map((l) => [l.price, l.sizeMinor])).toEqual([
      [204, 10_500],
      [200, 42_000],
    ]);
    expect(runner?.lay.map((l) => l.price)).toEqual([204]);
  });

  it('changes() returns what changed once, then nothing', () => {
    const c = cache();
    c.apply(mcm([{ id: '1.5', img: true, marketDefinition: definition() }]));
    const first = c.changes();
    expect([first.competitions.length, first.events.length, first.markets.length]).toEqual([1, 1, 1]);
    expect(c.changes()).toEqual({ competitions: [], events: [], markets: [], fancies: [], scores: [] });
    c.apply(mcm([{ id: '1.5', rc: [{ id: 22, atl: [[3, 1]] }] }]));
    const next = c.changes();
    expect([next.events.length, next.markets.length]).toEqual([0, 1]);
  });

  it('markets of other sports or types are kept but not offered', () => {
    const c = cache();
    c.apply(mcm([{ id: '1.6', img: true, marketDefinition: definition({ eventTypeId: '7522', marketType: 'MATCH_ODDS' }) }]));
    c.apply(mcm([{ id: '1.7', img: true, marketDefinition: definition({ eventId: '901', marketType: 'TOP_BATTER' }) }]));
    expect(c.events()).toEqual([]);
    expect(c.book('1.6')?.definition?.eventTypeId).toBe('7522');
  });
});

describe('marketDefinition: status, in play, bet delay, runners, results', () => {
  it('the recorded T20: open pre-match, suspended, in play with a 5 s delay, closed with the recorded winner', () => {
    const c = cache();
    const seen: string[] = [];
    for (const message of t20) {
      c.apply(message);
      if (message.op !== 'mcm' || message.mc?.some((x) => x.marketDefinition !== undefined) !== true) continue;
      const market = c.markets(T20_EVENT)[0];
      const state = `${market?.status}/${market?.inPlay}/${market?.betDelaySec}`;
      if (seen[seen.length - 1] !== state) seen.push(state);
    }
    expect(seen).toEqual(['open/false/0', 'suspended/false/0', 'open/true/5', 'suspended/true/5', 'closed/true/5']);
    const market = c.markets(T20_EVENT)[0];
    expect(market).toMatchObject({ marketId: T20_MARKET, eventId: T20_EVENT, type: 'match_odds', name: 'Match Odds', result: T20_WINNER });
    expect(market?.runners.map((r) => [r.selectionId, r.status])).toEqual([
      [T20_WINNER, 'winner'],
      ['2857977', 'loser'],
    ]);
    expect(c.events()[0]).toMatchObject({ eventId: T20_EVENT, sportId: 4, status: 'closed', inPlay: false, openDateMs: Date.parse('2022-07-11T11:00:00.000Z') });
  });

  it('in play the T20 has real two-sided prices in hundredths and paise', () => {
    const c = cache();
    const inPlayAt = t20.findIndex((m) => m.op === 'mcm' && m.mc?.some((x) => x.marketDefinition?.inPlay === true));
    for (const message of t20.slice(0, inPlayAt + 2000)) c.apply(message);
    const market = c.markets(T20_EVENT)[0];
    expect(market).toMatchObject({ status: 'open', inPlay: true });
    for (const runner of market?.runners ?? []) {
      expect(runner.back.length).toBeGreaterThan(0);
      expect(runner.lay.length).toBeGreaterThan(0);
      const [bestBack] = runner.back;
      const [bestLay] = runner.lay;
      expect(bestBack !== undefined && bestLay !== undefined && bestBack.price < bestLay.price).toBe(true);
      for (const level of [...runner.back, ...runner.lay]) {
        expect(Number.isInteger(level.price) && level.price >= 101).toBe(true);
        expect(Number.isInteger(level.sizeMinor) && level.sizeMinor > 0).toBe(true);
      }
    }
  });

  it('a market CLOSED with no winner is void; several winners give no single result', () => {
    const c = cache();
    c.apply(mcm([{ id: '1.5', img: true, marketDefinition: definition() }]));
    c.apply(mcm([{ id: '1.5', marketDefinition: definition({ status: 'CLOSED', runners: [{ id: 11, status: 'LOSER' }, { id: 22, status: 'LOSER' }] }) }]));
    expect(c.markets('900')[0]?.result).toBe('void');
    c.apply(mcm([{ id: '1.5', marketDefinition: definition({ status: 'CLOSED', runners: [{ id: 11, status: 'WINNER' }, { id: 22, status: 'WINNER' }] }) }]));
    expect(c.markets('900')[0]?.result).toBeNull();
  });

  it('the horse race: non-runners REMOVED with their adjustment factors', () => {
    const c = cache({ sports: [{ sportId: 7, name: 'Horse Racing' }] });
    for (const message of readRecording(HORSE_WIN)) c.apply(message);
    const book = c.book('1.132153978');
    const removed = [...(book?.runners.values() ?? [])].filter((r) => r.status === 'REMOVED').map((r) => [r.selectionId, r.adjustmentFactor]);
    expect(removed).toEqual([
      ['11198538', 7.14],
      ['9606433', 5.55],
    ]);
    expect(book?.definition?.status).toBe('CLOSED');
    expect(book?.runners.get('12115648')?.status).toBe('WINNER');
  });

  it('the horse race as our WIN market: one winner, each non-runner with its factor and removal time', () => {
    const c = cache({ sports: [{ sportId: 7, name: 'Horse Racing' }] });
    for (const message of readRecording(HORSE_WIN)) c.apply(message);
    const market = c.markets('28270094-1855')[0];
    expect(market).toMatchObject({ marketId: '1.132153978', type: 'match_odds', numberOfWinners: 1, status: 'closed', result: '12115648' });
    expect(market?.placed).toBeUndefined();
    const removed = market?.runners.filter((r) => r.status === 'removed').map((r) => [r.selectionId, r.adjustmentFactor, r.removedAtMs]);
    expect(removed).toEqual([
      ['11198538', 7.14, Date.parse('2017-06-14T07:00:50.000Z')],
      ['9606433', 5.55, Date.parse('2017-06-14T09:23:43.000Z')],
    ]);
    expect(market?.runners.filter((r) => r.status !== 'removed').every((r) => r.adjustmentFactor === undefined && r.removedAtMs === undefined)).toBe(true);
  });

  it('a PLACE market: numberOfWinners from the definition; closed, its placed runners (WINNER or PLACED), sorted', () => {
    const c = cache({ sports: [{ sportId: 4339, name: 'Greyhound Racing' }] });
    const runners = [33, 11, 22, 44].map((id, i) => ({ id, status: 'ACTIVE' as const, sortPriority: i + 1 }));
    const place = (over: Partial<StreamMarketDefinition>) => definition({ eventTypeId: '4339', marketType: 'PLACE', numberOfWinners: 2, runners, ...over });
    c.apply(mcm([{ id: '1.7', img: true, marketDefinition: place({}) }]));
    expect(c.markets('900')[0]).toMatchObject({ name: 'Place', numberOfWinners: 2, result: null });
    expect(c.markets('900')[0]?.placed).toBeUndefined();
    const closed = [
      { id: 33, status: 'PLACED' as const },
      { id: 11, status: 'WINNER' as const },
      { id: 22, status: 'LOSER' as const },
      { id: 44, status: 'REMOVED' as const, adjustmentFactor: 12.5, removalDate: '2026-03-01T09:58:00.000Z' },
    ];
    c.apply(mcm([{ id: '1.7', marketDefinition: place({ status: 'CLOSED', runners: closed }) }], 2));
    const market = c.markets('900')[0];
    expect(market).toMatchObject({ status: 'closed', result: null, placed: ['11', '33'] });
    expect(market?.runners.find((r) => r.selectionId === '44')).toMatchObject({ status: 'removed', adjustmentFactor: 12.5, removedAtMs: Date.parse('2026-03-01T09:58:00.000Z') });
  });

  it('a removed runner of an offered market shows as removed; the provider delay is capped at our maximum', () => {
    const c = cache();
    c.apply(mcm([{ id: '1.5', img: true, marketDefinition: definition({ betDelay: 600, runners: [{ id: 11, status: 'ACTIVE' }, { id: 22, status: 'REMOVED', adjustmentFactor: 20 }] }) }]));
    const market = c.markets('900')[0];
    expect(market?.runners.map((r) => r.status)).toEqual(['active', 'removed']);
    expect(market?.betDelaySec).toBe(60);
  });
});

describe('names', () => {
  it('from a catalogue when there is one', () => {
    const c = cache();
    c.addCatalogue([
      {
        marketId: '1.5',
        marketName: 'Match Odds',
        event: { id: '900', name: 'India v Australia' },
        competition: { id: '77', name: 'T20 Series' },
        runners: [
          { selectionId: 11, runnerName: 'India' },
          { selectionId: 22, runnerName: 'Australia' },
        ],
      },
    ]);
    c.apply(mcm([{ id: '1.5', img: true, marketDefinition: definition() }]));
    expect(c.events()[0]).toMatchObject({ name: 'India v Australia', home: 'India', away: 'Australia', competitionId: 'bf-77' });
    expect(c.markets('900')[0]?.runners.map((r) => r.name)).toEqual(['India', 'Australia']);
    expect(c.changes().competitions).toEqual([{ competitionId: 'bf-77', sportId: 4, name: 'T20 Series' }]);
  });

  it('else from the ccm fixture (teams by selection id), else placeholders', () => {
    const c = cache();
    c.apply(t20[0] as McmMessage);
    expect(c.events()[0]?.name).toBe(`Event ${T20_EVENT}`);
    expect(c.markets(T20_EVENT)[0]?.runners.map((r) => r.name)).toEqual(['Selection 228749', 'Selection 2857977']);
    for (const message of t20Score.slice(0, 3)) c.apply(message);
    expect(c.events()[0]).toMatchObject({ name: 'Netherlands v Papua New Guinea', home: 'Netherlands', away: 'Papua New Guinea' });
    expect(c.markets(T20_EVENT)[0]?.runners.map((r) => r.name)).toEqual(['Netherlands', 'Papua New Guinea']);
  });

  it('ids carry the suffix and times are re-timed', () => {
    const c = cache({ idSuffix: '-rX', retime: (ms) => ms + 1_000 });
    c.apply(mcm([{ id: '1.5', img: true, marketDefinition: definition() }]));
    expect(c.events()[0]).toMatchObject({ eventId: '900-rX', openDateMs: Date.parse('2026-03-01T10:00:00.000Z') + 1_000 });
    expect(c.markets('900-rX')[0]).toMatchObject({ marketId: '1.5-rX', eventId: '900-rX' });
  });
});

describe('ccm: the ball-by-ball score', () => {
  function scoreAt(index: number) {
    const c = cache();
    c.apply(t20[0] as McmMessage);
    for (const message of t20Score.slice(0, index + 1)) c.apply(message);
    return c.score(T20_EVENT);
  }

  it('pre-match: the teams and the toss', () => {
    const score = scoreAt(2);
    expect(score).toMatchObject({ home: 'Netherlands', away: 'Papua New Guinea', inPlay: false, ballRunning: false });
  });

  it('first innings: runs/wickets (overs), run rate, batters, bowler, last balls', () => {
    const score = scoreAt(501);
    expect(score?.summary).toBe('Netherlands 83/2 (8.5)');
    expect(score?.detail).toEqual(
      expect.arrayContaining(['Netherlands 83/2 (8.5)', 'Run rate 9.40', 'Batting: Scott Edwards 2 (3)*', 'Bowling: Charles Amini 2/10 (1.5)']),
    );
    const last = score?.detail.find((line) => line.startsWith('Last balls: '));
    expect(last?.endsWith('1 1 1 W')).toBe(true);
    expect(score?.inPlay).toBe(true);
  });

  it('a ball in progress', () => {
    expect(scoreAt(502)?.ballRunning).toBe(true);
  });

  it('the chase: both innings, the target and what is needed; then the match complete', () => {
    const c = cache();
    c.apply(t20[0] as McmMessage);
    let chase: ReturnType<StreamMarketCache['score']> = null;
    for (const message of t20Score) {
      c.apply(message);
      const score = c.score(T20_EVENT);
      if (chase === null && score?.summary.includes('target') === true && score.detail.some((l) => l.startsWith('Need '))) chase = score;
    }
    expect(chase?.summary).toMatch(/^Papua New Guinea \d+\/\d+ \(\d+\.\d\) · target \d+$/);
    expect(chase?.detail[0]).toBe('Netherlands 163/7 (20)');
    const final = c.score(T20_EVENT);
    expect(final?.detail).toContain('Match complete');
    expect(final?.inPlay).toBe(false);
  });
});

describe('ccm incidents', () => {
  const ccm = (incidentList: object[], pt: number) => ({ op: 'ccm', pt, cc: [{ eventId: '900', incidentListWrapper: { incidentList } }] });

  it('a repeated incident (with or without its innings) counts once; a later one of the same ball corrects it', () => {
    const c = cache();
    c.apply(mcm([{ id: '1.5', img: true, marketDefinition: definition() }]));
    c.apply(ccm([{ incidentType: 'STRIKE', qualifierType: 'RUNS', value: '2', innings: 1, overs: '0.1', actualTime: 10 }], 1));
    c.apply(
      ccm(
        [
          { incidentType: 'OUT', innings: 1, overs: '0.3', actualTime: 30 },
          { incidentType: 'WIDE', qualifierType: 'RUNS', value: '1', overs: '0.2', actualTime: 20 },
          { incidentType: 'LEG_BYE', qualifierType: 'RUNS', value: '2', overs: '0.1', actualTime: 10 },
          { incidentType: 'STRIKE', qualifierType: 'RUNS', value: '2', overs: '0.1', actualTime: 10 },
        ],
        2,
      ),
    );
    c.apply(ccm([{ incidentType: 'OUT', overs: '0.3', actualTime: 30 }], 3));
    c.apply({ op: 'ccm', pt: 4, cc: [{ eventId: '900', matchStats: { currentInnings: 1, inningsStats: [{ inningsNum: 1, battingTeam: 'India', inningsRuns: 3, inningsOvers: '0.3', inningsWickets: 1 }] } }] } as never);
    expect(c.score('900')?.detail).toContain('Last balls: 2lb 1wd W');
  });
});

describe('races (ADR 0044): one event per race of a meeting', () => {
  const greyhoundCatalogue = JSON.parse(readFileSync(path.join(FEED_DATA_DIR, '1.197931750.catalogue.json'), 'utf8')) as MarketCatalogue;
  const greyhound = readRecording(GREYHOUND_WIN);

  it('the recorded greyhound race: its event, meeting, race card (traps from "1. Name") and result', () => {
    const c = cache();
    c.addCatalogue([greyhoundCatalogue]);
    c.apply(greyhound[0] as McmMessage);
    const first = c.changes();
    expect(first.competitions).toEqual([{ competitionId: 'bf-meeting-31389771', sportId: 4339, name: 'Sheffield (GB)' }]);
    expect(first.events).toEqual([
      {
        eventId: '31389771-1826',
        sportId: 4339,
        competitionId: 'bf-meeting-31389771',
        name: 'Sheffield · OR 280m',
        home: 'Sheffield',
        away: 'OR 280m',
        openDateMs: Date.parse('2022-04-19T18:26:00.000Z'),
        status: 'upcoming',
        inPlay: false,
      },
    ]);
    const [win] = first.markets;
    expect(win).toMatchObject({ marketId: '1.197931750', eventId: '31389771-1826', name: 'Win', numberOfWinners: 1, status: 'open' });
    expect(win?.runners.map((r) => [r.clothNumber, r.name])).toEqual([
      [1, 'Paradise Mission'],
      [2, 'Sandwood Jet'],
      [3, 'Kirabilly Kathy'],
      [4, 'Gurtnacrehyblake'],
      [5, 'Castlehill Jil'],
      [6, 'Coolavanny Galiv'],
    ]);
    expect(win?.runners[3]?.back[0]).toEqual({ price: 880, sizeMinor: 195_510 });
    for (const message of greyhound.slice(1)) c.apply(message);
    expect(c.events()[0]).toMatchObject({ eventId: '31389771-1826', status: 'closed' });
    expect(c.markets('31389771-1826')[0]).toMatchObject({ status: 'closed', result: '37947503' });
  });

  it('the recorded horse race without a catalogue: named from its definition, no cloth numbers to invent', () => {
    const c = cache();
    for (const message of readRecording(HORSE_WIN)) c.apply(message);
    expect(c.events()).toEqual([
      expect.objectContaining({ eventId: '28270094-1855', sportId: 7, competitionId: 'bf-meeting-28270094', name: 'Hamilton · 1m Hcap', home: 'Hamilton', away: '1m Hcap', openDateMs: Date.parse('2017-06-14T18:55:00.000Z') }),
    ]);
    expect(c.competitions()).toEqual([{ competitionId: 'bf-meeting-28270094', sportId: 7, name: 'Hamilton (GB)' }]);
    const market = c.markets('28270094-1855')[0];
    expect(market?.runners.find((r) => r.selectionId === '12115648')).toMatchObject({ name: 'Brother Mcgonagall', status: 'winner' });
    expect(market?.runners.every((r) => r.clothNumber === undefined)).toBe(true);
  });

  const race = (id: string, marketType: 'WIN' | 'PLACE', marketTime: string, over: Partial<StreamMarketDefinition> = {}) =>
    mcm([
      {
        id,
        img: true,
        marketDefinition: definition({
          eventId: '555',
          eventTypeId: '7',
          marketType,
          marketTime,
          numberOfWinners: marketType === 'PLACE' ? 3 : 1,
          venue: 'Ascot',
          countryCode: 'GB',
          timezone: 'Europe/London',
          runners: [
            { id: 11, status: 'ACTIVE', sortPriority: 1 },
            { id: 22, status: 'ACTIVE', sortPriority: 2 },
          ],
          ...over,
        }),
      },
    ]);
  const catalogue = (marketId: string, marketName: string, runners: MarketCatalogue['runners']): MarketCatalogue => ({
    marketId,
    marketName,
    event: { id: '555', name: 'Asct 17th Jun', venue: 'Ascot', countryCode: 'GB', timezone: 'Europe/London' },
    runners,
  });

  it('WIN and PLACE of a race are one event; the next race of the meeting another, in the same competition', () => {
    const c = cache({ idSuffix: '-rX', retime: (ms) => ms + 60_000 });
    c.addCatalogue([
      catalogue('1.1', '7f Hcap', [
        { selectionId: 11, runnerName: 'Frankel Lad', metadata: { CLOTH_NUMBER: '7', CLOTH_NUMBER_ALPHA: '7' } },
        { selectionId: 22, runnerName: 'Bay Mare', metadata: { CLOTH_NUMBER: '12' } },
      ]),
      catalogue('1.3', '1m2f Grp1', []),
    ]);
    c.apply(race('1.1', 'WIN', '2026-06-17T14:30:00.000Z'));
    c.apply(race('1.2', 'PLACE', '2026-06-17T14:30:00.000Z'));
    c.apply(race('1.3', 'WIN', '2026-06-17T15:05:00.000Z'));
    const changes = c.changes();
    expect(changes.competitions).toEqual([{ competitionId: 'bf-meeting-555', sportId: 7, name: 'Ascot (GB)' }]);
    expect(changes.events.map((e) => [e.eventId, e.name, e.competitionId, e.openDateMs])).toEqual([
      ['555-1430-rX', 'Ascot · 7f Hcap', 'bf-meeting-555', Date.parse('2026-06-17T14:30:00.000Z') + 60_000],
      ['555-1505-rX', 'Ascot · 1m2f Grp1', 'bf-meeting-555', Date.parse('2026-06-17T15:05:00.000Z') + 60_000],
    ]);
    const markets = c.markets('555-1430-rX');
    expect(markets.map((m) => [m.marketId, m.eventId, m.name, m.numberOfWinners])).toEqual([
      ['1.1-rX', '555-1430-rX', 'Win', 1],
      ['1.2-rX', '555-1430-rX', 'Place', 3],
    ]);
    // The PLACE market has no catalogue of its own: its runners are the WIN market's.
    for (const market of markets) expect(market.runners.map((r) => [r.clothNumber, r.name])).toEqual([[7, 'Frankel Lad'], [12, 'Bay Mare']]);
  });

  it('a race keeps its id when Betfair moves its off; a race with no name is its off time at the venue', () => {
    const c = cache();
    c.apply(race('1.1', 'WIN', '2026-06-17T14:30:00.000Z'));
    c.apply(race('1.1', 'WIN', '2026-06-17T14:40:00.000Z'));
    c.apply(race('1.2', 'PLACE', '2026-06-17T14:40:00.000Z'));
    expect(c.events().map((e) => [e.eventId, e.name, e.openDateMs])).toEqual([
      ['555-1430', 'Ascot · Race 15:40', Date.parse('2026-06-17T14:40:00.000Z')],
      ['555-1440', 'Ascot · Race 15:40', Date.parse('2026-06-17T14:40:00.000Z')],
    ]);
    const bare = cache();
    bare.apply(race('1.1', 'WIN', '2026-06-17T14:30:00.000Z', { venue: undefined, countryCode: undefined, timezone: undefined }));
    expect(bare.events()[0]).toMatchObject({ name: 'Meeting 555 · Race 14:30 UTC', home: 'Meeting 555', away: 'Race 14:30 UTC' });
    expect(bare.competitions()[0]?.name).toBe('Meeting 555');
  });

  it('the race card number: CLOTH_NUMBER, else a "3. Name" prefix, which then leaves the name', () => {
    expect(raceCardRunner('Frankel Lad', { CLOTH_NUMBER: '7' })).toEqual({ name: 'Frankel Lad', clothNumber: 7 });
    expect(raceCardRunner('3. Kirabilly Kathy', { runnerId: '1' })).toEqual({ name: 'Kirabilly Kathy', clothNumber: 3 });
    expect(raceCardRunner('3. Kirabilly Kathy', { CLOTH_NUMBER: '3' })).toEqual({ name: 'Kirabilly Kathy', clothNumber: 3 });
    // A number that is not the card's stays in the name; nonsense metadata is no number.
    expect(raceCardRunner('3. Kirabilly Kathy', { CLOTH_NUMBER: '5' })).toEqual({ name: '3. Kirabilly Kathy', clothNumber: 5 });
    expect(raceCardRunner('Bay Mare', { CLOTH_NUMBER: '1A' })).toEqual({ name: 'Bay Mare' });
    expect(raceCardRunner('Bay Mare', { CLOTH_NUMBER: null })).toEqual({ name: 'Bay Mare' });
    expect(raceCardRunner('2000. Guineas', undefined)).toEqual({ name: '2000. Guineas' });
  });
});
