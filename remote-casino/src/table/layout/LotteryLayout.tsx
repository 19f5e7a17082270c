import { useMemo, useState } from 'react';
import type { CasinoMarketView } from '@backlay/shared';
import { useT, type CasinoKey } from '../../i18n';
import type { TableLayoutProps } from './types';

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
/** Each digit's select: "1st digit" … "4th digit". */
const DIGIT_LABELS: readonly CasinoKey[] = ['lottery.digit1', 'lottery.digit2', 'lottery.digit3', 'lottery.digit4'];

/**
 * One digits market (Single, Double, Triple): a picker, then the market with just the picked
 * number and those the player bet on. A one-digit market picks with ten buttons; a longer one
 * with one labelled select per digit, in order.
 */
function DigitsMarket({ market, bets, renderMarket }: { market: CasinoMarketView } & Pick<TableLayoutProps, 'bets' | 'renderMarket'>) {
  const t = useT();
  const length = market.runners[0]?.selectionId.length ?? 1;
  const [digits, setDigits] = useState<string[]>(() => Array.from({ length }, () => ''));
  const picked = digits.every((d) => d !== '') ? digits.join('') : null;
  const marketId = market.marketId;
  const shown = useMemo(() => {
    const ids = new Set(bets.filter((b) => b.marketId === marketId).map((b) => b.selectionId));
    if (picked !== null) ids.add(picked);
    return ids;
  }, [bets, marketId, picked]);
  const setDigit = (index: number, digit: string) => setDigits(digits.map((d, i) => (i === index ? digit : d)));

  return (
    <div className="bl-market-wrap">
      <fieldset className="bl-casino-pick">
        <legend className="bl-casino-pick__title">
          {market.name}
        </legend>
        {length === 1 ? (
          <div className="bl-casino-pick__keys">
            {DIGITS.map((d) => (
              <button key={d} type="button" className="bl-casino-pick__key" aria-pressed={digits[0] === d} onClick={() => setDigit(0, digits[0] === d ? '' : d)}>
                {d}
              </button>
            ))}
          </div>
        ) : (
          <div className="bl-casino-pick__digits">
            {digits.map((d, i) => (
              <label key={i} className="bl-field bl-casino-pick__digit">
                <span>{t(DIGIT_LABELS[i])}</span>
                <select value={d} onChange={(e) => setDigit(i, e.target.value)}>
                  <option value="">–</option>
                  {DIGITS.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        )}
        {picked === null ? <p className="bl-hint">{length === 1 ? t('lottery.pickOne') : t('lottery.pickMany', { count: length })}</p> : null}
      </fieldset>
      {shown.size > 0 ? renderMarket(market, shown) : null}
    </div>
  );
}

/**
 * Lottery: Single (10 numbers), Double (100) and Triple (1,000). Each market gets its own picker
 * instead of a ladder of every number; the picked number's price opens the usual slip.
 */
export function LotteryLayout({ markets, bets, renderMarket }: TableLayoutProps) {
  return (
    <>
      {markets.map((m) => (
        <DigitsMarket key={m.code} market={m} bets={bets} renderMarket={renderMarket} />
      ))}
    </>
  );
}
