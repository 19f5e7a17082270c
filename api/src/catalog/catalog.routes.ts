/**
 * Routes of the sports catalog (docs/rules/product.md §7 "Sports"): every signed-in caller reads; the import and
 * the switches and the feed's health are for admin and sadmin only (docs/rules/product.md §6) — other roles get 403.
 */
import { type FeedStatus, MESSAGES, SPORTS_ADMIN_ROLES } from '@backlay/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { requireAuth, signedIn } from '../plugins/auth';
import { auditContextOf } from '../plugins/request-context';
import type { CatalogService } from './catalog.service';
import { schemas } from './catalog.schemas';
import { normalizeMatchQuery } from './match-query';
import type { SportsAdminService } from './sports-admin.service';

const anyone = { access: signedIn() };
const sportsAdmins = { access: signedIn({ roles: SPORTS_ADMIN_ROLES }) };

const roleOf = (request: FastifyRequest) => requireAuth(request).role;

/** A route's request types, derived from its schema. */
type Route<K extends keyof typeof schemas> = RouteTypes<(typeof schemas)[K]>;

export async function catalogRoutes(
  app: FastifyInstance,
  options: { catalog: CatalogService; sportsAdmin: SportsAdminService; feedStatus: () => Promise<FeedStatus> },
): Promise<void> {
  const { catalog, sportsAdmin, feedStatus } = options;
  const ok = <T>(data: T) => ({ data, message: MESSAGES.ok });

  // The feed's health (ADR 0039): the admin feed page.
  app.get('/feed-status', { schema: schemas.feedStatus, config: sportsAdmins }, async () => ok(await feedStatus()));

  app.get('/get-sport-list', { schema: schemas.sportList, config: anyone }, async (request) => ok(await catalog.sports(roleOf(request))));

  app.get<Route<'series'>>('/get-series', { schema: schemas.series, config: sportsAdmins }, async (request) =>
    ok(await catalog.series(request.query.EventTypeID)),
  );

  app.get<Route<'feedMatches'>>(
    '/get-matches',
    { schema: schemas.feedMatches, config: sportsAdmins },
    async (request) => ok(await catalog.feedMatches(request.query.EventTypeID, request.query.CompetitionID)),
  );

  app.post<Route<'saveMatch'>>('/save-match', { schema: schemas.saveMatch, config: sportsAdmins }, async (request) => ({
    data: await sportsAdmin.saveMatch(request.body, auditContextOf(request)),
    message: MESSAGES.matchSaved,
  }));

  app.get<Route<'matchList'>>(
    '/get-match-list',
    { schema: schemas.matchList, config: anyone },
    async (request) => ok(await catalog.matches(normalizeMatchQuery(request.query), roleOf(request))),
  );

  app.get<Route<'matchById'>>('/get-match-by-id', { schema: schemas.matchById, config: anyone }, async (request) =>
    ok(await catalog.match(request.query.matchId, roleOf(request))),
  );

  app.get<Route<'marketList'>>('/get-market-list', { schema: schemas.marketList, config: anyone }, async (request) =>
    ok(await catalog.markets(request.query.matchId, roleOf(request))),
  );

  app.get<Route<'fancyList'>>(
    '/get-fancy-list',
    { schema: schemas.fancyList, config: anyone },
    async (request) => ok(await catalog.fancies(request.query.matchId, request.query.gtype, roleOf(request))),
  );

  app.get<Route<'seriesWithMarket'>>(
    '/get-series-with-market',
    { schema: schemas.seriesWithMarket, config: anyone },
    async (request) => ok(await catalog.seriesWithMarket(request.query.EventTypeID, roleOf(request))),
  );

  app.get<Route<'seriesWithMarketByDate'>>(
    '/get-series-with-market-with-date',
    { schema: schemas.seriesWithMarketByDate, config: anyone },
    async (request) => ok(await catalog.seriesWithMarketByDate(request.query.EventTypeID, roleOf(request))),
  );

  app.get<Route<'score'>>('/score', { schema: schemas.score, config: anyone }, async (request) =>
    ok(await catalog.score(request.query.MatchID, roleOf(request))),
  );

  app.get<Route<'fancyData'>>('/fancy-data', { schema: schemas.fancyData, config: anyone }, async (request) =>
    ok(await catalog.liveFancies(request.query.MatchID, roleOf(request))),
  );

  app.post<Route<'saveSportSettings'>>('/save-sport-settings', { schema: schemas.saveSportSettings, config: sportsAdmins }, async (request) => ({
    data: await sportsAdmin.saveSportSettings(request.body, auditContextOf(request)),
    message: MESSAGES.sportSettingsSaved,
  }));

  app.post<Route<'updateMatch'>>('/update-match', { schema: schemas.updateMatch, config: sportsAdmins }, async (request) => ({
    data: await sportsAdmin.updateMatch(request.body, auditContextOf(request)),
    message: MESSAGES.matchUpdated,
  }));

  app.post<Route<'updateMarket'>>('/update-market', { schema: schemas.updateMarket, config: sportsAdmins }, async (request) => ({
    data: await sportsAdmin.updateMarket(request.body, auditContextOf(request)),
    message: MESSAGES.marketUpdated,
  }));

  app.post<Route<'updateFancy'>>('/update-fancy', { schema: schemas.updateFancy, config: sportsAdmins }, async (request) => ({
    data: await sportsAdmin.updateFancy(request.body, auditContextOf(request)),
    message: MESSAGES.fancyUpdated,
  }));
}
