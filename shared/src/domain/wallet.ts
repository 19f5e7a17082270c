/**
 * The wallet's figures (docs/rules/money.md §1, §7.10), in integer paise. One home for the
 * available balance: the header shows it, and the casino games' wallet answers it (API
 * casino-int), so the player reads the same figure in both.
 */
import { assertInteger } from './exposure';

/**
 * The available balance: what the player can stake or withdraw now, the balance less the money at
 * risk on open bets (user exposure), never below 0.
 */
export function availableMinor(balanceMinor: number, exposureMinor: number): number {
  assertInteger('balanceMinor', balanceMinor);
  assertInteger('exposureMinor', exposureMinor);
  return Math.max(0, balanceMinor - exposureMinor);
}
