/** A stored account as the API shows it (paise → rupees, basis points → percent). Pure. */
import { ROLE_LABELS, type ClientRow } from '@backlay/shared/contracts';
import { availableMinor, refPnlMinor } from '@backlay/shared/domain';
import type { CsvColumn } from '../common/csv';
import { paiseToRupees } from '../common/money';
import type { ClientRecord } from './users.repository';

/** Ref P/L in paise (docs/rules/money.md §7.10) from bigint paise, through the shared maths. */
export function refPlMinor(balanceMinor: bigint, creditReferenceMinor: bigint): bigint {
  return BigInt(refPnlMinor(Number(balanceMinor), Number(creditReferenceMinor)));
}

export function toClientRow(record: ClientRecord): ClientRow {
  return {
    _id: record.id,
    username: record.username,
    displayName: record.displayName,
    phone: record.phone,
    role: record.role,
    roleLabel: ROLE_LABELS[record.role],
    status: record.status,
    betLock: record.betLock,
    lockedBy: record.lockedBy,
    betLockedBy: record.betLockedBy,
    balance: paiseToRupees(record.balanceMinor),
    exposer: paiseToRupees(record.exposureMinor),
    available: paiseToRupees(BigInt(availableMinor(Number(record.balanceMinor), Number(record.exposureMinor)))),
    creditReference: paiseToRupees(record.creditReferenceMinor),
    refPL: paiseToRupees(refPlMinor(record.balanceMinor, record.creditReferenceMinor)),
    partnership: record.partnershipShareBps / 100,
    commission: record.commissionBps / 100,
    exposureLimit: record.exposureLimitMinor === null ? null : paiseToRupees(record.exposureLimitMinor),
    childCount: record.childCount,
    createdAt: record.createdAt.toISOString(),
  };
}

/** A line of the exported client list: an account, or the totals row the screen ends with. */
export type ClientCsvRow = ClientRecord | { total: true; balanceMinor: bigint; exposureMinor: bigint; creditReferenceMinor: bigint };

const isTotal = (r: ClientCsvRow): r is Extract<ClientCsvRow, { total: true }> => 'total' in r;
const availableOf = (r: ClientCsvRow) => BigInt(availableMinor(Number(r.balanceMinor), Number(r.exposureMinor)));

/** The client list's columns (ClientList), amounts from the same paise as toClientRow (ADR 0067). */
export const CLIENT_CSV_COLUMNS: readonly CsvColumn<ClientCsvRow>[] = [
  { header: 'Username', value: (r) => (isTotal(r) ? 'Total' : r.username) },
  { header: 'Name', value: (r) => (isTotal(r) ? null : r.displayName) },
  { header: 'Role', value: (r) => (isTotal(r) ? null : ROLE_LABELS[r.role]) },
  { header: 'Balance', value: (r) => ({ paise: r.balanceMinor }) },
  { header: 'Exposure', value: (r) => ({ paise: r.exposureMinor }) },
  // The totals row's available is balance − exposure, as list-clients' totals.
  { header: 'Available', value: (r) => ({ paise: isTotal(r) ? r.balanceMinor - r.exposureMinor : availableOf(r) }) },
  { header: 'Credit ref.', value: (r) => ({ paise: r.creditReferenceMinor }) },
  { header: 'Ref P/L', value: (r) => ({ paise: refPlMinor(r.balanceMinor, r.creditReferenceMinor) }) },
  { header: 'Partnership %', value: (r) => (isTotal(r) ? null : r.partnershipShareBps / 100) },
  { header: 'Status', value: (r) => (isTotal(r) ? null : r.status) },
  { header: 'Bet lock', value: (r) => (isTotal(r) ? null : r.betLock ? 'Locked' : 'Open') },
  { header: 'Created', value: (r) => (isTotal(r) ? null : { at: r.createdAt }) },
];
