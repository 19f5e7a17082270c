/**
 * The Betfair Exchange Stream API messages the market model reads, as Betfair sends them (JSON).
 * Only the fields the model uses are typed; everything else is ignored. Prices are decimal odds
 * and sizes GBP, both as JSON numbers with at most two decimals.
 */

/** [price, size]: a full-depth ladder level (atb, atl, trd); size 0 removes the level. */
export type PriceSizePair = [number, number];
/** [level, price, size]: a depth-indexed best-offers level (batb, batl, bdatb, bdatl); level 0 is best. */
export type LevelPriceSize = [number, number, number];

export interface StreamRunnerChange {
  id: number;
  /** Handicap (Asian handicap markets): part of the runner's key. */
  hc?: number;
  atb?: PriceSizePair[];
  atl?: PriceSizePair[];
  batb?: LevelPriceSize[];
  batl?: LevelPriceSize[];
  bdatb?: LevelPriceSize[];
  bdatl?: LevelPriceSize[];
  ltp?: number;
  tv?: number;
}

export type StreamMarketStatus = 'INACTIVE' | 'OPEN' | 'SUSPENDED' | 'CLOSED';
export type StreamRunnerStatus = 'ACTIVE' | 'WINNER' | 'LOSER' | 'REMOVED' | 'REMOVED_VACANT' | 'HIDDEN' | 'PLACED';

export interface StreamRunnerDefinition {
  id: number;
  hc?: number;
  status: StreamRunnerStatus;
  sortPriority?: number;
  adjustmentFactor?: number;
  /** When a REMOVED runner was removed (ISO time): bets matched before it are reduced. */
  removalDate?: string;
  /** Present only when the subscription asks for it (and in some recordings). */
  name?: string;
}

export interface StreamMarketDefinition {
  status: StreamMarketStatus;
  inPlay?: boolean;
  betDelay?: number;
  eventId: string;
  eventTypeId: string;
  marketType?: string;
  marketTime?: string;
  openDate?: string;
  numberOfWinners?: number;
  countryCode?: string;
  venue?: string;
  /** The venue's time zone (e.g. Europe/London). */
  timezone?: string;
  /** Only in some recordings. */
  eventName?: string;
  name?: string;
  runners: StreamRunnerDefinition[];
}

export interface StreamMarketChange {
  id: string;
  /** True: this change is a full image of the market (replaces what was cached). */
  img?: boolean;
  marketDefinition?: StreamMarketDefinition;
  rc?: StreamRunnerChange[];
  tv?: number;
  con?: boolean;
}

export interface CricketIncident {
  incidentType: string;
  qualifierType?: string;
  value?: string;
  participantRef?: string;
  innings?: number;
  overs?: string;
  actualTime?: number;
}

export interface CricketInningsStats {
  inningsNum: number;
  battingTeam?: string;
  bowlingTeam?: string;
  inningsRuns?: number;
  inningsOvers?: string;
  inningsWickets?: number;
}

export interface CricketChange {
  eventId: string;
  marketId?: string;
  fixtureInfo?: {
    homeTeam?: string;
    awayTeam?: string;
    expectedStartTime?: number;
    fixtureStatus?: string;
    eventDescription?: string;
    maxOvers?: number;
    eventStatus?: string;
  };
  homeTeam?: { name?: string; selectionId?: number };
  awayTeam?: { name?: string; selectionId?: number };
  matchStats?: {
    currentInnings?: number;
    tossResult?: string;
    inningsStats?: CricketInningsStats[];
    battingTeamStats?: Record<string, string | number | undefined>;
    bowlingTeamStats?: Record<string, string | number | undefined>;
  };
  incidentListWrapper?: { incidentList?: CricketIncident[] };
}

export interface McmMessage {
  op: 'mcm';
  pt: number;
  clk?: string;
  initialClk?: string;
  ct?: 'SUB_IMAGE' | 'RESUB_DELTA' | 'HEARTBEAT';
  segmentType?: 'SEG_START' | 'SEG' | 'SEG_END';
  mc?: StreamMarketChange[];
}

export interface CcmMessage {
  op: 'ccm';
  pt: number;
  clk?: string;
  cc?: CricketChange[];
}

/** Any message of the stream; the model reads mcm and ccm and ignores the rest. */
export type StreamMessage = McmMessage | CcmMessage | { op: string; pt?: number };

/** One entry of the Betting API's listMarketCatalogue (the fields the model reads). */
export interface MarketCatalogue {
  marketId: string;
  marketName?: string;
  event?: { id?: string; name?: string; openDate?: string; venue?: string; countryCode?: string; timezone?: string };
  eventType?: { id?: string; name?: string };
  competition?: { id?: string; name?: string };
  /** `metadata` with RUNNER_METADATA: racing's CLOTH_NUMBER (strings, as Betfair sends them). */
  runners?: Array<{ selectionId: number; runnerName?: string; sortPriority?: number; handicap?: number; metadata?: Record<string, string | null> }>;
}
