import { MESSAGES, PASSWORD_RULES } from '@backlay/shared/contracts';
import { checkNewPassword, checkTransactionPassword } from './password-rules';

const rule = (i: number): string => PASSWORD_RULES[i]?.message ?? '';

describe('checkNewPassword (rules in the order they are reported)', () => {
  it.each([
    ['', 'New#Pass1', 'New#Pass1', MESSAGES.oldPasswordRequired],
    ['Old#Pass1', '', '', MESSAGES.newPasswordRequired],
    ['Old#Pass1', 'New#Pass1', '', MESSAGES.confirmPasswordRequired],
    ['Old#Pass1', 'Ne#1', 'x', MESSAGES.passwordTooShort], // 4 < 8, before any other rule
    ['Old#Pass1', `Ne#1${'a'.repeat(61)}`, 'x', MESSAGES.passwordTooLong], // 65 > 64
    ['Old#Pass1', 'NEW#PASS1', 'x', rule(0)], // no lower-case
    ['Old#Pass1', 'new#pass1', 'x', rule(1)], // no upper-case
    ['Old#Pass1', 'New#Passw', 'x', rule(2)], // no digit
    ['Old#Pass1', 'NewPassw1', 'x', rule(3)], // no symbol
    ['Old#Pass1', 'New#Pass1', 'New#Pass2', MESSAGES.passwordsDontMatch],
    ['New#Pass1', 'New#Pass1', 'New#Pass1', MESSAGES.passwordSameAsOld],
    ['Old#Pass1', 'New#Pass1', 'New#Pass1', null],
    ['Old#Pass1', `Ne#1${'a'.repeat(60)}`, `Ne#1${'a'.repeat(60)}`, null], // exactly 64
  ])('old %j new %j confirm %j → %j', (oldPassword, newPassword, confirmPassword, expected) => {
    expect(checkNewPassword({ oldPassword, newPassword, confirmPassword })).toBe(expected);
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
