/**
 * A player's stake buttons: 1–10 buttons, each a label of 1–10 characters (trimmed) and a whole
 * number of rupees from 1 to BUTTON_VALUE_MAX; checked in order, the first broken rule wins.
 */
import {
  BUTTON_LABEL_MAX_LENGTH,
  BUTTON_VALUE_MAX,
  BUTTON_VALUES_MAX,
  MESSAGES,
  type ButtonValue,
} from '@backlay/shared/contracts';

export interface StoredButton {
  label: string;
  valueMinor: bigint;
}

export function checkButtonValues(buttons: readonly ButtonValue[]): { ok: true; buttons: StoredButton[] } | { ok: false; message: string } {
  if (buttons.length === 0) return { ok: false, message: MESSAGES.buttonValuesRequired };
  if (buttons.length > BUTTON_VALUES_MAX) return { ok: false, message: MESSAGES.buttonValuesTooMany };
  const stored: StoredButton[] = [];
  for (const button of buttons) {
    const label = button.label.trim();
    if (label.length === 0) return { ok: false, message: MESSAGES.buttonLabelRequired };
    if ([...label].length > BUTTON_LABEL_MAX_LENGTH) return { ok: false, message: MESSAGES.buttonLabelTooLong };
    if (!Number.isInteger(button.value) || button.value < 1 || button.value > BUTTON_VALUE_MAX) {
      return { ok: false, message: MESSAGES.buttonValueInvalid };
    }
    stored.push({ label, valueMinor: BigInt(button.value) * 100n });
  }
  return { ok: true, buttons: stored };
}
