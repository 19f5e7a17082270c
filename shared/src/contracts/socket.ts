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

/** Payload of the client's `login` event after a successful sign-in (docs/rules/product.md §4). */
export interface SocketLoginPayload {
  role: string;
  sessionId: string;
  _id: string;
}

/**
 * Payload of the server's `balance` event: rupees with two decimals, and what moved the wallet —
 * the bet placed (`betId`: placement moves the exposure, no journal) or the ledger journal
 * (`journalId`: a settlement, a void, a deposit, a chip transfer, a casino-wallet move). A page
 * that placed the bet itself knows the bet from the reply and skips its echo by that id.
 */
export interface SocketBalancePayload {
  balance: number;
  exposer: number;
  betId?: string;
  journalId?: string;
}

/**
 * Payload of the server's `matchStatus` event, sent to every player page when the feed changes a
 * match's status: 'inplay' when it starts, 'closed' when it ends (issue 33, ADR 0058). The match
 * lists show it at once; their next fetch leaves a closed match out.
 */
export interface SocketMatchStatusPayload {
  matchId: string;
  status: 'upcoming' | 'inplay' | 'closed';
}

/**
 * `paymentQueue` (admin area, issue 34): a payment request the agent may decide joined the queue
 * (a player asked) or left it (an agent decided). The agent's own count it reads with GET
 * pending-payments; the message names the request for the alert.
 */
export interface SocketPaymentQueuePayload {
  change: 'requested' | 'decided';
  id: string;
  type: 'deposit' | 'withdraw';
  username: string;
  /** Rupees. */
  amount: number;
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

/**
 * Why an agent's action signed a user out, so the login page can say so: its account (or one
 * above it) was locked, or its password was reset. Sent with `logout('')` and as `data.reason` of
 * a 401 SESSION_ENDED.
 */
export type SignOutReason = 'locked' | 'password_reset';

/** Events the server sends on the user connection. */
export interface UserServerEvents {
  /**
   * A session of this user started or ended; the payload is the live session id, or '' when an
   * agent's action ended every session (the account, or one above it, was locked; the password
   * was reset), with the reason.
   */
  logout: (sessionId: string, reason?: SignOutReason) => void;
  balance: (payload: SocketBalancePayload) => void;
  /** TOKEN_EXPIRED_EVENT: see there. */
  tokenExpired: () => void;
  /** The site went under maintenance: a player's page ends its session and shows the maintenance screen. */
  maintenance: () => void;
  /** A match started or ended (sent to every player page). */
  matchStatus: (payload: SocketMatchStatusPayload) => void;
  /** A payment request in the agent's downline was made or decided (sent to every agent above its owner). */
  paymentQueue: (payload: SocketPaymentQueuePayload) => void;
}

/**
 * Sent on both namespaces when the access token of the socket's handshake expires, just before
 * the server disconnects the socket: an open socket lives no longer than its token. The client
 * refreshes the token (POST refresh-token) and reconnects with the new one.
 */
export const TOKEN_EXPIRED_EVENT = 'tokenExpired';
