/**
 * International casino, the player's calls (SPEC §7 "Casino"; contracts/casino-int.ts): the games
 * (with the providers and sub-categories of the tabs: the screen needs no separate
 * get-casino-providers call) and a game's launch URL. One call site per endpoint (STYLE §5).
 * Nothing here moves money: the provider's signed wallet callbacks do (CASINO.md §3.2).
 */
import type {
  CasinoIntGamesQuery,
  CasinoIntGamesResponse,
  CasinoIntPlayUrlRequest,
  CasinoIntPlayUrlResponse,
} from '../contracts/casino-int';
import type { ApiClient } from './client';
import { unwrap } from './client';

export function createCasinoIntApi(client: ApiClient) {
  return {
    /** The games of a provider (or of every one), with the providers and the sub-categories. */
    games: (query: CasinoIntGamesQuery = {}) => unwrap<CasinoIntGamesResponse>(client.main.get('/get-casino-int-games', { params: query })),
    /** A game's launch: the frame's address is `data.url`. */
    playUrl: (request: CasinoIntPlayUrlRequest) => unwrap<CasinoIntPlayUrlResponse>(client.main.post('/get-cas-casino-play-url', request)),
  };
}

/** The international casino domain module's shape (tests mock it). */
export type CasinoIntApi = ReturnType<typeof createCasinoIntApi>;
