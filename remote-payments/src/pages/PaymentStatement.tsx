import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import {
  BuildTag,
  EmptyState,
  Page,
  ROUTES,
  Spinner,
  defaultDateRange,
  rangeInverted,
  rangeReady,
  formatRupees,
  on,
  useApis,
  type DepositWithdrawListRequest,
  type PaymentRequestRow,
  REPORT_TYPES,
  SelectField,
  listRange,
  paymentStatusLabel,
  useLoad,
  formatDateTimeSeconds,
} from '@backlay/shared';
import { RangeFilters, ReportTable, type ReportColumn } from '@backlay/shared/reports';
import { ExportActions } from '@backlay/shared/exports';

/** A request's row; on a phone card its status and amount lead. */
const REQUEST_COLUMNS: readonly ReportColumn<PaymentRequestRow>[] = [
  {
    name: 'Type',
    cell: (row) => (
      <>
        {paymentStatusLabel(row.type)} <small className="bl-muted">{row.accountType === 'upi' ? 'UPI' : 'Bank'}</small>
      </>
    ),
  },
  { name: 'Amount', num: true, lead: 'end', cell: (row) => formatRupees(row.amount) },
  { name: 'Date', cell: (row) => formatDateTimeSeconds(row.createdAt) },
  { name: 'Status', lead: 'start', cell: (row) => <span className={`bl-badge bl-badge--${row.status}`}>{paymentStatusLabel(row.status)}</span> },
  { name: 'Remark', className: 'bl-table__wrap', cell: (row) => row.remark },
];

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

  const title = type === 'withdraw' ? 'Withdraw Statement' : 'Deposit Statement';
  const rows = load.state === 'done' ? load.value : null;
  return (
    <Page title={title}>
      <RangeFilters range={range} onChange={setRange}>
        <SelectField label="Type" value={reportType} options={REPORT_TYPES} onChange={(e) => setReportType(e.target.value as DepositWithdrawListRequest['reportType'])} />
      </RangeFilters>
      <ExportActions report="get-deposit-withdraw-list" filters={query} title={title} />
      {load.state === 'loading' ? <Spinner label="Loading statement" /> : null}
      {load.state === 'fail' ? <EmptyState>The statement could not be loaded: {load.message}</EmptyState> : null}
      {rows && !invalidRange ? <ReportTable label={title} columns={REQUEST_COLUMNS} rows={rows} rowKey={(row) => row._id} empty="No records found" /> : null}
      <BuildTag app="payments" label={__BUILD_LABEL__} />
    </Page>
  );
}
