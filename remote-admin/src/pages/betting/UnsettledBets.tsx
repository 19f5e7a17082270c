import { useCallback, useState } from 'react';
import { Link, generatePath, useParams } from 'react-router';
import { BET_LIST_PAGE_SIZE, BuildTag, Button, EmptyState, Page, ROUTES, SEARCH_MAX_LENGTH, SelectField, Spinner, useLoad, type BetPage, type BetRow, type BetSortKey, type UnsettledBetType, sportIdOf, ALL_SPORTS, useApis } from '@backlay/shared';
import { Pager } from '@backlay/shared/reports';
import { ExportActions } from '@backlay/shared/exports';
import { SearchBox, useSort } from '@backlay/shared/sortable';
import { BetsTable } from './BetsTable';
import { SPORT_OPTIONS } from './betting-common';

/** The tabs of unsettledbet/:type. */
export const UNSETTLED_TABS: ReadonlyArray<{ type: UnsettledBetType; label: string }> = [
  { type: 'matched', label: 'Matched' },
  { type: 'deleted', label: 'Deleted' },
];

/** The list a path names: 'deleted', else 'matched' (plain /admin/unsettledbet too). */
export function unsettledTypeOf(param: string | undefined): UnsettledBetType {
  return param === 'deleted' ? 'deleted' : 'matched';
}

/** unsettledbet and unsettledbet/:type: the downline's open bets, or the voided ones. */
export function UnsettledBets() {
  const type = unsettledTypeOf(useParams().type);
  return <UnsettledBetsOf key={type} type={type} />;
}

/**
 * The downline's open bets (Matched) or the bets voided by an agent or a void result (Deleted),
 * newest first or sorted by a column (by the server: the list is paged, ADR 0068), filtered by
 * sport and a search of a username, match or market name, and paged: user, match, market,
 * selection, side, odds or the fancy's line @ rate, stake and time placed (and why, for deleted bets).
 */
function UnsettledBetsOf({ type }: { type: UnsettledBetType }) {
  const { bets: betsApi } = useApis();
  const [sport, setSport] = useState(ALL_SPORTS);
  const [search, setSearch] = useState('');
  const [sort, toggleSort] = useSort<BetSortKey>();
  const [page, setPage] = useState(1);
  const { load, reload } = useLoad<BetPage<BetRow>>(
    () => betsApi.unsettledBets({ type, sportId: sportIdOf(sport), search: search || undefined, sort: sort?.key, order: sort?.order, page, pageSize: BET_LIST_PAGE_SIZE }),
    `${type}:${sport}:${search}:${sort?.key}:${sort?.order}:${page}`,
  );
  // A new search or order starts again at page 1.
  const searchFor = useCallback((next: string) => {
    setSearch(next);
    setPage(1);
  }, []);
  const sortBy = useCallback(
    (key: BetSortKey) => {
      toggleSort(key);
      setPage(1);
    },
    [toggleSort],
  );
  const label = type === 'deleted' ? 'Deleted bets' : 'Matched bets';
  return (
    <Page
      title="Unsettled bets"
      actions={
        <Button variant="secondary" className="bl-btn--small" onClick={reload}>
          Refresh
        </Button>
      }
    >
      <nav className="bl-tabs" aria-label="Bet lists">
        {UNSETTLED_TABS.map((t) => (
          <Link key={t.type} to={generatePath(ROUTES.adminUnsettledBetType.path, { type: t.type })} className={t.type === type ? 'active' : undefined} aria-current={t.type === type ? 'page' : undefined}>
            {t.label}
          </Link>
        ))}
      </nav>
      <div className="bl-filters">
        <SelectField
          label="Sport"
          value={sport}
          options={SPORT_OPTIONS}
          onChange={(e) => {
            setSport(e.target.value);
            setPage(1);
          }}
        />
        <SearchBox label="Search bets" maxLength={SEARCH_MAX_LENGTH} onSearch={searchFor} />
      </div>
      <ExportActions report="unsettled-bets" filters={{ type, sportId: sportIdOf(sport), search: search || undefined, sort: sort?.key, order: sort?.order }} title={`Unsettled bets: ${label}`} />
      {load.state === 'loading' ? <Spinner label="Loading bets" /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.total === 0 ? (
        <EmptyState>{search !== '' ? 'No bets match the search.' : type === 'deleted' ? 'No deleted bets.' : 'No open bets in your downline.'}</EmptyState>
      ) : null}
      {load.state === 'done' && load.value.total > 0 ? (
        <>
          <BetsTable rows={load.value.rows} label={label} showMatch showVoidReason={type === 'deleted'} sorting={{ sort, onSort: sortBy }} />
          <Pager page={load.value.page} pageSize={load.value.pageSize} total={load.value.total} onPage={setPage} label="Bet pages" />
        </>
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
