/**
 * Routes of chip transfers (agent ↔ direct child). Thin: the Idempotency-Key header is
 * required (400 without it), the service does the rest.
 */
import { IDEMPOTENCY_HEADER, MESSAGES } from '@backlay/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { agentsOnly } from '../plugins/auth';
import { actorOf, metaOf } from '../plugins/request-context';
import { transferSchema } from './chips.schemas';
import type { ChipDirection, ChipsService } from './chips.service';

type TransferRoute = RouteTypes<typeof transferSchema>;

export async function chipsRoutes(app: FastifyInstance, options: { chips: ChipsService }): Promise<void> {
  const route = (direction: ChipDirection, message: string) => async (request: FastifyRequest<TransferRoute>) => ({
    data: await options.chips.transfer(actorOf(request), direction, request.body, request.headers[IDEMPOTENCY_HEADER], metaOf(request)),
    message,
  });
  const config = { access: agentsOnly(), targets: [{ in: 'body', field: 'username', kind: 'user' }] } as const;
  app.post<TransferRoute>('/deposit-chips', { schema: transferSchema, config }, route('deposit', MESSAGES.chipsDeposited));
  app.post<TransferRoute>('/withdraw-chips', { schema: transferSchema, config }, route('withdraw', MESSAGES.chipsWithdrawn));
}
