import { availableMinor } from './wallet';

describe('availableMinor', () => {
  it('is the balance less the exposure (money.md T30: 10,000 with exposures 230 and 2,000 leaves 7,770)', () => {
    expect(availableMinor(1_000_000, 23_000 + 200_000)).toBe(777_000);
    expect(availableMinor(1_000_000, 0)).toBe(1_000_000);
    expect(availableMinor(50_000, 50_000)).toBe(0);
  });

  it('is never below 0, and takes whole paise only', () => {
    expect(availableMinor(10_000, 10_001)).toBe(0);
    expect(() => availableMinor(100.5, 0)).toThrow('balanceMinor must be a safe integer');
    expect(() => availableMinor(100, Number.NaN)).toThrow('exposureMinor must be a safe integer');
  });
});
