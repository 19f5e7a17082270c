import { useState } from 'react';
import {
  BET_LIST_PAGE_SIZE,
  BuildTag,
  DateRange,
  EmptyState,
  MESSAGES,
  Page,
  Pager,
  SelectField,
  Spinner,
  betsApi,
  defaultStatementRange,
  rangeInverted,
  rangeReady,
  useLoad,
  type BetHistoryQuery,
  type BetPage,
  type BetRow,
} from '@backlay/shared';
import { BetTable } from '../bets/BetTable';
import { ALL_SPORTS, SportSelect, sportIdOf } from '../bets/filters';

/** The status filter of the bet history. */
export const HISTORY_STATUSES: ReadonlyArray<{ value: NonNullable<BetHistoryQuery['status']>; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'settled', label: 'Settled' },
  { value: 'voided', label: 'Void' },
];

const EMPTY_PAGE: BetPage<BetRow> = { rows: [], page: 1, pageSize: BET_LIST_PAGE_SIZE, total: 0 };

/**
 * /bethistory: the player's settled and voided bets, newest first: From and To (the last 7 days
 * by default), sport and status filters, each bet with its P&L, a page at a time.
 */
export function BetHistory() {
  const [range, setRange] = useState(defaultStatementRange);
  const [sport, setSport] = useState(ALL_SPORTS);
  const [status, setStatus] = useState<NonNullable<BetHistoryQuery['status']>>('all');
  const [page, setPage] = useState(1);
  const ready = rangeReady(range);
  const query: BetHistoryQuery = { from: range.from, to: range.to, sportId: sportIdOf(sport), status, page, pageSize: BET_LIST_PAGE_SIZE };
  const { load } = useLoad(() => (ready ? betsApi.betHistory(query) : Promise.resolve(EMPTY_PAGE)), JSON.stringify([ready, query]));
  // Any filter change starts again from the first page.
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const result = load.state === 'done' && ready ? load.value : null;
  return (
    <Page title="Bet History">
      <div className="bl-filters">
        <DateRange from={range.from} to={range.to} onChange={filter(setRange)} />
        <SportSelect value={sport} onChange={filter(setSport)} />
        <SelectField label="Status" value={status} options={HISTORY_STATUSES} onChange={(e) => filter(setStatus)(e.target.value as NonNullable<BetHistoryQuery['status']>)} />
      </div>
      {rangeInverted(range) ? (
        <p className="bl-form-error" role="alert">
          {MESSAGES.dateRangeInvalid}
        </p>
      ) : null}
      {ready && load.state === 'loading' ? <Spinner label="Loading bet history" /> : null}
      {ready && load.state === 'fail' ? <EmptyState>The bet history could not be loaded: {load.message}</EmptyState> : null}
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
