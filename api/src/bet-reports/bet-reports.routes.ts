/**
 * Routes of the read side of bets: positions, bet lists, profit and loss, and the agents' books.
 * Thin handlers with full request and response schemas; who sees what is decided in the service
 * (own bets, or the downline) and in the policy (a named account).
 */
import { MESSAGES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { agentsOnly, requireAuth, signedIn } from '../plugins/auth';
import { csvExportSchema, sendCsv } from '../plugins/csv-reply';
import { actorOf } from '../plugins/request-context';
import {
  betHistorySchema,
  betListByIdsSchema,
  agentDashboardSchema,
  childUserListSchema,
  marketAnalysisSchema,
  matchPositionsSchema,
  profitLossSchema,
  unsettledBetsSchema,
} from './bet-reports.schemas';
import type { BetReportsService } from './bet-reports.service';
import type { DashboardService } from './dashboard.service';

export async function betReportsRoutes(app: FastifyInstance, options: { reports: BetReportsService; dashboard: DashboardService }): Promise<void> {
  const { reports, dashboard } = options;
  // Any signed-in caller; players and agents see different things (decided by the service).
  const anyone = { access: signedIn() };
  const agents = { access: agentsOnly() };
  // The routes that name an account or bets (docs/rules/test-plan.md T9 targets, `x-target` in the OpenAPI document).
  const ofAccount = (config: typeof anyone) => ({ ...config, targets: [{ in: 'query', field: 'username', kind: 'user' }] }) as const;

  // The player's own book: agents get 403 (they read books through get-market-analysis).
  app.get<RouteTypes<typeof matchPositionsSchema>>(
    '/match-positions',
    { schema: matchPositionsSchema, config: { access: signedIn({ roles: ['user'] }) } },
    async (request) => ({ data: await reports.matchPositions(requireAuth(request).userId, request.query.matchId), message: MESSAGES.ok }),
  );

  app.get<RouteTypes<typeof unsettledBetsSchema>>('/unsettled-bets', { schema: unsettledBetsSchema, config: anyone }, async (request) => ({
    data: await reports.unsettledBets(actorOf(request), request.query),
    message: MESSAGES.ok,
  }));

  app.get<RouteTypes<typeof betHistorySchema>>('/bet-history', { schema: betHistorySchema, config: ofAccount(anyone) }, async (request) => ({
    data: await reports.betHistory(actorOf(request), request.query),
    message: MESSAGES.ok,
  }));

  const ofBets = { ...anyone, targets: [{ in: 'body', field: 'betIds', kind: 'bet' }] } as const;
  app.post<RouteTypes<typeof betListByIdsSchema>>('/get-bet-list-by-ids', { schema: betListByIdsSchema, config: ofBets }, async (request) => ({
    data: await reports.betListByIds(actorOf(request), request.body),
    message: MESSAGES.ok,
  }));

  app.get<RouteTypes<typeof profitLossSchema>>('/profit-loss', { schema: profitLossSchema, config: anyone }, async (request) => ({
    data: await reports.profitLoss(actorOf(request), request.query),
    message: MESSAGES.ok,
  }));

  app.get<RouteTypes<typeof marketAnalysisSchema>>('/get-market-analysis', { schema: marketAnalysisSchema, config: agents }, async (request) => ({
    data: await reports.marketAnalysis(actorOf(request), request.query.matchId),
    message: MESSAGES.ok,
  }));

  app.get<RouteTypes<typeof childUserListSchema>>('/get-child-user-list', { schema: childUserListSchema, config: ofAccount(agents) }, async (request) => ({
    data: await reports.childUserList(actorOf(request), request.query),
    message: MESSAGES.ok,
  }));

  // The agent's dashboard (issue 34): its downline's business at a glance.
  app.get('/agent-dashboard', { schema: agentDashboardSchema, config: agents }, async (request) => ({
    data: await dashboard.forAgent(actorOf(request)),
    message: MESSAGES.ok,
  }));

  // The same lists as CSV files (ADR 0067): the same filters and access, every row.
  const unsettledExport = csvExportSchema('/unsettled-bets', unsettledBetsSchema.querystring, unsettledBetsSchema.tags);
  app.get<RouteTypes<typeof unsettledExport>>('/unsettled-bets/export', { schema: unsettledExport, config: anyone }, async (request, reply) =>
    sendCsv(reply, await reports.unsettledBetsCsv(actorOf(request), request.query)),
  );
  const historyExport = csvExportSchema('/bet-history', betHistorySchema.querystring, betHistorySchema.tags);
  app.get<RouteTypes<typeof historyExport>>('/bet-history/export', { schema: historyExport, config: ofAccount(anyone) }, async (request, reply) =>
    sendCsv(reply, await reports.betHistoryCsv(actorOf(request), request.query)),
  );
  const profitLossExport = csvExportSchema('/profit-loss', profitLossSchema.querystring, profitLossSchema.tags);
  app.get<RouteTypes<typeof profitLossExport>>('/profit-loss/export', { schema: profitLossExport, config: anyone }, async (request, reply) =>
    sendCsv(reply, await reports.profitLossCsv(actorOf(request), request.query)),
  );
}
