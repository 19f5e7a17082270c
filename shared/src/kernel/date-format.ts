/**
 * Dates in the product's display formats (docs/rules/product.md §2: `DD/MM/YYYY h:mm A` and the like) for the
 * screens on a player's first page, without moment. moment (≈19 KB gzip) stays the stack's date
 * library for the screens that need its arithmetic and parsing; those load it with their own
 * route chunk, so the landing page does not (ADR 0025, the 200 KB first-page budget). The tokens
 * mean what they mean in moment, in local time, and the unit test checks the output against
 * moment's for every token.
 */

import { DATE_TIME_MINUTES_FORMAT, DATE_TIME_SECONDS_FORMAT, formatInstant } from '../domain/display-format';

// The patterns' home is domain/display-format.ts: the API's CSV exports write the same (ADR 0067).
export { DATE_TIME_MINUTES_FORMAT, DATE_TIME_SECONDS_FORMAT };

/** `value` (a Date, an ISO string or epoch ms) in `pattern`: YYYY MM DD HH hh h mm ss A, other characters as they are. */
export function formatDate(value: Date | string | number, pattern: string): string {
  return formatInstant(value, pattern, 'local');
}

/** `value` with seconds in the product's format; none (yet) reads —. */
export function formatDateTimeSeconds(value: Date | string | number | null): string {
  return value === null ? '—' : formatDate(value, DATE_TIME_SECONDS_FORMAT);
}

/** `value` to the minute in the product's format; none (yet) reads —. */
export function formatDateTimeMinutes(value: Date | string | number | null): string {
  return value === null ? '—' : formatDate(value, DATE_TIME_MINUTES_FORMAT);
}

/**
 * `value` to the minute in India Standard Time whatever the browser's zone, marked IST
 * (`28/11/2026 10:30 PM IST`): for the times the product states as rules, such as the end of a
 * responsible-gambling time-out.
 */
export function formatDateTimeMinutesIst(value: Date | string | number): string {
  const text = formatInstant(value, DATE_TIME_MINUTES_FORMAT, 'IST');
  return text === 'Invalid date' ? text : `${text} IST`;
}

/** The value format of a date input (`YYYY-MM-DD`). */
export const INPUT_DATE_FORMAT = 'YYYY-MM-DD';

/** `date` moved by `days` calendar days in local time (the clock time kept across DST changes). */
export function addDays(date: Date, days: number): Date {
  const next = new Date(date.getTime());
  next.setDate(next.getDate() + days);
  return next;
}

/** The local start (00:00:00.000) or end (23:59:59.999) of a date input's `YYYY-MM-DD` day. */
export function localDayBound(ymd: string, bound: 'start' | 'end'): Date {
  const [y, m, d] = ymd.split('-').map(Number);
  return bound === 'start' ? new Date(y, m - 1, d, 0, 0, 0, 0) : new Date(y, m - 1, d, 23, 59, 59, 999);
}
