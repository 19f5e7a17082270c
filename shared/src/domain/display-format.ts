/**
 * The two display formats both sides write (issue 34, ADR 0067): an amount in the Indian grouping
 * and a moment in the product's date-time pattern. The screens show them (through
 * `kernel/money.ts` and `kernel/date-format.ts`) and the API writes them into its CSV exports, so
 * a downloaded file reads as the screen does. Pure: integer arithmetic for money, no Intl.
 * And a count in words (`plural`), singular for exactly one, for any screen or message.
 */

/**
 * A count and its noun, agreeing: plural(1, 'bet') → "1 bet", plural(0, 'bet') → "0 bets",
 * plural(2, 'match', 'matches') → "2 matches" (`many` for a plural that is not the noun + "s").
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * Paise as rupees in the Indian grouping: 123456789n → "12,34,567.89" (the last three digits of
 * the rupees, then groups of two), -5n → "-0.05". Exact for any bigint (past 2^53 paise too).
 */
export function formatPaiseGrouped(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = (abs / 100n).toString();
  const paise = (abs % 100n).toString().padStart(2, '0');
  const lastThree = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const grouped = rest.length === 0 ? lastThree : `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${lastThree}`;
  return `${negative ? '-' : ''}${grouped}.${paise}`;
}

/**
 * A moment as every screen shows it with seconds (docs/rules/product.md §2: `DD/MM/YYYY h:mm:ss A`):
 * bets, settlements, statements, rounds, sign-ins. The one home of that format (issue 31).
 */
export const DATE_TIME_SECONDS_FORMAT = 'DD/MM/YYYY h:mm:ss A';

/** A moment to the minute (`DD/MM/YYYY h:mm A`): match start times, news, limits taking effect. */
export const DATE_TIME_MINUTES_FORMAT = 'DD/MM/YYYY h:mm A';

const TOKENS = /YYYY|MM|DD|HH|hh|h|mm|ss|A/g;
const two = (n: number) => String(n).padStart(2, '0');

/** India Standard Time: UTC+5:30 all year (India keeps no daylight saving), the product's zone. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/**
 * `value` (a Date, an ISO string or epoch ms) in `pattern` (YYYY MM DD HH hh h mm ss A, other
 * characters as they are, the tokens as moment reads them) on the browser's clock (`local`) or on
 * India's (`IST`: the instant moved by the offset, read in UTC).
 */
export function formatInstant(value: Date | string | number, pattern: string, zone: 'local' | 'IST'): string {
  const given = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(given.getTime())) return 'Invalid date';
  const utc = zone === 'IST';
  const d = utc ? new Date(given.getTime() + IST_OFFSET_MS) : given;
  const hours = utc ? d.getUTCHours() : d.getHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  const parts: Record<string, string> = {
    YYYY: String(utc ? d.getUTCFullYear() : d.getFullYear()).padStart(4, '0'),
    MM: two((utc ? d.getUTCMonth() : d.getMonth()) + 1),
    DD: two(utc ? d.getUTCDate() : d.getDate()),
    HH: two(hours),
    hh: two(twelve),
    h: String(twelve),
    mm: two(utc ? d.getUTCMinutes() : d.getMinutes()),
    ss: two(utc ? d.getUTCSeconds() : d.getSeconds()),
    A: hours < 12 ? 'AM' : 'PM',
  };
  return pattern.replace(TOKENS, (token) => parts[token] ?? token);
}
