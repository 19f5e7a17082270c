import type { ReactNode } from 'react';
import { Pnl, Button, type Fancy, type FancyBetSide, sideLabel } from '@backlay/shared';
import { LimitsText, MarketFrame, overlayText } from './MarketFrame';
import { useT } from '../i18n';
import { fancySettledText } from './settled';
import { useFlash } from './use-flash';

/**
 * One side of a fancy: the run line over the rate, pink for No and blue for Yes. A button that
 * opens the bet slip on that side (named "No: 52 at 100"), disabled while the line is paused.
 */
function FancyPrice({ side, run, rate, disabled, onSelect }: { side: 'no' | 'yes'; run: number; rate: number; disabled: boolean; onSelect?: () => void }) {
  const t = useT();
  const flashing = useFlash(`${run}|${rate}`);
  return (
    <button
      type="button"
      className={`bl-price bl-price--${side === 'no' ? 'lay' : 'back'} bl-price__btn${flashing ? ' bl-flash' : ''}`}
      aria-label={t(side === 'no' ? 'fancy.noAt' : 'fancy.yesAt', { run, rate })}
      disabled={disabled || !onSelect}
      onClick={onSelect}
    >
      <span className="bl-price__odds">{run}</span>
      <span className="bl-price__size">{rate}</span>
    </button>
  );
}

/** A click on a fancy's side: the fancy and YES or NO at the line and rate on screen. */
export type OnFancyPrice = (fancy: Fancy, side: FancyBetSide) => void;

function FancyRow({ fancy, exposure, onPrice, onBook, slip }: { fancy: Fancy; exposure: number | undefined; onPrice?: OnFancyPrice; onBook?: (fancy: Fancy) => void; slip: ReactNode }) {
  const t = useT();
  const settled = fancySettledText(fancy);
  const overlay = overlayText(fancy.status);
  const paused = fancy.status !== 'open';
  return (
    <li className="bl-fancy" aria-label={fancy.name} data-status={settled === null ? fancy.status : 'settled'}>
      <div className="bl-fancy__name">
        <span>{fancy.name}</span>
        <LimitsText limits={fancy} />
        {exposure !== undefined ? (
          <span className="bl-fancy__book">
            <span className="bl-muted">{t('odds.exposure')}</span> <Pnl rupees={-exposure} />
            {onBook ? (
              <Button variant="secondary" className="bl-btn--small" aria-label={t('odds.bookOf', { name: fancy.name })} onClick={() => onBook(fancy)}>
                {t('odds.book')}
              </Button>
            ) : null}
          </span>
        ) : null}
      </div>
      {settled !== null ? (
        <div className="bl-fancy__prices bl-fancy__prices--settled">
          <p className="bl-settled" role="status">
            {settled}
          </p>
        </div>
      ) : (
        <div className="bl-fancy__prices">
          <FancyPrice side="no" run={fancy.noRun} rate={fancy.noRate} disabled={paused} onSelect={onPrice ? () => onPrice(fancy, 'NO') : undefined} />
          <FancyPrice side="yes" run={fancy.yesRun} rate={fancy.yesRate} disabled={paused} onSelect={onPrice ? () => onPrice(fancy, 'YES') : undefined} />
          {overlay ? (
            <div className="bl-market__overlay" role="status">
              {overlay}
            </div>
          ) : null}
        </div>
      )}
      {slip}
    </li>
  );
}

/**
 * The fancy (session) markets of a match: per line the No run and rate (pink) and the Yes run
 * and rate (blue), each line with its limits and its own overlay while suspended or while a ball
 * is being bowled. With `exposures` (rupees per fancy id) a line where the player has bets shows
 * its exposure and a Book button (the run book); `renderSlip` puts the bet slip under its line.
 * A settled line shows its result ("Settled · 57 runs") instead of its prices.
 */
export function FancyList({
  fancies,
  onRules,
  exposures,
  onPrice,
  onBook,
  renderSlip,
}: {
  fancies: Fancy[];
  onRules: () => void;
  exposures?: ReadonlyMap<string, number>;
  onPrice?: OnFancyPrice;
  onBook?: (fancy: Fancy) => void;
  renderSlip?: (fancy: Fancy) => ReactNode;
}) {
  const t = useT();
  return (
    <MarketFrame title={t('fancy.title')} status="open" limits={null} onRules={onRules} className="bl-market--fancy">
      <div className="bl-fancy__head" aria-hidden="true">
        <span />
        <span className="bl-fancy__side bl-fancy__side--no">{sideLabel('NO')}</span>
        <span className="bl-fancy__side bl-fancy__side--yes">{sideLabel('YES')}</span>
      </div>
      <ul className="bl-fancies" aria-label={t('fancy.title')}>
        {fancies.map((f) => (
          <FancyRow key={f.fancyId} fancy={f} exposure={exposures?.get(f.fancyId)} onPrice={onPrice} onBook={onBook} slip={renderSlip?.(f) ?? null} />
        ))}
      </ul>
    </MarketFrame>
  );
}
