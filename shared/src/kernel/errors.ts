import type { ErrorCode } from '../contracts/errors';
import type { SignOutReason } from '../contracts/socket';

/** A failed API call: the server's message and stable code, or a network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    /** True when the message must not be shown to the user ('No auth token', docs/rules/product.md §8). */
    readonly silent = false,
    /** `data.reason` of a 401 SESSION_ENDED: an agent's action that ended the session. */
    readonly reason?: SignOutReason,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
