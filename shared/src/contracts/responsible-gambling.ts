/**
 * Responsible gambling (issue 20 step 11, ADR 0019): a player's own limits, the reality-check
 * reminder, time-outs and self-exclusions. The API (api/src/responsible-gambling) enforces every
 * rule; the front end shows these shapes and uses these bounds in its forms.
 */

/** The limits a player sets: deposits and net losses per rolling window, and the stake of one bet. */
export const RG_LIMIT_TYPES = [
  'deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month', 'stake',
] as const;
export type RgLimitType = (typeof RG_LIMIT_TYPES)[number];

/** How the settings page labels each limit. */
export const RG_LIMIT_LABELS: Readonly<Record<RgLimitType, string>> = {
  deposit_day: 'Daily deposit limit',
  deposit_week: 'Weekly deposit limit',
  deposit_month: 'Monthly deposit limit',
  loss_day: 'Daily loss limit',
  loss_week: 'Weekly loss limit',
  loss_month: 'Monthly loss limit',
  stake: 'Maximum stake per bet',
};

/** An increase or a removal waits this long; a decrease applies at once. */
export const RG_INCREASE_DELAY_HOURS = 24;
/** A time-out lasts 1 day to 6 weeks. */
export const RG_TIME_OUT_DAYS_MIN = 1;
export const RG_TIME_OUT_DAYS_MAX = 42;
/** A self-exclusion lasts 6 months to 5 years. */
export const RG_SELF_EXCLUSION_MONTHS_MIN = 6;
export const RG_SELF_EXCLUSION_MONTHS_MAX = 60;
/** The reality-check reminder: every 5 to 240 minutes of play. */
export const RG_REALITY_CHECK_MINUTES_MIN = 5;
export const RG_REALITY_CHECK_MINUTES_MAX = 240;
/** A limit is a whole number of rupees from 1 to 1,00,00,000. */
export const RG_LIMIT_RUPEES_MAX = 10_000_000;

/**
 * Why a stake, a deposit or a wallet debit was refused. Each kind is also the API's error code.
 * SELF_EXCLUDED and TIME_OUT block the player; the others are limits.
 */
export const RG_REFUSAL_KINDS = ['SELF_EXCLUDED', 'TIME_OUT', 'STAKE_LIMIT', 'LOSS_LIMIT', 'DEPOSIT_LIMIT'] as const;
export type RgRefusalKind = (typeof RG_REFUSAL_KINDS)[number];

/** One limit as the player (and the upline, read-only) sees it; rupees. */
export interface RgLimitView {
  type: RgLimitType;
  /** The limit in force now; null: none. */
  amount: number | null;
  /** A change waiting for its time: the new amount, or null for a removal. */
  pending: { amount: number | null; effectiveAt: string } | null;
}

export interface RgExclusionView {
  kind: 'time_out' | 'self_exclusion';
  startsAt: string;
  endsAt: string;
}

/** GET responsible-gambling: the caller's settings. */
export interface ResponsibleGamblingView {
  limits: RgLimitView[];
  realityCheckMinutes: number | null;
  /** The time-out or self-exclusion in force (a self-exclusion first), or null. */
  exclusion: RgExclusionView | null;
}

/** POST rg-set-limit: a whole number of rupees, or null to remove the limit. */
export interface RgSetLimitRequest {
  type: RgLimitType;
  amount: number | null;
}

/** POST rg-reality-check: minutes between reminders, or null for none. */
export interface RgRealityCheckRequest {
  minutes: number | null;
}

/** POST rg-time-out: days, with the player's confirmation that it cannot be undone. */
export interface RgTimeOutRequest {
  days: number;
  confirm: true;
}

/** POST rg-self-exclude: months, with the player's confirmation that it cannot be undone. */
export interface RgSelfExcludeRequest {
  months: number;
  confirm: true;
}

/** GET reality-check: the current session's time and net result of settled play. */
export interface RealityCheckView {
  intervalMinutes: number | null;
  sessionStartedAt: string;
  /** Net win (+) or loss (−) of bets settled since the session started; rupees. */
  netPnl: number;
}

/** GET downline-responsible-gambling: one player of the agent's downline with any setting. */
export interface DownlineRgRow extends ResponsibleGamblingView {
  userId: string;
  username: string;
}

export interface DownlineRgQuery {
  username?: string;
}
