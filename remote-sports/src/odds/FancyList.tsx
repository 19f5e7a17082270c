import type { Fancy } from '@backlay/shared';
import { LimitsText, MarketFrame, overlayText } from './MarketFrame';
import { useFlash } from './use-flash';

/** One side of a fancy: the run line over the rate, pink for No and blue for Yes. */
function FancyPrice({ side, run, rate }: { side: 'no' | 'yes'; run: number; rate: number }) {
  const flashing = useFlash(`${run}|${rate}`);
  const label = side === 'no' ? 'No' : 'Yes';
  return (
    <div className={`bl-price bl-price--${side === 'no' ? 'lay' : 'back'}${flashing ? ' bl-flash' : ''}`} role="group" aria-label={`${label}: ${run} at ${rate}`}>
      <span className="bl-price__odds">{run}</span>
      <span className="bl-price__size">{rate}</span>
    </div>
  );
}

function FancyRow({ fancy }: { fancy: Fancy }) {
  const overlay = overlayText(fancy.status);
  return (
    <li className="bl-fancy" aria-label={fancy.name} data-status={fancy.status}>
      <div className="bl-fancy__name">
        <span>{fancy.name}</span>
        <LimitsText limits={fancy} />
      </div>
      <div className="bl-fancy__prices">
        <FancyPrice side="no" run={fancy.noRun} rate={fancy.noRate} />
        <FancyPrice side="yes" run={fancy.yesRun} rate={fancy.yesRate} />
        {overlay ? (
          <div className="bl-market__overlay" role="status">
            {overlay}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The fancy (session) markets of a match: per line the No run and rate (pink) and the Yes run
 * and rate (blue), each line with its limits and its own overlay while suspended or while a ball
 * is being bowled.
 */
export function FancyList({ fancies, onRules }: { fancies: Fancy[]; onRules: () => void }) {
  return (
    <MarketFrame title="Fancy sessions" status="open" limits={null} onRules={onRules} className="bl-market--fancy">
      <div className="bl-fancy__head" aria-hidden="true">
        <span />
        <span className="bl-fancy__side bl-fancy__side--no">No</span>
        <span className="bl-fancy__side bl-fancy__side--yes">Yes</span>
      </div>
      <ul className="bl-fancies" aria-label="Fancy sessions">
        {fancies.map((f) => (
          <FancyRow key={f.fancyId} fancy={f} />
        ))}
      </ul>
    </MarketFrame>
  );
}
