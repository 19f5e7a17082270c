import { useMemo, useState } from 'react';
import { Link, generatePath, useParams, useSearchParams } from 'react-router';
import { BuildTag, Button, EmptyState, Page, ROUTES, Spinner, isRacingSport, type FeedMatch, useLoad, formatDateTimeMinutes, useApis } from '@backlay/shared';
import { SearchBox, SortHeader, matchesSearch, type SortColumn, useSort, useSortedRows } from '@backlay/shared/sortable';
import { runAction, sportName } from './sports-common';

/** The columns the feed's matches sort by in the browser. */
const FEED_COLUMNS = {
  name: { kind: 'text', value: (m) => m.name },
  start: { kind: 'date', value: (m) => m.openDate },
  state: { kind: 'number', value: (m) => (m.inPlay ? 0 : 1) },
  imported: { kind: 'number', value: (m) => (m.imported ? 1 : 0) },
} as const satisfies Record<string, SortColumn<FeedMatch>>;

/**
 * matches/:sportId?competitionId=… (admin and sadmin): the feed's matches of a competition. Import
 * saves a match with its markets and fancies, all switched on (save-match with syncData); an
 * imported match links to its markets and fancies, where each can be switched off again. For a
 * racing sport the competition is a meeting and its matches the races (by off time, with their
 * WIN and PLACE markets; no fancies): Import all races imports every race not imported yet, one
 * save-match each. Columns sort in the browser (races by off time at first); a search narrows by name.
 */
export function FeedMatches() {
  const { sportsAdmin: sportsAdminApi } = useApis();
  const sportId = Number(useParams().sportId);
  const [query] = useSearchParams();
  const competitionId = query.get('competitionId') ?? '';
  const { load, reload } = useLoad(() => (competitionId ? sportsAdminApi.feedMatches(sportId, competitionId) : Promise.resolve<FeedMatch[]>([])), `${sportId}:${competitionId}`);
  const [busy, setBusy] = useState<string | null>(null);
  const competition = load.state === 'done' ? load.value[0]?.competitionName : undefined;
  const racing = isRacingSport(sportId);
  const [search, setSearch] = useState('');
  const [sort, onSort] = useSort<keyof typeof FEED_COLUMNS>(racing ? { key: 'start', order: 'asc' } : null);
  const all = load.state === 'done' ? load.value : null;
  const found = useMemo(() => (all ?? []).filter((m) => matchesSearch(search, m.name)), [all, search]);
  const rows = useSortedRows(found, FEED_COLUMNS, sort);
  const pending = (all ?? []).filter((m) => !m.imported);

  const importMatch = async (m: FeedMatch) => {
    setBusy(m.eventId);
    await runAction(() => sportsAdminApi.saveMatch({ data: { eventId: m.eventId, sportId: m.sportId, competitionId: m.competitionId }, syncData: true }), () => {
      setBusy(null);
      reload();
    });
  };

  const importAll = async () => {
    setBusy('all');
    for (const m of pending) {
      await runAction(() => sportsAdminApi.saveMatch({ data: { eventId: m.eventId, sportId: m.sportId, competitionId: m.competitionId }, syncData: true }), () => undefined);
    }
    setBusy(null);
    reload();
  };

  return (
    <Page
      title={`${racing ? 'Races' : 'Matches'}: ${competition ?? sportName(sportId)}`}
      actions={
        <Link to={generatePath(ROUTES.adminSeries.path, { sportId: String(sportId) })}>
          All {sportName(sportId).toLowerCase()} {racing ? 'meetings' : 'series'}
        </Link>
      }
    >
      {competitionId === '' ? <EmptyState>Choose a {racing ? 'meeting from the meetings' : 'competition from the series'} list first.</EmptyState> : null}
      {competitionId !== '' && load.state === 'loading' ? <Spinner label={racing ? 'Loading races' : 'Loading matches'} /> : null}
      {competitionId !== '' && load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {competitionId !== '' && load.state === 'done' && load.value.length === 0 ? <EmptyState>The feed has no {racing ? 'races at this meeting' : 'matches in this competition'} right now.</EmptyState> : null}
      {racing && pending.length > 0 ? (
        <p>
          <Button disabled={busy !== null} onClick={() => void importAll()}>
            Import all races ({pending.length})
          </Button>
        </p>
      ) : null}
      {competitionId !== '' && all && all.length > 0 ? <SearchBox label={racing ? 'Search races' : 'Search matches'} onSearch={setSearch} /> : null}
      {competitionId !== '' && all && all.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table" aria-label={racing ? 'Feed races' : 'Feed matches'}>
            <thead>
              <tr>
                <SortHeader label={racing ? 'Race' : 'Match'} sortKey="name" sort={sort} onSort={onSort} />
                <SortHeader label={racing ? 'Off' : 'Start'} sortKey="start" sort={sort} onSort={onSort} />
                <SortHeader label="State" sortKey="state" sort={sort} onSort={onSort} />
                <SortHeader label="Import" sortKey="imported" sort={sort} onSort={onSort} />
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.eventId}>
                  <th scope="row" className="bl-table__wrap">
                    {m.name}
                  </th>
                  <td>{formatDateTimeMinutes(m.openDate)}</td>
                  <td>{m.inPlay ? <span className="bl-inplay">{racing ? 'Off' : 'In-play'}</span> : 'Upcoming'}</td>
                  <td>
                    {m.imported ? (
                      <div className="bl-row-actions">
                        <span className="bl-badge">Imported</span>
                        <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminActiveMarkets.path, { matchId: m.eventId })} aria-label={`Markets of ${m.name}`}>
                          Markets
                        </Link>
                        {racing ? null : (
                          <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminActiveFancies.path, { matchId: m.eventId })} aria-label={`Fancies of ${m.name}`}>
                            Fancies
                          </Link>
                        )}
                      </div>
                    ) : (
                      <Button className="bl-btn--small" disabled={busy === m.eventId || busy === 'all'} aria-label={`Import ${m.name}`} onClick={() => void importMatch(m)}>
                        Import
                      </Button>
                    )}
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
