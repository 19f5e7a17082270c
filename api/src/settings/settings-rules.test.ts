import { checkSettingsSave, isSettingKey } from './settings-rules';

const current = [
  { key: 'deposit_max', value: '100000' },
  { key: 'deposit_min', value: '100' },
  { key: 'maintenance', value: 'false' },
];

describe('checkSettingsSave', () => {
  it.each([
    [[{ key: 'maintenance', value: 'true' }], null],
    [[{ key: 'maintenance', value: 'false' }], null],
    [[{ key: 'deposit_min', value: '500' }, { key: 'deposit_max', value: '500' }], null],
    [[{ key: 'colour', value: 'red' }], 'Unknown setting "colour"'],
    [[{ key: 'maintenance', value: 'TRUE' }], `Setting "maintenance" must be 'true' or 'false', got "TRUE"`],
    [[{ key: 'deposit_min', value: '10.5' }], 'Setting "deposit_min" must be a whole number of rupees, got "10.5"'],
    [[{ key: 'deposit_min', value: '0' }], 'Setting "deposit_min" must be at least 1, got "0"'],
    [[{ key: 'deposit_max', value: '-1' }], 'Setting "deposit_max" must be a whole number of rupees, got "-1"'],
    [[{ key: 'maintenance', value: 'true' }, { key: 'maintenance', value: 'false' }], 'Setting "maintenance" appears twice'],
    [[{ key: 'deposit_min', value: '200000' }], 'deposit_min (200000) cannot exceed deposit_max (100000)'],
    [[{ key: 'deposit_max', value: '99' }], 'deposit_min (100) cannot exceed deposit_max (99)'],
  ])('%j → %j', (changes, expected) => {
    expect(checkSettingsSave(current, changes)).toBe(expected);
  });
});

describe('isSettingKey', () => {
  it('knows exactly the seeded settings', () => {
    expect(['maintenance', 'deposit_min', 'deposit_max'].every(isSettingKey)).toBe(true);
    expect(isSettingKey('toString')).toBe(false);
    expect(isSettingKey('__proto__')).toBe(false);
  });
});
