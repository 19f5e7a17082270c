/**
 * Self-registration (docs/rules/product.md §2 Register page, §3 Registration, §4 register flow, §5, §7, §8;
 * docs/rules/product.md §10: a self-hosted proof-of-work captcha instead of reCAPTCHA). The API decides every
 * rule; the form repeats the simple ones so a visitor learns them before a round trip.
 */
import type { LoginResponse } from './api';
import type { SmsOutboxSortKey, SortOrder } from './sorting';

/** An Indian mobile number: 10 digits starting 6–9, with an optional +91 (or 91 / 0) in front. */
export const INDIAN_MOBILE_PATTERN = /^(?:\+91|91|0)?[6-9][0-9]{9}$/;

/** The 10 digits of an Indian mobile number, or null when it is not one (spaces and dashes ignored). */
export function normalizeIndianMobile(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  if (!INDIAN_MOBILE_PATTERN.test(compact)) return null;
  return compact.slice(-10);
}

/** Digits of a one-time code (docs/rules/test-plan.md T11). */
export const OTP_LENGTH = 6;
export const OTP_PATTERN = /^[0-9]{6}$/;

/** Sentences of the register flow: docs/rules/product.md §5 and §8 word for word, then the API's own. */
export const REGISTER_MESSAGES = {
  verifyPhoneFirst: 'Please verify your phone with OTP first.',
  enterOtp: 'Please enter OTP before proceeding.',
  enterPhoneFirst: 'Please enter your phone number first.',
  otpSent: 'OTP sent successfully!',
  otpSendFailed: 'Failed to send OTP',
  otpSendError: 'Error sending OTP',
  phoneInvalid: 'Enter a valid Indian mobile number: 10 digits starting with 6, 7, 8 or 9 (optionally +91).',
  otpInvalid: 'The OTP is wrong or has expired. Request a new one.',
  otpResendTooSoon: 'Please wait a minute before requesting another OTP.',
  otpTooManyPhone: 'Too many OTPs were sent to this number. Please try again later.',
  otpTooManyIp: 'Too many OTPs were requested from your network. Please try again later.',
  captchaRequired: 'Please complete the anti-robot check.',
  captchaInvalid: 'The anti-robot check failed or expired. Please try again.',
  registrationClosed: 'Registration is closed: the operator has not set an agent for new players.',
  registered: 'Registration successful',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  phoneRequired: 'Phone is required',
  phoneTaken: 'This phone number is already registered. Log in instead.',
  /** POST sms-delivery-report: the body is neither a report object nor an array of at most 500 of them. */
  smsReportInvalid: 'A delivery report is a JSON object, or an array of at most 500 of them.',
} as const;

/** Response data of POST /api/sms-delivery-report (the SMS gateway's webhook). */
export interface SmsDeliveryReportResponse {
  /** Reports in the request. */
  received: number;
  /** Messages that became delivered or undelivered by them. */
  updated: number;
}

/** POST /api/send-otp. */
export interface SendOtpRequest {
  phone: string;
  /** base64 of a solved CaptchaSolution's JSON: each send costs a proof of work (SMS pumping). */
  captcha: string;
}

/** Response data of send-otp: the same whether or not the phone belongs to an account. */
export interface SendOtpResponse {
  success: boolean;
  /** Seconds before another code may be requested for this phone. */
  resendAfterSec: number;
  /**
   * Binds the code to this send (ADR 0024): user-register must present it with the code. Kept
   * by the page that asked, never sent by SMS; a resend issues a new one.
   */
  nonce: string;
}

/** GET /api/captcha-challenge: an ALTCHA-style SHA-256 proof-of-work challenge, HMAC-signed. */
export interface CaptchaChallenge {
  algorithm: 'SHA-256';
  /** Hex SHA-256 of salt + the secret number. */
  challenge: string;
  /** Carries its expiry: `<random hex>?expires=<unix seconds>`. */
  salt: string;
  /** The number lies in [0, maxnumber]. */
  maxnumber: number;
  /** Hex HMAC-SHA256 of the challenge with the server's key. */
  signature: string;
}

/** The solved challenge the client sends back (as base64 of its JSON in `captcha`). */
export interface CaptchaSolution {
  algorithm: 'SHA-256';
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/** Client-side notes about the device (docs/rules/product.md §3 `logs`); the server keeps them only as an untrusted note. */
export type RegistrationLogs = Record<string, string>;

/** POST /api/user-register (docs/rules/product.md §3 Registration). */
export interface UserRegisterRequest {
  username: string;
  password: string;
  phone: string;
  otp: string;
  /** The nonce of the send-otp answer that sent the code. */
  nonce: string;
  logs?: RegistrationLogs;
  isDemo?: boolean;
  /** base64 of the CaptchaSolution's JSON. */
  captcha: string;
}

/** Response data of user-register: a signed-in session, as login's (docs/rules/product.md §7). */
export type UserRegisterResponse = LoginResponse;

/** One message of the demo SMS outbox (admin area). */
export interface SmsOutboxRow {
  id: number;
  phone: string;
  purpose: string;
  body: string;
  createdAt: string;
}

export interface SmsOutboxQuery {
  page?: number;
  limit?: number;
  /** Part of a phone number, within the outbox. */
  search?: string;
  /** The column to order by (SMS_OUTBOX_SORT_KEYS, ADR 0068), then newest first. */
  sort?: SmsOutboxSortKey;
  order?: SortOrder;
}

export interface SmsOutboxResponse {
  rows: SmsOutboxRow[];
  total: number;
  page: number;
  limit: number;
}
