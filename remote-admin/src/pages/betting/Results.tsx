import { useMemo, useState } from 'react';
import { BuildTag, Button, EmptyState, Page, SelectField, Spinner, useLoad, type ResultMarketRow, type ResultsQuery, formatDateTimeSeconds, sportIdOf, ALL_SPORTS, useApis } from '@backlay/shared';
import { SearchBox, SortHeader, matchesSearch, useSort, useSortedRows, type SortColumn } from '@backlay/shared/sortable';
import { marketTypeLabel, resultText, sportOptions } from './betting-common';
import { t as translate, useT } from '../../i18n';
import { TransactionPasswordDialog } from '../TransactionPasswordDialog';
import { DeclareDialog } from './DeclareDialog';

type Status = NonNullable<ResultsQuery['status']>;

/** The two lists of the results screen (in the page's language). */
export function resultTabs(): ReadonlyArray<{ value: Status; label: string }> {
  return [
    { value: 'pending', label: translate('results.pending') },
    { value: 'settled', label: translate('pnl.settled') },
  ];
}

type Open = { kind: 'declare' | 'correct' | 'rollback'; row: ResultMarketRow } | null;

/** "India v Australia · Match Odds": what a row's buttons are named after. */
const marketTitle = (row: ResultMarketRow) => `${row.matchName} · ${row.marketName}`;

/** The columns both result lists sort by in the browser. */
const RESULT_COLUMNS = {
  market: { kind: 'text', value: (r) => r.marketName },
  match: { kind: 'text', value: (r) => r.matchName },
  type: { kind: 'text', value: (r) => marketTypeLabel(r.marketType) },
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
  const t = useT();

  return (
    <Page
      title={t('results.title')}
      actions={
        <Button variant="secondary" className="bl-btn--small" onClick={reload}>
          {t('common.refresh')}
        </Button>
      }
    >
      {differing.load.state === 'done' && differing.load.value.length > 0 ? <FeedDiffers rows={differing.load.value} onDone={reload} /> : null}
      <div className="bl-tabs" role="tablist" aria-label={t('results.lists')}>
        {resultTabs().map((tab) => (
          <button key={tab.value} type="button" role="tab" aria-selected={status === tab.value} onClick={() => setStatus(tab.value)}>
            {tab.label}
          </button>
        ))}
      </div>
      <div className="bl-filters">
        <SelectField label={t('dashboard.sport')} value={sport} options={sportOptions()} onChange={(e) => setSport(e.target.value)} />
        <SearchBox label={t('results.search')} onSearch={setSearch} />
      </div>
      {load.state === 'loading' ? <Spinner label={t('results.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>{pending ? t('results.nonePending') : t('results.noneSettled')}</EmptyState> : null}
      {all && all.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--sticky" aria-label={pending ? t('results.pendingTable') : t('results.settledTable')}>
            <thead>
              <tr>
                <SortHeader label={t('bets.market')} sortKey="market" {...header} />
                <SortHeader label={t('dashboard.match')} sortKey="match" {...header} />
                <SortHeader label={t('payments.type')} sortKey="type" {...header} />
                {pending ? (
                  <>
                    <SortHeader label={t('results.openBets')} sortKey="openBets" num {...header} />
                    <th scope="col">{t('results.feedResult')}</th>
                  </>
                ) : (
                  <>
                    <th scope="col">{t('results.result')}</th>
                    <SortHeader label={t('results.version')} sortKey="version" num {...header} />
                    <SortHeader label={t('results.source')} sortKey="source" {...header} />
                    <SortHeader label={t('results.settledAt')} sortKey="settledAt" {...header} />
                  </>
                )}
                <th scope="col">{t('clients.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.marketId}>
                  <th scope="row">{row.marketName}</th>
                  <td>{row.matchName}</td>
                  <td>{marketTypeLabel(row.marketType)}</td>
                  {pending ? (
                    <>
                      <td className="num">{row.openBets}</td>
                      <td>{row.feedResult ? resultText(row.feedResult, row.runners) : '—'}</td>
                      <td>
                        <Button className="bl-btn--small" aria-label={t('results.declareLabel', { market: marketTitle(row) })} onClick={() => setOpen({ kind: 'declare', row })}>
                          {t('results.declare')}
                        </Button>
                      </td>
                    </>
                  ) : (
                    <>
                      <td>
                        {row.settled ? resultText(row.settled.result, row.runners) : '—'}
                        {row.feedDiffers && row.feedResult ? <span className="bl-badge bl-badge--locked">{t('results.feedBadge', { result: resultText(row.feedResult, row.runners) })}</span> : null}
                      </td>
                      <td className="num">{row.settled?.version ?? '—'}</td>
                      <td>{row.settled ? (row.settled.source === 'feed' ? t('results.sourceFeed') : t('results.sourceAdmin')) : '—'}</td>
                      <td>{formatDateTimeSeconds(row.settled?.settledAt ?? null)}</td>
                      <td>
                        <div className="bl-row-actions">
                          <Button variant="secondary" className="bl-btn--small" aria-label={t('results.rollbackLabel', { market: marketTitle(row) })} onClick={() => setOpen({ kind: 'rollback', row })}>
                            {t('results.rollback')}
                          </Button>
                          <Button variant="secondary" className="bl-btn--small" aria-label={t('results.correctLabel', { market: marketTitle(row) })} disabled={!row.settled} onClick={() => setOpen({ kind: 'correct', row })}>
                            {t('results.correct')}
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
  const t = useT();
  const done = () => {
    setConfirming(null);
    onDone();
  };
  return (
    <section className="bl-feed-differs" aria-labelledby="bl-feed-differs-title">
      <h2 id="bl-feed-differs-title">{t('results.differ.title')}</h2>
      <p className="bl-muted">{t('results.differ.hint')}</p>
      <div className="bl-table-wrap">
        <table className="bl-table" aria-label={t('results.differ.title')}>
          <thead>
            <tr>
              <th scope="col">{t('bets.market')}</th>
              <th scope="col">{t('dashboard.match')}</th>
              <th scope="col">{t('results.declaredResult')}</th>
              <th scope="col">{t('results.feedResult')}</th>
              <th scope="col">{t('clients.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.marketId}>
                <th scope="row">{row.marketName}</th>
                <td>{row.matchName}</td>
                <td>
                  {row.settled ? resultText(row.settled.result, row.runners) : '—'}
                  {row.settled ? <span className="bl-muted"> {row.settled.source === 'feed' ? t('results.differ.byFeed', { version: row.settled.version }) : t('results.differ.byAdmin', { version: row.settled.version })}</span> : null}
                </td>
                <td>{row.feedResult ? resultText(row.feedResult, row.runners) : '—'}</td>
                <td>
                  <Button className="bl-btn--small" aria-label={t('results.differ.acceptLabel', { market: marketTitle(row) })} disabled={confirming !== null} onClick={() => setConfirming(row)}>
                    {t('results.differ.accept')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {confirming ? (
        <TransactionPasswordDialog
          title={t('results.differ.confirmTitle', { market: confirming.marketName })}
          action={t('results.differ.confirmAction')}
          onConfirm={(transactionPassword) => betsApi.acceptFeedResult({ marketId: confirming.marketId, transactionPassword })}
          onClose={() => setConfirming(null)}
          onDone={done}
        >
          <p>
            {t('results.differ.confirmHint', {
              match: confirming.matchName,
              settled: confirming.settled ? ` (${resultText(confirming.settled.result, confirming.runners)})` : '',
              feed: confirming.feedResult ? ` (${resultText(confirming.feedResult, confirming.runners)})` : '',
            })}
          </p>
        </TransactionPasswordDialog>
      ) : null}
    </section>
  );
}

/** Confirm reversing a market's settlement: its journals are reversed and its bets re-open. */
function RollbackDialog({ row, onClose, onDone }: { row: ResultMarketRow; onClose: () => void; onDone: () => void }) {
  const { bets: betsApi } = useApis();
  const t = useT();
  return (
    <TransactionPasswordDialog
      title={t('results.rollbackTitle', { market: row.marketName })}
      action={t('results.rollbackAction')}
      onConfirm={(transactionPassword) => betsApi.rollbackResult({ marketId: row.marketId, transactionPassword })}
      onClose={onClose}
      onDone={onDone}
    >
      <p>
        {t('results.rollbackHint', {
          match: row.matchName,
          settled: row.settled ? t('results.rollbackSettled', { result: resultText(row.settled.result, row.runners), version: row.settled.version }) : '',
        })}
      </p>
    </TransactionPasswordDialog>
  );
}
