import moment from 'moment';
import { type DepositWithdrawListRequest } from '@backlay/shared';

export { useLoad, type Load } from '@backlay/shared';

/** The Type filter of docs/rules/product.md §2 and the reportType each option sends. */
export const REPORT_TYPES: ReadonlyArray<{ value: DepositWithdrawListRequest['reportType']; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'approved', label: 'Approved' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
];

const INPUT_DATE = 'YYYY-MM-DD';

/**
 * The request's date range as the API reads it: the local start and end of the chosen days as
 * ISO times (the API counts whole UTC days of their date parts, so the local days are covered).
 */
export function listRange(from: string, to: string): { startDate: string; endDate: string } {
  return { startDate: moment(from, INPUT_DATE).startOf('day').toISOString(), endDate: moment(to, INPUT_DATE).endOf('day').toISOString() };
}

/** 'approved' → 'Approved'. */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export { SelectField } from '@backlay/shared';
