import type { ReactNode } from 'react';
import type { CasinoBet, CasinoMarketView } from '@backlay/shared';

/**
 * What a table's layout gets from the table page. The page keeps the slip, the P&L and the
 * closed state; a layout only chooses which markets (and which of their runners) are on screen
 * and how the player gets to them.
 */
export interface TableLayoutProps {
  /** The round's markets, in the game's order. */
  markets: readonly CasinoMarketView[];
  /** The player's bets on this round. */
  bets: readonly CasinoBet[];
  /**
   * The market's ladder and, under it, the slip when one of its prices was clicked. With `shown`,
   * only those runners are listed (the slip's book sums up the others).
   */
  renderMarket: (market: CasinoMarketView, shown?: ReadonlySet<string>) => ReactNode;
  /**
   * Opens the slip to back a runner at its price, as a click on its Back price would: for a layout
   * whose cells are the prices themselves (Roulette's betting layout).
   */
  back: (market: CasinoMarketView, selectionId: string) => void;
  /** The runner the slip is open on, or null. */
  selection: { marketId: string; selectionId: string } | null;
  /** Why the market takes no bets now (the page's closed reason: betting closed, suspended), or null. */
  closedReason: (market: CasinoMarketView) => string | null;
}

/** A table's layout: a component of the page's markets area. */
export type TableLayout = (props: TableLayoutProps) => ReactNode;

/** The ids of the markets the player has bets on in this round. */
export function marketsBetOn(bets: readonly CasinoBet[]): Set<string> {
  return new Set(bets.map((b) => b.marketId));
}
