/**
 * The feed's health (GET /api/feed-status, admin and sadmin; issue 30, ADR 0039): the provider's
 * connection as the ingest's leader last saw it, and the feed's markets by status with those the
 * ingest holds suspended itself (stale feed, a market turning in play on its pre-match prices).
 */

/**
 * Why the ingest counts the feed as stale: silent past its staleness, disconnected, reconnected
 * since the last tick, or lagging (its messages arrive later than the staleness after they were sent).
 */
export type FeedStaleReason = 'silent' | 'disconnected' | 'reconnected' | 'lagging';

/** The feed's markets and fancies (casino markets aside) by stored status, and the holds on them. */
export interface FeedMarketCounts {
  open: number;
  suspended: number;
  ballRunning: number;
  closed: number;
  /** Held suspended by the ingest because the feed went stale (part of `suspended`). */
  heldStale: number;
  /** Held suspended because they turned in play on their pre-match prices (part of `suspended`). */
  heldInPlay: number;
  /** Suspended by an admin (not closed), whatever the feed says. */
  adminSuspended: number;
}

export interface FeedStatus {
  /** The provider this deployment runs (FEED_PROVIDER), or the one the leader last reported. */
  provider: string;
  /** When the leader last reported (ISO); null: the feed has not run yet, and the connection fields are null. */
  checkedAt: string | null;
  connected: boolean | null;
  /** The provider's last message, heartbeats included (ISO). */
  lastMessageAt: string | null;
  /** Seconds since that message, now. */
  lastMessageAgeSec: number | null;
  /** How long the provider may stay silent before its open markets are held suspended. */
  staleAfterSec: number;
  /** Why the feed was stale at the last report, or null: fresh. */
  stale: FeedStaleReason | null;
  reconnects: number | null;
  marketsSubscribed: number | null;
  /** How far behind its source the provider runs, ms. */
  lagMs: number | null;
  lastError: string | null;
  /** Markets and fancies held as stale, in all (every leader's). */
  staleSuspensions: number;
  markets: FeedMarketCounts;
}
