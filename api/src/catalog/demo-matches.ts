/**
 * Demo mode: a new visitor should see live odds at once, and still later. On the feed leader,
 * every few seconds, for cricket and soccer: when no imported match of the sport is open any
 * more, import the feed's next one (in play first, else the soonest upcoming) with every
 * market and fancy switched on — as an admin would with save-match and syncData. Never in
 * production (DEMO is refused there).
 */
import { SPORT_IDS } from '@backlay/shared/contracts';
import * as catalog from './catalog.repository';
import type { SportsAdminService } from './sports-admin.service';
import type { Logger } from '../common/logger';
import type { Database } from '../db/database';

/** The sports the demo keeps a live imported match of. */
export const DEMO_LIVE_SPORTS: readonly number[] = [SPORT_IDS.cricket, SPORT_IDS.soccer];

export function demoMatchImporter(deps: { db: Database; sportsAdmin: SportsAdminService; log: Logger }): () => Promise<void> {
  return async () => {
    for (const sportId of DEMO_LIVE_SPORTS) {
      if ((await catalog.countImportedOpen(deps.db, sportId)) > 0) continue;
      const candidate = await catalog.findImportCandidate(deps.db, sportId);
      if (candidate === null) continue;
      const match = await deps.sportsAdmin.saveMatch(
        { data: { eventId: candidate.id, sportId, competitionId: candidate.competitionId }, syncData: true },
        { actorId: null, ip: null, requestId: null },
      );
      deps.log.info({ matchId: match._id, name: match.name, inPlay: match.inPlay }, 'demo: imported a live match with its markets');
    }
  };
}
