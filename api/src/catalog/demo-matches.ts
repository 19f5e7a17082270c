/**
 * Demo mode: a new visitor should see live odds at once, and still later. On the feed leader,
 * every few seconds, for cricket and soccer: when no imported match of the sport is open any
 * more, import the feed's next one (in play first, else the soonest upcoming) with every
 * market and fancy switched on — as an admin would with save-match and syncData. The provider's
 * featured events (the replay's recorded real matches) are imported the same way while open,
 * beside that one. Never in production (DEMO is refused there).
 */
import { SPORT_IDS } from '@backlay/shared/contracts';
import * as catalog from './catalog.repository';
import type { SportsAdminService } from './sports-admin.service';
import type { Logger } from '../common/logger';
import type { Database } from '../db/database';
import type { FeedEvent } from '../feed/feed-provider';

/** The sports the demo keeps a live imported match of. */
export const DEMO_LIVE_SPORTS: readonly number[] = [SPORT_IDS.cricket, SPORT_IDS.soccer];

export function demoMatchImporter(deps: {
  db: Database;
  sportsAdmin: SportsAdminService;
  log: Logger;
  /** The provider's featured events (FeedProvider.featured: the replay's real matches), each imported too while open. */
  featured?: () => FeedEvent[];
}): () => Promise<void> {
  return async () => {
    const featured = deps.featured?.() ?? [];
    for (const event of await catalog.notImportedOpen(deps.db, featured.map((e) => e.eventId))) {
      const match = await deps.sportsAdmin.saveMatch(
        { data: { eventId: event.id, sportId: event.sportId, competitionId: event.competitionId }, syncData: true },
        { actorId: null, ip: null, requestId: null },
      );
      deps.log.info({ matchId: match._id, name: match.name, inPlay: match.inPlay }, 'demo: imported a featured match with its markets');
    }
    for (const sportId of DEMO_LIVE_SPORTS) {
      // The featured matches come on top: the sport's own live match is one of the others.
      const featuredIds = featured.map((e) => e.eventId);
      if ((await catalog.countImportedOpen(deps.db, sportId, featuredIds)) > 0) continue;
      const candidate = await catalog.findImportCandidate(deps.db, sportId, featuredIds);
      if (candidate === null) continue;
      const match = await deps.sportsAdmin.saveMatch(
        { data: { eventId: candidate.id, sportId, competitionId: candidate.competitionId }, syncData: true },
        { actorId: null, ip: null, requestId: null },
      );
      deps.log.info({ matchId: match._id, name: match.name, inPlay: match.inPlay }, 'demo: imported a live match with its markets');
    }
  };
}
