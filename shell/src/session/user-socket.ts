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
  /** Another session of this user started: this one must end. */
  onReplaced: () => void;
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
    if (sessionId !== readCredentials(area).sessionId) handlers.onReplaced();
  });
  s.on('balance', (payload) => {
    setBalance(payload.balance, payload.exposer);
    publish('wallet.balanceChanged', payload);
  });
  s.on('connect_error', (error) => {
    // A refused handshake (ended session, expired token) is final; network errors retry.
    if (!s.active && /session|jwt|token/i.test(error.message)) handlers.onReplaced();
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
