import { deepFreeze } from './freeze';

it('deepFreeze freezes the value and everything it holds, and answers the same value', () => {
  const value = { markets: [{ runners: [{ back: 390 }] }], name: 'Race' };
  expect(deepFreeze(value)).toBe(value);
  expect(Object.isFrozen(value)).toBe(true);
  expect(Object.isFrozen(value.markets)).toBe(true);
  expect(Object.isFrozen(value.markets[0].runners[0])).toBe(true);
  expect(() => {
    (value.markets[0].runners[0] as { back: number }).back = 1;
  }).toThrow(TypeError);
  expect(deepFreeze(null)).toBeNull();
});
