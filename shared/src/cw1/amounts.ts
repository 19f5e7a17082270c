/**
 * CW-1 amounts: integer minor units written as decimal strings (docs/rules/casino-wallet.md "Amounts"), never
 * floats. Parsing is strict: no sign, no leading zeros, no exponent, no spaces, at most 15 digits
 * (every value a paise column and a JS number hold exactly).
 */
import type { MinorUnits } from './protocol';

const MINOR_UNITS = /^(0|[1-9][0-9]{0,14})$/;

/** The amount in minor units, or null when `text` is not CW-1's form. */
export function parseMinorUnits(text: unknown): number | null {
  if (typeof text !== 'string' || !MINOR_UNITS.test(text)) return null;
  return Number(text);
}

/** Writes a non-negative safe integer as CW-1 minor units. */
export function formatMinorUnits(amount: number): MinorUnits {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`not a CW-1 amount: ${amount}`);
  return String(amount);
}

/** The JSON-schema pattern of a CW-1 amount, for route schemas on either side. */
export const MINOR_UNITS_PATTERN = MINOR_UNITS.source;
