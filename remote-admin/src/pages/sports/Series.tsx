import { useMemo, useState } from 'react';
import { Link, generatePath, useParams } from 'react-router';
import { BuildTag, EmptyState, Page, ROUTES, Spinner, isRacingSport, useLoad, useApis } from '@backlay/shared';
import { SearchBox, SortHeader, matchesSearch, useSort, useSortedRows, type SortColumn } from '@backlay/shared/sortable';
import { sportName } from './sports-common';
import { useT } from '../../i18n';

/** The path of a competition's feed matches (matches/:sportId?competitionId=…). */
export function feedMatchesPath(sportId: number, competitionId: string): string {
  return `${generatePath(ROUTES.adminMatches.path, { sportId: String(sportId) })}?${new URLSearchParams({ competitionId })}`;
}

type Competition = { name: string; matchCount: number };
/** The columns the competitions sort by in the browser. */
const SERIES_COLUMNS = {
  name: { kind: 'text', value: (c) => c.name },
  count: { kind: 'number', value: (c) => c.matchCount },
} as const satisfies Record<string, SortColumn<Competition>>;

/**
 * series/:sportId (admin and sadmin): the competitions the odds feed offers for a sport, each
 * leading to its matches, where they are imported. For a racing sport the competitions are the
 * meetings ("Sheffield (GB)") and their matches the races. Columns sort in the browser; a search
 * narrows by name.
 */
export function Series() {
  const { sportsAdmin: sportsAdminApi } = useApis();
  const sportId = Number(useParams().sportId);
  const { load } = useLoad(() => sportsAdminApi.series(sportId), String(sportId));
  const name = sportName(sportId);
  const racing = isRacingSport(sportId);
  const [search, setSearch] = useState('');
  const [sort, onSort] = useSort<keyof typeof SERIES_COLUMNS>();
  const all = load.state === 'done' ? load.value : null;
  const found = useMemo(() => (all ?? []).filter((c) => matchesSearch(search, c.name)), [all, search]);
  const rows = useSortedRows(found, SERIES_COLUMNS, sort);
  const t = useT();
  const words = racing
    ? { title: t('series.titleMeetings', { sport: name }), loading: t('series.loadingMeetings'), none: t('series.noneMeetings', { sport: name.toLowerCase() }), search: t('series.searchMeetings'), table: t('series.meetings'), row: t('series.meeting'), children: t('series.races') }
    : { title: t('series.titleSeries', { sport: name }), loading: t('series.loadingCompetitions'), none: t('series.noneCompetitions', { sport: name.toLowerCase() }), search: t('series.searchCompetitions'), table: t('series.competitions'), row: t('series.competition'), children: t('series.matches') };
  return (
    <Page title={words.title} actions={<Link to={generatePath(ROUTES.adminSportsList.path, {})}>{t('sport.all')}</Link>}>
      {load.state === 'loading' ? <Spinner label={words.loading} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>{words.none}</EmptyState> : null}
      {all && all.length > 0 ? <SearchBox label={words.search} onSearch={setSearch} /> : null}
      {all && all.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table" aria-label={words.table}>
            <thead>
              <tr>
                <SortHeader label={words.row} sortKey="name" sort={sort} onSort={onSort} />
                <SortHeader label={words.children} sortKey="count" num sort={sort} onSort={onSort} />
                <th scope="col">
                  <span className="bl-visually-hidden">{t('clients.col.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.competitionId}>
                  <th scope="row" className="bl-table__wrap">
                    {c.name}
                  </th>
                  <td className="num">{c.matchCount}</td>
                  <td>
                    <Link className="bl-btn bl-btn--secondary bl-btn--small" to={feedMatchesPath(sportId, c.competitionId)} aria-label={racing ? t('series.racesOf', { name: c.name }) : t('sports.matchesOf', { name: c.name })}>
                      {words.children}
                    </Link>
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
