import { MESSAGES, SITE_CONTENT_MESSAGES } from '@backlay/shared/contracts';
import { applyLimitChanges, narrowLimits, narrowShownLimits, siteLimitsOf, siteStakeRefusal } from './limits-rules';
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

describe('site stake limits', () => {
  it.each([
    [null, null, { ok: true, limits: { minStakeMinor: null, maxStakeMinor: null } }],
    [50, 500.5, { ok: true, limits: { minStakeMinor: 5_000n, maxStakeMinor: 50_050n } }],
    [500, 500, { ok: true, limits: { minStakeMinor: 50_000n, maxStakeMinor: 50_000n } }],
    [null, 500, { ok: true, limits: { minStakeMinor: null, maxStakeMinor: 50_000n } }],
    [600, 500, { ok: false, message: MESSAGES.stakeLimitsInvalid }],
    [0, null, { ok: false, message: MESSAGES.limitAmountInvalid }],
    [null, 10.001, { ok: false, message: MESSAGES.limitAmountInvalid }],
    [null, 1e300, { ok: false, message: MESSAGES.limitAmountInvalid }],
    [null, 100_000_001, { ok: false, message: MESSAGES.limitAmountTooLarge }],
  ] as const)('min %p, max %p → %j', (min, max, expected) => {
    expect(siteLimitsOf(min, max)).toEqual(expected);
  });

  it("narrows to the higher min and the lower max, keeping the market's where it is tighter", () => {
    expect(narrowLimits(current, { minStakeMinor: null, maxStakeMinor: null })).toBe(current);
    expect(narrowLimits(current, { minStakeMinor: 5_000n, maxStakeMinor: 50_000n })).toEqual({ ...current, minStakeMinor: 10_000n, maxStakeMinor: 50_000n });
    expect(narrowLimits(current, { minStakeMinor: 20_000n, maxStakeMinor: 90_000_000n })).toEqual({ ...current, minStakeMinor: 20_000n, maxStakeMinor: 10_000_000n });
  });

  it('narrows a market as sent (rupees) the same way, and keeps it as it is when nothing narrows', () => {
    const market = { marketId: '1.1', minStake: 100, maxStake: 100_000 };
    expect(narrowShownLimits(market, { minStakeMinor: 5_000n, maxStakeMinor: 50_050n })).toEqual({ marketId: '1.1', minStake: 100, maxStake: 500.5 });
    expect(narrowShownLimits(market, { minStakeMinor: 20_000n, maxStakeMinor: null })).toEqual({ marketId: '1.1', minStake: 200, maxStake: 100_000 });
    expect(narrowShownLimits(market, { minStakeMinor: null, maxStakeMinor: 90_000_000n })).toBe(market);
  });

  it("refuses a stake outside the site's own limits, naming the site's figure", () => {
    const site = { minStakeMinor: 5_000n, maxStakeMinor: 50_000n };
    expect(siteStakeRefusal(60_000n, site)).toBe(`Stake 600.00 ${SITE_CONTENT_MESSAGES.stakeAboveSiteMax} 500.00`);
    expect(siteStakeRefusal(4_000n, site)).toBe(`Stake 40.00 ${SITE_CONTENT_MESSAGES.stakeBelowSiteMin} 50.00`);
    expect(siteStakeRefusal(50_000n, site)).toBeNull();
    expect(siteStakeRefusal(5_000n, site)).toBeNull();
    expect(siteStakeRefusal(60_000n, { minStakeMinor: null, maxStakeMinor: null })).toBeNull();
  });
});
