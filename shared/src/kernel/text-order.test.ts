import { compareCodeUnits } from './text-order';

describe('compareCodeUnits', () => {
  it('orders ISO instants as time and dates as days', () => {
    const instants = ['2026-12-01T10:00:00.000Z', '2026-11-30T23:59:59.999Z', '2026-12-01T09:59:59.999Z', '2027-01-01T00:00:00.000Z'];
    const byTime = [...instants].sort((a, b) => Date.parse(a) - Date.parse(b));
    expect([...instants].sort(compareCodeUnits)).toEqual(byTime);
    expect(['2026-12-02', '2026-11-30', '2026-12-01'].sort(compareCodeUnits)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
  });

  it('answers -1, 0 or 1 and is antisymmetric', () => {
    expect(compareCodeUnits('a', 'b')).toBe(-1);
    expect(compareCodeUnits('b', 'a')).toBe(1);
    expect(compareCodeUnits('1.234', '1.234')).toBe(0);
    // Code units, not a locale: upper case before lower, digits before letters.
    expect(['b', 'B', 'a', '1'].sort(compareCodeUnits)).toEqual(['1', 'B', 'a', 'b']);
  });
});
