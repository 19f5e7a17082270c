import fc from 'fast-check';
import { formatRupees, paiseToRupees, rupeesToPaise } from './money';

describe('formatRupees / paiseToRupees', () => {
  it.each([
    [12_345n, '123.45', 123.45],
    [0n, '0.00', 0],
    [5n, '0.05', 0.05],
    [-5n, '-0.05', -0.05],
    [100n, '1.00', 1],
    [-1_000_001n, '-10000.01', -10000.01],
    [1_000_000_000n, '10000000.00', 10_000_000], // ₹1,00,00,000
  ])('%s paise → "%s" → %s', (minor, text, rupees) => {
    expect(formatRupees(minor)).toBe(text);
    expect(paiseToRupees(minor)).toBe(rupees);
  });

  it('round-trips through rupeesToPaise for any amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (minor) => {
        expect(rupeesToPaise(formatRupees(minor))).toBe(minor);
      }),
    );
  });

  it('gives the number nearest to the exact decimal, like integer division by 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 50), max: 2 ** 50 }), (minor) => {
        expect(paiseToRupees(BigInt(minor))).toBe(minor / 100);
      }),
    );
  });
});

describe('rupeesToPaise', () => {
  it.each([
    ['123.45', 12_345n],
    ['123.4', 12_340n],
    ['123', 12_300n],
    [' 7 ', 700n],
    ['-0.05', -5n],
    [100.5, 10_050n],
    [0, 0n],
  ])('%j → %s', (input, minor) => {
    expect(rupeesToPaise(input)).toBe(minor);
  });

  it.each(['1.234', '1e3', 'abc', '', '.5', '1.', '--1', NaN, Infinity, 0.1 + 0.2, 1e21])('refuses %j', (input) => {
    expect(() => rupeesToPaise(input as string | number)).toThrow(RangeError);
  });
});
