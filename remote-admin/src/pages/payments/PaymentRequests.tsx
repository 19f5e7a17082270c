import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import {
  BuildTag, Button, EmptyState, Page, ROUTES, SEARCH_MAX_LENGTH, Spinner, defaultDateRange, rangeInverted, rangeReady, formatRupees, on, useApis, type DepositWithdrawListRequest, type PaymentRequestRow, type PaymentSortKey, SelectField, listRange, paymentStatusLabel, useLoad, formatDateTimeSeconds, reportTypeOptions,
} from '@backlay/shared';
import { RangeFilters } from '@backlay/shared/reports';
import { ExportActions } from '@backlay/shared/exports';
import { SearchBox, SortHeader, useSort } from '@backlay/shared/sortable';
import { DecisionDialog, type Decision } from './DecisionDialog';
import { ScreenshotDialog } from './ScreenshotDialog';
import { useT } from '../../i18n';

type OpenDialog = { kind: 'decide'; row: PaymentRequestRow; decision: Decision } | { kind: 'screenshot'; row: PaymentRequestRow & { screenshotUrl: string } } | null;

/** /admin/depositstatement and /admin/withdrawstatement: one screen, its kind from the path. */
export function PaymentRequests() {
  const { pathname } = useLocation();
  const type = pathname === ROUTES.adminWithdrawStatement.path ? 'withdraw' : 'deposit';
  return <PaymentRequestsOf key={type} type={type} />;
}

function hasScreenshot(row: PaymentRequestRow): row is PaymentRequestRow & { screenshotUrl: string } {
  return row.screenshotUrl !== null;
}

/**
 * The deposit or withdraw requests of the agent's downline (get-deposit-withdraw-list): From,
 * To, Type and a search (part of a username or UTR, debounced), then Username, Amount, UTR
 * (deposits, with the screenshot) or Pay to (withdrawals), Date, Status, Remark, and Approve /
 * Reject on pending rows. The server caps the list, so it sorts it too (ADR 0068). The list
 * reloads after a decision, on Refresh, when the agent's wallet moves, and when a request of its
 * kind is made or decided in the downline (the user socket's paymentQueue).
 */
function PaymentRequestsOf({ type }: { type: 'deposit' | 'withdraw' }) {
  const { payments: paymentsApi } = useApis();
  const [range, setRange] = useState(defaultDateRange);
  const [reportType, setReportType] = useState<DepositWithdrawListRequest['reportType']>('all');
  const [search, setSearch] = useState('');
  const [sort, onSort] = useSort<PaymentSortKey>();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const t = useT();
  const invalidRange = rangeInverted(range);
  const ready = rangeReady(range);

  const query = ready ? { type, ...listRange(range.from, range.to), reportType, search: search || undefined, sort: sort?.key, order: sort?.order } : null;
  const { load, reload } = useLoad<PaymentRequestRow[]>(
    () => (query ? paymentsApi.depositWithdrawList(query) : Promise.resolve([])),
    JSON.stringify([type, range, reportType, search, sort]),
  );

  useEffect(() => {
    const subs = [
      on('wallet.balanceChanged').subscribe(() => reload()),
      // A request of this kind made or decided in the downline shows at once (issue 34).
      on('payments.queueChanged').subscribe((change) => {
        if (change.type === type) reload();
      }),
    ];
    return () => subs.forEach((sub) => sub.unsubscribe());
  }, [reload, type]);

  const deposit = type === 'deposit';
  const title = deposit ? t('payments.depositTitle') : t('payments.withdrawTitle');
  const rows = load.state === 'done' ? load.value : null;
  const decided = () => {
    setDialog(null);
    reload();
  };

  return (
    <Page
      title={title}
      actions={
        <Button variant="secondary" className="bl-btn--small" onClick={reload}>
          {t('common.refresh')}
        </Button>
      }
    >
      <RangeFilters range={range} onChange={setRange}>
        <SelectField label={t('payments.type')} value={reportType} options={reportTypeOptions()} onChange={(e) => setReportType(e.target.value as DepositWithdrawListRequest['reportType'])} />
        <SearchBox label={deposit ? t('payments.searchDeposit') : t('payments.searchWithdraw')} maxLength={SEARCH_MAX_LENGTH} onSearch={setSearch} />
      </RangeFilters>
      <ExportActions report="get-deposit-withdraw-list" filters={query} title={title} />
      {load.state === 'loading' ? <Spinner label={t('payments.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {rows && !invalidRange ? (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--sticky" aria-label={title}>
            <thead>
              <tr>
                <SortHeader label={t('clients.col.username')} sortKey="username" sort={sort} onSort={onSort} />
                <SortHeader label={t('chips.amount')} sortKey="amount" num sort={sort} onSort={onSort} />
                <th scope="col">{deposit ? 'UTR' : t('payments.payTo')}</th>
                <SortHeader label={t('payments.date')} sortKey="createdAt" sort={sort} onSort={onSort} />
                <SortHeader label={t('clients.col.status')} sortKey="status" sort={sort} onSort={onSort} />
                <th scope="col">{t('chips.remark')}</th>
                {deposit ? <th scope="col">{t('payments.screenshot')}</th> : null}
                <th scope="col">{t('clients.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={deposit ? 8 : 7} className="bl-empty">
                    {t('common.noRecords')}
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr key={row._id}>
                    <th scope="row">{row.username}</th>
                    <td className="num">{formatRupees(row.amount)}</td>
                    <td className={deposit ? undefined : 'bl-table__wrap'}>
                      {deposit ? row.utrno : row.payTo} <small className="bl-muted">{row.accountType === 'upi' ? 'UPI' : t('payments.bank')}</small>
                    </td>
                    <td>{formatDateTimeSeconds(row.createdAt)}</td>
                    <td>
                      <span className={`bl-badge bl-badge--${row.status}`}>{paymentStatusLabel(row.status)}</span>
                      {row.decidedBy ? <small className="bl-muted"> {t('payments.decidedBy', { username: row.decidedBy })}</small> : null}
                    </td>
                    <td className="bl-table__wrap">{row.remark}</td>
                    {deposit ? (
                      <td>
                        {hasScreenshot(row) ? (
                          <Button variant="link" aria-label={t('payments.viewScreenshot', { utr: row.utrno ?? '' })} onClick={() => setDialog({ kind: 'screenshot', row })}>
                            {t('payments.view')}
                          </Button>
                        ) : (
                          '—'
                        )}
                      </td>
                    ) : null}
                    <td>
                      {row.status === 'pending' ? (
                        <span className="bl-row-actions">
                          <Button className="bl-btn--small" onClick={() => setDialog({ kind: 'decide', row, decision: 'approved' })}>
                            {t('payments.approve')}
                          </Button>
                          <Button variant="secondary" className="bl-btn--small" onClick={() => setDialog({ kind: 'decide', row, decision: 'rejected' })}>
                            {t('payments.reject')}
                          </Button>
                        </span>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : null}
      {dialog?.kind === 'decide' ? <DecisionDialog row={dialog.row} decision={dialog.decision} onClose={() => setDialog(null)} onDone={decided} /> : null}
      {dialog?.kind === 'screenshot' ? <ScreenshotDialog row={dialog.row} onClose={() => setDialog(null)} /> : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
