import { useCallback, useState } from 'react';
import { Link, NavLink, generatePath, useParams } from 'react-router';
import { BuildTag, EmptyState, PAGE_SIZE_MAX, Page, ROUTES, SEARCH_MAX_LENGTH, Spinner, type AdminMatchSummary, type MatchSortKey, useLoad, formatDateTimeMinutes, useApis } from '@backlay/shared';
import { SearchBox, SortHeader, useSort } from '@backlay/shared/sortable';
import { Switch, runAction, sportName } from './sports-common';

/** The match type filters of active-matches/:sportId/:matchType? (all by default). */
export const MATCH_TYPES = [
  { value: 'all', label: 'All' },
  { value: 'inplay', label: 'In-play' },
  { value: 'upcoming', label: 'Upcoming' },
] as const;

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

  const toggle = async (m: AdminMatchSummary, active: boolean) => {
    setBusy(m._id);
    await runAction(() => sportsAdminApi.updateMatch({ matchId: m._id, active }), () => {
      setBusy(null);
      reload();
    });
  };

  return (
    <Page title={`Matches: ${name}`} actions={<Link to={generatePath(ROUTES.adminSeries.path, { sportId: String(sportId) })}>Import from the feed</Link>}>
      <nav className="bl-tabs" aria-label="Match type">
        {MATCH_TYPES.map((t) => (
          <NavLink
            key={t.value}
            to={generatePath(ROUTES.adminActiveMatches.path, { sportId: String(sportId), matchType: t.value })}
            className={t.value === matchType ? 'active' : undefined}
            aria-current={t.value === matchType ? 'page' : undefined}
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      <div className="bl-filters">
        <SearchBox label="Search matches" maxLength={SEARCH_MAX_LENGTH} onSearch={searchFor} />
      </div>
      {load.state === 'loading' ? <Spinner label="Loading matches" /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {rows && rows.length === 0 ? (
        <EmptyState>{search !== '' ? 'No imported match matches the search.' : `No imported ${name.toLowerCase()} matches here. Import them from the feed's series.`}</EmptyState>
      ) : null}
      {rows && rows.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--sticky" aria-label="Imported matches">
            <thead>
              <tr>
                <SortHeader label="Match" sortKey="name" sort={sort} onSort={onSort} />
                <SortHeader label="Competition" sortKey="competition" sort={sort} onSort={onSort} />
                <SortHeader label="Start" sortKey="openDate" sort={sort} onSort={onSort} />
                <SortHeader label="Shown to players" sortKey="active" sort={sort} onSort={onSort} />
                <th scope="col">Markets</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m._id}>
                  <th scope="row">{m.name}</th>
                  <td>{m.competitionName ?? ''}</td>
                  <td>{m.inPlay ? <span className="bl-inplay">In-play</span> : formatDateTimeMinutes(m.openDate)}</td>
                  <td>
                    <Switch label={`${m.name} shown to players`} checked={m.active} disabled={busy === m._id} onChange={(next) => void toggle(m, next)} />
                  </td>
                  <td>
                    <div className="bl-row-actions">
                      <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminActiveMarkets.path, { matchId: m._id })} aria-label={`Markets of ${m.name}`}>
                        Markets
                      </Link>
                      <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminActiveFancies.path, { matchId: m._id })} aria-label={`Fancies of ${m.name}`}>
                        Fancies
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
