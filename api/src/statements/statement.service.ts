/**
 * GET account-statement: the ledger entries of the caller's own wallet, or of an account in its
 * downline, between two dates (both included, UTC), with the opening balance (before the first
 * entry of the range), the closing balance and the running balance after each entry.
 */
import {
  PAGE_SIZE_DEFAULT,
  type AccountStatementQuery,
  type AccountStatementResponse,
} from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import { paiseToRupees } from '../common/money';
import type { Database } from '../db/database';
import type { LedgerService } from '../ledger/ledger.service';
import type { Actor } from '../plugins/request-context';
import type { UsersPolicy } from '../users/policy';
import { ownUnlessNamed } from '../users/users.service';
import { describeEntry, parseDateRange, statementRemark } from './statement-rules';
import * as repo from './statement.repository';

export class StatementService {
  constructor(
    private readonly db: Database,
    private readonly ledger: LedgerService,
    private readonly policy: UsersPolicy,
  ) {}

  async accountStatement(actor: Actor, query: AccountStatementQuery): Promise<AccountStatementResponse> {
    const target = await this.policy.authorize(actor, 'viewStatement', ownUnlessNamed(query.username));
    const dates = parseDateRange(query.startDate, query.endDate);
    if (!dates.ok) throw new DomainError('VALIDATION', dates.message);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
    const wallet = await this.ledger.walletOf(target.id);
    const range = { accountId: wallet.accountId, from: dates.from, toExclusive: dates.toExclusive };
    const [summary, entries] = await Promise.all([
      repo.summarizeStatement(this.db, range),
      repo.listStatementEntries(this.db, range, { limit: pageSize, offset: (page - 1) * pageSize }),
    ]);
    return {
      username: target.username,
      openingBalance: paiseToRupees(summary.openingMinor),
      closingBalance: paiseToRupees(summary.closingMinor),
      rows: entries.map((entry) => ({
        _id: entry.id,
        date: entry.createdAt.toISOString(),
        code: entry.code,
        description: describeEntry(entry),
        remark: statementRemark(entry),
        credit: entry.amountMinor > 0n ? paiseToRupees(entry.amountMinor) : 0,
        debit: entry.amountMinor < 0n ? paiseToRupees(-entry.amountMinor) : 0,
        balance: paiseToRupees(entry.currBalanceMinor),
      })),
      total: summary.total,
      page,
      pageSize,
    };
  }
}
