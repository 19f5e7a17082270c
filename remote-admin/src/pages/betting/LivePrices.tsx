import { useId } from 'react';
import { FRAMED_TABLE_STYLE, MARKET_TITLE_STYLE, SECTION_STYLE } from './betting-common';
import { EmptyState, PRICE_CONNECTION_TEXT, Spinner, formatRunnerPrice, marketStatusLabel, reductionText, runnerLabel, useMatchState, type Market, type MarketStatus } from '@backlay/shared';

function StatusBadge({ of }: { of: { status: MarketStatus; adminSuspended: boolean } }) {
  return <span className={`bl-badge${of.status === 'open' ? '' : ' bl-badge--locked'}`}>{marketStatusLabel(of)}</span>;
}

function MarketPrices({ market }: { market: Market }) {
  const titleId = useId();
  return (
    <section className="bl-market" aria-labelledby={titleId}>
      <header className="bl-market__head">
        <h3 id={titleId} style={MARKET_TITLE_STYLE}>
          {market.name}
        </h3>
        <StatusBadge of={market} />
      </header>
      <div className="bl-table-wrap">
        <table className="bl-table bl-table--compact" style={FRAMED_TABLE_STYLE} aria-label={`${market.name} prices`}>
          <thead>
            <tr>
              <th scope="col">Runner</th>
              <th scope="col" className="num">
                Back
              </th>
              <th scope="col" className="num">
                Lay
              </th>
            </tr>
          </thead>
          <tbody>
            {market.runners.map((r) => (
              <tr key={r.selectionId}>
                <th scope="row">{runnerLabel(r.name, r.clothNumber)}</th>
                {r.status === 'removed' ? (
                  <td colSpan={2}>{['Removed', reductionText(r.adjustmentFactor)].filter(Boolean).join(' · ')}</td>
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
  return (
    <section aria-labelledby={titleId} style={SECTION_STYLE}>
      <header className="bl-page__head">
        <h2 id={titleId} className="bl-section-title">
          Live prices
        </h2>
        <span className={`bl-live bl-live--${data.status}`} role="status">
          {PRICE_CONNECTION_TEXT[data.status]}
        </span>
      </header>
      {data.status === 'connecting' ? <Spinner label="Loading prices" /> : null}
      {data.status === 'unavailable' ? <EmptyState>Live prices are not available for this match: {data.error}</EmptyState> : null}
      {data.status !== 'connecting' && data.status !== 'unavailable' && data.markets.length === 0 && data.fancies.length === 0 ? <EmptyState>No markets are open on this match right now.</EmptyState> : null}
      <div className="bl-markets">
        {data.markets.map((m) => (
          <MarketPrices key={m.marketId} market={m} />
        ))}
        {data.fancies.length > 0 ? (
          <div className="bl-table-wrap">
            <table className="bl-table bl-table--compact" aria-label="Fancy prices">
              <thead>
                <tr>
                  <th scope="col">Fancy</th>
                  <th scope="col" className="num">
                    No
                  </th>
                  <th scope="col" className="num">
                    Yes
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.fancies.map((f) => (
                  <tr key={f.fancyId}>
                    <th scope="row">{f.name}</th>
                    <td className="num">
                      <span className="bl-price bl-price--lay" aria-label={`No ${f.noRun} at ${f.noRate}`}>
                        <span className="bl-price__odds">{f.noRun}</span>
                        <span className="bl-price__size">{f.noRate}</span>
                      </span>
                    </td>
                    <td className="num">
                      <span className="bl-price bl-price--back" aria-label={`Yes ${f.yesRun} at ${f.yesRate}`}>
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
