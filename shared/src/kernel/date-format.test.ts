import moment from 'moment';
import { addDays, DATE_TIME_MINUTES_FORMAT, DATE_TIME_SECONDS_FORMAT, formatDate, formatDateTimeMinutes, formatDateTimeMinutesIst, formatDateTimeSeconds, INPUT_DATE_FORMAT, localDayBound } from './date-format';

// moment is the reference: the formatter replaces it on the first page, so it must print the same.
const PATTERNS = ['DD/MM/YYYY h:mm A', 'DD/MM/YYYY h:mm:ss A', 'YYYY-MM-DD', 'HH:mm:ss hh', 'DD MM YYYY, h A'];
const INSTANTS = [
  '2026-01-05T00:00:00Z',
  '2026-03-31T11:59:59.999Z',
  '2026-06-15T12:00:00+05:30',
  '2026-12-31T23:07:09Z',
  '1999-02-28T06:30:00-08:00',
  Date.UTC(2026, 10, 25, 4, 45, 1),
];

describe('formatDate', () => {
  it.each(INSTANTS)('prints %s as moment does for every pattern', (instant) => {
    for (const pattern of PATTERNS) expect(formatDate(instant, pattern)).toBe(moment(instant).format(pattern));
  });

  it('takes a Date', () => {
    const d = new Date(2026, 0, 2, 13, 4, 5);
    expect(formatDate(d, 'DD/MM/YYYY h:mm:ss A')).toBe('02/01/2026 1:04:05 PM');
  });

  it('says Invalid date for what is not a date, as moment does', () => {
    expect(formatDate('not a date', 'YYYY')).toBe('Invalid date');
    expect(moment('2026-13-45T00:00:00Z').format('YYYY')).toBe('Invalid date');
    expect(formatDate('2026-13-45T00:00:00Z', 'YYYY')).toBe('Invalid date');
  });
});

describe('day helpers', () => {
  it('addDays moves calendar days like moment.subtract/add', () => {
    const now = new Date(2026, 2, 3, 10, 0, 0);
    expect(formatDate(addDays(now, -7), INPUT_DATE_FORMAT)).toBe(moment(now).subtract(7, 'days').format(INPUT_DATE_FORMAT));
    expect(formatDate(addDays(now, 30), INPUT_DATE_FORMAT)).toBe(moment(now).add(30, 'days').format(INPUT_DATE_FORMAT));
  });

  it('localDayBound is moment startOf/endOf day of a date input value', () => {
    expect(localDayBound('2026-02-28', 'start').toISOString()).toBe(moment('2026-02-28', 'YYYY-MM-DD').startOf('day').toISOString());
    expect(localDayBound('2026-02-28', 'end').toISOString()).toBe(moment('2026-02-28', 'YYYY-MM-DD').endOf('day').toISOString());
  });

  it('shows a moment with seconds or to the minute in the product formats, and none as a dash', () => {
    // The cases of the copies this replaced: bets, statements and rounds (h:mm:ss A), match
    // start times, news and P&L settlements (h:mm A); moment gave the same text.
    const iso = '2026-11-21T15:05:07Z';
    expect(formatDateTimeSeconds(iso)).toBe(moment(iso).format('DD/MM/YYYY h:mm:ss A'));
    expect(formatDateTimeSeconds(iso)).toMatch(/^21\/11\/2026 \d{1,2}:05:07 (AM|PM)$/);
    expect(formatDateTimeMinutes(iso)).toBe(moment(iso).format('DD/MM/YYYY h:mm A'));
    expect(formatDateTimeSeconds(null)).toBe('—');
    expect(formatDateTimeMinutes(null)).toBe('—');
    expect([DATE_TIME_SECONDS_FORMAT, DATE_TIME_MINUTES_FORMAT]).toEqual(['DD/MM/YYYY h:mm:ss A', 'DD/MM/YYYY h:mm A']);
  });
});

describe('formatDateTimeMinutesIst', () => {
  it('prints the wall clock in India (UTC+5:30) whatever the zone of the browser', () => {
    expect(formatDateTimeMinutesIst('2026-11-28T17:00:00Z')).toBe('28/11/2026 10:30 PM IST');
    expect(formatDateTimeMinutesIst('2026-11-28T19:00:00Z')).toBe('29/11/2026 12:30 AM IST');
    expect(formatDateTimeMinutesIst(Date.UTC(2026, 0, 1, 6, 29))).toBe('01/01/2026 11:59 AM IST');
    expect(formatDateTimeMinutesIst('not a date')).toBe('Invalid date');
  });
});
