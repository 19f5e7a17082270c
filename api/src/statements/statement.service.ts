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
import { sayStatement, sayStatementInEnglish } from '@backlay/shared/statement-words';
import { inBatches, csvFileName, type CsvColumn } from '../common/csv';
import { DomainError } from '../common/domain-error';
import { filterDay } from '../common/ist-day';
import { paiseToRupees } from '../common/money';
import type { Database, Queryable } from '../db/database';
import type { LedgerService } from '../ledger/ledger.service';
import type { CsvExport } from '../plugins/csv-reply';
import type { Actor } from '../plugins/request-context';
import type { UsersPolicy } from '../users/policy';
import { ownUnlessNamed } from '../users/users.service';
import { describeEntry, describeEntryParts, parseDateRange, statementRemark } from './statement-rules';
import * as repo from './statement.repository';

/** A line of the exported statement: the opening balance, an entry, or the closing balance. */
export type StatementCsvRow = { entry: repo.StatementEntryRow } | { summary: 'Opening Balance' | 'Closing Balance'; balanceMinor: bigint };

/** The screen's columns (AccountStatementView), the balances as its summary rows show them. */
const STATEMENT_CSV_COLUMNS: readonly CsvColumn<StatementCsvRow>[] = [
  { header: 'Date', value: (r) => ('entry' in r ? { at: r.entry.createdAt } : null) },
  { header: 'Description', value: (r) => ('entry' in r ? describeEntry(r.entry) : r.summary) },
  { header: 'Credit', value: (r) => ('entry' in r && r.entry.amountMinor > 0n ? { paise: r.entry.amountMinor } : null) },
  { header: 'Debit', value: (r) => ('entry' in r && r.entry.amountMinor < 0n ? { paise: -r.entry.amountMinor } : null) },
  { header: 'Balance', value: (r) => ({ paise: 'entry' in r ? r.entry.currBalanceMinor : r.balanceMinor }) },
];

export class StatementService {
  constructor(
    private readonly db: Database,
    private readonly ledger: LedgerService,
    private readonly policy: UsersPolicy,
  ) {}

  /**
   * GET account-statement/export: the same statement, every entry, between its opening and
   * closing balance, read in batches of one snapshot (ADR 0067). Authorized before anything streams.
   */
  async accountStatementCsv(actor: Actor, query: Omit<AccountStatementQuery, 'page' | 'pageSize'>): Promise<CsvExport<StatementCsvRow>> {
    const target = await this.policy.authorize(actor, 'viewStatement', ownUnlessNamed(query.username));
    const dates = parseDateRange(query.startDate, query.endDate);
    if (!dates.ok) throw new DomainError('VALIDATION', dates.message);
    const wallet = await this.ledger.walletOf(target.id);
    const range = { accountId: wallet.accountId, from: dates.from, toExclusive: dates.toExclusive };
    async function* lines(q: Queryable): AsyncGenerator<readonly StatementCsvRow[]> {
      const summary = await repo.summarizeStatement(q, range);
      yield [{ summary: 'Opening Balance', balanceMinor: summary.openingMinor }];
      for await (const entries of inBatches((page) => repo.listStatementEntries(q, range, page))) yield entries.map((entry) => ({ entry }));
      yield [{ summary: 'Closing Balance', balanceMinor: summary.closingMinor }];
    }
    return {
      // The days the screen showed: its dates are the browser's day bounds, IST instants (filterDay).
      fileName: csvFileName(['account-statement', target.username, filterDay(query.startDate), filterDay(query.endDate)]),
      columns: STATEMENT_CSV_COLUMNS,
      batches: this.db.readSnapshot(lines),
    };
  }

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
      rows: entries.map((entry) => {
        const describe = describeEntryParts(entry);
        return {
        _id: entry.id,
        date: entry.createdAt.toISOString(),
        code: entry.code,
        description: sayStatement(describe, sayStatementInEnglish),
        describe,
        remark: statementRemark(entry),
        credit: entry.amountMinor > 0n ? paiseToRupees(entry.amountMinor) : 0,
        debit: entry.amountMinor < 0n ? paiseToRupees(-entry.amountMinor) : 0,
        balance: paiseToRupees(entry.currBalanceMinor),
        };
      }),
      total: summary.total,
      page,
      pageSize,
    };
  }
}
