/** A user's stake buttons (button-values): the saved ones, or the defaults when none were saved. */
import { DEFAULT_BUTTON_VALUES, type ButtonValue } from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import { paiseToRupees } from '../common/money';
import { checkButtonValues } from './button-values-rules';
import * as repo from './button-values.repository';

export class ButtonValuesService {
  constructor(private readonly db: Database) {}

  async get(userId: string): Promise<ButtonValue[]> {
    const stored = await repo.findButtons(this.db, userId);
    if (stored === null) return DEFAULT_BUTTON_VALUES.map((b) => ({ ...b }));
    return stored.map((b) => ({ label: b.label, value: paiseToRupees(b.valueMinor) }));
  }

  async save(userId: string, buttons: readonly ButtonValue[]): Promise<ButtonValue[]> {
    const checked = checkButtonValues(buttons);
    if (!checked.ok) throw new DomainError('VALIDATION', checked.message);
    await repo.saveButtons(this.db, userId, checked.buttons);
    return checked.buttons.map((b) => ({ label: b.label, value: paiseToRupees(b.valueMinor) }));
  }
}
