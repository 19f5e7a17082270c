import type { TableLayoutProps } from './types';

/** Every market of the round as a ladder, one after the other: the layout of most tables. */
export function LadderList({ markets, renderMarket }: TableLayoutProps) {
  return (
    <>
      {markets.map((m) => (
        <div key={m.marketId} className="bl-market-wrap">
          {renderMarket(m)}
        </div>
      ))}
    </>
  );
}
