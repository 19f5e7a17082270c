import { useCallback, useState } from 'react';
import {
  BET_LIST_PAGE_SIZE,
  BuildTag,
  Page,
  SEARCH_MAX_LENGTH,
  SelectField,
  useApis,
  type BetHistoryQuery,
  type BetPage,
  type BetRow,
  type BetSortKey,
  type SortOrder,
  ALL_SPORTS,
  sportIdOf,
} from '@backlay/shared';
import { Pager, RangeFilters, RangeLoadStatus, useRangeReport } from '@backlay/shared/reports';
import { ExportActions } from '@backlay/shared/exports';
import { SearchBox } from '@backlay/shared/sortable';
import { BetTable } from '../bets/BetTable';
import { SportSelect } from '../bets/filters';
import { useT, type SportsKey } from '../i18n';

/** The status filter of the bet history (each label a key of the sports catalog). */
export const HISTORY_STATUSES: ReadonlyArray<{ value: NonNullable<BetHistoryQuery['status']>; label: SportsKey }> = [
  { value: 'all', label: 'history.status.all' },
  { value: 'settled', label: 'history.status.settled' },
  { value: 'voided', label: 'history.status.voided' },
];

/**
 * The orders a player may list the history in (the server sorts: the history is paged, ADR 0068).
 * A select, not sortable headers: on a phone the bets are cards, with no header to press.
 */
export const HISTORY_ORDERS: ReadonlyArray<{ value: string; label: SportsKey; sort?: BetSortKey; order?: SortOrder }> = [
  { value: 'placed', label: 'history.order.placed' },
  { value: 'settled', label: 'history.order.settled', sort: 'settledAt', order: 'desc' },
  { value: 'stake', label: 'history.order.stake', sort: 'stake', order: 'desc' },
  { value: 'pnl-best', label: 'history.order.pnlBest', sort: 'pnl', order: 'desc' },
  { value: 'pnl-worst', label: 'history.order.pnlWorst', sort: 'pnl', order: 'asc' },
];

/**
 * /bethistory: the player's settled and voided bets, newest placed first or in the order chosen:
 * From and To (the last 7 days by default), sport and status filters, a search of match and market
 * names, each bet with its P&L, a page at a time. The export takes the same filters and order.
 */
export function BetHistory() {
  const t = useT();
  const { bets: betsApi } = useApis();
  const [sport, setSport] = useState(ALL_SPORTS);
  const [status, setStatus] = useState<NonNullable<BetHistoryQuery['status']>>('all');
  const [orderBy, setOrderBy] = useState('placed');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { sort, order } = HISTORY_ORDERS.find((o) => o.value === orderBy) ?? {};
  const { range, setRange, ready, load, report: result } = useRangeReport(
    (r): Promise<BetPage<BetRow>> =>
      betsApi.betHistory({ from: r.from, to: r.to, sportId: sportIdOf(sport), status, search: search || undefined, sort, order, page, pageSize: BET_LIST_PAGE_SIZE }),
    [sport, status, search, sort, order, page],
  );
  // Any filter change starts again from the first page.
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const searchFor = useCallback((next: string) => {
    setSearch(next);
    setPage(1);
  }, []);
  return (
    <Page title={t('history.title')}>
      <RangeFilters range={range} onChange={filter(setRange)}>
        <SportSelect value={sport} onChange={filter(setSport)} />
        <SelectField label={t('history.status')} value={status} options={HISTORY_STATUSES.map((o) => ({ value: o.value, label: t(o.label) }))} onChange={(e) => filter(setStatus)(e.target.value as NonNullable<BetHistoryQuery['status']>)} />
        <SelectField label={t('history.order')} value={orderBy} options={HISTORY_ORDERS.map((o) => ({ value: o.value, label: t(o.label) }))} onChange={(e) => filter(setOrderBy)(e.target.value)} />
        <SearchBox label={t('history.search')} maxLength={SEARCH_MAX_LENGTH} onSearch={searchFor} />
      </RangeFilters>
      <ExportActions report="bet-history" filters={ready ? { from: range.from, to: range.to, sportId: sportIdOf(sport), status, search: search || undefined, sort, order } : null} title={t('history.title')} />
      <RangeLoadStatus ready={ready} load={load} loading={t('history.loading')} failed={t('history.failed')} />
      {result ? (
        <>
          <BetTable rows={result.rows} label={t('history.table')} outcome />
          {result.total > 0 ? <Pager page={result.page} pageSize={result.pageSize} total={result.total} onPage={setPage} label={t('history.pages')} /> : null}
        </>
      ) : null}
      <BuildTag app="sports" label={__BUILD_LABEL__} />
    </Page>
  );
}
