import { raceClockText } from './race-time';

const off = Date.parse('2026-11-28T14:05:00Z');
const race = (status: 'upcoming' | 'inplay' | 'closed', inPlay = false) => ({ openDate: new Date(off).toISOString(), status, inPlay });

describe('raceClockText', () => {
  it.each([
    [off - 245_000, 'in 4m 05s'],
    [off - 1, 'in 0m 01s'],
    [off - (80 * 60_000), 'in 1h 20m'],
    [off, 'Off'],
    [off + 30_000, 'Off'],
  ])('at %p before an upcoming race says %p', (now, text) => {
    expect(raceClockText(race('upcoming'), now)).toBe(text);
  });

  it('says Off once in play and Result once over, whatever the clock', () => {
    expect(raceClockText(race('inplay', true), off - 60_000)).toBe('Off');
    expect(raceClockText(race('upcoming', true), off - 60_000)).toBe('Off');
    expect(raceClockText(race('closed'), off - 60_000)).toBe('Result');
  });
});
