import type { BetMarketType, MarketType } from '../contracts/index';

/**
 * The one home of how a price reads on a screen (issue 31: one formatter per price kind, its
 * unit in its name). Three kinds of price cross the edge (contracts/bets.ts): decimal odds
 * (2.5), a bookmaker rate in rupees per rupee (0.45) and a fancy's line and rate in percent.
 */

/** Decimal odds without trailing zeros, as ladders, slips and casino tables show them: 1.85, 2, 10.5. */
export function formatOddsDecimal(oddsDecimal: number): string {
  return String(Math.round(oddsDecimal * 100) / 100);
}

/** A bookmaker rate in rupees per rupee as the player reads it, in paise (docs/rules/money.md §7.2): 0.85 → 85. */
export function formatBookmakerRate(rateRupeesPerRupee: number): string {
  return String(Math.round(rateRupeesPerRupee * 100));
}

/** A fancy's line (runs) and rate (percent) as one text: 46 / 110; a missing line reads –. */
export function formatFancyLineRate(run: number | null, ratePercent: number): string {
  return `${run ?? '–'} / ${ratePercent}`;
}

/** A runner market's price by the market's kind: a bookmaker rate, else decimal odds. */
export function formatRunnerPrice(price: number, type: MarketType = 'match_odds'): string {
  return type === 'bookmaker' ? formatBookmakerRate(price) : formatOddsDecimal(price);
}

/** A bet's price as it was struck, whatever its market: odds, a bookmaker rate, or a fancy's line / rate. */
export function formatBetPrice(bet: { marketType: BetMarketType; odds: number; run: number | null }): string {
  if (bet.marketType === 'fancy') return formatFancyLineRate(bet.run, bet.odds);
  return formatRunnerPrice(bet.odds, bet.marketType);
}
