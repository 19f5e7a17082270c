import type { DepositWithdrawListRequest } from '../contracts/index';
import { localDayBound } from '../kernel/date-format';

/** The Type filter of a deposit or withdraw statement (docs/rules/product.md §2) and the reportType each option sends. */
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

/** A deposit or withdraw request's status as it reads: 'approved' → 'Approved'. */
export function paymentStatusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
