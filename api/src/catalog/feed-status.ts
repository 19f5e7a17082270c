/**
 * The feed's health for the admin feed page (GET /api/feed-status, ADR 0039): the leader writes
 * what it saw of the provider into feed_health (at most every second, and at once when the feed
 * turns stale or fresh), so every instance answers the same; the market counts come from the
 * markets themselves.
 */
import type { FeedStaleReason, FeedStatus } from '@backlay/shared/contracts';
import type { Clock } from '../common/clock';
import type { Database, Queryable } from '../db/database';
import type { FeedHealth } from '../feed/feed-provider';
import { feedMarketCounts } from './markets.repository';

export interface FeedHealthReport {
  provider: string;
  health: FeedHealth | null;
  staleAfterMs: number;
  stale: FeedStaleReason | null;
  /** Markets and fancies held as stale at this tick (added to the total). */
  held: number;
  checkedAtMs: number;
}

const toTime = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Writes the leader's report (one row); a provider without health() reports itself connected. */
export async function saveFeedHealth(q: Queryable, r: FeedHealthReport): Promise<void> {
  await q.query(
    `INSERT INTO feed_health (id, provider, connected, last_message_at, reconnects, markets_subscribed, lag_ms, last_error,
                              stale_after_ms, stale, stale_suspensions, checked_at)
     VALUES (true, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (id) DO UPDATE SET
       provider = EXCLUDED.provider, connected = EXCLUDED.connected, last_message_at = EXCLUDED.last_message_at,
       reconnects = EXCLUDED.reconnects, markets_subscribed = EXCLUDED.markets_subscribed, lag_ms = EXCLUDED.lag_ms,
       last_error = EXCLUDED.last_error, stale_after_ms = EXCLUDED.stale_after_ms, stale = EXCLUDED.stale,
       stale_suspensions = feed_health.stale_suspensions + EXCLUDED.stale_suspensions, checked_at = EXCLUDED.checked_at`,
    [
      r.provider,
      r.health?.connected ?? true,
      toTime(r.health?.lastMessageAtMs ?? r.checkedAtMs),
      r.health?.reconnects ?? 0,
      r.health?.marketsSubscribed ?? 0,
      r.health?.lagMs === null || r.health?.lagMs === undefined ? null : Math.round(r.health.lagMs),
      r.health?.lastError?.slice(0, 500) ?? null,
      r.staleAfterMs,
      r.stale,
      r.held,
      toTime(r.checkedAtMs),
    ],
  );
}

interface HealthRow {
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

/** GET /api/feed-status: the last report (ages by the clock's now) and the markets by status. */
export async function readFeedStatus(db: Database, clock: Clock, configured: { provider: string; staleAfterMs: number }): Promise<FeedStatus> {
  const { rows } = await db.query<HealthRow>(
    `SELECT provider, connected, last_message_at AS "lastMessageAt", reconnects, markets_subscribed AS "marketsSubscribed",
            lag_ms AS "lagMs", last_error AS "lastError", stale_after_ms AS "staleAfterMs", stale,
            stale_suspensions::text AS "staleSuspensions", checked_at AS "checkedAt"
     FROM feed_health`,
  );
  const markets = await feedMarketCounts(db);
  const row = rows[0];
  if (row === undefined) {
    return {
      provider: configured.provider,
      checkedAt: null,
      connected: null,
      lastMessageAt: null,
      lastMessageAgeSec: null,
      staleAfterSec: configured.staleAfterMs / 1000,
      stale: null,
      reconnects: null,
      marketsSubscribed: null,
      lagMs: null,
      lastError: null,
      staleSuspensions: 0,
      markets,
    };
  }
  const at = row.lastMessageAt?.getTime() ?? null;
  return {
    provider: row.provider,
    checkedAt: row.checkedAt.toISOString(),
    connected: row.connected,
    lastMessageAt: toTime(at),
    lastMessageAgeSec: at === null ? null : Math.max(0, clock.nowMs() - at) / 1000,
    staleAfterSec: row.staleAfterMs / 1000,
    stale: row.stale,
    reconnects: row.reconnects,
    marketsSubscribed: row.marketsSubscribed,
    lagMs: row.lagMs,
    lastError: row.lastError,
    staleSuspensions: Number(row.staleSuspensions),
    markets,
  };
}
