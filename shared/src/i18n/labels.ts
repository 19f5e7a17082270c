import {
  SPORT_IDS, CASINO_CATEGORIES, type CasinoCategoryId, LOGIN_ATTEMPT_REASON_LABELS, type LoginAttemptReason, type OddsAcceptance, type RgLimitType, type Role,
} from '../contracts/index';
import { sharedT } from './shared-catalog';

/**
 * The contracts' display tables as a screen shows them, in the page's language (issue 36). The
 * English tables (ROLE_LABELS, ODDS_ACCEPTANCE_TEXT, RG_LIMIT_LABELS, LOGIN_ATTEMPT_REASON_LABELS)
 * stay in the contracts for the API and its CSV files; the screens call these, at render. The
 * shared catalog's English says the same words (labels.test.ts holds them together).
 */

/** 'Super Admin', 'Admin', 'SMDL'… */
export function roleLabel(role: Role): string {
  return sharedT(`role.${role}`);
}

/** 'Accept better odds'… */
export function oddsAcceptanceLabel(acceptance: OddsAcceptance): string {
  return sharedT(`oddsAcceptance.${acceptance}`);
}

/** 'Daily deposit limit'… */
export function rgLimitLabel(type: RgLimitType): string {
  return sharedT(`rgLimit.${type}`);
}

/** Why a login attempt ended as it did; a reason this page does not know reads as it came. */
export function loginAttemptReasonLabel(reason: LoginAttemptReason | string): string {
  return Object.hasOwn(LOGIN_ATTEMPT_REASON_LABELS, reason) ? sharedT(`loginReason.${reason as LoginAttemptReason}`) : reason;
}

/** A casino category's name ('Roulette'…) by its id (CASINO_CATEGORIES); null for an id the menu does not have. */
export function casinoCategoryName(id: number): string | null {
  return CASINO_CATEGORIES.some((c) => c.id === id) ? sharedT(`casinoCategory.${id as CasinoCategoryId}`) : null;
}

const SPORT_KEYS: Readonly<Record<number, 'sport.cricket' | 'sport.soccer' | 'sport.tennis' | 'sport.horseRacing' | 'sport.greyhoundRacing'>> = {
  [SPORT_IDS.cricket]: 'sport.cricket',
  [SPORT_IDS.soccer]: 'sport.soccer',
  [SPORT_IDS.tennis]: 'sport.tennis',
  [SPORT_IDS.horseRacing]: 'sport.horseRacing',
  [SPORT_IDS.greyhoundRacing]: 'sport.greyhoundRacing',
};

/**
 * A sport's name by its id (docs/rules/product.md §3's sports), in the page's language; a sport the
 * product does not know reads as the API named it, or "Sport {id}" without a name.
 */
export function sportLabel(sportId: number, name?: string | null): string {
  const key = SPORT_KEYS[sportId];
  if (key) return sharedT(key);
  return name?.trim() ? name : sharedT('sport.other', { id: sportId });
}
