/**
 * Routes of the sports catalog (docs/rules/product.md §7 "Sports"): every signed-in caller reads; the import and
 * the switches and the feed's health are for admin and sadmin only (docs/rules/product.md §6) — other roles get 403.
 */
import { type FeedStatus, MESSAGES, SITE_CONTENT_MESSAGES, SPORTS_ADMIN_ROLES } from '@backlay/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { requireAuth, signedIn } from '../plugins/auth';
import { actorOf, auditContextOf, metaOf } from '../plugins/request-context';
import type { CatalogService, Viewer } from './catalog.service';
import type { SiteLimitsService } from './site-limits.service';
import type { SiteSportsService } from './site-sports.service';
import { schemas } from './catalog.schemas';
import { normalizeMatchQuery } from './match-query';
import type { SportsAdminService } from './sports-admin.service';

const anyone = { access: signedIn() };
const sportsAdmins = { access: signedIn({ roles: SPORTS_ADMIN_ROLES }) };

/** Who reads: the role's view, narrowed by the request's site (ADR 0074 "Content per site"). */
const viewerOf = (request: FastifyRequest): Viewer => ({ role: requireAuth(request).role, siteId: request.siteId });
/** Changing a site's sports: confirmed by the transaction password, as the casino's site switches. */
const siteSportsAdmins = { access: signedIn({ roles: SPORTS_ADMIN_ROLES, transactionPassword: true }) };

/** A route's request types, derived from its schema. */
type Route<K extends keyof typeof schemas> = RouteTypes<(typeof schemas)[K]>;

export async function catalogRoutes(
  app: FastifyInstance,
  options: { catalog: CatalogService; sportsAdmin: SportsAdminService; siteSports: SiteSportsService; siteLimits: SiteLimitsService; feedStatus: () => Promise<FeedStatus> },
): Promise<void> {
  const { catalog, sportsAdmin, siteSports, siteLimits, feedStatus } = options;
  const ok = <T>(data: T) => ({ data, message: MESSAGES.ok });

  // The feed's health (ADR 0039): the admin feed page.
  app.get('/feed-status', { schema: schemas.feedStatus, config: sportsAdmins }, async () => ok(await feedStatus()));

  app.get('/get-sport-list', { schema: schemas.sportList, config: anyone }, async (request) => ok(await catalog.sports(viewerOf(request))));

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
    async (request) => ok(await catalog.matches(normalizeMatchQuery(request.query), viewerOf(request))),
  );

  app.get<Route<'matchById'>>('/get-match-by-id', { schema: schemas.matchById, config: anyone }, async (request) =>
    ok(await catalog.match(request.query.matchId, viewerOf(request))),
  );

  app.get<Route<'marketList'>>('/get-market-list', { schema: schemas.marketList, config: anyone }, async (request) =>
    ok(await catalog.markets(request.query.matchId, viewerOf(request))),
  );

  app.get<Route<'fancyList'>>(
    '/get-fancy-list',
    { schema: schemas.fancyList, config: anyone },
    async (request) => ok(await catalog.fancies(request.query.matchId, request.query.gtype, viewerOf(request))),
  );

  app.get<Route<'seriesWithMarket'>>(
    '/get-series-with-market',
    { schema: schemas.seriesWithMarket, config: anyone },
    async (request) => ok(await catalog.seriesWithMarket(request.query.EventTypeID, viewerOf(request))),
  );

  app.get<Route<'seriesWithMarketByDate'>>(
    '/get-series-with-market-with-date',
    { schema: schemas.seriesWithMarketByDate, config: anyone },
    async (request) => ok(await catalog.seriesWithMarketByDate(request.query.EventTypeID, viewerOf(request))),
  );

  app.get<Route<'score'>>('/score', { schema: schemas.score, config: anyone }, async (request) =>
    ok(await catalog.score(request.query.MatchID, viewerOf(request))),
  );

  app.get<Route<'fancyData'>>('/fancy-data', { schema: schemas.fancyData, config: anyone }, async (request) =>
    ok(await catalog.liveFancies(request.query.MatchID, viewerOf(request))),
  );

  app.post<Route<'saveSportSettings'>>('/save-sport-settings', { schema: schemas.saveSportSettings, config: sportsAdmins }, async (request) => ({
    data: await sportsAdmin.saveSportSettings(request.body, auditContextOf(request)),
    message: MESSAGES.sportSettingsSaved,
  }));

  // The sports a site switched off for its own players (ADR 0074 "Content per site"): the Super
  // Admin any site, an Admin its own.
  app.get<Route<'siteSports'>>('/get-site-sports', { schema: schemas.siteSports, config: sportsAdmins }, async (request) =>
    ok(await siteSports.switches(actorOf(request), request.query.siteId)),
  );

  app.post<Route<'saveSiteSports'>>('/save-site-sports', { schema: schemas.saveSiteSports, config: siteSportsAdmins }, async (request) => ({
    data: await siteSports.save(actorOf(request), request.body, metaOf(request)),
    message: SITE_CONTENT_MESSAGES.sportsSaved,
  }));

  // A site's own stake limits for its players (same access as its sports): the tighter of the
  // market's and the site's applies at placement and in its players' market view.
  app.get<Route<'siteLimits'>>('/get-site-limits', { schema: schemas.siteLimits, config: sportsAdmins }, async (request) =>
    ok(await siteLimits.limits(actorOf(request), request.query.siteId)),
  );

  app.post<Route<'saveSiteLimits'>>('/save-site-limits', { schema: schemas.saveSiteLimits, config: siteSportsAdmins }, async (request) => ({
    data: await siteLimits.save(actorOf(request), request.body, metaOf(request)),
    message: SITE_CONTENT_MESSAGES.limitsSaved,
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
