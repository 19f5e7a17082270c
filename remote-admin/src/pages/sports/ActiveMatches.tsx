import { useCallback, useState } from 'react';
import { Link, NavLink, generatePath, useParams } from 'react-router';
import { BuildTag, EmptyState, PAGE_SIZE_MAX, Page, ROUTES, SEARCH_MAX_LENGTH, Spinner, type AdminMatchSummary, type MatchSortKey, useLoad, formatDateTimeMinutes, useApis } from '@backlay/shared';
import { SearchBox, SortHeader, useSort } from '@backlay/shared/sortable';
import { Switch, runAction, sportName } from './sports-common';
import { t as translate, useT } from '../../i18n';

/** The match type filters of active-matches/:sportId/:matchType? (all by default), in the page's language. */
export function matchTypes() {
  return [
    { value: 'all', label: translate('matches.all') },
    { value: 'inplay', label: translate('matches.inPlay') },
    { value: 'upcoming', label: translate('matches.upcoming') },
  ] as const;
}

/**
 * active-matches/:sportId/:matchType? (admin and sadmin): the imported matches of a sport, all,
 * in-play or upcoming, each with the switch that shows it to players (update-match) and links to
 * its markets and fancies. The API answers at most PAGE_SIZE_MAX matches, so the server sorts
 * them by the header pressed and searches a match or competition name (ADR 0068).
 */
export function ActiveMatches() {
  const { sportsAdmin: sportsAdminApi } = useApis();
  const params = useParams();
  const sportId = Number(params.sportId);
  const matchType = params.matchType ?? 'all';
  const [search, setSearch] = useState('');
  const [sort, onSort] = useSort<MatchSortKey>();
  const { load, reload } = useLoad(
    () => sportsAdminApi.matchList({ sportId, status: matchType, limit: PAGE_SIZE_MAX, search: search || undefined, sort: sort?.key, order: sort?.order }),
    `${sportId}:${matchType}:${search}:${sort?.key}:${sort?.order}`,
  );
  const [busy, setBusy] = useState<string | null>(null);
  const name = sportName(sportId);
  const searchFor = useCallback((next: string) => setSearch(next), []);
  const rows = load.state === 'done' ? load.value : null;
  const t = useT();

  const toggle = async (m: AdminMatchSummary, active: boolean) => {
    setBusy(m._id);
    await runAction(() => sportsAdminApi.updateMatch({ matchId: m._id, active }), () => {
      setBusy(null);
      reload();
    });
  };

  return (
    <Page title={t('feed.titleMatches', { where: name })} actions={<Link to={generatePath(ROUTES.adminSeries.path, { sportId: String(sportId) })}>{t('matches.importFromFeed')}</Link>}>
      <nav className="bl-tabs" aria-label={t('matches.type')}>
        {matchTypes().map((type) => (
          <NavLink
            key={type.value}
            to={generatePath(ROUTES.adminActiveMatches.path, { sportId: String(sportId), matchType: type.value })}
            className={type.value === matchType ? 'active' : undefined}
            aria-current={type.value === matchType ? 'page' : undefined}
          >
            {type.label}
          </NavLink>
        ))}
      </nav>
      <div className="bl-filters">
        <SearchBox label={t('feed.searchMatches')} maxLength={SEARCH_MAX_LENGTH} onSearch={searchFor} />
      </div>
      {load.state === 'loading' ? <Spinner label={t('feed.loadingMatches')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {rows && rows.length === 0 ? (
        <EmptyState>{search !== '' ? t('matches.noSearch') : t('matches.none', { sport: name.toLowerCase() })}</EmptyState>
      ) : null}
      {rows && rows.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--sticky" aria-label={t('matches.imported')}>
            <thead>
              <tr>
                <SortHeader label={t('dashboard.match')} sortKey="name" sort={sort} onSort={onSort} />
                <SortHeader label={t('series.competition')} sortKey="competition" sort={sort} onSort={onSort} />
                <SortHeader label={t('feed.start')} sortKey="openDate" sort={sort} onSort={onSort} />
                <SortHeader label={t('matches.shown')} sortKey="active" sort={sort} onSort={onSort} />
                <th scope="col">{t('matches.markets')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m._id}>
                  <th scope="row">{m.name}</th>
                  <td>{m.competitionName ?? ''}</td>
                  <td>{m.inPlay ? <span className="bl-inplay">{t('matches.inPlay')}</span> : formatDateTimeMinutes(m.openDate)}</td>
                  <td>
                    <Switch label={t('matches.shownLabel', { name: m.name })} checked={m.active} disabled={busy === m._id} onChange={(next) => void toggle(m, next)} />
                  </td>
                  <td>
                    <div className="bl-row-actions">
                      <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminActiveMarkets.path, { matchId: m._id })} aria-label={t('matches.marketsOf', { name: m.name })}>
                        {t('matches.markets')}
                      </Link>
                      <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminActiveFancies.path, { matchId: m._id })} aria-label={t('matches.fanciesOf', { name: m.name })}>
                        {t('matches.fancies')}
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
