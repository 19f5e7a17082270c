/**
 * Pure rules of payments: the forms of docs/rules/product.md §5 (deposit, withdraw, bank account, UPI id,
 * payment settings) checked in form order with the spec's messages, the deposit range, the
 * request state machine (L10) and how a payout account is shown. No I/O.
 */
import {
  ACCOUNT_HOLDER_NAME_PATTERN,
  ACCOUNT_NUMBER_PATTERN,
  IFSC_PATTERN,
  MESSAGES,
  MONEY_MAX_RUPEES,
  PENDING_REQUESTS_MAX,
  REMARK_MAX_LENGTH,
  SAVED_ACCOUNTS_MAX,
  UPI_ID_PATTERN,
  UPI_NAME_MAX_LENGTH,
  UTR_PATTERN,
  type PaymentSettings,
  type PaymentStatus,
} from '@backlay/shared/contracts';
import { createHash } from 'node:crypto';
import { formatRupees, rupeesToPaise } from '../common/money';
import type { Checked } from '../users/account-rules';

export type PaymentType = 'deposit' | 'withdraw';
export type AccountType = 'upi' | 'bank';

/** Fields as they arrive: a JSON body (numbers and strings) or multipart fields (strings). */
export type FormFields = Readonly<Record<string, unknown>>;

const MONEY_MAX_MINOR = BigInt(MONEY_MAX_RUPEES) * 100n;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** A field as trimmed text; numbers become their text, anything else (objects, arrays) is absent. */
export function text(fields: FormFields, name: string): string {
  const value = fields[name];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** The request type of add-deposit-withdraw. */
export function checkPaymentType(fields: FormFields): Checked<PaymentType> {
  const type = text(fields, 'type');
  return type === 'deposit' || type === 'withdraw' ? { ok: true, value: type } : fail(MESSAGES.paymentTypeInvalid);
}

/** An amount in rupees (number or text): required, > 0 with at most two decimals, within the money cap. */
export function checkRupees(fields: FormFields, name = 'amount'): Checked<bigint> {
  const raw = text(fields, name);
  if (raw.length === 0) return fail(MESSAGES.amountRequired);
  let minor: bigint;
  try {
    minor = rupeesToPaise(raw);
  } catch {
    return fail(MESSAGES.amountInvalid);
  }
  if (minor <= 0n) return fail(MESSAGES.amountInvalid);
  return minor > MONEY_MAX_MINOR ? fail(MESSAGES.amountTooLarge) : { ok: true, value: minor };
}

/** The deposit range of the settings, whole rupees (docs/rules/product.md §10: enforced, default 100–100000). */
export interface DepositRange {
  minRupees: number;
  maxRupees: number;
}

export function depositRangeMessage(range: DepositRange): string {
  return `Amount must be between ${range.minRupees} and ${range.maxRupees}`;
}

/** Null when the amount lies in the range (both ends included), else the message naming it. */
export function checkDepositRange(amountMinor: bigint, range: DepositRange): string | null {
  const min = BigInt(range.minRupees) * 100n;
  const max = BigInt(range.maxRupees) * 100n;
  return amountMinor < min || amountMinor > max ? depositRangeMessage(range) : null;
}

/** The range from the settings rows, falling back per key to the defaults. */
export function depositRangeOf(settings: ReadonlyArray<{ key: string; value: string }>, defaults: DepositRange): DepositRange {
  const read = (key: string, fallback: number): number => {
    const value = settings.find((row) => row.key === key)?.value;
    return value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : fallback;
  };
  return { minRupees: read('deposit_min', defaults.minRupees), maxRupees: read('deposit_max', defaults.maxRupees) };
}

function checkRemark(fields: FormFields): Checked<string> {
  const remark = text(fields, 'remark');
  return remark.length > REMARK_MAX_LENGTH ? fail(MESSAGES.remarkTooLong) : { ok: true, value: remark };
}

function checkAccountType(fields: FormFields, missingMessage: string): Checked<AccountType> {
  const accountType = text(fields, 'accountType');
  if (accountType.length === 0) return fail(missingMessage);
  return accountType === 'upi' || accountType === 'bank' ? { ok: true, value: accountType } : fail(MESSAGES.accountTypeInvalid);
}

export interface DepositForm {
  amountMinor: bigint;
  accountType: AccountType;
  /** Upper case: UTRs are case-insensitive, and the unique index compares this form. */
  utrNo: string;
  remark: string;
}

/**
 * The deposit form in its order: amount ('Amount is required'), the range, which panel, the UTR
 * ('Fill this field.'), then the screenshot ('Image is required field').
 */
export function checkDepositForm(fields: FormFields, hasImage: boolean, range: DepositRange): Checked<DepositForm> {
  const amount = checkRupees(fields);
  if (!amount.ok) return amount;
  const outside = checkDepositRange(amount.value, range);
  if (outside !== null) return fail(outside);
  const accountType = checkAccountType(fields, MESSAGES.accountTypeInvalid);
  if (!accountType.ok) return accountType;
  const utr = text(fields, 'utrno');
  if (utr.length === 0) return fail(MESSAGES.fillThisField);
  if (!UTR_PATTERN.test(utr)) return fail(MESSAGES.utrInvalid);
  if (!hasImage) return fail(MESSAGES.imageRequired);
  const remark = checkRemark(fields);
  if (!remark.ok) return remark;
  return { ok: true, value: { amountMinor: amount.value, accountType: accountType.value, utrNo: utr.toUpperCase(), remark: remark.value } };
}

export interface WithdrawForm {
  amountMinor: bigint;
  accountType: AccountType;
  /** The chosen saved account's id (checked against the caller's saved accounts by the service). */
  bankDetail: string;
  remark: string;
}

/** The withdraw form: amount, then one saved bank account or UPI id ('Select one option …'). */
export function checkWithdrawForm(fields: FormFields): Checked<WithdrawForm> {
  const amount = checkRupees(fields);
  if (!amount.ok) return amount;
  const accountType = checkAccountType(fields, MESSAGES.selectBankOrUpi);
  if (!accountType.ok) return accountType;
  const bankDetail = text(fields, 'bankDetail');
  if (bankDetail.length === 0) return fail(MESSAGES.selectBankOrUpi);
  const remark = checkRemark(fields);
  if (!remark.ok) return remark;
  return { ok: true, value: { amountMinor: amount.value, accountType: accountType.value, bankDetail, remark: remark.value } };
}

export interface BankAccountInput {
  accountHolderName: string;
  accountNumber: string;
  /** Upper case. */
  ifscCode: string;
}

/** The 'Add Bank Detail' form: the three required messages first, in form order, then formats. */
export function checkBankAccount(fields: FormFields): Checked<BankAccountInput> {
  const accountHolderName = text(fields, 'accountHolderName').replace(/\s+/g, ' ');
  const accountNumber = text(fields, 'accountNumber');
  const ifscCode = text(fields, 'ifscCode').toUpperCase();
  if (accountHolderName.length === 0) return fail(MESSAGES.accountHolderNameRequired);
  if (accountNumber.length === 0) return fail(MESSAGES.accountNumberRequired);
  if (ifscCode.length === 0) return fail(MESSAGES.ifscCodeRequired);
  if (!ACCOUNT_HOLDER_NAME_PATTERN.test(accountHolderName)) return fail(MESSAGES.accountHolderNameInvalid);
  if (!ACCOUNT_NUMBER_PATTERN.test(accountNumber)) return fail(MESSAGES.accountNumberInvalid);
  if (!IFSC_PATTERN.test(ifscCode)) return fail(MESSAGES.ifscCodeInvalid);
  return { ok: true, value: { accountHolderName, accountNumber, ifscCode } };
}

/** The 'Add UPI Detail' form. */
export function checkUpiId(fields: FormFields, name = 'upiId'): Checked<string> {
  const upiId = text(fields, name);
  if (upiId.length === 0) return fail(MESSAGES.upiIdRequired);
  return UPI_ID_PATTERN.test(upiId) ? { ok: true, value: upiId } : fail(MESSAGES.upiIdInvalid);
}

/** The payment settings form (admin): the UPI panel, then the bank panel of the deposit page. */
export function checkPaymentSettings(fields: FormFields): Checked<PaymentSettings> {
  const upiId = checkUpiId(fields);
  if (!upiId.ok) return upiId;
  const upiName = text(fields, 'upiName').replace(/\s+/g, ' ');
  if (upiName.length === 0) return fail(MESSAGES.upiNameRequired);
  if (upiName.length > UPI_NAME_MAX_LENGTH) return fail(MESSAGES.upiNameInvalid);
  const bank = checkBankAccount(fields);
  if (!bank.ok) return bank;
  return { ok: true, value: { upiId: upiId.value, upiName, ...bank.value } };
}

export type Decision = 'approved' | 'rejected';

/**
 * L10: a request moves from pending to approved or rejected exactly once. Null when the move
 * is allowed, else the 409 message naming what already happened.
 */
export function checkTransition(current: PaymentStatus): string | null {
  return current === 'pending' ? null : `This request was already ${current}`;
}

/** The accounts of a decision: the approving agent's wallet, the owner's wallet, the hold. */
export type DecisionAccount = 'agent' | 'owner' | 'hold';

export interface DecisionMovement {
  code: 'DEPOSIT_CREDIT' | 'WITHDRAW_PAYOUT' | 'WITHDRAW_RELEASE';
  from: DecisionAccount;
  to: DecisionAccount;
}

/**
 * Where the money of a decision goes (null: nowhere, a rejected deposit never moved any). The
 * withdraw hold was taken when the request was made, so both of its outcomes start there.
 */
export function decisionMovement(type: PaymentType, status: Decision): DecisionMovement | null {
  if (type === 'deposit') return status === 'approved' ? { code: 'DEPOSIT_CREDIT', from: 'agent', to: 'owner' } : null;
  return status === 'approved'
    ? { code: 'WITHDRAW_PAYOUT', from: 'hold', to: 'agent' }
    : { code: 'WITHDRAW_RELEASE', from: 'hold', to: 'owner' };
}

/** The success message of a decision. */
export function decisionMessage(type: PaymentType, status: Decision): string {
  if (type === 'deposit') return status === 'approved' ? MESSAGES.depositApproved : MESSAGES.depositRejected;
  return status === 'approved' ? MESSAGES.withdrawApproved : MESSAGES.withdrawRejected;
}

export function utrTakenMessage(utrNo: string): string {
  return `UTR number ${utrNo} is already used by another deposit`;
}

export function pendingLimitMessage(type: PaymentType): string {
  return `You already have ${PENDING_REQUESTS_MAX} pending ${type} requests: wait until they are approved or rejected`;
}

/** The 429 of a per-day limit (docs/rules/test-plan.md T12). */
export function dailyRequestLimitMessage(type: PaymentType, perDay: number): string {
  return `You can make at most ${perDay} ${type} requests in 24 hours: try again later`;
}

export function dailyAccountLimitMessage(kind: AccountType, perDay: number): string {
  return `You can add at most ${perDay} ${kind === 'bank' ? 'bank accounts' : 'UPI Ids'} in 24 hours: try again later`;
}

export function savedLimitMessage(kind: AccountType): string {
  return `You can save at most ${SAVED_ACCOUNTS_MAX} ${kind === 'bank' ? 'bank accounts' : 'UPI Ids'}: delete one first`;
}

/** All but the last four digits hidden: 123456789012 → XXXXXXXX9012. */
export function maskAccountNumber(accountNumber: string): string {
  if (accountNumber.length <= 4) return accountNumber;
  return `${'X'.repeat(accountNumber.length - 4)}${accountNumber.slice(-4)}`;
}

export interface PayoutDetails {
  accountType: AccountType;
  upiId: string | null;
  holderName: string | null;
  accountNumber: string | null;
  ifscCode: string | null;
}

/**
 * Where a withdrawal is paid, as one line: the UPI id, or "holder · account number · IFSC".
 * The owner sees the account number masked; the upline that pays it sees it whole.
 */
export function payToText(payout: PayoutDetails, masked: boolean): string {
  if (payout.accountType === 'upi') return payout.upiId ?? '';
  const number = payout.accountNumber ?? '';
  return [payout.holderName ?? '', masked ? maskAccountNumber(number) : number, payout.ifscCode ?? ''].join(' · ');
}

/**
 * The canonical hash of an idempotent request's business content: a repeat with the same key
 * must carry the same content, or it is a different request (409 IDEMPOTENCY_MISMATCH).
 */
export function paymentRequestHash(parts: ReadonlyArray<string | bigint | null>): string {
  return createHash('sha256')
    .update(JSON.stringify(parts.map((part) => (typeof part === 'bigint' ? formatRupees(part) : part))))
    .digest('hex');
}

/**
 * The payment settings fields of save-payment-list, from a JSON body ({settingList: {…}}) or
 * multipart fields (settingList as JSON text, or the five fields themselves).
 */
export function settingListFields(raw: FormFields): Checked<FormFields> {
  const list = raw.settingList;
  if (list === undefined) return { ok: true, value: raw };
  if (typeof list === 'object' && list !== null && !Array.isArray(list)) return { ok: true, value: list as FormFields };
  if (typeof list === 'string') {
    try {
      const parsed: unknown = JSON.parse(list);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return { ok: true, value: parsed as FormFields };
    } catch {
      // Not JSON: the message below.
    }
  }
  return fail('settingList must be an object with upiId, upiName, accountHolderName, accountNumber and ifscCode');
}

/** A request body that should be an object of fields; anything else reads as no fields. */
export function fieldsOf(body: unknown): FormFields {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as FormFields) : {};
}
