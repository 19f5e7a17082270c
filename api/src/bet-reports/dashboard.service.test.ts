import { istDaysEndingAt } from './dashboard.service';

describe('India\'s calendar days', () => {
  it('the last n days end today, oldest first, across a month', () => {
    expect(istDaysEndingAt(Date.parse('2026-12-01T20:00:00Z'), 4)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
  });
});
