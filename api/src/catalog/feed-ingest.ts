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
 *
 * Markets that protect themselves (ADR 0039): each tick reads the provider's health after its
 * poll; a provider silent past its staleness (heartbeats count), disconnected, or reconnected
 * since the last tick has every open market and fancy held suspended ('stale') in the tick's
 * transaction, published like any change. A held market reopens only on a message received after
 * its hold (markets.repository); an admin's suspension is another column the ingest never touches.
 */
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { Database } from '../db/database';
import { LeaderLoop } from '../db/leader-loop';
import * as catalog from './catalog.repository';
import * as markets from './markets.repository';
import { saveFeedHealth } from './feed-status';
import type { FancyRow, MarketRow, ScoreRow } from './market-view';
import type { EventStatus } from './match-query';
import type { DomainEvents } from '../common/domain-events';
import type { FeedChanges, FeedHealth, FeedProvider } from '../feed/feed-provider';

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
/** How often the leader writes the feed's health for the admin page (and at once when it turns stale or fresh). */
const REPORT_EVERY_MS = 1_000;
/** How long a provider may stay silent when neither FEED_STALE_MS nor the provider says. */
export const DEFAULT_STALE_MS = 10_000;

/** Why the ingest held the feed's markets at a tick. */
export type StaleReason = 'silent' | 'disconnected' | 'reconnected' | 'lagging';

/** The feed as the leader last saw it (the admin feed page, /metrics). */
export interface FeedStatus {
  provider: string;
  /** This instance runs the ingest; the connection fields are the leader's own view. */
  leader: boolean;
  staleAfterMs: number;
  /** The provider's health at the last tick; null before the first tick or without health(). */
  health: FeedHealth | null;
  /** How long ago (by the feed's clock, now) the provider's last message came; null when unknown. */
  lastMessageAgeMs: number | null;
  /** When the last tick ran (the feed clock's ms); null before the first. */
  checkedAtMs: number | null;
  /** Why the last tick held the markets (or null: the feed was fresh). */
  stale: StaleReason | null;
  /** Markets and fancies this instance held as stale since it started. */
  staleSuspensions: number;
}

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
  /** FEED_STALE_MS; null: the provider's staleAfterMs, else DEFAULT_STALE_MS. */
  staleMs?: number | null;
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
  /** Markets and fancies held as stale at this tick. */
  held: number;
}

interface MatchChange {
  markets: MarketRow[];
  fancies: FancyRow[];
  score: ScoreRow | null;
  matchStatus?: EventStatus;
}

export class FeedIngest {
  private readonly loop: LeaderLoop<TickResult>;
  private lastHousekeepingMs = Number.NEGATIVE_INFINITY;
  private lastHookMs = Number.NEGATIVE_INFINITY;
  private lastSettleMs = Number.NEGATIVE_INFINITY;
  private settling: Promise<void> | null = null;
  private readonly staleAfterMs: number;
  private lastHealth: FeedHealth | null = null;
  private lastCheckMs: number | null = null;
  private lastStale: StaleReason | null = null;
  /** Each source's reconnections counted at the previous tick (absent before its first). */
  private readonly seenReconnects = new Map<FeedProvider, number>();
  /** The provider's sources: its parts (each judged on its own, ADR 0047), or itself. */
  private readonly sources: readonly FeedProvider[];
  private staleSuspensions = 0;
  private lastReportMs = Number.NEGATIVE_INFINITY;
  private readonly staleObservers: Array<(held: number, reason: StaleReason) => void> = [];
  /** The tick running or the last one asked for: ticks run one after another, never two at once. */
  private ticking: Promise<unknown> = Promise.resolve();
  /** A tick the provider asked for (onUrgent) is waiting to start. */
  private woken = false;

  constructor(private readonly options: FeedIngestOptions) {
    this.staleAfterMs = options.staleMs ?? options.provider.staleAfterMs ?? DEFAULT_STALE_MS;
    const parts = options.provider.parts?.() ?? [];
    this.sources = parts.length > 0 ? parts : [options.provider];
    this.loop = new LeaderLoop({
      db: options.db,
      log: options.log,
      lockId: FEED_LOCK_ID,
      name: 'feed ingest',
      tickMs: options.tickMs,
      lockRetryMs: options.lockRetryMs,
      // The results worker finishes before another instance may take over.
      // The provider's connection is released with the lock (a new leader opens its own).
      onStop: async () => {
        await this.settling;
        await options.provider.release?.();
      },
      onLost: () => options.provider.release?.() ?? Promise.resolve(),
      tick: () => this.serialized(() => this.runTick()),
    });
    options.provider.onUrgent?.(() => this.wake());
  }

  /** Runs `run` after the tick before it (a woken tick and the loop's never overlap: their writes keep their order). */
  private serialized<T>(run: () => Promise<T>): Promise<T> {
    const next = this.ticking.catch(() => undefined).then(run);
    this.ticking = next;
    return next;
  }

  /**
   * The provider has a message the markets must show at once (ADR 0043): on the leader, a tick
   * now, after the running one. One waits at most: any tick that starts polls everything that
   * arrived by then, so a wake during a tick's writes asks for the next.
   */
  private wake(): void {
    if (!this.leader || this.woken) return;
    this.woken = true;
    void this.loop.tick().then(
      (result) => {
        if (result === null) this.woken = false; // no longer the leader: nothing ran
      },
      (error: unknown) => {
        this.woken = false;
        this.options.log.error({ err: error }, 'feed ingest: a woken tick failed');
      },
    );
  }

  /** True while this instance holds the lock and runs the feed. */
  get leader(): boolean {
    return this.loop.leader;
  }

  /** The last tick this instance ran as the leader (LeaderLoop.lastTick), for the metrics. */
  get lastTick(): { endedAt: number; ms: number } | null {
    return this.loop.lastTick;
  }

  /** The feed as this instance last saw it (ADR 0039). */
  status(): FeedStatus {
    return {
      provider: this.options.provider.name,
      leader: this.leader,
      staleAfterMs: this.staleAfterMs,
      health: this.lastHealth,
      lastMessageAgeMs:
        this.lastHealth?.lastMessageAtMs === null || this.lastHealth === null ? null : Math.max(0, this.options.clock.nowMs() - this.lastHealth.lastMessageAtMs),
      checkedAtMs: this.lastCheckMs,
      stale: this.lastStale,
      staleSuspensions: this.staleSuspensions,
    };
  }

  /** Called with the number of markets and fancies held at a tick that held any (the metrics' counter). */
  observeStaleSuspensions(observer: (held: number, reason: StaleReason) => void): void {
    this.staleObservers.push(observer);
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
    // This tick polls whatever a wake was for.
    this.woken = false;
    const { db, provider, clock } = this.options;
    const nowMs = clock.nowMs();
    const changes = provider.poll(nowMs);
    // After the poll: what the poll handed over counts as heard.
    const health = provider.health?.(nowMs) ?? null;
    const { stale, holdEvents, reconnects } = this.staleSources(nowMs);
    const written = await db.transaction(async (tx) => {
      await catalog.upsertCompetitions(tx, changes.competitions);
      const statuses = await catalog.upsertEvents(tx, changes.events);
      // A runner removed or reinstated re-priced its market's positions here (ADR 0046).
      const repriced = await markets.upsertMarkets(tx, changes.markets, nowMs);
      await markets.upsertFancies(tx, changes.fancies, nowMs);
      await markets.upsertScores(tx, changes.scores);
      // After the writes, in the same transaction: nothing this tick wrote stays open on a stale feed.
      const held = stale === null ? { marketIds: [], fancyIds: [] } : await markets.holdStale(tx, nowMs, holdEvents);
      const heldCount = held.marketIds.length + held.fancyIds.length;
      if (nowMs - this.lastReportMs >= REPORT_EVERY_MS || stale !== this.lastStale || heldCount > 0) {
        await saveFeedHealth(tx, { provider: provider.name, health, staleAfterMs: this.staleAfterMs, stale, held: heldCount, checkedAtMs: nowMs });
        this.lastReportMs = nowMs;
      }
      // One connection: the reads run one after the other.
      const marketRows = await markets.marketsByIds(tx, [...new Set([...changes.markets.map((m) => m.marketId), ...held.marketIds])]);
      const fancyRows = await markets.fanciesByIds(tx, [...new Set([...changes.fancies.map((f) => f.fancyId), ...held.fancyIds])]);
      const scoreRows = await markets.scoresByEventIds(
        tx,
        changes.scores.map((s) => s.eventId),
      );
      return { marketRows, fancyRows, scoreRows, statuses, held: heldCount, repriced };
    });
    this.lastHealth = health;
    this.lastCheckMs = nowMs;
    this.lastStale = stale;
    // Recorded once the tick's writes are in: a failed tick sees the same reconnection again.
    for (const [source, count] of reconnects) this.seenReconnects.set(source, count);
    if (stale !== null && written.held > 0) {
      this.staleSuspensions += written.held;
      this.options.log.warn({ provider: provider.name, reason: stale, held: written.held, health }, 'feed stale: its open markets are suspended until fresh prices');
      for (const observer of this.staleObservers) observer(written.held, stale);
    }
    const published = this.publish(written.marketRows, written.fancyRows, written.scoreRows, written.statuses);
    if (written.repriced.length > 0) await this.publishWallets(written.repriced, nowMs);
    this.startSettlement(nowMs);
    await this.housekeeping(nowMs);
    if (this.options.hook !== undefined && nowMs - this.lastHookMs >= HOOK_EVERY_MS) {
      this.lastHookMs = nowMs;
      await this.options.hook();
    }
    return { ...counts(changes), published, held: written.held };
  }

  /** The wallets a re-pricing changed (ADR 0046), to their players' screens as any balance change. */
  private async publishWallets(userIds: readonly string[], nowMs: number): Promise<void> {
    try {
      const wallets = await markets.walletsOf(this.options.db, userIds);
      if (wallets.length > 0) this.options.events.publish('ledger.balancesChanged', { journalId: `reprice:${nowMs}`, wallets });
    } catch (error) {
      this.options.log.error({ err: error }, 'balance events after a re-pricing failed');
    }
  }

  /**
   * Which sources are stale at `nowMs` (ADR 0039, 0047) and what they hold: the first stale
   * source's reason (null when all are fresh), and the events whose markets are held — every one
   * (null) when the provider is one source; a stale part's own events when it is made of several,
   * so a quiet Betfair stream does not suspend the simulator's matches, nor the reverse.
   */
  private staleSources(nowMs: number): { stale: StaleReason | null; holdEvents: string[] | null; reconnects: Map<FeedProvider, number> } {
    let stale: StaleReason | null = null;
    const events = new Set<string>();
    const reconnects = new Map<FeedProvider, number>();
    for (const source of this.sources) {
      const health = source.health?.(nowMs) ?? null;
      if (health === null) continue;
      reconnects.set(source, health.reconnects);
      const reason = this.staleness(source, health, nowMs);
      if (reason === null) continue;
      stale ??= reason;
      if (this.sources.length > 1) for (const sport of source.sports()) for (const event of source.events(sport.sportId)) events.add(event.eventId);
    }
    return { stale, holdEvents: stale === null || this.sources.length === 1 ? null : [...events], reconnects };
  }

  /** Why one source, with this health, counts as stale at `nowMs` (ADR 0039, 0047), or null. */
  private staleness(source: FeedProvider, health: FeedHealth, nowMs: number): StaleReason | null {
    const seen = this.seenReconnects.get(source);
    const staleAfterMs = this.options.staleMs ?? source.staleAfterMs ?? DEFAULT_STALE_MS;
    if (!health.connected) return 'disconnected';
    if (seen !== undefined && health.reconnects > seen) return 'reconnected';
    if (health.lastMessageAtMs !== null && nowMs - health.lastMessageAtMs > staleAfterMs) return 'silent';
    // Messages arrive, but what they say is old: the source runs late (its publish time to our receipt).
    if (health.lagMs !== null && health.lagMs > staleAfterMs) return 'lagging';
    return null;
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

  /** One domain event per match that changed; `statuses`: the matches the feed changed, with their stored status. */
  private publish(marketRows: MarketRow[], fancyRows: FancyRow[], scoreRows: ScoreRow[], statuses: ReadonlyArray<{ id: string; status: EventStatus }> = []): number {
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
    for (const { id, status } of statuses) entry(id).matchStatus = status;
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
      this.publish(
        closed.marketRows,
        closed.fancyRows,
        [],
        closed.eventIds.map((id) => ({ id, status: 'closed' })),
      );
    }
    const pruned = await catalog.pruneClosedEvents(db, PRUNE_AFTER_MS);
    if (pruned > 0) this.options.log.info({ pruned }, 'pruned closed events nobody imported');
  }
}

function counts(changes: FeedChanges): Omit<TickResult, 'published' | 'held'> {
  return {
    competitions: changes.competitions.length,
    events: changes.events.length,
    markets: changes.markets.length,
    fancies: changes.fancies.length,
    scores: changes.scores.length,
  };
}
