/**
 * Bet acceptance after the in-play delay (RULES §7.11), as one pure decision. Checks run in
 * precedence order and the first failure is the result (flat early returns, one code each).
 */
import { assertInteger, exposureCheck, type BetSide } from './exposure';
import type { FancySide } from './fancy';
import type { MarketStatus } from '../contracts/sports';

/** Result codes, in precedence order (the first that applies wins). */
export const ACCEPTANCE_CODES = [
  'MARKET_SUSPENDED',
  'MARKET_CHANGED',
  'BET_ODDS_CHANGED',
  'REQUOTE',
  'FANCY_LINE_CHANGED',
  'FANCY_RATE_CHANGED',
  'BETTING_LOCKED',
  'STAKE_BELOW_MIN',
  'STAKE_ABOVE_MAX',
  'EXPOSURE_LIMIT_EXCEEDED',
  'INSUFFICIENT_FUNDS',
  'ACCEPTED',
] as const;
export type AcceptanceCode = (typeof ACCEPTANCE_CODES)[number];

/** The price the user asked for and the live price after the delay. */
export type DelayedPrice =
  | {
      kind: 'ODDS';
      side: BetSide;
      requestedOddsHundredths: number;
      liveOddsHundredths: number;
      /** The user allowed "accept any odds": a worse price re-quotes instead of rejecting. */
      acceptAnyOdds?: boolean;
    }
  | { kind: 'FANCY'; side: FancySide; requestedLine: number; liveLine: number; requestedRate: number; liveRate: number };

export interface DelayedBet {
  marketStatus: MarketStatus;
  requestedMarketVersion: number;
  liveMarketVersion: number;
  price: DelayedPrice;
  /** Any user, agent or market bet lock. */
  locked: boolean;
  stakeMinor: number;
  stakeMinorMin: number;
  stakeMinorMax: number;
  balanceMinor: number;
  otherMarketsExposureMinor: number;
  /** This market's exposure with the bet added (at the requested price). */
  marketExposureAfterMinor: number;
  userExposureLimitMinor?: number;
}

/** Back: live ≥ requested is the same or better. Lay: live ≤ requested. */
export function oddsSameOrBetter(side: BetSide, requestedOddsHundredths: number, liveOddsHundredths: number): boolean {
  return side === 'BACK' ? liveOddsHundredths >= requestedOddsHundredths : liveOddsHundredths <= requestedOddsHundredths;
}

/** YES (needs runs ≥ line) prefers a lower line; NO (needs runs < line) a higher one. */
export function fancyLineSameOrBetter(side: FancySide, requestedLine: number, liveLine: number): boolean {
  return side === 'YES' ? liveLine <= requestedLine : liveLine >= requestedLine;
}

/** Decide a bet after its delay. 'REQUOTE' means: offer the live price; the caller re-runs with it. */
export function decideDelayedBet(bet: DelayedBet): AcceptanceCode {
  assertInteger('stakeMinor', bet.stakeMinor);
  if (bet.marketStatus !== 'open') return 'MARKET_SUSPENDED';
  if (bet.liveMarketVersion !== bet.requestedMarketVersion) return 'MARKET_CHANGED';
  const p = bet.price;
  if (p.kind === 'ODDS' && !oddsSameOrBetter(p.side, p.requestedOddsHundredths, p.liveOddsHundredths)) {
    return p.acceptAnyOdds ? 'REQUOTE' : 'BET_ODDS_CHANGED';
  }
  if (p.kind === 'FANCY') {
    if (!fancyLineSameOrBetter(p.side, p.requestedLine, p.liveLine)) return 'FANCY_LINE_CHANGED';
    if (p.liveRate !== p.requestedRate) return 'FANCY_RATE_CHANGED';
  }
  if (bet.locked) return 'BETTING_LOCKED';
  if (bet.stakeMinor < bet.stakeMinorMin) return 'STAKE_BELOW_MIN';
  if (bet.stakeMinor > bet.stakeMinorMax) return 'STAKE_ABOVE_MAX';
  const money = exposureCheck(bet);
  return money === 'OK' ? 'ACCEPTED' : money;
}
