/**
 * Simulated races (ADR 0044): the card (field, cloth numbers, PLACE terms), the WIN and PLACE
 * books before the off and in play, the non-runner with its reduction factors, the result with
 * its placed runners, the schedule (always races in the next hour) and a seed fixing everything.
 */
import type { FeedMarket } from '../feed-provider';
import { backOverround } from './book';
import { isOnLadder } from './ladder';
import { placeProbabilities, RaceMatch } from './racing';
import { RACING_PLANS, slotMatch, SPORT_PLANS, withRaceSpacing } from './schedule';
import { createMatch, SimulatorProvider } from './simulator';
import { DEFAULT_PACE, type MatchView } from './types';

const HORSES = RACING_PLANS.find((p) => p.sport.sportId === 7)!;
const GREYHOUNDS = RACING_PLANS.find((p) => p.sport.sportId === 4339)!;

function race(plan: typeof HORSES, seed: number, slot: number): RaceMatch {
  return createMatch(slotMatch(seed, plan, slot), DEFAULT_PACE) as RaceMatch;
}

/** Every view of a race from its card to its result (one after each change). */
function lifetime(match: RaceMatch): Array<{ atMs: number; view: MatchView }> {
  const views = [{ atMs: match.info.createdMs, view: match.view() }];
  for (let at = match.nextAtMs(); at !== null; at = match.nextAtMs()) {
    match.step();
    views.push({ atMs: at, view: match.view() });
  }
  return views;
}

/** Steps a race to `untilMs` (to its end without), building no view (views cost: their sizes are hashed). */
function run(match: RaceMatch, untilMs = Infinity): RaceMatch {
  for (let at = match.nextAtMs(); at !== null && at <= untilMs; at = match.nextAtMs()) match.step();
  return match;
}

/** Problems of an open or suspended racing market's book (empty when sound). */
function bookProblems(market: FeedMarket): string[] {
  const problems: string[] = [];
  const running = market.runners.filter((r) => r.status !== 'removed');
  for (const runner of running) {
    const back = runner.back.map((l) => l.price);
    const lay = runner.lay.map((l) => l.price);
    if (back.length !== 3 || lay.length !== 3) problems.push(`${market.name} ${runner.name}: depth ${back.length}/${lay.length}`);
    if (![...back, ...lay].every(isOnLadder)) problems.push(`${market.name}: off-ladder price`);
    if (!((back[0] ?? 0) < (lay[0] ?? 0) && (back[1] ?? 0) < (back[0] ?? 0) && (lay[0] ?? 0) < (lay[1] ?? 0))) problems.push(`${market.name}: levels out of order ${back}/${lay}`);
  }
  for (const runner of market.runners.filter((r) => r.status === 'removed')) if (runner.back.length + runner.lay.length > 0) problems.push(`${market.name}: a non-runner has prices`);
  const places = market.numberOfWinners ?? 1;
  const overround = backOverround(running);
  // A sure placer (fewer runners than places + 1) is capped at 1.03: its book is above the places.
  if (running.length > places && (overround < places || overround > places * 1.05)) problems.push(`${market.name}: overround ${overround.toFixed(3)} for ${places} places`);
  return problems;
}

describe('placeProbabilities (Harville)', () => {
  it('each runner’s chance to finish in the places; they sum to the places', () => {
    const even = placeProbabilities([0.25, 0.25, 0.25, 0.25], 2);
    for (const p of even) expect(p).toBeCloseTo(0.5, 12);
    const win = [0.5, 0.3, 0.15, 0.05];
    const place = placeProbabilities(win, 2);
    expect(place.reduce((a, b) => a + b, 0)).toBeCloseTo(2, 12);
    // The favourite: first (0.5) or second behind another: Σ p_j · 0.5 / (1 − p_j).
    expect(place[0]).toBeCloseTo(0.5 + 0.3 * (0.5 / 0.7) + 0.15 * (0.5 / 0.85) + 0.05 * (0.5 / 0.95), 12);
    expect([...place].sort((a, b) => b - a)).toEqual(place);
    expect(placeProbabilities(win, 3).reduce((a, b) => a + b, 0)).toBeCloseTo(3, 12);
    expect(placeProbabilities([0.6, 0.4], 2)).toEqual([1, 1]);
  });
});

describe('a simulated race', () => {
  it('the card: horses 5–12 runners (2 places below 8, else 3), greyhounds 6 in traps 1–6 (2 places); named "Venue · Race"', () => {
    const sizes = new Set<number>();
    for (let slot = 1_000; slot < 1_060; slot += 1) {
      const horse = race(HORSES, 7, slot).card;
      sizes.add(horse.runners.length);
      expect(horse.runners.length).toBeGreaterThanOrEqual(5);
      expect(horse.runners.length).toBeLessThanOrEqual(12);
      expect(horse.places).toBe(horse.runners.length >= 8 ? 3 : 2);
      expect(horse.runners.map((r) => r.clothNumber)).toEqual(horse.runners.map((_, i) => i + 1));
      expect(new Set(horse.runners.map((r) => r.selectionId)).size).toBe(horse.runners.length);
      const dog = race(GREYHOUNDS, 7, slot).card;
      expect(dog.runners.map((r) => r.clothNumber)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(dog.places).toBe(2);
    }
    expect(sizes.size).toBeGreaterThan(4);
    const view = race(GREYHOUNDS, 7, 1_001).view();
    expect(view.event).toMatchObject({ sportId: 4339, status: 'upcoming', inPlay: false });
    expect(view.event.name).toBe(`${view.event.home} · ${view.event.away}`);
    expect(['Harbour Lane', 'Millbrook']).toContain(view.event.home);
    expect(view.markets.map((m) => [m.name, m.numberOfWinners, m.sortOrder])).toEqual([
      ['Win', 1, 1],
      ['Place', 2, 2],
    ]);
    expect(view.markets[0]?.runners.map((r) => r.clothNumber)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('upcoming with moving books → in play at the off → suspended at the finish → closed with the winner and the placed runners', () => {
    for (const [plan, seed, slot] of [[HORSES, 3, 2_000], [HORSES, 4, 2_001], [GREYHOUNDS, 3, 2_000], [GREYHOUNDS, 9, 2_002]] as const) {
      const match = race(plan, seed, slot);
      const views = lifetime(match);
      const phases: string[] = [];
      const winBooks = new Set<string>();
      for (const { atMs, view } of views) {
        const [win, place] = view.markets as [FeedMarket, FeedMarket];
        const phase = `${view.event.status}/${win.status}/${win.inPlay}`;
        if (phases[phases.length - 1] !== phase) phases.push(phase);
        expect(place.status).toBe(win.status);
        expect(view.event.status === 'upcoming').toBe(atMs < match.info.startMs);
        if (win.status !== 'closed') {
          expect([...bookProblems(win), ...bookProblems(place)]).toEqual([]);
          winBooks.add(JSON.stringify(win.runners.map((r) => r.back[0]?.price)));
        }
      }
      expect(phases).toEqual(['upcoming/open/false', 'inplay/open/true', 'inplay/suspended/true', 'closed/closed/true']);
      expect(winBooks.size).toBeGreaterThan(10);
      const order = match.result() ?? [];
      const [win, place] = views[views.length - 1]?.view.markets as [FeedMarket, FeedMarket];
      expect(win.result).toBe(order[0]);
      expect(win.runners.filter((r) => r.status === 'winner').map((r) => r.selectionId)).toEqual([order[0]]);
      expect(place).toMatchObject({ result: null, placed: order.slice(0, match.card.places).sort() });
      expect(place.runners.filter((r) => r.status === 'winner').map((r) => r.selectionId).sort()).toEqual(place.placed);
      expect([...win.runners, ...place.runners].every((r) => r.back.length + r.lay.length === 0)).toBe(true);
      // The race is short: off to result within two minutes.
      expect((match.finishedAtMs() ?? 0) - match.info.startMs).toBeLessThan(120_000);
    }
  });

  it('now and then a non-runner before the off: removed in both markets with its factors and time, never placed, the others repriced', () => {
    let found = 0;
    let races = 0;
    for (let slot = 3_000; slot < 3_040; slot += 1) {
      const match = run(race(HORSES, 11, slot));
      races += 1;
      const final = match.view();
      const removed = final.markets.map((m) => m.runners.filter((r) => r.status === 'removed'));
      if (removed[0]?.length === 0) continue;
      found += 1;
      const [winNr, placeNr] = [removed[0]?.[0], removed[1]?.[0]];
      expect(winNr?.selectionId).toBe(placeNr?.selectionId);
      expect(winNr?.removedAtMs).toBe(placeNr?.removedAtMs);
      expect(winNr?.removedAtMs).toBeLessThanOrEqual(match.info.startMs - 60_000);
      expect(winNr?.removedAtMs).toBeGreaterThan(match.info.createdMs);
      expect(winNr?.adjustmentFactor).toBeGreaterThan(0);
      expect(winNr?.adjustmentFactor).toBeLessThan(100);
      expect(placeNr?.adjustmentFactor).toBeGreaterThan(0);
      expect(match.result()).not.toContain(winNr?.selectionId);
      if (found > 3) continue;
      // The same race again: its WIN factor is its chance to win just before (the fair price of its last best back, within the book's shading).
      const again = run(race(HORSES, 11, slot), (winNr?.removedAtMs ?? 0) - 1);
      const before = again.view().markets[0]?.runners.find((r) => r.selectionId === winNr?.selectionId);
      const implied = 10_000 / (before?.back[0]?.price ?? 1);
      expect(winNr?.adjustmentFactor).toBeGreaterThan(implied * 0.95);
      expect(winNr?.adjustmentFactor).toBeLessThan(implied * 1.2);
      // After the removal the book is sound without it.
      const after = run(again, winNr?.removedAtMs ?? 0).view();
      expect(after.markets[0]?.runners.find((r) => r.selectionId === winNr?.selectionId)?.status).toBe('removed');
      expect(after.markets.flatMap(bookProblems)).toEqual([]);
    }
    expect(found).toBeGreaterThan(races * 0.15);
    expect(found).toBeLessThan(races * 0.5);
  });

  it('the in-play race agrees with the prices at the off: favourites win about as often as their prices say', () => {
    let expected = 0;
    let won = 0;
    for (let slot = 4_000; slot < 4_300; slot += 1) {
      const match = run(race(GREYHOUNDS, 21, slot), slotMatch(21, GREYHOUNDS, slot).startMs - 1);
      const atOff = match.view().markets[0];
      const favourite = [...(atOff?.runners ?? [])].sort((a, b) => (a.back[0]?.price ?? 1e9) - (b.back[0]?.price ?? 1e9))[0];
      expected += 100 / (favourite?.back[0]?.price ?? 1e9) / 1.025;
      run(match);
      if (match.result()?.[0] === favourite?.selectionId) won += 1;
    }
    expect(won / expected).toBeGreaterThan(0.8);
    expect(won / expected).toBeLessThan(1.2);
  });

  it('a seed and a slot fix the race', () => {
    const at = (seed: number) => {
      const match = race(HORSES, seed, 6_000);
      const { createdMs, startMs } = match.info;
      return [createdMs + 600_000, startMs + 20_000, startMs + 40_000, Infinity].map((t) => run(match, t).view());
    };
    const a = at(5);
    expect(at(5)).toEqual(a);
    expect(at(6)).not.toEqual(a);
  });
});

describe('the simulator’s racing schedule', () => {
  it('always races of both sports within the next hour, and now and then one in play', () => {
    // A race is on the card less than an hour before its off, so every upcoming race is within the hour.
    for (const plan of RACING_PLANS) expect(plan.preMatchMs).toBeLessThanOrEqual(60 * 60_000);
    const provider = new SimulatorProvider({ seed: 17, plans: RACING_PLANS });
    const start = Date.UTC(2026, 2, 1, 12, 0, 0);
    let inPlay = 0;
    for (let t = start; t <= start + 2 * 60 * 60_000; t += 20_000) {
      provider.advanceTo(t);
      const statuses = provider.statuses();
      for (const sportId of [7, 4339]) {
        const soon = statuses.filter((e) => e.sportId === sportId && e.status === 'upcoming').length;
        expect({ t, sportId, soon: soon >= 4 }).toEqual({ t, sportId, soon: true });
        inPlay += statuses.filter((e) => e.sportId === sportId && e.status === 'inplay').length;
      }
    }
    expect(inPlay).toBeGreaterThan(30);
    expect(provider.events(7).filter((e) => e.status === 'upcoming').every((e) => e.openDateMs <= start + 2 * 60 * 60_000 + 60 * 60_000)).toBe(true);
    expect(provider.competitions(7).map((c) => c.name)).toEqual(['Kingsmead (GB)', 'Ashford Park (GB)', 'Deccan Downs (IN)']);
  });
});

describe('FEED_RACE_SPACING_MS', () => {
  it('re-spaces the racing plans only, five races of each on the card', () => {
    const plans = withRaceSpacing(SPORT_PLANS, 90_000);
    expect(plans.filter((p) => p.race !== undefined).map((p) => [p.sport.sportId, p.spacingMs, p.preMatchMs])).toEqual([
      [7, 90_000, 450_000],
      [4339, 90_000, 450_000],
    ]);
    expect(plans.filter((p) => p.race === undefined)).toEqual(SPORT_PLANS.filter((p) => p.race === undefined));
    const provider = new SimulatorProvider({ seed: 17, plans: plans.filter((p) => p.race !== undefined) });
    let inPlay = 0;
    const start = Date.UTC(2026, 2, 1, 12, 0, 0);
    for (let t = start; t < start + 30 * 60_000; t += 15_000) {
      provider.advanceTo(t);
      const statuses = provider.statuses();
      expect(statuses.filter((e) => e.sportId === 7 && e.status === 'upcoming').length).toBeGreaterThanOrEqual(4);
      if (statuses.some((e) => e.status === 'inplay')) inPlay += 1;
    }
    // A horse race runs 60–90 s of every 90 s and a greyhound race about 30: nearly always one in play.
    expect(inPlay / 120).toBeGreaterThan(0.8);
  });
});
