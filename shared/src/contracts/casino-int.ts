/**
 * International casino contract (docs/rules/product.md §2 "/casino-int/{type}", §3 "Casino game (international)",
 * §7 Casino; docs/rules/casino-wallet.md CW-1). Third-party (and our own studio's) games play in a frame while
 * our API stays the wallet of record: the player's screens read the provider and game registry and
 * ask for a launch URL; money moves only through the providers' signed wallet callbacks
 * (`POST /api/wallet/{op}`, typed in `@backlay/shared/cw1`, not here).
 *
 * Vocabulary of the list call `get-casino-int-games?provider&type&category`:
 * - `provider`: a provider's id (`_id`, e.g. 'backlay-studio'): its games only;
 * - `type`: the route's `{type}` of /casino-int/{type}: a provider's `type` (its tab's value, the
 *   provider id itself for every provider today), filtering like `provider`;
 * - `category`: a sub-category's `_id` (the second tab row), e.g. 'crash'.
 * Every filter is optional; absent, the call lists every enabled game of every enabled provider.
 */

/** The provider whose frame is our own exchange page: the only one whose frame scrolls (docs/rules/product.md §2). */
export const SPORT_BETTING_PROVIDER = 'sport_betting';
/** Our own game studio (docs/adr/0021), the first CW-1 provider. */
export const STUDIO_PROVIDER = 'backlay-studio';

/** A provider id or game code: lower-case letters, digits, '-' and '_'. */
export const CASINO_INT_CODE_PATTERN = '^[a-z0-9][a-z0-9_-]{0,39}$';
/** A game's identifier: `{providerId}:{gameCode}` (game codes are unique per provider only). */
export const CASINO_INT_GAME_ID_PATTERN = '^[a-z0-9][a-z0-9_-]{0,39}:[a-z0-9][a-z0-9_-]{0,39}$';
/** The identifier of a provider's game. */
export function casinoIntGameId(providerId: string, gameCode: string): string {
  return `${providerId}:${gameCode}`;
}

/** One provider tab (docs/rules/product.md §3: providers each with _id). */
export interface CasinoIntProvider {
  /** The provider id, e.g. 'backlay-studio'. */
  _id: string;
  name: string;
  /** The /casino-int/{type} value the tab links to. */
  type: string;
  /** True only for 'sport_betting' (docs/rules/product.md §2: scrolling in the frame only for that provider). */
  scrollable: boolean;
}

/** One sub-category tab (docs/rules/product.md §3: category each with _id). */
export interface CasinoIntSubCategory {
  _id: string;
  name: string;
  /** The provider whose games it groups. */
  provider_id: string;
}

/** One game tile (docs/rules/product.md §3: identifier, game_name, provider_id). */
export interface CasinoIntGame {
  /** `{providerId}:{gameCode}`: what get-cas-casino-play-url's gameCode carries. */
  identifier: string;
  /** The provider's own code of the game, e.g. 'crash'. */
  code: string;
  game_name: string;
  provider_id: string;
  /** Tile image URL (absolute, or a path on the API). */
  image: string;
  /** Top-level category, e.g. 'originals' or 'sports'. */
  category: string;
  /** The sub-category's _id. */
  sub_category: string;
}

export interface CasinoIntGamesQuery {
  provider?: string;
  type?: string;
  category?: string;
}

/** GET get-casino-int-games: `data` of the envelope. */
export interface CasinoIntGamesResponse {
  result: CasinoIntGame[];
  providers: CasinoIntProvider[];
  category: CasinoIntSubCategory[];
}

/** GET get-casino-providers: `data` of the envelope. */
export type CasinoIntProvidersResponse = CasinoIntProvider[];

/**
 * POST get-cas-casino-play-url. `ipAddress` is what the browser believes its address is; the API
 * ignores it for anything that matters and records the address it saw (ADR 0020).
 */
export interface CasinoIntPlayUrlRequest {
  /** A game's identifier (`{providerId}:{gameCode}`). */
  gameCode: string;
  /** Where the game's lobby/exit button returns (an absolute http(s) URL). */
  lobby_url: string;
  ipAddress: string;
  isMobile: boolean;
}

/** The response's `data`; the frame's address is `data.data.url` (docs/rules/product.md §7). */
export interface CasinoIntPlayUrlResponse {
  data: {
    url: string;
    provider_id: string;
    game_name: string;
    scrollable: boolean;
  };
}

/** Refusals in the product's words (docs/rules/product.md §8) of a launch (and the wallet's messages where a player sees them). */
export const CASINO_INT_MESSAGES = {
  gameNotFound: 'No such game',
  gameSuspended: 'This game is suspended by admin, please try again later',
  userLocked: 'Your account is locked, please contact your upline',
  bettingLocked: 'Your betting is locked, please contact your upline',
  providerUnavailable: 'The game provider is not available, please try again later',
  providerNotFound: 'No such provider',
  providerExists: 'A provider with this id already exists',
  gameExists: 'This provider already has a game with this code',
  secretNotFound: 'No such active secret',
  lastSecret: 'A provider keeps at least one active secret',
  providerEnabled: 'Provider enabled',
  providerDisabled: 'Provider disabled',
  gameEnabled: 'Game enabled',
  gameDisabled: 'Game disabled',
  secretRotated: 'New secret created: copy it now, it is not shown again',
  secretRetired: 'Secret retired',
  reconciled: 'Reconciliation done',
} as const;

// ---- Admin (admin and sadmin): the provider registry -------------------------------------------

/** One active secret of a provider: never its value after creation, only a hint. */
export interface CasinoIntSecretView {
  id: string;
  /** The last 4 characters, to tell secrets apart. */
  hint: string;
  createdAt: string;
}

export interface CasinoIntGameAdminView {
  identifier: string;
  code: string;
  name: string;
  image: string;
  category: string;
  subCategory: string;
  enabled: boolean;
  /** The most a round of this game may pay, as a multiple of its stakes: two decimals ("1000.00"). */
  maxMultiplier: string;
}

export interface CasinoIntProviderAdminView {
  id: string;
  name: string;
  /** The partner id both sides put in X-Partner-Id. */
  partnerId: string;
  /** Base URL of the provider's API (POST {launchUrl}/v1/sessions); '' for sport_betting. */
  launchUrl: string;
  currencies: string[];
  enabled: boolean;
  /** False for sport_betting (same wallet, no callbacks, no secrets). */
  seamless: boolean;
  secrets: CasinoIntSecretView[];
  games: CasinoIntGameAdminView[];
  /** Balance of the provider's clearing account (paise as rupees, two decimals). */
  clearingBalance: string;
}

/** GET casino-int-admin/providers. */
export type CasinoIntProvidersAdminResponse = CasinoIntProviderAdminView[];

/** POST casino-int-admin/providers: a new (seamless) provider; the answer shows its first secret once. */
export interface CreateCasinoIntProviderRequest {
  id: string;
  name: string;
  partnerId: string;
  launchUrl: string;
  currencies: string[];
}

/** POST casino-int-admin/providers/{id}/games: a new game of a provider. */
export interface CreateCasinoIntGameRequest {
  code: string;
  name: string;
  image: string;
  category: string;
  subCategory: string;
  /**
   * The game's maximum payout multiplier, at least 1, at most two decimals ("5000", "2.5"): the
   * wallet refuses a credit above the round's debits times it.
   */
  maxMultiplier: string;
}

/** A maximum payout multiplier as a game is registered with: 1 to 999 999 999.99, two decimals at most. */
export const CASINO_INT_MAX_MULTIPLIER_PATTERN = '^[1-9][0-9]{0,8}(\\.[0-9]{1,2})?$';

/** POST casino-int-admin/providers/{id}/enabled and casino-int-admin/games/{identifier}/enabled. */
export interface SetCasinoIntEnabledRequest {
  enabled: boolean;
}

/** Answer of a provider creation or a rotation: the new secret, shown this once. */
export interface CasinoIntNewSecret {
  providerId: string;
  secretId: string;
  secret: string;
}

/** POST casino-int-admin/providers/{id}/secrets/{secretId}/retire: answer. */
export interface CasinoIntSecretsView {
  providerId: string;
  secrets: CasinoIntSecretView[];
}

// ---- Admin: reconciliation -------------------------------------------------------------------

export type CasinoIntTxType = 'debit' | 'credit' | 'rollback';

/** One money transaction on our side, as the daily report lists it. */
export interface CasinoIntTransactionRow {
  transactionId: string;
  refTransactionId: string | null;
  type: CasinoIntTxType;
  roundId: string;
  username: string;
  gameCode: string;
  /** Rupees, two decimals. */
  amount: string;
  createdAt: string;
}

export type CasinoIntMismatchKind = 'missing_ours' | 'missing_theirs' | 'amount_differs';

export interface CasinoIntMismatch {
  kind: CasinoIntMismatchKind;
  transactionId: string;
  type: CasinoIntTxType;
  /** Rupees, two decimals; null where that side has no such transaction. */
  ours: string | null;
  theirs: string | null;
}

/** The last reconciliation run of a provider and date. */
export interface CasinoIntReconciliationRun {
  status: 'matched' | 'mismatched' | 'failed';
  /** Why a run failed (the provider did not answer, a bad signature…). */
  error: string | null;
  ranAt: string;
  theirCount: number;
  mismatches: CasinoIntMismatch[];
}

/** GET casino-int-admin/reconciliation?provider&date. */
export interface CasinoIntReconciliationReport {
  providerId: string;
  date: string;
  /** Totals of our side that day, rupees. */
  totals: { debits: string; credits: string; rollbacks: string; net: string };
  transactions: CasinoIntTransactionRow[];
  /** Balance of the provider's clearing account now, rupees. */
  clearingBalance: string;
  run: CasinoIntReconciliationRun | null;
}

export interface CasinoIntReconciliationQuery {
  provider: string;
  /** YYYY-MM-DD (UTC). */
  date: string;
}

/** POST casino-int-admin/reconciliation: run now for a provider and date. */
export type RunCasinoIntReconciliationRequest = CasinoIntReconciliationQuery;
