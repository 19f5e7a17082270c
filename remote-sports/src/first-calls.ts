import { SPORT_IDS, askEarly, watchEarly, type Apis, type EarlyCall, type ScreenParams } from '@backlay/shared';

/** Cricket is the default sport of the home page (docs/rules/product.md §4: the mobile landing is /match/4/in-play). */
export const DEFAULT_SPORT_ID = SPORT_IDS.cricket;

/** The sport and status filter of a match list page from its route parameters (the API's default status is all). */
export function matchBoardFilter(params: ScreenParams): { sportId: number; status: string } {
  return { sportId: Number(params.sportId ?? DEFAULT_SPORT_ID), status: params.status ?? 'all' };
}

/**
 * The match list's first calls (the sports offered, the news, the list), each with its early key
 * (ADR 0085): the route module asks them when a page opens on the list, and the list's first load
 * takes them (`earlyAnswerOr`). Here, not in the screen's module, so that the route module asks
 * them without loading the screen's chunk.
 */
export function matchBoardCalls(sports: Apis['sports'], sportId: number, status: string) {
  return {
    sportList: ['sports.sportList', () => sports.sportList()],
    messages: ['sports.messages', () => sports.messages()],
    matchList: [`sports.matchList:${sportId}:${status}`, () => sports.matchList({ sportId, status })],
  } as const satisfies Record<string, EarlyCall<unknown>>;
}

/** The route module's prefetch of the home and match list pages. */
export function askMatchBoardEarly(params: ScreenParams, apis: Apis): void {
  const { sportId, status } = matchBoardFilter(params);
  for (const call of Object.values(matchBoardCalls(apis.sports, sportId, status))) askEarly(call);
}

/** The odds page's first call, the match's header, with its early key. */
export function matchDetailCall(sports: Apis['sports'], matchId: string) {
  return [`sports.matchById:${matchId}`, () => sports.matchById(matchId)] as const satisfies EarlyCall<unknown>;
}

/**
 * The player's side of an odds page, first read (use-player-book.ts): the positions and bets on
 * the match, the stake buttons, the bet preferences. Asked early, the positions are still what the
 * page was drawn with: no bet of the page's can have been applied before it existed.
 */
export function playerBookCalls(bets: Apis['bets'], sports: Apis['sports'], matchId: string) {
  return {
    positions: [`bets.matchPositions:${matchId}`, () => bets.matchPositions(matchId)],
    bets: [`bets.betsOnMatch:${matchId}`, () => bets.betsOnMatch(matchId)],
    buttons: ['sports.buttonValues', () => sports.buttonValues()],
    preferences: ['sports.betPreferences', () => sports.betPreferences()],
  } as const satisfies Record<string, EarlyCall<unknown>>;
}

/**
 * The route module's prefetch of an odds page: the match's header and the player's side of it,
 * and the match's live prices watched on the data socket (the connection opened and the
 * snapshot asked for while the page's chunks load; the page's own watch shares it).
 */
export function askOddsPageEarly(params: ScreenParams, apis: Apis): void {
  if (!params.matchId) return;
  askEarly(matchDetailCall(apis.sports, params.matchId));
  for (const call of Object.values(playerBookCalls(apis.bets, apis.sports, params.matchId))) askEarly(call);
  watchEarly(apis.marketData.watchMatch(params.matchId));
}
