import type { MatchSummary, SportItem } from '../contracts/api';
import type { FeedStatus } from '../contracts/feed';
import type { BetPreferences, SaveBetPreferencesRequest } from '../contracts/bets';
import type {
  ButtonValue,
  Fancy,
  FeedMatch,
  Market,
  MatchDetail,
  NewsMessage,
  SaveMatchRequest,
  Score,
  SeriesItem,
  SaveMessageRequest,
  SportAdminItem,
  SportSettings,
  UpdateFancyRequest,
  UpdateMessageRequest,
  UpdateMarketRequest,
  UpdateMatchRequest,
} from '../contracts/sports';
import type { MatchSortKey, SortOrder } from '../contracts/sorting';
import type { SaveSiteLimitsRequest, SaveSiteSportsRequest, SiteSportsSwitches, SiteStakeLimits } from '../contracts/site-content';
import type { ApiClient } from '../kernel/client';
import { unwrap, unwrapWithMessage } from '../kernel/client';

/** Match list filters of get-match-list: the API's default status is all. */
export interface MatchListQuery {
  sportId?: number;
  /** all | inplay | in-play | upcoming */
  status?: string;
  limit?: number;
  /** Part of a match or competition name (case-insensitive), within the matches listed. */
  search?: string;
  /** The column to order by (MATCH_SORT_KEYS, ADR 0068), then the list's own order. */
  sort?: MatchSortKey;
  order?: SortOrder;
}

/**
 * Sports catalog as players (and agents) read it: sports, matches, markets, fancies, score, the
 * news lines, the player's stake buttons and bet preferences. Reads are data calls (10 s, docs/rules/product.md §9).
 */
export function createSportsApi(client: ApiClient) {
  return {
    sportList: () => unwrap<SportItem[]>(client.data.get('/get-sport-list')),
    matchList: (params: MatchListQuery) => unwrap<MatchSummary[]>(client.data.get('/get-match-list', { params: { status: 'all', ...params } })),
    matchById: (matchId: string) => unwrap<MatchDetail>(client.data.get('/get-match-by-id', { params: { matchId } })),
    /** Players get the active markets only; admins every market of the match. */
    marketList: (matchId: string) => unwrap<Market[]>(client.data.get('/get-market-list', { params: { matchId } })),
    /** Fancies of one kind (docs/rules/product.md §7: gtype defaults to session). */
    fancyList: (matchId: string, gtype = 'session') => unwrap<Fancy[]>(client.data.get('/get-fancy-list', { params: { matchId, gtype } })),
    score: (matchId: string) => unwrap<Score>(client.data.get('/score', { params: { MatchID: matchId } })),
    /** The active news lines (players), or every line (admin and sadmin). */
    messages: () => unwrap<NewsMessage[]>(client.data.get('/get-messages')),
    buttonValues: () => unwrap<ButtonValue[]>(client.main.get('/get-button-values')),
    saveButtonValues: (buttons: ButtonValue[]) => unwrapWithMessage<ButtonValue[]>(client.main.post('/save-button-values', { buttons })),
    /** The player's odds acceptance and one-click betting (ADR 0055). */
    betPreferences: () => unwrap<BetPreferences>(client.main.get('/get-bet-preferences')),
    /** Saves the given fields; answers every field as stored. */
    saveBetPreferences: (change: SaveBetPreferencesRequest) => unwrapWithMessage<BetPreferences>(client.main.post('/save-bet-preferences', change)),
  };
}

/**
 * A match of get-match-list as admin and sadmin get it: every imported match of the sport, shown
 * to players or not, with the switch's state.
 */
export type AdminMatchSummary = MatchSummary;

/** The sports catalog's player module shape (tests mock it). */
export type SportsApi = ReturnType<typeof createSportsApi>;

/**
 * Sports administration (admin and sadmin, docs/rules/product.md §6): the feed's competitions and matches, import,
 * sport settings, match/market/fancy switches and limits, and the news lines.
 */
export function createSportsAdminApi(client: ApiClient) {
  return {
    /** Every sport with its active switch and default limits (get-sport-list as admin answers). */
    sports: () => unwrap<SportAdminItem[]>(client.main.get('/get-sport-list')),
    /**
     * Imported matches of a sport, including those hidden from players, each with its player
     * switch (get-match-list answers admins with every imported match).
     */
    matchList: (params: MatchListQuery) => unwrap<AdminMatchSummary[]>(client.main.get('/get-match-list', { params: { status: 'all', ...params } })),
    /** Competitions of a sport in the feed (EventTypeID = sport id). */
    series: (sportId: number) => unwrap<SeriesItem[]>(client.main.get('/get-series', { params: { EventTypeID: sportId } })),
    /** Matches of a competition in the feed, each saying whether it is imported. */
    feedMatches: (sportId: number, competitionId: string) =>
      unwrap<FeedMatch[]>(client.main.get('/get-matches', { params: { EventTypeID: sportId, CompetitionID: competitionId } })),
    saveMatch: (body: SaveMatchRequest) => unwrapWithMessage<MatchDetail>(client.main.post('/save-match', body)),
    saveSportSettings: (body: SportSettings) => unwrapWithMessage<unknown>(client.main.post('/save-sport-settings', body)),
    /** The sports the site signed in on switched off for its own players (ADR 0074 "Content per site"). */
    siteSports: () => unwrap<SiteSportsSwitches>(client.main.get('/get-site-sports')),
    saveSiteSports: (body: SaveSiteSportsRequest) => unwrapWithMessage<SiteSportsSwitches>(client.main.post('/save-site-sports', body)),
    /** The site signed in on's own stake limits for its players (null: the market's own). */
    siteLimits: () => unwrap<SiteStakeLimits>(client.main.get('/get-site-limits')),
    saveSiteLimits: (body: SaveSiteLimitsRequest) => unwrapWithMessage<SiteStakeLimits>(client.main.post('/save-site-limits', body)),
    updateMatch: (body: UpdateMatchRequest) => unwrapWithMessage<unknown>(client.main.post('/update-match', body)),
    updateMarket: (body: UpdateMarketRequest) => unwrapWithMessage<Market>(client.main.post('/update-market', body)),
    updateFancy: (body: UpdateFancyRequest) => unwrapWithMessage<Fancy>(client.main.post('/update-fancy', body)),
    /** Every news line, active or not. */
    messages: () => unwrap<NewsMessage[]>(client.main.get('/get-messages')),
    saveMessage: (body: SaveMessageRequest) => unwrapWithMessage<NewsMessage>(client.main.post('/save-message', body)),
    updateMessage: (body: UpdateMessageRequest) => unwrapWithMessage<NewsMessage>(client.main.post('/update-message', body)),
    /** The feed's health: the provider's connection and the markets by status (ADR 0039). */
    feedStatus: () => unwrap<FeedStatus>(client.main.get('/feed-status')),
  };
}

/** The sports admin module's shape (tests mock it). */
export type SportsAdminApi = ReturnType<typeof createSportsAdminApi>;
