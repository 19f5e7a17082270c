/**
 * Limits an admin sets on a market, a fancy or a sport's defaults: merged into the current ones
 * and checked in form order (min stake, max stake, max profit, bet delay, then min ≤ max). Pure.
 */
import { BET_DELAY_MAX_SEC, MARKET_LIMIT_MAX, MESSAGES, type MarketLimits } from '@backlay/shared/contracts';
import { rupeesToPaise } from '../common/money';
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
