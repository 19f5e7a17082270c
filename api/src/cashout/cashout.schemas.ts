/** JSON schemas of the cash-out routes (request and response). */
import { IDEMPOTENCY_HEADER, type CashOutOffersQuery, type CashOutRequest } from '@backlay/shared/contracts';
import { bearerSecurity, responses, rupeesField, type Accepts, type Agree, type AllAgree, type BodyOf, type QueryOf } from '../common/schemas';
import { betSchema } from '../betting/betting.schemas';

const idSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;

const profitListSchema = {
  type: 'array',
  items: { type: 'object', required: ['selectionId', 'profit'], properties: { selectionId: { type: 'string' }, profit: { type: 'number' } } },
} as const;

export const cashOutOffersSchema = {
  tags: ['betting'],
  security: bearerSecurity,
  querystring: { type: 'object', required: ['matchId'], additionalProperties: false, properties: { matchId: idSchema } },
  response: responses({
    type: 'array',
    items: {
      type: 'object',
      required: ['marketId', 'marketType', 'status', 'offers'],
      properties: {
        marketId: { type: 'string' },
        marketType: { type: 'string', enum: ['match_odds', 'bookmaker'] },
        status: { type: 'string', enum: ['open', 'suspended', 'no_price'] },
        offers: {
          type: 'array',
          items: { type: 'object', required: ['percent', 'value'], properties: { percent: { type: 'integer' }, value: { type: 'number' } } },
        },
      },
    },
  }),
} as const;

export const cashOutSchema = {
  tags: ['betting'],
  security: bearerSecurity,
  headers: {
    type: 'object',
    required: [IDEMPOTENCY_HEADER],
    properties: { [IDEMPOTENCY_HEADER]: { type: 'string', minLength: 1, maxLength: 255 } },
  },
  body: {
    type: 'object',
    required: ['marketId', 'percent', 'expectedValue'],
    additionalProperties: false,
    properties: {
      marketId: idSchema,
      percent: { type: 'integer', minimum: 1, maximum: 100 },
      expectedValue: rupeesField,
    },
  },
  response: responses({
    type: 'object',
    required: ['cashOutId', 'marketId', 'percent', 'value', 'bets', 'exposer', 'balance', 'profitlist'],
    properties: {
      cashOutId: { type: 'string' },
      marketId: { type: 'string' },
      percent: { type: 'integer' },
      value: { type: 'number' },
      bets: { type: 'array', items: betSchema },
      exposer: { type: 'number' },
      balance: { type: 'number' },
      profitlist: profitListSchema,
    },
  }),
} as const;

/** The contracts' request types agree with these schemas. */
export type CashOutContractsAgree = AllAgree<
  [Agree<CashOutOffersQuery, QueryOf<typeof cashOutOffersSchema>>, Accepts<CashOutRequest, BodyOf<typeof cashOutSchema>>]
>;
