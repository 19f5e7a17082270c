import { decideDelayedBet, type DelayedBet } from './acceptance';

const rupees = (r: number) => r * 100;

/** A bet that passes every check; each row breaks one thing. */
const OK: DelayedBet = {
  marketStatus: 'open',
  requestedMarketVersion: 7,
  liveMarketVersion: 7,
  price: { kind: 'ODDS', side: 'BACK', requestedOddsHundredths: 210, liveOddsHundredths: 210 },
  locked: false,
  stakeMinor: rupees(100),
  stakeMinorMin: rupees(100),
  stakeMinorMax: rupees(50_000),
  balanceMinor: rupees(1_000),
  otherMarketsExposureMinor: 0,
  marketExposureAfterMinor: rupees(100),
  userExposureLimitMinor: rupees(10_000),
};
const fancy = (p: Partial<{ side: 'YES' | 'NO'; liveLine: number; liveRate: number }>): DelayedBet['price'] => ({
  kind: 'FANCY',
  side: p.side ?? 'YES',
  requestedLine: 45,
  liveLine: p.liveLine ?? 45,
  requestedRate: 100,
  liveRate: p.liveRate ?? 100,
});

describe('decideDelayedBet (RULES §7.11)', () => {
  it.each([
    // name, change to the passing bet, expected code
    ['T31 back @ 2.10, best back now 2.08', { price: { kind: 'ODDS', side: 'BACK', requestedOddsHundredths: 210, liveOddsHundredths: 208 } }, 'BET_ODDS_CHANGED'], // 2.08 < 2.10
    ['T31 with "accept any odds"', { price: { kind: 'ODDS', side: 'BACK', requestedOddsHundredths: 210, liveOddsHundredths: 208, acceptAnyOdds: true } }, 'REQUOTE'],
    ['back at a better price', { price: { kind: 'ODDS', side: 'BACK', requestedOddsHundredths: 210, liveOddsHundredths: 212 } }, 'ACCEPTED'], // 2.12 ≥ 2.10
    ['lay at a worse price', { price: { kind: 'ODDS', side: 'LAY', requestedOddsHundredths: 210, liveOddsHundredths: 212 } }, 'BET_ODDS_CHANGED'], // lay needs live ≤ requested
    ['lay at a better price', { price: { kind: 'ODDS', side: 'LAY', requestedOddsHundredths: 210, liveOddsHundredths: 208 } }, 'ACCEPTED'],
    ['fancy YES, line up', { price: fancy({ liveLine: 46 }) }, 'FANCY_LINE_CHANGED'], // YES needs a lower or equal line
    ['fancy YES, line down', { price: fancy({ liveLine: 44 }) }, 'ACCEPTED'],
    ['fancy NO, line down', { price: fancy({ side: 'NO', liveLine: 44 }) }, 'FANCY_LINE_CHANGED'], // NO needs a higher or equal line
    ['fancy NO, line up', { price: fancy({ side: 'NO', liveLine: 46 }) }, 'ACCEPTED'],
    ['fancy rate changed, even if better', { price: fancy({ liveRate: 110 }) }, 'FANCY_RATE_CHANGED'], // the rate must be identical
    ['T4 risk-reducing bet with 0 available', { otherMarketsExposureMinor: 0, marketExposureAfterMinor: rupees(500) }, 'ACCEPTED'], // E after 500 ≤ 1,000
    ['T5 risk-increasing bet', { marketExposureAfterMinor: rupees(1_152) }, 'INSUFFICIENT_FUNDS'], // 1,152 > 1,000
    ['other markets count', { otherMarketsExposureMinor: rupees(901), marketExposureAfterMinor: rupees(100) }, 'INSUFFICIENT_FUNDS'], // 901 + 100 > 1,000
  ] as [string, Partial<DelayedBet>, string][])('%s ⇒ %s', (_name, change, code) => {
    expect(decideDelayedBet({ ...OK, ...change })).toBe(code);
  });

  // Errors by descending precedence: each row breaks every check from its own down, so it must
  // report its own code; dropping the row's own fault reveals the next row's.
  const faults: [string, Partial<DelayedBet>][] = [
    ['MARKET_SUSPENDED', { marketStatus: 'suspended' }],
    ['MARKET_CHANGED', { liveMarketVersion: 8 }],
    ['BET_ODDS_CHANGED', { price: { kind: 'ODDS', side: 'BACK', requestedOddsHundredths: 210, liveOddsHundredths: 208 } }],
    ['BETTING_LOCKED', { locked: true }],
    ['STAKE_BELOW_MIN', { stakeMinor: rupees(99) }],
    ['EXPOSURE_LIMIT_EXCEEDED', { marketExposureAfterMinor: rupees(20_000), userExposureLimitMinor: rupees(10_000) }],
    ['INSUFFICIENT_FUNDS', { otherMarketsExposureMinor: rupees(5_000) }],
  ];
  it.each(faults.map(([code], i) => [code, i] as const))('precedence: %s', (code, i) => {
    const bet = faults.slice(i).reduce<DelayedBet>((b, [, change]) => ({ ...b, ...change }), OK);
    expect(decideDelayedBet(bet)).toBe(code);
  });

  it.each([
    ['closed', { marketStatus: 'closed' }, 'MARKET_SUSPENDED'],
    ['ball running', { marketStatus: 'ball_running' }, 'MARKET_SUSPENDED'],
    ['fancy line before rate', { price: fancy({ liveLine: 46, liveRate: 110 }) }, 'FANCY_LINE_CHANGED'],
    ['stake above max', { stakeMinor: rupees(50_001) }, 'STAKE_ABOVE_MAX'],
  ] as [string, Partial<DelayedBet>, string][])('%s ⇒ %s', (_name, change, code) => {
    expect(decideDelayedBet({ ...OK, ...change })).toBe(code);
  });
});
