/**
 * Demo mode: a new visitor should see a busy exchange at once, and still later (ADR 0040). On the
 * feed leader, every few seconds, import with every market and fancy switched on — as an admin
 * would with save-match and syncData — every open match (in play or coming up, so new ones join
 * as old ones end) of:
 * - the provider's featured events: the replay's recorded real matches (ADR 0037);
 * - cricket: the simulator's replayed IPL 2022 matches (3+ in play and 4+ coming up at any
 *   moment); the drawn T20s of the other cricket competitions stay for an admin to import (the
 *   e2e sports journey imports one in play), except that when the replayed competition offers
 *   nothing (another provider), one open cricket match besides the featured ones is kept
 *   imported as before;
 * - soccer and tennis: every match (2+ each, one in play or more);
 * - horse racing and greyhounds: every race in play or off within the next hour (ADR 0044: the
 *   simulator's races and the replay's re-timed real ones; a real feed's day of races is
 *   imported an hour ahead of each off).
 * Never in production (DEMO is refused there).
 */
import { SPORT_IDS } from '@backlay/shared/contracts';
import { RECORDED_CRICKET_COMPETITION_ID } from '../feed/simulator/schedule';
import * as catalog from './catalog.repository';
import type { SportsAdminService } from './sports-admin.service';
import { type Clock, systemClock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { Database } from '../db/database';
import type { FeedEvent } from '../feed/feed-provider';

/** How far ahead of its off the demo imports a race. */
export const DEMO_RACES_AHEAD_MS = 60 * 60_000;

/** What demo mode imports: every open match of the sport (of the competition, when given; starting within `withinMs` or in play, when given). */
export const DEMO_IMPORTS: ReadonlyArray<{ sportId: number; competitionId?: string; withinMs?: number }> = [
  { sportId: SPORT_IDS.cricket, competitionId: RECORDED_CRICKET_COMPETITION_ID },
  { sportId: SPORT_IDS.soccer },
  { sportId: SPORT_IDS.tennis },
  { sportId: SPORT_IDS.horseRacing, withinMs: DEMO_RACES_AHEAD_MS },
  { sportId: SPORT_IDS.greyhoundRacing, withinMs: DEMO_RACES_AHEAD_MS },
];

/** The sports the demo keeps at least one open imported match of besides the featured ones, whatever the feed offers. */
export const DEMO_LIVE_SPORTS: readonly number[] = [SPORT_IDS.cricket, SPORT_IDS.soccer];

export function demoMatchImporter(deps: {
  db: Database;
  sportsAdmin: SportsAdminService;
  log: Logger;
  /** The provider's featured events (FeedProvider.featured: the replay's real matches), each imported too while open. */
  featured?: () => FeedEvent[];
  /** The feed's clock (the races of the next hour); the wall clock when absent. */
  clock?: Clock;
}): () => Promise<void> {
  const save = async (event: { id: string; sportId: number; competitionId: string }, what: string) => {
    const match = await deps.sportsAdmin.saveMatch(
      { data: { eventId: event.id, sportId: event.sportId, competitionId: event.competitionId }, syncData: true },
      { actorId: null, ip: null, requestId: null },
    );
    deps.log.info({ matchId: match._id, name: match.name, inPlay: match.inPlay }, `demo: imported ${what} with its markets`);
  };
  return async () => {
    const featuredIds = (deps.featured?.() ?? []).map((e) => e.eventId);
    for (const event of await catalog.notImportedOpen(deps.db, featuredIds)) await save(event, 'a featured match');
    const now = (deps.clock ?? systemClock).nowMs();
    for (const { sportId, competitionId, withinMs } of DEMO_IMPORTS) {
      const before = withinMs === undefined ? undefined : new Date(now + withinMs);
      for (const candidate of await catalog.findImportCandidates(deps.db, sportId, competitionId, before)) await save(candidate, 'a match');
    }
    for (const sportId of DEMO_LIVE_SPORTS) {
      // The featured matches come on top: the sport's own live match is one of the others.
      if ((await catalog.countImportedOpen(deps.db, sportId, featuredIds)) > 0) continue;
      const candidate = await catalog.findImportCandidate(deps.db, sportId, featuredIds);
      if (candidate !== null) await save(candidate, 'a live match');
    }
  };
}
