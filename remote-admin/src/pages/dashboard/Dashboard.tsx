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
import { useT } from '../../i18n';
import { useShownTheme } from '@backlay/shared/theme';
import { ChartCanvas } from './ChartCanvas';
import { compactRupees, dayLabel, quietRange, shortLabel, waitedFor } from './dashboard-figures';

/** The dashboard reads again this often while it is open (the exposure and the queue move). */
export const DASHBOARD_REFRESH_MS = 60_000;

/** The charts' colours in each theme (ADR 0077): in the dark the greens and the red are lighter, to stand out on the dark panel. */
const PALETTES = {
  light: { turnover: '#9cc9b8', ggr: '#0f5240', share: '#d98c1f', exposure: '#c2452d', casino: '#0f5240' },
  dark: { turnover: '#5f9985', ggr: '#7ddcb0', share: '#e9a23b', exposure: '#f07a5f', casino: '#7ddcb0' },
} as const;

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
  const t = useT();
  return (
    <Page
      title={t('dashboard.title')}
      actions={
        <span className="bl-row-actions">
          <Link to={ROUTES.adminMarketAnalysis.path}>{t('dashboard.marketAnalysis')}</Link>
          <Button variant="secondary" className="bl-btn--small" onClick={reload}>
            {t('common.refresh')}
          </Button>
        </span>
      }
    >
      {load.state === 'loading' ? <Spinner label={t('dashboard.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {board ? <Board board={board} platform={user?.role === 'admin'} /> : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}

function Board({ board, platform }: { board: AgentDashboard; platform: boolean }) {
  const now = Date.now();
  const t = useT();
  const range = { days: DASHBOARD_DAYS, from: dayLabel(board.from), to: dayLabel(board.to) };
  return (
    <>
      <p className="bl-hint">
        {platform ? t('dashboard.hint.platform', range) : t('dashboard.hint.downline', range)}
      </p>
      <dl className="bl-kpis" aria-label={t('dashboard.keyFigures')}>
        <Kpi label={t('dashboard.turnover')} value={rupees(board.totals.turnover)} note={t('dashboard.betCount', { count: board.totals.bets })} />
        <Kpi label={t('dashboard.ggr')} value={rupees(board.totals.ggr)} tone={board.totals.ggr < 0 ? 'loss' : undefined} />
        <Kpi label={t('dashboard.yourShare')} value={rupees(board.totals.ownShare)} tone={board.totals.ownShare < 0 ? 'loss' : undefined} />
        <Kpi label={t('dashboard.activePlayers')} value={String(board.totals.activePlayers)} note={t('dashboard.ofPlayers', { count: board.totals.players })} />
        <Kpi label={t('dashboard.openExposure')} value={rupees(board.exposure.total)} />
        <Kpi
          label={t('dashboard.depositsWaiting')}
          value={String(board.pending.deposit.count)}
          note={board.pending.deposit.count > 0 ? t('dashboard.oldest', { age: waitedFor(board.pending.deposit.oldestAt, now) ?? '' }) : undefined}
          to={ROUTES.adminDepositStatement.path}
        />
        <Kpi
          label={t('dashboard.withdrawalsWaiting')}
          value={String(board.pending.withdraw.count)}
          note={board.pending.withdraw.count > 0 ? t('dashboard.oldest', { age: waitedFor(board.pending.withdraw.oldestAt, now) ?? '' }) : undefined}
          to={ROUTES.adminWithdrawStatement.path}
        />
      </dl>
      {board.bySite ? <BySitePanel board={board} sites={board.bySite} /> : null}
      {quietRange(board) ? <EmptyState>{t('dashboard.noBets', { days: DASHBOARD_DAYS })}</EmptyState> : <DailyChart board={board} />}
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
  const t = useT();
  return (
    <section className="bl-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="bl-section-title">
        {title}
      </h2>
      {chart}
      {chart ? (
        <details className="bl-chart__figures">
          <summary>{t('dashboard.showFigures')}</summary>
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
  const t = useT();
  return (
    <Panel
      title={t('dashboard.bySite.title')}
      table={
        <TableScroll label={t('dashboard.bySite.table')}>
          <table className="bl-table">
            <caption>
              {t('dashboard.bySite.caption', { days: DASHBOARD_DAYS })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.site')}</th>
                <th scope="col" className="num">{t('dashboard.turnover')}</th>
                <th scope="col" className="num">{t('dashboard.bets')}</th>
                <th scope="col" className="num">{t('dashboard.ggr')}</th>
                <th scope="col" className="num">{t('dashboard.yourShare')}</th>
                <th scope="col" className="num">{t('dashboard.activePlayers')}</th>
                <th scope="col" className="num">{t('dashboard.players')}</th>
                <th scope="col" className="num">{t('dashboard.openExposure')}</th>
                <th scope="col" className="num">{t('dashboard.depositsWaiting')}</th>
                <th scope="col" className="num">{t('dashboard.withdrawalsWaiting')}</th>
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
                <th scope="row">{t('dashboard.bySite.all')}</th>
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
  const t = useT();
  const colours = PALETTES[useShownTheme()];
  const config = useMemo(
    (): ChartConfiguration => ({
      type: 'bar',
      data: {
        labels: board.days.map((d) => dayLabel(d.day)),
        datasets: [
          { type: 'bar', label: t('dashboard.turnover'), data: board.days.map((d) => d.turnover), backgroundColor: colours.turnover, yAxisID: 'turnover', order: 3 },
          { type: 'line', label: t('dashboard.ggr'), data: board.days.map((d) => d.ggr), borderColor: colours.ggr, backgroundColor: colours.ggr, yAxisID: 'result', pointRadius: 2, order: 1 },
          { type: 'line', label: t('dashboard.yourShare'), data: board.days.map((d) => d.ownShare), borderColor: colours.share, backgroundColor: colours.share, yAxisID: 'result', pointRadius: 2, order: 2 },
        ],
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        plugins: { legend: { position: 'bottom' }, tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${rupees(Number(item.raw))}` } } },
        scales: {
          x: { ticks: { maxRotation: 0, autoSkipPadding: 12 } },
          turnover: { type: 'linear', position: 'left', beginAtZero: true, ticks: { callback: (v) => compactRupees(Number(v)) }, title: { display: true, text: t('dashboard.turnover') } },
          result: { type: 'linear', position: 'right', grid: { drawOnChartArea: false }, ticks: { callback: (v) => compactRupees(Number(v)) }, title: { display: true, text: t('dashboard.chart.ggrShare') } },
        },
      },
    }),
    [board, t, colours],
  );
  const days = [...board.days].reverse();
  return (
    <Panel
      title={t('dashboard.daily.title')}
      chart={<ChartCanvas config={config} label={t('dashboard.daily.chart', { from: dayLabel(board.from), to: dayLabel(board.to) })} />}
      table={
        <TableScroll label={t('dashboard.tableOf', { title: t('dashboard.daily.title') })}>
          <table className="bl-table" aria-label={t('dashboard.daily.title')}>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.day')}</th>
                <th scope="col" className="num">{t('dashboard.turnover')}</th>
                <th scope="col" className="num">{t('dashboard.bets')}</th>
                <th scope="col" className="num">{t('dashboard.ggr')}</th>
                <th scope="col" className="num">{t('dashboard.yourShare')}</th>
                <th scope="col" className="num">{t('dashboard.players')}</th>
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
        </TableScroll>
      }
    />
  );
}

function ExposurePanel({ board }: { board: AgentDashboard }) {
  const colours = PALETTES[useShownTheme()];
  const { matches, positions } = board.exposure;
  const t = useT();
  const config = useMemo(
    (): ChartConfiguration => ({
      type: 'bar',
      data: {
        labels: matches.map((m) => shortLabel(m.matchName)),
        datasets: [{ label: t('dashboard.openExposure'), data: matches.map((m) => m.exposure), backgroundColor: colours.exposure }],
      },
      options: {
        indexAxis: 'y',
        plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => rupees(Number(item.raw)) } } },
        scales: { x: { beginAtZero: true, ticks: { callback: (v) => compactRupees(Number(v)) } }, y: { ticks: { autoSkip: false } } },
      },
    }),
    [matches, t, colours],
  );
  if (matches.length === 0) {
    return <Panel title={t('dashboard.exposure.title')} table={<EmptyState>{t('dashboard.exposure.none')}</EmptyState>} />;
  }
  return (
    <>
      <Panel
        title={t('dashboard.exposure.title')}
        chart={<ChartCanvas config={config} label={t('dashboard.exposure.chart', { count: matches.length })} />}
        table={
          <TableScroll label={t('dashboard.tableOf', { title: t('dashboard.exposure.title') })}>
            <table className="bl-table" aria-label={t('dashboard.exposure.title')}>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.match')}</th>
                  <th scope="col">{t('dashboard.sport')}</th>
                  <th scope="col" className="num">{t('dashboard.players')}</th>
                  <th scope="col" className="num">{t('dashboard.exposure')}</th>
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
          </TableScroll>
        }
      />
      <Panel
        title={t('dashboard.positions.title')}
        table={
          <TableScroll label={t('dashboard.tableOf', { title: t('dashboard.positions.title') })}>
            <table className="bl-table" aria-label={t('dashboard.positions.title')}>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.player')}</th>
                  <th scope="col">{t('dashboard.match')}</th>
                  <th scope="col" className="num">{t('dashboard.exposure')}</th>
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
          </TableScroll>
        }
      />
    </>
  );
}

/** A casino game's name, the international ones marked. */
function gameName(g: AgentDashboard['casino'][number], t: ReturnType<typeof useT>): string {
  return g.kind === 'live' ? g.game : t('dashboard.casino.international', { game: g.game });
}

function CasinoPanel({ board }: { board: AgentDashboard }) {
  const colours = PALETTES[useShownTheme()];
  const games = board.casino;
  const t = useT();
  const name = (g: AgentDashboard['casino'][number]) => gameName(g, t);
  const config = useMemo(
    (): ChartConfiguration => ({
      type: 'bar',
      data: {
        labels: games.map((g) => shortLabel(gameName(g, t))),
        datasets: [{ label: t('dashboard.ggr'), data: games.map((g) => g.ggr), backgroundColor: games.map((g) => (g.ggr < 0 ? colours.exposure : colours.casino)) }],
      },
      options: {
        indexAxis: 'y',
        plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => t('dashboard.casino.tooltip', { amount: rupees(Number(item.raw)) }) } } },
        scales: { x: { ticks: { callback: (v) => compactRupees(Number(v)) } }, y: { ticks: { autoSkip: false } } },
      },
    }),
    [games, t, colours],
  );
  if (games.length === 0) return <Panel title={t('dashboard.casino.title')} table={<EmptyState>{t('dashboard.casino.none', { days: DASHBOARD_DAYS })}</EmptyState>} />;
  return (
    <Panel
      title={t('dashboard.casino.title')}
      chart={<ChartCanvas config={config} label={t('dashboard.casino.chart', { count: games.length, days: DASHBOARD_DAYS })} />}
      table={
        <TableScroll label={t('dashboard.tableOf', { title: t('dashboard.casino.title') })}>
          <table className="bl-table" aria-label={t('dashboard.casino.title')}>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.game')}</th>
                <th scope="col" className="num">{t('dashboard.bets')}</th>
                <th scope="col" className="num">{t('dashboard.stake')}</th>
                <th scope="col" className="num">{t('dashboard.ggr')}</th>
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
        </TableScroll>
      }
    />
  );
}
