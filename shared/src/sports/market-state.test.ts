import type { MatchDelta, MatchSnapshot } from '../contracts/sports';
import { buildFancy, buildMarket, buildScore } from '../testing/market-data';
import { applyMarketMessage, initialMatchState, type MatchState } from './market-state';

const snapshot = (seq: number, over: Partial<MatchSnapshot> = {}): MatchSnapshot => ({
  matchId: 'm1',
  seq,
  markets: [buildMarket('mo'), buildMarket('bm', { type: 'bookmaker', name: 'Bookmaker' })],
  fancies: [buildFancy('f1'), buildFancy('f2', { name: '10 over runs' })],
  score: buildScore(),
  ...over,
});

const delta = (seq: number, over: Partial<MatchDelta> = {}): MatchDelta => ({ matchId: 'm1', seq, ...over });

function live(seq = 10): MatchState {
  return applyMarketMessage(initialMatchState('m1'), { type: 'snapshot', payload: snapshot(seq) }).state;
}

describe('applyMarketMessage', () => {
  it('takes the snapshot as the whole image and goes live at its seq', () => {
    const { state, outcome } = applyMarketMessage(initialMatchState('m1'), { type: 'snapshot', payload: snapshot(10) });
    expect(outcome).toBe('applied');
    expect(state).toMatchObject({ seq: 10, status: 'live', score: buildScore() });
    expect(state.markets.map((m) => m.marketId)).toEqual(['mo', 'bm']);
    expect(state.fancies.map((f) => f.fancyId)).toEqual(['f1', 'f2']);
  });

  it('ignores deltas before the first snapshot', () => {
    const start = initialMatchState('m1');
    expect(applyMarketMessage(start, { type: 'delta', payload: delta(1) })).toEqual({ state: start, outcome: 'ignored' });
  });

  it('applies the next delta in sequence: changed markets and fancies are replaced in place, the score too', () => {
    const moved = buildMarket('mo', { status: 'suspended' });
    const f2 = buildFancy('f2', { name: '10 over runs', noRun: 80, yesRun: 81 });
    const score = buildScore({ summary: 'IND 124/4 (15.3)' });
    const { state, outcome } = applyMarketMessage(live(10), { type: 'delta', payload: delta(11, { markets: [moved], fancies: [f2], score }) });
    expect(outcome).toBe('applied');
    expect(state.seq).toBe(11);
    expect(state.markets.map((m) => [m.marketId, m.status])).toEqual([['mo', 'suspended'], ['bm', 'open']]);
    expect(state.fancies.map((f) => [f.fancyId, f.noRun])).toEqual([['f1', 45], ['f2', 80]]);
    expect(state.score?.summary).toBe('IND 124/4 (15.3)');
  });

  it('appends markets and fancies it has not seen, after the known ones', () => {
    const { state } = applyMarketMessage(live(10), { type: 'delta', payload: delta(11, { markets: [buildMarket('ou', { type: 'over_under' })], fancies: [buildFancy('f0')] }) });
    expect(state.markets.map((m) => m.marketId)).toEqual(['mo', 'bm', 'ou']);
    expect(state.fancies.map((f) => f.fancyId)).toEqual(['f1', 'f2', 'f0']);
  });

  it('drops removed markets and fancies, keeping the order of the rest', () => {
    const { state } = applyMarketMessage(live(10), { type: 'delta', payload: delta(11, { removed: ['mo', 'f1'] }) });
    expect(state.markets.map((m) => m.marketId)).toEqual(['bm']);
    expect(state.fancies.map((f) => f.fancyId)).toEqual(['f2']);
  });

  it('keeps the score when a delta carries none', () => {
    const { state } = applyMarketMessage(live(10), { type: 'delta', payload: delta(11, { markets: [buildMarket('mo')] }) });
    expect(state.score).toEqual(buildScore());
  });

  it.each([
    ['a duplicate', 10],
    ['an older delta', 7],
  ])('ignores %s (seq %i at state seq 10)', (_label, seq) => {
    const start = live(10);
    expect(applyMarketMessage(start, { type: 'delta', payload: delta(seq, { removed: ['mo'] }) })).toEqual({ state: start, outcome: 'ignored' });
  });

  it("takes the match's status from a delta and keeps it through deltas without one and a new snapshot", () => {
    expect(live(10).matchStatus).toBeNull();
    const ended = applyMarketMessage(live(10), { type: 'delta', payload: delta(11, { matchStatus: 'closed' }) }).state;
    expect(ended).toMatchObject({ seq: 11, matchStatus: 'closed' });
    const later = applyMarketMessage(ended, { type: 'delta', payload: delta(12, { score: buildScore() }) }).state;
    expect(later.matchStatus).toBe('closed');
    expect(applyMarketMessage(later, { type: 'snapshot', payload: snapshot(20) }).state.matchStatus).toBe('closed');
  });

  it('reports a gap when seqs are skipped, keeps the image and waits for a snapshot', () => {
    const { state, outcome } = applyMarketMessage(live(10), { type: 'delta', payload: delta(12, { removed: ['mo'] }) });
    expect(outcome).toBe('gap');
    expect(state.status).toBe('resyncing');
    expect(state.seq).toBe(10);
    expect(state.markets.map((m) => m.marketId)).toEqual(['mo', 'bm']);
    // While resyncing, even the "next" delta is not trusted: only a snapshot repairs the image.
    expect(applyMarketMessage(state, { type: 'delta', payload: delta(11) }).outcome).toBe('ignored');
    const repaired = applyMarketMessage(state, { type: 'snapshot', payload: snapshot(20, { markets: [buildMarket('bm')] }) });
    expect(repaired.state).toMatchObject({ seq: 20, status: 'live' });
    expect(repaired.state.markets.map((m) => m.marketId)).toEqual(['bm']);
  });

  it('applies a run of deltas in order', () => {
    let state = live(0);
    for (let seq = 1; seq <= 5; seq += 1) {
      const result = applyMarketMessage(state, { type: 'delta', payload: delta(seq, { fancies: [buildFancy('f1', { noRun: 40 + seq })] }) });
      expect(result.outcome).toBe('applied');
      state = result.state;
    }
    expect(state.seq).toBe(5);
    expect(state.fancies[0].noRun).toBe(45);
  });

  it('ignores messages of another match', () => {
    const start = live(10);
    expect(applyMarketMessage(start, { type: 'delta', payload: { matchId: 'other', seq: 11, removed: ['mo'] } }).outcome).toBe('ignored');
    expect(applyMarketMessage(start, { type: 'snapshot', payload: snapshot(1, { matchId: 'other' }) }).outcome).toBe('ignored');
  });

  it('does not change the state it was given', () => {
    const start = live(10);
    const copy = JSON.parse(JSON.stringify(start)) as MatchState;
    applyMarketMessage(start, { type: 'delta', payload: delta(11, { removed: ['mo'], markets: [buildMarket('bm', { status: 'closed' })] }) });
    expect(start).toEqual(copy);
  });
});
