/**
 * India's calendar days. IST is UTC+05:30 all year (no daylight saving), so a day there is a
 * fixed offset from UTC. The reports' screens show their dates as Indian days, and a file's
 * name must say the days the screen showed.
 */

const IST_OFFSET_MS = 330 * 60_000;
const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** India's calendar day (YYYY-MM-DD) of an instant. */
export function istDay(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The calendar day a report filter's date names, as the screen showed it. A plain 'YYYY-MM-DD'
 * is that day. A date-time is an instant: the screens send the first or last millisecond of the
 * chosen day in the browser's time (`localDayBound`), so an Indian browser's "from 22/11/2026" is
 * '2026-11-21T18:30:00.000Z', whose UTC date is the day before; its IST day is the one shown.
 * A date-time that does not parse keeps its date part (the range parsers read only that).
 */
export function filterDay(text: string): string {
  if (PLAIN_DAY.test(text)) return text;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? text.slice(0, 10) : istDay(ms);
}
