/**
 * GET agent-dashboard (issue 34): an agent's business at a glance, for its downline (the Super
 * Admin's downline is the whole platform). Amounts in rupees; days are India's (IST) calendar days.
 */
import type { PendingPayments } from './payments';

/** Days the dashboard covers, today included. */
export const DASHBOARD_DAYS = 30;

export interface AgentDashboard {
  /** First and last day covered (YYYY-MM-DD, IST). */
  from: string;
  to: string;
  /** Every day of the range, oldest first, days without play included (zeros). */
  days: DashboardDay[];
  totals: DashboardTotals;
  exposure: {
    /** The downline's open exposure now (Σ of its players' open positions). */
    total: number;
    /** The matches (and casino tables) with the most open exposure, largest first. */
    matches: DashboardExposureMatch[];
    /** The largest open positions: one player on one match. */
    positions: DashboardPosition[];
  };
  /** Live casino (our tables) and international casino, per game over the range, largest stake first. */
  casino: DashboardGame[];
  /** The downline's payment requests waiting for a decision. */
  pending: PendingPayments;
  /**
   * The Super Admin only (issue 35): the same figures split by the players' site, one row per
   * site (every site, zeros where none), the default site first; the rows add up to `totals`,
   * `exposure.total` and `pending` exactly. Absent for every other agent (its downline is on one site).
   */
  bySite?: DashboardSite[];
}

export interface DashboardSite {
  siteId: string;
  siteName: string;
  turnover: number;
  bets: number;
  ggr: number;
  /** The Super Admin's (the house's) share of the site's players' results. */
  ownShare: number;
  activePlayers: number;
  players: number;
  /** Open exposure of the site's players now. */
  exposure: number;
  /** Deposit and withdraw requests of the site's players waiting for a decision. */
  depositsWaiting: number;
  withdrawalsWaiting: number;
}

export interface DashboardDay {
  day: string;
  /** Stakes of the bets placed that day (voided ones left out) and of international casino rounds closed that day. */
  turnover: number;
  bets: number;
  /** Gross gaming revenue: what the downline's players lost (−their gross P&L) on what settled that day. */
  ggr: number;
  /** The agent's own share of the players' net results settled that day (its partnership). */
  ownShare: number;
  /** Players who placed a bet that day. */
  activePlayers: number;
}

export interface DashboardTotals {
  turnover: number;
  bets: number;
  ggr: number;
  ownShare: number;
  /** Players who placed a bet in the range. */
  activePlayers: number;
  /** Players in the downline (active accounts). */
  players: number;
}

export interface DashboardExposureMatch {
  matchId: string;
  matchName: string;
  sportName: string;
  exposure: number;
  players: number;
}

export interface DashboardPosition {
  username: string;
  matchName: string;
  exposure: number;
}

export interface DashboardGame {
  kind: 'live' | 'international';
  game: string;
  bets: number;
  stake: number;
  /** The house's result: what the players lost (−their P&L). */
  ggr: number;
}
