import { Pnl, type Market, type PlaceBetSide, type Runner } from '@backlay/shared';
import { MarketFrame } from './MarketFrame';
import { PriceCell } from './PriceCell';
import { marketSettledText } from './settled';

/** Ladder depth: three best backs and three best lays per runner. */
export const LADDER_LEVELS = 3;

const LEVELS = Array.from({ length: LADDER_LEVELS }, (_, i) => i);

/** A click on a price: the runner, the side and the price as the ladder holds it. */
export type OnPrice = (selectionId: string, side: PlaceBetSide, price: number) => void;

function RunnerRow({ runner, market, pnl, onPrice }: { runner: Runner; market: Market; pnl: number | undefined; onPrice?: OnPrice }) {
  const settled = runner.status !== 'active';
  const marketSettled = market.settled !== null;
  const disabled = market.status !== 'open' || runner.status !== 'active';
  const select = (side: PlaceBetSide) => (onPrice ? (price: number) => onPrice(runner.selectionId, side, price) : undefined);
  return (
    <tr className={settled ? 'bl-ladder__runner--settled' : undefined}>
      <th scope="row" className="bl-ladder__runner">
        {runner.name}
        {settled ? <span className={`bl-badge bl-badge--${runner.status}`}>{runner.status === 'removed' ? 'Removed' : runner.status === 'winner' ? 'Winner' : 'Loser'}</span> : null}
        {pnl !== undefined ? (
          <span className="bl-runner-pnl">
            <Pnl rupees={pnl} />
          </span>
        ) : null}
      </th>
      {marketSettled ? null : runner.status === 'removed' ? (
        <td colSpan={LADDER_LEVELS * 2} className="bl-ladder__removed">
          Removed
        </td>
      ) : (
        <>
          {/* Backs from the third best to the best, so the best back sits next to the best lay. */}
          {[...LEVELS].reverse().map((level) => (
            <PriceCell key={`back-${level}`} side="back" level={level} type={market.type} at={runner.back[level]} runnerName={runner.name} onSelect={select('BACK')} disabled={disabled} />
          ))}
          {LEVELS.map((level) => (
            <PriceCell key={`lay-${level}`} side="lay" level={level} type={market.type} at={runner.lay[level]} runnerName={runner.name} onSelect={select('LAY')} disabled={disabled} />
          ))}
        </>
      )}
    </tr>
  );
}

/**
 * A runner market (match odds, bookmaker, over/under) as a ladder: per runner the three best
 * backs (blue) and the three best lays (pink) with their sizes, live from the data socket. With
 * `pnl` (rupees per selection id: the player's position) each runner shows what it would win or
 * lose; with `onPrice` every price opens the bet slip. A settled market shows its result
 * ("Settled · Winner: India") and each runner's Winner or Loser badge, and no prices at all.
 */
export function MarketLadder({ market, onRules, pnl, onPrice }: { market: Market; onRules: () => void; pnl?: ReadonlyMap<string, number>; onPrice?: OnPrice }) {
  const settled = marketSettledText(market);
  return (
    <MarketFrame title={market.name} status={market.status} settled={settled} limits={market} onRules={onRules} className={`bl-market--${market.type}`}>
      <table className="bl-ladder" aria-label={settled === null ? `${market.name} prices` : `${market.name} result`}>
        {settled !== null ? null : (
          <thead>
            {/* One header cell per column, so hiding levels 2 and 3 on a phone keeps the grid whole. */}
            <tr>
              <th scope="col" className="bl-ladder__runner">
                <span className="bl-visually-hidden">Runner</span>
              </th>
              {[...LEVELS].reverse().map((level) =>
                level === 0 ? (
                  <th key="back-1" scope="col" className="bl-ladder__side bl-ladder__side--back">
                    Back
                  </th>
                ) : (
                  <th key={`back-${level + 1}`} scope="col" className="bl-ladder__side bl-ladder__deep">
                    <span className="bl-visually-hidden">Back {level + 1}</span>
                  </th>
                ),
              )}
              {LEVELS.map((level) =>
                level === 0 ? (
                  <th key="lay-1" scope="col" className="bl-ladder__side bl-ladder__side--lay">
                    Lay
                  </th>
                ) : (
                  <th key={`lay-${level + 1}`} scope="col" className="bl-ladder__side bl-ladder__deep">
                    <span className="bl-visually-hidden">Lay {level + 1}</span>
                  </th>
                ),
              )}
            </tr>
          </thead>
        )}
        <tbody>
          {market.runners.map((runner) => (
            <RunnerRow key={runner.selectionId} runner={runner} market={market} pnl={pnl?.get(runner.selectionId)} onPrice={onPrice} />
          ))}
        </tbody>
      </table>
    </MarketFrame>
  );
}
