/**
 * The refusals of a bet (ADR 0053). The placement functions (`place_runner_bet.sql`,
 * `place_fancy_bet_checked.sql`) answer a refusal as the contract's error code (ERROR_CODES) with
 * the facts its message names, so a refusal has one name from the SQL to the client. This file is
 * the one lookup from that code to its words (the contract's MESSAGES, the numbers filled in).
 * The order the functions check in is pinned by api/test/placement-precedence.test.ts.
 */
import { fillMessage, MESSAGE_WORDS, MESSAGES, type ErrorCode } from '@backlay/shared/contracts';
import { sessionEndedError } from '../auth/authenticator';
import { DomainError } from '../common/domain-error';
import { formatPaiseGrouped } from '@backlay/shared/domain';
import { paiseToRupees } from '../common/money';
import { placementRefusalError } from '../responsible-gambling/rg-check';
import type { CheckedPlaceResult, RefusalDetail } from './betting.repository';

/** Every error code a placement function can answer. */
export const PLACEMENT_REFUSALS = [
  // The session, as the auth hook answers it (HTTP callers).
  'TOKEN_INVALID',
  'ACCOUNT_LOCKED',
  'SESSION_ENDED',
  'CHANGE_PASSWORD_REQUIRED',
  'FORBIDDEN',
  // The market, the price, the limits and the locks (docs/rules/money.md §7.11).
  'NOT_FOUND',
  'MARKET_SUSPENDED',
  'ODDS_CHANGED',
  'VALIDATION',
  'STAKE_OUT_OF_RANGE',
  'BETTING_LOCKED',
  // The money part, under the wallet lock.
  'IDEMPOTENCY_MISMATCH',
  'SELF_EXCLUDED',
  'TIME_OUT',
  'STAKE_LIMIT',
  'LOSS_LIMIT',
  'EXPOSURE_LIMIT',
  'INSUFFICIENT_FUNDS',
] as const satisfies readonly ErrorCode[];

export type PlacementRefusal = (typeof PLACEMENT_REFUSALS)[number];

export function isPlacementRefusal(outcome: string): outcome is PlacementRefusal {
  return (PLACEMENT_REFUSALS as readonly string[]).includes(outcome);
}

/** What a refusal's words need of the bet that was asked: the request's price, in its unit, and the stake. */
export type AskedBet =
  | { kind: 'runner'; side: 'BACK' | 'LAY'; /** decimal odds × 100, or the bookmaker rate in paise */ quotedHundredths: number; stakeMinor: bigint }
  | { kind: 'fancy'; side: 'YES' | 'NO'; /** the line in runs */ run: number; /** the rate in percent */ rate: number; stakeMinor: bigint };

type Words = (detail: RefusalDetail, result: CheckedPlaceResult, bet: AskedBet) => DomainError;

const rupees = (paise: string | null) => formatPaiseGrouped(BigInt(paise ?? '0'));
const decimal = (hundredths: number) => (hundredths / 100).toFixed(2);

/** "Odds changed: requested 2.02, live back 2.00" / "Odds changed: requested YES 46 @ 90, live YES 47 @ 90". */
function oddsChanged(detail: RefusalDetail, bet: AskedBet): DomainError {
  if (bet.kind === 'fancy') {
    const live = { run: detail.liveLine ?? 0, rate: detail.liveRate ?? 0 };
    return new DomainError(
      'ODDS_CHANGED',
      fillMessage(MESSAGES.betLineChanged, { side: bet.side, run: bet.run, rate: bet.rate, liveRun: live.run, liveRate: live.rate }),
      { requested: { run: bet.run, rate: bet.rate }, live },
    );
  }
  const live = detail.liveQuotedHundredths ?? null;
  return new DomainError(
    'ODDS_CHANGED',
    fillMessage(MESSAGES.betOddsChanged, {
      requested: decimal(bet.quotedHundredths),
      side: bet.side === 'BACK' ? MESSAGE_WORDS.back : MESSAGE_WORDS.lay,
      live: live === null ? MESSAGE_WORDS.none : decimal(live),
    }),
    { requested: bet.quotedHundredths / 100, live: live === null ? null : live / 100 },
  );
}

function responsibleGambling(detail: RefusalDetail): DomainError {
  if (detail.rg === undefined || detail.rg === null) throw new Error('placement answered a responsible-gambling refusal without its facts');
  return placementRefusalError(detail.rg);
}

/** Each code's words. Where one code has two checks, the facts tell them apart (the functions' comment). */
const WORDS: Readonly<Record<PlacementRefusal, Words>> = {
  TOKEN_INVALID: () => new DomainError('TOKEN_INVALID', MESSAGES.jwtMalformed),
  ACCOUNT_LOCKED: () => new DomainError('ACCOUNT_LOCKED', MESSAGES.accountLocked),
  SESSION_ENDED: (detail) => sessionEndedError(detail.endedReason),
  CHANGE_PASSWORD_REQUIRED: () => new DomainError('CHANGE_PASSWORD_REQUIRED', MESSAGES.changePasswordFirst),
  FORBIDDEN: () => new DomainError('FORBIDDEN', MESSAGES.forbidden),
  NOT_FOUND: (detail, _result, bet) =>
    new DomainError(
      'NOT_FOUND',
      detail.marketName !== null ? MESSAGES.selectionNotFound : bet.kind === 'fancy' ? MESSAGES.fancyNotFoundOnMatch : MESSAGES.marketNotFoundOnMatch,
    ),
  MARKET_SUSPENDED: (detail) =>
    new DomainError('MARKET_SUSPENDED', fillMessage(MESSAGES.betMarketNotOpen, { market: detail.marketName ?? '', status: (detail.marketStatus ?? 'closed').replace('_', ' ') })),
  ODDS_CHANGED: (detail, _result, bet) => oddsChanged(detail, bet),
  // Only a runner bet checks its price against 1.00 (a fancy's rate is any percentage).
  VALIDATION: (_detail, _result, bet) =>
    new DomainError('VALIDATION', fillMessage(MESSAGES.betOddsTooLow, { odds: bet.kind === 'runner' ? decimal(bet.quotedHundredths) : String(bet.rate) })),
  STAKE_OUT_OF_RANGE: (detail, _result, bet) =>
    detail.profit === null
      ? new DomainError(
          'STAKE_OUT_OF_RANGE',
          fillMessage(MESSAGES.betStakeOutOfRange, { stake: formatPaiseGrouped(bet.stakeMinor), min: rupees(detail.minStake), max: rupees(detail.maxStake) }),
        )
      : new DomainError(
          'STAKE_OUT_OF_RANGE',
          fillMessage(MESSAGES.betProfitAboveMax, { profit: rupees(detail.profit), max: rupees(detail.maxProfit), market: detail.marketName ?? '' }),
        ),
  BETTING_LOCKED: (detail) => new DomainError('BETTING_LOCKED', detail.betLock === 'market' ? MESSAGES.marketBetLocked : MESSAGES.bettingLocked),
  IDEMPOTENCY_MISMATCH: () => new DomainError('IDEMPOTENCY_MISMATCH', MESSAGES.betKeyReused),
  SELF_EXCLUDED: responsibleGambling,
  TIME_OUT: responsibleGambling,
  STAKE_LIMIT: responsibleGambling,
  LOSS_LIMIT: responsibleGambling,
  // On this code the call's `exposure` is the limit and `market_exposure` what the bet would leave.
  EXPOSURE_LIMIT: (detail, result) => {
    const after = result.marketExposureMinor ?? 0n;
    const limit = result.exposureMinor ?? 0n;
    return new DomainError(
      'EXPOSURE_LIMIT',
      fillMessage(MESSAGES.betExposureLimit, { market: detail.marketName ?? '', after: formatPaiseGrouped(after), limit: formatPaiseGrouped(limit) }),
      { marketExposureAfter: paiseToRupees(after), limit: paiseToRupees(limit) },
    );
  },
  // On this code the call's `exposure` is the total exposure the bet would have left.
  INSUFFICIENT_FUNDS: (_detail, result) => {
    const balance = result.balanceMinor ?? 0n;
    const exposure = result.exposureMinor ?? 0n;
    return new DomainError(
      'INSUFFICIENT_FUNDS',
      fillMessage(MESSAGES.betInsufficientFunds, { balance: formatPaiseGrouped(balance), exposure: formatPaiseGrouped(exposure) }),
      { balance: paiseToRupees(balance), exposureAfter: paiseToRupees(exposure) },
    );
  },
};

/** The error of a refused placement, in the words of its code. */
export function refusalError(code: PlacementRefusal, result: CheckedPlaceResult, bet: AskedBet): DomainError {
  if (result.detail === null) throw new Error(`placement refused with ${code} without its facts`);
  return WORDS[code](result.detail, result, bet);
}
