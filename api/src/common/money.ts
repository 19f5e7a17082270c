/**
 * Money at the API edge. Inside, amounts are integer paise (bigint); the API shows rupees as
 * numbers with two decimals (ADR 0003). Conversions go through decimal strings so that no
 * amount is ever computed in floating point.
 */

/** "123.45" for 12345n, "-0.05" for -5n. */
export function formatRupees(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const rupees = abs / 100n;
  const paise = abs % 100n;
  return `${negative ? '-' : ''}${rupees.toString()}.${paise.toString().padStart(2, '0')}`;
}

/** Rupees as a JSON number with two decimals: 12345n → 123.45. */
export function paiseToRupees(minor: bigint): number {
  return Number(formatRupees(minor));
}

const RUPEES_PATTERN = /^(-)?(\d{1,15})(?:\.(\d{1,2}))?$/;

/**
 * Parses a rupee amount with at most two decimals into paise: "123.4" → 12340n. Throws a
 * RangeError for anything else (three decimals, exponents, NaN, more than 15 integer digits).
 */
export function rupeesToPaise(value: string | number): bigint {
  // A number is read through its shortest round-trip text; exponent forms are rejected.
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = RUPEES_PATTERN.exec(text);
  if (match === null) throw new RangeError(`"${String(value)}" is not an amount in rupees with at most two decimals`);
  const [, sign, whole, fraction = ''] = match;
  const minor = BigInt(whole ?? '0') * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -minor : minor;
}

