/**
 * The UPI payment link inside the deposit page's QR code (docs/rules/product.md §10: a real link with the
 * configured UPI id, the amount and a transaction reference, rendered locally). Pure functions,
 * so the exact link a player's UPI app receives is pinned by table tests.
 */

/** docs/rules/product.md §9: the transaction reference is a random whole number from 100000 to 999999. */
export const TRANSACTION_REF_MIN = 100_000;
export const TRANSACTION_REF_MAX = 999_999;
/** The note a UPI app shows with the payment. */
export const UPI_NOTE = 'Backlay deposit';
/** Deposits are in Indian rupees. */
export const UPI_CURRENCY = 'INR';

/** A random transaction reference in [100000, 999999]; `random` is Math.random's contract. */
export function randomTransactionRef(random: () => number = Math.random): number {
  const span = TRANSACTION_REF_MAX - TRANSACTION_REF_MIN + 1;
  return TRANSACTION_REF_MIN + Math.min(span - 1, Math.floor(random() * span));
}

/**
 * An amount in rupees with exactly two decimals ('150' → '150.00', '0.5' → '0.50'), computed in
 * whole paise so no binary fraction shows up in the link.
 */
export function formatUpiAmount(rupees: number): string {
  const paise = Math.round(rupees * 100);
  const whole = Math.floor(paise / 100);
  return `${whole}.${String(paise % 100).padStart(2, '0')}`;
}

/**
 * One query value, percent-encoded (spaces as %20, never '+'). '@' stays as it is: it is legal in
 * a query (RFC 3986 pchar) and some UPI apps do not decode %40 in the payee address.
 */
export function encodeUpiValue(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, '@');
}

export interface UpiPayment {
  /** Payee address (pa), e.g. backlay@okaxis. */
  upiId: string;
  /** Payee name (pn). */
  upiName: string;
  /** Amount in rupees (am), shown with two decimals. */
  amountRupees: number;
  /** Transaction reference (tr), 100000–999999. */
  transactionRef: number;
}

/**
 * upi://pay?pa=…&pn=…&am=…&cu=INR&tr=…&tn=Backlay%20deposit — the NPCI deep-link form every UPI
 * app opens with the payee, amount and reference filled in.
 */
export function buildUpiPaymentLink({ upiId, upiName, amountRupees, transactionRef }: UpiPayment): string {
  if (!Number.isInteger(transactionRef) || transactionRef < TRANSACTION_REF_MIN || transactionRef > TRANSACTION_REF_MAX) {
    throw new RangeError(`transaction reference ${transactionRef} is outside ${TRANSACTION_REF_MIN}–${TRANSACTION_REF_MAX}`);
  }
  const params: [string, string][] = [
    ['pa', upiId.trim()],
    ['pn', upiName.trim()],
    ['am', formatUpiAmount(amountRupees)],
    ['cu', UPI_CURRENCY],
    ['tr', String(transactionRef)],
    ['tn', UPI_NOTE],
  ];
  return `upi://pay?${params.map(([key, value]) => `${key}=${encodeUpiValue(value)}`).join('&')}`;
}
