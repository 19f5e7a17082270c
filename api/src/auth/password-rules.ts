/**
 * Rules for new passwords and transaction passwords, in the order they are reported (the first
 * broken rule is the message). The limits and messages come from the shared contracts, so the
 * front end's forms say exactly what the server would.
 */
import {
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  TRANSACTION_PASSWORD_PATTERN,
} from '@backlay/shared/contracts';

/**
 * The first broken length or character rule of a login password (PASSWORD_RULES), or null.
 * Also used when an agent sets a password for a downline account.
 */
export function checkPasswordStrength(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
  for (const rule of PASSWORD_RULES) {
    if (!rule.pattern.test(password)) return rule.message;
  }
  return null;
}

export interface NewPasswordInput {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The first broken rule of a password change, or null when the request is acceptable. */
export function checkNewPassword(input: NewPasswordInput): string | null {
  if (input.oldPassword.length === 0) return MESSAGES.oldPasswordRequired;
  if (input.newPassword.length === 0) return MESSAGES.newPasswordRequired;
  if (input.confirmPassword.length === 0) return MESSAGES.confirmPasswordRequired;
  const strength = checkPasswordStrength(input.newPassword);
  if (strength !== null) return strength;
  if (input.confirmPassword !== input.newPassword) return MESSAGES.passwordsDontMatch;
  if (input.newPassword === input.oldPassword) return MESSAGES.passwordSameAsOld;
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
