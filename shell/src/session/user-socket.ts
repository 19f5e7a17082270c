import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_PATH,
  SOCKET_RANDOMIZATION_FACTOR,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  USER_NAMESPACE,
  publish,
  readCredentials,
  setBalance,
  type Area,
  type UserClientEvents,
  type UserInfo,
  type UserServerEvents,
} from '@backlay/shared';

type UserSocket = Socket<UserServerEvents, UserClientEvents>;

let socket: UserSocket | null = null;

/** Handlers the session gives the socket. */
export interface UserSocketHandlers {
  /**
   * This session must end: another session of the user started (`replaced`), or the account (or
   * an account above it) was locked, which the API signals with an empty live session id.
   */
  onEnded: (reason: 'replaced' | 'locked') => void;
}

/**
 * Open the user connection (websocket transport only, SPEC §7) for a signed-in user: on every
 * (re)connect it sends `login` with role, session id and _id, and joins the user's room. A
 * `logout` carrying a different session id ends this session; `balance` updates the header.
 */
export function connectUserSocket(area: Area, user: UserInfo, handlers: UserSocketHandlers, url = window.location.origin): UserSocket {
  disconnectUserSocket();
  const s: UserSocket = io(`${url}${USER_NAMESPACE}`, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: (cb) => cb({ token: readCredentials(area).token }),
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    randomizationFactor: SOCKET_RANDOMIZATION_FACTOR,
    timeout: SOCKET_CONNECT_TIMEOUT_MS,
  });
  s.on('connect', () => {
    s.emit('login', { role: user.role, sessionId: user.sessionId, _id: user._id });
    s.emit('userRoomJoin', user._id);
  });
  s.on('logout', (sessionId) => {
    if (sessionId === '') handlers.onEnded('locked');
    else if (sessionId !== readCredentials(area).sessionId) handlers.onEnded('replaced');
  });
  s.on('balance', (payload) => {
    setBalance(payload.balance, payload.exposer);
    publish('wallet.balanceChanged', payload);
  });
  s.on('connect_error', (error) => {
    // A refused handshake (ended session, expired token) is final; network errors retry.
    if (!s.active && /session|jwt|token/i.test(error.message)) handlers.onEnded('replaced');
  });
  socket = s;
  return s;
}

/** Close the user connection, if any. */
export function disconnectUserSocket(): void {
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
}
