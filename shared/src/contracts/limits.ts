/**
 * Named limits and timings shared by the front end and the API. Every number that both sides
 * must agree on lives here, with the reason for its value.
 */

/** Main API calls time out after 50 s (docs/rules/product.md §9). */
export const API_TIMEOUT_MS = 50_000;
/** Data and secondary API calls time out after 10 s (docs/rules/product.md §9). */
export const DATA_API_TIMEOUT_MS = 10_000;
/** Mouse or key inactivity that logs the user out: 20 hours (docs/rules/product.md §4, §9). */
export const INACTIVITY_LOGOUT_MS = 72_000_000;
/** After the tab loses focus for this long the blur flag is set (docs/rules/product.md §4, §9). */
export const BLUR_TIMEOUT_MS = 180_000;
/** Toasts close after 5 s, top-right (docs/rules/product.md §9). */
export const TOAST_AUTO_CLOSE_MS = 5_000;

/** Realtime connection defaults (docs/rules/product.md §9). */
export const SOCKET_RECONNECT_DELAY_MS = 1_000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5_000;
export const SOCKET_RANDOMIZATION_FACTOR = 0.5;
export const SOCKET_CONNECT_TIMEOUT_MS = 20_000;

/** Usernames: 3–20 characters, letters, digits, '-', '_' and '.'. */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/**
 * Login passwords (NIST SP 800-63B, ADR 0012): 8 to 64 characters (Unicode code points, any
 * character), no composition rules; the rest of the policy (not the username, not the previous
 * password, not a common password) is domain/password-policy.ts. 64 keeps hashing cost bounded.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** Transaction passwords (confirm money actions): exactly 6 digits, unlike the login password. */
export const TRANSACTION_PASSWORD_PATTERN = /^[0-9]{6}$/;

/** One page of a list is at most this many rows. */
export const PAGE_SIZE_MAX = 100;
