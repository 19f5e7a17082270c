import { useId, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ChartConfiguration } from 'chart.js';
import {
  BuildTag,
  Button,
  EmptyState,
  Page,
  ROUTES,
  Spinner,
  formatRupees,
  useApis,
  useLoad,
  useObservable,
  user$,
  DASHBOARD_DAYS,
  type AgentDashboard,
} from '@backlay/shared';
import { TableScroll } from '@backlay/shared/table-scroll';
import { plural } from '@backlay/shared/domain';
import { ChartCanvas } from './ChartCanvas';
import { compactRupees, dayLabel, quietRange, shortLabel, waitedFor } from './dashboard-figures';

/** The dashboard reads again this often while it is open (the exposure and the queue move). */
export const DASHBOARD_REFRESH_MS = 60_000;

const COLOURS = { turnover: '#9cc9b8', ggr: '#0f5240', share: '#d98c1f', exposure: '#c2452d', casino: '#0f5240' } as const;

const rupees = (value: number) => `₹${formatRupees(value)}`;

/**
 * /admin/dashbaord (issue 34): the agent's business at a glance from GET agent-dashboard, for its
 * downline over the last DASHBOARD_DAYS days (the Super Admin's: the whole platform). Key figures, then
 * turnover, GGR and the agent's own share by day, open exposure by match with the largest
 * positions, casino by game, and the payment queue. Every chart has its table behind it
 * ("Show the figures"); Market analysis is one click away. The Super Admin also reads the key
 * figures split by site (issue 35), a table that scrolls in its own box on a phone.
 */
export function Dashboard() {
  const { bets } = useApis();
  const user = useObservable(user$, null);
  const { load, reload } = useLoad(() => bets.agentDashboard(), 'dashboard', { refreshMs: DASHBOARD_REFRESH_MS, quietReload: true });
  const board = load.state === 'done' ? load.value : null;
  return (
    <Page
      title="Dashboard"
      actions={
        <span className="bl-row-actions">
          <Link to={ROUTES.adminMarketAnalysis.path}>Market analysis</Link>
          <Button variant="secondary" className="bl-btn--small" onClick={reload}>
            Refresh
          </Button>
        </span>
      }
    >
      {load.state === 'loading' ? <Spinner label="Loading the dashboard" /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {board ? <Board board={board} platform={user?.role === 'admin'} /> : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}

function Board({ board, platform }: { board: AgentDashboard; platform: boolean }) {
  const now = Date.now();
  return (
    <>
      <p className="bl-hint">
        {platform ? 'The whole platform' : 'Your downline'}, last {DASHBOARD_DAYS} days: {dayLabel(board.from)} – {dayLabel(board.to)} (IST). GGR is what the players lost; your share is your partnership of
        their results.
      </p>
      <dl className="bl-kpis" aria-label="Key figures">
        <Kpi label="Turnover" value={rupees(board.totals.turnover)} note={plural(board.totals.bets, 'bet')} />
        <Kpi label="GGR" value={rupees(board.totals.ggr)} tone={board.totals.ggr < 0 ? 'loss' : undefined} />
        <Kpi label="Your share" value={rupees(board.totals.ownShare)} tone={board.totals.ownShare < 0 ? 'loss' : undefined} />
        <Kpi label="Active players" value={String(board.totals.activePlayers)} note={`of ${board.totals.players}`} />
        <Kpi label="Open exposure" value={rupees(board.exposure.total)} />
        <Kpi
          label="Deposits waiting"
          value={String(board.pending.deposit.count)}
          note={board.pending.deposit.count > 0 ? `oldest ${waitedFor(board.pending.deposit.oldestAt, now)}` : undefined}
          to={ROUTES.adminDepositStatement.path}
        />
        <Kpi
          label="Withdrawals waiting"
          value={String(board.pending.withdraw.count)}
          note={board.pending.withdraw.count > 0 ? `oldest ${waitedFor(board.pending.withdraw.oldestAt, now)}` : undefined}
          to={ROUTES.adminWithdrawStatement.path}
        />
      </dl>
      {board.bySite ? <BySitePanel board={board} sites={board.bySite} /> : null}
      {quietRange(board) ? <EmptyState>No bets in your downline in the last {DASHBOARD_DAYS} days.</EmptyState> : <DailyChart board={board} />}
      <ExposurePanel board={board} />
      <CasinoPanel board={board} />
    </>
  );
}

function Kpi({ label, value, note, tone, to }: { label: string; value: string; note?: string; tone?: 'loss'; to?: string }) {
  return (
    <div className="bl-kpi">
      <dt>{to ? <Link to={to}>{label}</Link> : label}</dt>
      <dd className={tone === 'loss' ? 'bl-kpi__value bl-pnl--neg' : 'bl-kpi__value'}>{value}</dd>
      {note ? <dd className="bl-kpi__note">{note}</dd> : null}
    </div>
  );
}

/** A titled panel: the chart, and its figures as a table one click away. */
function Panel({ title, chart, table }: { title: string; chart?: ReactNode; table: ReactNode }) {
  const titleId = useId();
  return (
    <section className="bl-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="bl-section-title">
        {title}
      </h2>
      {chart}
      {chart ? (
        <details className="bl-chart__figures">
          <summary>Show the figures</summary>
          {table}
        </details>
      ) : (
        table
      )}
    </section>
  );
}

/**
 * The Super Admin's key figures by site (issue 35): a row per site, then all sites (the key
 * figures themselves, which the rows add up to).
 */
function BySitePanel({ board, sites }: { board: AgentDashboard; sites: NonNullable<AgentDashboard['bySite']> }) {
  return (
    <Panel
      title="By site"
      table={
        <TableScroll label="By site table">
          <table className="bl-table">
            <caption>
              Each site&apos;s figures, last {DASHBOARD_DAYS} days; open exposure and the payment queue now
            </caption>
            <thead>
              <tr>
                <th scope="col">Site</th>
                <th scope="col" className="num">Turnover</th>
                <th scope="col" className="num">Bets</th>
                <th scope="col" className="num">GGR</th>
                <th scope="col" className="num">Your share</th>
                <th scope="col" className="num">Active players</th>
                <th scope="col" className="num">Players</th>
                <th scope="col" className="num">Open exposure</th>
                <th scope="col" className="num">Deposits waiting</th>
                <th scope="col" className="num">Withdrawals waiting</th>
              </tr>
            </thead>
            <tbody>
              {sites.map((s) => (
                <tr key={s.siteId}>
                  <th scope="row">{s.siteName}</th>
                  <td className="num">{formatRupees(s.turnover)}</td>
                  <td className="num">{s.bets}</td>
                  <td className={s.ggr < 0 ? 'num bl-pnl--neg' : 'num'}>{formatRupees(s.ggr)}</td>
                  <td className={s.ownShare < 0 ? 'num bl-pnl--neg' : 'num'}>{formatRupees(s.ownShare)}</td>
                  <td className="num">{s.activePlayers}</td>
                  <td className="num">{s.players}</td>
                  <td className="num">{formatRupees(s.exposure)}</td>
                  <td className="num">{s.depositsWaiting}</td>
                  <td className="num">{s.withdrawalsWaiting}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">All sites</th>
                <td className="num">{formatRupees(board.totals.turnover)}</td>
                <td className="num">{board.totals.bets}</td>
                <td className={board.totals.ggr < 0 ? 'num bl-pnl--neg' : 'num'}>{formatRupees(board.totals.ggr)}</td>
                <td className={board.totals.ownShare < 0 ? 'num bl-pnl--neg' : 'num'}>{formatRupees(board.totals.ownShare)}</td>
                <td className="num">{board.totals.activePlayers}</td>
                <td className="num">{board.totals.players}</td>
                <td className="num">{formatRupees(board.exposure.total)}</td>
                <td className="num">{board.pending.deposit.count}</td>
                <td className="num">{board.pending.withdraw.count}</td>
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      }
    />
  );
}

function DailyChart({ board }: { board: AgentDashboard }) {
  const config = useMemo(
    (): ChartConfiguration => ({
      type: 'bar',
      data: {
        labels: board.days.map((d) => dayLabel(d.day)),
        datasets: [
          { type: 'bar', label: 'Turnover', data: board.days.map((d) => d.turnover), backgroundColor: COLOURS.turnover, yAxisID: 'turnover', order: 3 },
          { type: 'line', label: 'GGR', data: board.days.map((d) => d.ggr), borderColor: COLOURS.ggr, backgroundColor: COLOURS.ggr, yAxisID: 'result', pointRadius: 2, order: 1 },
          { type: 'line', label: 'Your share', data: board.days.map((d) => d.ownShare), borderColor: COLOURS.share, backgroundColor: COLOURS.share, yAxisID: 'result', pointRadius: 2, order: 2 },
        ],
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        plugins: { legend: { position: 'bottom' }, tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${rupees(Number(item.raw))}` } } },
        scales: {
          x: { ticks: { maxRotation: 0, autoSkipPadding: 12 } },
          turnover: { type: 'linear', position: 'left', beginAtZero: true, ticks: { callback: (v) => compactRupees(Number(v)) }, title: { display: true, text: 'Turnover' } },
          result: { type: 'linear', position: 'right', grid: { drawOnChartArea: false }, ticks: { callback: (v) => compactRupees(Number(v)) }, title: { display: true, text: 'GGR, share' } },
        },
      },
    }),
    [board],
  );
  const days = [...board.days].reverse();
  return (
    <Panel
      title="Turnover, GGR and your share by day"
      chart={<ChartCanvas config={config} label={`Turnover, GGR and your share per day from ${dayLabel(board.from)} to ${dayLabel(board.to)}`} />}
      table={
        <div className="bl-table-wrap">
          <table className="bl-table" aria-label="Turnover, GGR and your share by day">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="num">Turnover</th>
                <th scope="col" className="num">Bets</th>
                <th scope="col" className="num">GGR</th>
                <th scope="col" className="num">Your share</th>
                <th scope="col" className="num">Players</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{dayLabel(d.day)}</th>
                  <td className="num">{formatRupees(d.turnover)}</td>
                  <td className="num">{d.bets}</td>
                  <td className="num">{formatRupees(d.ggr)}</td>
                  <td className="num">{formatRupees(d.ownShare)}</td>
                  <td className="num">{d.activePlayers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      }
    />
  );
}

function ExposurePanel({ board }: { board: AgentDashboard }) {
  const { matches, positions } = board.exposure;
  const config = useMemo(
    (): ChartConfiguration => ({
      type: 'bar',
      data: {
        labels: matches.map((m) => shortLabel(m.matchName)),
        datasets: [{ label: 'Open exposure', data: matches.map((m) => m.exposure), backgroundColor: COLOURS.exposure }],
      },
      options: {
        indexAxis: 'y',
        plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => rupees(Number(item.raw)) } } },
        scales: { x: { beginAtZero: true, ticks: { callback: (v) => compactRupees(Number(v)) } }, y: { ticks: { autoSkip: false } } },
      },
    }),
    [matches],
  );
  if (matches.length === 0) {
    return <Panel title="Open exposure by match" table={<EmptyState>No open bets in your downline.</EmptyState>} />;
  }
  return (
    <>
      <Panel
        title="Open exposure by match"
        chart={<ChartCanvas config={config} label={`Open exposure of the ${plural(matches.length, 'match', 'matches')} with the most, largest first`} />}
        table={
          <div className="bl-table-wrap">
            <table className="bl-table" aria-label="Open exposure by match">
              <thead>
                <tr>
                  <th scope="col">Match</th>
                  <th scope="col">Sport</th>
                  <th scope="col" className="num">Players</th>
                  <th scope="col" className="num">Exposure</th>
                </tr>
              </thead>
              <tbody>
                {matches.map((m) => (
                  <tr key={m.matchId}>
                    <th scope="row">{m.matchName}</th>
                    <td>{m.sportName}</td>
                    <td className="num">{m.players}</td>
                    <td className="num">{formatRupees(m.exposure)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        }
      />
      <Panel
        title="Largest positions"
        table={
          <div className="bl-table-wrap">
            <table className="bl-table" aria-label="Largest positions">
              <thead>
                <tr>
                  <th scope="col">Player</th>
                  <th scope="col">Match</th>
                  <th scope="col" className="num">Exposure</th>
                </tr>
              </thead>
              <tbody>
                {positions.map((p) => (
                  <tr key={`${p.username} ${p.matchName}`}>
                    <th scope="row">{p.username}</th>
                    <td className="bl-table__wrap">{p.matchName}</td>
                    <td className="num">{formatRupees(p.exposure)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        }
      />
    </>
  );
}

function CasinoPanel({ board }: { board: AgentDashboard }) {
  const games = board.casino;
  const name = (g: AgentDashboard['casino'][number]) => (g.kind === 'live' ? g.game : `${g.game} (international)`);
  const config = useMemo(
    (): ChartConfiguration => ({
      type: 'bar',
      data: {
        labels: games.map((g) => shortLabel(name(g))),
        datasets: [{ label: 'GGR', data: games.map((g) => g.ggr), backgroundColor: games.map((g) => (g.ggr < 0 ? COLOURS.exposure : COLOURS.casino)) }],
      },
      options: {
        indexAxis: 'y',
        plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => `GGR ${rupees(Number(item.raw))}` } } },
        scales: { x: { ticks: { callback: (v) => compactRupees(Number(v)) } }, y: { ticks: { autoSkip: false } } },
      },
    }),
    [games],
  );
  if (games.length === 0) return <Panel title="Casino by game" table={<EmptyState>No casino play in your downline in the last {DASHBOARD_DAYS} days.</EmptyState>} />;
  return (
    <Panel
      title="Casino by game"
      chart={<ChartCanvas config={config} label={`The house's result on ${plural(games.length, 'casino game')} over the last ${DASHBOARD_DAYS} days`} />}
      table={
        <div className="bl-table-wrap">
          <table className="bl-table" aria-label="Casino by game">
            <thead>
              <tr>
                <th scope="col">Game</th>
                <th scope="col" className="num">Bets</th>
                <th scope="col" className="num">Stake</th>
                <th scope="col" className="num">GGR</th>
              </tr>
            </thead>
            <tbody>
              {games.map((g) => (
                <tr key={`${g.kind} ${g.game}`}>
                  <th scope="row">{name(g)}</th>
                  <td className="num">{g.bets}</td>
                  <td className="num">{formatRupees(g.stake)}</td>
                  <td className="num">{formatRupees(g.ggr)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      }
    />
  );
}
