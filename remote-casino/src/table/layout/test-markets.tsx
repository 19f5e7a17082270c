import { useState } from 'react';
import type { CasinoBet, CasinoMarketView } from '@backlay/shared';
import { casinoGame } from '@backlay/shared/casino';
import { CasinoMarket } from '../CasinoMarket';
import type { TableLayout } from './types';

/** The round's markets of a game as the API sends them (casino-market): prices in decimals. */
export function gameMarkets(gameCode: string, roundId = 'r1'): CasinoMarketView[] {
  const game = casinoGame(gameCode);
  if (!game) throw new Error(`no game ${gameCode}`);
  return game.markets(game.defaultConfig).map((m) => ({
    marketId: `c${roundId}.${m.code}`,
    code: m.code,
    name: m.name,
    suspended: false,
    minStake: 100,
    maxStake: 50_000,
    runners: m.runners.map((r) => ({ selectionId: r.selectionId, name: r.name, back: r.back === null ? null : r.back / 100, lay: null })),
  }));
}

/**
 * A layout as the page draws it: each market through the real CasinoMarket; a price click (or a
 * layout's own Back cell) is recorded, and the harness holds the selection as the page's slip
 * would. `closed` gives a market's closed reason (none by default).
 */
export function LayoutHarness({
  layout: Layout,
  markets,
  bets = [],
  onPrice = () => undefined,
  closed = () => null,
}: {
  layout: TableLayout;
  markets: CasinoMarketView[];
  bets?: CasinoBet[];
  onPrice?: (marketId: string, selectionId: string) => void;
  closed?: (market: CasinoMarketView) => string | null;
}) {
  const [selection, setSelection] = useState<{ marketId: string; selectionId: string } | null>(null);
  const pick = (marketId: string, selectionId: string) => {
    setSelection({ marketId, selectionId });
    onPrice(marketId, selectionId);
  };
  return (
    <div className="bl-markets">
      <Layout
        markets={markets}
        bets={bets}
        selection={selection}
        closedReason={closed}
        back={(m, id) => pick(m.marketId, id)}
        renderMarket={(m, shown) => <CasinoMarket market={shown ? { ...m, runners: m.runners.filter((r) => shown.has(r.selectionId)) } : m} closed={closed(m)} onPrice={(id) => pick(m.marketId, id)} />}
      />
    </div>
  );
}
