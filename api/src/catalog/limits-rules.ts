/**
 * Limits an admin sets on a market, a fancy or a sport's defaults: merged into the current ones
 * and checked in form order (min stake, max stake, max profit, bet delay, then min ≤ max). Pure.
 */
import { BET_DELAY_MAX_SEC, MARKET_LIMIT_MAX, MESSAGES, SITE_CONTENT_MESSAGES, type MarketLimits } from '@backlay/shared/contracts';
import { formatPaiseGrouped } from '@backlay/shared/domain';
import { paiseToRupees, rupeesToPaise } from '../common/money';
import type { LimitsRow } from './market-view';

export type LimitsResult = { ok: true; limits: LimitsRow } | { ok: false; message: string };

const LIMIT_MAX_MINOR = BigInt(MARKET_LIMIT_MAX) * 100n;

function money(value: number): { ok: true; minor: bigint } | { ok: false; message: string } {
  let minor: bigint;
  try {
    minor = rupeesToPaise(value);
  } catch {
    return { ok: false, message: MESSAGES.limitAmountInvalid };
  }
  if (minor <= 0n) return { ok: false, message: MESSAGES.limitAmountInvalid };
  if (minor > LIMIT_MAX_MINOR) return { ok: false, message: MESSAGES.limitAmountTooLarge };
  return { ok: true, minor };
}

/** The current limits with the given changes applied, or the first broken rule. */
export function applyLimitChanges(current: LimitsRow, changes: Partial<MarketLimits>): LimitsResult {
  const next: LimitsRow = { ...current };
  const fields = [
    ['minStake', 'minStakeMinor'],
    ['maxStake', 'maxStakeMinor'],
    ['maxProfit', 'maxProfitMinor'],
  ] as const;
  for (const [field, column] of fields) {
    const value = changes[field];
    if (value === undefined) continue;
    const parsed = money(value);
    if (!parsed.ok) return parsed;
    next[column] = parsed.minor;
  }
  if (changes.betDelaySec !== undefined) {
    const delay = changes.betDelaySec;
    if (!Number.isInteger(delay) || delay < 0 || delay > BET_DELAY_MAX_SEC) return { ok: false, message: MESSAGES.betDelayInvalid };
    next.betDelaySec = delay;
  }
  if (next.minStakeMinor > next.maxStakeMinor) return { ok: false, message: MESSAGES.stakeLimitsInvalid };
  return { ok: true, limits: next };
}

/** A site's own stake limits in paise (ADR 0074 "Content per site"); null: the market's own. */
export interface SiteStakeLimitsMinor {
  minStakeMinor: bigint | null;
  maxStakeMinor: bigint | null;
}

export type SiteLimitsResult = { ok: true; limits: SiteStakeLimitsMinor } | { ok: false; message: string };

/** A site's limits as an admin sets them (rupees, null unsets one): the market's amount rules, then min ≤ max. */
export function siteLimitsOf(minStake: number | null, maxStake: number | null): SiteLimitsResult {
  const limits: SiteStakeLimitsMinor = { minStakeMinor: null, maxStakeMinor: null };
  for (const [value, column] of [
    [minStake, 'minStakeMinor'],
    [maxStake, 'maxStakeMinor'],
  ] as const) {
    if (value === null) continue;
    const parsed = money(value);
    if (!parsed.ok) return parsed;
    limits[column] = parsed.minor;
  }
  if (limits.minStakeMinor !== null && limits.maxStakeMinor !== null && limits.minStakeMinor > limits.maxStakeMinor) {
    return { ok: false, message: MESSAGES.stakeLimitsInvalid };
  }
  return { ok: true, limits };
}

/** A market's (or fancy's) limits as a site's players get them: the higher min, the lower max. */
export function narrowLimits<T extends { minStakeMinor: bigint; maxStakeMinor: bigint }>(row: T, site: SiteStakeLimitsMinor): T {
  if (site.minStakeMinor === null && site.maxStakeMinor === null) return row;
  let min = row.minStakeMinor;
  let max = row.maxStakeMinor;
  if (site.minStakeMinor !== null && site.minStakeMinor > min) min = site.minStakeMinor;
  if (site.maxStakeMinor !== null && site.maxStakeMinor < max) max = site.maxStakeMinor;
  return { ...row, minStakeMinor: min, maxStakeMinor: max };
}

/** Placement's refusal of a stake outside the site's own limits, or null (the market's are placement's own). */
export function siteStakeRefusal(stakeMinor: bigint, site: SiteStakeLimitsMinor): string | null {
  if (site.maxStakeMinor !== null && stakeMinor > site.maxStakeMinor) {
    return `Stake ${formatPaiseGrouped(stakeMinor)} ${SITE_CONTENT_MESSAGES.stakeAboveSiteMax} ${formatPaiseGrouped(site.maxStakeMinor)}`;
  }
  if (site.minStakeMinor !== null && stakeMinor < site.minStakeMinor) {
    return `Stake ${formatPaiseGrouped(stakeMinor)} ${SITE_CONTENT_MESSAGES.stakeBelowSiteMin} ${formatPaiseGrouped(site.minStakeMinor)}`;
  }
  return null;
}

/** A market or fancy as sent (rupees) narrowed to a site's limits: what the data socket's deltas carry to that site's players. */
export function narrowShownLimits<T extends { minStake: number; maxStake: number }>(item: T, site: SiteStakeLimitsMinor): T {
  const min = site.minStakeMinor === null ? item.minStake : Math.max(item.minStake, paiseToRupees(site.minStakeMinor));
  const max = site.maxStakeMinor === null ? item.maxStake : Math.min(item.maxStake, paiseToRupees(site.maxStakeMinor));
  return min === item.minStake && max === item.maxStake ? item : { ...item, minStake: min, maxStake: max };
}
