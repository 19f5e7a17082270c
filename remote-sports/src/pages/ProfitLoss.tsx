import { useState } from 'react';
import { Pnl, BuildTag, Page, eventLabel, formatRupees, type ProfitLossQuery, type ProfitLossResponse, ALL_SPORTS, sportIdOf, formatDateTimeMinutes, useApis } from '@backlay/shared';
import { ReportTable, type ReportColumn, RangeFilters, RangeLoadStatus, useRangeReport } from '@backlay/shared/reports';
import { ExportActions } from '@backlay/shared/exports';
import { SportSelect } from '../bets/filters';
import { useT } from '../i18n';

type PlRow = ProfitLossResponse['rows'][number];

/** A market's row; on a phone card its net leads (the amount), the market names it. */
function plColumns(t: ReturnType<typeof useT>): ReportColumn<PlRow>[] {
  return [
    { name: t('pl.settled'), cell: (row) => formatDateTimeMinutes(row.settledAt) },
    { name: t('pl.sport'), cell: (row) => row.sportName ?? '–' },
    { name: t('pl.match'), className: 'bl-table__wrap', cell: (row) => (row.matchName === null ? '–' : eventLabel(row.matchName, row.sportId, row.matchOpenDate)) },
    { name: t('pl.market'), rowHeader: true, lead: 'start', cell: (row) => row.marketName ?? row.key },
    { name: t('pl.pnl'), num: true, cell: (row) => <Pnl rupees={row.pnl} /> },
    { name: t('pl.commission'), num: true, cell: (row) => formatRupees(row.commission) },
    { name: t('pl.net'), num: true, lead: 'end', cell: (row) => <Pnl rupees={row.net} /> },
  ];
}

/**
 * /profitloss: the player's result per settled market over a date range (the last 7 days by
 * default), optionally of one sport: P&L, commission and net per market, and the total.
 */
export function ProfitLoss() {
  const t = useT();
  const { bets: betsApi } = useApis();
  const [sport, setSport] = useState(ALL_SPORTS);
  const { range, setRange, ready, load, report: result } = useRangeReport((r): Promise<ProfitLossResponse> => betsApi.profitLoss({ from: r.from, to: r.to, sportId: sportIdOf(sport), groupBy: 'market' } satisfies ProfitLossQuery), sport);

  return (
    <Page title={t('pl.title')}>
      <RangeFilters range={range} onChange={setRange}>
        <SportSelect value={sport} onChange={setSport} />
      </RangeFilters>
      <ExportActions report="profit-loss" filters={ready ? { from: range.from, to: range.to, sportId: sportIdOf(sport), groupBy: 'market' } : null} title={t('pl.title')} />
      <RangeLoadStatus ready={ready} load={load} loading={t('pl.loading')} failed={t('pl.failed')} />
      {result ? (
        <ReportTable
          label={t('pl.table')}
          columns={plColumns(t)}
          rows={result.rows}
          rowKey={(row) => row.key}
          empty={t('bets.empty')}
          total={{
            label: t('pl.total'),
            values: { [t('pl.pnl')]: <Pnl rupees={result.total.pnl} />, [t('pl.commission')]: formatRupees(result.total.commission), [t('pl.net')]: <Pnl rupees={result.total.net} /> },
            testIds: { [t('pl.pnl')]: 'pl-total-pnl', [t('pl.net')]: 'pl-total-net' },
          }}
        />
      ) : null}
      <BuildTag app="sports" label={__BUILD_LABEL__} />
    </Page>
  );
}
