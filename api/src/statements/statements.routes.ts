/** The account statement: the ledger of one's own wallet or a downline account's (players and agents alike). */
import { MESSAGES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { signedIn } from '../plugins/auth';
import { csvExportSchema, sendCsv } from '../plugins/csv-reply';
import { actorOf } from '../plugins/request-context';
import type { StatementService } from './statement.service';
import { accountStatementSchema } from './statements.schemas';

export async function statementsRoutes(app: FastifyInstance, options: { statements: StatementService }): Promise<void> {
  app.get<RouteTypes<typeof accountStatementSchema>>(
    '/account-statement',
    { schema: accountStatementSchema, config: { access: signedIn(), targets: [{ in: 'query', field: 'username', kind: 'user' }] } },
    async (request) => ({
      data: await options.statements.accountStatement(actorOf(request), request.query),
      message: MESSAGES.ok,
    }),
  );

  // The same statement as a CSV file (ADR 0067): the same filters and access, every row.
  const exportSchema = csvExportSchema('/account-statement', accountStatementSchema.querystring, accountStatementSchema.tags);
  app.get<RouteTypes<typeof exportSchema>>(
    '/account-statement/export',
    { schema: exportSchema, config: { access: signedIn(), targets: [{ in: 'query', field: 'username', kind: 'user' }] } },
    async (request, reply) => sendCsv(reply, await options.statements.accountStatementCsv(actorOf(request), request.query)),
  );
}
