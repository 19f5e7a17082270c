import { useId } from 'react';
import { FRAMED_TABLE_STYLE, MARKET_TITLE_STYLE, SECTION_STYLE } from './betting-common';
import { useT } from '../../i18n';
import {
  EmptyState, Spinner, formatRunnerPrice, marketStatusLabel, reductionText, runnerLabel, useMatchState, type Market, type MarketStatus, priceConnectionText,
} from '@backlay/shared';

function StatusBadge({ of }: { of: { status: MarketStatus; adminSuspended: boolean } }) {
  return <span className={`bl-badge${of.status === 'open' ? '' : ' bl-badge--locked'}`}>{marketStatusLabel(of)}</span>;
}

function MarketPrices({ market }: { market: Market }) {
  const titleId = useId();
  const t = useT();
  return (
    <section className="bl-market" aria-labelledby={titleId}>
      <header className="bl-market__head">
        <h3 id={titleId} style={MARKET_TITLE_STYLE}>
          {market.name}
        </h3>
        <StatusBadge of={market} />
      </header>
      <div className="bl-table-wrap">
        <table className="bl-table bl-table--compact" style={FRAMED_TABLE_STYLE} aria-label={t('prices.of', { market: market.name })}>
          <thead>
            <tr>
              <th scope="col">{t('book.runner')}</th>
              <th scope="col" className="num">
                {t('prices.back')}
              </th>
              <th scope="col" className="num">
                {t('prices.lay')}
              </th>
            </tr>
          </thead>
          <tbody>
            {market.runners.map((r) => (
              <tr key={r.selectionId}>
                <th scope="row">{runnerLabel(r.name, r.clothNumber)}</th>
                {r.status === 'removed' ? (
                  <td colSpan={2}>{[t('prices.removed'), reductionText(r.adjustmentFactor)].filter(Boolean).join(' · ')}</td>
                ) : (
                  <>
                    <td className="num">
                      <span className="bl-price bl-price--back">{r.back[0] ? formatRunnerPrice(r.back[0].price, market.type) : '–'}</span>
                    </td>
                    <td className="num">
                      <span className="bl-price bl-price--lay">{r.lay[0] ? formatRunnerPrice(r.lay[0].price, market.type) : '–'}</span>
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The match's markets with their live best back and lay (read-only: agents do not bet here)
 * and its fancies with the No and Yes lines, each with its status.
 */
export function LivePrices({ matchId }: { matchId: string }) {
  const data = useMatchState(matchId);
  const titleId = useId();
  const t = useT();
  return (
    <section aria-labelledby={titleId} style={SECTION_STYLE}>
      <header className="bl-page__head">
        <h2 id={titleId} className="bl-section-title">
          {t('prices.title')}
        </h2>
        <span className={`bl-live bl-live--${data.status}`} role="status">
          {priceConnectionText(data.status)}
        </span>
      </header>
      {data.status === 'connecting' ? <Spinner label={t('prices.loading')} /> : null}
      {data.status === 'unavailable' ? <EmptyState>{t('prices.unavailable', { error: data.error ?? '' })}</EmptyState> : null}
      {data.status !== 'connecting' && data.status !== 'unavailable' && data.markets.length === 0 && data.fancies.length === 0 ? <EmptyState>{t('prices.none')}</EmptyState> : null}
      <div className="bl-markets">
        {data.markets.map((m) => (
          <MarketPrices key={m.marketId} market={m} />
        ))}
        {data.fancies.length > 0 ? (
          <div className="bl-table-wrap">
            <table className="bl-table bl-table--compact" aria-label={t('prices.fancy')}>
              <thead>
                <tr>
                  <th scope="col">{t('marketType.fancy')}</th>
                  <th scope="col" className="num">
                    {t('prices.no')}
                  </th>
                  <th scope="col" className="num">
                    {t('prices.yes')}
                  </th>
                  <th scope="col">{t('clients.col.status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.fancies.map((f) => (
                  <tr key={f.fancyId}>
                    <th scope="row">{f.name}</th>
                    <td className="num">
                      <span className="bl-price bl-price--lay" aria-label={t('prices.noAt', { run: f.noRun, rate: f.noRate })}>
                        <span className="bl-price__odds">{f.noRun}</span>
                        <span className="bl-price__size">{f.noRate}</span>
                      </span>
                    </td>
                    <td className="num">
                      <span className="bl-price bl-price--back" aria-label={t('prices.yesAt', { run: f.yesRun, rate: f.yesRate })}>
                        <span className="bl-price__odds">{f.yesRun}</span>
                        <span className="bl-price__size">{f.yesRate}</span>
                      </span>
                    </td>
                    <td>
                      <StatusBadge of={f} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </section>
  );
}
