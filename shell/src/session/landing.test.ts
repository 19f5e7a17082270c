import { firstLoginStep, landingPath } from './landing';

describe('landing after login', () => {
  it.each([
    // role, area, mobile, expected
    ['user', 'player', false, '/'],
    ['user', 'player', true, '/match/4/in-play'],
    ['1', 'player', true, '/'],
    ['2', 'player', true, '/'],
    ['3', 'player', true, '/'],
    ['admin', 'admin', true, '/admin'],
    ['dl', 'admin', false, '/admin'],
  ] as const)('%s in the %s area (mobile %s) lands on %s', (role, area, mobile, expected) => {
    expect(landingPath(role, area, mobile)).toBe(expected);
  });
});

describe('first-login flow', () => {
  it.each([
    ['player', true, false, '/changepassword'],
    ['player', false, false, '/transaction-password'],
    ['player', false, true, null],
    ['admin', true, true, '/admin/change-password'],
    ['admin', false, false, '/admin/transaction-password'],
  ] as const)('%s area, must change %s, has txn %s → %s', (area, mustChangePassword, hasTransactionPassword, expected) => {
    expect(firstLoginStep(area, { mustChangePassword, hasTransactionPassword })).toBe(expected);
  });
});
