import type { MarketType, PriceSize } from '@backlay/shared';
import { formatSize } from '../format';
import { useFlash } from './use-flash';
import { formatRunnerPrice } from '@backlay/shared';
import { useT } from '../i18n';

/**
 * One cell of a ladder: a price and the money available at it, blue for back and pink for lay.
 * The cell carries `bl-flash` briefly when its price or size changes. An empty level keeps its
 * place (so columns line up) and reads as "no price". Levels 2 and 3 (`bl-price--deep`) are
 * hidden on a phone, where only the best back and lay fit beside the runner's name. With
 * `onSelect` the price is a button that opens the bet slip at that price (named "Back India at
 * 1.85"), disabled while the market takes no bets.
 */
export function PriceCell({
  side,
  level,
  type,
  at,
  runnerName,
  onSelect,
  disabled = false,
}: {
  side: 'back' | 'lay';
  level: number;
  type: MarketType;
  at: PriceSize | undefined;
  runnerName: string;
  onSelect?: (price: number) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const flashing = useFlash(at ? `${at.price}|${at.size}` : '');
  const classes = ['bl-price', `bl-price--${side}`, level > 0 ? 'bl-price--deep' : '', flashing ? 'bl-flash' : ''].filter(Boolean).join(' ');
  const label = t(side === 'back' ? 'ladder.backLevel' : 'ladder.layLevel', { level: level + 1 });
  const content = at ? (
    <>
      <span className="bl-price__odds">{formatRunnerPrice(at.price, type)}</span>
      <span className="bl-price__size">{formatSize(at.size)}</span>
    </>
  ) : null;
  return (
    <td className={classes} data-level={level + 1} aria-label={at ? t('price.at', { label, price: formatRunnerPrice(at.price, type), size: formatSize(at.size) }) : t('price.none', { label })}>
      {at && onSelect ? (
        <button
          type="button"
          className="bl-price__btn"
          aria-label={t(side === 'back' ? 'price.backAt' : 'price.layAt', { runner: runnerName, price: formatRunnerPrice(at.price, type) })}
          disabled={disabled}
          onClick={() => onSelect(at.price)}
        >
          {content}
        </button>
      ) : (
        content ?? (
          <span className="bl-price__odds" aria-hidden="true">
            –
          </span>
        )
      )}
    </td>
  );
}
