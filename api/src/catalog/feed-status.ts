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
import { findFeedHealth, upsertFeedHealth } from './feed-status.repository';
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
  await upsertFeedHealth(q, {
    provider: r.provider,
    connected: r.health?.connected ?? true,
    lastMessageAt: toTime(r.health?.lastMessageAtMs ?? r.checkedAtMs),
    reconnects: r.health?.reconnects ?? 0,
    marketsSubscribed: r.health?.marketsSubscribed ?? 0,
    lagMs: r.health?.lagMs === null || r.health?.lagMs === undefined ? null : Math.round(r.health.lagMs),
    lastError: r.health?.lastError?.slice(0, 500) ?? null,
    staleAfterMs: r.staleAfterMs,
    stale: r.stale,
    held: r.held,
    checkedAt: toTime(r.checkedAtMs),
  });
}

/** GET /api/feed-status: the last report (ages by the clock's now) and the markets by status. */
export async function readFeedStatus(db: Database, clock: Clock, configured: { provider: string; staleAfterMs: number }): Promise<FeedStatus> {
  const row = await findFeedHealth(db);
  const markets = await feedMarketCounts(db);
  if (row === null) {
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
