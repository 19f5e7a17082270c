import moment from 'moment';
import type { MarketType } from '@backlay/shared';

/** Start times on sports screens (the product's date format with minutes, 12-hour clock). */
export const MATCH_TIME_FORMAT = 'DD/MM/YYYY h:mm A';

/** A match's scheduled start as players read it. */
export function formatMatchTime(iso: string): string {
  return moment(iso).format(MATCH_TIME_FORMAT);
}

/**
 * A price as the ladder shows it. Exchange odds are decimals without trailing zeros (1.85, 2,
 * 10.5); bookmaker prices are rates in paise of a rupee (0.85 is shown 85, RULES §7.2).
 */
export function formatPrice(price: number, type: MarketType = 'match_odds'): string {
  if (type === 'bookmaker') return String(Math.round(price * 100));
  return String(Math.round(price * 100) / 100);
}

/**
 * Money available at a price, compact enough for a phone's ladder cell: whole rupees below a
 * thousand, then thousands (K) and lakhs (L) with one decimal.
 */
export function formatSize(rupees: number): string {
  if (rupees < 1_000) return String(Math.round(rupees));
  if (rupees < 100_000) return `${trimOne(rupees / 1_000)}K`;
  return `${trimOne(rupees / 100_000)}L`;
}

function trimOne(n: number): string {
  return String(Math.floor(n * 10) / 10);
}

/** A stake limit in whole rupees with Indian digit grouping (1,00,000). */
export function formatLimit(rupees: number): string {
  return new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(rupees);
}
