/**
 * Routes of results, settlement and voids (admin and sadmin only; every other role 403). Thin:
 * parse, call the service, wrap in the envelope.
 */
import { MESSAGES, SPORTS_ADMIN_ROLES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { signedIn } from '../plugins/auth';
import { actorOf, metaOf } from '../plugins/request-context';
import {
  acceptFeedSchema,
  declareSchema,
  deleteBetsSchema,
  deleteCurrentBetSchema,
  resultsSchema,
  rollbackSchema,
} from './settlement.schemas';
import type { SettlementService } from './settlement.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function settlementRoutes(app: FastifyInstance, options: { settlement: SettlementService }): Promise<void> {
  const { settlement } = options;
  const admins = { access: signedIn({ roles: SPORTS_ADMIN_ROLES }) };
  // Money-wide: confirmed by the admin's transaction password (ADR 0032).
  const confirmedAdmins = { access: signedIn({ roles: SPORTS_ADMIN_ROLES, transactionPassword: true }) };

  app.post<RouteTypes<typeof declareSchema>>('/declare-result', { schema: declareSchema, config: confirmedAdmins }, async (request) => ({
    data: await settlement.declare(actorOf(request), request.body, metaOf(request)),
    message: MESSAGES.resultDeclared,
  }));

  app.post<RouteTypes<typeof rollbackSchema>>('/rollback-result', { schema: rollbackSchema, config: confirmedAdmins }, async (request) => ({
    data: await settlement.rollback(actorOf(request), request.body, metaOf(request)),
    message: MESSAGES.resultRolledBack,
  }));

  app.post<RouteTypes<typeof acceptFeedSchema>>('/accept-feed-result', { schema: acceptFeedSchema, config: confirmedAdmins }, async (request) => ({
    data: await settlement.acceptFeedResult(actorOf(request), request.body, metaOf(request)),
    message: MESSAGES.feedResultAccepted,
  }));

  app.get<RouteTypes<typeof resultsSchema>>('/results', { schema: resultsSchema, config: admins }, async (request) => ({
    data: await settlement.results(request.query),
    message: MESSAGES.ok,
  }));

  // A malformed id is "no such bet" (404), like a foreign one.
  const betIds = (ids: readonly string[]) => ids.map((id) => (UUID.test(id) ? id.toLowerCase() : '00000000-0000-0000-0000-000000000000'));

  // The bets they void (docs/rules/test-plan.md T9 targets, `x-target` in the OpenAPI document).
  const onePathBet = { ...admins, targets: [{ in: 'path', field: 'id', kind: 'bet' }] } as const;
  const bodyBets = { ...admins, targets: [{ in: 'body', field: 'betIds', kind: 'bet' }] } as const;

  app.delete<RouteTypes<typeof deleteCurrentBetSchema>>('/delete-current-bet/:id', { schema: deleteCurrentBetSchema, config: onePathBet }, async (request) => ({
    data: await settlement.voidBets(actorOf(request), betIds([request.params.id]), undefined, metaOf(request)),
    message: MESSAGES.betsVoided,
  }));

  app.post<RouteTypes<typeof deleteBetsSchema>>('/delete-bets', { schema: deleteBetsSchema, config: bodyBets }, async (request) => ({
    data: await settlement.voidBets(actorOf(request), betIds(request.body.betIds), request.body.reason, metaOf(request)),
    message: MESSAGES.betsVoided,
  }));
}
