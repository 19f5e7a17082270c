/**
 * The login-password policy (NIST SP 800-63B §5.1.1.2, ADR 0012): length and a blocklist, no
 * composition rules. One home for the rules: the API runs them wherever a password is set
 * (change-password, an agent's reset of a child's password, add-user) and the forms preview them,
 * so the browser says exactly what the server would.
 *
 * - at least PASSWORD_MIN_LENGTH (8) and at most PASSWORD_MAX_LENGTH (64) characters, counted in
 *   Unicode code points; any character is allowed, spaces and emoji included;
 * - not containing the account's username (case-insensitive);
 * - not the password it replaces;
 * - not one of the 100,000 most common passwords (common-passwords.data.ts, case-insensitive).
 *
 * Checked in that order; the first broken rule is the message.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../contracts/limits';
import { MESSAGES } from '../contracts/messages';

/** True when a password is on the common-password list. */
export type CommonPasswordCheck = (password: string) => boolean;

export interface PasswordPolicyContext {
  /** The username of the account the password is for. */
  username?: string | null;
  /** The password being replaced, when the caller knows it. */
  previousPassword?: string | null;
}

/** Length as a person counts it: Unicode code points, so an emoji or 'é' is one character. */
export function passwordLength(password: string): number {
  let n = 0;
  for (const _ of password) n += 1;
  return n;
}

/** The form in which passwords are compared with usernames and the list. */
export function comparablePassword(password: string): string {
  return password.normalize('NFKC').toLowerCase();
}

/** The first rule of the policy that `password` breaks, as the message to show, or null. */
export function checkPasswordPolicy(
  password: string,
  context: PasswordPolicyContext,
  isCommon: CommonPasswordCheck,
): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
  const username = comparablePassword((context.username ?? '').trim());
  if (username.length > 0 && comparablePassword(password).includes(username)) return MESSAGES.passwordContainsUsername;
  if (context.previousPassword != null && context.previousPassword.length > 0 && password === context.previousPassword) {
    return MESSAGES.passwordSameAsOld;
  }
  if (isCommon(password)) return MESSAGES.passwordTooCommon;
  return null;
}
