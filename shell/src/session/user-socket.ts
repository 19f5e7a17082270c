import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_PATH,
  SOCKET_RANDOMIZATION_FACTOR,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  USER_NAMESPACE,
  apiClient,
  publish,
  readCredentials,
  asSignOutReason,
  signedOutBecause,
  setBalance,
  type Area,
  type SignedOutBecause,
  type UserClientEvents,
  type UserInfo,
  type UserServerEvents,
} from '@backlay/shared';

type UserSocket = Socket<UserServerEvents, UserClientEvents>;

let socket: UserSocket | null = null;

/** Handlers the session gives the socket. */
export interface UserSocketHandlers {
  /**
   * This session must end: another session of the user started (`replaced`), or an agent locked
   * the account (or one above it) or reset its password, which the API signals with an empty
   * live session id and the reason.
   */
  onEnded: (reason: SignedOutBecause) => void;
  /** The site went under maintenance (pushed to every open player page). */
  onMaintenance: () => void;
  /**
   * Reads the user's balance and exposure (user-info): after a reconnect, the header's figures are
   * read again, since the `balance` messages sent while the socket was down were not kept.
   */
  readBalance?: () => Promise<{ balance: number; exposer: number }>;
}

/**
 * Open the user connection (websocket transport only, docs/rules/product.md §7) for a signed-in user: on every
 * (re)connect it sends `login` with role, session id and _id, and joins the user's room; the
 * server's acknowledgement goes on the bus as `session.socketJoined`. A
 * `logout` carrying a different session id ends this session; `balance` updates the header (its
 * one writer after user-info: pages never write the figures of their own replies there);
 * `matchStatus` goes on the bus as `sports.matchStatusChanged`.
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
  // `balance` messages taken, and the server's acknowledgements of `login`, on this socket.
  let balanceMessages = 0;
  let joins = 0;
  s.on('connect', () => {
    // Acknowledged once the server has joined the socket to the user's room: from then on its
    // messages reach this page; what was said while the socket was down is read again by who needs it.
    s.emit('login', { role: user.role, sessionId: user.sessionId, _id: user._id }, (result) => {
      if (!result.ok || socket !== s) return;
      joins += 1;
      publish('session.socketJoined', { area, userId: user._id, rejoin: joins > 1 });
      // A reconnect: the header's figures again (the first join follows the session's own read).
      // A `balance` message that comes while the read is out is newer than its answer.
      if (joins === 1 || handlers.readBalance === undefined) return;
      const seen = balanceMessages;
      handlers.readBalance().then(
        (figures) => {
          if (socket === s && seen === balanceMessages) setBalance(figures.balance, figures.exposer);
        },
        () => undefined,
      );
    });
    s.emit('userRoomJoin', user._id);
  });
  s.on('logout', (sessionId, reason) => {
    if (sessionId === '') handlers.onEnded(asSignOutReason(reason) ?? 'locked');
    else if (sessionId !== readCredentials(area).sessionId) handlers.onEnded('replaced');
  });
  s.on('maintenance', () => handlers.onMaintenance());
  // A match started or ended: the match lists follow it (issue 33).
  s.on('matchStatus', (payload) => publish('sports.matchStatusChanged', payload));
  // A payment request of an agent's downline was made or decided (issue 34): the menu's badges and the open statement follow it.
  s.on('paymentQueue', (payload) => publish('payments.queueChanged', payload));
  s.on('balance', (payload) => {
    balanceMessages += 1;
    setBalance(payload.balance, payload.exposer);
    publish('wallet.balanceChanged', payload);
  });
  // The server ends a socket when the access token of its handshake expires: refresh the token
  // (the auth callback then reads the new one) and reconnect; the 'connect' handler above signs
  // the socket in again. A refused refresh ends the session through the API client.
  const reauthenticate = () => {
    void apiClient.renewToken().then(
      () => {
        if (socket !== s) return;
        if (s.connected) s.disconnect();
        s.connect();
      },
      () => undefined,
    );
  };
  s.on('tokenExpired', reauthenticate);
  s.on('connect_error', (error) => {
    if (s.active) return; // network errors: socket.io retries by itself
    const data = (error as Error & { data?: { code?: string; reason?: unknown } }).data;
    // A reconnect that still carried an expired token (after a network drop): renew it first.
    if (data?.code === 'TOKEN_EXPIRED') reauthenticate();
    // Any other refused handshake (a lock, an ended session, a bad token) is final; the code says why.
    else handlers.onEnded(signedOutBecause(data?.code, data?.reason) ?? 'replaced');
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
