import { useId } from 'react';
import { Link, generatePath } from 'react-router';
import { BuildTag, Button, EmptyState, Page, ROUTES, Spinner, type MarketBook, useLoad, useApis } from '@backlay/shared';
import { SECTION_STYLE, LIVE_REFRESH_MS } from './betting-common';
import { MarketBookTable, groupByMatch } from './MarketBookTable';
import { useT } from '../../i18n';

/**
 * dashbaord and market-analysis: the agent's book on every open market with bets in its
 * downline (get-market-analysis), grouped by match. Per market the players' P&L and the agent's
 * own per outcome and the bet count; each match links to its agent view. Refreshes every 5 s
 * while the page is visible, and on Refresh.
 */
export function MarketAnalysis() {
  const { bets: betsApi } = useApis();
  const { load, reload } = useLoad(() => betsApi.marketAnalysis(), 'all', { refreshMs: LIVE_REFRESH_MS });
  const groups = load.state === 'done' ? groupByMatch(load.value) : [];
  const t = useT();
  return (
    <Page
      title={t('dashboard.marketAnalysis')}
      actions={
        <Button variant="secondary" className="bl-btn--small" onClick={reload}>
          {t('common.refresh')}
        </Button>
      }
    >
      <p className="bl-hint">{t('analysis.hint')}</p>
      {load.state === 'loading' ? <Spinner label={t('analysis.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && groups.length === 0 ? <EmptyState>{t('dashboard.exposure.none')}</EmptyState> : null}
      {groups.map((g) => (
        <MatchBooks key={g.matchId} matchId={g.matchId} matchName={g.matchName} books={g.books} />
      ))}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}

function MatchBooks({ matchId, matchName, books }: { matchId: string; matchName: string; books: MarketBook[] }) {
  const titleId = useId();
  const t = useT();
  return (
    <section style={SECTION_STYLE} aria-labelledby={titleId}>
      <header className="bl-page__head">
        <h2 id={titleId} className="bl-section-title">
          {matchName}
        </h2>
        <Link to={generatePath(ROUTES.adminOdds.path, { matchId })} aria-label={t('analysis.openLabel', { match: matchName })}>
          {t('analysis.open')}
        </Link>
      </header>
      <div className="bl-markets">
        {books.map((b) => (
          <MarketBookTable key={b.marketId} book={b} />
        ))}
      </div>
    </section>
  );
}
