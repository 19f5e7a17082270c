/** JSON schemas of the betting routes (request and response). */
import { IDEMPOTENCY_HEADER, ODDS_ACCEPTANCES, type BetsQuery, type PlaceBetRequest } from '@backlay/shared/contracts';
import {
  bearerSecurity,
  hundredthsField,
  INT4_MAX,
  int4Field,
  responses,
  RUPEES_FIELD_MAX,
  type Accepts,
  type Agree,
  type AllAgree,
  type BodyOf,
  type QueryOf,
} from '../common/schemas';

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
    // The price the bet was matched at: the live one when it beat the price asked (best execution, ADR 0034).
    odds: { type: 'number', description: 'The matched price: decimal odds, the bookmaker rate or the fancy rate' },
    run: { type: ['integer', 'null'], description: 'Fancy: the matched line in runs' },
    stake: { type: 'number' },
    status: { type: 'string' },
    createdAt: { type: 'string' },
    cashOut: { type: 'boolean', description: 'A cash out placed this bet (its hedge)' },
  },
} as const;

export const placeBetSchema = {
  tags: ['betting'],
  security: bearerSecurity,
  headers: {
    type: 'object',
    required: [IDEMPOTENCY_HEADER],
    properties: { [IDEMPOTENCY_HEADER]: { type: 'string', minLength: 1, maxLength: 255 } },
  },
  // A runner bet (marketId, selectionId, odds; BACK/LAY) or a fancy bet (fancyId, run, rate; YES/NO).
  // Any of the four sides passes here: the service refuses another kind's side with its message.
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
      // ADR 0055: absent, the player's stored choice; a fancy bet keeps its own rule whatever it says.
      oddsAcceptance: { type: 'string', enum: ODDS_ACCEPTANCES },
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
} as const;

export const betsSchema = {
  tags: ['betting'],
  security: bearerSecurity,
  querystring: { type: 'object', required: ['matchId'], additionalProperties: false, properties: { matchId: idSchema } },
  response: responses({ type: 'array', items: betSchema }),
} as const;

/** The placebet body as its schema admits it (PlaceBetRequest, with any of the four sides). */
export type PlaceBetBody = BodyOf<typeof placeBetSchema>;

/**
 * The contracts' request types (the front end's) agree with these schemas; a placebet body is
 * looser here (any side on either kind of bet), see PlaceBetBody.
 */
export type BettingContractsAgree = AllAgree<[Accepts<PlaceBetRequest, PlaceBetBody>, Agree<BetsQuery, QueryOf<typeof betsSchema>>]>;
