import { useId } from 'react';
import { Pnl, type CasinoMarketView, type PlaceBetSide, formatOddsDecimal, formatWholeRupees } from '@backlay/shared';
import { useT } from '../i18n';
import { runnerName } from '../ui/hands';

/** A click on a price: the runner, the side and the decimal price. */
export type OnCasinoPrice = (selectionId: string, side: PlaceBetSide, price: number) => void;

/**
 * Whether a runner takes a bet: an outcome with neither price ('Zero' beside Red / Black, 'No tie',
 * 'Seven') is not listed as a row of "–" prices. It is still an outcome: the slip's book lists it
 * with the player's P&L on it.
 */
export const bettable = (runner: CasinoMarketView['runners'][number]) => runner.back !== null || runner.lay !== null;

/**
 * One market of the round: per runner its back price (blue) and, where the table lays it, its
 * lay price (pink), each a button that opens the slip ("Back Dragon at 1.98"), and the player's
 * P&L on that runner from its open bets. While the market takes no bets (`closed`: suspended by
 * the round or the admin, or the betting window is over) it is greyed, its prices are disabled,
 * and an overlay says why.
 */
export function CasinoMarket({ market, closed, pnl, onPrice }: { market: CasinoMarketView; closed: string | null; pnl?: ReadonlyMap<string, number>; onPrice: OnCasinoPrice }) {
  const t = useT();
  const headingId = useId();
  const sideName = (side: PlaceBetSide) => t(side === 'BACK' ? 'side.back' : 'side.lay');
  const lays = market.runners.some((r) => r.lay !== null);
  const price = (runner: CasinoMarketView['runners'][number], side: PlaceBetSide) => {
    const value = side === 'BACK' ? runner.back : runner.lay;
    const kind = side === 'BACK' ? 'back' : 'lay';
    if (value === null) {
      return (
        <td className={`bl-price bl-price--${kind} bl-price--none`} aria-label={t('market.noPrice', { side: sideName(side) })}>
          <span className="bl-price__odds" aria-hidden="true">
            –
          </span>
        </td>
      );
    }
    return (
      <td className={`bl-price bl-price--${kind}`}>
        <button
          type="button"
          className="bl-price__btn"
          aria-label={t('market.price', { side: sideName(side), runner: runnerName(runner.name, t), odds: formatOddsDecimal(value) })}
          disabled={closed !== null}
          onClick={() => onPrice(runner.selectionId, side, value)}
        >
          <span className="bl-price__odds">{formatOddsDecimal(value)}</span>
        </button>
      </td>
    );
  };
  return (
    <section className={`bl-market bl-casino-market${closed ? ' bl-casino-market--closed' : ''}`} aria-labelledby={headingId} data-status={closed ? 'closed' : 'open'}>
      <header className="bl-market__head">
        <h2 id={headingId}>{market.name}</h2>
        <span className="bl-limits">
          {t('limits', { min: formatWholeRupees(market.minStake), max: formatWholeRupees(market.maxStake) })}
        </span>
      </header>
      <div className="bl-market__body">
        <table className="bl-ladder bl-casino-ladder" aria-label={t('market.prices', { market: market.name })}>
          <thead>
            <tr>
              <th scope="col" className="bl-ladder__runner">
                <span className="bl-visually-hidden">{t('market.runner')}</span>
              </th>
              <th scope="col" className="bl-ladder__side bl-ladder__side--back">
                {t('side.back')}
              </th>
              {lays ? (
                <th scope="col" className="bl-ladder__side bl-ladder__side--lay">
                  {t('side.lay')}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {market.runners.filter(bettable).map((runner) => {
              const p = pnl?.get(runner.selectionId);
              return (
                <tr key={runner.selectionId}>
                  <th scope="row" className="bl-ladder__runner">
                    {runnerName(runner.name, t)}
                    {p !== undefined && p !== 0 ? (
                      <span className="bl-runner-pnl">
                        <Pnl rupees={p} />
                      </span>
                    ) : null}
                  </th>
                  {price(runner, 'BACK')}
                  {lays ? price(runner, 'LAY') : null}
                </tr>
              );
            })}
          </tbody>
        </table>
        {closed ? (
          <div className="bl-market__overlay" role="status">
            {closed}
          </div>
        ) : null}
      </div>
    </section>
  );
}
