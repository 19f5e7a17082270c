/**
 * Races through the real ingest (ADR 0044): the simulator's races (horse racing and greyhounds)
 * and the replay's recorded ones (the Sheffield greyhound race with its catalogue, the Hamilton
 * horse race with two non-runners and last traded prices only) as one feed, as `npm start` runs
 * them: one event per race named "Venue · Race" in its meeting, its WIN and PLACE markets with
 * their runners, a simulated race run to its result (the winner, the placed runners) with a
 * non-runner's factor and time stored, and the demo importing the races off within the hour.
 * (Cloth numbers are the racing screens' column; the feed's are tested with the model.)
 */
import path from 'node:path';
import { silentLogger } from '../src/common/logger';
import { demoMatchImporter } from '../src/catalog/demo-matches';
import { CombinedProvider } from '../src/feed/combined-provider';
import { loadRecordings } from '../src/feed/replay/recordings';
import { DEFAULT_RACE_PRE_ROLL_MS, ReplayProvider } from '../src/feed/replay/replay-provider';
import { RACING_PLANS, withRaceSpacing } from '../src/feed/simulator/schedule';
import { SimulatorProvider } from '../src/feed/simulator/simulator';
import { FEED_START_MS, FakeClock, stepFeed, tickFeed } from './feed-helper';
import { buildTestApp, type TestContext } from './helper';

const DATA = path.resolve(__dirname, '..', 'feed-data', 'betfair');
const RECORDINGS = ['1.197931750.greyhound-win.jsonl.gz', '1.197931750.catalogue.json', '1.132153978.horse-win-basic.jsonl.gz'].map((f) => path.join(DATA, f));
const SEED = 20_260_101;
/** A race of each sport every 15 minutes, five on the card: the last one is more than an hour ahead. */
const PLANS = withRaceSpacing(RACING_PLANS, 15 * 60_000);

const clock = new FakeClock(FEED_START_MS);
const replay = new ReplayProvider({ recordings: loadRecordings(RECORDINGS), speed: 1, loop: false, gbpInrRateHundredths: 10_500 });
const provider = new CombinedProvider([new SimulatorProvider({ seed: SEED, plans: PLANS }), replay]);

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp({ clock, feedProvider: provider });
  await tickFeed(t);
});
afterAll(() => t.close());

/** The simulator as the app's, to look at the same races. */
function lookahead(atMs: number): SimulatorProvider {
  const p = new SimulatorProvider({ seed: SEED, plans: PLANS });
  p.poll(atMs);
  return p;
}

interface EventRow {
  id: string;
  sportId: number;
  name: string;
  status: string;
  openDate: Date;
  competitionId: string;
  competition: string;
}

async function events(where = 'true', params: unknown[] = []): Promise<EventRow[]> {
  const { rows } = await t.db.query<EventRow>(
    `SELECT e.id, e.sport_id AS "sportId", e.name, e.status, e.open_date AS "openDate", e.competition_id AS "competitionId", c.name AS competition
     FROM events e JOIN competitions c ON c.id = e.competition_id WHERE e.sport_id IN (7, 4339) AND ${where} ORDER BY e.open_date, e.id`,
    params,
  );
  return rows;
}

interface MarketRow {
  id: string;
  name: string;
  status: string;
  inPlay: boolean;
  winners: number;
  result: string | null;
  placed: string[] | null;
}

async function marketsOf(eventId: string): Promise<MarketRow[]> {
  const { rows } = await t.db.query<MarketRow>(
    `SELECT id, name, feed_status AS status, in_play AS "inPlay", number_of_winners AS winners, feed_result AS result, feed_placed AS placed
     FROM markets WHERE event_id = $1 ORDER BY sort_order`,
    [eventId],
  );
  return rows;
}

interface RunnerRow {
  selectionId: string;
  name: string;
  status: string;
  back: number[];
  lay: number[];
  factor: string | null;
  removedAt: Date | null;
}

async function runnersOf(marketId: string): Promise<RunnerRow[]> {
  const { rows } = await t.db.query<RunnerRow>(
    `SELECT selection_id AS "selectionId", name, status, back_prices AS back, lay_prices AS lay, adjustment_factor::text AS factor, removed_at AS "removedAt"
     FROM runners WHERE market_id = $1 ORDER BY sort_order`,
    [marketId],
  );
  return rows;
}

describe('races from the simulator and the replay, through the ingest', () => {
  it('one event per race, "Venue · Race" in its meeting, with its WIN and PLACE markets and race card', async () => {
    const sim = lookahead(clock.nowMs());
    const expected = [7, 4339].flatMap((sportId) => sim.events(sportId));
    const stored = await events();
    const simulated = stored.filter((e) => !e.id.includes('-r'));
    expect(simulated.map((e) => e.id).sort()).toEqual(expected.map((e) => e.eventId).sort());
    for (const event of expected) {
      const row = simulated.find((e) => e.id === event.eventId);
      expect(row).toMatchObject({ name: event.name, sportId: event.sportId, status: event.status, openDate: new Date(event.openDateMs) });
      expect(row?.name).toMatch(/^(Kingsmead|Ashford Park|Deccan Downs|Harbour Lane|Millbrook) · \S/);
      expect(row?.competition).toMatch(/^[A-Za-z ]+ \((GB|IN)\)$/);
      const markets = sim.markets(event.eventId);
      const rows = await marketsOf(event.eventId);
      expect(rows.map((m) => [m.name, m.winners])).toEqual(markets.map((m) => [m.name, m.numberOfWinners]));
      expect(rows.map((m) => m.name)).toEqual(['Win', 'Place']);
      for (const market of markets) {
        const runners = await runnersOf(market.marketId);
        expect(runners.map((r) => [r.selectionId, r.name, r.status, r.back])).toEqual(market.runners.map((r) => [r.selectionId, r.name, r.status, r.back.map((l) => l.price)]));
      }
    }
    // Greyhound races: six runners, two places; a horse race's places follow its field.
    for (const event of expected) {
      const [win, place] = await marketsOf(event.eventId);
      const field = (await runnersOf(win?.id ?? '')).length;
      if (event.sportId === 4339) expect([field, place?.winners]).toEqual([6, 2]);
      else expect(place?.winners).toBe(field >= 8 ? 3 : 2);
    }

    // The replayed real races: on the card half an hour before their anchor (the horse race's turn
    // in play, 42 s after its 18:55 off; the greyhound race's off: it never went in play).
    const replayed = stored.filter((e) => e.id.includes('-r'));
    expect(replayed.map((e) => [e.name, e.sportId, e.status, e.competitionId, e.competition, e.openDate.getTime()])).toEqual([
      ['Hamilton · 1m Hcap', 7, 'upcoming', 'bf-meeting-28270094', 'Hamilton (GB)', clock.nowMs() + DEFAULT_RACE_PRE_ROLL_MS - 42_053],
      ['Sheffield · OR 280m', 4339, 'upcoming', 'bf-meeting-31389771', 'Sheffield (GB)', clock.nowMs() + DEFAULT_RACE_PRE_ROLL_MS],
    ]);
    const [horse, greyhound] = replayed as [EventRow, EventRow];
    expect(horse.id).toMatch(/^28270094-1855-r[0-9a-z]+$/);
    expect(greyhound.id).toMatch(/^31389771-1826-r[0-9a-z]+$/);
    const [dogWin] = await marketsOf(greyhound.id);
    expect(dogWin).toMatchObject({ name: 'Win', status: 'open', winners: 1 });
    const dogs = await runnersOf(dogWin?.id ?? '');
    expect(dogs.map((r) => r.name)).toEqual(['Paradise Mission', 'Sandwood Jet', 'Kirabilly Kathy', 'Gurtnacrehyblake', 'Castlehill Jil', 'Coolavanny Galiv']);
    expect(dogs.every((r) => r.back.length === 3 && r.lay.length === 3)).toBe(true);
    // BASIC data: the horse race's card and non-runners, and no prices (none were recorded).
    const [horseWin] = await marketsOf(horse.id);
    const horses = await runnersOf(horseWin?.id ?? '');
    expect(horses).toHaveLength(14);
    expect(horses.every((r) => r.back.length === 0 && r.lay.length === 0)).toBe(true);
    expect(horses.filter((r) => r.status === 'removed').map((r) => [r.selectionId, r.name, r.factor])).toEqual([
      ['11198538', 'Hellavashock', '7.14'],
      ['9606433', 'Hymn For The Dudes', '5.55'],
    ]);
  });

  it('the demo imports the races off within the next hour (and those in play), not the later ones', async () => {
    const open = await events(`e.status <> 'closed'`);
    const later = open.filter((e) => e.status === 'upcoming' && e.openDate.getTime() > clock.nowMs() + 60 * 60_000);
    expect(later.length).toBeGreaterThan(0);
    await demoMatchImporter({ db: t.db, sportsAdmin: t.services.sportsAdmin, log: silentLogger, clock })();
    const imported = await events('e.imported');
    expect(imported.map((e) => e.id).sort()).toEqual(open.filter((e) => !later.includes(e)).map((e) => e.id).sort());
    const { rows } = await t.db.query<{ inactive: number }>(
      `SELECT count(*)::int AS inactive FROM markets m JOIN events e ON e.id = m.event_id WHERE e.imported AND NOT m.active`,
    );
    expect(rows[0]?.inactive).toBe(0);
  });

  it('a simulated race runs in play at its off and closes: WIN with the winner, PLACE with the placed runners; a non-runner keeps its factor and time', async () => {
    const [next] = (await events(`e.status = 'upcoming' AND e.id NOT LIKE '%-r%'`)).filter((e) => e.sportId === 7);
    if (next === undefined) throw new Error('no horse race coming up');
    let sawInPlay = false;
    let removed: Array<RunnerRow & { marketId: string; eventId: string }> = [];
    for (let i = 0; i < 200; i += 1) {
      await stepFeed(t, clock, 20_000);
      const [event] = await events('e.id = $1', [next.id]);
      if (event?.status === 'inplay') {
        sawInPlay = true;
        expect((await marketsOf(next.id)).map((m) => m.inPlay)).toEqual([true, true]);
      }
      const { rows } = await t.db.query<RunnerRow & { marketId: string; eventId: string }>(
        `SELECT r.market_id AS "marketId", m.event_id AS "eventId", r.selection_id AS "selectionId", r.name, r.status, r.back_prices AS back,
                r.lay_prices AS lay, r.adjustment_factor::text AS factor, r.removed_at AS "removedAt"
         FROM runners r JOIN markets m ON m.id = r.market_id JOIN events e ON e.id = m.event_id
         WHERE e.sport_id IN (7, 4339) AND r.status = 'removed' AND e.id NOT LIKE '%-r%' ORDER BY m.sort_order`,
      );
      removed = rows;
      if (event?.status === 'closed' && removed.length > 0) break;
    }
    expect(sawInPlay).toBe(true);
    const [win, place] = await marketsOf(next.id);
    const sim = lookahead(clock.nowMs());
    const [simWin, simPlace] = sim.markets(next.id);
    expect(simWin?.status).toBe('closed');
    expect(win).toMatchObject({ status: 'closed', result: simWin?.result, placed: null });
    expect(place).toMatchObject({ status: 'closed', result: null, placed: simPlace?.placed });
    expect(place?.placed).toHaveLength(place?.winners ?? 0);
    const placeRunners = await runnersOf(place?.id ?? '');
    expect(placeRunners.filter((r) => r.status === 'winner').map((r) => r.selectionId).sort()).toEqual(place?.placed);
    expect((await runnersOf(win?.id ?? '')).filter((r) => r.status === 'winner').map((r) => r.selectionId)).toEqual([win?.result]);

    // A non-runner: removed in its race's WIN and PLACE markets, each with its own factor, before the off.
    const [first] = removed;
    if (first === undefined) throw new Error('no simulated non-runner');
    const both = removed.filter((r) => r.eventId === first.eventId && r.selectionId === first.selectionId);
    expect(both).toHaveLength(2);
    const [race] = await events('e.id = $1', [first.eventId]);
    for (const r of both) {
      expect(Number(r.factor)).toBeGreaterThan(0);
      expect(r.back).toEqual([]);
      expect(r.removedAt?.getTime()).toBeLessThanOrEqual((race?.openDate.getTime() ?? 0) - 60_000);
    }
  });
});
