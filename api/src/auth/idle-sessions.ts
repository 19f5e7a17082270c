/**
 * The server-side idle timeout (ADR 0018). A session whose last authenticated request is older
 * than its area's timeout (players 20 h, the admin area 30 min) has ended: the next request gets
 * the 401 of an ended session and the session row ends with reason 'idle'.
 *
 * The last request of each live session is kept in memory (the exact time, at the injected
 * clock); the sessions row's `last_seen_at` is written at most once a minute per session, so a
 * request costs no database write. Another instance, or this one after a restart, starts from
 * that column (or the session's start): it may grant at most the one minute the column lags.
 * Refreshes and socket handshakes are checked but do not count as activity: an open tab whose
 * socket renews its token is not a user at work.
 */
import type { Area } from '@backlay/shared/contracts';
import type { Clock } from '../common/clock';
import type { Queryable } from '../db/database';

/** The column is written at most this often per session. */
export const LAST_SEEN_FLUSH_MS = 60_000;

interface Seen {
  lastSeenMs: number;
  flushedMs: number;
}

export class IdleSessions {
  private readonly seen = new Map<string, Seen>();

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    private readonly timeoutMs: Readonly<Record<Area, number>>,
    /** Bound on remembered sessions; the least recently seen are forgotten first (they fall back to the column). */
    private readonly maxSessions = 200_000,
  ) {}

  /** A new session: seen now (its row's start is the database's time). */
  started(sessionId: string): void {
    const now = this.clock.nowMs();
    this.remember(sessionId, { lastSeenMs: now, flushedMs: now });
  }

  /** The session ended: forget it. */
  forget(sessionId: string): void {
    this.seen.delete(sessionId);
  }

  /**
   * True when the session has been idle past its area's timeout. `storedLastSeenMs` is the row's
   * last_seen_at (or its start) for a session this instance has not seen yet; without it (the
   * fast path of placebet, no query) an unknown session is not judged here.
   */
  isIdle(sessionId: string, area: Area, storedLastSeenMs?: number | null): boolean {
    const known = this.seen.get(sessionId)?.lastSeenMs ?? storedLastSeenMs ?? null;
    if (known === null) return false;
    return this.clock.nowMs() - known > this.timeoutMs[area];
  }

  /** An authenticated request of a live session: now is its last request; the column follows once a minute. */
  async touch(sessionId: string): Promise<void> {
    const now = this.clock.nowMs();
    const entry = this.seen.get(sessionId);
    if (entry === undefined) {
      this.remember(sessionId, { lastSeenMs: now, flushedMs: now });
      await this.flush(sessionId, now);
      return;
    }
    entry.lastSeenMs = now;
    // Re-inserted so that the map's order is the order of last use (eviction takes the oldest).
    this.seen.delete(sessionId);
    this.seen.set(sessionId, entry);
    if (now - entry.flushedMs >= LAST_SEEN_FLUSH_MS) {
      entry.flushedMs = now;
      await this.flush(sessionId, now);
    }
  }

  /** Number of remembered sessions (tests, metrics). */
  get size(): number {
    return this.seen.size;
  }

  private async flush(sessionId: string, nowMs: number): Promise<void> {
    await this.db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND ended_at IS NULL', [sessionId, new Date(nowMs)]);
  }

  private remember(sessionId: string, entry: Seen): void {
    this.seen.delete(sessionId);
    this.seen.set(sessionId, entry);
    for (const key of this.seen.keys()) {
      if (this.seen.size <= this.maxSessions) return;
      this.seen.delete(key);
    }
  }
}
