/**
 * Betfair's numbers to ours, exactly. Prices are decimal odds on Betfair's ladder (1.01 to 1000,
 * at most two decimals) and become integer hundredths; sizes are GBP with at most two decimals
 * and become integer pence, then paise at a rate held in hundredths of a rupee per pound. JSON
 * numbers like 1.13 are not exact in binary, so each is rounded to the nearest hundredth and
 * refused when it is not within a millionth of one (never a price the ladder cannot hold).
 */

/** Betfair's lowest and highest prices, in hundredths. */
export const MIN_PRICE_HUNDREDTHS = 101;
export const MAX_PRICE_HUNDREDTHS = 100_000;

/** The number × 100 as an integer, or null when it has more than two decimals (or is not finite). */
export function toHundredths(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const scaled = value * 100;
  const rounded = Math.round(scaled);
  return Math.abs(scaled - rounded) < 1e-6 ? rounded : null;
}

/** A Betfair price in hundredths of decimal odds (1.13 → 113), or null when it is not a ladder price. */
export function priceHundredths(price: number): number | null {
  const h = toHundredths(price);
  return h !== null && h >= MIN_PRICE_HUNDREDTHS && h <= MAX_PRICE_HUNDREDTHS ? h : null;
}

/** A Betfair size (GBP) in pence (18.62 → 1862), or null when negative or not a money amount. */
export function sizePence(size: number): number | null {
  const pence = toHundredths(size);
  return pence !== null && pence >= 0 ? pence : null;
}

/**
 * Pence at `rateHundredths` (rupees per pound × 100, e.g. 10500 for ₹105.00) in paise, rounded
 * down: the liquidity shown is never more than the provider offered. paise = pence × rate / 100.
 */
export function penceToPaise(pence: number, rateHundredths: number): number {
  return Number((BigInt(pence) * BigInt(rateHundredths)) / 100n);
}

/**
 * Parses a rate written as a decimal number with at most two decimals ("105", "105.5",
 * "105.25") into hundredths without a float on the way; null when malformed or not positive.
 */
export function parseRateHundredths(text: string): number | null {
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (match === null) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return value > 0 ? value : null;
}
