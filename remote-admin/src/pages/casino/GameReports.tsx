import { useMemo } from 'react';
import { Link, generatePath } from 'react-router';
import { BuildTag, EmptyState, Page, ROUTES, formatRupees, sumRupeesForDisplay, useApis, type CasinoGameReportResponse, type CasinoGameReportRow, Pnl } from '@backlay/shared';
import { RangeFilters, RangeLoadStatus, useRangeReport } from '@backlay/shared/reports';
import { ExportActions } from '@backlay/shared/exports';
import { SortHeader, sortRows, useSort, type SortColumn, type SortState } from '@backlay/shared/sortable';
import { useT } from '../../i18n';

/** One table of the report: its rows (one per direct child) and its subtotal. */
export interface TableGroup {
  gameCode: string;
  title: string;
  rows: CasinoGameReportRow[];
  bets: number;
  stake: number;
  pnl: number;
}

/**
 * The report's rows by table, in the order the API sent them, each with its subtotal (added in
 * whole paise by `sumRupeesForDisplay`; display only, the API's totals are the figures).
 */
export function byTable(rows: readonly CasinoGameReportRow[]): TableGroup[] {
  const groups = new Map<string, CasinoGameReportRow[]>();
  for (const row of rows) groups.set(row.gameCode, [...(groups.get(row.gameCode) ?? []), row]);
  return [...groups.entries()].map(([gameCode, list]) => ({
    gameCode,
    title: list[0].title,
    rows: list,
    bets: list.reduce((n, r) => n + r.bets, 0),
    stake: sumRupeesForDisplay(...list.map((r) => r.stake)),
    pnl: sumRupeesForDisplay(...list.map((r) => r.pnl)),
  }));
}

/** The report's columns, by table (its subtotal) and by child row. */
type GameReportKey = 'name' | 'bets' | 'stake' | 'pnl';
const GROUP_COLUMNS = {
  name: { kind: 'text', value: (g) => g.title },
  bets: { kind: 'number', value: (g) => g.bets },
  stake: { kind: 'money', value: (g) => g.stake },
  pnl: { kind: 'money', value: (g) => g.pnl },
} as const satisfies Record<GameReportKey, SortColumn<TableGroup>>;
const ROW_COLUMNS = {
  name: { kind: 'text', value: (r) => r.childUsername },
  bets: { kind: 'number', value: (r) => r.bets },
  stake: { kind: 'money', value: (r) => r.stake },
  pnl: { kind: 'money', value: (r) => r.pnl },
} as const satisfies Record<GameReportKey, SortColumn<CasinoGameReportRow>>;

/**
 * The groups in the order of a column, each group's rows in the same order (ADR 0068): pressing
 * Stake puts the table with the largest (or smallest) subtotal first and, under each subtotal,
 * its children by their own stake. A subtotal stays at the head of its own rows.
 */
export function sortGroups(groups: readonly TableGroup[], sort: SortState<GameReportKey> | null): readonly TableGroup[] {
  if (sort === null) return groups;
  return sortRows(groups, GROUP_COLUMNS[sort.key], sort.order).map((g) => ({ ...g, rows: sortRows(g.rows, ROW_COLUMNS[sort.key], sort.order) }));
}

/**
 * /admin/game-reports (agents): the downline's settled live-casino result over a date range (the
 * last 7 days by default): per table, one row per direct child (agent or player) with its bets,
 * stake and the players' P&L under it, the table's subtotal, and the totals. The columns sort
 * the tables by their subtotals and the children within each table (sortGroups).
 */
export function GameReports() {
  const { casino: casinoApi } = useApis();
  const { range, setRange, ready, load, report } = useRangeReport<CasinoGameReportResponse>((r) => casinoApi.gameReports(r));
  const [sort, onSort] = useSort<GameReportKey>();
  const groups = useMemo(() => sortGroups(byTable(report?.rows ?? []), sort), [report, sort]);
  const header = { sort, onSort };
  const tr = useT();
  return (
    <Page title={tr('gameReports.title')}>
      <RangeFilters range={range} onChange={setRange} />
      <ExportActions report="game-reports" filters={ready ? { from: range.from, to: range.to } : null} title={tr('gameReports.title')} />
      <RangeLoadStatus ready={ready} load={load} loading={tr('gameReports.loading')} failed={tr('gameReports.failed')} />
      {report && report.rows.length === 0 ? <EmptyState>{tr('gameReports.none')}</EmptyState> : null}
      {report && report.rows.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table" aria-label={tr('gameReports.table')}>
            <thead>
              <tr>
                <SortHeader label={tr('gameReports.tableChild')} sortKey="name" {...header} />
                <SortHeader label={tr('dashboard.bets')} sortKey="bets" num {...header} />
                <SortHeader label={tr('dashboard.stake')} sortKey="stake" num {...header} />
                <SortHeader label={tr('pnl.playersPnl')} sortKey="pnl" num {...header} />
              </tr>
            </thead>
            {groups.map((t) => (
              <tbody key={t.gameCode}>
                <tr className="bl-table__summary">
                  <th scope="row">
                    {/* An international casino game (`provider:code`) has no round book here. */}
                    {t.gameCode.includes(':') ? t.title : <Link to={generatePath(ROUTES.adminCasino.path, { gameCode: t.gameCode })}>{t.title}</Link>}
                  </th>
                  <td className="num">{t.bets}</td>
                  <td className="num">{formatRupees(t.stake)}</td>
                  <td className="num">
                    <Pnl rupees={t.pnl} />
                  </td>
                </tr>
                {t.rows.map((r) => (
                  <tr key={`${t.gameCode}:${r.childId}`}>
                    <th scope="row" style={{ paddingLeft: 24 }}>
                      {r.childUsername}
                    </th>
                    <td className="num">{r.bets}</td>
                    <td className="num">{formatRupees(r.stake)}</td>
                    <td className="num">
                      <Pnl rupees={r.pnl} />
                    </td>
                  </tr>
                ))}
              </tbody>
            ))}
            <tfoot>
              <tr>
                <th scope="row">{tr('clients.total')}</th>
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
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
