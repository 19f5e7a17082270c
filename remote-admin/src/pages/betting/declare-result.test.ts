import type { DeclaredResult } from '@backlay/shared';
import { DECLARE_MESSAGES, buildDeclaredResult, placedTooMany, sameResult, valuesOf, type DeclareValues } from './declare-result';
import { buildResultRow } from './test-builders';

const runners = buildResultRow();
const fancy = buildResultRow({ marketType: 'fancy', runners: [] });
// A racing PLACE market of 2 places (numberOfWinners 2) with four runners.
const place = buildResultRow({
  marketName: 'To Be Placed',
  numberOfWinners: 2,
  runners: [
    { selectionId: 'r1', name: 'Swift Lad', clothNumber: 1 },
    { selectionId: 'r2', name: 'Dusty Road', clothNumber: 2 },
    { selectionId: 'r3', name: 'Late Call', clothNumber: 3 },
    { selectionId: 'r4', name: 'Slow Coach', clothNumber: 4 },
  ],
});
const v = (over: Partial<DeclareValues>): DeclareValues => ({ choice: '', deadHeat: [], placed: [], runs: '', ...over });

describe('buildDeclaredResult', () => {
  it.each<[string, DeclareValues, typeof runners, DeclaredResult | null, ReturnType<typeof buildDeclaredResult>]>([
    ['a runner wins', v({ choice: 'aus' }), runners, null, { result: { type: 'WINNER', selectionId: 'aus' } }],
    ['void on a runner market', v({ choice: 'VOID', deadHeat: ['ind'] }), runners, null, { result: { type: 'VOID' } }],
    ['dead heat, ids in runner order', v({ choice: 'DEAD_HEAT', deadHeat: ['draw', 'ind'] }), runners, null, { result: { type: 'DEAD_HEAT', selectionIds: ['ind', 'draw'] } }],
    ['dead heat ignores ids of other markets', v({ choice: 'DEAD_HEAT', deadHeat: ['ind', 'zzz'] }), runners, null, { error: DECLARE_MESSAGES.deadHeatTwo }],
    ['dead heat of one runner', v({ choice: 'DEAD_HEAT', deadHeat: ['ind'] }), runners, null, { error: DECLARE_MESSAGES.deadHeatTwo }],
    ['nothing chosen', v({}), runners, null, { error: DECLARE_MESSAGES.choose }],
    ['an unknown selection', v({ choice: 'zzz' }), runners, null, { error: DECLARE_MESSAGES.choose }],
    ['fancy runs', v({ choice: 'RUNS', runs: ' 47 ' }), fancy, null, { result: { type: 'RUNS', runs: 47 } }],
    ['fancy 0 runs', v({ choice: 'RUNS', runs: '0' }), fancy, null, { result: { type: 'RUNS', runs: 0 } }],
    ['fancy void', v({ choice: 'VOID', runs: '12' }), fancy, null, { result: { type: 'VOID' } }],
    ['fancy runs empty', v({ choice: 'RUNS', runs: '' }), fancy, null, { error: DECLARE_MESSAGES.runsInvalid }],
    ['fancy runs with decimals', v({ choice: 'RUNS', runs: '47.5' }), fancy, null, { error: DECLARE_MESSAGES.runsInvalid }],
    ['fancy runs negative', v({ choice: 'RUNS', runs: '-1' }), fancy, null, { error: DECLARE_MESSAGES.runsInvalid }],
    ['fancy: a runner id is no result', v({ choice: 'ind' }), fancy, null, { error: DECLARE_MESSAGES.choose }],
    ['correction to another winner', v({ choice: 'ind' }), runners, { type: 'WINNER', selectionId: 'aus' }, { result: { type: 'WINNER', selectionId: 'ind' } }],
    ['correction to the same winner', v({ choice: 'aus' }), runners, { type: 'WINNER', selectionId: 'aus' }, { error: DECLARE_MESSAGES.unchanged }],
    ['correction to the same dead heat in another order', v({ choice: 'DEAD_HEAT', deadHeat: ['draw', 'aus'] }), runners, { type: 'DEAD_HEAT', selectionIds: ['aus', 'draw'] }, { error: DECLARE_MESSAGES.unchanged }],
    ['correction to the same runs', v({ choice: 'RUNS', runs: '47' }), fancy, { type: 'RUNS', runs: 47 }, { error: DECLARE_MESSAGES.unchanged }],
    ['PLACE: two placed runners, in runner order', v({ choice: 'PLACED', placed: ['r3', 'r1'] }), place, null, { result: { type: 'PLACED', selectionIds: ['r1', 'r3'] } }],
    ['PLACE: one placed runner (fewer finished)', v({ choice: 'PLACED', placed: ['r2'] }), place, null, { result: { type: 'PLACED', selectionIds: ['r2'] } }],
    ['PLACE: more placed runners than places', v({ choice: 'PLACED', placed: ['r1', 'r2', 'r3'] }), place, null, { error: placedTooMany(2) }],
    ['PLACE: none chosen', v({ choice: 'PLACED', placed: ['zzz'] }), place, null, { error: DECLARE_MESSAGES.placedNone }],
    ['PLACE: a single winner is no result there', v({ choice: 'r1' }), place, null, { error: DECLARE_MESSAGES.choose }],
    ['PLACE: a dead heat is no result there', v({ choice: 'DEAD_HEAT', deadHeat: ['r1', 'r2'] }), place, null, { error: DECLARE_MESSAGES.choose }],
    ['PLACE: void', v({ choice: 'VOID' }), place, null, { result: { type: 'VOID' } }],
    ['PLACE: correction to the same placed runners in another order', v({ choice: 'PLACED', placed: ['r2', 'r1'] }), place, { type: 'PLACED', selectionIds: ['r1', 'r2'] }, { error: DECLARE_MESSAGES.unchanged }],
    ['correction of runs to void', v({ choice: 'VOID' }), fancy, { type: 'RUNS', runs: 47 }, { result: { type: 'VOID' } }],
  ])('%s', (_, values, market, settled, expected) => {
    expect(buildDeclaredResult(values, market, settled)).toEqual(expected);
  });
});

describe('valuesOf', () => {
  it.each<[DeclaredResult | null, typeof runners, DeclareValues]>([
    [null, runners, v({})],
    [null, fancy, v({ choice: 'RUNS' })],
    [{ type: 'WINNER', selectionId: 'ind' }, runners, v({ choice: 'ind' })],
    [{ type: 'DEAD_HEAT', selectionIds: ['ind', 'aus'] }, runners, v({ choice: 'DEAD_HEAT', deadHeat: ['ind', 'aus'] })],
    [{ type: 'RUNS', runs: 52 }, fancy, v({ choice: 'RUNS', runs: '52' })],
    [{ type: 'VOID' }, fancy, v({ choice: 'VOID' })],
    [null, place, v({ choice: 'PLACED' })],
    [{ type: 'PLACED', selectionIds: ['r1', 'r2'] }, place, v({ choice: 'PLACED', placed: ['r1', 'r2'] })],
  ])('starts the form from %j', (result, market, expected) => {
    expect(valuesOf(result, market)).toEqual(expected);
    // And the form built from a result gives that result back.
    if (result) expect(buildDeclaredResult(expected, market)).toEqual({ result });
  });

  it('a PLACE market the feed gave one runner starts with that runner placed', () => {
    expect(valuesOf({ type: 'WINNER', selectionId: 'r2' }, place)).toEqual(v({ choice: 'PLACED', placed: ['r2'] }));
  });

  it('compares results by type and content', () => {
    expect(sameResult({ type: 'VOID' }, { type: 'VOID' })).toBe(true);
    expect(sameResult({ type: 'VOID' }, { type: 'RUNS', runs: 0 })).toBe(false);
    expect(sameResult({ type: 'DEAD_HEAT', selectionIds: ['a', 'b'] }, { type: 'DEAD_HEAT', selectionIds: ['a', 'b', 'c'] })).toBe(false);
  });
});
