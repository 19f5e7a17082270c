import { buildFancy, buildMarket, buildRunner } from '@backlay/shared/testing';
import { fancySettledText, marketSettledText, settledText } from './settled';

describe('settled text', () => {
  it('names the result the bets were settled on', () => {
    const market = buildMarket('mo', { runners: [buildRunner('a', 2, { name: 'India' }), buildRunner('b', 2, { name: 'Sri Lanka' })] });
    expect(marketSettledText(market)).toBeNull();
    expect(marketSettledText({ ...market, settled: { type: 'WINNER', selectionId: 'b' } })).toBe('Settled · Winner: Sri Lanka');
    expect(marketSettledText({ ...market, settled: { type: 'WINNER', selectionId: 'zz' } })).toBe('Settled · Winner: zz');
    expect(fancySettledText(buildFancy('f1'))).toBeNull();
    expect(fancySettledText(buildFancy('f1', { settled: { type: 'RUNS', runs: 57 } }))).toBe('Settled · 57 runs');
    expect(settledText({ type: 'RUNS', runs: 1 })).toBe('Settled · 1 run');
    expect(settledText({ type: 'VOID' })).toBe('Settled · Void');
  });
});
