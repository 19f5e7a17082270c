/**
 * Step 3 contracts: the sports catalog, the odds feed as the API serves it, market data over the
 * data socket, and the sports admin. At this edge odds are decimal numbers with two decimals
 * (inside they are integers in hundredths) and sizes/stakes are rupees.
 * Sport ids follow docs/rules/product.md §3: 4 Cricket, 1 Soccer, 2 Tennis. Series = competitions, matches = events.
 */
import type { SocketAck } from './socket';
import type { DeclaredResult } from './bets';

/** Sport ids of docs/rules/product.md §3. */
export const SPORT_IDS = { cricket: 4, soccer: 1, tennis: 2, horseRacing: 7, greyhoundRacing: 4339 } as const;

/** A price on the ladder with the money available at it. */
export interface PriceSize {
  /** Decimal odds, e.g. 1.85 (bookmaker: rate in paise of a rupee as odds, e.g. 0.85 → shown 85). */
  price: number;
  /** Rupees available at that price. */
  size: number;
}

/** Market families. */
export type MarketType = 'match_odds' | 'bookmaker' | 'over_under' | 'fancy';

/** A market's state as players see it. */
export type MarketStatus = 'open' | 'suspended' | 'ball_running' | 'closed';

/** Runner of a match odds / bookmaker / over-under market. */
export interface Runner {
  selectionId: string;
  name: string;
  /** Racing: the runner's number on the race card (a greyhound's trap); null outside racing. */
  clothNumber: number | null;
  /**
   * A non-runner's (status 'removed') reduction factor in percent (Betfair's adjustmentFactor:
   * the price of bets matched before the removal is reduced by it, docs/racing-rules.md R-3);
   * null otherwise or when the feed gave none.
   */
  adjustmentFactor: number | null;
  /** Best three backs, best first (highest price first). */
  back: PriceSize[];
  /** Best three lays, best first (lowest price first). */
  lay: PriceSize[];
  status: 'active' | 'winner' | 'loser' | 'removed';
}

/** Limits an admin sets per market or fancy. */
export interface MarketLimits {
  /** Rupees. */
  minStake: number;
  maxStake: number;
  maxProfit: number;
  /** Seconds a bet waits before acceptance (docs/rules/money.md §7.11). */
  betDelaySec: number;
}

/** A market of a match (not fancy). */
export interface Market extends MarketLimits {
  marketId: string;
  matchId: string;
  name: string;
  type: Exclude<MarketType, 'fancy'>;
  status: MarketStatus;
  /**
   * Admin switch: the market is held suspended whatever the feed says (`status` is then
   * 'suspended' unless closed). False when only the feed suspended it.
   */
  adminSuspended: boolean;
  /** Admin switch: only active markets are shown to players. */
  active: boolean;
  inPlay: boolean;
  /**
   * How many runners win: 1, or a racing PLACE market's places (Betfair's numberOfWinners, 2-4),
   * where every placed runner wins in full (docs/racing-rules.md R-2).
   */
  numberOfWinners: number;
  runners: Runner[];
  /** The feed's winner selection id once resulted (null until then; 'void' when voided). */
  result: string | null;
  /**
   * The result the market's bets were settled on (its live settlement: an admin's declaration or
   * the feed's), null while unsettled or after a rollback. Once set the prices are empty and the
   * page shows the market as settled with this result, whatever the feed says later.
   */
  settled: DeclaredResult | null;
}

/** A fancy (session) market: No at noRun/noRate, Yes at yesRun/yesRate (docs/rules/money.md §7.4). */
export interface Fancy extends MarketLimits {
  fancyId: string;
  matchId: string;
  name: string;
  /** Kind of line: 'session' (runs over a span), 'wicket', … Default 'session' (docs/rules/product.md §3). */
  gtype: string;
  status: MarketStatus;
  /** Admin switch: held suspended whatever the feed says (see Market.adminSuspended). */
  adminSuspended: boolean;
  active: boolean;
  noRun: number;
  /** Rate in percent, e.g. 100 means even money. */
  noRate: number;
  yesRun: number;
  yesRate: number;
  /** The feed's value (runs, wickets) once resulted. */
  result: number | null;
  /** The result the fancy's bets were settled on (see Market.settled); null while unsettled. */
  settled: DeclaredResult | null;
}

/** Live score of a match (cricket: runs/wickets/overs; soccer: goals + minute; tennis: sets/games). */
export interface Score {
  matchId: string;
  sportId: number;
  home: string;
  away: string;
  /** One line for the score panel, e.g. "IND 123/4 (15.2) · target 181". */
  summary: string;
  /** Per-sport detail lines (innings, sets, last balls …). */
  detail: string[];
  inPlay: boolean;
  /** Cricket: a ball is in progress (markets show the ball-running overlay). */
  ballRunning: boolean;
  updatedAt: string;
}

/** A competition of the feed (GET get-series?EventTypeID). */
export interface SeriesItem {
  competitionId: string;
  name: string;
  sportId: number;
  matchCount: number;
}

/** A match of the feed (GET get-matches?EventTypeID&CompetitionID), for import. */
export interface FeedMatch {
  eventId: string;
  name: string;
  sportId: number;
  competitionId: string;
  competitionName: string;
  openDate: string;
  inPlay: boolean;
  /** Already imported (saved) into the catalog. */
  imported: boolean;
}

/** POST save-match {data, syncData}: import a feed match with its markets. */
export interface SaveMatchRequest {
  data: { eventId: string; sportId: number; competitionId: string };
  /** Also import the match's markets and fancies now (true) or only the match. */
  syncData: boolean;
}

/** Match details (GET get-match-by-id?matchId). */
export interface MatchDetail {
  _id: string;
  sportId: number;
  name: string;
  competitionId: string;
  competitionName: string;
  openDate: string;
  inPlay: boolean;
  status: 'upcoming' | 'inplay' | 'closed';
  active: boolean;
}

/** A match odds price summary on list screens (home): best back/lay per runner. */
export interface MatchOddsSummary {
  marketId: string;
  status: MarketStatus;
  runners: { selectionId: string; name: string; back: number | null; lay: number | null }[];
}

/** POST update-market: admin activation, suspension and limits of one market. */
export interface UpdateMarketRequest extends Partial<MarketLimits> {
  marketId: string;
  active?: boolean;
  /** Admin suspension on top of the feed's ('suspended'), or back to the feed's state ('open'). */
  suspended?: boolean;
}

/** POST update-fancy: the same for a fancy. */
export interface UpdateFancyRequest extends Partial<MarketLimits> {
  fancyId: string;
  active?: boolean;
  suspended?: boolean;
}

/** POST update-match: show or hide a match for players. */
export interface UpdateMatchRequest {
  matchId: string;
  active: boolean;
}

/** POST save-sport-settings: enable a sport and its default limits for new markets. */
export interface SportSettings extends MarketLimits {
  sportId: number;
  active: boolean;
}

/** A news line shown to players (admin 'messages'). */
export interface NewsMessage {
  _id: string;
  text: string;
  active: boolean;
  createdAt: string;
  /** The site whose players see it; null: every site (ADR 0074 "Content per site"). */
  siteId: string | null;
}

/** One stake button of a player (button-values). */
export interface ButtonValue {
  label: string;
  /** Rupees. */
  value: number;
}

// ---- Data socket (namespace /data) ----

/** Client → server: subscribe to a match's market data. */
export interface DataSubscribe {
  matchId: string;
}

/** Server → client: the full image of a match on subscribe (and on re-subscribe after a gap). */
export interface MatchSnapshot {
  matchId: string;
  /** Sequence number of this image; the next delta carries seq + 1. */
  seq: number;
  markets: Market[];
  fancies: Fancy[];
  score: Score | null;
}

/**
 * The changes of one match since its previous message, batched per interval. They reach the
 * client in a `deltas` frame: one per socket per tick, with the deltas of every changed match the
 * socket watches (ADR 0027).
 */
export interface MatchDelta {
  matchId: string;
  seq: number;
  /** Markets that changed (whole market objects). */
  markets?: Market[];
  fancies?: Fancy[];
  score?: Score;
  /** Ids of markets or fancies that disappeared (closed and removed). */
  removed?: string[];
  /** The match's status when the feed changed it: 'closed' as soon as the match ended. */
  matchStatus?: 'upcoming' | 'inplay' | 'closed';
}

/**
 * Events the client sends on the data connection. The optional ack answers `{ ok: true }`, or
 * `{ ok: false, message }` when the match is unknown or not shown to this caller (no snapshot
 * follows then). A client that sees a seq gap emits `subscribe` again and gets a fresh snapshot.
 */
export interface DataClientEvents {
  subscribe: (payload: DataSubscribe, ack?: (result: SocketAck) => void) => void;
  unsubscribe: (payload: DataSubscribe, ack?: (result: SocketAck) => void) => void;
}

/** Events the server sends on the data connection. */
export interface DataServerEvents {
  snapshot: (payload: MatchSnapshot) => void;
  /**
   * One tick's frame: a delta of each watched match that changed, in seq order per match (two of
   * one match when an admin's show/hide followed a change). Each is applied or gap-checked on its own.
   */
  deltas: (payload: MatchDelta[]) => void;
  /** The handshake's access token expired; the socket is disconnected next (socket.ts TOKEN_EXPIRED_EVENT). */
  tokenExpired: () => void;
}

/** Prices are batched and sent at most this often per match. */
export const MARKET_DATA_BATCH_MS = 250;

// ---- Step 3 additions (API) ----

/** `Market.result` of a voided market (e.g. a tied T20 under the VOID tie policy, docs/rules/money.md §7.7). */
export const MARKET_RESULT_VOID = 'void';

/** Default `gtype` of get-fancy-list (docs/rules/product.md §3, §9: default bet fancy type session); 'all' lists every kind. */
export const FANCY_GTYPE_DEFAULT = 'session';

/** Upper bound of any stake limit an admin may set (rupees). */
export const MARKET_LIMIT_MAX = 100_000_000;

/** Longest bet delay an admin may set (seconds). */
export const BET_DELAY_MAX_SEC = 60;

/** A sport with its settings, as GET get-sport-list answers admin and sadmin (players get SportItem). */
export interface SportAdminItem extends SportSettings {
  name: string;
}

/** An imported match inside a competition of get-series-with-market. */
export interface SeriesMatchItem {
  _id: string;
  name: string;
  openDate: string;
  inPlay: boolean;
  status: 'upcoming' | 'inplay' | 'closed';
  /** Active (player-visible) non-fancy markets of the match. */
  marketCount: number;
  /** Active fancies of the match that are not closed. */
  fancyCount: number;
}

/** A competition with its imported matches (GET get-series-with-market?EventTypeID). */
export interface SeriesWithMarket {
  competitionId: string;
  name: string;
  sportId: number;
  matches: SeriesMatchItem[];
}

/** Competitions grouped by the UTC date of their matches' open date (GET get-series-with-market-with-date). */
export interface SeriesByDate {
  /** YYYY-MM-DD (UTC). */
  date: string;
  series: SeriesWithMarket[];
}

/** POST save-message: a new news line. */
export interface SaveMessageRequest {
  text: string;
  active: boolean;
  /**
   * The site it is for: the Super Admin names any site or null for every site (default: the
   * site it signed in on); an Admin only its own (the default).
   */
  siteId?: string | null;
}

/** POST update-message: change a news line's text or switch it on or off. */
export interface UpdateMessageRequest {
  _id: string;
  text?: string;
  active?: boolean;
}

/** Longest news line (characters). */
export const NEWS_TEXT_MAX_LENGTH = 500;

/** POST save-button-values. */
export interface SaveButtonValuesRequest {
  buttons: ButtonValue[];
}

/** A player has at most this many stake buttons. */
export const BUTTON_VALUES_MAX = 10;
/** Longest button label (characters). */
export const BUTTON_LABEL_MAX_LENGTH = 10;
/**
 * Largest stake a button may hold (rupees, whole): ₹10,00,000, above every market's default
 * maximum stake; a larger quick stake would only ever be refused by the bet slip.
 */
export const BUTTON_VALUE_MAX = 1_000_000;

/** Stake buttons of a user who has saved none. */
export const DEFAULT_BUTTON_VALUES: readonly ButtonValue[] = [
  { label: '100', value: 100 },
  { label: '500', value: 500 },
  { label: '1K', value: 1_000 },
  { label: '5K', value: 5_000 },
  { label: '10K', value: 10_000 },
  { label: '25K', value: 25_000 },
  { label: '50K', value: 50_000 },
  { label: '1L', value: 100_000 },
];
