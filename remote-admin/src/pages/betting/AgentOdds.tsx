import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BuildTag, Button, EmptyState, Page, ROUTES, Spinner, eventLabel, useLoad, useObservable, user$, useApis, type Role } from '@backlay/shared';
import { ChildBooks } from './ChildBooks';
import { DownlineBets } from './DownlineBets';
import { LivePrices } from './LivePrices';
import { MarketBookTable } from './MarketBookTable';
import { SECTION_STYLE, LIVE_REFRESH_MS } from './betting-common';
import { useT } from '../../i18n';

/** Roles that may void bets (delete-current-bet, delete-bets); the API refuses every other. */
export const DELETE_BET_ROLES: readonly Role[] = ['admin', 'sadmin'];

/** odds/:matchId in the admin area: the agent's view of one match. */
export function AgentOdds() {
  const { matchId = '' } = useParams();
  return <AgentMatch key={matchId} matchId={matchId} />;
}

/**
 * The agent's view of a match: its markets with live prices (read-only), the agent's books on
 * the match (get-market-analysis?matchId), the books per child with drill-down, and the
 * downline's open bets, which admin and sadmin can delete (void). Books and bets refresh every
 * 5 s while the page is visible, on Refresh and after a delete.
 */
function AgentMatch({ matchId }: { matchId: string }) {
  const { bets: betsApi, sports: sportsApi } = useApis();
  const me = useObservable(user$, null);
  const [refresh, setRefresh] = useState(0);
  const refreshAll = useCallback(() => setRefresh((n) => n + 1), []);
  const { load: match } = useLoad(() => sportsApi.matchById(matchId), matchId);
  const { load: books, reload } = useLoad(() => betsApi.marketAnalysis({ matchId }), matchId, { refreshMs: LIVE_REFRESH_MS });
  useEffect(() => {
    if (refresh > 0) reload();
  }, [refresh, reload]);
  const booksId = useId();
  const t = useT();

  const bookName = books.state === 'done' && books.value.length > 0 ? eventLabel(books.value[0].matchName, books.value[0].sportId, books.value[0].matchOpenDate) : null;
  const title = match.state === 'done' ? match.value.name : (bookName ?? t('dashboard.match'));
  const canDelete = me !== null && DELETE_BET_ROLES.includes(me.role);

  return (
    <Page
      title={title}
      actions={
        <div className="bl-page__links">
          <Link to={ROUTES.adminMarketAnalysis.path}>{t('dashboard.marketAnalysis')}</Link>
          <Button variant="secondary" className="bl-btn--small" onClick={refreshAll}>
            {t('common.refresh')}
          </Button>
        </div>
      }
    >
      {match.state === 'done' ? <p className="bl-hint">{match.value.competitionName}</p> : null}
      <LivePrices matchId={matchId} />
      <section aria-labelledby={booksId} style={SECTION_STYLE}>
        <h2 id={booksId} className="bl-section-title">
          {t('odds.books')}
        </h2>
        {books.state === 'loading' ? <Spinner label={t('odds.loading')} /> : null}
        {books.state === 'fail' ? <EmptyState>{books.message}</EmptyState> : null}
        {books.state === 'done' && books.value.length === 0 ? <EmptyState>{t('downlineBets.none')}</EmptyState> : null}
        {books.state === 'done' && books.value.length > 0 ? (
          <div className="bl-markets">
            {books.value.map((b) => (
              <MarketBookTable key={b.marketId} book={b} />
            ))}
          </div>
        ) : null}
      </section>
      {me ? <ChildBooks matchId={matchId} root={me.username} refresh={refresh} /> : null}
      <DownlineBets matchId={matchId} canDelete={canDelete} refresh={refresh} onChanged={refreshAll} />
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
