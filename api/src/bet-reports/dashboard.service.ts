/**
 * The agent dashboard (issue 34): the downline's turnover, GGR and the agent's own share per day,
 * open exposure, casino by game, players and the payment queue, in one answer. It writes nothing.
 */
import { DASHBOARD_DAYS, type AgentDashboard, type DashboardDay, type PendingPayments } from '@backlay/shared/contracts';
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
  /** The agent's downline's payment queue (payments' own read). */
  pendingOf: (actor: Actor) => Promise<PendingPayments>;
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
    const byDay = new Map(figures.map((f) => [f.day, f]));
    const sum = (pick: (f: repo.DayFigures) => bigint) => figures.reduce((total, f) => total + pick(f), 0n);
    return {
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
        activePlayers: players.active,
        players: players.players,
      },
      exposure: {
        total: paiseToRupees(exposure.totalMinor),
        matches: exposure.rows.map((r) => ({ matchId: r.matchId, matchName: r.matchName, sportName: r.sportName, exposure: paiseToRupees(r.exposureMinor), players: r.players })),
        positions: positions.map((p) => ({ username: p.username, matchName: p.matchName, exposure: paiseToRupees(p.exposureMinor) })),
      },
      casino: casino.map((g) => ({ kind: g.kind, game: g.game, bets: g.bets, stake: paiseToRupees(g.stakeMinor), ggr: paiseToRupees(g.ggrMinor) })),
      pending,
    };
  }
}
