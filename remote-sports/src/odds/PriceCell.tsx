import type { MarketType, PriceSize } from '@backlay/shared';
import { formatPrice, formatSize } from '../format';
import { useFlash } from './use-flash';

/**
 * One cell of a ladder: a price and the money available at it, blue for back and pink for lay.
 * The cell carries `bl-flash` briefly when its price or size changes. An empty level keeps its
 * place (so columns line up) and reads as "no price". Levels 2 and 3 (`bl-price--deep`) are
 * hidden on a phone, where only the best back and lay fit beside the runner's name.
 */
export function PriceCell({ side, level, type, at }: { side: 'back' | 'lay'; level: number; type: MarketType; at: PriceSize | undefined }) {
  const flashing = useFlash(at ? `${at.price}|${at.size}` : '');
  const classes = ['bl-price', `bl-price--${side}`, level > 0 ? 'bl-price--deep' : '', flashing ? 'bl-flash' : ''].filter(Boolean).join(' ');
  const label = `${side === 'back' ? 'Back' : 'Lay'} ${level + 1}`;
  return (
    <td className={classes} data-level={level + 1} aria-label={at ? `${label}: ${formatPrice(at.price, type)} for ${formatSize(at.size)}` : `${label}: no price`}>
      {at ? (
        <>
          <span className="bl-price__odds">{formatPrice(at.price, type)}</span>
          <span className="bl-price__size">{formatSize(at.size)}</span>
        </>
      ) : (
        <span className="bl-price__odds" aria-hidden="true">
          –
        </span>
      )}
    </td>
  );
}
