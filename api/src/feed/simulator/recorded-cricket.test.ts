/**
 * Replayed real cricket (Cricsheet's IPL 2022, ADR 0040): every recorded match plays to its real
 * result, the fancies settle on the real score at their over (figures read from Cricsheet's own
 * over numbers, not from the engine's count of legal balls), and the score names the batters,
 * the bowler and the source.
 */
import { CricketMatch } from './cricket';
import { CRICSHEET_CREDIT, RECORDED_MATCH_COUNT, recordedMatch } from './recorded-cricket';
import { RECORDED_CRICKET_COMPETITION_ID, SPORT_PLANS, slotMatch } from './schedule';
import { createMatch } from './simulator';
import { DEFAULT_PACE, type MatchView } from './types';

const recordedPlan = SPORT_PLANS.find((p) => p.recorded === true)!;

/** The engine of recorded match n (slot n of the recorded plan replays it). */
function replay(n: number, seed = 11): CricketMatch {
  return createMatch(slotMatch(seed, recordedPlan, n), DEFAULT_PACE) as CricketMatch;
}

function playOut(match: CricketMatch, each?: (view: MatchView) => void): MatchView {
  for (let guard = 0; match.nextAtMs() !== null; guard += 1) {
    if (guard > 20_000) throw new Error('the match never ended');
    match.step();
    each?.(match.view());
  }
  return match.view();
}

const fancy = (view: MatchView, name: string) => view.fancies.find((f) => f.name === name);

describe('replayed IPL 2022 matches', () => {
  it('the schedule offers them in their own competition, real teams home and away', () => {
    expect(recordedPlan.competitions.map((c) => c.competition.competitionId)).toEqual([RECORDED_CRICKET_COMPETITION_ID]);
    const info = slotMatch(11, recordedPlan, 0);
    expect([info.home.name, info.away.name]).toEqual(['Chennai Super Kings', 'Kolkata Knight Riders']);
    expect([info.home.short, info.away.short]).toEqual(['CSK', 'KKR']);
    expect(info.eventId).toMatch(/^4\d{8}$/);
    expect(slotMatch(11, recordedPlan, RECORDED_MATCH_COUNT).recorded?.id).toBe(info.recorded?.id);
  });

  it('every one of the 74 plays to its recorded result: the winner settles match odds and bookmaker', () => {
    expect(RECORDED_MATCH_COUNT).toBe(74);
    const wrong: string[] = [];
    for (let n = 0; n < RECORDED_MATCH_COUNT; n += 1) {
      const match = replay(n);
      const final = playOut(match);
      const recorded = recordedMatch(n);
      const winner = recorded.winner === match.info.home.name ? match.info.home : match.info.away;
      const odds = final.markets.find((m) => m.type === 'match_odds');
      const book = final.markets.find((m) => m.type === 'bookmaker');
      // Cricsheet's outcome ("… won by 6 wickets") is its own field, not derived from the balls.
      if (!final.score.detail.includes(recorded.outcome)) wrong.push(`${recorded.id}: ${final.score.detail.join(' | ')} vs ${recorded.outcome}`);
      if (odds?.result !== winner.selectionId || book?.result !== winner.selectionId) wrong.push(`${recorded.id}: result ${odds?.result}`);
    }
    expect(wrong).toEqual([]);
  });

  it('fancies settle on the real score at their over (Cricsheet match 1304047, CSK 131/5 v KKR 133/4)', () => {
    const match = replay(0);
    const final = playOut(match);
    const settled = Object.fromEntries(final.fancies.map((f) => [f.name, f.result]));
    expect(settled).toEqual({
      '6 over runs CSK': 35,
      '10 over runs CSK': 57,
      '15 over runs CSK': 73,
      '20 over runs CSK': 131,
      'Fall of 1st wkt CSK': 2,
      'Fall of 2nd wkt CSK': 28,
      '6 over runs KKR': 43,
      '10 over runs KKR': 76,
      '15 over runs KKR': 104,
      // The chase ended in the 19th over: the 20-over session settles on the innings' score.
      '20 over runs KKR': 133,
      'Fall of 1st wkt KKR': 43,
      'Fall of 2nd wkt KKR': 76,
    });
    expect(final.score.summary).toBe('KKR 133/4 (18.3) · target 132');
  });

  it('a short chase settles its later sessions on the final score (1304082: RCB 68 all out, SRH 72/1 in 8 overs)', () => {
    const n = Array.from({ length: RECORDED_MATCH_COUNT }, (_, i) => i).find((i) => recordedMatch(i).id === '1304082')!;
    const final = playOut(replay(n));
    const settled = Object.fromEntries(final.fancies.map((f) => [f.name, f.result]));
    expect(settled).toMatchObject({
      '6 over runs RCB': 31,
      '10 over runs RCB': 49,
      '15 over runs RCB': 65,
      '20 over runs RCB': 68,
      'Fall of 1st wkt RCB': 5,
      'Fall of 2nd wkt RCB': 5,
      '6 over runs SH': 56,
      '10 over runs SH': 72,
      '20 over runs SH': 72,
      'Fall of 1st wkt SH': 64,
      'Fall of 2nd wkt SH': 72,
    });
  });

  it('the score names the batters at the crease and the bowler, the real match, and credits Cricsheet', () => {
    const match = replay(0);
    expect(match.view().score.detail).toContain(CRICSHEET_CREDIT);
    expect(match.view().score.summary).toBe('Chennai Super Kings to bat first');
    let seen: string[] | null = null;
    playOut(match, (view) => {
      const state = match.progress();
      if (seen === null && state.current === 0 && state.innings[0]!.balls === 6 && state.phase === 'waiting') seen = view.score.detail;
    });
    // After the first over of 1304047: Gaikwad out, Uthappa and Conway at the crease; Umesh
    // Yadav's over cost a no-ball and two wides (1/3).
    expect(seen).not.toBeNull();
    const detail = seen as unknown as string[];
    expect(detail).toContain(CRICSHEET_CREDIT);
    expect(detail).toContain('Indian Premier League match 1, Wankhede Stadium, Mumbai, 2022-03-26');
    expect(detail.find((l) => l.startsWith('Batting: '))).toMatch(/^Batting: (RV Uthappa|DP Conway) \d+ \(\d+\), (RV Uthappa|DP Conway) \d+ \(\d+\)$/);
    expect(detail.find((l) => l.startsWith('Bowling: '))).toBe('Bowling: UT Yadav 1/3 (1.0)');
  });

  it('fancy lines follow the live innings: a line moves with the score and is never settled before its over', () => {
    const match = replay(0);
    const lines: number[] = [];
    playOut(match, (view) => {
      const six = fancy(view, '6 over runs CSK')!;
      const state = match.progress();
      if (state.current === 0 && state.innings[0]!.balls < 36) {
        expect(six.result).toBeNull();
        lines.push(six.noRun);
      }
    });
    expect(new Set(lines).size).toBeGreaterThan(3);
  });
});
