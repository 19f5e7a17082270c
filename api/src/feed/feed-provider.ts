/**
 * The odds-feed provider interface: what any source of sports data offers the ingest (sports,
 * competitions, events, markets with runners and prices, fancies, scores, status and results).
 * The built-in simulator implements it; a real provider is a new adapter with the same shape.
 * Prices are integers in hundredths of decimal odds (bookmaker: rates in paise), sizes in paise.
 */
import type { MarketStatus, MarketType, Runner } from '@backlay/shared/contracts';

export type FeedEventStatus = 'upcoming' | 'inplay' | 'closed';

export interface FeedSport {
  sportId: number;
  name: string;
}

export interface FeedCompetition {
  competitionId: string;
  sportId: number;
  name: string;
}

export interface FeedEvent {
  eventId: string;
  sportId: number;
  competitionId: string;
  /** "Home v Away". */
  name: string;
  home: string;
  away: string;
  /** Scheduled start (ms since the epoch). */
  openDateMs: number;
  status: FeedEventStatus;
  inPlay: boolean;
}

/** One price level: hundredths of decimal odds (bookmaker: a rate in paise) and paise available. */
export interface FeedLevel {
  price: number;
  sizeMinor: number;
}

export interface FeedRunner {
  selectionId: string;
  name: string;
  sortOrder: number;
  /** The runner's number on the race card (a greyhound's trap); absent outside racing. */
  clothNumber?: number;
  status: Runner['status'];
  /** Best first. */
  back: FeedLevel[];
  lay: FeedLevel[];
  /**
   * A non-runner (status 'removed'): its reduction factor (Betfair's adjustmentFactor, a
   * percentage) and when it was removed (ms since the epoch). Settlement reduces the price of
   * bets on the other runners matched before that time (docs/racing-rules.md R-3).
   */
  adjustmentFactor?: number;
  removedAtMs?: number;
}

export interface FeedMarket {
  marketId: string;
  eventId: string;
  name: string;
  type: Exclude<MarketType, 'fancy'>;
  sortOrder: number;
  status: MarketStatus;
  inPlay: boolean;
  /**
   * The provider's bet delay (Betfair's `betDelay`, seconds), when it has one: the market's delay
   * is never below it (markets.repository). The simulator has none: its markets take the sport's.
   */
  betDelaySec?: number;
  runners: FeedRunner[];
  /** How many runners win (Betfair's numberOfWinners: a racing PLACE market has 2 to 4); 1 when absent. */
  numberOfWinners?: number;
  /** Winner selection id or 'void' once the market is closed; null before. */
  result: string | null;
  /**
   * A closed market of several winners (a racing PLACE market): its placed runners (R-2 of
   * docs/racing-rules.md), settled as PLACED; `result` is then null unless one runner placed.
   */
  placed?: string[];
  /**
   * When the provider received the message this state comes from (ms since the epoch). A market
   * the ingest holds suspended (stale feed, the turn in play: ADR 0039) reopens only on a message
   * received after the hold began; without it the poll's time counts, so an adapter that hands
   * back a cached market after a reconnect sets it to that message's time.
   */
  receivedAtMs?: number;
}

export interface FeedFancy {
  fancyId: string;
  eventId: string;
  name: string;
  gtype: string;
  sortOrder: number;
  status: MarketStatus;
  noRun: number;
  noRate: number;
  yesRun: number;
  yesRate: number;
  /** The settled value once closed; null before. */
  result: number | null;
  /** As FeedMarket.receivedAtMs. */
  receivedAtMs?: number;
}

export interface FeedScore {
  eventId: string;
  home: string;
  away: string;
  summary: string;
  detail: string[];
  inPlay: boolean;
  ballRunning: boolean;
  updatedAtMs: number;
}

/** What changed since the previous poll (whole objects; new ones included). */
export interface FeedChanges {
  competitions: FeedCompetition[];
  events: FeedEvent[];
  markets: FeedMarket[];
  fancies: FeedFancy[];
  scores: FeedScore[];
}

/**
 * How the provider's connection is doing (ADR 0039): what the ingest's staleness check, the admin
 * feed page and /metrics read. A local provider (the simulator) is always connected and hears
 * from itself at every poll.
 */
export interface FeedHealth {
  connected: boolean;
  /** The last message of any kind from the source, heartbeats included (ms since the epoch); null before the first. */
  lastMessageAtMs: number | null;
  /** Reconnections since the provider started (a rise makes the ingest hold every open market). */
  reconnects: number;
  /** Markets the provider is subscribed to (or offers). */
  marketsSubscribed: number;
  /**
   * How far behind the source the provider runs (its publish time to our receipt), ms; null when
   * unknown. A lag past the staleness holds the markets as a silence does (ADR 0047): the prices
   * arrive, but late.
   */
  lagMs: number | null;
  /** The last error the connection saw, for the admin page; null when none. */
  lastError?: string | null;
}

export interface FeedProvider {
  /** For logs. */
  readonly name: string;
  /**
   * How long the source may stay silent (heartbeats count) before every open market is held
   * suspended; FEED_STALE_MS overrides it, and without either it is 10 s. Read with health().
   */
  readonly staleAfterMs?: number;
  /** The connection's health at `nowMs`; a provider without it is never stale. */
  health?(nowMs: number): FeedHealth;
  sports(): readonly FeedSport[];
  competitions(sportId: number): FeedCompetition[];
  /** The events the provider currently offers (upcoming, in play and recently closed). */
  events(sportId: number, competitionId?: string): FeedEvent[];
  markets(eventId: string): FeedMarket[];
  fancies(eventId: string): FeedFancy[];
  score(eventId: string): FeedScore | null;
  /**
   * Events the demo keeps imported while they are open, beside its one live match per sport
   * (catalog/demo-matches.ts): the replay's recorded matches. None when absent.
   */
  featured?(): FeedEvent[];
  /**
   * A pushing provider (Betfair's stream) calls `listener` when a message that must reach the
   * markets at once arrived: a market's definition (a suspension, the turn in play, a close). The
   * ingest then ticks without waiting for its next tick (ADR 0043), so a market with no bet delay
   * is not left open on prices the source has withdrawn. A polled provider has none.
   */
  onUrgent?(listener: () => void): void;
  /**
   * This instance no longer runs the ingest (its lock was lost, or it stops): close what the
   * provider holds open, such as Betfair's stream connection (an account has few, and a second
   * instance connecting must not find the first one's still open). The next poll opens it again.
   */
  release?(): Promise<void>;
  /**
   * A provider made of several (CombinedProvider): the ingest judges each part's staleness on its
   * own and a stale part holds only the markets of its own events (ADR 0047). Absent: one source.
   */
  parts?(): readonly FeedProvider[];
  /**
   * Brings the provider up to `nowMs` and returns everything that changed since the previous
   * poll; the first poll returns the full current state.
   */
  poll(nowMs: number): FeedChanges;
}
