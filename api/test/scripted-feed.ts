/**
 * A feed provider the test drives (feed-staleness.test.ts): one cricket competition, the events
 * and markets the test sends, and a connection whose silence, drops and reconnections the test
 * decides. Each `send` is a message received at the clock's time (or the one given: a cached
 * market handed back after a reconnect); `heartbeat` is a message about nothing.
 */
import type {
  FeedChanges,
  FeedCompetition,
  FeedEvent,
  FeedFancy,
  FeedHealth,
  FeedMarket,
  FeedProvider,
  FeedScore,
  FeedSport,
} from '../src/feed/feed-provider';
import type { FakeClock } from './helper';

export const SCRIPTED_SPORT = 4;
export const SCRIPTED_COMPETITION: FeedCompetition = { competitionId: 'sc-1', sportId: SCRIPTED_SPORT, name: 'Scripted Trophy' };

const empty = (): FeedChanges => ({ competitions: [], events: [], markets: [], fancies: [], scores: [] });

export class ScriptedProvider implements FeedProvider {
  readonly name = 'scripted';
  readonly staleAfterMs: number;
  connected = true;
  reconnects = 0;
  lagMs: number | null = 40;
  lastMessageAtMs: number | null = null;
  /** How often the ingest let go of the provider (FeedProvider.release: the lock lost, or a stop). */
  released = 0;
  private readonly eventsById = new Map<string, FeedEvent>();
  private readonly marketsById = new Map<string, FeedMarket>();
  private readonly fanciesById = new Map<string, FeedFancy>();
  private pending = empty();

  /** `competition`: the one competition (and its sport) the provider offers; cricket unless given. */
  constructor(
    private readonly clock: FakeClock,
    staleAfterMs: number,
    private readonly competition: FeedCompetition = SCRIPTED_COMPETITION,
    private readonly sportName = 'Cricket',
  ) {
    this.staleAfterMs = staleAfterMs;
    this.pending.competitions.push(competition);
  }

  sports(): readonly FeedSport[] {
    return [{ sportId: this.competition.sportId, name: this.sportName }];
  }

  competitions(sportId: number): FeedCompetition[] {
    return sportId === this.competition.sportId ? [this.competition] : [];
  }

  events(sportId: number): FeedEvent[] {
    return [...this.eventsById.values()].filter((e) => e.sportId === sportId);
  }

  markets(eventId: string): FeedMarket[] {
    return [...this.marketsById.values()].filter((m) => m.eventId === eventId);
  }

  fancies(eventId: string): FeedFancy[] {
    return [...this.fanciesById.values()].filter((f) => f.eventId === eventId);
  }

  score(): FeedScore | null {
    return null;
  }

  poll(): FeedChanges {
    const changes = this.pending;
    this.pending = empty();
    return changes;
  }

  health(): FeedHealth {
    return {
      connected: this.connected,
      lastMessageAtMs: this.lastMessageAtMs,
      reconnects: this.reconnects,
      marketsSubscribed: this.marketsById.size,
      lagMs: this.lagMs,
      lastError: this.connected ? null : 'connection reset',
    };
  }

  release(): Promise<void> {
    this.released += 1;
    return Promise.resolve();
  }

  sendEvent(event: FeedEvent): void {
    this.eventsById.set(event.eventId, event);
    this.pending.events.push(event);
    this.heartbeat();
  }

  /** A message with the market's new state, received now (or at `receivedAtMs`: an old, cached one). */
  send(market: FeedMarket, receivedAtMs?: number): void {
    this.marketsById.set(market.marketId, market);
    this.pending.markets.push(receivedAtMs === undefined ? market : { ...market, receivedAtMs });
    this.heartbeat();
  }

  /** A message with the fancy's new line, received now. */
  sendFancy(fancy: FeedFancy): void {
    this.fanciesById.set(fancy.fancyId, fancy);
    this.pending.fancies.push(fancy);
    this.heartbeat();
  }

  heartbeat(): void {
    this.lastMessageAtMs = this.clock.nowMs();
  }

  /** The market as last sent. */
  market(marketId: string): FeedMarket {
    const market = this.marketsById.get(marketId);
    if (market === undefined) throw new Error(`no market ${marketId}`);
    return market;
  }
}

/** A two-runner match odds market at these back prices (hundredths; lay one tick above). */
export function twoRunnerMarket(marketId: string, eventId: string, prices: [number, number], extra: Partial<FeedMarket> = {}): FeedMarket {
  const runner = (selectionId: string, name: string, price: number, sortOrder: number) => ({
    selectionId,
    name,
    sortOrder,
    status: 'active' as const,
    back: [{ price, sizeMinor: 5_000_000 }],
    lay: [{ price: price + 2, sizeMinor: 5_000_000 }],
  });
  return {
    marketId,
    eventId,
    name: 'Match Odds',
    type: 'match_odds',
    sortOrder: 1,
    status: 'open',
    inPlay: false,
    runners: [runner('11', 'Home XI', prices[0], 1), runner('22', 'Away XI', prices[1], 2)],
    result: null,
    ...extra,
  };
}
