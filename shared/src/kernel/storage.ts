import type { Area } from '../contracts/roles';
import { forgetEarlyAnswers } from './early-answers';

/**
 * Local storage keys (docs/rules/product.md §9). The admin area keeps its credentials under the `-admin` variants
 * so a player and an agent session can live side by side in one browser.
 */
export const STORAGE_KEYS = {
  hideBalanceExposure: 'hide_bal_exp',
  ipAddress: 'ip_address',
  /** "1" shows the apps' build stamps in the player area too (they always show in the admin area). */
  showBuild: 'show_build',
  /** "off" silences the admin area's sound for a new payment request (issue 34). */
  paymentAlertSound: 'payment_alert_sound',
  /** "light" or "dark": the theme chosen on this browser (ADR 0077); none follows the system. index.html's first script reads it too. */
  theme: 'theme',
} as const;

/** Keys holding one area's credentials. */
export interface CredentialKeys {
  token: string;
  refreshToken: string;
  userType: string;
  sessionId: string;
}

/** The credential keys of an area. */
export function credentialKeys(area: Area): CredentialKeys {
  const suffix = area === 'admin' ? '-admin' : '';
  return {
    token: `token${suffix}`,
    refreshToken: `refreshToken${suffix}`,
    userType: `userType${suffix}`,
    sessionId: `sessionId${suffix}`,
  };
}

/** Stored credentials of an area. */
export interface StoredCredentials {
  token: string | null;
  refreshToken: string | null;
  userType: string | null;
  sessionId: string | null;
}

/** Read an area's credentials. */
export function readCredentials(area: Area): StoredCredentials {
  const k = credentialKeys(area);
  return {
    token: localStorage.getItem(k.token),
    refreshToken: localStorage.getItem(k.refreshToken),
    userType: localStorage.getItem(k.userType),
    sessionId: localStorage.getItem(k.sessionId),
  };
}

/** Write the parts of an area's credentials that are given. */
export function writeCredentials(area: Area, values: Partial<StoredCredentials>): void {
  const k = credentialKeys(area);
  for (const [name, value] of Object.entries(values) as [keyof StoredCredentials, string | null][]) {
    if (value === undefined) continue;
    if (value === null) localStorage.removeItem(k[name]);
    else localStorage.setItem(k[name], value);
  }
}

/**
 * Remove an area's token, refresh token, user type and session id (docs/rules/product.md §4
 * logout), and any answer asked early with them (ADR 0085).
 */
export function clearCredentials(area: Area): void {
  const k = credentialKeys(area);
  for (const key of Object.values(k)) localStorage.removeItem(key);
  forgetEarlyAnswers();
}
