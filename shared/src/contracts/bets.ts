/**
 * Step 4 contracts: bet placement, the player's positions and bet lists, the agents' books
 * (market analysis), voids, market bet-locks, results and settlement (docs/rules/product.md §3, §7 "Bets";
 * docs/rules/money.md §7). Money crosses the edge in rupees with two decimals; odds as decimal odds (2.5), a
 * bookmaker rate in rupees per rupee staked (0.45 for a rate of 45, as the market data carries it), a
 * fancy rate in percent (110). Inside everything is integer.
 */
import type { Role } from './roles';
import type { BetSortKey, SortOrder } from './sorting';

/** Runner markets: BACK / LAY. Fancy (session) markets: YES (back) / NO (lay). */
export type PlaceBetSide = 'BACK' | 'LAY';
export type FancyBetSide = 'YES' | 'NO';
export type AnyBetSide = PlaceBetSide | FancyBetSide;

/** Every market type a bet can be on. */
export type BetMarketType = 'match_odds' | 'bookmaker' | 'over_under' | 'fancy';

/** POST /api/placebet on a runner market (match odds, bookmaker, over/under). */
export interface RunnerBetRequest {
  matchId: string;
  marketId: string;
  selectionId: string;
  side: PlaceBetSide;
  /** Decimal odds (2.5), or the bookmaker rate per rupee (0.45 for a rate of 45). */
  odds: number;
  stake: number;
  /**
   * What the bet does when the live price differs from `odds` (ADR 0055); absent: the player's
   * stored choice (bet preferences). The slip sends the choice the player sees in it.
   */
  oddsAcceptance?: OddsAcceptance;
}

/**
 * A runner bet's odds acceptance (ADR 0055), applied when the bet arrives and again at the end of
 * its bet delay: 'better' is matched at the live price when it is the same as or better for the
 * player than the one asked (a back higher, a lay lower), else refused "Odds changed"; 'any' at the
 * live price whichever way it moved; 'exact' only at the price asked. A fancy keeps its own rule
 * (the line same or better, the rate unchanged) whatever the choice.
 */
export type OddsAcceptance = 'better' | 'any' | 'exact';
export const ODDS_ACCEPTANCES: readonly OddsAcceptance[] = ['better', 'any', 'exact'];
/** How the choices read, everywhere a player picks one. */
export const ODDS_ACCEPTANCE_TEXT: Readonly<Record<OddsAcceptance, string>> = {
  better: 'Accept better odds',
  any: 'Accept any odds',
  exact: 'Exact odds only',
};

/** GET get-bet-preferences / POST save-bet-preferences: a player's odds acceptance and one-click betting. */
export interface BetPreferences {
  oddsAcceptance: OddsAcceptance;
  /** One-click betting: a price click places at once at `oneClickStake`, without the slip. */
  oneClick: boolean;
  /** Rupees, a whole number from 1 to BUTTON_VALUE_MAX (as a stake button). */
  oneClickStake: number;
}

/** POST save-bet-preferences: any of the fields; the others keep their stored values. */
export type SaveBetPreferencesRequest = Partial<BetPreferences>;

/** A player's preferences until they save their own. */
export const DEFAULT_BET_PREFERENCES: BetPreferences = { oddsAcceptance: 'better', oneClick: false, oneClickStake: 100 };

/** POST /api/placebet on a fancy (session) market: YES at yesRun/yesRate, NO at noRun/noRate. */
export interface FancyBetRequest {
  matchId: string;
  fancyId: string;
  side: FancyBetSide;
  /** The line in runs as the player saw it. */
  run: number;
  /** The rate in percent as the player saw it (110 = wins/loses 1.10 × stake). */
  rate: number;
  stake: number;
}

/** POST /api/placebet (header Idempotency-Key required). */
export type PlaceBetRequest = RunnerBetRequest | FancyBetRequest;

/** True for a fancy bet request. */
export function isFancyBetRequest(body: PlaceBetRequest): body is FancyBetRequest {
  return 'fancyId' in body;
}

export type BetStatus = 'open' | 'settled' | 'voided';

/** A bet as the player placed it, with where it stands. */
export interface PlacedBet {
  betId: string;
  matchId: string;
  /** The market id, or the fancy id for a fancy bet. */
  marketId: string;
  marketType: BetMarketType;
  /** The runner's selection id; the fancy id for a fancy bet. */
  selectionId: string;
  side: AnyBetSide;
  /**
   * Decimal odds, or the bookmaker rate, or the fancy rate (percent), as matched: a price the
   * market beat when the bet was placed is matched at the market's price (best execution, ADR 0034),
   * so a back may show more than was asked and a lay less.
   */
  odds: number;
  /** Fancy only: the line in runs, as matched (a YES may show a lower line than asked, a NO a higher one). */
  run: number | null;
  stake: number;
  status: BetStatus;
  createdAt: string;
  /** True for a bet a cash out placed (its hedge, ADR 0056); absent otherwise. */
  cashOut?: boolean;
}

/** A bet row of the lists: the bet with names, and its outcome once settled or voided. */
export interface BetRow extends PlacedBet {
  username: string;
  sportId: number;
  matchName: string;
  /** The match's scheduled start: a race's off time, which names a race beside its event name (ADR 0045). */
  matchOpenDate: string;
  marketName: string;
  /** The runner's name; the fancy's name for a fancy bet. */
  selectionName: string;
  /** A racing runner's race-card number (shown before its name), else null. */
  clothNumber: number | null;
  /** The bet's own P&L (rupees) once settled; 0 when voided; null while open. */
  pnl: number | null;
  settledAt: string | null;
  /** Why the bet was voided (market void, deleted by an agent), else null. */
  voidReason: string | null;
}

/**
 * P&L of one outcome: a runner (selectionId), or a fancy run zone (selectionId is the zone's
 * lowest run as a string, `fromRuns` the same number: the zone holds fromRuns … next zone − 1).
 */
export interface ProfitListRow {
  selectionId: string;
  /** P&L in rupees if this outcome happens. */
  profit: number;
  fromRuns?: number;
}

export interface PlaceBetResponse {
  /** The user's total exposure after the bet (rupees). */
  exposer: number;
  /** The user's balance (rupees), unchanged by placement. */
  balance: number;
  /** The market's P&L per outcome after the bet. */
  profitlist: ProfitListRow[];
  bet: PlacedBet;
}

/** GET /api/cashout?matchId: the player's cash-out offer per match-odds and bookmaker market with a position. */
export interface CashOutOffersQuery {
  matchId: string;
}

/** One market's offer: open with a value per percent, or why there is none now. */
export interface CashOutOffer {
  marketId: string;
  marketType: 'match_odds' | 'bookmaker';
  /** open: the values stand; suspended: the market takes no bets; no_price: a runner the hedge needs has no price. */
  status: 'open' | 'suspended' | 'no_price';
  /** Per percent (25, 50, 75, 100): the amount guaranteed, rupees (negative: a cash out at a loss). Empty unless open. */
  offers: Array<{ percent: number; value: number }>;
}

/** POST /api/cashout (header Idempotency-Key required). */
export interface CashOutRequest {
  marketId: string;
  /** The share of the hedge, 1–100 (the product offers 25, 50, 75, 100). */
  percent: number;
  /** The value the player saw (rupees): a lower one now is refused as a price move. */
  expectedValue: number;
}

/** The cash out placed (or its replay): the hedge bets and the wallet after them. */
export interface CashOutResponse {
  cashOutId: string;
  marketId: string;
  percent: number;
  /** The guaranteed amount taken (rupees). */
  value: number;
  bets: PlacedBet[];
  exposer: number;
  balance: number;
  /** The market's P&L per runner after the cash out. */
  profitlist: ProfitListRow[];
}

export interface BetsQuery {
  matchId: string;
}

/**
 * GET /api/match-positions?matchId: the player's book on every market of the match where it
 * has open bets: P&L per runner (runner markets) or per run zone (fancy), and the exposure.
 */
export interface MarketPosition {
  marketId: string;
  marketType: BetMarketType;
  /** Runner markets: one row per runner. Fancy: one row per run zone, lowest first. */
  profitlist: ProfitListRow[];
  exposure: number;
}

/** Paged list envelope of the bet lists. */
export interface BetPage<T> {
  rows: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** POST /api/get-bet-list-by-ids {betIds, page}: the caller's bets, or its downline's for an agent. */
export interface BetListByIdsRequest {
  betIds: string[];
  page?: number;
}

/**
 * GET /api/unsettled-bets?type&sportId&matchId&search&sort&order&page&pageSize. Players: their open bets. Agents:
 * the open bets of their downline (type 'matched'), or the voided ones (type 'deleted').
 */
export type UnsettledBetType = 'matched' | 'deleted';
export interface UnsettledBetsQuery {
  type?: UnsettledBetType;
  sportId?: number;
  matchId?: string;
  /** Part of a username, match or market name (case-insensitive), within the listed bets only. */
  search?: string;
  /** The column to order by (BET_SORT_KEYS, ADR 0068), then newest first. */
  sort?: BetSortKey;
  order?: SortOrder;
  page?: number;
  pageSize?: number;
}

/**
 * GET /api/bet-history?from&to&sportId&status&search&sort&order&page&pageSize: settled and voided bets in the
 * order placed, newest first; dates (of settlement) ISO (yyyy-mm-dd, inclusive, UTC), default the last 7 days. Agents see the downline,
 * optionally one `username` of it.
 */
export interface BetHistoryQuery {
  from?: string;
  to?: string;
  sportId?: number;
  status?: 'settled' | 'voided' | 'all';
  username?: string;
  /** Part of a username, match or market name (case-insensitive), within the listed bets only. */
  search?: string;
  /** The column to order by (BET_SORT_KEYS, ADR 0068), then newest first. */
  sort?: BetSortKey;
  order?: SortOrder;
  page?: number;
  pageSize?: number;
}

/**
 * GET /api/profit-loss?from&to&sportId&groupBy: P&L by market over settled markets.
 * Player: its own net P&L per market (after commission). Agent: the downline's P&L per market
 * (groupBy 'market') or per direct child (groupBy 'child'), with the agent's own share.
 */
export interface ProfitLossQuery {
  from?: string;
  to?: string;
  sportId?: number;
  groupBy?: 'market' | 'child';
}

export interface ProfitLossRow {
  /** 'market': the market id; 'child': the child's username. */
  key: string;
  sportId: number | null;
  sportName: string | null;
  matchId: string | null;
  matchName: string | null;
  /** The match's scheduled start (a race's off time); null for a child row or a casino round. */
  matchOpenDate: string | null;
  marketName: string | null;
  /** 'child' rows: the child's role. */
  role: Role | null;
  /** The players' P&L (player: its own), before commission (rupees). */
  pnl: number;
  commission: number;
  /** pnl − commission: what the players' wallets got. */
  net: number;
  /** Agent only: the agent's own share of the result (its partnership amount); player: null. */
  ownShare: number | null;
  settledAt: string | null;
}

export interface ProfitLossResponse {
  rows: ProfitLossRow[];
  total: { pnl: number; commission: number; net: number; ownShare: number | null };
}

/** A runner's (or run zone's) line in a book. */
export interface BookLine {
  selectionId: string;
  /** Runner name, or the zone's label ("44 and below", "45", "46 and above"). */
  name: string;
  /** The downline players' combined P&L if this outcome happens (players' view). */
  usersPnl: number;
  /** The agent's own P&L if this outcome happens: −usersPnl × own share (docs/rules/money.md T27). */
  ownPnl: number;
  fromRuns?: number;
  /** A racing runner's race-card number (absent outside racing). */
  clothNumber?: number;
}

/** One market of the market analysis. */
export interface MarketBook {
  matchId: string;
  matchName: string;
  /** The match's scheduled start (a race's off time). */
  matchOpenDate: string;
  sportId: number;
  marketId: string;
  marketName: string;
  marketType: BetMarketType;
  /** Open bets of the downline in this market. */
  betCount: number;
  lines: BookLine[];
}

/** GET /api/get-market-analysis?matchId: every open market with downline bets (or one match's). */
export interface MarketAnalysisQuery {
  matchId?: string;
}

/** GET /api/get-child-user-list?username&matchId: the book per direct child of `username`. */
export interface ChildUserListQuery {
  username?: string;
  matchId: string;
}

export interface ChildBookRow {
  username: string;
  role: Role;
  /** Per market with bets below this child: the child subtree's players' P&L per outcome. */
  markets: { marketId: string; marketName: string; marketType: BetMarketType; lines: { selectionId: string; name: string; usersPnl: number; clothNumber?: number }[] }[];
}

/** DELETE /api/delete-current-bet/{id} and POST /api/delete-bets: void open bets (admin, sadmin). */
export interface DeleteBetsRequest {
  betIds: string[];
  reason?: string;
}

export interface DeleteBetsResponse {
  voided: string[];
}

/** POST /api/bet-lock with a marketId: lock (or unlock) betting on one market for a subtree. */
export interface MarketBetLockRequest {
  username: string;
  marketId: string;
  lock: boolean;
  transactionPassword: string;
}

/** A market result as an admin declares it, or as the feed gives it. */
export type DeclaredResult =
  | { type: 'WINNER'; selectionId: string }
  | { type: 'DEAD_HEAT'; selectionIds: string[] }
  /** A market with several winners (a racing PLACE market): every placed runner wins in full. */
  | { type: 'PLACED'; selectionIds: string[] }
  | { type: 'RUNS'; runs: number }
  | { type: 'VOID' };

/** POST /api/declare-result: settle a market (or correct a settled one: rollback + settle). */
export interface DeclareResultRequest {
  marketId: string;
  result: DeclaredResult;
  /** The admin's transaction password (ADR 0032: every result route asks for it). */
  transactionPassword: string;
}

/** POST /api/rollback-result: reverse the market's settlement and re-open its bets. */
export interface RollbackResultRequest {
  marketId: string;
  transactionPassword: string;
}

/** What a declare or rollback did. */
export interface SettlementSummary {
  marketId: string;
  /** Settlement version (1, 2, …); every rollback + settle makes a new one. */
  version: number;
  status: 'settled' | 'rolled_back';
  result: DeclaredResult | null;
  bets: number;
  users: number;
  /** Σ players' P&L before commission (rupees). */
  usersPnl: number;
  commission: number;
}

/**
 * GET /api/results?status=pending|settled|differs&sportId (admin, sadmin): markets with open bets
 * that wait for a result (pending), settled markets that can be rolled back (settled), or settled
 * markets whose result differs from the feed's (differs).
 */
export interface ResultsQuery {
  status?: 'pending' | 'settled' | 'differs';
  sportId?: number;
}

export interface ResultMarketRow {
  marketId: string;
  marketType: BetMarketType;
  matchId: string;
  matchName: string;
  sportId: number;
  marketName: string;
  /**
   * How many runners win: 1, or a racing PLACE market's places (k > 1: the result is PLACED with
   * 1 to k runners, docs/racing-rules.md R-2). A fancy: 1.
   */
  numberOfWinners: number;
  /** Runner markets: the runners to choose a winner from (racing: with their race-card number); fancy: empty. */
  runners: { selectionId: string; name: string; clothNumber: number | null }[];
  /** Open bets waiting for the result. */
  openBets: number;
  /** The feed's result when it gave one. */
  feedResult: DeclaredResult | null;
  /** The settled result and version (status 'settled'). */
  settled: { version: number; result: DeclaredResult; settledAt: string; source: 'feed' | 'admin' } | null;
  /** The market is settled and the feed's result is another one (accept-feed-result fixes it). */
  feedDiffers: boolean;
}

/**
 * POST /api/accept-feed-result (admin, sadmin): settle the market on the feed's result, in one
 * transaction rolling back a settlement with another result first.
 */
export interface AcceptFeedResultRequest {
  marketId: string;
  transactionPassword: string;
}

/** Default page size of the bet lists. */
export const BET_LIST_PAGE_SIZE = 25;
export const BET_LIST_PAGE_SIZE_MAX = 100;
/** get-bet-list-by-ids accepts at most this many ids. */
export const BET_IDS_MAX = 200;
/** Margin in runs of the fancy run book around the lines (docs/rules/money.md §7.4). */
export const RUN_BOOK_MARGIN = 5;
