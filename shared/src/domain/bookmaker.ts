/**
 * Bookmaker markets (docs/rules/money.md §7.2): rates quoted in paise per rupee (45 ⇒ win 0.45 per 1). A rate r
 * is decimal odds 1 + r/100, i.e. oddsHundredths = 100 + r, and then every §7.1 rule applies.
 */
import { assertInteger, EVEN_ODDS_HUNDREDTHS, type BetSide, type RunnerBet } from './exposure';

/** A bookmaker bet on one runner at a rate in paise. */
export interface BookmakerBet {
  side: BetSide;
  runnerId: string;
  stakeMinor: number;
  /** Paise won per rupee staked (back) or lost per rupee (lay). Positive integer. */
  ratePaise: number;
}

/** Rate in paise → decimal odds in hundredths: 45 → 145 (1.45). */
export function bookmakerOddsHundredths(ratePaise: number): number {
  assertInteger('ratePaise', ratePaise);
  if (ratePaise <= 0) throw new Error(`rate must be positive, got ${ratePaise}`);
  return EVEN_ODDS_HUNDREDTHS + ratePaise;
}

/** The same bet as a §7.1 runner bet. */
export function bookmakerToRunnerBet(bet: BookmakerBet): RunnerBet {
  return { side: bet.side, runnerId: bet.runnerId, stakeMinor: bet.stakeMinor, oddsHundredths: bookmakerOddsHundredths(bet.ratePaise) };
}
