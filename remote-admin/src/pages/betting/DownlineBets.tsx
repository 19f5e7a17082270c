import { useCallback, useEffect, useId, useState } from 'react';
import { Link, generatePath } from 'react-router';
import { BET_LIST_PAGE_SIZE, Button, EmptyState, ROUTES, SEARCH_MAX_LENGTH, Spinner, type BetRow, type BetSortKey, useLoad, useApis } from '@backlay/shared';
import { Pager } from '@backlay/shared/reports';
import { SearchBox, useSort } from '@backlay/shared/sortable';
import { BetsTable } from './BetsTable';
import { SECTION_STYLE, LIVE_REFRESH_MS } from './betting-common';
import { DeleteBetsDialog } from './DeleteBetsDialog';
import { useT } from '../../i18n';

type Deleting = { bets: BetRow[]; single: boolean } | null;

/**
 * The downline's open bets on one match (unsettled-bets?matchId), paged, newest first or sorted
 * by a column and searched (username or market) by the server (ADR 0068). With `canDelete`
 * (admin and sadmin; the API decides, this only hides what others cannot do) each row has a
 * checkbox and a Delete button, and 'Delete bets' voids the selected ones after a confirmation.
 * `onChanged` tells the page to refresh its books after a delete.
 */
export function DownlineBets({ matchId, canDelete, refresh, onChanged }: { matchId: string; canDelete: boolean; refresh: number; onChanged: () => void }) {
  const { bets: betsApi } = useApis();
  const titleId = useId();
  const t = useT();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [sort, toggleSort] = useSort<BetSortKey>();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState<Deleting>(null);
  const { load, reload } = useLoad(
    () => betsApi.unsettledBets({ type: 'matched', matchId, search: search || undefined, sort: sort?.key, order: sort?.order, page, pageSize: BET_LIST_PAGE_SIZE }),
    `${matchId}:${search}:${sort?.key}:${sort?.order}:${page}`,
    { refreshMs: LIVE_REFRESH_MS },
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
  useEffect(() => {
    if (refresh > 0) reload();
  }, [refresh, reload]);

  const rows = load.state === 'done' ? load.value.rows : [];
  // A selection only ever holds bets still on screen (a refresh may have settled or voided some).
  const chosen = rows.filter((r) => selected.has(r.betId));
  const deleted = () => {
    setDeleting(null);
    setSelected(new Set());
    // The page refreshes every panel, this list included.
    onChanged();
  };

  return (
    <section aria-labelledby={titleId} style={SECTION_STYLE}>
      <header className="bl-page__head">
        <h2 id={titleId} className="bl-section-title">
          {t('downlineBets.title')}
        </h2>
        <div className="bl-page__links">
          {canDelete ? (
            <Button variant="secondary" className="bl-btn--small" disabled={chosen.length === 0} onClick={() => setDeleting({ bets: chosen, single: false })}>
              {t('deleteBets.titleMany')}
            </Button>
          ) : null}
          <Link to={generatePath(ROUTES.adminUnsettledBetType.path, { type: 'deleted' })}>{t('unsettled.deletedBets')}</Link>
        </div>
      </header>
      <div className="bl-filters">
        <SearchBox label={t('downlineBets.search')} maxLength={SEARCH_MAX_LENGTH} onSearch={searchFor} />
      </div>
      {canDelete && chosen.length > 0 ? (
        <p className="bl-hint" aria-live="polite">
          {t('downlineBets.selected', { count: chosen.length })}
        </p>
      ) : null}
      {load.state === 'loading' ? <Spinner label={t('bets.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.total === 0 ? (
        <EmptyState>{search !== '' ? t('bets.noMatch') : t('downlineBets.none')}</EmptyState>
      ) : null}
      {load.state === 'done' && load.value.total > 0 ? (
        <>
          <BetsTable
            rows={rows}
            label={t('downlineBets.title')}
            sorting={{ sort, onSort: sortBy }}
            selection={canDelete ? { selected, onChange: setSelected } : undefined}
            onDelete={canDelete ? (bet) => setDeleting({ bets: [bet], single: true }) : undefined}
          />
          <Pager page={load.value.page} pageSize={load.value.pageSize} total={load.value.total} onPage={setPage} label={t('bets.pages')} />
        </>
      ) : null}
      {deleting ? <DeleteBetsDialog bets={deleting.bets} single={deleting.single} onClose={() => setDeleting(null)} onDone={deleted} /> : null}
    </section>
  );
}
