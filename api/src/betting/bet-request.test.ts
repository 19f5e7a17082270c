import type { PlaceBetRequest } from '@backlay/shared/contracts';
import { isDomainError } from '../common/domain-error';
import { betRequestOf } from './bet-request';
import type { PlaceBetBody } from './betting.schemas';

const runner = { matchId: 'm1', marketId: 'mk1', selectionId: 's1', odds: 2.5, stake: 100 } as const;
const fancy = { matchId: 'm1', fancyId: 'f1', run: 45, rate: 110, stake: 100 } as const;

/** The message of the VALIDATION error `betRequestOf` throws, or the request it returns. */
function outcome(body: PlaceBetBody): PlaceBetRequest | string {
  try {
    return betRequestOf(body);
  } catch (error) {
    if (isDomainError(error) && error.code === 'VALIDATION') return error.message;
    throw error;
  }
}

describe('betRequestOf', () => {
  it.each<[string, PlaceBetBody, PlaceBetRequest | string]>([
    ['a runner bet', { ...runner, side: 'BACK' }, { ...runner, side: 'BACK' }],
    ['a runner lay', { ...runner, side: 'LAY' }, { ...runner, side: 'LAY' }],
    ['a fancy side on a runner market', { ...runner, side: 'YES' }, 'Side must be BACK or LAY on this market'],
    ['a fancy bet', { ...fancy, side: 'NO' }, { ...fancy, side: 'NO' }],
    ['a runner side on a fancy', { ...fancy, side: 'BACK' }, 'Side must be YES or NO on a fancy'],
    // A fancyId makes it a fancy bet, even beside a runner bet's fields.
    ['a fancyId beside runner fields, no run', { ...runner, fancyId: 'f1', side: 'YES' }, 'Run undefined must be a whole number ≥ 0'],
    // Side first, then run, then rate: the order the slip's messages come in.
    ['a runner side and no run', { ...runner, fancyId: 'f1', side: 'LAY' }, 'Side must be YES or NO on a fancy'],
    ['no rate', { ...runner, fancyId: 'f1', run: 45, side: 'YES' }, 'Rate undefined must be a whole number > 0'],
    ['a negative run', { ...fancy, run: -1, side: 'YES' }, 'Run -1 must be a whole number ≥ 0'],
    ['a fractional rate', { ...fancy, rate: 1.5, side: 'YES' }, 'Rate 1.5 must be a whole number > 0'],
  ])('%s', (_name, body, expected) => {
    expect(outcome(body)).toEqual(expected);
  });

  it('keeps only the fields of the kind of bet', () => {
    expect(betRequestOf({ ...fancy, marketId: 'mk1', side: 'YES' })).toEqual({ ...fancy, side: 'YES' });
  });
});
