/**
 * Feed fixtures for integration tests: the app's own feed ingest, stepped by hand on a fake
 * clock (tests never start its loop), and imports of simulated matches.
 */
import type { Market } from '@backlay/shared/contracts';
import { SimulatorProvider } from '../src/feed/simulator/simulator';
import { FakeClock, type TestContext } from './helper';

/** The time every feed test starts at (the simulator has matches in every state then). */
export const FEED_START_MS = Date.UTC(2026, 2, 1, 18, 0, 0);

/** Makes this app's ingest the leader and writes the feed's state at the clock's time. */
export async function tickFeed(t: TestContext): Promise<void> {
  if (!t.services.feed.leader && !(await t.services.feed.acquire())) throw new Error('the test app could not take the feed lock');
  const result = await t.services.feed.tick();
  if (result === null) throw new Error('the feed ingest did not tick');
}

/** Moves the clock by `ms` and ticks. */
export async function stepFeed(t: TestContext, clock: FakeClock, ms: number): Promise<void> {
  clock.advance(ms);
  await tickFeed(t);
}

/** An event of the sport in the given state, as the ingest stored it (most recent start first). */
export async function findEvent(t: TestContext, sportId: number, status: 'inplay' | 'upcoming' | 'closed'): Promise<{ id: string; competitionId: string; name: string }> {
  const { rows } = await t.db.query<{ id: string; competitionId: string; name: string }>(
    `SELECT id, competition_id AS "competitionId", name FROM events WHERE sport_id = $1 AND status = $2 AND NOT imported
     ORDER BY open_date DESC LIMIT 1`,
    [sportId, status],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`no ${status} event of sport ${sportId}`);
  return row;
}

/** Imports an event through the service (as the system), with or without its markets switched on. */
export async function importEvent(t: TestContext, sportId: number, eventId: string, competitionId: string, syncData = true): Promise<void> {
  await t.services.sportsAdmin.saveMatch({ data: { eventId, sportId, competitionId }, syncData }, { actorId: null, ip: null, requestId: null });
}

/** A provider with the same seed as the app's, to look ahead in time (the simulator is deterministic). */
export function lookahead(t: TestContext): SimulatorProvider {
  return new SimulatorProvider({ seed: t.config.feed.seed });
}

/** The first time ≥ fromMs (in steps of stepMs) when `predicate` holds for the match's markets. */
export function findTime(
  provider: SimulatorProvider,
  matchId: string,
  fromMs: number,
  stepMs: number,
  predicate: (markets: Array<Pick<Market, 'type' | 'status'>>) => boolean,
  limitMs = 60 * 60_000,
): number {
  for (let at = fromMs; at < fromMs + limitMs; at += stepMs) {
    provider.advanceTo(at);
    const view = provider.view(matchId);
    if (view !== null && predicate(view.markets.map((m) => ({ type: m.type, status: m.status })))) return at;
  }
  throw new Error(`no such moment within ${limitMs} ms`);
}

export { FakeClock };
