/**
 * Live casino contract (docs/rules/product.md §2 casino menu and list, §3 casino entities, §7 Casino;
 * docs/rules/casino-games.md §1, docs/rules/casino-fairness.md §2 PF-1, §4.2 round records). Tables run timed rounds: OPEN (bets taken until closesAt),
 * CLOSED (the committed shoe is dealt), SETTLED (markets settled, the server seed revealed), or
 * VOID (interrupted before close: every bet refunded). Prices are decimal odds (1.98); money is
 * rupees with two decimals at the edge, like every other call.
 *
 * Casino bets are placed with POST /api/placebet as runner bets (RunnerBetRequest: matchId = the
 * table's matchId, marketId and selectionId of the current round, side BACK, or LAY where a
 * runner has a lay price), through the same placement function, ledger and exposure as sports.
 */

/** docs/rules/product.md §2 casino category menu, in menu order. Links: /casino-list/LC/4/{categoryId}. */
export const CASINO_CATEGORIES = [
  { id: 35, name: 'All Casino' },
  { id: 31, name: 'Roulette' },
  { id: 20, name: 'Teenpatti' },
  { id: 21, name: 'Poker' },
  { id: 22, name: 'Baccarat' },
  { id: 23, name: 'Dragon Tiger' },
  { id: 24, name: '32 Cards' },
  { id: 26, name: 'Andar Bahar' },
  { id: 27, name: 'Lucky 7' },
  { id: 28, name: '3 Cards Judgement' },
  { id: 29, name: 'Casino War' },
  { id: 30, name: 'Worli' },
  { id: 34, name: 'Sports' },
  { id: 32, name: 'Bollywood' },
  { id: 33, name: 'Lottery' },
  { id: 40, name: 'Queen' },
  { id: 41, name: 'Race' },
  { id: 73, name: 'Others' },
] as const;

export type CasinoCategoryId = (typeof CASINO_CATEGORIES)[number]['id'];

/** The default category of the list screen. */
export const ALL_CASINO_CATEGORY = 35;

/** docs/rules/product.md §8: shown instead of a disabled table (or one with no round running), and the refusal of its bets. */
export const CASINO_SUSPENDED_MESSAGE = 'This game is suspended by admin, please try again later';

/**
 * GET get-casino-games: one tile of the live list (docs/rules/product.md §3 "Casino game list item (live)").
 * The response is `data: { data: CasinoGameListItem[] }` (the list screen reads the nested array).
 */
export interface CasinoGameListItem {
  title: string;
  /** Path of the tile image, served by the API (/api/casino/images/{gameCode}.svg). */
  image: string;
  /** The table's game code, used in /casino/{slug}/{match_id}. */
  slug: string;
  /** The table's match id while it runs (a round open, or between rounds), or -1 (disabled, or stopped). */
  match_id: string | -1;
  /** The table's match id whatever its state (the admin's switch acts on it). */
  matchId: string;
  isDisable: boolean;
  categoryId: number;
  /**
   * Seconds left to bet on the table's open round, on the server's clock when it answered; null
   * while no round takes bets (closed, dealing, between rounds, disabled). The tile's live badge
   * counts it down (issue 32).
   */
  secondsLeft: number | null;
}

export interface CasinoGamesResponse {
  data: CasinoGameListItem[];
}

/**
 * GET get-virtual-games: one stream of the virtual-games list, SPEC's second casino list item shape
 * (docs/rules/product.md §3: id, game_id, game_images, game_name, name; §2 "the other game grid").
 * SPEC has the list come from a streams service; ours is our own live tables: a stream is a running
 * table's rounds over the data connection (casinoSubscribe), watched without betting
 * (docs/spec-differences.md). The response is `data: { data: VirtualGameListItem[] }`, as the live list.
 */
export interface VirtualGameListItem {
  /** The stream's id: the table's match id (what casinoSubscribe and casino-market take). */
  id: string;
  /** The game: the table's game code (its slug in /casino/{slug}/{match_id}). */
  game_id: string;
  /** The game's pictures, the tile's first (served by the API, /api/casino/images/{gameCode}.svg). */
  game_images: string[];
  /** The game's title. */
  game_name: string;
  /** The name of the game's category in the casino menu (CASINO_CATEGORIES), e.g. 'Teenpatti'. */
  name: string;
}

export interface VirtualGamesResponse {
  data: VirtualGameListItem[];
}

export type CasinoRoundStatus = 'OPEN' | 'CLOSED' | 'SETTLED' | 'VOID';

/** One runner of a round's market. Prices are decimal (1.98); null where the side is not offered. */
export interface CasinoRunnerView {
  selectionId: string;
  name: string;
  back: number | null;
  lay: number | null;
}

export interface CasinoMarketView {
  marketId: string;
  /** The market's code in the game definition (stable across rounds), e.g. 'winner'. */
  code: string;
  name: string;
  /** True once betting closed (or the table is disabled). */
  suspended: boolean;
  minStake: number;
  maxStake: number;
  runners: CasinoRunnerView[];
}

/** The current (or last) round of a table: GET casino-market/{matchId}, and the realtime messages. */
export interface CasinoRoundView {
  matchId: string;
  gameCode: string;
  /** The round id (Diamond `mid`). */
  roundId: string;
  /** The round's number in the table's seed chain (PF-1 nonce). */
  nonce: number;
  status: CasinoRoundStatus;
  /** ISO time betting closes (authoritative: a bet that reaches the server later is refused). */
  closesAt: string;
  /** Whole seconds left to bet when this view was made (0 once closed). */
  secondsLeft: number;
  /** ISO time of the server when this view was made (for the countdown's clock offset). */
  serverTime: string;
  /** SHA-256 of the round's server seed, published before betting opens. */
  serverSeedHash: string;
  clientSeed: string;
  markets: CasinoMarketView[];
  /** Cards in dealing order (Diamond encoding, '8DD'); empty until the round closes. */
  cards: string[];
  /** The cards by hand or position once dealt, e.g. { dragon: ['8DD'], tiger: ['KDD'] }. */
  hands: Record<string, string[]>;
  /** Diamond result fields once dealt: winner code and side-market description. */
  win: string | null;
  rdesc: string | null;
  /** Revealed when the round settles (or is voided); null before. */
  serverSeed: string | null;
  voidReason: string | null;
}

/** The rules panel of a table: the deal, each market's payouts and RTP, the active rule flags. */
export interface CasinoRulesView {
  lines: string[];
  markets: Array<{ code: string; name: string; runners: Array<{ selectionId: string; name: string; back: number | null; lay: number | null; rtp: number | null }> }>;
}

/** GET get-casino-data-by-id/{matchId}: the table, its rules, its round and its last results. */
export interface CasinoTableView {
  matchId: string;
  gameCode: string;
  title: string;
  categoryId: number;
  isDisable: boolean;
  bettingSeconds: number;
  /** The table's seed-chain commitment (PF-1): SHA-256 chain end, published when the chain opened. */
  commitment: string;
  rules: CasinoRulesView;
  round: CasinoRoundView | null;
  /**
   * The last settled rounds, newest first (the results strip): the winner code and how the table
   * reads it (its letter or number, its name, its colour family: `resultBadge` of the game).
   */
  lastResults: CasinoLastResult[];
  /** How often each outcome came in the table's last settled rounds (up to CASINO_STATS_ROUNDS). */
  stats: CasinoResultStats;
  /** The places the game deals to, in dealing order (hand keys: 'dragon', 'tiger'), for the felt; none for the wheel. */
  seats: string[];
}

/** The colour family of a result: the side it favours, a tie, or the colour of a number or suit. */
export type ResultTone = 'a' | 'b' | 'c' | 'd' | 'tie' | 'red' | 'black' | 'green' | 'void';

/** One round of the results strip. */
export interface CasinoLastResult {
  roundId: string;
  win: string;
  label: string;
  name: string;
  tone: ResultTone;
}

/** The rounds the table's statistics count, newest first. */
export const CASINO_STATS_ROUNDS = 100;

/** A table's statistics: of its last `rounds` settled rounds, how many came out as each outcome group, most first. */
export interface CasinoResultStats {
  rounds: number;
  groups: Array<{ name: string; tone: ResultTone; count: number }>;
}

/** One settled (or voided) round of done-results: the Diamond fields plus what PF-1 needs to recompute it. */
export interface CasinoRoundRecord {
  roundId: string;
  matchId: string;
  gameCode: string;
  status: 'SETTLED' | 'VOID';
  mid: string;
  win: string;
  /** Comma-separated cards in dealing order. */
  card: string;
  rdesc: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  openedAt: string;
  closedAt: string | null;
  settledAt: string;
  voidReason: string | null;
}

/** GET done-results/{matchId}?filter_date&roundId&page. */
export interface CasinoResultsResponse {
  rounds: CasinoRoundRecord[];
  page: number;
  totalPages: number;
}

/** GET html-cards/{mid}/{type}: the cards of one round. */
export interface CasinoRoundCards {
  mid: string;
  gameCode: string;
  cards: string[];
  hands: Record<string, string[]>;
  win: string | null;
}

/** A player's bet on a casino round (the table page's "my bets", the casino report). */
export interface CasinoBet {
  betId: string;
  matchId: string;
  gameCode: string;
  roundId: string;
  marketId: string;
  marketName: string;
  selectionId: string;
  selectionName: string;
  side: 'BACK' | 'LAY';
  odds: number;
  stake: number;
  status: 'open' | 'settled' | 'voided';
  /** Profit (+) or loss (−) once settled; null while open. */
  pnl: number | null;
  placedAt: string;
}

/** Bets per page of GET casino-bets when the query names none (at most PAGE_SIZE_MAX). */
export const CASINO_BETS_PAGE_SIZE_DEFAULT = 50;

/**
 * GET casino-bets?matchId&roundId&page&pageSize: one page of the player's bets on a table (of one
 * round, or of every round), open ones first, then newest first; `total` counts every page.
 */
export interface CasinoBetsResponse {
  rows: CasinoBet[];
  page: number;
  pageSize: number;
  total: number;
}

/** GET casino-report?from&to: the player's casino P&L per day and table, with totals. */
export interface CasinoReportRow {
  /** YYYY-MM-DD (UTC). */
  date: string;
  gameCode: string;
  title: string;
  rounds: number;
  bets: number;
  stake: number;
  pnl: number;
}

export interface CasinoReportResponse {
  rows: CasinoReportRow[];
  totals: { rounds: number; bets: number; stake: number; pnl: number };
}

/**
 * POST disable-casino-games (admin, sadmin): switch a table off (its open round is voided and
 * every bet refunded) or on. A POST with the transaction password, where docs/rules/product.md §7 has a GET with
 * the matchId only (ADR 0032).
 */
export interface CasinoDisableRequest {
  matchId: string;
  isDisable: boolean;
  transactionPassword: string;
}

/** POST disable-casino-games: the table's new state. */
export interface CasinoDisableResponse {
  matchId: string;
  isDisable: boolean;
}

/** GET casino-round-book/{gameCode} (agents): the downline's bets on the current round and its book. */
export interface CasinoRoundBook {
  matchId: string;
  gameCode: string;
  title: string;
  round: CasinoRoundView | null;
  bets: Array<CasinoBet & { username: string }>;
  /**
   * Per market and runner: the downline's P&L (rupees) if that runner wins, from the players'
   * side (the agent's own share is its part of the negative).
   */
  book: Array<{ marketId: string; name: string; runners: Array<{ selectionId: string; name: string; pnl: number }> }>;
}

/** GET game-reports?from&to (agents): P&L per table and per direct child over a date range. */
export interface CasinoGameReportRow {
  gameCode: string;
  title: string;
  /** The direct child (agent or player) the figures roll up to. */
  childId: string;
  childUsername: string;
  bets: number;
  stake: number;
  /** The players' P&L under that child (+ = players won). */
  pnl: number;
}

export interface CasinoGameReportResponse {
  rows: CasinoGameReportRow[];
  totals: { bets: number; stake: number; pnl: number };
}

/** Realtime (namespace /data): subscribe to a table with `casinoSubscribe` (ack: the snapshot). */
export const CASINO_SUBSCRIBE = 'casinoSubscribe';
export const CASINO_UNSUBSCRIBE = 'casinoUnsubscribe';
/**
 * The server's message on every change of the table's round: a sequenced delta carrying the whole
 * round view, except a second of the countdown, which carries only the clock (the markets of a
 * round do not change while it counts down; Lottery's are 1,110 runners).
 */
export const CASINO_DELTA = 'casinoDelta';

export type CasinoPhase = 'opened' | 'countdown' | 'closed' | 'dealt' | 'settled' | 'voided' | 'disabled' | 'enabled';

/** Ack of casinoSubscribe: the table's round as it stands and the seq the deltas continue from. */
export interface CasinoSnapshot {
  matchId: string;
  seq: number;
  round: CasinoRoundView | null;
  isDisable: boolean;
}

/** A second of an open round's countdown: what changes of its view. */
export interface CasinoCountdown {
  roundId: string;
  secondsLeft: number;
  /** ISO time of the server at that second (the countdown's clock offset). */
  serverTime: string;
}

export type CasinoDelta =
  | { matchId: string; seq: number; phase: Exclude<CasinoPhase, 'countdown'>; round: CasinoRoundView | null; isDisable: boolean }
  /** Applies to the round the client holds (same roundId); the table's switch is unchanged. */
  | { matchId: string; seq: number; phase: 'countdown'; countdown: CasinoCountdown };
