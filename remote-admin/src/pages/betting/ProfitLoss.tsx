import { useState } from 'react';
import {
  BuildTag,
  Button,
  EmptyState,
  Page,
  ROLE_LABELS,
  SelectField,
  Spinner,
  defaultDateRange,
  RangeFilters,
  rangeReady,
  eventLabel,
  formatRupees,
  useLoad,
  useApis,
  type ProfitLossQuery,
  type ProfitLossResponse,
  type ProfitLossRow,
  Pnl,
  formatDateTimeSeconds,
  sportIdOf,
  ALL_SPORTS,
} from '@backlay/shared';
import { SPORT_OPTIONS } from './betting-common';

type GroupBy = NonNullable<ProfitLossQuery['groupBy']>;

/** The two views of the downline's P&L. */
export const GROUP_BY_OPTIONS: ReadonlyArray<{ value: GroupBy; label: string }> = [
  { value: 'market', label: 'By market' },
  { value: 'child', label: 'By child' },
];

/**
 * profitloss in the admin area: the downline's result on settled markets between two dates
 * (default the last 7 days), for one sport or all, per market or per direct child: the players'
 * P&L, the commission, the net the players' wallets got, and the agent's own share ('My share'),
 * with the totals of the response.
 */
export function ProfitLoss() {
  const { bets: betsApi } = useApis();
  const [range, setRange] = useState(defaultDateRange);
  const [sport, setSport] = useState(ALL_SPORTS);
  const [groupBy, setGroupBy] = useState<GroupBy>('market');
  const ready = rangeReady(range);
  const { load, reload } = useLoad<ProfitLossResponse | null>(
    () => (ready ? betsApi.profitLoss({ from: range.from, to: range.to, sportId: sportIdOf(sport), groupBy }) : Promise.resolve(null)),
    JSON.stringify([range, sport, groupBy]),
  );
  const data = load.state === 'done' ? load.value : null;
  const byMarket = groupBy === 'market';

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
      </RangeFilters>
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
                    <th scope="col">Market</th>
                    <th scope="col">Match</th>
                    <th scope="col">Sport</th>
                    <th scope="col">Settled</th>
                  </>
                ) : (
                  <>
                    <th scope="col">Account</th>
                    <th scope="col">Role</th>
                  </>
                )}
                <th scope="col" className="num">
                  Players' P&amp;L
                </th>
                <th scope="col" className="num">
                  Commission
                </th>
                <th scope="col" className="num">
                  Net
                </th>
                <th scope="col" className="num">
                  My share
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
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
