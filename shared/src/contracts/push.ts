/**
 * Browser notifications (issue 34, Web Push with VAPID, ADR 0071): the API's routes and the
 * message a service worker shows.
 */

/** GET push-key: the key a browser subscribes with (its applicationServerKey). */
export interface PushKey {
  /** base64url of the uncompressed P-256 public key. */
  publicKey: string;
}

/** POST push-subscribe: a browser's PushSubscription as `toJSON()` gives it. */
export interface PushSubscribeRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** POST push-unsubscribe: the browser's endpoint. */
export interface PushUnsubscribeRequest {
  endpoint: string;
}

/** The answer of both: how many browsers of the caller receive notifications now. */
export interface PushSubscriptions {
  subscriptions: number;
}

/** What a push message carries (JSON): the service worker shows it, and a click opens `url`. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of the product (the same origin). */
  url: string;
  /** Messages with one tag replace each other (a request's alert, then its decision). */
  tag: string;
}
