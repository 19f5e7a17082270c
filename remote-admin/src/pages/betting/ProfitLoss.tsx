import { useMemo, useState } from 'react';
import {
  BuildTag, Button, EmptyState, Page, SelectField, Spinner, defaultDateRange, rangeReady, eventLabel, formatRupees, useLoad, useApis, type ProfitLossQuery, type ProfitLossResponse, type ProfitLossRow, Pnl, formatDateTimeSeconds, sportIdOf, ALL_SPORTS, roleLabel,
} from '@backlay/shared';
import { RangeFilters } from '@backlay/shared/reports';
import { ExportActions } from '@backlay/shared/exports';
import { SearchBox, SortHeader, matchesSearch, useSort, useSortedRows, type SortColumn } from '@backlay/shared/sortable';
import { sportOptions } from './betting-common';
import { t as translate, useT } from '../../i18n';

type GroupBy = NonNullable<ProfitLossQuery['groupBy']>;

/** The two views of the downline's P&L (in the page's language). */
export function groupByOptions(): ReadonlyArray<{ value: GroupBy; label: string }> {
  return [
    { value: 'market', label: translate('pnl.byMarket') },
    { value: 'child', label: translate('pnl.byChild') },
  ];
}

/** The columns the P&L table sorts by in the browser (the whole list is on screen). */
const PNL_COLUMNS = {
  name: { kind: 'text', value: (r) => r.marketName ?? r.key },
  match: { kind: 'text', value: (r) => r.matchName },
  sport: { kind: 'text', value: (r) => r.sportName },
  settled: { kind: 'date', value: (r) => r.settledAt },
  role: { kind: 'text', value: (r) => (r.role ? roleLabel(r.role) : null) },
  pnl: { kind: 'money', value: (r) => r.pnl },
  commission: { kind: 'money', value: (r) => r.commission },
  net: { kind: 'money', value: (r) => r.net },
  ownShare: { kind: 'money', value: (r) => r.ownShare },
} as const satisfies Record<string, SortColumn<ProfitLossRow>>;
type PnlSortKey = keyof typeof PNL_COLUMNS;

/**
 * profitloss in the admin area: the downline's result on settled markets between two dates
 * (default the last 7 days), for one sport or all, per market or per direct child: the players'
 * P&L, the commission, the net the players' wallets got, and the agent's own share ('My share'),
 * with the totals of the response. Columns sort in the browser; a search narrows the rows by
 * market, match, sport or account (the totals stay the response's).
 */
export function ProfitLoss() {
  const { bets: betsApi } = useApis();
  const [range, setRange] = useState(defaultDateRange);
  const [sport, setSport] = useState(ALL_SPORTS);
  const [groupBy, setGroupBy] = useState<GroupBy>('market');
  const ready = rangeReady(range);
  const query = ready ? { from: range.from, to: range.to, sportId: sportIdOf(sport), groupBy } : null;
  const { load, reload } = useLoad<ProfitLossResponse | null>(
    () => (query ? betsApi.profitLoss(query) : Promise.resolve(null)),
    JSON.stringify([range, sport, groupBy]),
  );
  const data = load.state === 'done' ? load.value : null;
  const byMarket = groupBy === 'market';
  const [search, setSearch] = useState('');
  const [sort, onSort] = useSort<PnlSortKey>();
  const header = { sort, onSort };
  const found = useMemo(() => (data ? data.rows.filter((r) => matchesSearch(search, r.key, r.marketName, r.matchName, r.sportName)) : []), [data, search]);
  const rows = useSortedRows(found, PNL_COLUMNS, sort);
  const t = useT();
  const groups = groupByOptions();

  return (
    <Page
      title={t('pnl.title')}
      actions={
        <Button variant="secondary" className="bl-btn--small" onClick={reload}>
          {t('common.refresh')}
        </Button>
      }
    >
      <RangeFilters range={range} onChange={setRange}>
        <SelectField label={t('dashboard.sport')} value={sport} options={sportOptions()} onChange={(e) => setSport(e.target.value)} />
        <SearchBox label={t('pnl.search')} onSearch={setSearch} />
      </RangeFilters>
      <ExportActions report="profit-loss" filters={query} title={t('pnl.title')} summary={groups.find((o) => o.value === groupBy)?.label} />
      <div className="bl-tabs" role="tablist" aria-label={t('pnl.groupBy')}>
        {groups.map((o) => (
          <button key={o.value} type="button" role="tab" aria-selected={groupBy === o.value} onClick={() => setGroupBy(o.value)}>
            {o.label}
          </button>
        ))}
      </div>
      {load.state === 'loading' ? <Spinner label={t('pnl.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {data && data.rows.length === 0 ? <EmptyState>{t('pnl.none')}</EmptyState> : null}
      {data && data.rows.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--sticky" aria-label={t('pnl.table')}>
            <thead>
              <tr>
                {byMarket ? (
                  <>
                    <SortHeader label={t('bets.market')} sortKey="name" {...header} />
                    <SortHeader label={t('dashboard.match')} sortKey="match" {...header} />
                    <SortHeader label={t('dashboard.sport')} sortKey="sport" {...header} />
                    <SortHeader label={t('pnl.settled')} sortKey="settled" {...header} />
                  </>
                ) : (
                  <>
                    <SortHeader label={t('chips.account')} sortKey="name" {...header} />
                    <SortHeader label={t('clients.col.role')} sortKey="role" {...header} />
                  </>
                )}
                <SortHeader label={t('pnl.playersPnl')} sortKey="pnl" num {...header} />
                <SortHeader label={t('pnl.commission')} sortKey="commission" num {...header} />
                <SortHeader label={t('pnl.net')} sortKey="net" num {...header} />
                <SortHeader label={t('pnl.myShare')} sortKey="ownShare" num {...header} />
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <PnlRow key={row.key} row={row} byMarket={byMarket} />
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('clients.total')}</th>
                <td colSpan={byMarket ? 3 : 1} />
                <td className="num">
                  <Pnl rupees={data.total.pnl} testId="total-pnl" />
                </td>
                <td className="num" data-testid="total-commission">
                  {formatRupees(data.total.commission)}
                </td>
                <td className="num">
                  <Pnl rupees={data.total.net} testId="total-net" />
                </td>
                <td className="num">{data.total.ownShare === null ? '—' : <Pnl rupees={data.total.ownShare} testId="total-share" />}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}

function PnlRow({ row, byMarket }: { row: ProfitLossRow; byMarket: boolean }) {
  return (
    <tr>
      {byMarket ? (
        <>
          <th scope="row">{row.marketName ?? row.key}</th>
          <td>{row.matchName === null ? '—' : eventLabel(row.matchName, row.sportId, row.matchOpenDate)}</td>
          <td>{row.sportName ?? '—'}</td>
          <td>{formatDateTimeSeconds(row.settledAt)}</td>
        </>
      ) : (
        <>
          <th scope="row">{row.key}</th>
          <td>{row.role ? roleLabel(row.role) : '—'}</td>
        </>
      )}
      <td className="num">
        <Pnl rupees={row.pnl} />
      </td>
      <td className="num">{formatRupees(row.commission)}</td>
      <td className="num">
        <Pnl rupees={row.net} />
      </td>
      <td className="num">{row.ownShare === null ? '—' : <Pnl rupees={row.ownShare} />}</td>
    </tr>
  );
}
