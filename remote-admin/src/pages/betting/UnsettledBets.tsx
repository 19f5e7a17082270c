import { useCallback, useState } from 'react';
import { Link, generatePath, useParams } from 'react-router';
import { BET_LIST_PAGE_SIZE, BuildTag, Button, EmptyState, Page, ROUTES, SEARCH_MAX_LENGTH, SelectField, Spinner, useLoad, type BetPage, type BetRow, type BetSortKey, type UnsettledBetType, sportIdOf, ALL_SPORTS, useApis } from '@backlay/shared';
import { Pager } from '@backlay/shared/reports';
import { ExportActions } from '@backlay/shared/exports';
import { SearchBox, useSort } from '@backlay/shared/sortable';
import { BetsTable } from './BetsTable';
import { sportOptions } from './betting-common';
import { t as translate, useT } from '../../i18n';

/** The tabs of unsettledbet/:type (in the page's language). */
export function unsettledTabs(): ReadonlyArray<{ type: UnsettledBetType; label: string }> {
  return [
    { type: 'matched', label: translate('unsettled.matched') },
    { type: 'deleted', label: translate('unsettled.deleted') },
  ];
}

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
  const t = useT();
  const label = type === 'deleted' ? t('unsettled.deletedBets') : t('unsettled.matchedBets');
  return (
    <Page
      title={t('unsettled.title')}
      actions={
        <Button variant="secondary" className="bl-btn--small" onClick={reload}>
          {t('common.refresh')}
        </Button>
      }
    >
      <nav className="bl-tabs" aria-label={t('unsettled.lists')}>
        {unsettledTabs().map((tab) => (
          <Link key={tab.type} to={generatePath(ROUTES.adminUnsettledBetType.path, { type: tab.type })} className={tab.type === type ? 'active' : undefined} aria-current={tab.type === type ? 'page' : undefined}>
            {tab.label}
          </Link>
        ))}
      </nav>
      <div className="bl-filters">
        <SelectField
          label={t('dashboard.sport')}
          value={sport}
          options={sportOptions()}
          onChange={(e) => {
            setSport(e.target.value);
            setPage(1);
          }}
        />
        <SearchBox label={t('unsettled.search')} maxLength={SEARCH_MAX_LENGTH} onSearch={searchFor} />
      </div>
      <ExportActions report="unsettled-bets" filters={{ type, sportId: sportIdOf(sport), search: search || undefined, sort: sort?.key, order: sort?.order }} title={t('unsettled.exportTitle', { list: label })} />
      {load.state === 'loading' ? <Spinner label={t('bets.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.total === 0 ? (
        <EmptyState>{search !== '' ? t('bets.noMatch') : type === 'deleted' ? t('unsettled.noDeleted') : t('dashboard.exposure.none')}</EmptyState>
      ) : null}
      {load.state === 'done' && load.value.total > 0 ? (
        <>
          <BetsTable rows={load.value.rows} label={label} showMatch showVoidReason={type === 'deleted'} sorting={{ sort, onSort: sortBy }} />
          <Pager page={load.value.page} pageSize={load.value.pageSize} total={load.value.total} onPage={setPage} label={t('bets.pages')} />
        </>
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
