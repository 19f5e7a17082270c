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

type ReportRow = CasinoReportResponse['rows'][number];

/** A day's game; on a phone card the game and its P&L lead. */
const REPORT_COLUMNS: readonly ReportColumn<ReportRow>[] = [
  { name: 'Date', rowHeader: true, cell: (row) => formatReportDate(row.date) },
  { name: 'Game', lead: 'start', cell: (row) => row.title },
  { name: 'Rounds', num: true, cell: (row) => row.rounds },
  { name: 'Bets', num: true, cell: (row) => row.bets },
  { name: 'Stake', num: true, cell: (row) => formatRupees(row.stake) },
  { name: 'P&L', num: true, lead: 'end', cell: (row) => <Pnl rupees={row.pnl} /> },
];

/**
 * /casinoreport: the player's casino result over a date range (the last 7 days by default): one
 * row per day and game — a live table or an international casino game (its closed rounds) — with
 * its rounds, bets, stake and P&L, and the totals.
 */
export function CasinoReport() {
  const { casino: casinoApi } = useApis();
  const { range, setRange, ready, load, report } = useRangeReport<CasinoReportResponse>((r) => casinoApi.report(r));

  return (
    <Page title="Casino Report">
      <RangeFilters range={range} onChange={setRange} />
      <ExportActions report="casino-report" filters={ready ? { from: range.from, to: range.to } : null} title="Casino Report" />
      <RangeLoadStatus ready={ready} load={load} loading="Loading the casino report" failed="The casino report could not be loaded" />
      {report && report.rows.length === 0 ? <EmptyState>No casino bets in these dates.</EmptyState> : null}
      {report && report.rows.length > 0 ? (
        <ReportTable
          label="Casino report by day and game"
          columns={REPORT_COLUMNS}
          rows={report.rows}
          rowKey={(row) => `${row.date}:${row.gameCode}`}
          total={{
            label: 'Total',
            values: { Rounds: report.totals.rounds, Bets: report.totals.bets, Stake: formatRupees(report.totals.stake), 'P&L': <Pnl rupees={report.totals.pnl} testId="total-pnl" /> },
            testIds: { Rounds: 'total-rounds', Bets: 'total-bets', Stake: 'total-stake' },
          }}
        />
      ) : null}
      <BuildTag app="casino" label={__BUILD_LABEL__} />
    </Page>
  );
}
