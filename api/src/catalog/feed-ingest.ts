/**
 * The feed ingest: a singleton that polls the provider and writes what changed (competitions,
 * events, markets with runners and prices, fancies, scores) in one transaction per tick, then
 * publishes one `catalog.matchChanged` domain event per match. Only the instance holding the
 * PostgreSQL advisory lock runs it; the others retry the lock and take over when the holder's
 * session ends. Because the simulator's state is a function of its seed and the time, a new
 * leader continues the same matches.
 *
 * Housekeeping on the leader: events the provider dropped while still open are closed and their
 * markets voided; closed events nobody imported are deleted after an hour; an optional hook
 * (the demo import) runs every few seconds. The results worker (settlement of the feed's results,
 * step 4) runs on the leader too, at most every second, beside the ticks (never two at once).
 */
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { Database } from '../db/database';
import { LeaderLoop } from '../db/leader-loop';
import * as catalog from './catalog.repository';
import * as markets from './markets.repository';
import type { FancyRow, MarketRow, ScoreRow } from './market-view';
import type { DomainEvents } from '../common/domain-events';
import type { FeedChanges, FeedProvider } from '../feed/feed-provider';

/** Identifies the feed ingest's advisory lock (per database). */
export const FEED_LOCK_ID = 72_810_003;

/** How often the leader looks for vanished events and prunes old ones. */
const HOUSEKEEPING_EVERY_MS = 60_000;
/** An open event the provider no longer offers is closed once it should have started this long ago. */
const VANISHED_GRACE_MS = 10 * 60_000;
/** Closed events nobody imported are kept this long. */
const PRUNE_AFTER_MS = 60 * 60_000;
/** How often the leader runs the hook (the demo import). */
const HOOK_EVERY_MS = 10_000;
/** How often the leader settles the feed's new results (wall-clock of the feed's clock). */
export const SETTLE_EVERY_MS = 1_000;

export interface FeedIngestOptions {
  db: Database;
  provider: FeedProvider;
  clock: Clock;
  events: DomainEvents;
  log: Logger;
  /** Time between ticks of the leader. */
  tickMs: number;
  /** Time between attempts to take the lock. */
  lockRetryMs: number;
  /** Runs on the leader after a tick, at most every 10 s (demo mode: keep live matches imported). */
  hook?: () => Promise<void>;
  /**
   * The results worker: settles markets and fancies that have a feed result and no settlement.
   * Started on the leader after a tick, at most every SETTLE_EVERY_MS, without holding up the ticks.
   */
  settleResults?: () => Promise<unknown>;
}

export interface TickResult {
  competitions: number;
  events: number;
  markets: number;
  fancies: number;
  scores: number;
  published: number;
}

interface MatchChange {
  markets: MarketRow[];
  fancies: FancyRow[];
  score: ScoreRow | null;
}

export class FeedIngest {
  private readonly loop: LeaderLoop<TickResult>;
  private lastHousekeepingMs = Number.NEGATIVE_INFINITY;
  private lastHookMs = Number.NEGATIVE_INFINITY;
  private lastSettleMs = Number.NEGATIVE_INFINITY;
  private settling: Promise<void> | null = null;

  constructor(private readonly options: FeedIngestOptions) {
    this.loop = new LeaderLoop({
      db: options.db,
      log: options.log,
      lockId: FEED_LOCK_ID,
      name: 'feed ingest',
      tickMs: options.tickMs,
      lockRetryMs: options.lockRetryMs,
      // The results worker finishes before another instance may take over.
      onStop: () => this.settling ?? Promise.resolve(),
      tick: () => this.runTick(),
    });
  }

  /** True while this instance holds the lock and runs the feed. */
  get leader(): boolean {
    return this.loop.leader;
  }

  /** The last tick this instance ran as the leader (LeaderLoop.lastTick), for the metrics. */
  get lastTick(): { endedAt: number; ms: number } | null {
    return this.loop.lastTick;
  }

  /** Starts the loop: take the lock (or keep trying), then tick every tickMs. */
  start(): void {
    this.loop.start();
  }

  /** Stops the loop, waits for a running tick and the results worker, and releases the lock. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Waits for a running pass of the results worker (tests). */
  async settled(): Promise<void> {
    await this.settling;
  }

  /** Tries to take the lock; true when this instance is (now) the leader. */
  acquire(): Promise<boolean> {
    return this.loop.acquire();
  }

  /**
   * One poll of the provider at the clock's time, written and published. Does nothing (null)
   * unless this instance holds the lock.
   */
  tick(): Promise<TickResult | null> {
    return this.loop.tick();
  }

  private async runTick(): Promise<TickResult> {
    const { db, provider, clock } = this.options;
    const nowMs = clock.nowMs();
    const changes = provider.poll(nowMs);
    const written = await db.transaction(async (tx) => {
      await catalog.upsertCompetitions(tx, changes.competitions);
      await catalog.upsertEvents(tx, changes.events);
      await markets.upsertMarkets(tx, changes.markets);
      await markets.upsertFancies(tx, changes.fancies);
      await markets.upsertScores(tx, changes.scores);
      // One connection: the reads run one after the other.
      const marketRows = await markets.marketsByIds(
        tx,
        changes.markets.map((m) => m.marketId),
      );
      const fancyRows = await markets.fanciesByIds(
        tx,
        changes.fancies.map((f) => f.fancyId),
      );
      const scoreRows = await markets.scoresByEventIds(
        tx,
        changes.scores.map((s) => s.eventId),
      );
      return { marketRows, fancyRows, scoreRows };
    });
    const published = this.publish(written.marketRows, written.fancyRows, written.scoreRows);
    this.startSettlement(nowMs);
    await this.housekeeping(nowMs);
    if (this.options.hook !== undefined && nowMs - this.lastHookMs >= HOOK_EVERY_MS) {
      this.lastHookMs = nowMs;
      await this.options.hook();
    }
    return { ...counts(changes), published };
  }

  /** Starts a pass of the results worker unless one runs or the last started less than a second ago. */
  private startSettlement(nowMs: number): void {
    const { settleResults, log } = this.options;
    if (settleResults === undefined || this.settling !== null || nowMs - this.lastSettleMs < SETTLE_EVERY_MS) return;
    this.lastSettleMs = nowMs;
    this.settling = settleResults()
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'results worker failed'))
      .finally(() => {
        this.settling = null;
      });
  }

  /** One domain event per match that changed. */
  private publish(marketRows: MarketRow[], fancyRows: FancyRow[], scoreRows: ScoreRow[]): number {
    const byMatch = new Map<string, MatchChange>();
    const entry = (matchId: string): MatchChange => {
      let change = byMatch.get(matchId);
      if (change === undefined) {
        change = { markets: [], fancies: [], score: null };
        byMatch.set(matchId, change);
      }
      return change;
    };
    for (const row of marketRows) entry(row.eventId).markets.push(row);
    for (const row of fancyRows) entry(row.eventId).fancies.push(row);
    for (const row of scoreRows) entry(row.eventId).score = row;
    for (const [matchId, change] of byMatch) this.options.events.publish('catalog.matchChanged', { matchId, ...change, removedIds: [] });
    return byMatch.size;
  }

  private async housekeeping(nowMs: number): Promise<void> {
    if (nowMs - this.lastHousekeepingMs < HOUSEKEEPING_EVERY_MS) return;
    this.lastHousekeepingMs = nowMs;
    const { db, provider } = this.options;
    const offered = provider.sports().flatMap((sport) => provider.events(sport.sportId).map((e) => e.eventId));
    const closed = await db.transaction(async (tx) => {
      const eventIds = await catalog.closeVanishedEvents(tx, offered, nowMs - VANISHED_GRACE_MS);
      const voided = await markets.voidOpenMarketsOf(tx, eventIds);
      const marketRows = await markets.marketsByIds(tx, voided.marketIds);
      const fancyRows = await markets.fanciesByIds(tx, voided.fancyIds);
      return { eventIds, marketRows, fancyRows };
    });
    if (closed.eventIds.length > 0) {
      this.options.log.warn({ eventIds: closed.eventIds }, 'closed events the provider no longer offers; their open markets are void');
      this.publish(closed.marketRows, closed.fancyRows, []);
    }
    const pruned = await catalog.pruneClosedEvents(db, PRUNE_AFTER_MS);
    if (pruned > 0) this.options.log.info({ pruned }, 'pruned closed events nobody imported');
  }
}

function counts(changes: FeedChanges): Omit<TickResult, 'published'> {
  return {
    competitions: changes.competitions.length,
    events: changes.events.length,
    markets: changes.markets.length,
    fancies: changes.fancies.length,
    scores: changes.scores.length,
  };
}
