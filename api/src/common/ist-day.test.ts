import { filterDay, istDay } from './ist-day';

describe('istDay', () => {
  it('turns at IST midnight, 18:30 UTC', () => {
    expect(istDay(Date.parse('2026-11-28T18:29:59.999Z'))).toBe('2026-11-28');
    expect(istDay(Date.parse('2026-11-28T18:30:00.000Z'))).toBe('2026-11-29');
  });
});

describe('filterDay', () => {
  it.each([
    ['2026-11-22', '2026-11-22'], // a plain day is the day
    ['2026-11-21T18:30:00.000Z', '2026-11-22'], // an Indian browser's start of 22/11 (localDayBound)
    ['2026-11-29T18:29:59.999Z', '2026-11-29'], // … and its end of 29/11
    ['2026-11-22T00:00:00+05:30', '2026-11-22'], // the same start, written in IST
    ['2026-11-22T00:00:00.000Z', '2026-11-22'], // a UTC browser's start of 22/11: 05:30 in India, the same day
    ['2026-02-28T20:00:00Z', '2026-03-01'], // across a month's end
    ['2026-11-21Tnonsense', '2026-11-21'], // unparseable: its date part, as the range parsers read it
  ])('%s → %s', (text, day) => {
    expect(filterDay(text)).toBe(day);
  });
});
