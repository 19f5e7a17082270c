/**
 * The ball-by-ball score of a cricket match from Betfair's `ccm` messages: fixture (teams, status),
 * match stats (each innings' runs, overs and wickets; the batters at the crease; the bowler) and
 * incidents (runs, extras, wickets), as the odds page's score panel shows it (FeedScore: a
 * summary line and detail lines — innings, run rate or what is needed, batters, bowler, last balls).
 */
import { fillMessage, SCORE_WORDS } from '@backlay/shared/contracts';
import type { FeedScore } from '../feed-provider';
import type { CricketChange, CricketIncident, CricketInningsStats } from './messages';

/** How many balls of the current innings the panel lists. */
export const LAST_BALLS_SHOWN = 6;

interface Batter {
  name: string;
  runs: number;
  balls: number;
  onStrike: boolean;
}

interface Bowler {
  name: string;
  overs: string;
  runs: number;
  wickets: number;
}

/** One delivery as a score panel writes it: runs, W for a wicket, extras suffixed (1wd, 2lb, 1b, 1nb). */
export function ballSymbol(incident: CricketIncident): string | null {
  const runs = incident.value ?? '0';
  switch (incident.incidentType) {
    case 'STRIKE':
      return runs;
    case 'OUT':
      return 'W';
    case 'WIDE':
      return `${runs}wd`;
    case 'LEG_BYE':
      return `${runs}lb`;
    case 'BYE':
      return `${runs}b`;
    case 'NO_BALL':
      return `${runs}nb`;
    default:
      return null;
  }
}

/** Balls of an overs text ("8.5" → 53). */
export function oversToBalls(overs: string | undefined): number {
  if (overs === undefined) return 0;
  const [whole, part] = overs.split('.');
  return Number(whole ?? 0) * 6 + Number(part ?? 0);
}

export class CricketScore {
  private home = '';
  private away = '';
  private description = '';
  private fixtureStatus = 'PRE_MATCH';
  private eventStatus = '';
  private maxOvers = 20;
  private toss: string | null = null;
  private currentInnings = 1;
  private innings: CricketInningsStats[] = [];
  private batters: Batter[] = [];
  private bowler: Bowler | null = null;
  /**
   * Deliveries by innings, oldest first, keyed by ball (overs and time): an incident list repeats
   * earlier incidents (with and without the innings), and a later incident of the same ball
   * corrects it (2 runs re-scored as 2 leg byes).
   */
  private readonly balls = new Map<number, Map<string, string>>();
  /** Team names by selection id (the match odds runners' names when no catalogue has them). */
  readonly teamsBySelection = new Map<string, string>();
  updatedAtPt = 0;

  constructor(readonly eventId: string) {}

  apply(change: CricketChange, pt: number): void {
    this.updatedAtPt = pt;
    const fixture = change.fixtureInfo;
    if (fixture !== undefined) {
      if (fixture.homeTeam !== undefined) this.home = fixture.homeTeam;
      if (fixture.awayTeam !== undefined) this.away = fixture.awayTeam;
      if (fixture.eventDescription !== undefined) this.description = fixture.eventDescription;
      if (fixture.fixtureStatus !== undefined) this.fixtureStatus = fixture.fixtureStatus;
      if (fixture.eventStatus !== undefined) this.eventStatus = fixture.eventStatus;
      if (fixture.maxOvers !== undefined) this.maxOvers = fixture.maxOvers;
    }
    for (const team of [change.homeTeam, change.awayTeam]) {
      if (team?.name !== undefined && team.selectionId !== undefined) this.teamsBySelection.set(String(team.selectionId), team.name);
    }
    const stats = change.matchStats;
    if (stats !== undefined) {
      if (stats.tossResult !== undefined) this.toss = stats.tossResult;
      if (stats.currentInnings !== undefined) this.currentInnings = stats.currentInnings;
      if (stats.inningsStats !== undefined) this.innings = stats.inningsStats;
      if (stats.battingTeamStats !== undefined) this.batters = readBatters(stats.battingTeamStats);
      if (stats.bowlingTeamStats !== undefined) this.bowler = readBowler(stats.bowlingTeamStats);
    }
    // Incident lists come newest first and repeat earlier incidents: add the new ones, oldest first.
    const incidents = change.incidentListWrapper?.incidentList ?? [];
    for (const incident of [...incidents].reverse()) this.addIncident(incident);
  }

  private addIncident(incident: CricketIncident): void {
    const symbol = ballSymbol(incident);
    if (symbol === null) return;
    const innings = incident.innings ?? this.currentInnings;
    const list = this.balls.get(innings) ?? new Map<string, string>();
    list.set(`${incident.overs ?? ''}|${incident.actualTime ?? ''}`, symbol);
    this.balls.set(innings, list);
  }

  /** "Home v Away" when the fixture named the teams. */
  get teams(): { home: string; away: string } | null {
    return this.home !== '' && this.away !== '' ? { home: this.home, away: this.away } : null;
  }

  get eventDescription(): string {
    return this.description;
  }

  /** The last deliveries of the current innings, oldest first. */
  lastBalls(n = LAST_BALLS_SHOWN): string[] {
    return [...(this.balls.get(this.currentInnings)?.values() ?? [])].slice(-n);
  }

  view(updatedAtMs: number): FeedScore {
    const played = this.innings.filter((i) => i.battingTeam !== undefined && i.battingTeam !== '');
    const line = (i: CricketInningsStats) => `${i.battingTeam ?? ''} ${i.inningsRuns ?? 0}/${i.inningsWickets ?? 0} (${i.inningsOvers ?? '0.0'})`;
    const current = played.find((i) => i.inningsNum === this.currentInnings) ?? played[played.length - 1];
    const detail: string[] = [];
    let summary: string;
    if (current === undefined) {
      summary = this.toss ?? (this.description !== '' ? this.description : SCORE_WORDS.matchScheduled);
    } else if (current.inningsNum === 1 || played.length === 1) {
      summary = line(current);
      const balls = oversToBalls(current.inningsOvers);
      detail.push(line(current), fillMessage(SCORE_WORDS.runRate, { rate: (balls > 0 ? ((current.inningsRuns ?? 0) * 6) / balls : 0).toFixed(2) }));
    } else {
      const first = played[0] as CricketInningsStats;
      const target = (first.inningsRuns ?? 0) + 1;
      summary = fillMessage(SCORE_WORDS.chasing, { innings: line(current), target });
      detail.push(...played.map(line));
      if (this.fixtureStatus === 'IN_RUNNING') {
        const left = this.maxOvers * 6 - oversToBalls(current.inningsOvers);
        detail.push(fillMessage(SCORE_WORDS.need, { runs: Math.max(0, target - (current.inningsRuns ?? 0)), balls: Math.max(0, left) }));
      }
    }
    if (this.fixtureStatus === 'IN_RUNNING' && this.batters.length > 0) {
      detail.push(fillMessage(SCORE_WORDS.batting, { batters: this.batters.map((b) => `${b.name} ${b.runs} (${b.balls})${b.onStrike ? '*' : ''}`).join(', ') }));
    }
    if (this.fixtureStatus === 'IN_RUNNING' && this.bowler !== null) {
      detail.push(fillMessage(SCORE_WORDS.bowling, { bowler: `${this.bowler.name} ${this.bowler.wickets}/${this.bowler.runs} (${this.bowler.overs})` }));
    }
    const last = this.lastBalls();
    if (current !== undefined && last.length > 0) detail.push(fillMessage(SCORE_WORDS.lastBalls, { balls: last.join(' ') }));
    if (this.fixtureStatus === 'FINISHED') detail.push(SCORE_WORDS.matchComplete);
    return {
      eventId: this.eventId,
      home: this.home,
      away: this.away,
      summary,
      detail,
      inPlay: this.fixtureStatus === 'IN_RUNNING',
      ballRunning: this.fixtureStatus === 'IN_RUNNING' && this.eventStatus === 'BALL_IN_PROGRESS',
      updatedAtMs,
    };
  }
}

/** A name Betfair's feed left blank or as "0" (its data-assembly glitches) is no batter. */
function isName(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value !== '0';
}

function readBatters(stats: Record<string, string | number | undefined>): Batter[] {
  const batters: Batter[] = [];
  for (const n of [1, 2]) {
    const name = stats[`bat${n}Name`];
    if (!isName(name)) continue;
    batters.push({ name, runs: Number(stats[`bat${n}Runs`] ?? 0), balls: Number(stats[`bat${n}Balls`] ?? 0), onStrike: Number(stats[`bat${n}Strike`] ?? 0) === 1 });
  }
  return batters;
}

function readBowler(stats: Record<string, string | number | undefined>): Bowler | null {
  const name = stats.bowl1Name;
  if (!isName(name)) return null;
  return { name, overs: String(stats.bowl1Overs ?? '0.0'), runs: Number(stats.bowl1Runs ?? 0), wickets: Number(stats.bowl1Wickets ?? 0) };
}
