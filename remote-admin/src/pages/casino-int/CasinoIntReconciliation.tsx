import { useState } from 'react';
import {
  BuildTag,
  Button,
  EmptyState,
  Page,
  SelectField,
  Spinner,
  TextField,
  notifyFailure,
  useLoad,
  useApis,
  type CasinoIntMismatch,
  type CasinoIntReconciliationReport,
} from '@backlay/shared';
import { runAction } from '../sports/sports-common';

const KIND_LABELS: Record<CasinoIntMismatch['kind'], string> = {
  missing_ours: 'Missing on our side',
  missing_theirs: 'Missing at the provider',
  amount_differs: 'Amount differs',
};

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
    <Page title="Casino reconciliation">
      {providers.load.state === 'loading' ? <Spinner label="Loading the providers" /> : null}
      {providers.load.state === 'fail' ? <EmptyState>The providers could not be loaded: {providers.load.message}</EmptyState> : null}
      {providers.load.state === 'done' && seamless.length === 0 ? <EmptyState>No provider to reconcile.</EmptyState> : null}
      {seamless.length > 0 ? (
        <form
          className="bl-filters"
          onSubmit={(e) => {
            e.preventDefault();
            void show();
          }}
        >
          <SelectField label="Provider" value={chosen} onChange={(e) => setProvider(e.target.value)} options={seamless.map((p) => ({ value: p.id, label: p.name }))} />
          <TextField label="Date (UTC)" type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
          <Button type="submit" disabled={busy || date === ''}>
            Show
          </Button>
          <Button type="button" variant="secondary" disabled={busy || date === ''} onClick={run}>
            Reconcile now
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
  return (
    <>
      <dl className="bl-facts" aria-label="Totals">
        <dt>Stakes (debits)</dt>
        <dd>₹{report.totals.debits}</dd>
        <dt>Wins (credits)</dt>
        <dd>₹{report.totals.credits}</dd>
        <dt>Rollbacks</dt>
        <dd>₹{report.totals.rollbacks}</dd>
        <dt>Net to the house</dt>
        <dd>₹{report.totals.net}</dd>
        <dt>Clearing balance now</dt>
        <dd>₹{report.clearingBalance}</dd>
        <dt>Last comparison</dt>
        <dd>
          {run === null ? (
            'Not run yet'
          ) : (
            <>
              <span className={`bl-badge ${run.status === 'matched' ? 'bl-badge--match' : 'bl-badge--mismatch'}`}>{run.status}</span>{' '}
              {new Date(run.ranAt).toLocaleString()} · {run.theirCount} at the provider{run.error ? ` · ${run.error}` : ''}
            </>
          )}
        </dd>
      </dl>
      {run !== null && run.mismatches.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table" aria-label="Mismatches">
            <thead>
              <tr>
                <th scope="col">Transaction</th>
                <th scope="col">Problem</th>
                <th scope="col">Type</th>
                <th scope="col" className="num">
                  Ours
                </th>
                <th scope="col" className="num">
                  Theirs
                </th>
              </tr>
            </thead>
            <tbody>
              {run.mismatches.map((m) => (
                <tr key={`${m.kind}:${m.transactionId}`}>
                  <th scope="row">{m.transactionId}</th>
                  <td>{KIND_LABELS[m.kind]}</td>
                  <td>{m.type}</td>
                  <td className="num">{m.ours ?? '—'}</td>
                  <td className="num">{m.theirs ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {report.transactions.length === 0 ? (
        <EmptyState>No transactions of this provider on {report.date}.</EmptyState>
      ) : (
        <div className="bl-table-wrap">
          <table className="bl-table" aria-label="Transactions">
            <thead>
              <tr>
                <th scope="col">Transaction</th>
                <th scope="col">Type</th>
                <th scope="col">Player</th>
                <th scope="col">Game / round</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {report.transactions.map((tx) => (
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
      )}
    </>
  );
}
