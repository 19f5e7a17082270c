import { useState, type ReactNode } from 'react';
// By the package's name (the singleton: its API registry and kit), as export-actions.tsx: this
// file is bundled by the statement screens that import `@backlay/shared/account-statement`.
import {
  EmptyState,
  Page,
  Spinner,
  defaultDateRange,
  formatDateTimeSeconds,
  formatRupees,
  localDayBound,
  rangeInverted,
  defineCatalog,
  rangeReady,
  useApis,
  useLanguage,
  useLoad,
  useSharedT,
  type Language,
} from '@backlay/shared';
import { Pager, RangeFilters, ReportTable, pageCount, type ReportColumn } from '@backlay/shared/reports';
import type { AccountStatementResponse } from '../contracts/clients';
import { sayStatement } from '../contracts/statement-words';
import { ExportActions } from '../ui/export-actions';

type StatementRow = AccountStatementResponse['rows'][number];

type SharedT = ReturnType<typeof useSharedT>;

/**
 * A row's description in `lang`: its parts (`describe`, STATEMENT_WORDS) said by the API catalog's
 * `statement.*` words; in English the API's own `description`, said from the same parts.
 */
export function localizeStatement(row: Pick<StatementRow, 'describe' | 'description'>, lang: Language): string {
  if (lang === 'en') return row.description;
  return sayStatement(row.describe, (key, values) => api.t(`statement.${key}`, values));
}

/**
 * The API's catalog (`api`, registered with the singleton by api-messages.ts, which loads its
 * Hindi with the language): here for its `statement.*` words (catalogs.test.ts keeps them complete).
 * Registered again only where the singleton has not (the first registration stands).
 */
const api = defineCatalog<string>('api', {}, { hi: () => import(/* webpackChunkName: "i18n-api-hi" */ '../i18n/api.hi.json') });

/**
 * The statement's columns in the page's language; on a phone card the balance leads on the left,
 * the entry's credit or debit on the right.
 */
function statementColumns(t: SharedT, lang: Language): readonly ReportColumn<StatementRow>[] {
  return [
    { name: t('statement.date'), cell: (r) => formatDateTimeSeconds(r.date) },
    { name: t('statement.description'), cell: (r) => localizeStatement(r, lang), className: 'bl-table__wrap' },
    { name: t('statement.credit'), num: true, className: 'bl-credit', lead: 'end', cell: (r) => (r.credit > 0 ? formatRupees(r.credit) : '') },
    { name: t('statement.debit'), num: true, className: 'bl-debit', lead: 'end', cell: (r) => (r.debit > 0 ? formatRupees(r.debit) : '') },
    { name: t('statement.balance'), num: true, lead: 'start', cell: (r) => formatRupees(r.balance) },
  ];
}

/** Rows per page of the statement. */
export const STATEMENT_PAGE_SIZE = 50;

/**
 * The account statement of one account, shared by the player's /accountstatement (payments) and
 * the admin's /admin/accountstatement (own or a downline account's): From and To dates, then the
 * ledger entries with their running balance between an Opening Balance line (first page) and a
 * Closing Balance line (last page). `username` picks a downline account; without it the
 * statement is the signed-in account's own. Render it with `key={username}` so another account
 * starts again from its first page.
 */
export function AccountStatementView({ username, title: givenTitle, footer }: { username?: string; title?: string; footer?: ReactNode }) {
  const t = useSharedT();
  const lang = useLanguage();
  const title = givenTitle ?? t('statement.title');
  const { statement: statementApi } = useApis();
  const [range, setRange] = useState(defaultDateRange);
  const [page, setPage] = useState(1);
  const changeRange = (change: Partial<typeof range>) => {
    setRange((r) => ({ ...r, ...change }));
    setPage(1);
  };
  const invalidRange = rangeInverted(range);

  const ready = rangeReady(range);
  // The filters of the list and of its CSV: local start and end of the chosen days as ISO times
  // (the API counts whole UTC days of their date parts, so the range covers the local days whatever the time zone).
  const filters = ready
    ? { username: username || undefined, startDate: localDayBound(range.from, 'start').toISOString(), endDate: localDayBound(range.to, 'end').toISOString() }
    : null;
  const { load } = useLoad<AccountStatementResponse | null>(
    () => (filters ? statementApi.accountStatement({ ...filters, page, pageSize: STATEMENT_PAGE_SIZE }) : Promise.resolve(null)),
    JSON.stringify([ready, username, range, page]),
  );
  const heading = username ? `${title}: ${username}` : title;

  const statement = load.state === 'done' ? load.value : null;
  const lastPage = statement ? pageCount(statement.total, statement.pageSize) : 1;
  const balance = t('statement.balance');
  return (
    <Page title={heading}>
      <RangeFilters range={range} onChange={changeRange}>
      </RangeFilters>
      <ExportActions report="account-statement" filters={filters} title={heading} />
      {!invalidRange && load.state === 'loading' ? <Spinner label={t('statement.loading')} /> : null}
      {!invalidRange && load.state === 'fail' ? <EmptyState>{t('statement.failed', { message: load.message })}</EmptyState> : null}
      {!invalidRange && statement ? (
        <>
          <ReportTable
            label={t('statement.table')}
            columns={statementColumns(t, lang)}
            rows={statement.rows}
            rowKey={(r) => r._id}
            empty={t('statement.empty')}
            before={statement.page <= 1 ? [{ label: t('statement.opening'), values: { [balance]: formatRupees(statement.openingBalance) }, testIds: { [balance]: 'opening-balance' } }] : []}
            after={statement.page >= lastPage ? [{ label: t('statement.closing'), values: { [balance]: formatRupees(statement.closingBalance) }, testIds: { [balance]: 'closing-balance' } }] : []}
          />
          {statement.total > 0 ? <Pager page={statement.page} pageSize={statement.pageSize} total={statement.total} onPage={setPage} label={t('statement.pages')} /> : null}
        </>
      ) : null}
      {footer}
    </Page>
  );
}
