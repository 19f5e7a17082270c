/**
 * Step 5 contracts: deposits and withdrawals by UPI and bank transfer with manual approval by the
 * upline, saved accounts and statements (docs/rules/product.md §2 Deposit/Withdraw/Statement, §3, §5, §7
 * "Payments"). Amounts are rupees at this edge; statuses are the filter values of docs/rules/product.md §4.
 */
import type { PaymentSortKey, SortOrder } from './sorting';

/** Payment settings of the operator (GET get-payment-list; set by admin/sadmin). */
export interface PaymentSettings {
  upiId: string;
  upiName: string;
  accountHolderName: string;
  accountNumber: string;
  ifscCode: string;
}

/** A saved bank account of a player. */
export interface SavedBankAccount {
  _id: string;
  accountHolderName: string;
  accountNumber: string;
  ifscCode: string;
}

/** A saved UPI id of a player. */
export interface SavedUpi {
  _id: string;
  upiId: string;
}

/** POST add-bank-account; response data {success: true}. */
export interface AddBankAccountRequest {
  accountHolderName: string;
  accountNumber: string;
  ifscCode: string;
}

/** POST add-upi; response data {success: true}. */
export interface AddUpiRequest {
  upiId: string;
}

/** POST delete-upi-bank {type, id}. */
export interface DeleteUpiBankRequest {
  type: 'bank' | 'upi';
  id: string;
}

/** GET get-bank-and-upi-list → data {bank, upi}. */
export interface BankAndUpiList {
  bank: SavedBankAccount[];
  upi: SavedUpi[];
}

/** Request status (docs/rules/product.md §4 filter values). */
export type PaymentStatus = 'approved' | 'pending' | 'rejected';

/**
 * POST add-deposit-withdraw. A deposit is multipart (remark, type, imageUrl = the screenshot
 * file, accountType, amount, utrno); a withdraw is a plain JSON body with bankDetail.
 * Header Idempotency-Key required (a repeat returns the first result).
 */
export interface WithdrawRequestBody {
  type: 'withdraw';
  amount: number;
  /** Always 'ok' from the player screen (docs/rules/product.md §3). */
  remark: string;
  accountType: 'upi' | 'bank';
  /** The chosen saved account's id. */
  bankDetail: string;
}

/** POST get-deposit-withdraw-list {type, startDate, endDate, reportType}. */
export interface DepositWithdrawListRequest {
  type: 'deposit' | 'withdraw';
  /** ISO dates, inclusive. */
  startDate: string;
  endDate: string;
  /** 'all' or a status. */
  reportType: 'all' | PaymentStatus;
  /** Admin screens: whose requests (default the caller's downline / the player's own). */
  username?: string;
  /** Admin screens: part of a username or UTR (case-insensitive), within the caller's downline. */
  search?: string;
  /** The column to order by (PAYMENT_SORT_KEYS), then newest first; without it, newest first. */
  sort?: PaymentSortKey;
  /** Default 'asc' (with sort). */
  order?: SortOrder;
}

/** A statement row (docs/rules/product.md §3) with what the admin screens also need. */
export interface PaymentRequestRow {
  _id: string;
  type: 'deposit' | 'withdraw';
  amount: number;
  createdAt: string;
  status: PaymentStatus;
  remark: string;
  accountType: 'upi' | 'bank';
  /** Deposit: the UTR. */
  utrno: string | null;
  /** Deposit: authorised URL of the re-encoded screenshot (owner and upline only). */
  screenshotUrl: string | null;
  /** Withdraw: where to pay (masked account number / UPI id). */
  payTo: string | null;
  username: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

/** GET pending-payments (agents, issue 34): the downline's requests waiting for a decision, per type. */
export interface PendingPayments {
  deposit: PendingQueue;
  withdraw: PendingQueue;
}

export interface PendingQueue {
  count: number;
  /** When the oldest pending request was made; null when none waits. */
  oldestAt: string | null;
}

/** POST update-deposit-withdraw-status (Idempotency-Key header; transaction password). */
export interface UpdateDepositWithdrawStatusRequest {
  id: string;
  status: 'approved' | 'rejected';
  /** Absent for none, as ''. */
  remark?: string;
  transactionPassword: string;
}

/** Deposit range defaults (docs/rules/product.md §10: enforced by the server, configurable in settings). */
export const DEPOSIT_MIN_RUPEES_DEFAULT = 100;
export const DEPOSIT_MAX_RUPEES_DEFAULT = 100_000;
/** Screenshot upload limit. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Accepted screenshot types (checked by content, not by name). */
export const UPLOAD_TYPES = ['image/png', 'image/jpeg'] as const;
/** IFSC: 4 letters, 0, 6 alphanumerics. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** UPI id: handle@provider. */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{2,64}$/;
/** Bank account numbers: 9–18 digits. */
export const ACCOUNT_NUMBER_PATTERN = /^[0-9]{9,18}$/;
/** UTR: 12–22 alphanumerics. */
export const UTR_PATTERN = /^[A-Za-z0-9]{12,22}$/;

/** Response data of add-bank-account, add-upi and delete-upi-bank (docs/rules/product.md §7: data.data.success). */
export interface PaymentSuccess {
  success: true;
}

/** The multipart field that carries the deposit screenshot (docs/rules/product.md §7). */
export const UPLOAD_FIELD = 'imageUrl';
/** Decoding stops above this many pixels (decompression bombs; sharp's own default is 268 Mpx). */
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** Stored screenshots are re-encoded to at most this width and height. */
export const UPLOAD_MAX_DIMENSION_PX = 2560;
/** The authorised address of a stored screenshot (owner and upline only; send the bearer token). */
export function paymentScreenshotPath(id: string): string {
  return `/api/payment-screenshot/${id}`;
}

/** Account holder names: 2–100 letters (any script), spaces, dots, hyphens and apostrophes. */
export const ACCOUNT_HOLDER_NAME_PATTERN = /^[\p{L}][\p{L} .'-]{1,99}$/u;
/** UPI payee names shown on the deposit page. */
export const UPI_NAME_MAX_LENGTH = 100;
/** A player keeps at most this many bank accounts, and as many UPI ids. */
export const SAVED_ACCOUNTS_MAX = 10;
/** A player has at most this many pending requests of each type (bounds holds and stored screenshots). */
export const PENDING_REQUESTS_MAX = 10;
/** get-deposit-withdraw-list answers at most this many rows, newest first. */
export const PAYMENT_LIST_MAX_ROWS = 1000;
