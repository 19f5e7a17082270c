/**
 * Routes of the live casino (docs/rules/product.md §7 Casino). Players read the tables and their rounds and place
 * bets with POST /placebet (betting domain); admin and sadmin switch tables (with their transaction
 * password); agents read the round
 * book and the game report of their own downline only.
 */
import { CASINO_BETS_PAGE_SIZE_DEFAULT, MESSAGES, SITE_CONTENT_MESSAGES, SPORTS_ADMIN_ROLES } from '@backlay/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../common/domain-error';
import type { RouteTypes } from '../common/schemas';
import { agentsOnly, publicAccess, requireAuth, signedIn } from '../plugins/auth';
import { csvExportSchema, sendCsv } from '../plugins/csv-reply';
import { actorOf, metaOf } from '../plugins/request-context';
import { tileSvg } from './casino-images';
import { schemas } from './casino.schemas';
import type { CasinoService } from './casino.service';
import type { SiteCasinoService } from './site-casino.service';

const anyone = { access: signedIn() };
const players = { access: signedIn({ area: 'player', roles: ['user'] }) };
/** The table switch voids every open bet of the table: confirmed by the transaction password (ADR 0032). */
const house = { access: signedIn({ roles: SPORTS_ADMIN_ROLES, transactionPassword: true }) };
const agents = { access: agentsOnly() };
const siteHouse = { access: signedIn({ roles: SPORTS_ADMIN_ROLES }) };

/** A route's request types, derived from its schema. */
type Route<K extends keyof typeof schemas> = RouteTypes<(typeof schemas)[K]>;

export async function casinoRoutes(app: FastifyInstance, options: { casino: CasinoService; siteCasino: SiteCasinoService }): Promise<void> {
  const { casino, siteCasino } = options;
  const ok = <T>(data: T) => ({ data, message: MESSAGES.ok });

  // The lists hide the tables the request's site switched off (ADR 0074 "Content per site"); admin
  // and sadmin see every table (their casino-list screen switches them).
  app.get('/get-casino-games', { schema: schemas.games, config: anyone }, async (request) => {
    if (SPORTS_ADMIN_ROLES.includes(requireAuth(request).role)) return ok({ data: await casino.games() });
    const off = await siteCasino.tablesOff(request.siteId);
    return ok({ data: (await casino.games()).filter((game) => !off.has(game.matchId)) });
  });

  // SPEC's virtual-games stream list (its second list item shape): our running tables, whose rounds
  // stream over the data connection (docs/spec-differences.md).
  app.get('/get-virtual-games', { schema: schemas.virtualGames, config: anyone }, async (request) => {
    const off = await siteCasino.tablesOff(request.siteId);
    return ok({ data: (await casino.virtualGames()).filter((game) => !off.has(game.id)) });
  });

  // What a site switched off for its own players: the Super Admin any site, an Admin its own.
  app.get<Route<'siteCasino'>>('/get-site-casino', { schema: schemas.siteCasino, config: siteHouse }, async (request) =>
    ok(await siteCasino.switches(actorOf(request), request.query.siteId)),
  );

  app.post<Route<'saveSiteCasino'>>('/save-site-casino', { schema: schemas.saveSiteCasino, config: house }, async (request) => ({
    data: await siteCasino.save(actorOf(request), request.body, metaOf(request)),
    message: SITE_CONTENT_MESSAGES.casinoSaved,
  }));

  app.get<Route<'table'>>('/get-casino-data-by-id/:id', { schema: schemas.table, config: anyone }, async (request) =>
    ok(await casino.table(request.params.id)),
  );

  app.get<Route<'market'>>('/casino-market/:id', { schema: schemas.market, config: anyone }, async (request) =>
    ok(await casino.market(request.params.id)),
  );

  app.get<Route<'doneResults'>>(
    '/done-results/:matchid',
    { schema: schemas.doneResults, config: anyone },
    async (request) =>
      ok(
        await casino.doneResults(request.params.matchid, {
          filterDate: request.query.filter_date ?? null,
          roundId: request.query.roundId ?? null,
          page: request.query.page ?? 1,
        }),
      ),
  );

  const cards = async (request: FastifyRequest<Route<'cards'>>) => ok(await casino.cards(request.params.mid, request.params.type));
  app.get<Route<'cards'>>('/html-cards/:mid/:type', { schema: schemas.cards, config: anyone }, cards);
  // SPEC spells it `html-cards/{mid}/{type}/`: the same route with its trailing slash (out of the
  // OpenAPI document, where the path above stands for both).
  app.get<Route<'cards'>>('/html-cards/:mid/:type/', { schema: { ...schemas.cards, hide: true }, config: anyone }, cards);

  app.get<Route<'playerBets'>>('/casino-bets', { schema: schemas.playerBets, config: players }, async (request) =>
    ok(
      await casino.playerBets(requireAuth(request).userId, request.query.matchId, request.query.roundId ?? null, {
        page: request.query.page ?? 1,
        pageSize: request.query.pageSize ?? CASINO_BETS_PAGE_SIZE_DEFAULT,
      }),
    ),
  );

  app.get<Route<'report'>>('/casino-report', { schema: schemas.report, config: players }, async (request) =>
    ok(await casino.report(requireAuth(request).userId, request.query.from, request.query.to)),
  );

  app.post<Route<'disable'>>(
    '/disable-casino-games',
    { schema: schemas.disable, config: house },
    async (request) => {
      const disable = request.body.isDisable;
      return {
        data: await casino.setDisabled(actorOf(request), request.body.matchId, disable, metaOf(request)),
        message: disable ? MESSAGES.casinoTableDisabled : MESSAGES.casinoTableEnabled,
      };
    },
  );

  app.get<Route<'roundBook'>>('/casino-round-book/:gameCode', { schema: schemas.roundBook, config: agents }, async (request) =>
    ok(await casino.roundBook(requireAuth(request).userId, request.params.gameCode)),
  );

  app.get<Route<'gameReport'>>('/game-reports', { schema: schemas.gameReport, config: agents }, async (request) =>
    ok(await casino.gameReport(actorOf(request), request.query.from, request.query.to)),
  );

  // The two reports as CSV files (ADR 0067): the same dates and access, every row.
  const reportExport = csvExportSchema('/casino-report', schemas.report.querystring, schemas.report.tags);
  app.get<RouteTypes<typeof reportExport>>('/casino-report/export', { schema: reportExport, config: players }, async (request, reply) =>
    sendCsv(reply, await casino.reportCsv(requireAuth(request).userId, request.query.from, request.query.to)),
  );
  const gameReportExport = csvExportSchema('/game-reports', schemas.gameReport.querystring, schemas.gameReport.tags);
  app.get<RouteTypes<typeof gameReportExport>>('/game-reports/export', { schema: gameReportExport, config: agents }, async (request, reply) =>
    sendCsv(reply, await casino.gameReportCsv(actorOf(request), request.query.from, request.query.to)),
  );

  // Tile images: public (an <img> sends no bearer token), drawn from the table list.
  app.get<Route<'image'>>('/casino/images/:file', { schema: schemas.image, config: { access: publicAccess() } }, async (request, reply) => {
    const svg = tileSvg(request.params.file.replace(/\.svg$/, ''));
    if (svg === null) throw new DomainError('NOT_FOUND', MESSAGES.casinoTableNotFound);
    return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
}
