import { useMemo, useState } from 'react';
import { BuildTag, Button, EmptyState, Page, SelectField, Spinner, useLoad, type ResultMarketRow, type ResultsQuery, formatDateTimeSeconds, sportIdOf, ALL_SPORTS, useApis } from '@backlay/shared';
import { SearchBox, SortHeader, matchesSearch, useSort, useSortedRows, type SortColumn } from '@backlay/shared/sortable';
import { MARKET_TYPE_LABELS, SPORT_OPTIONS, resultText } from './betting-common';
import { TransactionPasswordDialog } from '../TransactionPasswordDialog';
import { DeclareDialog } from './DeclareDialog';

type Status = NonNullable<ResultsQuery['status']>;

/** The two lists of the results screen. */
export const RESULT_TABS: ReadonlyArray<{ value: Status; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'settled', label: 'Settled' },
];

type Open = { kind: 'declare' | 'correct' | 'rollback'; row: ResultMarketRow } | null;

/** "India v Australia · Match Odds": what a row's buttons are named after. */
const marketTitle = (row: ResultMarketRow) => `${row.matchName} · ${row.marketName}`;

/** The columns both result lists sort by in the browser. */
const RESULT_COLUMNS = {
  market: { kind: 'text', value: (r) => r.marketName },
  match: { kind: 'text', value: (r) => r.matchName },
  type: { kind: 'text', value: (r) => MARKET_TYPE_LABELS[r.marketType] },
  openBets: { kind: 'number', value: (r) => r.openBets },
  version: { kind: 'number', value: (r) => r.settled?.version },
  source: { kind: 'text', value: (r) => r.settled?.source },
  settledAt: { kind: 'date', value: (r) => r.settled?.settledAt },
} as const satisfies Record<string, SortColumn<ResultMarketRow>>;

/**
 * results (admin and sadmin): markets with open bets waiting for a result (Pending: declare a
 * winner, dead heat, runs or void, starting from the feed's result when it gave one) and
 * settled markets (Settled: their result, version and source; roll back, or correct with a
 * different result). Above both, whatever the tab, settled markets whose result differs from
 * the feed's are flagged with both results and a one-click "Roll back and declare the feed's
 * result". Every action toasts the server's message and reloads the lists. Columns sort in the
 * browser; a search narrows by market or match.
 */
export function Results() {
  const { bets: betsApi } = useApis();
  const [status, setStatus] = useState<Status>('pending');
  const [sport, setSport] = useState(ALL_SPORTS);
  const [open, setOpen] = useState<Open>(null);
  const { load, reload: reloadList } = useLoad(() => betsApi.results({ status, sportId: sportIdOf(sport) }), `${status}:${sport}`);
  const differing = useLoad(() => betsApi.differingResults(sportIdOf(sport)), sport);
  const reload = () => {
    reloadList();
    differing.reload();
  };
  const done = () => {
    setOpen(null);
    reload();
  };
  const pending = status === 'pending';
  const [search, setSearch] = useState('');
  const [sort, onSort] = useSort<keyof typeof RESULT_COLUMNS>();
  const header = { sort, onSort };
  const all = load.state === 'done' ? load.value : null;
  const found = useMemo(() => (all ?? []).filter((r) => matchesSearch(search, r.marketName, r.matchName)), [all, search]);
  const rows = useSortedRows(found, RESULT_COLUMNS, sort);

  return (
    <Page
      title="Results"
      actions={
        <Button variant="secondary" className="bl-btn--small" onClick={reload}>
          Refresh
        </Button>
      }
    >
      {differing.load.state === 'done' && differing.load.value.length > 0 ? <FeedDiffers rows={differing.load.value} onDone={reload} /> : null}
      <div className="bl-tabs" role="tablist" aria-label="Result lists">
        {RESULT_TABS.map((t) => (
          <button key={t.value} type="button" role="tab" aria-selected={status === t.value} onClick={() => setStatus(t.value)}>
            {t.label}
          </button>
        ))}
      </div>
      <div className="bl-filters">
        <SelectField label="Sport" value={sport} options={SPORT_OPTIONS} onChange={(e) => setSport(e.target.value)} />
        <SearchBox label="Search markets" onSearch={setSearch} />
      </div>
      {load.state === 'loading' ? <Spinner label="Loading results" /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>{pending ? 'No market is waiting for a result.' : 'No settled markets.'}</EmptyState> : null}
      {all && all.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--sticky" aria-label={pending ? 'Pending results' : 'Settled results'}>
            <thead>
              <tr>
                <SortHeader label="Market" sortKey="market" {...header} />
                <SortHeader label="Match" sortKey="match" {...header} />
                <SortHeader label="Type" sortKey="type" {...header} />
                {pending ? (
                  <>
                    <SortHeader label="Open bets" sortKey="openBets" num {...header} />
                    <th scope="col">Feed result</th>
                  </>
                ) : (
                  <>
                    <th scope="col">Result</th>
                    <SortHeader label="Version" sortKey="version" num {...header} />
                    <SortHeader label="Source" sortKey="source" {...header} />
                    <SortHeader label="Settled at" sortKey="settledAt" {...header} />
                  </>
                )}
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.marketId}>
                  <th scope="row">{row.marketName}</th>
                  <td>{row.matchName}</td>
                  <td>{MARKET_TYPE_LABELS[row.marketType]}</td>
                  {pending ? (
                    <>
                      <td className="num">{row.openBets}</td>
                      <td>{row.feedResult ? resultText(row.feedResult, row.runners) : '—'}</td>
                      <td>
                        <Button className="bl-btn--small" aria-label={`Declare ${marketTitle(row)}`} onClick={() => setOpen({ kind: 'declare', row })}>
                          Declare
                        </Button>
                      </td>
                    </>
                  ) : (
                    <>
                      <td>
                        {row.settled ? resultText(row.settled.result, row.runners) : '—'}
                        {row.feedDiffers && row.feedResult ? <span className="bl-badge bl-badge--locked">Feed: {resultText(row.feedResult, row.runners)}</span> : null}
                      </td>
                      <td className="num">{row.settled?.version ?? '—'}</td>
                      <td>{row.settled ? (row.settled.source === 'feed' ? 'Feed' : 'Admin') : '—'}</td>
                      <td>{formatDateTimeSeconds(row.settled?.settledAt ?? null)}</td>
                      <td>
                        <div className="bl-row-actions">
                          <Button variant="secondary" className="bl-btn--small" aria-label={`Rollback ${marketTitle(row)}`} onClick={() => setOpen({ kind: 'rollback', row })}>
                            Rollback
                          </Button>
                          <Button variant="secondary" className="bl-btn--small" aria-label={`Correct ${marketTitle(row)}`} disabled={!row.settled} onClick={() => setOpen({ kind: 'correct', row })}>
                            Correct
                          </Button>
                        </div>
                      </td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {open && open.kind !== 'rollback' ? <DeclareDialog row={open.row} correcting={open.kind === 'correct'} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open && open.kind === 'rollback' ? <RollbackDialog row={open.row} onClose={() => setOpen(null)} onDone={done} /> : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}

/**
 * Settled markets whose result differs from the feed's: the declared result (with its version
 * and who settled it) beside the feed's, and one action that rolls the settlement back and
 * declares the feed's result in one server call (accept-feed-result), confirmed with the
 * transaction password.
 */
function FeedDiffers({ rows, onDone }: { rows: ResultMarketRow[]; onDone: () => void }) {
  const { bets: betsApi } = useApis();
  const [confirming, setConfirming] = useState<ResultMarketRow | null>(null);
  const done = () => {
    setConfirming(null);
    onDone();
  };
  return (
    <section className="bl-feed-differs" aria-labelledby="bl-feed-differs-title">
      <h2 id="bl-feed-differs-title">Results that differ from the feed</h2>
      <p className="bl-muted">These markets were settled on a result the feed does not confirm. The players' pages show the settled result until it is changed.</p>
      <div className="bl-table-wrap">
        <table className="bl-table" aria-label="Results that differ from the feed">
          <thead>
            <tr>
              <th scope="col">Market</th>
              <th scope="col">Match</th>
              <th scope="col">Declared result</th>
              <th scope="col">Feed result</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.marketId}>
                <th scope="row">{row.marketName}</th>
                <td>{row.matchName}</td>
                <td>
                  {row.settled ? resultText(row.settled.result, row.runners) : '—'}
                  {row.settled ? <span className="bl-muted"> (v{row.settled.version}, {row.settled.source === 'feed' ? 'feed' : 'admin'})</span> : null}
                </td>
                <td>{row.feedResult ? resultText(row.feedResult, row.runners) : '—'}</td>
                <td>
                  <Button className="bl-btn--small" aria-label={`Roll back and declare the feed's result: ${marketTitle(row)}`} disabled={confirming !== null} onClick={() => setConfirming(row)}>
                    Roll back and declare the feed's result
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {confirming ? (
        <TransactionPasswordDialog
          title={`Declare the feed's result: ${confirming.marketName}`}
          action="Roll back and declare"
          onConfirm={(transactionPassword) => betsApi.acceptFeedResult({ marketId: confirming.marketId, transactionPassword })}
          onClose={() => setConfirming(null)}
          onDone={done}
        >
          <p>
            {confirming.matchName}: the settlement{confirming.settled ? ` (${resultText(confirming.settled.result, confirming.runners)})` : ''} is rolled back and the feed's result
            {confirming.feedResult ? ` (${resultText(confirming.feedResult, confirming.runners)})` : ''} declared, in one step.
          </p>
        </TransactionPasswordDialog>
      ) : null}
    </section>
  );
}

/** Confirm reversing a market's settlement: its journals are reversed and its bets re-open. */
function RollbackDialog({ row, onClose, onDone }: { row: ResultMarketRow; onClose: () => void; onDone: () => void }) {
  const { bets: betsApi } = useApis();
  return (
    <TransactionPasswordDialog
      title={`Roll back result: ${row.marketName}`}
      action="Roll back"
      onConfirm={(transactionPassword) => betsApi.rollbackResult({ marketId: row.marketId, transactionPassword })}
      onClose={onClose}
      onDone={onDone}
    >
      <p>
        {row.matchName}: the settlement{row.settled ? ` (${resultText(row.settled.result, row.runners)}, version ${row.settled.version})` : ''} is reversed. Every wallet and agent amount it moved goes back, and its bets are open
        again until a new result is declared.
      </p>
    </TransactionPasswordDialog>
  );
}
