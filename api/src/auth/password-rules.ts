/**
 * Rules for new passwords and transaction passwords, in the order they are reported (the first
 * broken rule is the message). The login-password policy itself (NIST SP 800-63B: length, not
 * the username, not the previous password, not a common password; no composition rules; ADR
 * 0012) lives in @backlay/shared/domain, so the front end's forms say exactly what the server
 * would; the API checks it against the common-password list shipped with the product.
 */
import { MESSAGES, TRANSACTION_PASSWORD_PATTERN } from '@backlay/shared/contracts';
import { COMMON_PASSWORDS_ENCODED } from '@backlay/shared/common-passwords';
import { checkPasswordPolicy, commonPasswordCheck, type PasswordPolicyContext } from '@backlay/shared/domain';

/** The shipped list of 100,000 common passwords (decoded on first use). */
export const isCommonPassword = commonPasswordCheck(COMMON_PASSWORDS_ENCODED);

/**
 * The first broken rule of the login-password policy, or null. Used wherever a password is set:
 * change-password, an agent setting a downline account's password, add-user.
 */
export function checkLoginPassword(password: string, context: PasswordPolicyContext): string | null {
  return checkPasswordPolicy(password, context, isCommonPassword);
}

export interface NewPasswordInput {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The first broken rule of a password change by the account `username`, or null. */
export function checkNewPassword(input: NewPasswordInput, username: string): string | null {
  if (input.oldPassword.length === 0) return MESSAGES.oldPasswordRequired;
  if (input.newPassword.length === 0) return MESSAGES.newPasswordRequired;
  if (input.confirmPassword.length === 0) return MESSAGES.confirmPasswordRequired;
  const policy = checkLoginPassword(input.newPassword, { username, previousPassword: input.oldPassword });
  if (policy !== null) return policy;
  if (input.confirmPassword !== input.newPassword) return MESSAGES.passwordsDontMatch;
  return null;
}

export interface TransactionPasswordInput {
  password: string;
  transactionPassword: string;
  confirmTransactionPassword: string;
}

/** The first broken rule of setting a transaction password, or null. */
export function checkTransactionPassword(input: TransactionPasswordInput): string | null {
  if (input.password.length === 0) return MESSAGES.passwordRequired;
  if (input.transactionPassword.length === 0) return MESSAGES.transactionPasswordRequired;
  if (!TRANSACTION_PASSWORD_PATTERN.test(input.transactionPassword)) return MESSAGES.transactionPasswordFormat;
  if (input.confirmTransactionPassword !== input.transactionPassword) return MESSAGES.passwordsDontMatch;
  if (input.transactionPassword === input.password) return MESSAGES.transactionPasswordSameAsLogin;
  return null;
}
