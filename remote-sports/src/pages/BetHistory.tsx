import { useState } from 'react';
import {
  BET_LIST_PAGE_SIZE,
  BuildTag,
  ExportActions,
  Page,
  Pager,
  RangeFilters,
  RangeLoadStatus,
  SelectField,
  useRangeReport,
  useApis,
  type BetHistoryQuery,
  type BetPage,
  type BetRow,
  ALL_SPORTS,
  sportIdOf,
} from '@backlay/shared';
import { BetTable } from '../bets/BetTable';
import { SportSelect } from '../bets/filters';

/** The status filter of the bet history. */
export const HISTORY_STATUSES: ReadonlyArray<{ value: NonNullable<BetHistoryQuery['status']>; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'settled', label: 'Settled' },
  { value: 'voided', label: 'Void' },
];

/**
 * /bethistory: the player's settled and voided bets, newest placed first: From and To (the last 7 days
 * by default), sport and status filters, each bet with its P&L, a page at a time.
 */
export function BetHistory() {
  const { bets: betsApi } = useApis();
  const [sport, setSport] = useState(ALL_SPORTS);
  const [status, setStatus] = useState<NonNullable<BetHistoryQuery['status']>>('all');
  const [page, setPage] = useState(1);
  const { range, setRange, ready, load, report: result } = useRangeReport(
    (r): Promise<BetPage<BetRow>> => betsApi.betHistory({ from: r.from, to: r.to, sportId: sportIdOf(sport), status, page, pageSize: BET_LIST_PAGE_SIZE }),
    [sport, status, page],
  );
  // Any filter change starts again from the first page.
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return (
    <Page title="Bet History">
      <RangeFilters range={range} onChange={filter(setRange)}>
        <SportSelect value={sport} onChange={filter(setSport)} />
        <SelectField label="Status" value={status} options={HISTORY_STATUSES} onChange={(e) => filter(setStatus)(e.target.value as NonNullable<BetHistoryQuery['status']>)} />
      </RangeFilters>
      <ExportActions report="bet-history" filters={ready ? { from: range.from, to: range.to, sportId: sportIdOf(sport), status } : null} title="Bet History" />
      <RangeLoadStatus ready={ready} load={load} loading="Loading bet history" failed="The bet history could not be loaded" />
      {result ? (
        <>
          <BetTable rows={result.rows} label="Bet history" outcome />
          {result.total > 0 ? <Pager page={result.page} pageSize={result.pageSize} total={result.total} onPage={setPage} label="Bet history pages" /> : null}
        </>
      ) : null}
      <BuildTag app="sports" label={__BUILD_LABEL__} />
    </Page>
  );
}
