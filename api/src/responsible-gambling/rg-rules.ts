/**
 * Pure rules of responsible gambling (ADR 0019): when a limit change applies, how long an
 * exclusion lasts, the typed refusal of the one check (`rg_refusal.sql`) and its message. No I/O.
 */
import {
  fillMessage,
  MESSAGES,
  RG_INCREASE_DELAY_HOURS,
  type RgExclusionView,
  type RgLimitType,
  type RgLimitView,
  type RgRefusalKind,
} from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import { formatPaiseGrouped } from '@backlay/shared/domain';
import { paiseToRupees } from '../common/money';

export const INCREASE_DELAY_MS = RG_INCREASE_DELAY_HOURS * 3_600_000;

/** A stored limit: in force, and a change waiting for its time (an increase, or a removal when pendingMinor is null). */
export interface StoredLimit {
  amountMinor: bigint | null;
  pendingMinor: bigint | null;
  pendingFrom: Date | null;
}

export const NO_LIMIT: StoredLimit = { amountMinor: null, pendingMinor: null, pendingFrom: null };

/** The limit as of `nowMs`: a pending change whose time has come is in force. */
export function foldLimit(stored: StoredLimit, nowMs: number): StoredLimit {
  if (stored.pendingFrom !== null && stored.pendingFrom.getTime() <= nowMs) {
    return { amountMinor: stored.pendingMinor, pendingMinor: null, pendingFrom: null };
  }
  return stored;
}

export type LimitChange = { stored: StoredLimit; applies: 'now' | 'later' | 'unchanged' };

/**
 * A player asks for `requestedMinor` (null: no limit). Tighter (a lower amount, or a limit where
 * there was none) applies at once and drops any pending change; looser (a higher amount, or a
 * removal) waits RG_INCREASE_DELAY_HOURS from now, replacing any pending change.
 */
export function planLimitChange(current: StoredLimit, requestedMinor: bigint | null, nowMs: number): LimitChange {
  const inForce = foldLimit(current, nowMs);
  const now = inForce.amountMinor;
  const tighter = requestedMinor !== null && (now === null || requestedMinor < now);
  if (tighter) return { stored: { amountMinor: requestedMinor, pendingMinor: null, pendingFrom: null }, applies: 'now' };
  if (requestedMinor === now) {
    // The same as in force: a waiting change is cancelled (the player keeps what it has).
    return { stored: { amountMinor: now, pendingMinor: null, pendingFrom: null }, applies: inForce.pendingFrom === null ? 'unchanged' : 'now' };
  }
  return {
    stored: { amountMinor: now, pendingMinor: requestedMinor, pendingFrom: new Date(nowMs + INCREASE_DELAY_MS) },
    applies: 'later',
  };
}

/** The limit as the screens show it, as of `nowMs`. */
export function limitView(type: RgLimitType, stored: StoredLimit, nowMs: number): RgLimitView {
  const s = foldLimit(stored, nowMs);
  return {
    type,
    amount: s.amountMinor === null ? null : paiseToRupees(s.amountMinor),
    pending:
      s.pendingFrom === null
        ? null
        : { amount: s.pendingMinor === null ? null : paiseToRupees(s.pendingMinor), effectiveAt: s.pendingFrom.toISOString() },
  };
}

/** When a time-out of `days` or a self-exclusion of `months` (calendar months, UTC) that starts at `startMs` ends. */
export function exclusionEnd(kind: RgExclusionView['kind'], length: number, startMs: number): Date {
  if (kind === 'time_out') return new Date(startMs + length * 86_400_000);
  const end = new Date(startMs);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + length);
  // The same day of the month, or the month's last day (31 Aug + 6 months = 28/29 Feb).
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

export type RgPeriod = 'day' | 'week' | 'month';

/** A refusal of the one check (rg_refusal.sql), typed. `kind` is also the API's error code. */
export type RgRefusal =
  | { kind: 'SELF_EXCLUDED' | 'TIME_OUT'; until: Date }
  | { kind: 'STAKE_LIMIT'; limitMinor: bigint; amountMinor: bigint }
  | { kind: 'LOSS_LIMIT'; period: RgPeriod; limitMinor: bigint; usedMinor: bigint; atRiskMinor: bigint }
  | { kind: 'DEPOSIT_LIMIT'; period: RgPeriod; limitMinor: bigint; usedMinor: bigint; amountMinor: bigint; remainingMinor: bigint };

/** What rg_refusal returns (paise as text, the time as ISO text). */
export interface RawRefusal {
  kind: RgRefusalKind;
  until?: string;
  period?: RgPeriod;
  limitMinor?: string;
  usedMinor?: string;
  amountMinor?: string;
  atRiskMinor?: string;
  remainingMinor?: string;
}

/** The refusal JSON of the database, typed; throws on a shape the function never returns. */
export function refusalOf(raw: RawRefusal): RgRefusal {
  const big = (value: string | undefined, name: string): bigint => {
    if (value === undefined) throw new Error(`rg_refusal ${raw.kind} without ${name}`);
    return BigInt(value);
  };
  const period = (): RgPeriod => {
    if (raw.period !== 'day' && raw.period !== 'week' && raw.period !== 'month') throw new Error(`rg_refusal ${raw.kind} without a period`);
    return raw.period;
  };
  switch (raw.kind) {
    case 'SELF_EXCLUDED':
    case 'TIME_OUT':
      if (raw.until === undefined) throw new Error(`rg_refusal ${raw.kind} without until`);
      return { kind: raw.kind, until: new Date(raw.until) };
    case 'STAKE_LIMIT':
      return { kind: raw.kind, limitMinor: big(raw.limitMinor, 'limitMinor'), amountMinor: big(raw.amountMinor, 'amountMinor') };
    case 'LOSS_LIMIT':
      return {
        kind: raw.kind,
        period: period(),
        limitMinor: big(raw.limitMinor, 'limitMinor'),
        usedMinor: big(raw.usedMinor, 'usedMinor'),
        atRiskMinor: big(raw.atRiskMinor, 'atRiskMinor'),
      };
    case 'DEPOSIT_LIMIT':
      return {
        kind: raw.kind,
        period: period(),
        limitMinor: big(raw.limitMinor, 'limitMinor'),
        usedMinor: big(raw.usedMinor, 'usedMinor'),
        amountMinor: big(raw.amountMinor, 'amountMinor'),
        remainingMinor: big(raw.remainingMinor, 'remainingMinor'),
      };
  }
  throw new Error(`rg_refusal returned an unknown kind ${String((raw as { kind: unknown }).kind)}`);
}

const PERIOD_WORDS: Readonly<Record<RgPeriod, string>> = { day: 'daily', week: 'weekly', month: 'monthly' };

const UNTIL_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h12', // 12:05 AM, not en-GB's 0:05
});

/**
 * "25/11/2026 7:35 PM IST": the end of an exclusion as a player reads it, in the shape of the
 * banner's time (`formatDateTimeMinutesIst` of @backlay/shared, `DD/MM/YYYY h:mm A`, in IST).
 */
export function formatUntil(until: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => UNTIL_FORMAT.formatToParts(until).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${Number(part('hour'))}:${part('minute')} ${part('dayPeriod').toUpperCase()} IST`;
}

/** The player-facing words of a refusal (MESSAGES templates, rupees with Indian grouping). */
export function refusalMessage(refusal: RgRefusal): string {
  const rupees = (minor: bigint) => formatPaiseGrouped(minor);
  switch (refusal.kind) {
    case 'SELF_EXCLUDED':
      return fillMessage(MESSAGES.rgSelfExcluded, { until: formatUntil(refusal.until) });
    case 'TIME_OUT':
      return fillMessage(MESSAGES.rgTimeOut, { until: formatUntil(refusal.until) });
    case 'STAKE_LIMIT':
      return fillMessage(MESSAGES.rgStakeLimit, { amount: rupees(refusal.amountMinor), limit: rupees(refusal.limitMinor) });
    case 'LOSS_LIMIT':
      return fillMessage(MESSAGES.rgLossLimit, {
        period: PERIOD_WORDS[refusal.period],
        limit: rupees(refusal.limitMinor),
        used: rupees(refusal.usedMinor < 0n ? 0n : refusal.usedMinor),
        atRisk: rupees(refusal.atRiskMinor),
      });
    case 'DEPOSIT_LIMIT':
      return fillMessage(MESSAGES.rgDepositLimit, {
        remaining: rupees(refusal.remainingMinor),
        period: PERIOD_WORDS[refusal.period],
        limit: rupees(refusal.limitMinor),
      });
  }
}

/** The refusal's facts for the error's `data` (rupees, ISO time). */
function refusalData(refusal: RgRefusal): Record<string, unknown> {
  const out: Record<string, unknown> = { kind: refusal.kind };
  for (const [key, value] of Object.entries(refusal)) {
    if (key === 'kind') continue;
    if (typeof value === 'bigint') out[key.replace(/Minor$/, '')] = paiseToRupees(value);
    else if (value instanceof Date) out[key] = value.toISOString();
    else out[key] = value;
  }
  return out;
}

/**
 * The error every refused stake, deposit or wallet debit throws: code = `refusal.kind`. A game
 * wallet maps `blocksPlayer` (time-out, self-exclusion) to its PLAYER_BLOCKED and the rest to
 * LIMIT_EXCEEDED (docs/rules/casino-wallet.md).
 */
export class RgRefusalError extends DomainError {
  readonly refusal: RgRefusal;
  readonly blocksPlayer: boolean;

  constructor(refusal: RgRefusal) {
    super(refusal.kind, refusalMessage(refusal), refusalData(refusal));
    this.refusal = refusal;
    this.blocksPlayer = refusal.kind === 'SELF_EXCLUDED' || refusal.kind === 'TIME_OUT';
  }
}
