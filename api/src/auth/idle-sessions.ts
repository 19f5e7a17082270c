/**
 * The server-side idle timeout (ADR 0018). A session whose last authenticated request is older
 * than its area's timeout (players 20 h, the admin area 30 min) has ended: the next request gets
 * the 401 of an ended session and the session row ends with reason 'idle'.
 *
 * The last request of each live session is kept in the cluster's shared store (the exact time, at
 * the injected clock; ADR 0022: every instance sees the same); the sessions row's `last_seen_at`
 * is written at most once a minute per session and instance, so a request costs no database
 * write. A session the store does not know (evicted, or Redis emptied) starts from that column
 * (or the session's start): it may grant at most the one minute the column lags.
 * Refreshes and socket handshakes are checked but do not count as activity: an open tab whose
 * socket renews its token is not a user at work.
 */
import type { Area } from '@backlay/shared/contracts';
import type { SharedStore } from '../cluster/shared-store';
import type { Clock } from '../common/clock';
import type { Database } from '../db/database';
import { touchSessionLastSeen } from './auth.repository';

/** The column is written at most this often per session. */
export const LAST_SEEN_FLUSH_MS = 60_000;

const keyOf = (sessionId: string): string => `idle:${sessionId}`;

export class IdleSessions {
  /** When this instance last wrote each session's column (so it writes at most once a minute). */
  private readonly flushed = new Map<string, number>();
  /** A stored time outlives the longest timeout: past it the session is idle anyway. */
  private readonly keptMs: number;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly timeoutMs: Readonly<Record<Area, number>>,
    private readonly store: SharedStore,
    /** Bound on the flush times kept; the least recently written are forgotten first. */
    private readonly maxFlushTimes = 200_000,
  ) {
    this.keptMs = Math.max(...Object.values(timeoutMs)) + LAST_SEEN_FLUSH_MS;
  }

  /** A new session: seen now (its row's start is the database's time). */
  async started(sessionId: string): Promise<void> {
    const now = this.clock.nowMs();
    this.rememberFlush(sessionId, now);
    await this.store.set(keyOf(sessionId), String(now), this.keptMs);
  }

  /** The session ended: forget it. */
  async forget(sessionId: string): Promise<void> {
    this.flushed.delete(sessionId);
    await this.store.delete(keyOf(sessionId));
  }

  /**
   * True when the session has been idle past its area's timeout. `storedLastSeenMs` is the row's
   * last_seen_at (or its start) for a session the store does not know; without it (the fast
   * path of placebet, no query) an unknown session is not judged here.
   */
  async isIdle(sessionId: string, area: Area, storedLastSeenMs?: number | null): Promise<boolean> {
    const stored = await this.store.get(keyOf(sessionId));
    const known = stored !== null ? Number(stored) : (storedLastSeenMs ?? null);
    if (known === null) return false;
    return this.clock.nowMs() - known > this.timeoutMs[area];
  }

  /** An authenticated request of a live session: now is its last request; the column follows once a minute. */
  async touch(sessionId: string): Promise<void> {
    const now = this.clock.nowMs();
    await this.store.set(keyOf(sessionId), String(now), this.keptMs);
    const flushedMs = this.flushed.get(sessionId);
    if (flushedMs !== undefined && now - flushedMs < LAST_SEEN_FLUSH_MS) return;
    this.rememberFlush(sessionId, now);
    await touchSessionLastSeen(this.db, sessionId, new Date(now));
  }

  private rememberFlush(sessionId: string, nowMs: number): void {
    this.flushed.delete(sessionId);
    this.flushed.set(sessionId, nowMs);
    for (const key of this.flushed.keys()) {
      if (this.flushed.size <= this.maxFlushTimes) return;
      this.flushed.delete(key);
    }
  }
}
