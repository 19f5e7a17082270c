import { DEFAULT_BUTTON_VALUES, MESSAGES } from '@backlay/shared/contracts';
import { checkButtonValues } from './button-values-rules';

const b = (label: string, value: number) => ({ label, value });

describe('checkButtonValues', () => {
  it.each([
    // buttons → stored (paise) or the first broken rule
    [[b(' 1K ', 1_000)], { ok: true, buttons: [{ label: '1K', valueMinor: 100_000n }] }],
    [[b('Max', 1_000_000)], { ok: true, buttons: [{ label: 'Max', valueMinor: 100_000_000n }] }],
    [[], { ok: false, message: MESSAGES.buttonValuesRequired }],
    [Array.from({ length: 11 }, (_, i) => b(String(i + 1), i + 1)), { ok: false, message: MESSAGES.buttonValuesTooMany }],
    [[b('', 100)], { ok: false, message: MESSAGES.buttonLabelRequired }],
    [[b('  ', 100)], { ok: false, message: MESSAGES.buttonLabelRequired }],
    [[b('12345678901', 100)], { ok: false, message: MESSAGES.buttonLabelTooLong }],
    [[b('x', 0)], { ok: false, message: MESSAGES.buttonValueInvalid }],
    [[b('x', 99.5)], { ok: false, message: MESSAGES.buttonValueInvalid }],
    [[b('x', 1_000_001)], { ok: false, message: MESSAGES.buttonValueInvalid }],
    // in order: the first button's label is checked before the second button's value
    [[b('', 100), b('y', 0)], { ok: false, message: MESSAGES.buttonLabelRequired }],
  ])('%j → %j', (buttons, expected) => {
    expect(checkButtonValues(buttons)).toEqual(expected);
  });

  it('accepts the defaults', () => {
    expect(checkButtonValues(DEFAULT_BUTTON_VALUES).ok).toBe(true);
  });
});
