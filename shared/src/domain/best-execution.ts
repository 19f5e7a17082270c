/**
 * Best execution (docs/rules/money.md §7.11, ADR 0034): a bet is matched at the market's live price when that
 * price is the same as or better for the player than the one asked (a back at or above the price
 * asked, a lay at or below it; a fancy YES at a line at or below the one asked, a NO at or above
 * it, the rate unchanged), never at the worse price asked; a live price worse than the one asked
 * refuses the bet ("Odds changed"). Placement applies it in SQL (api/sql/functions
 * place_runner_bet.sql, place_fancy_bet_checked.sql), the authority; the bet slips preview the
 * book at the price these functions give, and the API tests check every stored bet with them.
 * Prices are in any one unit (decimal odds, hundredths, a bookmaker rate), the same for both.
 */

/** The price a runner bet asked at `asked` is matched at, given the side's best live price; null: refused. */
export function matchedPrice(side: 'BACK' | 'LAY', asked: number, live: number | null | undefined): number | null {
  if (live === null || live === undefined) return null;
  return (side === 'BACK' ? live >= asked : live <= asked) ? live : null;
}

/**
 * The price a runner bet asked at `asked` is matched at under the player's odds acceptance (ADR
 * 0055), given the side's best live price; null: refused "Odds changed". 'better' is matchedPrice;
 * 'any' the live price whichever way it moved; 'exact' only the price asked.
 */
export function acceptedPrice(side: 'BACK' | 'LAY', asked: number, live: number | null | undefined, acceptance: 'better' | 'any' | 'exact'): number | null {
  if (live === null || live === undefined) return null;
  if (acceptance === 'any') return live;
  if (acceptance === 'exact') return live === asked ? live : null;
  return matchedPrice(side, asked, live);
}

/** The line a fancy bet asked at `asked` is matched at, given the side's live line; null: refused. */
export function matchedFancyLine(side: 'YES' | 'NO', asked: number, live: number | null | undefined): number | null {
  if (live === null || live === undefined) return null;
  return (side === 'YES' ? live <= asked : live >= asked) ? live : null;
}
