import { useState } from 'react';
import { Pnl, BuildTag, Page, RangeFilters, RangeLoadStatus, eventLabel, formatRupees, useRangeReport, type ProfitLossQuery, type ProfitLossResponse, ALL_SPORTS, sportIdOf, formatDateTimeMinutes, useApis } from '@backlay/shared';
import { SportSelect } from '../bets/filters';

/** How settlement dates are shown. */

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
      <RangeLoadStatus ready={ready} load={load} loading="Loading profit and loss" failed="Profit and loss could not be loaded" />
      {result ? (
        <div className="bl-table-wrap">
          <table className="bl-table" aria-label="Profit and loss by market">
            <thead>
              <tr>
                <th scope="col">Settled</th>
                <th scope="col">Sport</th>
                <th scope="col">Match</th>
                <th scope="col">Market</th>
                <th scope="col" className="num">
                  P&amp;L
                </th>
                <th scope="col" className="num">
                  Commission
                </th>
                <th scope="col" className="num">
                  Net
                </th>
              </tr>
            </thead>
            <tbody>
              {result.rows.length === 0 ? (
                <tr>
                  <td colSpan={7} className="bl-empty">
                    No records found
                  </td>
                </tr>
              ) : (
                result.rows.map((row) => (
                  <tr key={row.key}>
                    <td>{formatDateTimeMinutes(row.settledAt)}</td>
                    <td>{row.sportName ?? '–'}</td>
                    <td className="bl-table__wrap">{row.matchName === null ? '–' : eventLabel(row.matchName, row.sportId, row.matchOpenDate)}</td>
                    <th scope="row">{row.marketName ?? row.key}</th>
                    <td className="num">
                      <Pnl rupees={row.pnl} />
                    </td>
                    <td className="num">{formatRupees(row.commission)}</td>
                    <td className="num">
                      <Pnl rupees={row.net} />
                    </td>
                  </tr>
                ))
              )}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  Total
                </th>
                <td className="num" data-testid="pl-total-pnl">
                  <Pnl rupees={result.total.pnl} />
                </td>
                <td className="num">{formatRupees(result.total.commission)}</td>
                <td className="num" data-testid="pl-total-net">
                  <Pnl rupees={result.total.net} />
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : null}
      <BuildTag app="sports" label={__BUILD_LABEL__} />
    </Page>
  );
}
