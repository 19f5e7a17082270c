/** Routes of bet placement (player area): runner and fancy bets. Thin: the Idempotency-Key header is required. */
import { IDEMPOTENCY_HEADER, MESSAGES, type BetsQuery, type PlaceBetRequest } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { bearerSecurity, hundredthsField, INT4_MAX, int4Field, responses, RUPEES_FIELD_MAX } from '../common/schemas';
import { isDomainError } from '../common/domain-error';
import { confirmSession, requireAuth, signedIn } from '../plugins/auth';
import type { BettingService } from './betting.service';

const idSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;

export const betSchema = {
  type: 'object',
  required: ['betId', 'matchId', 'marketId', 'marketType', 'selectionId', 'side', 'odds', 'run', 'stake', 'status', 'createdAt'],
  properties: {
    betId: { type: 'string' },
    matchId: { type: 'string' },
    marketId: { type: 'string' },
    marketType: { type: 'string' },
    selectionId: { type: 'string' },
    side: { type: 'string' },
    odds: { type: 'number' },
    run: { type: ['integer', 'null'] },
    stake: { type: 'number' },
    status: { type: 'string' },
    createdAt: { type: 'string' },
  },
} as const;

const placeBetSchema = {
  tags: ['betting'],
  security: bearerSecurity,
  headers: {
    type: 'object',
    required: [IDEMPOTENCY_HEADER],
    properties: { [IDEMPOTENCY_HEADER]: { type: 'string', minLength: 1, maxLength: 255 } },
  },
  // A runner bet (marketId, selectionId, odds; BACK/LAY) or a fancy bet (fancyId, run, rate; YES/NO).
  body: {
    type: 'object',
    required: ['matchId', 'side', 'stake'],
    anyOf: [{ required: ['marketId', 'selectionId', 'odds'] }, { required: ['fancyId', 'run', 'rate'] }],
    additionalProperties: false,
    properties: {
      matchId: idSchema,
      marketId: idSchema,
      selectionId: idSchema,
      fancyId: idSchema,
      side: { type: 'string', enum: ['BACK', 'LAY', 'YES', 'NO'] },
      odds: hundredthsField,
      run: int4Field(0),
      rate: { type: 'integer', exclusiveMinimum: 0, maximum: INT4_MAX },
      stake: { type: 'number', exclusiveMinimum: 0, maximum: RUPEES_FIELD_MAX },
    },
  },
  response: responses({
    type: 'object',
    required: ['exposer', 'balance', 'profitlist', 'bet'],
    properties: {
      exposer: { type: 'number' },
      balance: { type: 'number' },
      profitlist: {
        type: 'array',
        items: {
          type: 'object',
          required: ['selectionId', 'profit'],
          properties: { selectionId: { type: 'string' }, profit: { type: 'number' }, fromRuns: { type: 'integer' } },
        },
      },
      bet: betSchema,
    },
  }),
};

const betsSchema = {
  tags: ['betting'],
  security: bearerSecurity,
  querystring: { type: 'object', required: ['matchId'], additionalProperties: false, properties: { matchId: idSchema } },
  response: responses({ type: 'array', items: betSchema }),
};

type PlaceBetRoute = { Body: PlaceBetRequest; Headers: Record<typeof IDEMPOTENCY_HEADER, string> };

export async function bettingRoutes(app: FastifyInstance, options: { betting: BettingService }): Promise<void> {
  const config = { access: signedIn({ area: 'player', roles: ['user'] }) };
  // One database round trip per bet: the auth hook verifies the JWT only, and place_runner_bet /
  // place_fancy_bet_checked check the session with the same answers as the hook (plugins/auth.ts).
  const placeConfig = { access: signedIn({ area: 'player', roles: ['user'], sessionCheckedByHandler: true }) };
  // attachValidation: a refused body is thrown from the handler, after confirmSession, so that a
  // dead session still answers 401/403 before a 400, as the hook's own check would have.
  app.post<PlaceBetRoute>('/placebet', { schema: placeBetSchema, config: placeConfig, attachValidation: true }, async (request) => {
    const auth = requireAuth(request);
    const session = auth.sessionUnchecked === true ? { sessionId: auth.sessionId, area: auth.area } : null;
    try {
      if (request.validationError !== undefined) throw request.validationError;
      return {
        data: await options.betting.placeBet(auth.userId, request.body, request.headers[IDEMPOTENCY_HEADER], session),
        message: MESSAGES.betPlaced,
      };
    } catch (error) {
      if (request.validationError !== undefined || (isDomainError(error) && error.code === 'VALIDATION')) await confirmSession(request);
      throw error;
    }
  });
  app.get<{ Querystring: BetsQuery }>('/bets', { schema: betsSchema, config }, async (request) => ({
    data: await options.betting.betsOnMatch(requireAuth(request).userId, request.query.matchId),
    message: MESSAGES.ok,
  }));
}
