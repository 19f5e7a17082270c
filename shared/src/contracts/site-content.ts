/**
 * Content per site (issue 35, ADR 0074 "Content per site"): news lines, live casino tables and
 * international casino providers switched off, payment details and the registration agent of
 * one white-label site. The Super Admin manages any site (default: the one it signed in on); an
 * Admin only its own.
 */

/** GET /api/get-site-casino: what a site switched off of the casino for its own players. */
export interface SiteCasinoSwitches {
  siteId: string;
  /** Live casino table ids (their match ids) its players do not see or bet on. */
  tablesOff: string[];
  /** International casino provider ids its players do not see or launch. */
  providersOff: string[];
}

/** POST /api/save-site-casino. */
export interface SaveSiteCasinoRequest {
  siteId?: string;
  tablesOff: string[];
  providersOff: string[];
  transactionPassword: string;
}

/** GET /api/get-site-sports: the sports (catalog sport ids) a site switched off for its own players. */
export interface SiteSportsSwitches {
  siteId: string;
  sportsOff: number[];
}

/** POST /api/save-site-sports: replaces the site's list. */
export interface SaveSiteSportsRequest {
  siteId?: string;
  sportsOff: number[];
  transactionPassword: string;
}

/**
 * GET /api/get-site-limits: a site's own stake limits for its players, in rupees (null: the
 * market's own). At placement the tighter of the market's and the site's applies.
 */
export interface SiteStakeLimits {
  siteId: string;
  minStake: number | null;
  maxStake: number | null;
}

/** POST /api/save-site-limits: sets both (null unsets one). */
export interface SaveSiteLimitsRequest {
  siteId?: string;
  minStake: number | null;
  maxStake: number | null;
  transactionPassword: string;
}

/** GET /api/get-registration-agent: the DL a site's new players register under (null: the configured name). */
export interface RegistrationAgent {
  siteId: string;
  username: string | null;
}

/** POST /api/save-registration-agent (username null: back to the configured name). */
export interface SaveRegistrationAgentRequest {
  siteId?: string;
  username: string | null;
  transactionPassword: string;
}

/** The most ids one switch list holds (the migration's bound). */
export const SITE_SWITCH_LIST_MAX = 200;

export const SITE_CONTENT_MESSAGES = {
  noSuchSite: 'No such site',
  ownSiteOnly: 'An Admin manages only its own site',
  casinoSaved: 'Casino switches saved',
  tableOffHere: 'This table is not offered on this site',
  providerOffHere: 'This game is not offered on this site',
  sportsSaved: 'Sports of this site saved',
  sportOffHere: 'This sport is not offered on this site',
  limitsSaved: 'Stake limits of this site saved',
  /** Followed by the site's figure, e.g. "… ₹500.00" (placement's refusal). */
  stakeAboveSiteMax: "is above this site's maximum stake",
  stakeBelowSiteMin: "is below this site's minimum stake",
  agentSaved: 'Registration agent saved',
  agentMustBeDl: 'The registration agent must be a DL of this site',
  agentLocked: 'The registration agent is locked',
} as const;
