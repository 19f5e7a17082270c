import { ERROR_CODES, type ErrorCode } from '@backlay/shared/contracts';

/**
 * An expected failure of a use case, with a stable code from the contracts. Services throw it;
 * the one error handler (plugins/error-handler.ts) turns it into `{ data: { code, … }, message }`
 * with the HTTP status of ERROR_CODES[code].
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Extra fields merged into the response's `data` (e.g. `maintenance: true`). */
    readonly data?: Record<string, unknown>,
    /** Extra response headers (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  /** The HTTP status of this error's code. */
  get statusCode(): number {
    return ERROR_CODES[this.code];
  }
}

/** True for a DomainError, also across module copies (jest module registries). */
export function isDomainError(error: unknown): error is DomainError {
  return error instanceof Error && (error as { name?: string }).name === 'DomainError';
}
