import { formatRupees, formatWholeRupees, hasAtMostTwoDecimals, parseStake, rupeeAmountError, sumRupeesForDisplay, toMinor, toRupees } from './money';
import { MONEY_MAX_RUPEES } from '../contracts/clients';
import { MESSAGES } from '../contracts/messages';
import { createSubmissionKeys, newIdempotencyKey, retryOnNetworkLoss } from './idempotency';

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

  it.each([
    ['100', 100],
    ['99.5', 99.5],
    [' 250 ', 250],
    ['0', null],
    ['-5', null],
    ['1.234', null],
    ['', null],
  ] as const)('stake %p → %p', (text, value) => {
    expect(parseStake(text)).toBe(value);
  });

  it('turns rupees into whole paise and back', () => {
    expect(toMinor(0.29)).toBe(29); // 0.29 × 100 is 28.999… in floating point
    expect(toMinor(-1250.5)).toBe(-125050);
    expect(toRupees(-125050)).toBe(-1250.5);
  });

  it('formats in the Indian grouping with two decimals', () => {
    expect(formatRupees(100000)).toBe('1,00,000.00');
    expect(formatRupees(-265.5)).toBe('-265.50');
  });
});

describe('formatWholeRupees', () => {
  it('writes whole rupees as Intl en-IN does with no fraction digits (the formatter it replaced)', () => {
    const intl = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    for (const rupees of [0, 1, 99, 100, 999, 1000, 12_345, 1_00_000, 5_00_000, 25_00_000, 1_23_45_678, 99_99_99_999, 100.4, 100.5, 2500.5, 0.49]) {
      expect(formatWholeRupees(rupees)).toBe(intl.format(rupees));
    }
  });

  it('keeps what is not a number readable', () => {
    expect(formatWholeRupees(Number.NaN)).toBe('NaN');
    expect(formatWholeRupees(-1500)).toBe('-1,500');
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

describe('retryOnNetworkLoss', () => {
  const network = Object.assign(new Error('Network Error'), { code: 'NETWORK' });

  it('sends again once after a lost answer, and returns the answer of the retry', async () => {
    const send = jest.fn().mockRejectedValueOnce(network).mockResolvedValueOnce('placed');
    await expect(retryOnNetworkLoss(send, 1, 0)).resolves.toBe('placed');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('gives up after its retries, and never retries a refusal', async () => {
    const lost = jest.fn().mockRejectedValue(network);
    await expect(retryOnNetworkLoss(lost, 1, 0)).rejects.toBe(network);
    expect(lost).toHaveBeenCalledTimes(2);
    const refused = jest.fn().mockRejectedValue(Object.assign(new Error('Odds changed'), { code: 'ODDS_CHANGED' }));
    await expect(retryOnNetworkLoss(refused, 1, 0)).rejects.toThrow('Odds changed');
    expect(refused).toHaveBeenCalledTimes(1);
  });
});

describe('createSubmissionKeys', () => {
  it('reuses a key only for the same request after a lost answer', () => {
    const keys = createSubmissionKeys();
    const first = keys.keyFor('{"stake":100}');
    keys.settle('{"stake":100}', first, true);
    expect(keys.keyFor('{"stake":100}')).toBe(first);
    expect(keys.keyFor('{"stake":200}')).not.toBe(first);
    keys.settle('{"stake":100}', first, false);
    expect(keys.keyFor('{"stake":100}')).not.toBe(first);
  });
});

describe('rupeeAmountError, the rule of the chip transfer, deposit and withdraw amounts', () => {
  // The cases of the agents' chip form and the players' payment forms, which each had a copy.
  it.each([
    ['', MESSAGES.amountRequired],
    ['   ', MESSAGES.amountRequired],
    ['100', null],
    [' 100.5 ', null],
    ['0.01', null],
    ['0', MESSAGES.amountInvalid],
    ['-5', MESSAGES.amountInvalid],
    ['10.555', MESSAGES.amountInvalid],
    ['1e3', MESSAGES.amountInvalid],
    ['abc', MESSAGES.amountInvalid],
    [String(MONEY_MAX_RUPEES), null],
    [String(MONEY_MAX_RUPEES + 1), MESSAGES.amountTooLarge],
  ])('%j → %s', (text, message) => {
    expect(rupeeAmountError(text)).toBe(message);
  });
});
