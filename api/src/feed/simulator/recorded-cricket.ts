/**
 * Real T20 matches for the cricket simulator to replay ball by ball: the 74 matches of IPL 2022
 * from Cricsheet (api/feed-data/cricsheet, ODC-By 1.0 — the product credits CRICSHEET_CREDIT
 * wherever it shows one). The compact file is bundled at build time (no file is read at run
 * time); a match is decoded the first time the schedule needs it.
 */
import { SCORE_WORDS } from '@backlay/shared/contracts';
import file from '../../../feed-data/cricsheet/ipl-2022.json';

/** The attribution Cricsheet's licence asks for, shown in the score of every replayed match. */
export const CRICSHEET_CREDIT = SCORE_WORDS.cricsheetCredit;

/** One delivery as it was bowled. */
export interface RecordedDelivery {
  striker: string;
  nonStriker: string;
  bowler: string;
  /** Runs off the bat. */
  batterRuns: number;
  /** Extras by kind (a no-ball may carry leg byes). */
  wides: number;
  noballs: number;
  byes: number;
  legbyes: number;
  penalty: number;
  /** The batter dismissed on this delivery, if any. */
  out: string | null;
  /** True when the dismissal is the bowler's (not a run out or a retirement). */
  bowlersWicket: boolean;
}

export interface RecordedInnings {
  /** 0: the match's first team (the listed home side), 1: the second. */
  team: 0 | 1;
  deliveries: RecordedDelivery[];
}

export interface RecordedMatch {
  /** Cricsheet's match id. */
  id: string;
  date: string;
  event: string;
  venue: string;
  teams: readonly [string, string];
  winner: string;
  /** "Kolkata Knight Riders won by 6 wickets". */
  outcome: string;
  innings: readonly [RecordedInnings, RecordedInnings];
}

interface CompactMatch {
  id: string;
  date: string;
  event: string;
  venue: string;
  city: string;
  teams: string[];
  players: string[];
  winner: string;
  outcome: string;
  innings: Array<{ team: number; balls: string }>;
}

const COMPACT: readonly CompactMatch[] = (file as { matches: CompactMatch[] }).matches;

/** How many recorded matches there are. */
export const RECORDED_MATCH_COUNT = COMPACT.length;

/** The teams of the recorded matches, sorted (stable selection ids follow this order). */
export const RECORDED_TEAMS: readonly string[] = [...new Set(COMPACT.flatMap((m) => m.teams))].sort();

const TOKEN = /^(\d+):(\d+):(\d+):(\d+)((?:[wnlbp]\d+)*)(?:!(\d+)(r?))?$/;

function decodeDelivery(token: string, players: readonly string[], matchId: string): RecordedDelivery {
  const m = TOKEN.exec(token);
  const name = (index: string | undefined): string => {
    const player = players[Number(index)];
    if (player === undefined) throw new Error(`recorded match ${matchId}: no player ${index} in ${token}`);
    return player;
  };
  if (m === null) throw new Error(`recorded match ${matchId}: bad delivery ${token}`);
  const extras = { w: 0, n: 0, l: 0, b: 0, p: 0 };
  for (const [, kind, runs] of (m[5] ?? '').matchAll(/([wnlbp])(\d+)/g)) extras[kind as keyof typeof extras] = Number(runs);
  return {
    striker: name(m[1]),
    nonStriker: name(m[2]),
    bowler: name(m[3]),
    batterRuns: Number(m[4]),
    wides: extras.w,
    noballs: extras.n,
    byes: extras.b,
    legbyes: extras.l,
    penalty: extras.p,
    out: m[6] === undefined ? null : name(m[6]),
    bowlersWicket: m[6] !== undefined && m[7] !== 'r',
  };
}

const decoded = new Map<number, RecordedMatch>();

/** The n-th recorded match (0 ≤ n < RECORDED_MATCH_COUNT), decoded once. */
export function recordedMatch(n: number): RecordedMatch {
  const cached = decoded.get(n);
  if (cached !== undefined) return cached;
  const compact = COMPACT[n];
  if (compact === undefined) throw new Error(`no recorded match ${n}`);
  const [home, away] = compact.teams;
  const innings = compact.innings.map((inn) => ({
    team: (inn.team === 0 ? 0 : 1) as 0 | 1,
    deliveries: inn.balls.split(' ').map((token) => decodeDelivery(token, compact.players, compact.id)),
  }));
  const [first, second] = innings;
  if (home === undefined || away === undefined || first === undefined || second === undefined) {
    throw new Error(`recorded match ${compact.id} needs two teams and two innings`);
  }
  const match: RecordedMatch = {
    id: compact.id,
    date: compact.date,
    event: compact.event,
    venue: compact.venue,
    teams: [home, away],
    winner: compact.winner,
    outcome: compact.outcome,
    innings: [first, second],
  };
  decoded.set(n, match);
  return match;
}

/** Runs a delivery adds to the total. */
export function deliveryRuns(d: RecordedDelivery): number {
  return d.batterRuns + d.wides + d.noballs + d.byes + d.legbyes + d.penalty;
}

/** A wide or a no-ball is bowled again (Laws 21, 22): it is no legal ball. */
export function isLegal(d: RecordedDelivery): boolean {
  return d.wides === 0 && d.noballs === 0;
}
