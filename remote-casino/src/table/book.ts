import {
  toMinor,
  toRupees,
  type CasinoBet,
  type CasinoMarketView,
  type PlaceBetSide,
} from '@backlay/shared';
import {
  applyBet,
  exposureMinor,
  marketPnlVector,
  type RunnerBet,
} from '@backlay/shared/domain';
import { type SlipBookRow } from '@backlay/shared/slip-parts';

/**
 * The player's book on a casino market and what the slip's bet makes of it. A casino bet is a
 * runner bet (placed through POST placebet like a sports bet), so the book is the same P&L vector
 * and exposure as on the odds page, by the same pure functions of `@backlay/shared/domain` that
 * the API's placement uses, in whole paise.
 */

/** A bet as the domain maths take it: decimal odds in hundredths, the stake in paise. */
export function toRunnerBet(bet: { selectionId: string; side: PlaceBetSide; odds: number; stakeMinor: number }): RunnerBet {
  return { side: bet.side, runnerId: bet.selectionId, stakeMinor: bet.stakeMinor, oddsHundredths: Math.round(bet.odds * 100) };
}

/** The P&L per runner (paise) of the player's open bets on this market. */
export function marketVector(market: CasinoMarketView, bets: readonly CasinoBet[]): Map<string, number> {
  const open = bets.filter((b) => b.marketId === market.marketId && b.status === 'open');
  return marketPnlVector(
    open.map((b) => toRunnerBet({ selectionId: b.selectionId, side: b.side, odds: b.odds, stakeMinor: toMinor(b.stake) })),
    market.runners.map((r) => r.selectionId),
  );
}

/**
 * Each runner's P&L from the player's open bets on the market, and with the slip's bet added
 * (null while the slip has no valid stake), with the market's exposure before and after.
 */
export function projectMarket(
  market: CasinoMarketView,
  bets: readonly CasinoBet[],
  slip: { selectionId: string; side: PlaceBetSide; odds: number; stakeMinor: number } | null,
): { rows: SlipBookRow[]; exposureNowMinor: number; exposureAfterMinor: number | null } {
  const now = marketVector(market, bets);
  let after: Map<string, number> | null = null;
  if (slip) {
    try {
      after = applyBet(now, toRunnerBet(slip));
    } catch {
      after = null; // a price the maths refuse (not above 1.00): nothing to project
    }
  }
  return {
    rows: market.runners.map((r) => ({ selectionId: r.selectionId, name: r.name, nowMinor: now.get(r.selectionId) ?? 0, afterMinor: after ? (after.get(r.selectionId) ?? 0) : null })),
    exposureNowMinor: exposureMinor(now),
    exposureAfterMinor: after ? exposureMinor(after) : null,
  };
}

/**
 * The slip's book rows for a market the screen shows in part (Lottery's Double and Triple: the
 * picked number and those the player bet on, out of 100 or 1,000): the shown runners' rows, then
 * one `otherName` row for every other runner, which all stand the same (no bet is on them). Should
 * two hidden runners differ, they are listed one by one instead, so the book never hides a value.
 */
export function shownRows(rows: readonly SlipBookRow[], shown: ReadonlySet<string>, otherName: string): SlipBookRow[] {
  const visible = rows.filter((r) => shown.has(r.selectionId));
  const hidden = rows.filter((r) => !shown.has(r.selectionId));
  if (hidden.length === 0) return visible;
  const [first] = hidden;
  const same = hidden.every((r) => r.nowMinor === first.nowMinor && r.afterMinor === first.afterMinor);
  return same ? [...visible, { selectionId: '', name: otherName, nowMinor: first.nowMinor, afterMinor: first.afterMinor }] : [...visible, ...hidden];
}

/**
 * The player's open stakes summed per `keyOf` (rupees, added in paise): a bet that `keyOf` maps to
 * null is left out. The chips on Roulette's cells and on the felt's boxes.
 */
export function openStakes(bets: readonly CasinoBet[], keyOf: (bet: CasinoBet) => string | null): Map<string, number> {
  const paise = new Map<string, number>();
  for (const bet of bets) {
    const key = bet.status === 'open' ? keyOf(bet) : null;
    if (key !== null) paise.set(key, (paise.get(key) ?? 0) + toMinor(bet.stake));
  }
  return new Map([...paise].map(([key, minor]) => [key, toRupees(minor)]));
}

