import {
  Pnl,
  BuildTag,
  EmptyState,
  Page,
  formatRupees,
  useApis,
  type CasinoReportResponse,
} from '@backlay/shared';
import { ReportTable, type ReportColumn, RangeFilters, RangeLoadStatus, useRangeReport } from '@backlay/shared/reports';
import { ExportActions } from '@backlay/shared/exports';
import { formatReportDate } from '../format';
import { useT, type CasinoT } from '../i18n';

type ReportRow = CasinoReportResponse['rows'][number];

/** A day's game; on a phone card the game and its P&L lead. */
const reportColumns = (t: CasinoT): readonly ReportColumn<ReportRow>[] => [
  { name: t('report.date'), rowHeader: true, cell: (row) => formatReportDate(row.date) },
  { name: t('report.game'), lead: 'start', cell: (row) => row.title },
  { name: t('report.rounds'), num: true, cell: (row) => row.rounds },
  { name: t('report.bets'), num: true, cell: (row) => row.bets },
  { name: t('report.stake'), num: true, cell: (row) => formatRupees(row.stake) },
  { name: t('report.pnl'), num: true, lead: 'end', cell: (row) => <Pnl rupees={row.pnl} /> },
];

/**
 * /casinoreport: the player's casino result over a date range (the last 7 days by default): one
 * row per day and game — a live table or an international casino game (its closed rounds) — with
 * its rounds, bets, stake and P&L, and the totals.
 */
export function CasinoReport() {
  const t = useT();
  const { casino: casinoApi } = useApis();
  const { range, setRange, ready, load, report } = useRangeReport<CasinoReportResponse>((r) => casinoApi.report(r));

  return (
    <Page title={t('report.title')}>
      <RangeFilters range={range} onChange={setRange} />
      <ExportActions report="casino-report" filters={ready ? { from: range.from, to: range.to } : null} title={t('report.title')} />
      <RangeLoadStatus ready={ready} load={load} loading={t('report.loading')} failed={t('report.failed')} />
      {report && report.rows.length === 0 ? <EmptyState>{t('report.empty')}</EmptyState> : null}
      {report && report.rows.length > 0 ? (
        <ReportTable
          label={t('report.tableLabel')}
          columns={reportColumns(t)}
          rows={report.rows}
          rowKey={(row) => `${row.date}:${row.gameCode}`}
          total={{
            label: t('report.total'),
            values: {
              [t('report.rounds')]: report.totals.rounds,
              [t('report.bets')]: report.totals.bets,
              [t('report.stake')]: formatRupees(report.totals.stake),
              [t('report.pnl')]: <Pnl rupees={report.totals.pnl} testId="total-pnl" />,
            },
            testIds: { [t('report.rounds')]: 'total-rounds', [t('report.bets')]: 'total-bets', [t('report.stake')]: 'total-stake' },
          }}
        />
      ) : null}
      <BuildTag app="casino" label={__BUILD_LABEL__} />
    </Page>
  );
}
