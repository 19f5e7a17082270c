import { ApiError } from '../kernel/errors';
import type { BankAndUpiList, PaymentRequestRow, PaymentSettings, SavedBankAccount, SavedUpi } from '../contracts/index';
import { MESSAGES } from '../contracts/messages';
import type { Apis } from '../kernel/apis';
import '../payments/index';

type PaymentsApi = Apis['payments'];

/** What a memory fake starts with. */
export interface MemoryPaymentsSeed {
  /** The signed-in account: the owner of the requests it files. */
  username?: string;
  settings?: PaymentSettings;
  bank?: { accountHolderName: string; accountNumber: string; ifscCode: string }[];
  upi?: string[];
  requests?: PaymentRequestRow[];
  /** The clock of the rows it files (ISO). */
  now?: () => string;
}

/** A memory fake of the payments API, with what it holds for the test to read. */
export interface MemoryPayments extends PaymentsApi {
  /** The requests filed or seeded, oldest first (a live view). */
  readonly requests: readonly PaymentRequestRow[];
}

/** The server's display of a saved account number: all but the last four digits hidden (API payment-rules). */
const masked = (accountNumber: string): string => (accountNumber.length <= 4 ? accountNumber : `${'X'.repeat(accountNumber.length - 4)}${accountNumber.slice(-4)}`);

const EMPTY_SETTINGS: PaymentSettings = { upiId: '', upiName: '', accountHolderName: '', accountNumber: '', ifscCode: '' };

/**
 * A working in-memory payments API (ADR 0051): saved bank accounts and UPI ids are added, listed
 * (numbers masked, as the server shows them) and deleted; deposits and withdraws are filed as
 * pending requests (one per Idempotency-Key, a repeat answers the first), listed back by type,
 * status, day range and user, and decided once. Refusals are the server's messages as ApiErrors.
 * A test that asserts calls wraps a method: `jest.spyOn(payments, 'addUpi')`.
 */
export function memoryPayments(seed: MemoryPaymentsSeed = {}): MemoryPayments {
  const username = seed.username ?? 'demo-user';
  const now = seed.now ?? (() => new Date().toISOString());
  let nextId = 1;
  const newId = (prefix: string) => `${prefix}${nextId++}`;
  const bank: (SavedBankAccount & { fullNumber: string })[] = (seed.bank ?? []).map((b) => ({ ...b, _id: newId('b'), accountNumber: masked(b.accountNumber), fullNumber: b.accountNumber }));
  const upi: SavedUpi[] = (seed.upi ?? []).map((upiId) => ({ _id: newId('u'), upiId }));
  const requests: PaymentRequestRow[] = [...(seed.requests ?? [])];
  const byKey = new Map<string, PaymentRequestRow>();
  let settings = seed.settings ?? EMPTY_SETTINGS;

  const file = (key: string, row: Omit<PaymentRequestRow, '_id' | 'createdAt' | 'status' | 'remark' | 'username' | 'decidedAt' | 'decidedBy'>, message: string) => {
    const repeat = byKey.get(key);
    if (repeat) return Promise.resolve({ data: repeat, message });
    const filed: PaymentRequestRow = { ...row, _id: newId('r'), createdAt: now(), status: 'pending', remark: 'ok', username, decidedAt: null, decidedBy: null };
    requests.push(filed);
    byKey.set(key, filed);
    return Promise.resolve({ data: filed, message });
  };

  const api: PaymentsApi = {
    addBankAccount: async (body) => {
      if (bank.some((b) => b.fullNumber === body.accountNumber && b.ifscCode === body.ifscCode)) throw new ApiError(MESSAGES.bankAccountDuplicate, 409, 'CONFLICT');
      bank.push({ _id: newId('b'), accountHolderName: body.accountHolderName, accountNumber: masked(body.accountNumber), ifscCode: body.ifscCode, fullNumber: body.accountNumber });
      return { data: { success: true }, message: MESSAGES.bankAccountAdded };
    },
    addUpi: async (body) => {
      if (upi.some((u) => u.upiId === body.upiId)) throw new ApiError(MESSAGES.upiDuplicate, 409, 'CONFLICT');
      upi.push({ _id: newId('u'), upiId: body.upiId });
      return { data: { success: true }, message: MESSAGES.upiAdded };
    },
    deleteUpiBank: async ({ type, id }) => {
      const list: { _id: string }[] = type === 'bank' ? bank : upi;
      const at = list.findIndex((a) => a._id === id);
      if (at < 0) throw new ApiError(MESSAGES.savedAccountNotFound, 404, 'NOT_FOUND');
      list.splice(at, 1);
      return { data: { success: true }, message: type === 'bank' ? MESSAGES.bankAccountDeleted : MESSAGES.upiDeleted };
    },
    bankAndUpiList: async (): Promise<BankAndUpiList> => ({ bank: bank.map(({ fullNumber: _, ...b }) => b), upi: upi.map((u) => ({ ...u })) }),
    addDeposit: (submission, key) =>
      file(key, { type: 'deposit', amount: Number(submission.amount), accountType: submission.accountType, utrno: submission.utrno, screenshotUrl: `/api/payment-screenshot/${nextId}`, payTo: null }, MESSAGES.depositRequested),
    addWithdraw: (body, key) => {
      const payTo =
        body.accountType === 'upi'
          ? upi.find((u) => u._id === body.bankDetail)?.upiId
          : bank.filter((b) => b._id === body.bankDetail).map((b) => [b.accountHolderName, b.accountNumber, b.ifscCode].join(' · '))[0];
      if (payTo === undefined) return Promise.reject(new ApiError(MESSAGES.savedAccountNotFound, 404, 'NOT_FOUND'));
      return file(key, { type: 'withdraw', amount: body.amount, accountType: body.accountType, utrno: null, screenshotUrl: null, payTo }, MESSAGES.withdrawRequested);
    },
    depositWithdrawList: async (query) =>
      requests.filter(
        (r) =>
          r.type === query.type &&
          (query.reportType === 'all' || r.status === query.reportType) &&
          (query.username === undefined || r.username === query.username) &&
          r.createdAt.slice(0, 10) >= query.startDate.slice(0, 10) &&
          r.createdAt.slice(0, 10) <= query.endDate.slice(0, 10),
      ),
    pendingPayments: async () => {
      const queue = (type: PaymentRequestRow['type']) => {
        const waiting = requests.filter((r) => r.type === type && r.status === 'pending').map((r) => r.createdAt).sort();
        return { count: waiting.length, oldestAt: waiting[0] ?? null };
      };
      return { deposit: queue('deposit'), withdraw: queue('withdraw') };
    },
    paymentSettings: async () => ({ ...settings }),
    savePaymentSettings: async (next) => {
      settings = { ...next };
      return { data: { ...settings }, message: MESSAGES.paymentSettingsSaved };
    },
    updateStatus: async ({ id, status }) => {
      const row = requests.find((r) => r._id === id);
      if (!row || row.status !== 'pending') throw new ApiError(MESSAGES.paymentRequestNotFound, 404, 'NOT_FOUND');
      Object.assign(row, { status, decidedAt: now(), decidedBy: 'upline' });
      const message = { deposit: { approved: MESSAGES.depositApproved, rejected: MESSAGES.depositRejected }, withdraw: { approved: MESSAGES.withdrawApproved, rejected: MESSAGES.withdrawRejected } }[row.type][status];
      return { data: { ...row }, message };
    },
    screenshot: async (url) => {
      if (!requests.some((r) => r.screenshotUrl === url)) throw new ApiError(MESSAGES.paymentRequestNotFound, 404, 'NOT_FOUND');
      return new Blob(['png'], { type: 'image/png' });
    },
  };
  return Object.assign(api, { requests });
}
