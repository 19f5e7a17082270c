import { parseRateHundredths, penceToPaise, priceHundredths, sizePence, toHundredths } from './units';

describe('Betfair numbers to ours', () => {
  it('prices become exact hundredths, whatever the binary float', () => {
    expect([1.01, 1.13, 4.35, 2.02, 1.57, 19.5, 1000].map(priceHundredths)).toEqual([101, 113, 435, 202, 157, 1950, 100_000]);
    // 4.35 * 100 is 434.99999999999994 in binary: rounding, not truncation.
    expect(Math.trunc(4.35 * 100)).toBe(434);
  });

  it('refuses what is not a ladder price or a money amount', () => {
    expect([1.005, 1, 0.5, 1001, Number.NaN].map(priceHundredths)).toEqual([null, null, null, null, null]);
    expect([18.62, 0, 13002].map(sizePence)).toEqual([1862, 0, 1_300_200]);
    expect([-1, 0.001].map(sizePence)).toEqual([null, null]);
    expect(toHundredths(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('pence to paise at a rate in hundredths, rounded down', () => {
    expect(penceToPaise(1862, 10_500)).toBe(195_510); // £18.62 at ₹105.00 = ₹1,955.10
    expect(penceToPaise(1, 10_555)).toBe(105); // 105.55 paise → 105
    expect(penceToPaise(1_300_200, 10_550)).toBe(137_171_100);
  });

  it('parses a rate without a float', () => {
    expect(['105', '105.5', '105.25', ' 99.01 '].map(parseRateHundredths)).toEqual([10_500, 10_550, 10_525, 9_901]);
    expect(['', '0', '1e3', '105.255', '-5', 'abc'].map(parseRateHundredths)).toEqual([null, null, null, null, null, null]);
  });
});
