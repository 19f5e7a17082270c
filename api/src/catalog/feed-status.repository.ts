/**
 * SQL of the feed's health (feed_health, one row; ADR 0039): the leader's report written, and
 * read back for GET /api/feed-status (feed-status.ts keeps what the numbers mean).
 */
import type { FeedStaleReason } from '@backlay/shared/contracts';
import type { Queryable } from '../db/database';

/** The leader's report as the row stores it (times as ISO text). */
export interface FeedHealthWrite {
  provider: string;
  connected: boolean;
  lastMessageAt: string | null;
  reconnects: number;
  marketsSubscribed: number;
  lagMs: number | null;
  lastError: string | null;
  staleAfterMs: number;
  stale: FeedStaleReason | null;
  /** Markets and fancies held as stale at this report: added to the running total. */
  held: number;
  checkedAt: string | null;
}

export interface FeedHealthRow {
  provider: string;
  connected: boolean;
  lastMessageAt: Date | null;
  reconnects: number;
  marketsSubscribed: number;
  lagMs: number | null;
  lastError: string | null;
  staleAfterMs: number;
  stale: FeedStaleReason | null;
  staleSuspensions: string;
  checkedAt: Date;
}

/** Writes the one row (stale_suspensions accumulates `held`). */
export async function upsertFeedHealth(q: Queryable, r: FeedHealthWrite): Promise<void> {
  await q.query(
    `INSERT INTO feed_health (id, provider, connected, last_message_at, reconnects, markets_subscribed, lag_ms, last_error,
                              stale_after_ms, stale, stale_suspensions, checked_at)
     VALUES (true, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (id) DO UPDATE SET
       provider = EXCLUDED.provider, connected = EXCLUDED.connected, last_message_at = EXCLUDED.last_message_at,
       reconnects = EXCLUDED.reconnects, markets_subscribed = EXCLUDED.markets_subscribed, lag_ms = EXCLUDED.lag_ms,
       last_error = EXCLUDED.last_error, stale_after_ms = EXCLUDED.stale_after_ms, stale = EXCLUDED.stale,
       stale_suspensions = feed_health.stale_suspensions + EXCLUDED.stale_suspensions, checked_at = EXCLUDED.checked_at`,
    [r.provider, r.connected, r.lastMessageAt, r.reconnects, r.marketsSubscribed, r.lagMs, r.lastError, r.staleAfterMs, r.stale, r.held, r.checkedAt],
  );
}

/** The row, or null before the first report. */
export async function findFeedHealth(q: Queryable): Promise<FeedHealthRow | null> {
  const { rows } = await q.query<FeedHealthRow>(
    `SELECT provider, connected, last_message_at AS "lastMessageAt", reconnects, markets_subscribed AS "marketsSubscribed",
            lag_ms AS "lagMs", last_error AS "lastError", stale_after_ms AS "staleAfterMs", stale,
            stale_suspensions::text AS "staleSuspensions", checked_at AS "checkedAt"
     FROM feed_health`,
  );
  return rows[0] ?? null;
}
