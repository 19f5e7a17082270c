/** The placebet body, checked into the contracts' bet request (pure). */
import type { PlaceBetRequest } from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import type { PlaceBetBody } from './betting.schemas';

/**
 * The placebet body as the contracts type it. Its schema admits any of the four sides on either
 * kind of bet, and a fancyId beside a runner bet's fields without run and rate; a body with a
 * fancyId is a fancy bet, and its side, run and rate are refused here, in that order, with the
 * messages the slip shows (the stake follows in the placement). A fancy bet ignores an
 * `oddsAcceptance`: its line and rate keep their own rule (ADR 0055).
 */
export function betRequestOf(body: PlaceBetBody): PlaceBetRequest {
  const { side } = body;
  if (body.fancyId === undefined) {
    if (side !== 'BACK' && side !== 'LAY') throw new DomainError('VALIDATION', 'Side must be BACK or LAY on this market');
    const { marketId, selectionId, odds } = body;
    // The schema's anyOf requires them when there is no fancyId.
    if (marketId === undefined || selectionId === undefined || odds === undefined) throw new Error('placebet: a runner bet without its market, runner or odds');
    return { matchId: body.matchId, marketId, selectionId, side, odds, stake: body.stake, ...(body.oddsAcceptance === undefined ? {} : { oddsAcceptance: body.oddsAcceptance }) };
  }
  const { run, rate } = body;
  if (side !== 'YES' && side !== 'NO') throw new DomainError('VALIDATION', 'Side must be YES or NO on a fancy');
  if (run === undefined || !Number.isSafeInteger(run) || run < 0) throw new DomainError('VALIDATION', `Run ${String(run)} must be a whole number ≥ 0`);
  if (rate === undefined || !Number.isSafeInteger(rate) || rate <= 0) throw new DomainError('VALIDATION', `Rate ${String(rate)} must be a whole number > 0`);
  return { matchId: body.matchId, fancyId: body.fancyId, side, run, rate, stake: body.stake };
}
