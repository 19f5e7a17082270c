/**
 * Routes of chip transfers (agent ↔ direct child). Thin: the Idempotency-Key header is
 * required (400 without it), the service does the rest.
 */
import {
  IDEMPOTENCY_HEADER,
  MESSAGES,
  REMARK_MAX_LENGTH,
  type ChipTransferRequest,
} from '@backlay/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerSecurity, responses, rupeesField, rupeesSchema, uuidSchema } from '../common/schemas';
import { agentsOnly } from '../plugins/auth';
import { actorOf, metaOf } from '../plugins/request-context';
import type { ChipDirection, ChipsService } from './chips.service';

const transferSchema = {
  tags: ['chips'],
  security: bearerSecurity,
  headers: {
    type: 'object',
    required: [IDEMPOTENCY_HEADER],
    properties: { [IDEMPOTENCY_HEADER]: { type: 'string', minLength: 1, maxLength: 255 } },
  },
  body: {
    type: 'object',
    required: ['username', 'amount', 'remark', 'transactionPassword'],
    additionalProperties: false,
    properties: {
      username: { type: 'string', minLength: 1, maxLength: 64 },
      amount: rupeesField,
      // Longer remarks get the readable message from the service.
      remark: { type: 'string', maxLength: REMARK_MAX_LENGTH * 4 },
      transactionPassword: { type: 'string', minLength: 1, maxLength: 64 },
    },
  },
  response: responses({
    type: 'object',
    required: ['journalId', 'parentBalance', 'childBalance'],
    properties: { journalId: uuidSchema, parentBalance: rupeesSchema, childBalance: rupeesSchema },
  }),
};

type TransferRoute = { Body: ChipTransferRequest; Headers: Record<typeof IDEMPOTENCY_HEADER, string> };

export async function chipsRoutes(app: FastifyInstance, options: { chips: ChipsService }): Promise<void> {
  const route = (direction: ChipDirection, message: string) => async (request: FastifyRequest<TransferRoute>) => ({
    data: await options.chips.transfer(actorOf(request), direction, request.body, request.headers[IDEMPOTENCY_HEADER], metaOf(request)),
    message,
  });
  const config = { access: agentsOnly() };
  app.post<TransferRoute>('/deposit-chips', { schema: transferSchema, config }, route('deposit', MESSAGES.chipsDeposited));
  app.post<TransferRoute>('/withdraw-chips', { schema: transferSchema, config }, route('withdraw', MESSAGES.chipsWithdrawn));
}
