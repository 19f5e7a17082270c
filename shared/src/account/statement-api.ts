import type { AccountStatementQuery, AccountStatementResponse } from '../contracts/clients';
import type { ApiClient } from '../kernel/client';
import { unwrap } from '../kernel/client';

/**
 * The account statement: the ledger entries of the signed-in account, or (an agent) of one of
 * its downline accounts (`username`), with their running balance.
 */
export function createStatementApi(client: ApiClient) {
  return {
    accountStatement: (query: AccountStatementQuery) => unwrap<AccountStatementResponse>(client.main.get('/account-statement', { params: query })),
  };
}

/** The statement module's shape (tests mock it). */
export type StatementApi = ReturnType<typeof createStatementApi>;
