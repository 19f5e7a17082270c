import type { DepositWithdrawListRequest } from '../contracts/index';
import { sharedT } from '../i18n/shared-catalog';
import { localDayBound } from '../kernel/date-format';

/**
 * The Type filter of a deposit or withdraw statement (docs/rules/product.md §2) and the reportType
 * each option sends (English; a screen's select takes reportTypeOptions()).
 */
export const REPORT_TYPES: ReadonlyArray<{ value: DepositWithdrawListRequest['reportType']; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'approved', label: 'Approved' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
];

/**
 * The request's date range as the API reads it: the local start and end of the chosen days
 * (`YYYY-MM-DD`) as ISO times (the API counts whole UTC days of their date parts, so the local
 * days are covered).
 */
export function listRange(from: string, to: string): { startDate: string; endDate: string } {
  return { startDate: localDayBound(from, 'start').toISOString(), endDate: localDayBound(to, 'end').toISOString() };
}

/** REPORT_TYPES as the select shows them, in the page's language (call at render). */
export function reportTypeOptions(): { value: DepositWithdrawListRequest['reportType']; label: string }[] {
  return REPORT_TYPES.map(({ value }) => ({ value, label: sharedT(`reportType.${value}`) }));
}

const PAYMENT_WORDS = new Set(['approved', 'pending', 'rejected', 'deposit', 'withdraw']);

/**
 * A deposit or withdraw request's status (or type) as it reads, in the page's language:
 * 'approved' → 'Approved'; a word this page does not know is capitalised.
 */
export function paymentStatusLabel(status: string): string {
  if (PAYMENT_WORDS.has(status)) return sharedT(`paymentStatus.${status as 'approved' | 'pending' | 'rejected' | 'deposit' | 'withdraw'}`);
  return status.charAt(0).toUpperCase() + status.slice(1);
}
