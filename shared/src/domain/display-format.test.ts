import { DATE_TIME_SECONDS_FORMAT, formatInstant, formatPaiseGrouped, plural } from './display-format';

describe('formatPaiseGrouped', () => {
  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [-5n, '-0.05'],
    [99_999n, '999.99'],
    [100_000n, '1,000.00'],
    [250_000n, '2,500.00'],
    [10_000_000n, '1,00,000.00'],
    [12_345_678n, '1,23,456.78'],
    [-12_345_678n, '-1,23,456.78'],
    [1_234_567_89n, '12,34,567.89'],
    [1_000_000_000n, '1,00,00,000.00'], // ₹1 crore
    // Past 2^53 paise (9,007,199,254,740,992): exact to the paisa, where a number would round.
    [9_007_199_254_740_993n, '9,00,71,99,25,47,409.93'],
    [-123_456_789_012_345_678_901n, '-12,34,56,78,90,12,34,56,789.01'],
  ])('%s paise → "%s"', (minor, text) => {
    expect(formatPaiseGrouped(minor)).toBe(text);
  });

  it('agrees with Intl en-IN (what browsers show for the locale) over a sweep of amounts', () => {
    const intl = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (let minor = -(10 ** 12); minor <= 10 ** 12; minor += 7_777_777_777 + (minor % 97)) {
      expect(formatPaiseGrouped(BigInt(minor))).toBe(intl.format(minor / 100));
    }
  });
});

describe('formatInstant', () => {
  it('writes India Standard Time whatever the zone of the machine', () => {
    expect(formatInstant('2026-11-28T18:29:59Z', DATE_TIME_SECONDS_FORMAT, 'IST')).toBe('28/11/2026 11:59:59 PM');
    expect(formatInstant('2026-11-28T18:30:00Z', DATE_TIME_SECONDS_FORMAT, 'IST')).toBe('29/11/2026 12:00:00 AM');
    expect(formatInstant('nonsense', DATE_TIME_SECONDS_FORMAT, 'IST')).toBe('Invalid date');
  });
});

describe('plural', () => {
  it.each([
    [1, 'bet', undefined, '1 bet'], // exactly one: the singular
    [0, 'bet', undefined, '0 bets'], // none is plural in English
    [3, 'bet', undefined, '3 bets'],
    [1, 'match', 'matches', '1 match'],
    [2, 'match', 'matches', '2 matches'], // an irregular plural, given
  ])('%i %s (%s) → %s', (count, one, many, words) => {
    expect(plural(count, one, many)).toBe(words);
  });
});
