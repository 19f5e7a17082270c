import { BET_LIST_PAGE_SIZE, MESSAGES } from '@backlay/shared/contracts';
import { paging, reportRange, shownOdds } from './report-rules';

const NOW = Date.UTC(2026, 2, 10, 23, 59, 0); // 2026-03-10, late in the UTC day

describe('reportRange', () => {
  const range = (from?: string, to?: string) => {
    const r = reportRange(from, to, NOW);
    return r.ok ? [r.from.toISOString(), r.toExclusive.toISOString()] : r.message;
  };

  it.each<[string | undefined, string | undefined, unknown]>([
    // Default: the last 7 days, today included.
    [undefined, undefined, ['2026-03-04T00:00:00.000Z', '2026-03-11T00:00:00.000Z']],
    ['', '', ['2026-03-04T00:00:00.000Z', '2026-03-11T00:00:00.000Z']],
    // Only `to`: the 7 days ending on it; only `from`: up to today.
    [undefined, '2026-01-03', ['2025-12-28T00:00:00.000Z', '2026-01-04T00:00:00.000Z']],
    ['2026-03-01', undefined, ['2026-03-01T00:00:00.000Z', '2026-03-11T00:00:00.000Z']],
    // One day covers the whole day.
    ['2026-02-28', '2026-02-28', ['2026-02-28T00:00:00.000Z', '2026-03-01T00:00:00.000Z']],
    ['2026-03-05', '2026-03-01', MESSAGES.dateRangeInvalid],
    ['2026-02-30', '2026-03-01', MESSAGES.dateInvalid],
    ['yesterday', undefined, MESSAGES.dateInvalid],
    [undefined, '2026-13-01', MESSAGES.dateInvalid],
  ])('from %j to %j', (from, to, expected) => {
    expect(range(from, to)).toEqual(expected);
  });
});

describe('paging', () => {
  it('defaults to page 1 of BET_LIST_PAGE_SIZE', () => {
    expect(paging(undefined, undefined)).toEqual({ page: 1, pageSize: BET_LIST_PAGE_SIZE, limit: BET_LIST_PAGE_SIZE, offset: 0 });
  });
  it('skips the earlier pages', () => {
    expect(paging(3, 10)).toEqual({ page: 3, pageSize: 10, limit: 10, offset: 20 });
  });
});

describe('shownOdds', () => {
  it.each<[Parameters<typeof shownOdds>[0], number, number]>([
    ['match_odds', 250, 2.5],
    ['over_under', 196, 1.96],
    ['bookmaker', 45, 0.45],
    ['fancy', 110, 110],
  ])('%s %d ⇒ %d', (type, price, expected) => {
    expect(shownOdds(type, price)).toBe(expected);
  });
});
