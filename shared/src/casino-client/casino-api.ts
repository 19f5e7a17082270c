/**
 * Live casino (docs/rules/product.md §7 "Casino"; contracts/casino.ts): the tables and their rounds, the results
 * history, the player's bets and report, and the agents' books, reports and table switches. One
 * call site per endpoint (docs/rules/code-style.md §5). Casino bets are placed with `betsApi.placeBet` as runner bets;
 * nothing here moves money.
 */
import type {
  CasinoBetsResponse,
  CasinoDisableRequest,
  CasinoDisableResponse,
  CasinoGameListItem,
  CasinoGameReportResponse,
  CasinoGamesResponse,
  CasinoReportResponse,
  CasinoResultsResponse,
  CasinoRoundBook,
  CasinoRoundCards,
  CasinoRoundView,
  CasinoTableView,
  VirtualGameListItem,
  VirtualGamesResponse,
} from '../contracts/casino';
import type { ApiClient } from '../kernel/client';
import { unwrap, unwrapWithMessage } from '../kernel/client';
import type { SaveSiteCasinoRequest, SiteCasinoSwitches } from '../contracts/site-content';

/** done-results filters: one day (YYYY-MM-DD), optionally one round, and the page (from 1). */
export interface CasinoResultsQuery {
  filter_date?: string;
  roundId?: string;
  page?: number;
}

/** A date range of the reports, YYYY-MM-DD inclusive (UTC). */
export interface CasinoDateRange {
  from: string;
  to: string;
}

const id = (value: string) => encodeURIComponent(value);

export function createCasinoApi(client: ApiClient) {
  return {
    /** The live tables of the list screen (the response nests the array under `data`). */
    games: () => unwrap<CasinoGamesResponse>(client.main.get('/get-casino-games')).then((res): CasinoGameListItem[] => res.data),
    /**
     * The virtual-games streams (SPEC's second list item shape), from the data service as SPEC's
     * streams service (the secondary, 10 s client); the array is nested under `data` as in the live list.
     */
    virtualGames: () =>
      unwrap<VirtualGamesResponse>(client.data.get('/get-virtual-games')).then((res): VirtualGameListItem[] => res.data),
    /** A table: its title, rules, current round and last results. */
    table: (matchId: string) => unwrap<CasinoTableView>(client.main.get(`/get-casino-data-by-id/${id(matchId)}`)),
    /** The table's current round, from the data service (docs/rules/product.md §7: the secondary, 10 s client). */
    round: (matchId: string) => unwrap<CasinoRoundView>(client.data.get(`/casino-market/${id(matchId)}`)),
    /** Settled and voided rounds of a table, newest first, with what PF-1 needs to recompute them. */
    results: (matchId: string, query: CasinoResultsQuery = {}) => unwrap<CasinoResultsResponse>(client.main.get(`/done-results/${id(matchId)}`, { params: query })),
    /** The cards of one round by hand (`type`: the table's game code). */
    roundCards: (mid: string, type: string) => unwrap<CasinoRoundCards>(client.main.get(`/html-cards/${id(mid)}/${id(type)}`)),
    /** A page of the player's bets on a table's round (without a round: on every round), open ones first. */
    bets: (matchId: string, roundId?: string, paging: { page?: number; pageSize?: number } = {}) =>
      unwrap<CasinoBetsResponse>(client.main.get('/casino-bets', { params: { matchId, roundId, ...paging } })),
    /** The player's casino P&L per day and table, with totals. */
    report: (range: CasinoDateRange) => unwrap<CasinoReportResponse>(client.main.get('/casino-report', { params: range })),
    /** admin, sadmin: switch a table off (its open round is voided) or on again, with the transaction password. */
    setDisabled: (body: CasinoDisableRequest) => unwrapWithMessage<CasinoDisableResponse>(client.main.post('/disable-casino-games', body)),
    /** admin, sadmin: the tables and providers the caller's site switched off for its own players (ADR 0074). */
    siteSwitches: () => unwrap<SiteCasinoSwitches>(client.main.get('/get-site-casino')),
    /** admin, sadmin: replaces what the caller's site switches off, with the transaction password. */
    saveSiteSwitches: (body: SaveSiteCasinoRequest) => unwrapWithMessage<SiteCasinoSwitches>(client.main.post('/save-site-casino', body)),
    /** Agents: the downline's bets on the table's current round and its book. */
    roundBook: (gameCode: string) => unwrap<CasinoRoundBook>(client.main.get(`/casino-round-book/${id(gameCode)}`)),
    /** Agents: P&L per table and per direct child over a date range. */
    gameReports: (range: CasinoDateRange) => unwrap<CasinoGameReportResponse>(client.main.get('/game-reports', { params: range })),
  };
}

/** The casino domain module's shape (tests mock it). */
export type CasinoApi = ReturnType<typeof createCasinoApi>;
