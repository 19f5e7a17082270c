import { useMemo, useState } from 'react';
import { BuildTag, Button, EmptyState, Page, SelectField, Spinner, TextField, notifyFailure, useLoad, useApis, type CasinoIntMismatch, type CasinoIntReconciliationReport } from '@backlay/shared';
import { SearchBox, SortHeader, matchesSearch, useSort, useSortedRows, type SortColumn } from '@backlay/shared/sortable';
import { runAction } from '../sports/sports-common';
import { t as translate, useT } from '../../i18n';

/** A mismatch's kind in words, in the page's language. */
const kindLabel = (kind: CasinoIntMismatch['kind']) => translate(`reconcile.kind.${kind}`);

type CasinoIntTransactionRow = CasinoIntReconciliationReport['transactions'][number];

/** The columns the mismatches sort by in the browser (the report carries the whole day). */
const MISMATCH_COLUMNS = {
  transaction: { kind: 'text', value: (m) => m.transactionId },
  problem: { kind: 'text', value: (m) => kindLabel(m.kind) },
  type: { kind: 'text', value: (m) => m.type },
  ours: { kind: 'money', value: (m) => m.ours },
  theirs: { kind: 'money', value: (m) => m.theirs },
} as const satisfies Record<string, SortColumn<CasinoIntMismatch>>;

/** The columns the day's transactions sort by in the browser. */
const TRANSACTION_COLUMNS = {
  transaction: { kind: 'text', value: (tx) => tx.transactionId },
  type: { kind: 'text', value: (tx) => tx.type },
  player: { kind: 'text', value: (tx) => tx.username },
  game: { kind: 'text', value: (tx) => `${tx.gameCode} / ${tx.roundId}` },
  amount: { kind: 'money', value: (tx) => tx.amount },
  time: { kind: 'date', value: (tx) => tx.createdAt },
} as const satisfies Record<string, SortColumn<CasinoIntTransactionRow>>;

/** The mismatches of the last comparison, sortable. */
function MismatchTable({ mismatches }: { mismatches: readonly CasinoIntMismatch[] }) {
  const [sort, onSort] = useSort<keyof typeof MISMATCH_COLUMNS>();
  const rows = useSortedRows(mismatches, MISMATCH_COLUMNS, sort);
  const header = { sort, onSort };
  const t = useT();
  return (
    <div className="bl-table-wrap">
      <table className="bl-table" aria-label={t('reconcile.mismatches')}>
        <thead>
          <tr>
            <SortHeader label={t('reconcile.transaction')} sortKey="transaction" {...header} />
            <SortHeader label={t('reconcile.problem')} sortKey="problem" {...header} />
            <SortHeader label={t('payments.type')} sortKey="type" {...header} />
            <SortHeader label={t('reconcile.ours')} sortKey="ours" num {...header} />
            <SortHeader label={t('reconcile.theirs')} sortKey="theirs" num {...header} />
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => (
            <tr key={`${m.kind}:${m.transactionId}`}>
              <th scope="row">{m.transactionId}</th>
              <td>{kindLabel(m.kind)}</td>
              <td>{m.type}</td>
              <td className="num">{m.ours ?? '—'}</td>
              <td className="num">{m.theirs ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The day's transactions, sortable, with a search of a transaction id, player or game. */
function TransactionTable({ transactions }: { transactions: readonly CasinoIntTransactionRow[] }) {
  const [search, setSearch] = useState('');
  const [sort, onSort] = useSort<keyof typeof TRANSACTION_COLUMNS>();
  const found = useMemo(() => transactions.filter((tx) => matchesSearch(search, tx.transactionId, tx.username, tx.gameCode, tx.roundId)), [transactions, search]);
  const rows = useSortedRows(found, TRANSACTION_COLUMNS, sort);
  const header = { sort, onSort };
  const t = useT();
  return (
    <>
      <div className="bl-filters">
        <SearchBox label={t('reconcile.search')} onSearch={setSearch} />
      </div>
      {rows.length === 0 ? <EmptyState>{t('reconcile.noSearch')}</EmptyState> : null}
      <div className="bl-table-wrap" hidden={rows.length === 0}>
        <table className="bl-table" aria-label={t('reconcile.transactions')}>
          <thead>
            <tr>
              <SortHeader label={t('reconcile.transaction')} sortKey="transaction" {...header} />
              <SortHeader label={t('payments.type')} sortKey="type" {...header} />
              <SortHeader label={t('dashboard.player')} sortKey="player" {...header} />
              <SortHeader label={t('reconcile.gameRound')} sortKey="game" {...header} />
              <SortHeader label={t('chips.amount')} sortKey="amount" num {...header} />
              <SortHeader label={t('reconcile.time')} sortKey="time" {...header} />
            </tr>
          </thead>
          <tbody>
            {rows.map((tx) => (
              <tr key={tx.transactionId}>
                <th scope="row">{tx.transactionId}</th>
                <td>{tx.type}</td>
                <td>{tx.username}</td>
                <td>
                  {tx.gameCode} / {tx.roundId}
                </td>
                <td className="num">{tx.amount}</td>
                <td>{new Date(tx.createdAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Yesterday, UTC, as YYYY-MM-DD: the day the daily job reconciles. */
export function yesterdayUtc(nowMs: number = Date.now()): string {
  return new Date(nowMs - 86_400_000).toISOString().slice(0, 10);
}

/**
 * /admin/casino-int/reconciliation (admin, sadmin): a provider's UTC day on our side (totals, the
 * transactions, the clearing balance now) and its last comparison with the provider's own report
 * (missing on either side, amounts that differ). Run compares again now; the daily job does it
 * for yesterday by itself.
 */
export function CasinoIntReconciliation() {
  const { casinoInt: casinoIntApi } = useApis();
  const providers = useLoad(() => casinoIntApi.adminProviders());
  const seamless = providers.load.state === 'done' ? providers.load.value.filter((p) => p.seamless) : [];
  const [provider, setProvider] = useState('');
  const [date, setDate] = useState(yesterdayUtc());
  const [report, setReport] = useState<CasinoIntReconciliationReport | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = provider || seamless[0]?.id || '';
  const t = useT();

  const show = async () => {
    setBusy(true);
    try {
      setReport(await casinoIntApi.reconciliation(chosen, date));
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const run = () => {
    setBusy(true);
    void runAction(
      () => casinoIntApi.runReconciliation(chosen, date),
      () => void show(),
    );
  };

  return (
    <Page title={t('reconcile.title')}>
      {providers.load.state === 'loading' ? <Spinner label={t('providers.loading')} /> : null}
      {providers.load.state === 'fail' ? <EmptyState>{t('providers.loadFailed', { message: providers.load.message })}</EmptyState> : null}
      {providers.load.state === 'done' && seamless.length === 0 ? <EmptyState>{t('reconcile.noProvider')}</EmptyState> : null}
      {seamless.length > 0 ? (
        <form
          className="bl-filters"
          onSubmit={(e) => {
            e.preventDefault();
            void show();
          }}
        >
          <SelectField label={t('feedStatus.provider')} value={chosen} onChange={(e) => setProvider(e.target.value)} options={seamless.map((p) => ({ value: p.id, label: p.name }))} />
          <TextField label={t('reconcile.date')} type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
          <Button type="submit" disabled={busy || date === ''}>
            {t('reconcile.show')}
          </Button>
          <Button type="button" variant="secondary" disabled={busy || date === ''} onClick={run}>
            {t('reconcile.now')}
          </Button>
        </form>
      ) : null}
      {report ? <ReportView report={report} /> : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}

function ReportView({ report }: { report: CasinoIntReconciliationReport }) {
  const run = report.run;
  const t = useT();
  return (
    <>
      <dl className="bl-facts" aria-label={t('reconcile.totals')}>
        <dt>{t('reconcile.debits')}</dt>
        <dd>₹{report.totals.debits}</dd>
        <dt>{t('reconcile.credits')}</dt>
        <dd>₹{report.totals.credits}</dd>
        <dt>{t('reconcile.rollbacks')}</dt>
        <dd>₹{report.totals.rollbacks}</dd>
        <dt>{t('reconcile.net')}</dt>
        <dd>₹{report.totals.net}</dd>
        <dt>{t('reconcile.clearingNow')}</dt>
        <dd>₹{report.clearingBalance}</dd>
        <dt>{t('reconcile.last')}</dt>
        <dd>
          {run === null ? (
            t('reconcile.notRun')
          ) : (
            <>
              <span className={`bl-badge ${run.status === 'matched' ? 'bl-badge--match' : 'bl-badge--mismatch'}`}>{t(`reconcile.status.${run.status}`)}</span>{' '}
              {t('reconcile.ran', { at: new Date(run.ranAt).toLocaleString(), count: run.theirCount })}
              {run.error ? ` · ${run.error}` : ''}
            </>
          )}
        </dd>
      </dl>
      {run !== null && run.mismatches.length > 0 ? <MismatchTable mismatches={run.mismatches} /> : null}
      {report.transactions.length === 0 ? <EmptyState>{t('reconcile.noTransactions', { date: report.date })}</EmptyState> : <TransactionTable transactions={report.transactions} />}
    </>
  );
}
