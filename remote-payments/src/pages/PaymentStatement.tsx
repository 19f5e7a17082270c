import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import {
  BuildTag, EmptyState, Page, ROUTES, Spinner, defaultDateRange, rangeInverted, rangeReady, formatRupees, on, useApis, type DepositWithdrawListRequest, type PaymentRequestRow, SelectField, listRange, paymentStatusLabel, useLoad, formatDateTimeSeconds, localizeApiMessage, type Translate, reportTypeOptions,
} from '@backlay/shared';
import { useT, type PaymentsKey } from '../i18n';
import { RangeFilters, ReportTable, type ReportColumn } from '@backlay/shared/reports';
import { ExportActions } from '@backlay/shared/exports';

/** A request's row; on a phone card its status and amount lead. Headers in the page's language. */
function requestColumns(t: Translate<PaymentsKey>): readonly ReportColumn<PaymentRequestRow>[] {
  return [
    {
      name: t('statement.type'),
      cell: (row) => (
        <>
          {paymentStatusLabel(row.type)} <small className="bl-muted">{row.accountType === 'upi' ? 'UPI' : t('statement.bank')}</small>
        </>
      ),
    },
    { name: t('statement.amount'), num: true, lead: 'end', cell: (row) => formatRupees(row.amount) },
    { name: t('statement.date'), cell: (row) => formatDateTimeSeconds(row.createdAt) },
    { name: t('statement.status'), lead: 'start', cell: (row) => <span className={`bl-badge bl-badge--${row.status}`}>{paymentStatusLabel(row.status)}</span> },
    { name: t('statement.remark'), className: 'bl-table__wrap', cell: (row) => row.remark },
  ];
}

/** /depositstatement and /withdrawstatement: one screen, its kind and title from the path. */
export function PaymentStatement() {
  const { pathname } = useLocation();
  const type = pathname === ROUTES.withdrawStatement.path ? 'withdraw' : 'deposit';
  return <PaymentStatementOf key={type} type={type} />;
}

/**
 * The player's own deposit or withdraw requests (docs/rules/product.md §2 Statement page): From and To (the last
 * 7 days by default), the Type filter, and Type, Amount, Date, Status, Remark per request. It
 * reloads when a filter changes and when the wallet moves (an approval arrives over the socket).
 */
function PaymentStatementOf({ type }: { type: 'deposit' | 'withdraw' }) {
  const t = useT();
  const { payments: paymentsApi } = useApis();
  const [range, setRange] = useState(defaultDateRange);
  const [reportType, setReportType] = useState<DepositWithdrawListRequest['reportType']>('all');
  const invalidRange = rangeInverted(range);
  const ready = rangeReady(range);
  const key = JSON.stringify([type, range, reportType]);
  const query = ready ? { type, ...listRange(range.from, range.to), reportType } : null;
  const { load, reload } = useLoad<PaymentRequestRow[]>(
    () => (query ? paymentsApi.depositWithdrawList(query) : Promise.resolve([])),
    key,
  );

  useEffect(() => {
    const sub = on('wallet.balanceChanged').subscribe(() => reload());
    return () => sub.unsubscribe();
  }, [reload]);

  const title = type === 'withdraw' ? t('statement.withdrawTitle') : t('statement.depositTitle');
  const rows = load.state === 'done' ? load.value : null;
  return (
    <Page title={title}>
      <RangeFilters range={range} onChange={setRange}>
        <SelectField label={t('statement.type')} value={reportType} options={reportTypeOptions()} onChange={(e) => setReportType(e.target.value as DepositWithdrawListRequest['reportType'])} />
      </RangeFilters>
      <ExportActions report="get-deposit-withdraw-list" filters={query} title={title} />
      {load.state === 'loading' ? <Spinner label={t('statement.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('statement.failed', { message: localizeApiMessage(load.message) })}</EmptyState> : null}
      {rows && !invalidRange ? <ReportTable label={title} columns={requestColumns(t)} rows={rows} rowKey={(row) => row._id} empty={t('statement.empty')} /> : null}
      <BuildTag app="payments" label={__BUILD_LABEL__} />
    </Page>
  );
}
