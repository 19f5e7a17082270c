import type { ErrorCode } from '../contracts/errors';

/** A failed API call: the server's message and stable code, or a network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    /** True when the message must not be shown to the user ('No auth token', SPEC §8). */
    readonly silent = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
