/**
 * What the simulator plays and when. Each sport has a few competitions with their teams (or
 * players) and a slot every `spacingMs` of wall-clock time since the Unix epoch: slot k's match
 * is offered from k·spacing and starts `preMatchMs` later. A match is a pure function of the
 * seed, the sport and the slot, so every instance (and a restart) plays the same matches with
 * the same scores: the schedule never runs dry and a takeover of the ingest continues it.
 */
import type { FeedCompetition, FeedSport } from '../feed-provider';
import { shortName } from './common';
import { deriveSeed, Rng } from './prng';
import { RECORDED_MATCH_COUNT, RECORDED_TEAMS, recordedMatch } from './recorded-cricket';
import type { MatchInfo, TeamDef } from './types';

export interface CompetitionDef {
  competition: FeedCompetition;
  teams: readonly TeamDef[];
  /** A race meeting's venue (racing plans): the competition is the meeting. */
  venue?: string;
}

/** What a racing plan draws its races from (ADR 0044). */
export interface RacePlan {
  kind: 'horse' | 'greyhound';
  /** Runners per race, inclusive (greyhounds: 6, one per trap). */
  field: readonly [number, number];
  /** The race names ("1m Hcap", "A4 480m"). */
  raceNames: readonly string[];
  /** The runners a race draws its field from (stable selection ids). */
  runners: readonly TeamDef[];
}

export interface SportPlan {
  sport: FeedSport;
  /** A new match every spacingMs. */
  spacingMs: number;
  /** Offered this long before it starts. */
  preMatchMs: number;
  competitions: readonly CompetitionDef[];
  /** Added to the slot number in event ids, so two plans of a sport never share an id. */
  eventBase?: number;
  /** Slot k replays recorded match k mod their number (its teams, its balls) instead of drawing them. */
  recorded?: boolean;
  /** A racing plan: slot k is a race at its competition's venue. */
  race?: RacePlan;
}

const MINUTE_MS = 60_000;

function teams(firstSelectionId: number, names: readonly string[]): TeamDef[] {
  return names.map((name, i) => ({ selectionId: String(firstSelectionId + i), name, short: shortName(name) }));
}

function players(firstSelectionId: number, names: readonly string[]): TeamDef[] {
  return names.map((name, i) => {
    const surname = name.split(' ').pop() ?? name;
    return { selectionId: String(firstSelectionId + i), name, short: shortName(surname) };
  });
}

/** Initials of a team's name ("Chennai Super Kings" → "CSK"). */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase();
}

function meeting(competitionId: string, sportId: number, venue: string, country: string): CompetitionDef {
  return { competition: { competitionId, sportId, name: `${venue} (${country})` }, teams: [], venue };
}

const HORSES = [
  'Silver Monsoon', 'Deccan Star', 'Golden Tide', 'Night Courier', 'Quiet Thunder', 'Royal Saffron', 'Harbour Light', 'Misty Ridge',
  'Brave Tapestry', 'Copper Kettle', 'Western Sonnet', 'Amber Lantern', 'Swift Pardon', 'Velvet Storm', 'Iron Duchess', 'Lucky Almanac',
  'Crimson Sail', 'Blue Mandarin', 'Northern Chime', 'Emerald Vow', 'Paper Moon', 'Rustic Charm', 'Midnight Ledger', 'Bold Regatta',
];
const GREYHOUNDS = [
  'Ballymac Flash', 'Droopys Comet', 'Swift Rocket', 'Kilara Blue', 'Coolavanny Rose', 'Roxholme Dash', 'Salacres Spark', 'Glenview Ace',
  'Headford Jet', 'Slippy Maestro', 'Burgess Echo', 'Fantasy Boss', 'Priceless Ruby', 'Lenson Arrow', 'Ardnasool Kate', 'Bockos Ranger',
];

/** Races of a sport on the card at any moment: each is offered this many spacings before its off. */
export const RACES_ON_CARD = 5;

/**
 * Horse racing (7): a race every 8 minutes at one of three meetings in turn, on the card 40
 * minutes before its off, so 5 are always coming up within the next hour; greyhounds (4339): a
 * race every 5 minutes, 25 minutes ahead, at one of two tracks (ADR 0044). Venues and runners are
 * made up, as the simulator's teams are.
 */
export const RACING_PLANS: readonly SportPlan[] = [
  {
    sport: { sportId: 7, name: 'Horse Racing' },
    spacingMs: 8 * 60_000,
    preMatchMs: RACES_ON_CARD * 8 * 60_000,
    competitions: [meeting('700101', 7, 'Kingsmead', 'GB'), meeting('700102', 7, 'Ashford Park', 'GB'), meeting('700103', 7, 'Deccan Downs', 'IN')],
    race: {
      kind: 'horse',
      field: [5, 12],
      raceNames: ['5f Hcap', '6f Mdn Stks', '7f Nov Stks', '1m Hcap', '1m2f Cond Stks', '1m4f Hcap', '2m Hcap Hrd', '2m4f Nov Chs'],
      runners: teams(7_001, HORSES),
    },
  },
  {
    sport: { sportId: 4339, name: 'Greyhound Racing' },
    spacingMs: 5 * 60_000,
    preMatchMs: RACES_ON_CARD * 5 * 60_000,
    competitions: [meeting('433901', 4339, 'Harbour Lane', 'GB'), meeting('433902', 4339, 'Millbrook', 'GB')],
    race: { kind: 'greyhound', field: [6, 6], raceNames: ['A1 480m', 'A3 480m', 'A5 480m', 'A7 480m', 'D2 280m', 'S4 660m', 'OR 500m'], runners: teams(43_001, GREYHOUNDS) },
  },
];

/** The competition of the replayed real matches (Cricsheet's IPL 2022). */
export const RECORDED_CRICKET_COMPETITION_ID = '101483';

/**
 * Cricket (4): the drawn T20s (a new one every 5 minutes, 2–3 in play) and the replayed IPL 2022
 * matches (one every 2.5 minutes offered 12.5 minutes before its start, so 5 are upcoming: a
 * new one is offered as one starts; a replay lasts about 10 to 16 minutes, so 4–6 are in play).
 * Soccer (1) and tennis (2). docs/rules/product.md §3.
 */
export const SPORT_PLANS: readonly SportPlan[] = [
  {
    sport: { sportId: 4, name: 'Cricket' },
    spacingMs: 5 * MINUTE_MS,
    preMatchMs: 10 * MINUTE_MS,
    competitions: [
      {
        competition: { competitionId: '101480', sportId: 4, name: 'T20 International Series' },
        teams: teams(2_001, ['India', 'Australia', 'England', 'South Africa', 'New Zealand', 'Pakistan', 'Sri Lanka', 'West Indies']),
      },
      {
        competition: { competitionId: '101481', sportId: 4, name: 'Premier T20 League' },
        teams: teams(2_101, [
          'Mumbai Mariners', 'Chennai Chargers', 'Kolkata Knights', 'Delhi Dynamos', 'Bengaluru Blasters', 'Hyderabad Hawks',
        ]),
      },
      {
        competition: { competitionId: '101482', sportId: 4, name: 'Coastal T20 Cup' },
        teams: teams(2_201, ['Sydney Surge', 'Perth Pelicans', 'Hobart Hurricanes', 'Adelaide Anchors', 'Brisbane Bolts']),
      },
    ],
  },
  {
    sport: { sportId: 4, name: 'Cricket' },
    spacingMs: 2.5 * MINUTE_MS,
    preMatchMs: 12.5 * MINUTE_MS,
    eventBase: 50_000_000,
    recorded: true,
    competitions: [
      {
        competition: { competitionId: RECORDED_CRICKET_COMPETITION_ID, sportId: 4, name: 'Indian Premier League 2022 (replayed)' },
        teams: RECORDED_TEAMS.map((name, i) => ({ selectionId: String(2_301 + i), name, short: initials(name) })),
      },
    ],
  },
  {
    sport: { sportId: 1, name: 'Soccer' },
    spacingMs: 4 * MINUTE_MS,
    preMatchMs: 8 * MINUTE_MS,
    competitions: [
      {
        competition: { competitionId: '10932509', sportId: 1, name: 'English Premier Division' },
        teams: teams(3_001, ['Arsenal Athletic', 'Chelsea Rovers', 'Liverpool Town', 'Manchester Albion', 'Tottenham United', 'Newcastle City']),
      },
      {
        competition: { competitionId: '117', sportId: 1, name: 'Liga Primera' },
        teams: teams(3_101, ['Madrid Real', 'Barcelona Atletico', 'Sevilla Union', 'Valencia Deportivo', 'Bilbao Club']),
      },
      {
        competition: { competitionId: '81', sportId: 1, name: 'Serie Uno' },
        teams: teams(3_201, ['Milano Calcio', 'Torino Sporting', 'Roma Virtus', 'Napoli Partenope', 'Firenze Viola']),
      },
    ],
  },
  {
    sport: { sportId: 2, name: 'Tennis' },
    spacingMs: 4 * MINUTE_MS,
    preMatchMs: 8 * MINUTE_MS,
    competitions: [
      {
        competition: { competitionId: '12506', sportId: 2, name: 'ATP Desert Open' },
        teams: players(4_001, ['Luca Moreno', 'Jan Kovac', 'Andre Silva', 'Tomas Berg', 'Kenji Sato', 'Felix Hart']),
      },
      {
        competition: { competitionId: '12507', sportId: 2, name: 'WTA Harbour Classic' },
        teams: players(4_101, ['Elena Petrova', 'Maya Lindqvist', 'Sofia Reyes', 'Anna Novak', 'Grace Okafor', 'Lena Fischer']),
      },
    ],
  },
  ...RACING_PLANS,
];

/** The plans with every racing plan's race every `spacingMs`, RACES_ON_CARD of them on the card (FEED_RACE_SPACING_MS). */
export function withRaceSpacing(plans: readonly SportPlan[], spacingMs: number): SportPlan[] {
  return plans.map((plan) => (plan.race === undefined ? plan : { ...plan, spacingMs, preMatchMs: RACES_ON_CARD * spacingMs }));
}

/** The event id of a slot: the sport id followed by the slot number (Betfair-like numeric string). */
export function slotEventId(sportId: number, slot: number): string {
  return `${sportId}${String(slot).padStart(8, '0')}`;
}

/** The identity of slot `slot`'s match of a plan: competition, teams, times and seed. */
export function slotMatch(seed: number, plan: SportPlan, slot: number): MatchInfo {
  if (plan.recorded === true) return recordedSlotMatch(seed, plan, slot);
  if (plan.race !== undefined) return raceSlotMatch(seed, plan, plan.race, slot);
  const matchSeed = deriveSeed(seed, plan.sport.sportId, slot);
  const rng = new Rng(deriveSeed(matchSeed, 1));
  // Competitions take turns, so consecutive slots never pair the same two sides.
  const def = plan.competitions[slot % plan.competitions.length];
  if (def === undefined) throw new Error(`sport ${plan.sport.sportId} has no competitions`);
  const { competition, teams: pool } = def;
  const homeIndex = rng.int(0, pool.length - 1);
  const awayIndex = (homeIndex + rng.int(1, pool.length - 1)) % pool.length;
  const home = pool[homeIndex];
  const away = pool[awayIndex];
  if (home === undefined || away === undefined) throw new Error(`competition ${competition.competitionId} has too few teams`);
  const createdMs = slot * plan.spacingMs;
  return {
    eventId: slotEventId(plan.sport.sportId, slot + (plan.eventBase ?? 0)),
    sportId: plan.sport.sportId,
    competition,
    home,
    away,
    createdMs,
    startMs: createdMs + plan.preMatchMs,
    seed: matchSeed,
  };
}

/**
 * Slot `slot` of a racing plan: a race at the slot's meeting (meetings take turns), its field
 * drawn from the plan's runners with cloth numbers 1 to n, its PLACE terms from the field size.
 */
function raceSlotMatch(seed: number, plan: SportPlan, race: RacePlan, slot: number): MatchInfo {
  const matchSeed = deriveSeed(seed, plan.sport.sportId, slot);
  const rng = new Rng(deriveSeed(matchSeed, 1));
  const def = plan.competitions[slot % plan.competitions.length];
  if (def === undefined || def.venue === undefined) throw new Error(`racing plan ${plan.sport.sportId} has no meeting`);
  const size = Math.min(race.runners.length, rng.int(race.field[0], race.field[1]));
  const pool = [...race.runners];
  const field: TeamDef[] = [];
  for (let i = 0; i < size; i += 1) field.push(...pool.splice(rng.int(0, pool.length - 1), 1));
  const raceName = rng.pick(race.raceNames);
  const createdMs = slot * plan.spacingMs;
  return {
    eventId: slotEventId(plan.sport.sportId, slot + (plan.eventBase ?? 0)),
    sportId: plan.sport.sportId,
    competition: def.competition,
    home: { selectionId: `${plan.sport.sportId}-venue`, name: def.venue, short: shortName(def.venue) },
    away: { selectionId: `${plan.sport.sportId}-race`, name: raceName, short: shortName(raceName) },
    createdMs,
    startMs: createdMs + plan.preMatchMs,
    seed: matchSeed,
    race: {
      kind: race.kind,
      venue: def.venue,
      raceName,
      runners: field.map((r, i) => ({ selectionId: r.selectionId, name: r.name, clothNumber: i + 1 })),
      places: race.kind === 'greyhound' || size < 8 ? 2 : 3,
    },
  };
}

/** Slot `slot` of a recorded plan: recorded match slot mod their number, its teams home and away. */
function recordedSlotMatch(seed: number, plan: SportPlan, slot: number): MatchInfo {
  const def = plan.competitions[0];
  if (def === undefined) throw new Error(`sport ${plan.sport.sportId} has no competitions`);
  const recorded = recordedMatch(slot % RECORDED_MATCH_COUNT);
  const team = (name: string): TeamDef => {
    const found = def.teams.find((t) => t.name === name);
    if (found === undefined) throw new Error(`recorded team ${name} is not in competition ${def.competition.competitionId}`);
    return found;
  };
  const createdMs = slot * plan.spacingMs;
  const eventNumber = slot + (plan.eventBase ?? 0);
  return {
    eventId: slotEventId(plan.sport.sportId, eventNumber),
    sportId: plan.sport.sportId,
    competition: def.competition,
    home: team(recorded.teams[0]),
    away: team(recorded.teams[1]),
    createdMs,
    startMs: createdMs + plan.preMatchMs,
    seed: deriveSeed(seed, plan.sport.sportId, eventNumber),
    recorded,
  };
}

/** The slot whose match is offered at or before `nowMs` most recently. */
export function slotAt(plan: SportPlan, nowMs: number): number {
  return Math.floor(nowMs / plan.spacingMs);
}
