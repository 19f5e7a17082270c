/**
 * Routes of results, settlement and voids (admin and sadmin only; every other role 403). Thin:
 * parse, call the service, wrap in the envelope.
 */
import {
  type AcceptFeedResultRequest,
  BET_IDS_MAX,
  MESSAGES,
  SPORTS_ADMIN_ROLES,
  type DeclareResultRequest,
  type DeleteBetsRequest,
  type ResultsQuery,
  type RollbackResultRequest,
} from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { bearerSecurity, INT4_MAX, int4Field, isoTimeSchema, responses } from '../common/schemas';
import { signedIn } from '../plugins/auth';
import { actorOf, metaOf } from '../plugins/request-context';
import type { SettlementService } from './settlement.service';

const marketIdSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;
const anyResultSchema = { type: 'object', additionalProperties: true } as const;

const summarySchema = {
  type: 'object',
  required: ['marketId', 'version', 'status', 'result', 'bets', 'users', 'usersPnl', 'commission'],
  properties: {
    marketId: { type: 'string' },
    version: { type: 'integer' },
    status: { type: 'string', enum: ['settled', 'rolled_back'] },
    result: { anyOf: [anyResultSchema, { type: 'null' }] },
    bets: { type: 'integer' },
    users: { type: 'integer' },
    usersPnl: { type: 'number' },
    commission: { type: 'number' },
  },
} as const;

const declareSchema = {
  tags: ['results'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['marketId', 'result'],
    additionalProperties: false,
    properties: {
      marketId: marketIdSchema,
      result: {
        type: 'object',
        required: ['type'],
        properties: {
          type: { type: 'string', maxLength: 20 },
          selectionId: { type: 'string', maxLength: 64 },
          selectionIds: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 64 } },
          runs: { type: 'number', minimum: -INT4_MAX, maximum: INT4_MAX },
        },
      },
    },
  },
  response: responses(summarySchema),
};

const rollbackSchema = {
  tags: ['results'],
  security: bearerSecurity,
  body: { type: 'object', required: ['marketId'], additionalProperties: false, properties: { marketId: marketIdSchema } },
  response: responses(summarySchema),
};

const acceptFeedSchema = {
  tags: ['results'],
  security: bearerSecurity,
  body: { type: 'object', required: ['marketId'], additionalProperties: false, properties: { marketId: marketIdSchema } },
  response: responses(summarySchema),
};

const resultsSchema = {
  tags: ['results'],
  security: bearerSecurity,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { status: { type: 'string', enum: ['pending', 'settled', 'differs'] }, sportId: int4Field(1) },
  },
  response: responses({
    type: 'array',
    items: {
      type: 'object',
      required: ['marketId', 'marketType', 'matchId', 'matchName', 'sportId', 'marketName', 'runners', 'openBets', 'feedResult', 'settled', 'feedDiffers'],
      properties: {
        marketId: { type: 'string' },
        marketType: { type: 'string' },
        matchId: { type: 'string' },
        matchName: { type: 'string' },
        sportId: { type: 'integer' },
        marketName: { type: 'string' },
        runners: {
          type: 'array',
          items: { type: 'object', required: ['selectionId', 'name'], properties: { selectionId: { type: 'string' }, name: { type: 'string' } } },
        },
        openBets: { type: 'integer' },
        feedResult: { anyOf: [anyResultSchema, { type: 'null' }] },
        settled: {
          anyOf: [
            {
              type: 'object',
              required: ['version', 'result', 'settledAt', 'source'],
              properties: { version: { type: 'integer' }, result: anyResultSchema, settledAt: isoTimeSchema, source: { type: 'string' } },
            },
            { type: 'null' },
          ],
        },
        feedDiffers: { type: 'boolean' },
      },
    },
  }),
};

const voidedSchema = {
  type: 'object',
  required: ['voided'],
  properties: { voided: { type: 'array', items: { type: 'string' } } },
} as const;

const deleteCurrentBetSchema = {
  tags: ['results'],
  security: bearerSecurity,
  params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
  response: responses(voidedSchema),
};

const deleteBetsSchema = {
  tags: ['results'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['betIds'],
    additionalProperties: false,
    properties: {
      betIds: { type: 'array', minItems: 1, maxItems: BET_IDS_MAX, items: { type: 'string', maxLength: 64 } },
      reason: { type: 'string', maxLength: 200 },
    },
  },
  response: responses(voidedSchema),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function settlementRoutes(app: FastifyInstance, options: { settlement: SettlementService }): Promise<void> {
  const { settlement } = options;
  const admins = { access: signedIn({ roles: SPORTS_ADMIN_ROLES }) };

  app.post<{ Body: DeclareResultRequest }>('/declare-result', { schema: declareSchema, config: admins }, async (request) => ({
    data: await settlement.declare(actorOf(request), request.body, metaOf(request)),
    message: MESSAGES.resultDeclared,
  }));

  app.post<{ Body: RollbackResultRequest }>('/rollback-result', { schema: rollbackSchema, config: admins }, async (request) => ({
    data: await settlement.rollback(actorOf(request), request.body, metaOf(request)),
    message: MESSAGES.resultRolledBack,
  }));

  app.post<{ Body: AcceptFeedResultRequest }>('/accept-feed-result', { schema: acceptFeedSchema, config: admins }, async (request) => ({
    data: await settlement.acceptFeedResult(actorOf(request), request.body, metaOf(request)),
    message: MESSAGES.feedResultAccepted,
  }));

  app.get<{ Querystring: ResultsQuery }>('/results', { schema: resultsSchema, config: admins }, async (request) => ({
    data: await settlement.results(request.query),
    message: MESSAGES.ok,
  }));

  // A malformed id is "no such bet" (404), like a foreign one.
  const betIds = (ids: readonly string[]) => ids.map((id) => (UUID.test(id) ? id.toLowerCase() : '00000000-0000-0000-0000-000000000000'));

  app.delete<{ Params: { id: string } }>('/delete-current-bet/:id', { schema: deleteCurrentBetSchema, config: admins }, async (request) => ({
    data: await settlement.voidBets(actorOf(request), betIds([request.params.id]), undefined, metaOf(request)),
    message: MESSAGES.betsVoided,
  }));

  app.post<{ Body: DeleteBetsRequest }>('/delete-bets', { schema: deleteBetsSchema, config: admins }, async (request) => ({
    data: await settlement.voidBets(actorOf(request), betIds(request.body.betIds), request.body.reason, metaOf(request)),
    message: MESSAGES.betsVoided,
  }));
}
