import { MESSAGES } from '@backlay/shared/contracts';
import { applyLimitChanges } from './limits-rules';
import type { LimitsRow } from './market-view';

const current: LimitsRow = { minStakeMinor: 10_000n, maxStakeMinor: 10_000_000n, maxProfitMinor: 50_000_000n, betDelaySec: 5 };

describe('applyLimitChanges', () => {
  it.each([
    // changes → new limits (paise) or the first broken rule, in form order
    [{}, { ok: true, limits: current }],
    [{ minStake: 500, maxStake: 25_000.5 }, { ok: true, limits: { ...current, minStakeMinor: 50_000n, maxStakeMinor: 2_500_050n } }],
    [{ maxProfit: 1, betDelaySec: 0 }, { ok: true, limits: { ...current, maxProfitMinor: 100n, betDelaySec: 0 } }],
    [{ minStake: 0 }, { ok: false, message: MESSAGES.limitAmountInvalid }],
    [{ minStake: -1, maxStake: 0 }, { ok: false, message: MESSAGES.limitAmountInvalid }],
    [{ maxStake: 10.001 }, { ok: false, message: MESSAGES.limitAmountInvalid }], // three decimals
    [{ maxProfit: 100_000_000.01 }, { ok: false, message: MESSAGES.limitAmountTooLarge }],
    [{ betDelaySec: 1.5 }, { ok: false, message: MESSAGES.betDelayInvalid }],
    [{ betDelaySec: 61 }, { ok: false, message: MESSAGES.betDelayInvalid }],
    // min 200 000 > current max 100 000
    [{ minStake: 200_000 }, { ok: false, message: MESSAGES.stakeLimitsInvalid }],
    // a bad amount is reported before min > max
    [{ minStake: 200_000, maxProfit: 0 }, { ok: false, message: MESSAGES.limitAmountInvalid }],
    [{ minStake: 200_000, maxStake: 300_000 }, { ok: true, limits: { ...current, minStakeMinor: 20_000_000n, maxStakeMinor: 30_000_000n } }],
  ])('%j → %j', (changes, expected) => {
    expect(applyLimitChanges(current, changes)).toEqual(expected);
  });
});
