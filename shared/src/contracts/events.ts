/**
 * The event bus contract: notifications with typed payloads, never state (docs/rules/code-style.md §6). Anything any
 * app publishes is declared here; the bus refuses nothing, the types do the checking.
 */
import type { ResponsibleGamblingView } from './responsible-gambling';
import type { Area } from './roles';
import type { SocketBalancePayload, SocketMatchStatusPayload, SocketPaymentQueuePayload } from './socket';

/** Kind of a user-facing notice; only the shell turns these into toasts. */
export type NotifyKind = 'success' | 'error' | 'info' | 'warning';

/** Event name → payload. */
export interface EventMap {
  /** Show a toast (the shell is the only subscriber). */
  'ui.notify': {
    kind: NotifyKind;
    message: string;
    /**
     * Notices of one topic and kind replace each other on screen, whatever their words (a bet's
     * refusals: only the newest still holds); without one, a notice's class is its message's.
     */
    topic?: string;
  };
  /** The signed-in user's balance or exposure changed (rupees), with its cause (the socket's `balance` message). */
  'wallet.balanceChanged': SocketBalancePayload;
  /** A match started or ended (the socket's `matchStatus` message): the match lists follow it. */
  'sports.matchStatusChanged': SocketMatchStatusPayload;
  /** A payment request of the agent's downline was made or decided (the socket's `paymentQueue` message). */
  'payments.queueChanged': SocketPaymentQueuePayload;
  /** A session ended: logout, another login, expiry, maintenance. The shell reacts. */
  'session.ended': {
    area: Area;
    reason: 'logout' | 'expired' | 'inactive' | 'maintenance' | 'replaced' | 'locked' | 'password_reset' | 'signed_out' | 'revoked' | 'password_changed' | 'idle';
  };
  /**
   * The server acknowledged the user socket's `login` on a (re)connect: what the socket says from
   * now on reaches this page; what it said while the socket was down was not kept for it.
   */
  'session.socketJoined': { area: Area; userId: string; /** A join after the socket's first: it was down in between. */ rejoin: boolean };
  /** The user signed in (after user-info was fetched). */
  'session.started': { area: Area; userId: string; sessionId: string };
  /** The password or transaction password was changed. */
  'session.credentialsChanged': { area: Area; what: 'password' | 'transactionPassword' };
  /**
   * SPEC's app-initialised event (docs/rules/product.md §3 common flags): the shell is ready — the
   * remotes of this environment registered and the route tree's first render committed — on the
   * page's first load. Published once per page by the shell (`announceAppInitialised`); a screen
   * or remote that may start later reads it with `appInitialised$()`, which replays it. `area` is
   * the area of the path the page started on, `signedIn` whether that area had a session then.
   */
  'app.initialised': { area: Area; signedIn: boolean };
  /** The player changed its reality-check interval (responsible gambling): the reminder re-plans. */
  'rg.realityCheckChanged': { minutes: number | null };
  /** The player saved a responsible-gambling setting (the server's new view): banners and stake buttons follow. */
  'rg.settingsChanged': ResponsibleGamblingView;
}

/** A name of the event map. */
export type EventName = keyof EventMap;
