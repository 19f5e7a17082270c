import { Pnl, raceMarketTitle, reductionText, runnerLabel, type Market, type PlaceBetSide, type Runner, sideLabel } from '@backlay/shared';
import { t as translate, useT } from '../i18n';
import { MarketFrame } from './MarketFrame';
import { PriceCell } from './PriceCell';
import { marketSettledText } from './settled';

/** Ladder depth: three best backs and three best lays per runner. */
export const LADDER_LEVELS = 3;

const LEVELS = Array.from({ length: LADDER_LEVELS }, (_, i) => i);

/** A click on a price: the runner, the side and the price as the ladder holds it. */
export type OnPrice = (selectionId: string, side: PlaceBetSide, price: number) => void;

/** A runner's badge once it is not active: a non-runner (NR in racing), a winner (Placed in a PLACE market), a loser. */
function badgeText(runner: Runner, market: Market, racing: boolean): string {
  if (runner.status === 'removed') return translate(racing ? 'ladder.nr' : 'ladder.removed');
  if (runner.status === 'winner') return translate(market.numberOfWinners > 1 ? 'ladder.placed' : 'ladder.winner');
  return translate('ladder.loser');
}

/** A racing runner's name cell: its race-card number in a box, then its name (struck through for a non-runner). */
function RaceRunnerName({ runner }: { runner: Runner }) {
  const removed = runner.status === 'removed';
  return (
    <>
      {runner.clothNumber !== null ? (
        <span className="bl-cloth" aria-hidden="true">
          {runner.clothNumber}
        </span>
      ) : null}
      <span className="bl-visually-hidden">{runnerLabel(runner.name, runner.clothNumber)}</span>
      <span aria-hidden="true">{removed ? <s>{runner.name}</s> : runner.name}</span>
    </>
  );
}

function RunnerRow({ runner, market, pnl, onPrice, racing }: { runner: Runner; market: Market; pnl: number | undefined; onPrice?: OnPrice; racing: boolean }) {
  const t = useT();
  const settled = runner.status !== 'active';
  const marketSettled = market.settled !== null;
  const disabled = market.status !== 'open' || runner.status !== 'active';
  const select = (side: PlaceBetSide) => (onPrice ? (price: number) => onPrice(runner.selectionId, side, price) : undefined);
  const name = racing ? runnerLabel(runner.name, runner.clothNumber) : runner.name;
  const reduction = racing && runner.status === 'removed' ? reductionText(runner.adjustmentFactor) : null;
  return (
    <tr className={[settled ? 'bl-ladder__runner--settled' : '', racing && runner.status === 'removed' ? 'bl-ladder__runner--nr' : ''].filter(Boolean).join(' ') || undefined}>
      <th scope="row" className="bl-ladder__runner">
        {racing ? <RaceRunnerName runner={runner} /> : runner.name}
        {settled ? <span className={`bl-badge bl-badge--${runner.status}`}>{badgeText(runner, market, racing)}</span> : null}
        {reduction !== null && marketSettled ? <small className="bl-reduction">{reduction}</small> : null}
        {pnl !== undefined ? (
          <span className="bl-runner-pnl">
            <Pnl rupees={pnl} />
          </span>
        ) : null}
      </th>
      {marketSettled ? null : runner.status === 'removed' ? (
        <td colSpan={LADDER_LEVELS * 2} className="bl-ladder__removed">
          {racing ? [t('ladder.nonRunner'), reduction].filter(Boolean).join(' · ') : t('ladder.removed')}
        </td>
      ) : (
        <>
          {/* Backs from the third best to the best, so the best back sits next to the best lay. */}
          {[...LEVELS].reverse().map((level) => (
            <PriceCell key={`back-${level}`} side="back" level={level} type={market.type} at={runner.back[level]} runnerName={name} onSelect={select('BACK')} disabled={disabled} />
          ))}
          {LEVELS.map((level) => (
            <PriceCell key={`lay-${level}`} side="lay" level={level} type={market.type} at={runner.lay[level]} runnerName={name} onSelect={select('LAY')} disabled={disabled} />
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
 * A race's market (`racing`) is titled Win or "To be placed · 2 places" (ADR 0045), each runner
 * shows its race-card number before its name, and a non-runner is struck through with NR and its
 * reduction factor instead of prices; a placed runner of a settled PLACE market is badged Placed.
 */
export function MarketLadder({
  market,
  onRules,
  pnl,
  onPrice,
  racing = false,
}: {
  market: Market;
  onRules: () => void;
  pnl?: ReadonlyMap<string, number>;
  onPrice?: OnPrice;
  racing?: boolean;
}) {
  const t = useT();
  const settled = marketSettledText(market, racing);
  const title = racing ? raceMarketTitle(market.numberOfWinners) : market.name;
  return (
    <MarketFrame title={title} status={market.status} settled={settled} limits={market} onRules={onRules} className={`bl-market--${market.type}`}>
      <table className="bl-ladder" aria-label={t(settled === null ? 'ladder.prices' : 'ladder.result', { title })}>
        {settled !== null ? null : (
          <thead>
            {/* One header cell per column, so hiding levels 2 and 3 on a phone keeps the grid whole. */}
            <tr>
              <th scope="col" className="bl-ladder__runner">
                <span className="bl-visually-hidden">{t('ladder.runner')}</span>
              </th>
              {[...LEVELS].reverse().map((level) =>
                level === 0 ? (
                  <th key="back-1" scope="col" className="bl-ladder__side bl-ladder__side--back">
                    {sideLabel('BACK')}
                  </th>
                ) : (
                  <th key={`back-${level + 1}`} scope="col" className="bl-ladder__side bl-ladder__deep">
                    <span className="bl-visually-hidden">{t('ladder.backLevel', { level: level + 1 })}</span>
                  </th>
                ),
              )}
              {LEVELS.map((level) =>
                level === 0 ? (
                  <th key="lay-1" scope="col" className="bl-ladder__side bl-ladder__side--lay">
                    {sideLabel('LAY')}
                  </th>
                ) : (
                  <th key={`lay-${level + 1}`} scope="col" className="bl-ladder__side bl-ladder__deep">
                    <span className="bl-visually-hidden">{t('ladder.layLevel', { level: level + 1 })}</span>
                  </th>
                ),
              )}
            </tr>
          </thead>
        )}
        <tbody>
          {market.runners.map((runner) => (
            <RunnerRow key={runner.selectionId} runner={runner} market={market} pnl={pnl?.get(runner.selectionId)} onPrice={onPrice} racing={racing} />
          ))}
        </tbody>
      </table>
    </MarketFrame>
  );
}
