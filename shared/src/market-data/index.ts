import { io } from 'socket.io-client';
import { apiClient, authApi } from '../api-client/index';
import {
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_RANDOMIZATION_FACTOR,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
} from '../contracts/limits';
import { isAdminPath } from '../contracts/routes';
import { DATA_NAMESPACE, SOCKET_PATH } from '../contracts/socket';
import { on } from '../kernel/bus';
import { readCredentials } from '../kernel/storage';
import { createCasinoLiveClient, type CasinoLiveClient } from './casino-live-client';
import { createDataConnection, type DataSocket } from '../kernel/data-connection';
import { createMarketDataClient, type MarketDataClient } from './market-data-client';

export { initialMatchState, type MatchState } from './market-state';
export { type MatchDataStatus } from '../kernel/sequenced-watches';
export { clockOffsetOf, initialCasinoTableState, type CasinoTableState } from './casino-state';

/**
 * Open the page's data connection: namespace /data on the shell's origin, websocket transport,
 * the access token of the page's area read at every (re)connect, the SPEC §9 reconnect timings.
 */
function openDataSocket(): DataSocket {
  return io(`${window.location.origin}${DATA_NAMESPACE}`, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: (cb) => cb({ token: readCredentials(isAdminPath(window.location.pathname) ? 'admin' : 'player').token }),
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    randomizationFactor: SOCKET_RANDOMIZATION_FACTOR,
    timeout: SOCKET_CONNECT_TIMEOUT_MS,
  });
}

/**
 * The page's data connection. @backlay/shared is a federation singleton, so every app shares this
 * one instance and one socket, which the market-data and live-casino clients share too. It opens
 * when the first match or table is watched and closes when the session ends. Before reconnecting
 * after a refused handshake it makes one authenticated call, so an expired access token is
 * refreshed first.
 */
const dataConnection = createDataConnection({
  createSocket: openDataSocket,
  beforeRetry: () => authApi.userInfo(),
  renewToken: () => apiClient.renewToken(),
  retryDelayMs: SOCKET_RECONNECT_DELAY_MS,
  retryDelayMaxMs: SOCKET_RECONNECT_DELAY_MAX_MS,
});

/** The market-data client of the page: live prices of matches. */
export const marketData: MarketDataClient = createMarketDataClient({ connection: dataConnection });

/** The live-casino client of the page: live rounds of casino tables. */
export const casinoLive: CasinoLiveClient = createCasinoLiveClient({ connection: dataConnection });

on('session.ended').subscribe(() => dataConnection.close());
