import { DEFAULT_BACKOFF, backoffMs, isDefinitive } from './outbox';

describe('outbox retry rule', () => {
  it('backs off exponentially from the base and stops growing at the cap', () => {
    expect(backoffMs(0)).toBe(0);
    expect(backoffMs(1)).toBe(DEFAULT_BACKOFF.baseMs);
    expect(backoffMs(2)).toBe(2 * DEFAULT_BACKOFF.baseMs);
    expect(backoffMs(5)).toBe(16 * DEFAULT_BACKOFF.baseMs);
    expect(backoffMs(40)).toBe(DEFAULT_BACKOFF.maxMs);
    expect(backoffMs(3, { baseMs: 10, maxMs: 25 })).toBe(25);
  });

  it('retries timeouts and TEMPORARY_ERROR / IN_PROGRESS, and stops at any other answer', () => {
    expect(isDefinitive({ kind: 'transport', error: 'timeout' })).toBe(false);
    expect(isDefinitive({ kind: 'status', status: 'TEMPORARY_ERROR', body: {} })).toBe(false);
    expect(isDefinitive({ kind: 'status', status: 'IN_PROGRESS', body: {} })).toBe(false);
    expect(isDefinitive({ kind: 'status', status: 'OK', body: {} })).toBe(true);
    expect(isDefinitive({ kind: 'status', status: 'ALREADY_SETTLED', body: {} })).toBe(true);
    expect(isDefinitive({ kind: 'status', status: 'TRANSACTION_NOT_FOUND', body: {} })).toBe(true);
  });
});
