import type { Fancy, Market, Score } from '@backlay/shared/contracts';
import type { FancyRow, MarketRow } from '../catalog/market-view';
import { DeltaBuffer, matchRoom, toSnapshot, visibleChange } from './market-data';

const market = (marketId: string, price: number): Market =>
  ({ marketId, matchId: 'm1', runners: [{ selectionId: 's', name: 'S', back: [{ price, size: 10 }], lay: [], status: 'active' }] }) as unknown as Market;
const fancy = (fancyId: string, noRun: number): Fancy => ({ fancyId, matchId: 'm1', noRun }) as unknown as Fancy;
const score = (summary: string): Score => ({ matchId: 'm1', summary }) as unknown as Score;
const none = { markets: [], fancies: [], score: null, removed: [], matchStatus: null };

describe('DeltaBuffer', () => {
  it('keeps the latest version of each market and fancy, and the latest score', () => {
    const buffer = new DeltaBuffer();
    buffer.add({ ...none, markets: [market('a', 1.5), market('b', 2)], score: score('1/0') });
    buffer.add({ ...none, markets: [market('a', 1.6)], fancies: [fancy('f', 40)] });
    buffer.add({ ...none, fancies: [fancy('f', 41)], score: score('5/0') });
    expect(buffer.take('m1', 7)).toEqual({
      matchId: 'm1',
      seq: 7,
      markets: [market('a', 1.6), market('b', 2)],
      fancies: [fancy('f', 41)],
      score: score('5/0'),
    });
    expect(buffer.empty).toBe(true);
    expect(buffer.take('m1', 8)).toEqual({ matchId: 'm1', seq: 8 });
  });

  it('a removal drops the pending versions; a later version brings the object back', () => {
    const buffer = new DeltaBuffer();
    buffer.add({ ...none, markets: [market('a', 1.5)], fancies: [fancy('f', 40)] });
    buffer.add({ ...none, removed: ['a', 'f'] });
    expect(buffer.take('m1', 1)).toEqual({ matchId: 'm1', seq: 1, removed: ['a', 'f'] });
    buffer.add({ ...none, removed: ['a'] });
    buffer.add({ ...none, markets: [market('a', 1.7)] });
    expect(buffer.take('m1', 2)).toEqual({ matchId: 'm1', seq: 2, markets: [market('a', 1.7)] });
  });

  it("carries the match's latest status alone too: a match that ended is a delta of its own", () => {
    const buffer = new DeltaBuffer();
    buffer.add({ ...none, matchStatus: 'inplay' });
    buffer.add({ ...none, markets: [market('a', 1.5)] });
    buffer.add({ ...none, matchStatus: 'closed' });
    expect(buffer.take('m1', 3)).toEqual({ matchId: 'm1', seq: 3, markets: [market('a', 1.5)], matchStatus: 'closed' });
    buffer.add({ ...none, matchStatus: 'closed' });
    expect(buffer.empty).toBe(false);
    expect(buffer.take('m1', 4)).toEqual({ matchId: 'm1', seq: 4, matchStatus: 'closed' });
  });

  it('remembers when its oldest pending change came in (the fan-out lag starts there), until taken', () => {
    const buffer = new DeltaBuffer();
    buffer.add(none, 5);
    expect(buffer.since).toBeNull(); // nothing visible: nothing to wait for
    buffer.add({ ...none, markets: [market('a', 1.5)] }, 10);
    buffer.add({ ...none, markets: [market('a', 1.6)] }, 30);
    expect(buffer.since).toBe(10);
    buffer.take('m1', 1);
    expect(buffer.since).toBeNull();
    buffer.add({ ...none, score: score('1/0') }, 42);
    expect(buffer.since).toBe(42);
  });
});

const row = (id: string, active: boolean): MarketRow => ({
  id,
  eventId: 'm1',
  name: 'Match Odds',
  marketType: 'match_odds',
  sortOrder: 1,
  feedStatus: 'open',
  inPlay: true,
  numberOfWinners: 1,
  active,
  adminSuspended: false,
  result: null,
  settled: null,
  version: 1n,
  minStakeMinor: 10_000n,
  maxStakeMinor: 10_000_000n,
  maxProfitMinor: 50_000_000n,
  betDelaySec: 5,
  runners: [],
});
const fancyRow = (id: string, active: boolean): FancyRow => ({
  id,
  eventId: 'm1',
  name: '6 over runs IND',
  gtype: 'session',
  sortOrder: 1,
  feedStatus: 'open',
  active,
  adminSuspended: false,
  noRun: 45,
  noRate: 100,
  yesRun: 46,
  yesRate: 100,
  result: null,
  settled: null,
  version: 1n,
  minStakeMinor: 10_000n,
  maxStakeMinor: 10_000_000n,
  maxProfitMinor: 50_000_000n,
  betDelaySec: 5,
});

describe('what players get of a change', () => {
  it('inactive markets and fancies are left out; removals pass through', () => {
    const change = visibleChange({
      matchId: 'm1',
      markets: [row('on', true), row('off', false)],
      fancies: [fancyRow('f-on', true), fancyRow('f-off', false)],
      score: null,
      removedIds: ['gone'],
    });
    expect(change.markets.map((m) => m.marketId)).toEqual(['on']);
    expect(change.fancies.map((f) => f.fancyId)).toEqual(['f-on']);
    expect(change.removed).toEqual(['gone']);
    expect(change.score).toBeNull();
  });

  it('a snapshot carries the seq and the active objects only', () => {
    const snapshot = toSnapshot('m1', 12, {
      markets: [row('on', true), row('off', false)],
      fancies: [fancyRow('f-off', false)],
      score: null,
      shownToPlayers: true,
    });
    expect(snapshot).toMatchObject({ matchId: 'm1', seq: 12, fancies: [], score: null });
    expect(snapshot.markets.map((m) => m.marketId)).toEqual(['on']);
  });

  it('rooms are named by match', () => {
    expect(matchRoom('405')).toBe('match:405');
  });
});
