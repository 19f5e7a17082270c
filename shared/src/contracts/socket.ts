/**
 * Realtime contract. Two socket.io namespaces on the API's origin (path /socket.io):
 * `/user` (user events, websocket transport only) and `/data` (market data, later steps).
 */

/** Socket.io path, served on the same origin as the shell. */
export const SOCKET_PATH = '/socket.io';
/** Namespace of the user connection. */
export const USER_NAMESPACE = '/user';
/** Namespace of the general data connection. */
export const DATA_NAMESPACE = '/data';

/** Payload of the client's `login` event after a successful sign-in (SPEC §4). */
export interface SocketLoginPayload {
  role: string;
  sessionId: string;
  _id: string;
}

/** Payload of the server's `balance` event: rupees with two decimals. */
export interface SocketBalancePayload {
  balance: number;
  exposer: number;
}

/** Optional acknowledgement of a client event: `ok` false when the server refused it. */
export interface SocketAck {
  ok: boolean;
  message?: string;
}

/** Events the client sends on the user connection (the ack callback is optional). */
export interface UserClientEvents {
  login: (payload: SocketLoginPayload, ack?: (result: SocketAck) => void) => void;
  userRoomJoin: (userId: string, ack?: (result: SocketAck) => void) => void;
}

/** Events the server sends on the user connection. */
export interface UserServerEvents {
  /** A session of this user started or ended; the payload is the live session id, or '' when the account (or one above it) was locked and no session stays live. */
  logout: (sessionId: string) => void;
  balance: (payload: SocketBalancePayload) => void;
}
