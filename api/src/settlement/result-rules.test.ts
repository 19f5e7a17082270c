import { canonicalResult, describeResult, feedFancyResult, feedMarketResult, sameResult, type ResultTarget } from './result-rules';

const market: ResultTarget = { kind: 'market', selectionIds: ['H', 'D', 'A'] };
const fancy: ResultTarget = { kind: 'fancy' };
const place: ResultTarget = { kind: 'market', selectionIds: ['1', '2', '3', '4', '5'], numberOfWinners: 3 };

describe('canonicalResult', () => {
  it.each([
    ['winner', market, { type: 'WINNER', selectionId: 'D' }, { type: 'WINNER', selectionId: 'D' }],
    ['unknown winner', market, { type: 'WINNER', selectionId: 'X' }, null],
    ['winner on a fancy', fancy, { type: 'WINNER', selectionId: 'H' }, null],
    ['dead heat, sorted', market, { type: 'DEAD_HEAT', selectionIds: ['H', 'A'] }, { type: 'DEAD_HEAT', selectionIds: ['A', 'H'] }],
    ['dead heat of one', market, { type: 'DEAD_HEAT', selectionIds: ['H'] }, null],
    ['dead heat twice the same', market, { type: 'DEAD_HEAT', selectionIds: ['H', 'H'] }, null],
    ['dead heat with an unknown runner', market, { type: 'DEAD_HEAT', selectionIds: ['H', 'X'] }, null],
    ['placed, sorted', place, { type: 'PLACED', selectionIds: ['4', '1', '2'] }, { type: 'PLACED', selectionIds: ['1', '2', '4'] }],
    ['placed, fewer than k', place, { type: 'PLACED', selectionIds: ['5'] }, { type: 'PLACED', selectionIds: ['5'] }],
    ['placed, more than k', place, { type: 'PLACED', selectionIds: ['1', '2', '3', '4'] }, null],
    ['placed, none', place, { type: 'PLACED', selectionIds: [] }, null],
    ['placed twice the same', place, { type: 'PLACED', selectionIds: ['1', '1'] }, null],
    ['placed, unknown runner', place, { type: 'PLACED', selectionIds: ['1', '9'] }, null],
    ['placed on a one-winner market', market, { type: 'PLACED', selectionIds: ['H'] }, null],
    ['dead heat on a PLACE market', place, { type: 'DEAD_HEAT', selectionIds: ['1', '2'] }, null],
    ['winner on a PLACE market', place, { type: 'WINNER', selectionId: '2' }, { type: 'WINNER', selectionId: '2' }],
    ['runs', fancy, { type: 'RUNS', runs: 46 }, { type: 'RUNS', runs: 46 }],
    ['0 runs', fancy, { type: 'RUNS', runs: 0 }, { type: 'RUNS', runs: 0 }],
    ['negative runs', fancy, { type: 'RUNS', runs: -1 }, null],
    ['fractional runs', fancy, { type: 'RUNS', runs: 4.5 }, null],
    ['runs on a runner market', market, { type: 'RUNS', runs: 4 }, null],
    ['void on a market', market, { type: 'VOID', extra: 1 }, { type: 'VOID' }],
    ['void on a fancy', fancy, { type: 'VOID' }, { type: 'VOID' }],
    ['unknown type', market, { type: 'DRAW' }, null],
    ['not an object', market, 'VOID', null],
  ])('%s', (_name, target, raw, expected) => {
    expect(canonicalResult(target, raw)).toEqual(expected);
  });
});

describe('feed results', () => {
  it.each([
    [null, null],
    ['void', { type: 'VOID' }],
    ['58805', { type: 'WINNER', selectionId: '58805' }],
  ])('market %p', (raw, expected) => expect(feedMarketResult(raw)).toEqual(expected));

  it.each([
    ['open', 45, null],
    ['suspended', null, null],
    ['closed', 45, { type: 'RUNS', runs: 45 }],
    ['closed', null, { type: 'VOID' }],
  ])('fancy %s %p', (status, runs, expected) => expect(feedFancyResult(status, runs)).toEqual(expected));
});

describe('describeResult', () => {
  it('names runners when it knows them', () => {
    const names = new Map([['H', 'Home']]);
    expect(describeResult({ type: 'WINNER', selectionId: 'H' }, names)).toBe('Winner Home');
    expect(describeResult({ type: 'DEAD_HEAT', selectionIds: ['A', 'H'] }, names)).toBe('Dead heat A / Home');
    expect(describeResult({ type: 'RUNS', runs: 46 })).toBe('46 runs');
    expect(describeResult({ type: 'VOID' })).toBe('Void');
  });
});

describe('sameResult', () => {
  it('compares canonical results, dead-heat runners in any order', () => {
    expect(sameResult({ type: 'WINNER', selectionId: 'a' }, { type: 'WINNER', selectionId: 'a' })).toBe(true);
    expect(sameResult({ type: 'WINNER', selectionId: 'a' }, { type: 'WINNER', selectionId: 'b' })).toBe(false);
    expect(sameResult({ type: 'DEAD_HEAT', selectionIds: ['a', 'b'] }, { type: 'DEAD_HEAT', selectionIds: ['b', 'a'] })).toBe(true);
    expect(sameResult({ type: 'DEAD_HEAT', selectionIds: ['a', 'b'] }, { type: 'DEAD_HEAT', selectionIds: ['a', 'c'] })).toBe(false);
    expect(sameResult({ type: 'RUNS', runs: 57 }, { type: 'RUNS', runs: 57 })).toBe(true);
    expect(sameResult({ type: 'RUNS', runs: 57 }, { type: 'VOID' })).toBe(false);
    expect(sameResult({ type: 'VOID' }, { type: 'VOID' })).toBe(true);
    expect(sameResult({ type: 'VOID' }, { type: 'WINNER', selectionId: 'a' })).toBe(false);
  });
});
