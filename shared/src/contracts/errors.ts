/**
 * Stable error codes. The API throws DomainError(code, message); one handler maps the code to an
 * HTTP status. Clients branch on the code, never on the message text.
 */
export const ERROR_CODES = {
  VALIDATION: 400,
  INVALID_CREDENTIALS: 401,
  NO_AUTH_TOKEN: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_INVALID: 401,
  /** The session ended because another sign-in replaced it, a lock or an upline's password reset (the message says which). */
  SESSION_ENDED: 401,
  /** The session ended because its user signed out (logout). */
  SESSION_SIGNED_OUT: 401,
  /** The session was revoked because one of its refresh tokens was used twice (a stolen copy). */
  SESSION_REVOKED: 401,
  /** The session ended because the account's password was changed (from another session). */
  SESSION_PASSWORD_CHANGED: 401,
  REFRESH_INVALID: 401,
  /** Login second step: the code (TOTP or recovery) is wrong or was used already. */
  TWO_FACTOR_INVALID: 401,
  /** Login second step: the challenge is unknown, used or expired. */
  TWO_FACTOR_CHALLENGE_INVALID: 401,
  ACCOUNT_LOCKED: 403,
  WRONG_AREA: 403,
  FORBIDDEN: 403,
  CHANGE_PASSWORD_REQUIRED: 403,
  /** The account's role must use two-factor and it has none yet: only the enrolment is open. */
  TWO_FACTOR_ENROL_REQUIRED: 403,
  /** The transaction password that confirms a money or admin action is wrong. */
  TRANSACTION_PASSWORD_WRONG: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_MISMATCH: 409,
  /** Available balance (balance − exposure) would go below zero. */
  INSUFFICIENT_FUNDS: 409,
  /** Bet placement: the live price moved against the requested one (docs/rules/money.md §7.11). */
  ODDS_CHANGED: 409,
  /** Bet placement: the market is not open for bets (suspended, closed, switched off). */
  MARKET_SUSPENDED: 409,
  /** Bet placement: the stake is outside the market's min/max or the profit above its max. */
  STAKE_OUT_OF_RANGE: 400,
  /** Bet placement: the account or one of its uplines has betting locked. */
  BETTING_LOCKED: 403,
  /** Bet placement: the market's exposure after the bet would pass the user's exposure limit. */
  EXPOSURE_LIMIT: 409,
  /** Responsible gambling (ADR 0019): the player self-excluded; no bet, casino play or deposit until it ends. */
  SELF_EXCLUDED: 403,
  /** Responsible gambling: the player is on a time-out; no bet, casino play or deposit until it ends. */
  TIME_OUT: 403,
  /** Responsible gambling: what the bet can lose is above the player's maximum stake per bet. */
  STAKE_LIMIT: 409,
  /** Responsible gambling: net loss plus what is at risk would pass a loss limit (day, week, month). */
  LOSS_LIMIT: 409,
  /** Responsible gambling: the deposit would pass a deposit limit (day, week, month). */
  DEPOSIT_LIMIT: 409,
  /** An upload above its size limit (payment screenshots: UPLOAD_MAX_BYTES), or too many parts. */
  PAYLOAD_TOO_LARGE: 413,
  /** An upload whose content is not an accepted type (checked by its bytes, not its name). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A request address longer than the server takes (answered at the HTTP layer). */
  URI_TOO_LONG: 414,
  /** An upload of an accepted type that cannot be decoded (empty, truncated, too many pixels). */
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  /** Request headers (a query string counts) above the server's limit (answered at the HTTP layer). */
  HEADERS_TOO_LARGE: 431,
  /** A game provider did not answer a launch (in time, or with a valid signature). */
  PROVIDER_UNAVAILABLE: 502,
  MAINTENANCE: 503,
  /** Every database connection stayed busy past its wait: try again in a moment (Retry-After). */
  BUSY: 503,
  INTERNAL: 500,
} as const;

/** A stable error code. */
export type ErrorCode = keyof typeof ERROR_CODES;
