/**
 * Routes of the sports catalog (SPEC §7 "Sports"): every signed-in caller reads; the import and
 * the switches are for admin and sadmin only (SPEC §6) — other roles get 403.
 */
import {
  MESSAGES,
  SPORTS_ADMIN_ROLES,
  type SaveMatchRequest,
  type SportSettings,
  type UpdateFancyRequest,
  type UpdateMarketRequest,
  type UpdateMatchRequest,
} from '@backlay/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, signedIn } from '../plugins/auth';
import { auditContextOf } from '../plugins/request-context';
import type { CatalogService } from './catalog.service';
import { schemas } from './catalog.schemas';
import { normalizeMatchQuery } from './match-query';
import type { SportsAdminService } from './sports-admin.service';

const anyone = { access: signedIn() };
const sportsAdmins = { access: signedIn({ roles: SPORTS_ADMIN_ROLES }) };

const roleOf = (request: FastifyRequest) => requireAuth(request).role;

export async function catalogRoutes(
  app: FastifyInstance,
  options: { catalog: CatalogService; sportsAdmin: SportsAdminService },
): Promise<void> {
  const { catalog, sportsAdmin } = options;
  const ok = <T>(data: T) => ({ data, message: MESSAGES.ok });

  app.get('/get-sport-list', { schema: schemas.sportList, config: anyone }, async (request) => ok(await catalog.sports(roleOf(request))));

  app.get<{ Querystring: { EventTypeID: number } }>('/get-series', { schema: schemas.series, config: sportsAdmins }, async (request) =>
    ok(await catalog.series(request.query.EventTypeID)),
  );

  app.get<{ Querystring: { EventTypeID: number; CompetitionID: string } }>(
    '/get-matches',
    { schema: schemas.feedMatches, config: sportsAdmins },
    async (request) => ok(await catalog.feedMatches(request.query.EventTypeID, request.query.CompetitionID)),
  );

  app.post<{ Body: SaveMatchRequest }>('/save-match', { schema: schemas.saveMatch, config: sportsAdmins }, async (request) => ({
    data: await sportsAdmin.saveMatch(request.body, auditContextOf(request)),
    message: MESSAGES.matchSaved,
  }));

  app.get<{ Querystring: { sportId?: number; status?: string; limit?: number } }>(
    '/get-match-list',
    { schema: schemas.matchList, config: anyone },
    async (request) => ok(await catalog.matches(normalizeMatchQuery(request.query), roleOf(request))),
  );

  app.get<{ Querystring: { matchId: string } }>('/get-match-by-id', { schema: schemas.matchById, config: anyone }, async (request) =>
    ok(await catalog.match(request.query.matchId, roleOf(request))),
  );

  app.get<{ Querystring: { matchId: string } }>('/get-market-list', { schema: schemas.marketList, config: anyone }, async (request) =>
    ok(await catalog.markets(request.query.matchId, roleOf(request))),
  );

  app.get<{ Querystring: { matchId: string; gtype?: string } }>(
    '/get-fancy-list',
    { schema: schemas.fancyList, config: anyone },
    async (request) => ok(await catalog.fancies(request.query.matchId, request.query.gtype, roleOf(request))),
  );

  app.get<{ Querystring: { EventTypeID: number } }>(
    '/get-series-with-market',
    { schema: schemas.seriesWithMarket, config: anyone },
    async (request) => ok(await catalog.seriesWithMarket(request.query.EventTypeID, roleOf(request))),
  );

  app.get<{ Querystring: { EventTypeID: number } }>(
    '/get-series-with-market-with-date',
    { schema: schemas.seriesWithMarketByDate, config: anyone },
    async (request) => ok(await catalog.seriesWithMarketByDate(request.query.EventTypeID, roleOf(request))),
  );

  app.get<{ Querystring: { MatchID: string } }>('/score', { schema: schemas.score, config: anyone }, async (request) =>
    ok(await catalog.score(request.query.MatchID, roleOf(request))),
  );

  app.get<{ Querystring: { MatchID: string } }>('/fancy-data', { schema: schemas.fancyData, config: anyone }, async (request) =>
    ok(await catalog.liveFancies(request.query.MatchID, roleOf(request))),
  );

  app.post<{ Body: SportSettings }>('/save-sport-settings', { schema: schemas.saveSportSettings, config: sportsAdmins }, async (request) => ({
    data: await sportsAdmin.saveSportSettings(request.body, auditContextOf(request)),
    message: MESSAGES.sportSettingsSaved,
  }));

  app.post<{ Body: UpdateMatchRequest }>('/update-match', { schema: schemas.updateMatch, config: sportsAdmins }, async (request) => ({
    data: await sportsAdmin.updateMatch(request.body, auditContextOf(request)),
    message: MESSAGES.matchUpdated,
  }));

  app.post<{ Body: UpdateMarketRequest }>('/update-market', { schema: schemas.updateMarket, config: sportsAdmins }, async (request) => ({
    data: await sportsAdmin.updateMarket(request.body, auditContextOf(request)),
    message: MESSAGES.marketUpdated,
  }));

  app.post<{ Body: UpdateFancyRequest }>('/update-fancy', { schema: schemas.updateFancy, config: sportsAdmins }, async (request) => ({
    data: await sportsAdmin.updateFancy(request.body, auditContextOf(request)),
    message: MESSAGES.fancyUpdated,
  }));
}
