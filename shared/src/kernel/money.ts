import { MONEY_MAX_RUPEES } from '../contracts/clients';
import { MESSAGES } from '../contracts/messages';
import { formatPaiseGrouped } from '../domain/display-format';

/**
 * Format an amount in rupees, as the API sends it, for display in the Indian grouping
 * (1,00,000.00), through the one formatter the API's CSV exports use too (ADR 0067). Display
 * only: money is never computed from the formatted string.
 */
export function formatRupees(rupees: number): string {
  return Number.isFinite(rupees) ? formatPaiseGrouped(BigInt(Math.round(rupees * 100))) : String(rupees);
}

/**
 * Whole rupees in the Indian grouping, for limits (a table's or a market's minimum and maximum
 * stake): 100000 → "1,00,000", 2500.5 → "2,501" (rounded half up). The grouping of formatRupees;
 * no Intl: a page's first `Intl.NumberFormat` loads ICU's number data, 40 ms of a phone's main
 * thread, and the odds page made a formatter for each limit it drew (docs/bench/first-page.md).
 */
export function formatWholeRupees(rupees: number): string {
  return Number.isFinite(rupees) ? formatPaiseGrouped(BigInt(Math.round(rupees)) * 100n).slice(0, -3) : String(rupees);
}

/**
 * The sum of rupee amounts (negative to subtract), added in whole paise so 0.1 + 0.2 shows as
 * 0.30. For previews only (a balance after a transfer); the server computes every real balance.
 */
export function sumRupeesForDisplay(...amounts: number[]): number {
  return amounts.reduce((paise, rupees) => paise + Math.round(rupees * 100), 0) / 100;
}

/** True when a typed amount has at most two decimals (rupees and paise), e.g. '10', '10.5', '10.25'. */
export function hasAtMostTwoDecimals(text: string): boolean {
  return /^\d+(\.\d{1,2})?$/.test(text.trim());
}

/**
 * Null for a typed amount of money a form accepts (rupees above 0, at most two decimals, within
 * MONEY_MAX_RUPEES), else the API's message of why not (empty: required). The one home of the rule
 * of the chip transfer, deposit and withdraw amounts; the server checks it again.
 */
export function rupeeAmountError(text: string): string | null {
  const typed = text.trim();
  if (typed === '') return MESSAGES.amountRequired;
  if (!hasAtMostTwoDecimals(typed) || Number(typed) <= 0) return MESSAGES.amountInvalid;
  return Number(typed) > MONEY_MAX_RUPEES ? MESSAGES.amountTooLarge : null;
}

/**
 * A typed stake in rupees, or null unless it is an amount above 0 with at most two decimals. The
 * bet slips of every remote read their stake field with it; the server still checks the limits.
 */
export function parseStake(text: string): number | null {
  const t = text.trim();
  return hasAtMostTwoDecimals(t) && Number(t) > 0 ? Number(t) : null;
}

/** Rupees as the API sends them → whole paise, the unit of the pure maths of `domain`. */
export function toMinor(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Whole paise → rupees, for display. */
export function toRupees(minor: number): number {
  return minor / 100;
}
