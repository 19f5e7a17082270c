import { useState } from 'react';
import { Pnl, BuildTag, Page, eventLabel, formatRupees, type ProfitLossQuery, type ProfitLossResponse, ALL_SPORTS, sportIdOf, formatDateTimeMinutes, useApis } from '@backlay/shared';
import { ReportTable, type ReportColumn, RangeFilters, RangeLoadStatus, useRangeReport } from '@backlay/shared/reports';
import { ExportActions } from '@backlay/shared/exports';
import { SportSelect } from '../bets/filters';

type PlRow = ProfitLossResponse['rows'][number];

/** A market's row; on a phone card its net leads (the amount), the market names it. */
const PL_COLUMNS: readonly ReportColumn<PlRow>[] = [
  { name: 'Settled', cell: (row) => formatDateTimeMinutes(row.settledAt) },
  { name: 'Sport', cell: (row) => row.sportName ?? '–' },
  { name: 'Match', className: 'bl-table__wrap', cell: (row) => (row.matchName === null ? '–' : eventLabel(row.matchName, row.sportId, row.matchOpenDate)) },
  { name: 'Market', rowHeader: true, lead: 'start', cell: (row) => row.marketName ?? row.key },
  { name: 'P&L', num: true, cell: (row) => <Pnl rupees={row.pnl} /> },
  { name: 'Commission', num: true, cell: (row) => formatRupees(row.commission) },
  { name: 'Net', num: true, lead: 'end', cell: (row) => <Pnl rupees={row.net} /> },
];

/**
 * /profitloss: the player's result per settled market over a date range (the last 7 days by
 * default), optionally of one sport: P&L, commission and net per market, and the total.
 */
export function ProfitLoss() {
  const { bets: betsApi } = useApis();
  const [sport, setSport] = useState(ALL_SPORTS);
  const { range, setRange, ready, load, report: result } = useRangeReport((r): Promise<ProfitLossResponse> => betsApi.profitLoss({ from: r.from, to: r.to, sportId: sportIdOf(sport), groupBy: 'market' } satisfies ProfitLossQuery), sport);

  return (
    <Page title="Profit & Loss">
      <RangeFilters range={range} onChange={setRange}>
        <SportSelect value={sport} onChange={setSport} />
      </RangeFilters>
      <ExportActions report="profit-loss" filters={ready ? { from: range.from, to: range.to, sportId: sportIdOf(sport), groupBy: 'market' } : null} title="Profit & Loss" />
      <RangeLoadStatus ready={ready} load={load} loading="Loading profit and loss" failed="Profit and loss could not be loaded" />
      {result ? (
        <ReportTable
          label="Profit and loss by market"
          columns={PL_COLUMNS}
          rows={result.rows}
          rowKey={(row) => row.key}
          empty="No records found"
          total={{
            label: 'Total',
            values: { 'P&L': <Pnl rupees={result.total.pnl} />, Commission: formatRupees(result.total.commission), Net: <Pnl rupees={result.total.net} /> },
            testIds: { 'P&L': 'pl-total-pnl', Net: 'pl-total-net' },
          }}
        />
      ) : null}
      <BuildTag app="sports" label={__BUILD_LABEL__} />
    </Page>
  );
}
