/** JSON schemas of the results, settlement and void routes (request and response). */
import {
  BET_IDS_MAX,
  type AcceptFeedResultRequest,
  type DeclareResultRequest,
  type DeleteBetsRequest,
  type ResultsQuery,
  type RollbackResultRequest,
} from '@backlay/shared/contracts';
import {
  bearerSecurity,
  INT4_MAX,
  int4Field,
  isoTimeSchema,
  responses,
  type Accepts,
  type Agree,
  type AllAgree,
  type BodyOf,
  type QueryOf,
} from '../common/schemas';

const marketIdSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;
/** Checked by the access hook (`transactionPassword: true`, ADR 0032), as chips and locks check theirs. */
const transactionPasswordSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;
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

/** The result is checked by result-rules.ts (canonicalResult), with its own message. */
export const declareSchema = {
  tags: ['results'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['marketId', 'result', 'transactionPassword'],
    additionalProperties: false,
    properties: {
      marketId: marketIdSchema,
      transactionPassword: transactionPasswordSchema,
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
} as const;

export const rollbackSchema = {
  tags: ['results'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['marketId', 'transactionPassword'],
    additionalProperties: false,
    properties: { marketId: marketIdSchema, transactionPassword: transactionPasswordSchema },
  },
  response: responses(summarySchema),
} as const;

export const acceptFeedSchema = {
  tags: ['results'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['marketId', 'transactionPassword'],
    additionalProperties: false,
    properties: { marketId: marketIdSchema, transactionPassword: transactionPasswordSchema },
  },
  response: responses(summarySchema),
} as const;

export const resultsSchema = {
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
      required: ['marketId', 'marketType', 'matchId', 'matchName', 'sportId', 'marketName', 'numberOfWinners', 'runners', 'openBets', 'feedResult', 'settled', 'feedDiffers'],
      properties: {
        marketId: { type: 'string' },
        marketType: { type: 'string' },
        matchId: { type: 'string' },
        matchName: { type: 'string' },
        sportId: { type: 'integer' },
        marketName: { type: 'string' },
        numberOfWinners: { type: 'integer' },
        runners: {
          type: 'array',
          items: {
            type: 'object',
            required: ['selectionId', 'name', 'clothNumber'],
            properties: { selectionId: { type: 'string' }, name: { type: 'string' }, clothNumber: { type: ['integer', 'null'] } },
          },
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
} as const;

const voidedSchema = {
  type: 'object',
  required: ['voided'],
  properties: { voided: { type: 'array', items: { type: 'string' } } },
} as const;

export const deleteCurrentBetSchema = {
  tags: ['results'],
  security: bearerSecurity,
  params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
  response: responses(voidedSchema),
} as const;

export const deleteBetsSchema = {
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
} as const;

/**
 * The contracts' request types (the front end's) agree with these schemas; a declared result is
 * looser here (any object with a type) because result-rules.ts refuses the rest with its message.
 */
export type SettlementContractsAgree = AllAgree<
  [
    Accepts<DeclareResultRequest, BodyOf<typeof declareSchema>>,
    Agree<RollbackResultRequest, BodyOf<typeof rollbackSchema>>,
    Agree<AcceptFeedResultRequest, BodyOf<typeof acceptFeedSchema>>,
    Agree<ResultsQuery, QueryOf<typeof resultsSchema>>,
    Agree<DeleteBetsRequest, BodyOf<typeof deleteBetsSchema>>,
  ]
>;
