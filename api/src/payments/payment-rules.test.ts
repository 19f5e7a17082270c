import { MESSAGES } from '@backlay/shared/contracts';
import {
  checkBankAccount,
  checkDepositForm,
  checkDepositRange,
  checkPaymentSettings,
  checkPaymentType,
  checkRupees,
  checkTransition,
  checkUpiId,
  checkWithdrawForm,
  decisionMessage,
  decisionMovement,
  depositRangeOf,
  fieldsOf,
  maskAccountNumber,
  paymentRequestHash,
  payToText,
  settingListFields,
  type FormFields,
} from './payment-rules';

const RANGE = { minRupees: 100, maxRupees: 100_000 };
const UTR = 'AXIS12345678901';
const BANK_ID = '7d4f3c2a-1b0e-4d5f-9a8b-7c6d5e4f3a2b';

const deposit = (over: FormFields = {}): FormFields => ({ type: 'deposit', amount: '500', accountType: 'upi', utrno: UTR, remark: 'ok', ...over });
const withdraw = (over: FormFields = {}): FormFields => ({ type: 'withdraw', amount: 250.5, accountType: 'bank', bankDetail: BANK_ID, remark: 'ok', ...over });
const bank = (over: FormFields = {}): FormFields => ({ accountHolderName: 'Asha Rao', accountNumber: '123456789012', ifscCode: 'HDFC0001234', ...over });

describe('checkRupees', () => {
  it.each<[unknown, bigint | string]>([
    [500, 50_000n],
    ['500', 50_000n],
    [' 0.01 ', 1n], // 1 paisa
    ['100.5', 10_050n],
    [undefined, MESSAGES.amountRequired],
    ['', MESSAGES.amountRequired],
    ['   ', MESSAGES.amountRequired],
    [{ amount: 5 }, MESSAGES.amountRequired], // an object is no amount
    [0, MESSAGES.amountInvalid],
    ['-5', MESSAGES.amountInvalid],
    ['1.005', MESSAGES.amountInvalid], // three decimals
    ['1e3', MESSAGES.amountInvalid],
    ['abc', MESSAGES.amountInvalid],
    [Number.NaN, MESSAGES.amountRequired], // not a finite number: nothing was sent
    ['1000000000000', MESSAGES.amountTooLarge],
  ])('%j → %s', (amount, expected) => {
    const checked = checkRupees({ amount });
    expect(checked.ok ? checked.value : checked.message).toEqual(expected);
  });
});

describe('the deposit range (DESIGN §5: enforced, configurable)', () => {
  it.each<[bigint, string | null]>([
    [10_000n, null], // ₹100, the minimum itself
    [9_999n, 'Amount must be between 100 and 100000'], // ₹99.99
    [10_000_000n, null], // ₹1,00,000, the maximum itself
    [10_000_001n, 'Amount must be between 100 and 100000'], // ₹1,00,000.01
  ])('%s paise → %s', (amountMinor, expected) => {
    expect(checkDepositRange(amountMinor, RANGE)).toBe(expected);
  });

  it('reads deposit_min and deposit_max from the settings, each falling back to its default', () => {
    expect(depositRangeOf([{ key: 'deposit_min', value: '500' }, { key: 'deposit_max', value: '2000' }], RANGE)).toEqual({ minRupees: 500, maxRupees: 2000 });
    expect(depositRangeOf([{ key: 'deposit_min', value: '500' }], RANGE)).toEqual({ minRupees: 500, maxRupees: 100_000 });
    expect(depositRangeOf([{ key: 'deposit_max', value: 'x' }], RANGE)).toEqual(RANGE);
  });
});

describe('checkPaymentType', () => {
  it.each([
    ['deposit', 'deposit'],
    ['withdraw', 'withdraw'],
    ['', MESSAGES.paymentTypeInvalid],
    ['Deposit', MESSAGES.paymentTypeInvalid],
    ['refund', MESSAGES.paymentTypeInvalid],
  ])('%j → %s', (type, expected) => {
    const checked = checkPaymentType({ type });
    expect(checked.ok ? checked.value : checked.message).toBe(expected);
  });
});

describe('checkDepositForm: the first broken rule in form order', () => {
  it('accepts a full form, upper-casing the UTR', () => {
    expect(checkDepositForm(deposit({ utrno: 'axis12345678901' }), true, RANGE)).toEqual({
      ok: true,
      value: { amountMinor: 50_000n, accountType: 'upi', utrNo: UTR, remark: 'ok' },
    });
  });

  it.each<[string, FormFields, boolean, string]>([
    ['everything missing', { type: 'deposit' }, false, MESSAGES.amountRequired],
    ['amount missing, UTR and image missing too', deposit({ amount: '', utrno: '' }), false, MESSAGES.amountRequired],
    ['amount below the range', deposit({ amount: '99' }), true, 'Amount must be between 100 and 100000'],
    ['amount above the range, UTR missing', deposit({ amount: '100001', utrno: '' }), true, 'Amount must be between 100 and 100000'],
    ['no panel chosen', deposit({ accountType: '' }), true, MESSAGES.accountTypeInvalid],
    ['an unknown panel', deposit({ accountType: 'card' }), true, MESSAGES.accountTypeInvalid],
    ['UTR missing, image missing', deposit({ utrno: '' }), false, MESSAGES.fillThisField],
    ['UTR too short', deposit({ utrno: 'AB12' }), true, MESSAGES.utrInvalid],
    ['UTR with symbols', deposit({ utrno: 'AXIS-1234567890' }), true, MESSAGES.utrInvalid],
    ['image missing', deposit(), false, MESSAGES.imageRequired],
    ['remark too long', deposit({ remark: 'x'.repeat(201) }), true, MESSAGES.remarkTooLong],
  ])('%s → %s', (_case, fields, hasImage, message) => {
    expect(checkDepositForm(fields, hasImage, RANGE)).toEqual({ ok: false, message });
  });
});

describe('checkWithdrawForm', () => {
  it('accepts a full form', () => {
    expect(checkWithdrawForm(withdraw())).toEqual({
      ok: true,
      value: { amountMinor: 25_050n, accountType: 'bank', bankDetail: BANK_ID, remark: 'ok' },
    });
  });

  it.each<[string, FormFields, string]>([
    ['amount missing', withdraw({ amount: undefined, bankDetail: '' }), MESSAGES.amountRequired],
    ['amount zero', withdraw({ amount: 0 }), MESSAGES.amountInvalid],
    ['no account type', withdraw({ accountType: undefined }), MESSAGES.selectBankOrUpi],
    ['no account chosen', withdraw({ bankDetail: '' }), MESSAGES.selectBankOrUpi],
    ['an unknown account type', withdraw({ accountType: 'cash' }), MESSAGES.accountTypeInvalid],
    ['remark too long', withdraw({ remark: 'x'.repeat(201) }), MESSAGES.remarkTooLong],
  ])('%s → %s', (_case, fields, message) => {
    expect(checkWithdrawForm(fields)).toEqual({ ok: false, message });
  });
});

describe('checkBankAccount (Add Bank Detail)', () => {
  it('trims, collapses spaces and upper-cases the IFSC', () => {
    expect(checkBankAccount(bank({ accountHolderName: '  Asha   Rao ', ifscCode: 'hdfc0001234' }))).toEqual({
      ok: true,
      value: { accountHolderName: 'Asha Rao', accountNumber: '123456789012', ifscCode: 'HDFC0001234' },
    });
  });

  it.each<[string, FormFields, string]>([
    ['all empty: the first field', {}, MESSAGES.accountHolderNameRequired],
    ['number and IFSC empty', bank({ accountNumber: '', ifscCode: '' }), MESSAGES.accountNumberRequired],
    ['IFSC empty, name malformed', bank({ ifscCode: '', accountHolderName: '1' }), MESSAGES.ifscCodeRequired], // required first
    ['name of digits', bank({ accountHolderName: '12345' }), MESSAGES.accountHolderNameInvalid],
    ['name with markup', bank({ accountHolderName: 'Asha <b>' }), MESSAGES.accountHolderNameInvalid],
    ['number with letters', bank({ accountNumber: '12345678A' }), MESSAGES.accountNumberInvalid],
    ['number of 8 digits', bank({ accountNumber: '12345678' }), MESSAGES.accountNumberInvalid],
    ['number of 19 digits', bank({ accountNumber: '1'.repeat(19) }), MESSAGES.accountNumberInvalid],
    ['IFSC without the 0', bank({ ifscCode: 'HDFC1001234' }), MESSAGES.ifscCodeInvalid],
    ['IFSC too short', bank({ ifscCode: 'HDFC000123' }), MESSAGES.ifscCodeInvalid],
  ])('%s → %s', (_case, fields, message) => {
    expect(checkBankAccount(fields)).toEqual({ ok: false, message });
  });
});

describe('checkUpiId (Add UPI Detail)', () => {
  it.each([
    ['asha.rao@okhdfc', 'asha.rao@okhdfc'],
    [' 9876543210@ybl ', '9876543210@ybl'],
    ['', MESSAGES.upiIdRequired],
    ['asha', MESSAGES.upiIdInvalid],
    ['asha@', MESSAGES.upiIdInvalid],
    ['a@b', MESSAGES.upiIdInvalid],
    ['asha@ok hdfc', MESSAGES.upiIdInvalid],
    ['<script>@okhdfc', MESSAGES.upiIdInvalid],
  ])('%j → %s', (upiId, expected) => {
    const checked = checkUpiId({ upiId });
    expect(checked.ok ? checked.value : checked.message).toBe(expected);
  });
});

describe('checkPaymentSettings: UPI panel, then bank panel', () => {
  const settings = (over: FormFields = {}): FormFields => ({ upiId: 'backlay@okaxis', upiName: 'Backlay Payments', ...bank(), ...over });
  it('accepts a full set', () => {
    expect(checkPaymentSettings(settings())).toEqual({
      ok: true,
      value: { upiId: 'backlay@okaxis', upiName: 'Backlay Payments', accountHolderName: 'Asha Rao', accountNumber: '123456789012', ifscCode: 'HDFC0001234' },
    });
  });
  it.each<[string, FormFields, string]>([
    ['nothing', {}, MESSAGES.upiIdRequired],
    ['UPI name missing', settings({ upiName: ' ' }), MESSAGES.upiNameRequired],
    ['UPI name too long', settings({ upiName: 'x'.repeat(101) }), MESSAGES.upiNameInvalid],
    ['bank panel empty', settings({ accountHolderName: '', accountNumber: '', ifscCode: '' }), MESSAGES.accountHolderNameRequired],
    ['IFSC malformed', settings({ ifscCode: 'XX' }), MESSAGES.ifscCodeInvalid],
  ])('%s → %s', (_case, fields, message) => {
    expect(checkPaymentSettings(fields)).toEqual({ ok: false, message });
  });
});

describe('settingListFields', () => {
  const list = { upiId: 'a@okaxis' };
  it.each<[string, FormFields, FormFields | 'invalid']>([
    ['a JSON body', { settingList: list }, list],
    ['multipart JSON text', { settingList: JSON.stringify(list) }, list],
    ['the fields themselves', list, list],
    ['not JSON', { settingList: '{upiId' }, 'invalid'],
    ['a JSON array', { settingList: '[1]' }, 'invalid'],
    ['a number', { settingList: 5 }, 'invalid'],
  ])('%s', (_case, raw, expected) => {
    const checked = settingListFields(raw);
    expect(checked.ok ? checked.value : 'invalid').toEqual(expected);
  });

  it('reads anything but an object body as no fields', () => {
    expect(fieldsOf(null)).toEqual({});
    expect(fieldsOf([1])).toEqual({});
    expect(fieldsOf('x')).toEqual({});
  });
});

describe('checkTransition (L10: pending → approved | rejected, once)', () => {
  it.each([
    ['pending', null],
    ['approved', 'This request was already approved'],
    ['rejected', 'This request was already rejected'],
  ] as const)('from %s → %s', (status, expected) => {
    expect(checkTransition(status)).toBe(expected);
  });
});

describe('decisionMovement: where the money of a decision goes', () => {
  it.each([
    ['deposit', 'approved', { code: 'DEPOSIT_CREDIT', from: 'agent', to: 'owner' }], // the approving agent pays the player
    ['deposit', 'rejected', null], // nothing ever moved
    ['withdraw', 'approved', { code: 'WITHDRAW_PAYOUT', from: 'hold', to: 'agent' }], // the agent pays out and keeps the chips
    ['withdraw', 'rejected', { code: 'WITHDRAW_RELEASE', from: 'hold', to: 'owner' }], // the hold goes back
  ] as const)('%s %s → %j', (type, status, expected) => {
    expect(decisionMovement(type, status)).toEqual(expected);
  });

  it.each([
    ['deposit', 'approved', MESSAGES.depositApproved],
    ['deposit', 'rejected', MESSAGES.depositRejected],
    ['withdraw', 'approved', MESSAGES.withdrawApproved],
    ['withdraw', 'rejected', MESSAGES.withdrawRejected],
  ] as const)('%s %s answers %j', (type, status, message) => {
    expect(decisionMessage(type, status)).toBe(message);
  });
});

describe('where a withdrawal is paid', () => {
  it.each([
    ['123456789012', 'XXXXXXXX9012'],
    ['1234', '1234'],
    ['', ''],
  ])('mask %s → %s', (number, masked) => {
    expect(maskAccountNumber(number)).toBe(masked);
  });

  const bankPayout = { accountType: 'bank', upiId: null, holderName: 'Asha Rao', accountNumber: '123456789012', ifscCode: 'HDFC0001234' } as const;
  it('shows the owner its account masked and the paying upline the whole number', () => {
    expect(payToText(bankPayout, true)).toBe('Asha Rao · XXXXXXXX9012 · HDFC0001234');
    expect(payToText(bankPayout, false)).toBe('Asha Rao · 123456789012 · HDFC0001234');
    expect(payToText({ accountType: 'upi', upiId: 'asha@okhdfc', holderName: null, accountNumber: null, ifscCode: null }, true)).toBe('asha@okhdfc');
  });
});

describe('paymentRequestHash', () => {
  it('is stable, and differs when any part differs', () => {
    const base = paymentRequestHash(['withdraw', 100n, 'bank', BANK_ID, 'ok']);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(paymentRequestHash(['withdraw', 100n, 'bank', BANK_ID, 'ok'])).toBe(base);
    expect(paymentRequestHash(['withdraw', 101n, 'bank', BANK_ID, 'ok'])).not.toBe(base);
    expect(paymentRequestHash(['withdraw', 100n, 'upi', BANK_ID, 'ok'])).not.toBe(base);
    expect(paymentRequestHash(['withdraw', 100n, 'bank', BANK_ID, null])).not.toBe(base);
  });
});
