import { useMemo, useState } from 'react';
import { BuildTag, Button, EmptyState, Page, ROLE_LABELS, SelectField, Spinner, defaultDateRange, rangeReady, eventLabel, formatRupees, useLoad, useApis, type ProfitLossQuery, type ProfitLossResponse, type ProfitLossRow, Pnl, formatDateTimeSeconds, sportIdOf, ALL_SPORTS } from '@backlay/shared';
import { RangeFilters } from '@backlay/shared/reports';
import { ExportActions } from '@backlay/shared/exports';
import { SearchBox, SortHeader, matchesSearch, useSort, useSortedRows, type SortColumn } from '@backlay/shared/sortable';
import { SPORT_OPTIONS } from './betting-common';

type GroupBy = NonNullable<ProfitLossQuery['groupBy']>;

/** The two views of the downline's P&L. */
export const GROUP_BY_OPTIONS: ReadonlyArray<{ value: GroupBy; label: string }> = [
  { value: 'market', label: 'By market' },
  { value: 'child', label: 'By child' },
];

/** The columns the P&L table sorts by in the browser (the whole list is on screen). */
const PNL_COLUMNS = {
  name: { kind: 'text', value: (r) => r.marketName ?? r.key },
  match: { kind: 'text', value: (r) => r.matchName },
  sport: { kind: 'text', value: (r) => r.sportName },
  settled: { kind: 'date', value: (r) => r.settledAt },
  role: { kind: 'text', value: (r) => (r.role ? ROLE_LABELS[r.role] : null) },
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

  return (
    <Page
      title="Profit & loss"
      actions={
        <Button variant="secondary" className="bl-btn--small" onClick={reload}>
          Refresh
        </Button>
      }
    >
      <RangeFilters range={range} onChange={setRange}>
        <SelectField label="Sport" value={sport} options={SPORT_OPTIONS} onChange={(e) => setSport(e.target.value)} />
        <SearchBox label="Search markets or accounts" onSearch={setSearch} />
      </RangeFilters>
      <ExportActions report="profit-loss" filters={query} title="Profit & loss" summary={GROUP_BY_OPTIONS.find((o) => o.value === groupBy)?.label} />
      <div className="bl-tabs" role="tablist" aria-label="Group by">
        {GROUP_BY_OPTIONS.map((o) => (
          <button key={o.value} type="button" role="tab" aria-selected={groupBy === o.value} onClick={() => setGroupBy(o.value)}>
            {o.label}
          </button>
        ))}
      </div>
      {load.state === 'loading' ? <Spinner label="Loading profit and loss" /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {data && data.rows.length === 0 ? <EmptyState>No settled markets in these dates.</EmptyState> : null}
      {data && data.rows.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--sticky" aria-label="Profit and loss">
            <thead>
              <tr>
                {byMarket ? (
                  <>
                    <SortHeader label="Market" sortKey="name" {...header} />
                    <SortHeader label="Match" sortKey="match" {...header} />
                    <SortHeader label="Sport" sortKey="sport" {...header} />
                    <SortHeader label="Settled" sortKey="settled" {...header} />
                  </>
                ) : (
                  <>
                    <SortHeader label="Account" sortKey="name" {...header} />
                    <SortHeader label="Role" sortKey="role" {...header} />
                  </>
                )}
                <SortHeader label="Players' P&L" sortKey="pnl" num {...header} />
                <SortHeader label="Commission" sortKey="commission" num {...header} />
                <SortHeader label="Net" sortKey="net" num {...header} />
                <SortHeader label="My share" sortKey="ownShare" num {...header} />
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <PnlRow key={row.key} row={row} byMarket={byMarket} />
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
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
          <td>{row.role ? ROLE_LABELS[row.role] : '—'}</td>
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
