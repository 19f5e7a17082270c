/** Shapes shared by the simulated sports: a team, a match's identity, its view and its pace. */
import type { FeedCompetition, FeedEvent, FeedFancy, FeedMarket, FeedScore } from '../feed-provider';
import type { RecordedMatch } from './recorded-cricket';

export interface TeamDef {
  /** Stable selection id of the team or player (the same in every match, as on Betfair). */
  selectionId: string;
  name: string;
  /** Three-letter code for score lines. */
  short: string;
}

export interface MatchInfo {
  eventId: string;
  sportId: number;
  competition: FeedCompetition;
  home: TeamDef;
  away: TeamDef;
  /** When the provider first offers the match. */
  createdMs: number;
  /** Scheduled start: in play from here. */
  startMs: number;
  /** Seed of the match's own generator and of its price sizes. */
  seed: number;
  /** A real match to replay ball by ball instead of drawing the balls (cricket). */
  recorded?: RecordedMatch;
  /** A race (horse racing, greyhounds): its card; home is then the venue and away the race's name. */
  race?: RaceCard;
}

/** A simulated race's card (ADR 0044). */
export interface RaceCard {
  kind: 'horse' | 'greyhound';
  venue: string;
  raceName: string;
  /** In cloth-number order (a greyhound's trap). */
  runners: ReadonlyArray<{ selectionId: string; name: string; clothNumber: number }>;
  /** The PLACE market's numberOfWinners: 2 for 5–7 runners, 3 for 8 or more (greyhounds 6 runners, 2). */
  places: number;
}

/** Everything the provider shows of a match at one moment. */
export interface MatchView {
  event: FeedEvent;
  markets: FeedMarket[];
  fancies: FeedFancy[];
  score: FeedScore;
}

/** A simulated match: a state machine driven by its own seeded generator. */
export interface SimMatch {
  readonly info: MatchInfo;
  /** When the next change happens, or null once the match is over. */
  nextAtMs(): number | null;
  /** Applies the change due at nextAtMs(). */
  step(): void;
  /** When the match finished (every market resulted), or null. */
  finishedAtMs(): number | null;
  /** The current view (pure function of the state). */
  view(): MatchView;
}

/** A [min, max) range of milliseconds drawn uniformly. */
export type MsRange = readonly [number, number];

/** The compressed clock of the simulated sports. */
export interface SimulatorPace {
  /** Time from one delivery to the next (a ball every 2–4 s). */
  ballIntervalMs: MsRange;
  /** Part of it during which the ball is running. */
  ballRunningMs: MsRange;
  /** Markets stay suspended this long after a wicket. */
  wicketPauseMs: MsRange;
  inningsBreakMs: number;
  /** One simulated minute of soccer. */
  soccerMinuteMs: MsRange;
  halfTimeMs: number;
  tennisPointMs: MsRange;
  setBreakMs: number;
  /** Pre-match prices drift at this interval. */
  preMatchDriftMs: MsRange;
  /** A race's prices move at this interval while it runs. */
  raceStepMs: MsRange;
  /** How long a race runs, from the off to the finish. */
  horseRaceMs: MsRange;
  greyhoundRaceMs: MsRange;
  /** The markets stay suspended this long after the finish before the result (the weigh-in). */
  weighInMs: MsRange;
}

export const DEFAULT_PACE: Readonly<SimulatorPace> = Object.freeze({
  ballIntervalMs: [2_000, 4_000] as const,
  ballRunningMs: [700, 1_300] as const,
  wicketPauseMs: [4_000, 6_000] as const,
  inningsBreakMs: 30_000,
  soccerMinuteMs: [3_500, 4_500] as const,
  halfTimeMs: 30_000,
  tennisPointMs: [2_000, 4_000] as const,
  setBreakMs: 20_000,
  preMatchDriftMs: [5_000, 15_000] as const,
  raceStepMs: [1_500, 2_500] as const,
  horseRaceMs: [60_000, 90_000] as const,
  greyhoundRaceMs: [28_000, 34_000] as const,
  weighInMs: [5_000, 10_000] as const,
});
