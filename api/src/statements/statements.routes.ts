/** The account statement: the ledger of one's own wallet or a downline account's (players and agents alike). */
import { MESSAGES, PAGE_SIZE_MAX, type AccountStatementQuery } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { bearerSecurity, isoTimeSchema, responses, rupeesSchema } from '../common/schemas';
import { signedIn } from '../plugins/auth';
import { actorOf } from '../plugins/request-context';
import type { StatementService } from './statement.service';

const isoDateField = { type: 'string', minLength: 1, maxLength: 40 };

const accountStatementSchema = {
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
          required: ['_id', 'date', 'code', 'description', 'remark', 'credit', 'debit', 'balance'],
          properties: {
            _id: { type: 'string' },
            date: isoTimeSchema,
            code: { type: 'string' },
            description: { type: 'string' },
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
};

export async function statementsRoutes(app: FastifyInstance, options: { statements: StatementService }): Promise<void> {
  app.get<{ Querystring: AccountStatementQuery }>(
    '/account-statement',
    { schema: accountStatementSchema, config: { access: signedIn() } },
    async (request) => ({
      data: await options.statements.accountStatement(actorOf(request), request.query),
      message: MESSAGES.ok,
    }),
  );
}
