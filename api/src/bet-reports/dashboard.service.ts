/**
 * The agent dashboard (issue 34): the downline's turnover, GGR and the agent's own share per day,
 * open exposure, casino by game, players and the payment queue, in one answer; for the Super Admin
 * the same figures split by site (issue 35). It writes nothing.
 */
import { DASHBOARD_DAYS, type AgentDashboard, type DashboardDay, type DashboardSite, type PendingPayments } from '@backlay/shared/contracts';
import type { Clock } from '../common/clock';
import { istDay } from '../common/ist-day';
import { paiseToRupees } from '../common/money';
import type { Database } from '../db/database';
import type { Actor } from '../plugins/request-context';
import * as repo from './dashboard.repository';

/** Rows of the exposure panels. */
const EXPOSURE_ROWS = 10;

// Re-exported where app.ts has always found it (its metrics read the day's settlements).
export { istDay };

/** The `count` IST days ending with the day of `nowMs`, oldest first. */
export function istDaysEndingAt(nowMs: number, count: number): string[] {
  const today = Date.parse(`${istDay(nowMs)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

export interface DashboardDeps {
  db: Database;
  clock: Clock;
  /** The agent's downline's payment queue (payments' own read), in total and by the owners' site. */
  pendingOf: (actor: Actor) => Promise<{ total: PendingPayments; bySite: Map<string, PendingPayments> }>;
  /** Every site (id and name), the default first: the rows of the Super Admin's split. */
  sites: () => Promise<ReadonlyArray<{ id: string; name: string }>>;
}

/** A site's figures in paise while they are added up. */
interface SiteSums {
  turnoverMinor: bigint;
  bets: number;
  ggrMinor: bigint;
  ownShareMinor: bigint;
  activePlayers: number;
  players: number;
  exposureMinor: bigint;
}

export class DashboardService {
  constructor(private readonly deps: DashboardDeps) {}

  /** GET agent-dashboard: the caller's downline over the last DASHBOARD_DAYS IST days. */
  async forAgent(actor: Actor): Promise<AgentDashboard> {
    const { db } = this.deps;
    const days = istDaysEndingAt(this.deps.clock.nowMs(), DASHBOARD_DAYS);
    const from = days[0]!;
    const to = days[days.length - 1]!;
    const [figures, players, exposure, positions, casino, pending] = await Promise.all([
      repo.dailyFigures(db, actor.userId, from, to),
      repo.playerCounts(db, actor.userId, from, to),
      repo.openExposureByMatch(db, actor.userId, EXPOSURE_ROWS),
      repo.largestPositions(db, actor.userId, EXPOSURE_ROWS),
      repo.casinoByGame(db, actor.userId, from, to),
      this.deps.pendingOf(actor),
    ]);
    // The repository answers per day and site: a day's figures are its sites' sum (a player has
    // one site, so active players add up too), the totals every row's.
    const byDay = new Map<string, repo.DayFigures>();
    for (const f of figures) {
      const day = byDay.get(f.day);
      byDay.set(
        f.day,
        day === undefined
          ? f
          : {
              ...day,
              turnoverMinor: day.turnoverMinor + f.turnoverMinor,
              bets: day.bets + f.bets,
              ggrMinor: day.ggrMinor + f.ggrMinor,
              ownShareMinor: day.ownShareMinor + f.ownShareMinor,
              activePlayers: day.activePlayers + f.activePlayers,
            },
      );
    }
    const sum = (pick: (f: repo.DayFigures) => bigint) => figures.reduce((total, f) => total + pick(f), 0n);
    const board: AgentDashboard = {
      from,
      to,
      days: days.map((day): DashboardDay => {
        const f = byDay.get(day);
        return {
          day,
          turnover: paiseToRupees(f?.turnoverMinor ?? 0n),
          bets: f?.bets ?? 0,
          ggr: paiseToRupees(f?.ggrMinor ?? 0n),
          ownShare: paiseToRupees(f?.ownShareMinor ?? 0n),
          activePlayers: f?.activePlayers ?? 0,
        };
      }),
      totals: {
        // Summed in paise, converted once: the totals are exact, not a sum of rounded figures.
        turnover: paiseToRupees(sum((f) => f.turnoverMinor)),
        bets: figures.reduce((total, f) => total + f.bets, 0),
        ggr: paiseToRupees(sum((f) => f.ggrMinor)),
        ownShare: paiseToRupees(sum((f) => f.ownShareMinor)),
        activePlayers: players.reduce((total, p) => total + p.active, 0),
        players: players.reduce((total, p) => total + p.players, 0),
      },
      exposure: {
        total: paiseToRupees(exposure.totalMinor),
        matches: exposure.rows.map((r) => ({ matchId: r.matchId, matchName: r.matchName, sportName: r.sportName, exposure: paiseToRupees(r.exposureMinor), players: r.players })),
        positions: positions.map((p) => ({ username: p.username, matchName: p.matchName, exposure: paiseToRupees(p.exposureMinor) })),
      },
      casino: casino.map((g) => ({ kind: g.kind, game: g.game, bets: g.bets, stake: paiseToRupees(g.stakeMinor), ggr: paiseToRupees(g.ggrMinor) })),
      pending: pending.total,
    };
    if (actor.role !== 'admin') return board;
    return { ...board, bySite: await this.bySite(figures, players, exposure.bySite, pending.bySite) };
  }

  /**
   * The Super Admin's split (issue 35): one row per site from the same rows the totals are the sum
   * of. Every site has a row (zeros where none); a site the directory does not know yet (created
   * a moment ago on another instance) still gets one, named by its id, so the rows always add up.
   */
  private async bySite(
    figures: repo.DayFigures[],
    players: Array<{ siteId: string; players: number; active: number }>,
    exposure: Array<{ siteId: string; exposureMinor: bigint }>,
    pending: Map<string, PendingPayments>,
  ): Promise<DashboardSite[]> {
    const sums = new Map<string, SiteSums>();
    const names = new Map<string, string>();
    for (const site of await this.deps.sites()) names.set(site.id, site.name);
    const of = (siteId: string): SiteSums => {
      let row = sums.get(siteId);
      if (row === undefined) {
        row = { turnoverMinor: 0n, bets: 0, ggrMinor: 0n, ownShareMinor: 0n, activePlayers: 0, players: 0, exposureMinor: 0n };
        sums.set(siteId, row);
      }
      return row;
    };
    for (const id of names.keys()) of(id);
    for (const f of figures) {
      const row = of(f.siteId);
      row.turnoverMinor += f.turnoverMinor;
      row.bets += f.bets;
      row.ggrMinor += f.ggrMinor;
      row.ownShareMinor += f.ownShareMinor;
    }
    for (const p of players) {
      const row = of(p.siteId);
      row.activePlayers += p.active;
      row.players += p.players;
    }
    for (const e of exposure) of(e.siteId).exposureMinor += e.exposureMinor;
    for (const id of pending.keys()) of(id);
    return [...sums.entries()].map(([siteId, row]) => ({
      siteId,
      siteName: names.get(siteId) ?? siteId,
      turnover: paiseToRupees(row.turnoverMinor),
      bets: row.bets,
      ggr: paiseToRupees(row.ggrMinor),
      ownShare: paiseToRupees(row.ownShareMinor),
      activePlayers: row.activePlayers,
      players: row.players,
      exposure: paiseToRupees(row.exposureMinor),
      depositsWaiting: pending.get(siteId)?.deposit.count ?? 0,
      withdrawalsWaiting: pending.get(siteId)?.withdraw.count ?? 0,
    }));
  }
}
