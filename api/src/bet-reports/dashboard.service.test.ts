import { istDay, istDaysEndingAt } from './dashboard.service';

describe('India\'s calendar days', () => {
  it('a day starts at 18:30 UTC the day before', () => {
    expect(istDay(Date.parse('2026-11-28T18:29:59.999Z'))).toBe('2026-11-28');
    expect(istDay(Date.parse('2026-11-28T18:30:00.000Z'))).toBe('2026-11-29');
  });

  it('the last n days end today, oldest first, across a month', () => {
    expect(istDaysEndingAt(Date.parse('2026-12-01T20:00:00Z'), 4)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
  });
});
