import moment from 'moment';
import { formatLimit, formatMatchTime, formatPrice, formatSize } from './format';

describe('sports formatting', () => {
  it.each([
    [1.85, 'match_odds', '1.85'],
    [2, 'match_odds', '2'],
    [10.5, 'over_under', '10.5'],
    [1.9, 'match_odds', '1.9'],
    [0.85, 'bookmaker', '85'],
    [0.07, 'bookmaker', '7'],
  ] as const)('price %d of a %s market reads %s', (price, type, shown) => {
    expect(formatPrice(price, type)).toBe(shown);
  });

  it.each([
    [0, '0'],
    [999.6, '1000'],
    [1_250, '1.2K'],
    [99_999, '99.9K'],
    [125_000, '1.2L'],
    [2_500_000, '25L'],
  ])('size %d reads %s', (size, shown) => {
    expect(formatSize(size)).toBe(shown);
  });

  it('groups limits the Indian way', () => {
    expect(formatLimit(100000)).toBe('1,00,000');
    expect(formatLimit(500)).toBe('500');
  });

  it('formats start times as DD/MM/YYYY h:mm A in local time', () => {
    const iso = '2026-11-21T15:05:00Z';
    expect(formatMatchTime(iso)).toBe(moment(iso).format('DD/MM/YYYY h:mm A'));
    expect(formatMatchTime(iso)).toMatch(/^21\/11\/2026 \d{1,2}:\d{2} (AM|PM)$/);
  });
});
