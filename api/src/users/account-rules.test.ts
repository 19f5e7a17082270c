import { MESSAGES } from '@backlay/shared/contracts';
import {
  checkAccountFields,
  checkAmount,
  checkShareBounds,
  checkUsername,
  formatPercent,
  percentToBpsExact,
  type AccountFieldsInput,
} from './account-rules';

describe('checkUsername', () => {
  it.each([
    ['', MESSAGES.usernameRequired],
    ['ab', MESSAGES.usernameTooShort], // 2 < 3
    ['a'.repeat(21), MESSAGES.usernameTooLong], // 21 > 20
    ['has space', MESSAGES.usernameInvalid],
    ['emoji🙂x', MESSAGES.usernameInvalid],
    ['abc', null],
    ['A.b_c-9', null],
    ['a'.repeat(20), null],
  ])('%j → %s', (username, expected) => {
    expect(checkUsername(username)).toBe(expected);
  });
});

describe('percentToBpsExact / formatPercent', () => {
  it.each([
    [0, 0],
    [100, 10_000],
    [33.33, 3_333],
    [0.29, 29], // 0.29 × 100 = 28.999…96 in floating point, still 29 bps
    [50.5, 5_050],
    [33.333, null], // three decimals
    [-0.01, null],
    [100.01, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])('%s %% → %s bps', (percent, bps) => {
    expect(percentToBpsExact(percent)).toBe(bps);
  });

  it.each([
    [9_000, '90'],
    [3_333, '33.33'],
    [5_050, '50.5'],
    [0, '0'],
  ])('%s bps reads "%s"', (bps, text) => {
    expect(formatPercent(bps)).toBe(text);
  });
});

describe('checkAmount', () => {
  it.each([
    [100, { ok: true, value: 10_000n }],
    [0.01, { ok: true, value: 1n }],
    [2500.5, { ok: true, value: 250_050n }],
    [10_000_000_000, { ok: true, value: 1_000_000_000_000n }], // the cap itself
    [0, { ok: false, message: MESSAGES.amountInvalid }],
    [-5, { ok: false, message: MESSAGES.amountInvalid }],
    [1.234, { ok: false, message: MESSAGES.amountInvalid }], // three decimals
    [0.1 + 0.2, { ok: false, message: MESSAGES.amountInvalid }], // 0.30000000000000004
    [10_000_000_000.01, { ok: false, message: MESSAGES.amountTooLarge }],
    [1e21, { ok: false, message: MESSAGES.amountInvalid }],
  ])('%s rupees → %j', (amount, expected) => {
    expect(checkAmount(amount)).toEqual(expected);
  });
});

describe('checkAccountFields (rules in form order: the first broken one is reported)', () => {
  const valid: AccountFieldsInput = {
    displayName: ' Ravi ',
    phone: '+919876543210',
    partnership: 40,
    creditReference: 1000.5,
    commission: 2,
    exposureLimit: null,
  };

  it('converts to stored units and trims', () => {
    expect(checkAccountFields(valid, 'dl')).toEqual({
      ok: true,
      value: {
        displayName: 'Ravi',
        phone: '+919876543210',
        partnershipShareBps: 4_000,
        creditReferenceMinor: 100_050n,
        commissionBps: 200,
        exposureLimitMinor: null,
      },
    });
    expect(checkAccountFields({ ...valid, phone: ' ', exposureLimit: 0 }, 'dl')).toMatchObject({
      ok: true,
      value: { phone: null, exposureLimitMinor: 0n },
    });
  });

  it.each([
    ['empty display name', { displayName: '  ' }, 'dl', MESSAGES.displayNameRequired],
    ['long display name', { displayName: 'x'.repeat(51) }, 'dl', MESSAGES.displayNameTooLong],
    ['bad phone', { phone: '12-34' }, 'dl', MESSAGES.phoneInvalid],
    ['short phone', { phone: '123456' }, 'dl', MESSAGES.phoneInvalid],
    ['partnership above 100', { partnership: 101 }, 'dl', MESSAGES.partnershipInvalid],
    ['partnership with 3 decimals', { partnership: 10.005 }, 'dl', MESSAGES.partnershipInvalid],
    ['a player with a share', { partnership: 10 }, 'user', MESSAGES.playerPartnership],
    ['negative credit reference', { creditReference: -1 }, 'dl', MESSAGES.creditReferenceInvalid],
    ['credit reference with 3 decimals', { creditReference: 1.001 }, 'dl', MESSAGES.creditReferenceInvalid],
    ['huge credit reference', { creditReference: 1e11 }, 'dl', MESSAGES.amountTooLarge],
    ['negative commission', { commission: -2 }, 'dl', MESSAGES.commissionInvalid],
    ['negative exposure limit', { exposureLimit: -1 }, 'dl', MESSAGES.exposureLimitInvalid],
    // Precedence: a bad display name is reported before a bad partnership.
    ['two broken fields', { displayName: '', partnership: -1 }, 'dl', MESSAGES.displayNameRequired],
  ] as const)('%s', (_name, change, role, message) => {
    expect(checkAccountFields({ ...valid, ...change }, role)).toEqual({ ok: false, message });
  });

  it('a player with 0 partnership is fine', () => {
    expect(checkAccountFields({ ...valid, partnership: 0 }, 'user').ok).toBe(true);
  });
});

describe('checkShareBounds (RULES §7.9: child ≤ parent, on both sides)', () => {
  it.each([
    // share, parent, children's max, expected
    [9_000, 9_000, null, null], // equal to the parent is allowed
    [9_001, 9_000, null, 'Partnership 90.01% must not be above your own 90%'],
    [5_000, 9_000, 5_000, null], // equal to the highest child is allowed
    [4_999, 9_000, 5_000, 'Partnership 49.99% must not be below 50%, the highest share among its direct children'],
    [3_000, null, null, null],
  ])('share %s, parent %s, max child %s → %s', (share, parent, maxChild, expected) => {
    expect(checkShareBounds(share, { parentShareBps: parent, parentLabel: 'your own', maxChildShareBps: maxChild })).toBe(expected);
  });
});
