/** Routes of cash out (player area, ADR 0056): the offers, and the cash out (header Idempotency-Key required). */
import { IDEMPOTENCY_HEADER, MESSAGES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { requireAuth, signedIn } from '../plugins/auth';
import { cashOutOffersSchema, cashOutSchema } from './cashout.schemas';
import type { CashOutService } from './cashout.service';

export async function cashOutRoutes(app: FastifyInstance, options: { cashOut: CashOutService }): Promise<void> {
  const config = { access: signedIn({ area: 'player', roles: ['user'] }) };
  app.get<RouteTypes<typeof cashOutOffersSchema>>('/cashout', { schema: cashOutOffersSchema, config }, async (request) => ({
    data: await options.cashOut.offers(requireAuth(request).userId, request.query.matchId),
    message: MESSAGES.ok,
  }));
  // The auth hook checks the session (the reads before the hedge must not answer a dead session);
  // the hedge's placement is then called without a session of its own to check.
  app.post<RouteTypes<typeof cashOutSchema>>('/cashout', { schema: cashOutSchema, config }, async (request) => ({
    data: await options.cashOut.cashOut(requireAuth(request).userId, request.body, request.headers[IDEMPOTENCY_HEADER], null),
    message: MESSAGES.cashedOut,
  }));
}
