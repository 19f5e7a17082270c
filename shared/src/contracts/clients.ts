/**
 * Step 2 contracts: the agent hierarchy, chip transfers, locks and the account statement.
 * Money is rupees (two decimals) at this edge; partnership is a cumulative percentage
 * (docs/rules/money.md §7.9: the share of the downline's P/L absorbed by this agent and all agents below it).
 */
import type { StatementDescription } from './statement-words';
import type { Role } from './roles';
import type { ClientSortKey, SortOrder } from './sorting';

/** Account status (a closed account cannot sign in and is kept for history). */
export type AccountStatus = 'active' | 'locked' | 'closed';

/** A row of the client list: one account of the caller's downline. */
export interface ClientRow {
  _id: string;
  username: string;
  displayName: string;
  phone: string | null;
  role: Role;
  roleLabel: string;
  status: AccountStatus;
  betLock: boolean;
  /** Username of the agent that set the account lock (null when not locked, or not recorded). */
  lockedBy: string | null;
  /** Username of the agent that set the bet lock (null when betting is open, or not recorded). */
  betLockedBy: string | null;
  balance: number;
  exposer: number;
  /** balance − exposure. */
  available: number;
  creditReference: number;
  /** Ref P/L = balance − credit reference (docs/rules/money.md §7.10). */
  refPL: number;
  /** Cumulative partnership share in percent, 0–100 (users: 0). */
  partnership: number;
  /** Commission rate in percent. */
  commission: number;
  /** Exposure limit in rupees, or null for none. */
  exposureLimit: number | null;
  /** Direct children of this account. */
  childCount: number;
  createdAt: string;
}

/** GET /api/list-clients?username&search&sort&order&page&pageSize */
export interface ListClientsQuery {
  /** Whose direct downline; default the caller. Must be the caller or in its downline. */
  username?: string;
  /** Part of a username or display name (case-insensitive); only the listed account's children match. */
  search?: string;
  /** The column to order by (CLIENT_SORT_KEYS; default username), then username. */
  sort?: ClientSortKey;
  /** Default 'asc'. */
  order?: SortOrder;
  page?: number;
  pageSize?: number;
}

/** Response data of list-clients. */
export interface ListClientsResponse {
  /** The account whose children are listed, with its ancestors from the caller down (breadcrumb). */
  parent: { _id: string; username: string; role: Role; roleLabel: string };
  path: { username: string; roleLabel: string }[];
  rows: ClientRow[];
  total: number;
  page: number;
  pageSize: number;
  /** Sums over every matching row (not only this page). */
  totals: { balance: number; exposer: number; available: number; creditReference: number; refPL: number };
}

/** POST /api/add-user: create an account one tier below the caller. */
export interface AddUserRequest {
  username: string;
  displayName: string;
  /** Absent, null or '' for none. */
  phone?: string | null;
  password: string;
  /** Must be the caller's child role (childRoleOf). */
  role: Role;
  /** Cumulative partnership in percent (agents only; ≤ the caller's; users: 0). */
  partnership: number;
  creditReference: number;
  commission: number;
  exposureLimit: number | null;
  /** The caller's transaction password. */
  transactionPassword: string;
}

/** POST /api/update-user: edit a downline account (not its username or role). */
export interface UpdateUserRequest {
  username: string;
  displayName: string;
  /** Absent, null or '' for none. */
  phone?: string | null;
  partnership: number;
  creditReference: number;
  commission: number;
  exposureLimit: number | null;
  transactionPassword: string;
}

/** POST /api/deposit-chips and /api/withdraw-chips (header Idempotency-Key required). */
export interface ChipTransferRequest {
  /** A direct child of the caller. */
  username: string;
  /** Rupees, > 0, at most two decimals. */
  amount: number;
  remark: string;
  transactionPassword: string;
}

/** Response data of a chip transfer: both balances after it. */
export interface ChipTransferResponse {
  journalId: string;
  parentBalance: number;
  childBalance: number;
}

/**
 * POST /api/users-lock and /api/bet-lock, confirmed with the caller's transaction password. Only
 * the agent that set a lock, or one above it, may lift it (403 otherwise).
 */
export interface LockRequest {
  username: string;
  lock: boolean;
  transactionPassword: string;
}

/** POST /api/change-child-password: an agent resets a downline account's password. */
export interface ChangeChildPasswordRequest {
  username: string;
  newPassword: string;
  transactionPassword: string;
}

/** GET /api/account-statement?username&startDate&endDate&page&pageSize (dates ISO, inclusive). */
export interface AccountStatementQuery {
  username?: string;
  startDate: string;
  endDate: string;
  page?: number;
  pageSize?: number;
}

/** One ledger entry of an account, with the running balance after it. */
export interface StatementRow {
  _id: string;
  date: string;
  code: string;
  /** Human description: "Chip deposit from demo-dl", remark appended (English, the SPEC's words). */
  description: string;
  /** The same description as parts (STATEMENT_WORDS), for a page that says it in its own language. */
  describe: StatementDescription;
  remark: string | null;
  credit: number;
  debit: number;
  balance: number;
}

/** Response data of account-statement. */
export interface AccountStatementResponse {
  username: string;
  openingBalance: number;
  closingBalance: number;
  rows: StatementRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** Header carrying the idempotency key of a money-moving request. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** GET /api/user-detail?username: one account of the caller's downline (response: ClientRow). */
export interface UserDetailQuery {
  username: string;
}

/** Rows per page of list-clients and account-statement when the query names none. */
export const PAGE_SIZE_DEFAULT = 25;
/** Display names: 1–50 characters, so lists and breadcrumbs stay readable. */
export const DISPLAY_NAME_MAX_LENGTH = 50;
/** Phone numbers: 7–15 digits (E.164 allows at most 15), optionally with a leading '+'. */
export const PHONE_PATTERN = /^\+?[0-9]{7,15}$/;
/** A remark on a chip transfer is stored on its journal and shown in statements. */
export const REMARK_MAX_LENGTH = 200;
/** The list search box matches usernames and display names; longer input is refused. */
export const SEARCH_MAX_LENGTH = 50;
/**
 * Largest amount in rupees any money field accepts (chip transfers, credit reference, exposure
 * limit): ₹1,000 crore. In paise that is 10^12, far inside exact double precision, so a JSON
 * number with two decimals converts to paise without rounding.
 */
export const MONEY_MAX_RUPEES = 10_000_000_000;
