/**
 * A player's bet preferences (ADR 0055): the odds acceptance (one of ODDS_ACCEPTANCES, the schema
 * checks it), one-click betting on or off, and its stake, a whole number of rupees from 1 to
 * BUTTON_VALUE_MAX like a stake button. Pure.
 */
import { BUTTON_VALUE_MAX, DEFAULT_BET_PREFERENCES, MESSAGES, type BetPreferences, type SaveBetPreferencesRequest } from '@backlay/shared/contracts';
import type { StoredBetPreferences } from './button-values.repository';
import { paiseToRupees } from '../common/money';

/** The fields a save changes (null: unchanged), or the first broken rule's message. */
export function checkBetPreferences(
  body: SaveBetPreferencesRequest,
): { ok: true; change: { oddsAcceptance: BetPreferences['oddsAcceptance'] | null; oneClick: boolean | null; oneClickStakeMinor: bigint | null } } | { ok: false; message: string } {
  const stake = body.oneClickStake;
  if (stake !== undefined && (!Number.isInteger(stake) || stake < 1 || stake > BUTTON_VALUE_MAX)) return { ok: false, message: MESSAGES.oneClickStakeInvalid };
  if (body.oddsAcceptance === undefined && body.oneClick === undefined && stake === undefined) return { ok: false, message: MESSAGES.nothingToUpdate };
  return {
    ok: true,
    change: { oddsAcceptance: body.oddsAcceptance ?? null, oneClick: body.oneClick ?? null, oneClickStakeMinor: stake === undefined ? null : BigInt(stake) * 100n },
  };
}

/** The defaults as stored. */
export const DEFAULT_STORED_BET_PREFERENCES: StoredBetPreferences = {
  oddsAcceptance: DEFAULT_BET_PREFERENCES.oddsAcceptance,
  oneClick: DEFAULT_BET_PREFERENCES.oneClick,
  oneClickStakeMinor: BigInt(DEFAULT_BET_PREFERENCES.oneClickStake) * 100n,
};

/** The stored preferences (null: none saved) as the API answers them. */
export function betPreferencesView(stored: StoredBetPreferences | null): BetPreferences {
  const p = stored ?? DEFAULT_STORED_BET_PREFERENCES;
  return { oddsAcceptance: p.oddsAcceptance, oneClick: p.oneClick, oneClickStake: paiseToRupees(p.oneClickStakeMinor) };
}
