/**
 * Account security (issue 20): TOTP two-factor, its second login step, the agents' requirement
 * and the login history. Messages of these screens and routes are here, not in messages.ts.
 */
import type { LoginResponse } from './api';
import type { Area, Role } from './roles';

/** The answer of POST /api/login(-admin) when the account has two-factor: no tokens yet. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  /** Opaque, single use, short-lived; sent back with the code to POST /api/login-two-factor. */
  challenge: string;
  expiresInSec: number;
}

/** What a login answers: the session, or the second step. */
export type LoginOutcome = LoginResponse | TwoFactorChallenge;

export function isTwoFactorChallenge(outcome: LoginOutcome): outcome is TwoFactorChallenge {
  return (outcome as Partial<TwoFactorChallenge>).twoFactorRequired === true;
}

/** POST /api/login-two-factor: the challenge and a current code or a recovery code. */
export interface LoginTwoFactorRequest {
  challenge: string;
  code: string;
}

/** Lifetime of a second-step challenge. */
export const TWO_FACTOR_CHALLENGE_TTL_SEC = 300;
export const RECOVERY_CODES_PER_ENROLMENT = 10;

/** GET /api/two-factor-status. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** An enrolment was started and waits for its first code. */
  pending: boolean;
  recoveryCodesLeft: number;
  /** The caller's role must use two-factor (an admin's setting). */
  required: boolean;
}

/** POST /api/two-factor-enrol: the new secret, shown once, and its otpauth:// URI for the QR. */
export interface TwoFactorEnrolment {
  secret: string;
  otpauthUri: string;
}

/** POST /api/two-factor-confirm. */
export interface TwoFactorConfirmRequest {
  code: string;
}

/** The recovery codes, shown once after the confirmation. */
export interface TwoFactorRecoveryCodes {
  recoveryCodes: string[];
}

/** POST /api/two-factor-disable: the login password and a current code or a recovery code. */
export interface TwoFactorDisableRequest {
  password: string;
  code: string;
}

/**
 * The agent roles that must use two-factor, one platform-wide setting: GET /api/two-factor-policy
 * for the Super Admin and the Admins, POST for the Super Admin only.
 */
export interface TwoFactorPolicy {
  requiredRoles: Role[];
}

/** Why a login attempt ended as it did (login_history.reason). */
export type LoginAttemptReason =
  | 'ok'
  | 'two_factor_pending'
  | 'invalid_credentials'
  | 'wrong_area'
  | 'locked'
  | 'throttled'
  | 'two_factor_invalid'
  | 'two_factor_throttled';

export const LOGIN_ATTEMPT_REASON_LABELS: Readonly<Record<LoginAttemptReason, string>> = {
  ok: 'Signed in',
  two_factor_pending: 'Password accepted, waiting for the two-factor code',
  invalid_credentials: 'Wrong username or password',
  wrong_area: 'Wrong sign-in page',
  locked: 'Account locked',
  throttled: 'Too many attempts',
  two_factor_invalid: 'Wrong or already used two-factor code',
  two_factor_throttled: 'Too many wrong codes',
};

/**
 * How a login-history row reads: a sign-in that passed every step, the password step of a
 * two-factor sign-in (neither a success nor a failure: its code is still due, and the code step
 * is a row of its own), or a refusal.
 */
export type LoginAttemptOutcome = 'success' | 'step' | 'failed';

export function loginAttemptOutcome(row: { success: boolean; reason: LoginAttemptReason }): LoginAttemptOutcome {
  if (row.success) return 'success';
  return row.reason === 'two_factor_pending' ? 'step' : 'failed';
}

/** One login attempt. */
export interface LoginHistoryRow {
  id: string;
  username: string;
  area: Area;
  /** ISO time. */
  at: string;
  ip: string | null;
  device: string;
  location: string;
  success: boolean;
  reason: LoginAttemptReason;
}

export const LOGIN_HISTORY_PAGE_SIZE = 50;

/** GET /api/login-history (own) and GET /api/downline-login-history (an agent's downline). */
export interface LoginHistoryResponse {
  rows: LoginHistoryRow[];
  hasMore: boolean;
}

export interface LoginHistoryQuery {
  page?: number;
}

export interface DownlineLoginHistoryQuery {
  page?: number;
  /** Only this account of the downline. */
  username?: string;
}

export const SECURITY_MESSAGES = {
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app',
  twoFactorCodeInvalid: 'The code is not valid. Enter the current code or a recovery code',
  twoFactorCodeUsed: 'This code was already used: wait for the next one',
  twoFactorRecoveryCodeUsed: 'This recovery code was already used: use another one',
  twoFactorChallengeInvalid: 'The sign-in step expired. Sign in again',
  twoFactorEnrolRequired: 'Your role must use two-factor authentication: set it up under Account security first',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already on',
  twoFactorNotEnabled: 'Two-factor authentication is not on',
  twoFactorNotPending: 'Start the set-up first',
  twoFactorEnrolStarted: 'Scan the QR code, then enter the code it shows',
  twoFactorEnabled: 'Two-factor authentication is on. Keep your recovery codes safe',
  twoFactorDisabled: 'Two-factor authentication is off',
  twoFactorPolicySaved: 'Two-factor requirement saved',
  twoFactorPolicySuperAdminOnly: 'Only the Super Admin sets the two-factor requirement',
  sessionEndedIdle: 'You were signed out after a period of inactivity',
} as const;
