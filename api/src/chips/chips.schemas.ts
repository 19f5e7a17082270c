/** JSON schemas of the chip transfer routes (request and response). */
import { IDEMPOTENCY_HEADER, REMARK_MAX_LENGTH, type ChipTransferRequest } from '@backlay/shared/contracts';
import { bearerSecurity, responses, rupeesField, rupeesSchema, uuidSchema, type Agree, type AllAgree, type BodyOf } from '../common/schemas';

/** POST deposit-chips and withdraw-chips. */
export const transferSchema = {
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
} as const;

/** The contract's request type (the front end's) agrees with the schema. */
export type ChipsContractsAgree = AllAgree<[Agree<ChipTransferRequest, BodyOf<typeof transferSchema>>]>;
