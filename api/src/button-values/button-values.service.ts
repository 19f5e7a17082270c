/**
 * A user's stake buttons (button-values): the saved ones, or the defaults when none were saved;
 * and a player's bet preferences (odds acceptance, one-click betting; ADR 0055), likewise.
 */
import { DEFAULT_BUTTON_VALUES, type BetPreferences, type ButtonValue, type SaveBetPreferencesRequest } from '@backlay/shared/contracts';
import { betPreferencesView, checkBetPreferences, DEFAULT_STORED_BET_PREFERENCES } from './bet-preferences-rules';
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

  async betPreferences(userId: string): Promise<BetPreferences> {
    return betPreferencesView(await repo.findBetPreferences(this.db, userId));
  }

  async saveBetPreferences(userId: string, body: SaveBetPreferencesRequest): Promise<BetPreferences> {
    const checked = checkBetPreferences(body);
    if (!checked.ok) throw new DomainError('VALIDATION', checked.message);
    return betPreferencesView(await repo.saveBetPreferences(this.db, userId, checked.change, DEFAULT_STORED_BET_PREFERENCES));
  }
}
