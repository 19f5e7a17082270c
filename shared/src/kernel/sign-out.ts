import type { Area } from '../contracts/roles';
import { MESSAGES } from '../contracts/messages';
import { SECURITY_MESSAGES } from '../contracts/security';
import type { SignOutReason } from '../contracts/socket';

/**
 * Why this tab was signed out, kept for the login page: an agent's action (a lock, a password
 * reset), a sign-out elsewhere, a revoked session (a refresh token used twice), a password change,
 * or another sign-in. Session storage: it survives the reload that follows a refused request,
 * stays in the tab that was signed out, and is gone when the tab closes. One key per area, like
 * the credentials. The client decides from error codes, never from message text.
 */
export type SignedOutBecause = SignOutReason | 'signed_out' | 'revoked' | 'password_changed' | 'replaced' | 'idle';

const NOTICES: Readonly<Record<SignedOutBecause, string>> = {
  locked: MESSAGES.signedOutLocked,
  password_reset: MESSAGES.signedOutPasswordReset,
  signed_out: MESSAGES.sessionSignedOut,
  revoked: MESSAGES.sessionRevoked,
  password_changed: MESSAGES.sessionPasswordChanged,
  replaced: MESSAGES.sessionEnded,
  // The API's idle timeout (ADR 0018): SESSION_ENDED with data.reason 'idle'.
  idle: SECURITY_MESSAGES.sessionEndedIdle,
};

function keyOf(area: Area): string {
  return area === 'admin' ? 'signed_out_reason-admin' : 'signed_out_reason';
}

/** Remember why the area's session ended, for the login page. */
export function rememberSignOut(area: Area, because: SignedOutBecause): void {
  try {
    sessionStorage.setItem(keyOf(area), because);
  } catch {
    // Storage unavailable: the reason is simply not shown.
  }
}

/** Forget it (after the next successful sign-in). */
export function clearSignOut(area: Area): void {
  try {
    sessionStorage.removeItem(keyOf(area));
  } catch {
    // nothing to do
  }
}

/** The sentence the login page shows about the last sign-out, or null when there is none. */
export function signOutNotice(area: Area): string | null {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(keyOf(area));
  } catch {
    return null;
  }
  return stored !== null && stored in NOTICES ? NOTICES[stored as SignedOutBecause] : null;
}

/** A sign-out reason from untrusted input (a socket argument, a response body), or null. */
export function asSignOutReason(value: unknown): SignOutReason | null {
  return value === 'locked' || value === 'password_reset' ? value : null;
}

/**
 * Why a refused request ended the session, from its error code (and `data.reason` of a
 * SESSION_ENDED), or null when the code does not say (an expired or invalid token).
 */
export function signedOutBecause(code: string | undefined, reason?: unknown): SignedOutBecause | null {
  switch (code) {
    case 'ACCOUNT_LOCKED':
      return 'locked';
    case 'SESSION_SIGNED_OUT':
      return 'signed_out';
    case 'SESSION_REVOKED':
      return 'revoked';
    case 'SESSION_PASSWORD_CHANGED':
      return 'password_changed';
    case 'SESSION_ENDED':
      return reason === 'idle' ? 'idle' : (asSignOutReason(reason) ?? 'replaced');
    default:
      return null;
  }
}
