import { io } from 'socket.io-client';
import {
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_RANDOMIZATION_FACTOR,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
} from '../contracts/limits';
import { isAdminPath } from '../contracts/routes';
import { DATA_NAMESPACE, SOCKET_PATH } from '../contracts/socket';
import { apiClient } from './api-client';
import { on } from './bus';
import { fetchUserInfo } from './client';
import { readCredentials } from './storage';
import { createDataConnection, type DataSocket } from './data-connection';

/**
 * Open the page's data connection: namespace /data on the shell's origin, websocket transport,
 * the access token of the page's area read at every (re)connect, the reconnect timings of docs/rules/product.md §9.
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
 * one instance and one socket, which the market-data and live-casino clients share too
 * (sports/index.ts, casino-client/index.ts). It opens when the first match or table is watched
 * and closes when the session ends. Before reconnecting after a refused handshake it makes one
 * authenticated call (GET /user-info), so an expired access token is refreshed first.
 */
export const dataConnection = createDataConnection({
  createSocket: openDataSocket,
  beforeRetry: () => fetchUserInfo(apiClient),
  renewToken: () => apiClient.renewToken(),
  retryDelayMs: SOCKET_RECONNECT_DELAY_MS,
  retryDelayMaxMs: SOCKET_RECONNECT_DELAY_MAX_MS,
});

on('session.ended').subscribe(() => dataConnection.close());
