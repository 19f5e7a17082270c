import { useId, useState } from 'react';
import type { CasinoMarketView } from '@backlay/shared';
import { useT } from '../../i18n';
import { marketsBetOn, type TableLayoutProps } from './types';

/** The seat a market belongs to: the number its code ends with ('COLOUR_3' → 3), or null. */
export function seatOf(market: Pick<CasinoMarketView, 'code'>): number | null {
  const m = /_(\d+)$/.exec(market.code);
  return m ? Number(m[1]) : null;
}

/**
 * Casino War: six seats of four markets each. One seat's markets at a time, chosen with a row of
 * seat buttons (a dot marks a seat the player bet on); the markets of other seats the player bet
 * on this round stay listed below with their P&L.
 */
export function SeatsLayout({ markets, bets, renderMarket }: TableLayoutProps) {
  const t = useT();
  const titleId = useId();
  const seats = [...new Set(markets.map(seatOf).filter((s): s is number => s !== null))].sort((a, b) => a - b);
  const [seat, setSeat] = useState<number | null>(null);
  const current = seat ?? seats[0] ?? null;
  const betOn = marketsBetOn(bets);
  const seatsBetOn = new Set(markets.filter((m) => betOn.has(m.marketId)).map(seatOf));
  const shown = markets.filter((m) => seatOf(m) === current || seatOf(m) === null);
  const others = markets.filter((m) => !shown.includes(m) && betOn.has(m.marketId));

  return (
    <>
      <div className="bl-casino-pick">
        <h2 id={titleId} className="bl-casino-pick__title">
          {t('seats.choose')}
        </h2>
        <div role="group" aria-labelledby={titleId} className="bl-casino-pick__keys bl-casino-pick__keys--wide">
          {seats.map((s) => (
            <button key={s} type="button" className="bl-casino-pick__key" aria-pressed={s === current} onClick={() => setSeat(s)}>
              {t('seats.seat', { n: s })}
              {seatsBetOn.has(s) ? (
                <>
                  <span className="bl-casino-pick__dot" aria-hidden="true">
                    •
                  </span>
                  <span className="bl-visually-hidden"> {t('seats.betOn')}</span>
                </>
              ) : null}
            </button>
          ))}
        </div>
      </div>
      {shown.map((m) => (
        <div key={m.marketId} className="bl-market-wrap">
          {renderMarket(m)}
        </div>
      ))}
      {others.length > 0 ? <h2 className="bl-casino-pick__title">{t('seats.others')}</h2> : null}
      {others.map((m) => (
        <div key={m.marketId} className="bl-market-wrap">
          {renderMarket(m)}
        </div>
      ))}
    </>
  );
}
