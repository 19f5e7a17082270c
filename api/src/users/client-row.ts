/** A stored account as the API shows it (paise → rupees, basis points → percent). Pure. */
import { ROLE_LABELS, type ClientRow } from '@backlay/shared/contracts';
import { availableMinor, refPnlMinor } from '@backlay/shared/domain';
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
