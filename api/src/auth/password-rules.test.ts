import { MESSAGES } from '@backlay/shared/contracts';
import { checkLoginPassword, checkNewPassword, checkTransactionPassword, isCommonPassword } from './password-rules';

describe('checkNewPassword (rules in the order they are reported)', () => {
  it.each([
    ['', 'New#Pass1', 'New#Pass1', MESSAGES.oldPasswordRequired],
    ['Old#Pass1', '', '', MESSAGES.newPasswordRequired],
    ['Old#Pass1', 'New#Pass1', '', MESSAGES.confirmPasswordRequired],
    ['Old#Pass1', 'Ne#1', 'x', MESSAGES.passwordTooShort], // 4 < 8, before any other rule
    ['Old#Pass1', `Ne#1${'a'.repeat(61)}`, 'x', MESSAGES.passwordTooLong], // 65 > 64
    ['Old#Pass1', 'my-alice-pass', 'x', MESSAGES.passwordContainsUsername],
    ['Old#Pass1', 'ALICEinwonder', 'x', MESSAGES.passwordContainsUsername], // case-insensitive
    ['Old#Pass1', 'Old#Pass1', 'Old#Pass1', MESSAGES.passwordSameAsOld],
    ['Old#Pass1', 'password1', 'password1', MESSAGES.passwordTooCommon],
    ['Old#Pass1', 'PassWord1', 'PassWord1', MESSAGES.passwordTooCommon], // the list is case-insensitive
    ['Old#Pass1', 'New#Pass1', 'New#Pass2', MESSAGES.passwordsDontMatch],
    // No composition rules any more: these passed only with an upper, a lower, a digit and a symbol before.
    ['Old#Pass1', 'correct horse battery staple', 'correct horse battery staple', null],
    ['Old#Pass1', 'zebrahandlamp', 'zebrahandlamp', null],
    ['Old#Pass1', 'НовыйПароль', 'НовыйПароль', null], // any Unicode
    ['Old#Pass1', 'Backlay#2026', 'Backlay#2026', null], // the demo password stays valid
    ['Old#Pass1', `Ne#1${'a'.repeat(60)}`, `Ne#1${'a'.repeat(60)}`, null], // exactly 64
  ])('old %j new %j confirm %j → %j', (oldPassword, newPassword, confirmPassword, expected) => {
    expect(checkNewPassword({ oldPassword, newPassword, confirmPassword }, 'alice')).toBe(expected);
  });
});

describe('checkLoginPassword', () => {
  it('counts characters as code points: 8 emoji are 8 characters, 64 are allowed, 65 are not', () => {
    expect(checkLoginPassword('🐎'.repeat(7), {})).toBe(MESSAGES.passwordTooShort);
    expect(checkLoginPassword('🐎'.repeat(8), {})).toBeNull();
    expect(checkLoginPassword('🐎'.repeat(64), {})).toBeNull(); // 128 UTF-16 units
    expect(checkLoginPassword('🐎'.repeat(65), {})).toBe(MESSAGES.passwordTooLong);
  });

  it('knows 100,000 common passwords, all of 8 to 64 characters', () => {
    for (const common of ['password', '12345678', 'qwertyuiop', 'iloveyou', 'p@ssw0rd', 'football1']) {
      expect([common, isCommonPassword(common)]).toEqual([common, true]);
    }
    expect(isCommonPassword('Backlay#2026')).toBe(false);
    expect(isCommonPassword('Test#Pass1')).toBe(false);
  });
});

describe('checkTransactionPassword', () => {
  it.each([
    ['', '123456', '123456', MESSAGES.passwordRequired],
    ['Login#Pass1', '', '', MESSAGES.transactionPasswordRequired],
    ['Login#Pass1', '12345', '12345', MESSAGES.transactionPasswordFormat],
    ['Login#Pass1', '1234567', '1234567', MESSAGES.transactionPasswordFormat],
    ['Login#Pass1', '12345a', '12345a', MESSAGES.transactionPasswordFormat],
    ['Login#Pass1', '123456', '654321', MESSAGES.passwordsDontMatch],
    ['123456', '123456', '123456', MESSAGES.transactionPasswordSameAsLogin],
    ['Login#Pass1', '123456', '123456', null],
  ])('password %j txn %j confirm %j → %j', (password, transactionPassword, confirmTransactionPassword, expected) => {
    expect(checkTransactionPassword({ password, transactionPassword, confirmTransactionPassword })).toBe(expected);
  });
});
