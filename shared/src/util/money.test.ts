import { formatRupees, hasAtMostTwoDecimals, sumRupeesForDisplay } from './money';
import { newIdempotencyKey } from './idempotency';

describe('money display helpers', () => {
  it.each([
    [[0.1, 0.2], 0.3],
    [[1000, -150.5], 849.5],
    [[199.9, 0.1], 200],
    [[0.07, -0.01], 0.06],
  ])('sums %p in whole paise to %p', (amounts, sum) => {
    expect(sumRupeesForDisplay(...amounts)).toBe(sum);
  });

  it.each([
    ['10', true],
    ['10.5', true],
    ['10.25', true],
    [' 7.00 ', true],
    ['10.255', false],
    ['10.', false],
    ['.5', false],
    ['-1', false],
    ['1e3', false],
    ['abc', false],
    ['', false],
  ])('%p has at most two decimals: %p', (text, ok) => {
    expect(hasAtMostTwoDecimals(text)).toBe(ok);
  });

  it('formats in the Indian grouping with two decimals', () => {
    expect(formatRupees(100000)).toBe('1,00,000.00');
    expect(formatRupees(-265.5)).toBe('-265.50');
  });
});

describe('newIdempotencyKey', () => {
  it('makes a new v4 UUID each time, with or without crypto.randomUUID', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
