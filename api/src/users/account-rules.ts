/**
 * Pure rules of agent-managed accounts: the fields of add-user and update-user, partnership
 * bounds and chip amounts, each reported as the first broken rule in a sentence the user can
 * act on. Rupees and percentages become paise and basis points here, at the edge.
 */
import {
  DISPLAY_NAME_MAX_LENGTH,
  MESSAGES,
  MONEY_MAX_RUPEES,
  PHONE_PATTERN,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
  type Role,
} from '@backlay/shared/contracts';
import { percentToBps } from '@backlay/shared/domain';
import { rupeesToPaise } from '../common/money';

/** Either the checked value or the message of the first broken rule. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const MONEY_MAX_MINOR = BigInt(MONEY_MAX_RUPEES) * 100n;

/** The first broken rule of a new username, or null. */
export function checkUsername(username: string): string | null {
  if (username.length === 0) return MESSAGES.usernameRequired;
  if (username.length < USERNAME_MIN_LENGTH) return MESSAGES.usernameTooShort;
  if (username.length > USERNAME_MAX_LENGTH) return MESSAGES.usernameTooLong;
  if (!USERNAME_PATTERN.test(username)) return MESSAGES.usernameInvalid;
  return null;
}

/** A percentage in [0, 100] with at most two decimals as basis points, else null. */
export function percentToBpsExact(percent: number): number | null {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  const bps = percentToBps(percent);
  return bps / 100 === percent ? bps : null;
}

/** Basis points as the percentage people read: 9000 → "90", 3333 → "33.33". */
export function formatPercent(bps: number): string {
  return String(bps / 100);
}

/** Rupees with at most two decimals, at least `minMinor` paise and at most the money cap. */
function rupeesToMinorExact(rupees: number, minMinor: bigint): bigint | 'invalid' | 'too-large' {
  let minor: bigint;
  try {
    minor = rupeesToPaise(rupees);
  } catch {
    return 'invalid';
  }
  if (minor < minMinor) return 'invalid';
  return minor > MONEY_MAX_MINOR ? 'too-large' : minor;
}

/** A chip amount: > 0 with at most two decimals, within the money cap. */
export function checkAmount(amount: number): Checked<bigint> {
  const minor = rupeesToMinorExact(amount, 1n);
  if (minor === 'invalid') return { ok: false, message: MESSAGES.amountInvalid };
  if (minor === 'too-large') return { ok: false, message: MESSAGES.amountTooLarge };
  return { ok: true, value: minor };
}

/** The editable fields of an account as sent (rupees, percentages). */
export interface AccountFieldsInput {
  displayName: string;
  phone?: string | null;
  partnership: number;
  creditReference: number;
  commission: number;
  exposureLimit: number | null;
}

/** The same fields as stored (paise, basis points). */
export interface AccountFields {
  displayName: string;
  phone: string | null;
  partnershipShareBps: number;
  creditReferenceMinor: bigint;
  commissionBps: number;
  exposureLimitMinor: bigint | null;
}

function money(rupees: number, invalid: string): bigint | string {
  const minor = rupeesToMinorExact(rupees, 0n);
  if (minor === 'invalid') return invalid;
  if (minor === 'too-large') return MESSAGES.amountTooLarge;
  return minor;
}

/**
 * Checks the fields of an account of `role`, in form order; the first broken rule wins.
 * Partnership bounds against the parent and children need the database: checkShareBounds.
 */
export function checkAccountFields(input: AccountFieldsInput, role: Role): Checked<AccountFields> {
  const fail = (message: string): Checked<AccountFields> => ({ ok: false, message });
  const displayName = input.displayName.trim();
  if (displayName.length === 0) return fail(MESSAGES.displayNameRequired);
  if (displayName.length > DISPLAY_NAME_MAX_LENGTH) return fail(MESSAGES.displayNameTooLong);
  const phone = input.phone === undefined || input.phone === null || input.phone.trim() === '' ? null : input.phone.trim();
  if (phone !== null && !PHONE_PATTERN.test(phone)) return fail(MESSAGES.phoneInvalid);
  const partnershipShareBps = percentToBpsExact(input.partnership);
  if (partnershipShareBps === null) return fail(MESSAGES.partnershipInvalid);
  if (role === 'user' && partnershipShareBps !== 0) return fail(MESSAGES.playerPartnership);
  const creditReferenceMinor = money(input.creditReference, MESSAGES.creditReferenceInvalid);
  if (typeof creditReferenceMinor === 'string') return fail(creditReferenceMinor);
  const commissionBps = percentToBpsExact(input.commission);
  if (commissionBps === null) return fail(MESSAGES.commissionInvalid);
  let exposureLimitMinor: bigint | null = null;
  if (input.exposureLimit !== null) {
    const limit = money(input.exposureLimit, MESSAGES.exposureLimitInvalid);
    if (typeof limit === 'string') return fail(limit);
    exposureLimitMinor = limit;
  }
  return {
    ok: true,
    value: { displayName, phone, partnershipShareBps, creditReferenceMinor, commissionBps, exposureLimitMinor },
  };
}

/** What a share must fit between: the parent's share (cap) and the highest child's (floor). */
export interface ShareBounds {
  parentShareBps: number | null;
  /** How the message names the parent: 'your own' (add-user) or "the parent's" (update-user). */
  parentLabel: string;
  maxChildShareBps: number | null;
}

/** docs/rules/money.md §7.9 / docs/rules/ledger-invariants.md L14: S(child) ≤ S(parent), checked on both sides of the account. */
export function checkShareBounds(shareBps: number, bounds: ShareBounds): string | null {
  if (bounds.parentShareBps !== null && shareBps > bounds.parentShareBps) {
    return `Partnership ${formatPercent(shareBps)}% must not be above ${bounds.parentLabel} ${formatPercent(bounds.parentShareBps)}%`;
  }
  if (bounds.maxChildShareBps !== null && shareBps < bounds.maxChildShareBps) {
    return (
      `Partnership ${formatPercent(shareBps)}% must not be below ${formatPercent(bounds.maxChildShareBps)}%, ` +
      'the highest share among its direct children'
    );
  }
  return null;
}
