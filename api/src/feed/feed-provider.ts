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
  status: Runner['status'];
  /** Best first. */
  back: FeedLevel[];
  lay: FeedLevel[];
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
  /** Winner selection id or 'void' once the market is closed; null before. */
  result: string | null;
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

export interface FeedProvider {
  /** For logs. */
  readonly name: string;
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
   * Brings the provider up to `nowMs` and returns everything that changed since the previous
   * poll; the first poll returns the full current state.
   */
  poll(nowMs: number): FeedChanges;
}
