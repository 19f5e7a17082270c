import {
  Pnl,
  BuildTag,
  EmptyState,
  Page,
  RangeFilters,
  RangeLoadStatus,
  formatRupees,
  useRangeReport,
  useApis,
  type CasinoReportResponse,
} from '@backlay/shared';
import { formatReportDate } from '../format';

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
      <RangeLoadStatus ready={ready} load={load} loading="Loading the casino report" failed="The casino report could not be loaded" />
      {report && report.rows.length === 0 ? <EmptyState>No casino bets in these dates.</EmptyState> : null}
      {report && report.rows.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table" aria-label="Casino report by day and game">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Game</th>
                <th scope="col" className="num">
                  Rounds
                </th>
                <th scope="col" className="num">
                  Bets
                </th>
                <th scope="col" className="num">
                  Stake
                </th>
                <th scope="col" className="num">
                  P&amp;L
                </th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((row) => (
                <tr key={`${row.date}:${row.gameCode}`}>
                  <th scope="row">{formatReportDate(row.date)}</th>
                  <td>{row.title}</td>
                  <td className="num">{row.rounds}</td>
                  <td className="num">{row.bets}</td>
                  <td className="num">{formatRupees(row.stake)}</td>
                  <td className="num">
                    <Pnl rupees={row.pnl} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td />
                <td className="num" data-testid="total-rounds">
                  {report.totals.rounds}
                </td>
                <td className="num" data-testid="total-bets">
                  {report.totals.bets}
                </td>
                <td className="num" data-testid="total-stake">
                  {formatRupees(report.totals.stake)}
                </td>
                <td className="num">
                  <Pnl rupees={report.totals.pnl} testId="total-pnl" />
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : null}
      <BuildTag app="casino" label={__BUILD_LABEL__} />
    </Page>
  );
}
