import { useMemo, useState } from 'react';
import { Link, generatePath, useParams, useSearchParams } from 'react-router';
import { BuildTag, Button, EmptyState, Page, ROUTES, Spinner, isRacingSport, type FeedMatch, useLoad, formatDateTimeMinutes, useApis } from '@backlay/shared';
import { SearchBox, SortHeader, matchesSearch, type SortColumn, useSort, useSortedRows } from '@backlay/shared/sortable';
import { runAction, sportName } from './sports-common';
import { useT } from '../../i18n';

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
  const t = useT();
  const where = competition ?? sportName(sportId);
  const sport = sportName(sportId).toLowerCase();

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
      title={racing ? t('feed.titleRaces', { where }) : t('feed.titleMatches', { where })}
      actions={<Link to={generatePath(ROUTES.adminSeries.path, { sportId: String(sportId) })}>{racing ? t('feed.allMeetings', { sport }) : t('feed.allSeries', { sport })}</Link>}
    >
      {competitionId === '' ? <EmptyState>{racing ? t('feed.chooseMeeting') : t('feed.chooseCompetition')}</EmptyState> : null}
      {competitionId !== '' && load.state === 'loading' ? <Spinner label={racing ? t('feed.loadingRaces') : t('feed.loadingMatches')} /> : null}
      {competitionId !== '' && load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {competitionId !== '' && load.state === 'done' && load.value.length === 0 ? <EmptyState>{racing ? t('feed.noRaces') : t('feed.noMatches')}</EmptyState> : null}
      {racing && pending.length > 0 ? (
        <p>
          <Button disabled={busy !== null} onClick={() => void importAll()}>
            {t('feed.importAll', { count: pending.length })}
          </Button>
        </p>
      ) : null}
      {competitionId !== '' && all && all.length > 0 ? <SearchBox label={racing ? t('feed.searchRaces') : t('feed.searchMatches')} onSearch={setSearch} /> : null}
      {competitionId !== '' && all && all.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table" aria-label={racing ? t('feed.races') : t('feed.matches')}>
            <thead>
              <tr>
                <SortHeader label={racing ? t('feed.race') : t('dashboard.match')} sortKey="name" sort={sort} onSort={onSort} />
                <SortHeader label={racing ? t('feed.off') : t('feed.start')} sortKey="start" sort={sort} onSort={onSort} />
                <SortHeader label={t('feed.state')} sortKey="state" sort={sort} onSort={onSort} />
                <SortHeader label={t('feed.import')} sortKey="imported" sort={sort} onSort={onSort} />
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.eventId}>
                  <th scope="row" className="bl-table__wrap">
                    {m.name}
                  </th>
                  <td>{formatDateTimeMinutes(m.openDate)}</td>
                  <td>{m.inPlay ? <span className="bl-inplay">{racing ? t('feed.off') : t('matches.inPlay')}</span> : t('matches.upcoming')}</td>
                  <td>
                    {m.imported ? (
                      <div className="bl-row-actions">
                        <span className="bl-badge">{t('feed.imported')}</span>
                        <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminActiveMarkets.path, { matchId: m.eventId })} aria-label={t('matches.marketsOf', { name: m.name })}>
                          {t('matches.markets')}
                        </Link>
                        {racing ? null : (
                          <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminActiveFancies.path, { matchId: m.eventId })} aria-label={t('matches.fanciesOf', { name: m.name })}>
                            {t('matches.fancies')}
                          </Link>
                        )}
                      </div>
                    ) : (
                      <Button className="bl-btn--small" disabled={busy === m.eventId || busy === 'all'} aria-label={t('feed.importLabel', { name: m.name })} onClick={() => void importMatch(m)}>
                        {t('feed.import')}
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
