/**
 * FEED_PROVIDER=betfair (ADR 0038): Betfair's Exchange Stream as a FeedProvider. The stream
 * client (stream-client.ts) hands every complete change message, in order, to the one market
 * model (../betfair-stream, ADR 0037), which the ingest's polls read as FeedChanges; each market
 * the stream shows is named once from the Betting API's catalogue (catalogue-cache.ts).
 *
 * The connection opens at the first poll, so only the instance that runs the ingest (the leader)
 * holds one of the account's stream connections. health() is the client's status: the ingest's
 * staleness (ADR 0039) holds every open market when the stream goes silent for staleAfterMs (two
 * heartbeats; the client itself gives up on the connection after three), disconnects or
 * reconnects, until fresh prices arrive.
 */
import type { Logger } from '../../common/logger';
import { silentLogger } from '../../common/logger';
import { DEFAULT_SPORTS, StreamMarketCache } from '../betfair-stream/market-cache';
import type { FeedChanges, FeedCompetition, FeedEvent, FeedFancy, FeedHealth, FeedMarket, FeedProvider, FeedScore, FeedSport } from '../feed-provider';
import type { BettingApi } from './betting-api';
import { MarketCatalogueCache } from './catalogue-cache';
import type { MarketChangeMessage } from './protocol';
import { BetfairStreamClient, type BetfairStreamClientOptions } from './stream-client';

/** A closed market stays on offer (with its result) this long, as the simulator's do. */
export const CLOSED_RETENTION_MS = 60 * 60_000;

export interface BetfairProviderOptions {
  /** The stream's connection and subscription (from-config.ts streamOptions), plus any overrides (tests: back-off). */
  stream: Omit<BetfairStreamClientOptions, 'onMarketChange' | 'onConnected' | 'onDisconnected' | 'onFatal' | 'log' | 'now'>;
  /** Where names come from (the Betting API's listMarketCatalogue). */
  catalogue: Pick<BettingApi, 'listMarketCatalogue'>;
  gbpInrRateHundredths: number;
  sports?: readonly FeedSport[];
  log?: Logger;
  now?: () => number;
}

export class BetfairProvider implements FeedProvider {
  readonly name = 'betfair';
  readonly staleAfterMs: number;
  private readonly cache: StreamMarketCache;
  private readonly client: BetfairStreamClient;
  private readonly names: MarketCatalogueCache;
  private readonly now: () => number;
  /** Betfair market id → when its last message arrived (FeedMarket.receivedAtMs). */
  private readonly receivedAt = new Map<string, number>();
  /** Betfair market id → when it was first seen CLOSED (forgotten CLOSED_RETENTION_MS later). */
  private readonly closedAt = new Map<string, number>();
  private started = false;
  private readonly urgentListeners: Array<() => void> = [];

  constructor(options: BetfairProviderOptions) {
    const log = options.log ?? silentLogger;
    this.now = options.now ?? Date.now;
    this.staleAfterMs = options.stream.heartbeatMs * 2;
    this.cache = new StreamMarketCache({ gbpInrRateHundredths: options.gbpInrRateHundredths, sports: options.sports ?? DEFAULT_SPORTS });
    this.names = new MarketCatalogueCache(options.catalogue, { log });
    this.client = new BetfairStreamClient({
      ...options.stream,
      log,
      now: this.now,
      onMarketChange: (mcm) => this.onMarketChange(mcm),
      onFatal: (error) => log.error({ code: error.code }, `betfair feed stopped: ${error.message}`),
    });
  }

  private onMarketChange(mcm: MarketChangeMessage): void {
    this.cache.apply(mcm);
    const ids = (mcm.mc ?? []).map((change) => change.id);
    if (ids.length === 0) return;
    const at = this.now();
    for (const id of ids) this.receivedAt.set(id, at);
    for (const change of mcm.mc ?? []) {
      if (change.marketDefinition?.status === 'CLOSED' && !this.closedAt.has(change.id)) this.closedAt.set(change.id, at);
    }
    // A definition (SUSPENDED, the turn in play, a close): the ingest writes it now, not at its next tick (ADR 0043).
    if ((mcm.mc ?? []).some((change) => change.marketDefinition !== undefined)) for (const listener of this.urgentListeners) listener();
    const unnamed = ids.filter((id) => this.names.get(id) === undefined);
    if (unnamed.length === 0) return;
    void this.names.want(unnamed).then(() => {
      const found = unnamed.flatMap((id) => this.names.get(id) ?? []);
      if (found.length > 0) this.cache.addCatalogue(found);
    });
  }

  /** Called when a market's definition arrives (FeedProvider.onUrgent). */
  onUrgent(listener: () => void): void {
    this.urgentListeners.push(listener);
  }

  /** The stream client's own status (the admin page's details). */
  streamStatus(): ReturnType<BetfairStreamClient['status']> {
    return this.client.status();
  }

  health(): FeedHealth {
    const status = this.client.status();
    const lag = status.lastMessageAtMs !== null && status.lastPublishTimeMs !== null ? Math.max(0, status.lastMessageAtMs - status.lastPublishTimeMs) : null;
    return {
      connected: status.connected,
      lastMessageAtMs: status.lastMessageAtMs,
      reconnects: status.reconnects,
      marketsSubscribed: status.marketsSubscribed,
      lagMs: lag,
      lastError: status.lastError,
    };
  }

  sports(): readonly FeedSport[] {
    return this.cache.sports();
  }

  competitions(sportId: number): FeedCompetition[] {
    return this.cache.competitions().filter((c) => c.sportId === sportId);
  }

  events(sportId: number, competitionId?: string): FeedEvent[] {
    return this.cache.events().filter((e) => e.sportId === sportId && (competitionId === undefined || e.competitionId === competitionId));
  }

  markets(eventId: string): FeedMarket[] {
    return this.cache.markets(eventId).map((m) => this.stamped(m));
  }

  fancies(): FeedFancy[] {
    return [];
  }

  score(eventId: string): FeedScore | null {
    return this.cache.score(eventId);
  }

  /**
   * Connects at the first poll; answers what the stream changed since the previous one. A market
   * closed (its result handed over) more than CLOSED_RETENTION_MS ago is forgotten: Betfair sends
   * nothing more of it, and a long-running stream would otherwise keep every market it ever saw.
   */
  poll(nowMs: number): FeedChanges {
    if (!this.started) {
      this.started = true;
      this.client.start();
    }
    const changes = this.cache.changes();
    for (const [marketId, closedAtMs] of this.closedAt) {
      if (nowMs - closedAtMs < CLOSED_RETENTION_MS) continue;
      this.cache.forget(marketId);
      this.receivedAt.delete(marketId);
      this.closedAt.delete(marketId);
    }
    return { ...changes, markets: changes.markets.map((m) => this.stamped(m)) };
  }

  /** Closes the stream connection; the next poll opens a new one (FeedProvider.release). */
  async close(): Promise<void> {
    this.started = false;
    await this.client.stop();
  }

  /** This instance no longer runs the ingest: its connection goes, so the new leader's is the account's only one. */
  release(): Promise<void> {
    return this.close();
  }

  private stamped(market: FeedMarket): FeedMarket {
    const at = this.receivedAt.get(market.marketId);
    return at === undefined ? market : { ...market, receivedAtMs: at };
  }
}
