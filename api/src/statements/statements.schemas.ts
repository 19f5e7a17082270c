/** JSON schemas of the account statement route (request and response). */
import { PAGE_SIZE_MAX, type AccountStatementQuery } from '@backlay/shared/contracts';
import { STATEMENT_WORDS } from '@backlay/shared/statement-words';
import { bearerSecurity, isoTimeSchema, responses, rupeesSchema, type Agree, type AllAgree, type QueryOf } from '../common/schemas';

const isoDateField = { type: 'string', minLength: 1, maxLength: 40 } as const;

/**
 * A row's description as parts (StatementDescription): a template's key and its values, each a
 * text or a description of its own (nested one or two deep: a reversal's entry, a casino move).
 */
const statementDescriptionSchema = {
  type: 'object',
  required: ['key'],
  properties: {
    key: { type: 'string', enum: Object.keys(STATEMENT_WORDS) },
    values: { type: 'object', additionalProperties: true },
  },
} as const;

export const accountStatementSchema = {
  tags: ['ledger'],
  security: bearerSecurity,
  querystring: {
    type: 'object',
    required: ['startDate', 'endDate'],
    additionalProperties: false,
    properties: {
      // Empty means the caller's own account.
      username: { type: 'string', maxLength: 64 },
      startDate: isoDateField,
      endDate: isoDateField,
      page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
      pageSize: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX },
    },
  },
  response: responses({
    type: 'object',
    required: ['username', 'openingBalance', 'closingBalance', 'rows', 'total', 'page', 'pageSize'],
    properties: {
      username: { type: 'string' },
      openingBalance: rupeesSchema,
      closingBalance: rupeesSchema,
      rows: {
        type: 'array',
        items: {
          type: 'object',
          required: ['_id', 'date', 'code', 'description', 'describe', 'remark', 'credit', 'debit', 'balance'],
          properties: {
            _id: { type: 'string' },
            date: isoTimeSchema,
            code: { type: 'string' },
            description: { type: 'string' },
            describe: statementDescriptionSchema,
            remark: { type: ['string', 'null'] },
            credit: rupeesSchema,
            debit: rupeesSchema,
            balance: rupeesSchema,
          },
        },
      },
      total: { type: 'integer' },
      page: { type: 'integer' },
      pageSize: { type: 'integer' },
    },
  }),
} as const;

/** The contract's query type (the front end's) agrees with the schema. */
export type StatementsContractsAgree = AllAgree<[Agree<AccountStatementQuery, QueryOf<typeof accountStatementSchema>>]>;
