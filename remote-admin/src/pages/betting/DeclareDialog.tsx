import { useState, type FormEvent } from 'react';
import { Button, Dialog, MESSAGES, SelectField, TextField, notify, placesText, runnerLabel, useApis, type ResultMarketRow } from '@backlay/shared';
import { transactionPasswordSchema } from '../../forms/validation';
import { TransactionPasswordField } from '../TransactionPasswordDialog';
import { marketTypeLabel, resultText } from './betting-common';
import { useT } from '../../i18n';
import { DEAD_HEAT_CHOICE, PLACED_CHOICE, RUNS_CHOICE, VOID_CHOICE, buildDeclaredResult, isPlaceMarket, valuesOf, type DeclareValues } from './declare-result';

/**
 * Declare a market's result, or correct a settled one (the API rolls back and settles again as
 * a new version). Runner markets: a winner, Void, or Dead heat between chosen runners; a market
 * of k > 1 winners (a racing PLACE market): the 1 to k placed runners, or Void. Fancies: the runs,
 * or Void. Racing runners are named with their race-card numbers. Starts from the feed's result (declare) or the settled one (correct);
 * confirmed with the admin's transaction password (ADR 0032); the server's message is toasted, a
 * refusal stays in the dialog.
 */
export function DeclareDialog({ row, correcting, onClose, onDone }: { row: ResultMarketRow; correcting: boolean; onClose: () => void; onDone: () => void }) {
  const { bets: betsApi } = useApis();
  const settled = correcting ? (row.settled?.result ?? null) : null;
  const [values, setValues] = useState<DeclareValues>(() => valuesOf(settled ?? row.feedResult, row));
  const [error, setError] = useState<string | null>(null);
  const [transactionPassword, setTransactionPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const fancy = row.marketType === 'fancy';
  const placeMarket = isPlaceMarket(row);
  const runnerName = (r: ResultMarketRow['runners'][number]) => runnerLabel(r.name, r.clothNumber);
  const named = row.runners.map((r) => ({ selectionId: r.selectionId, name: runnerName(r) }));
  const change = (next: Partial<DeclareValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setError(null);
  };

  const options = fancy
    ? [
        { value: RUNS_CHOICE, label: t('declare.runs') },
        { value: VOID_CHOICE, label: t('result.void') },
      ]
    : placeMarket
      ? [
          { value: PLACED_CHOICE, label: t('declare.placedRunners', { places: placesText(row.numberOfWinners) }) },
          { value: VOID_CHOICE, label: t('result.void') },
        ]
      : [{ value: '', label: t('declare.chooseWinner') }, ...named.map((r) => ({ value: r.selectionId, label: r.name })), { value: VOID_CHOICE, label: t('result.void') }, { value: DEAD_HEAT_CHOICE, label: t('declare.deadHeat') }];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const built = buildDeclaredResult(values, row, settled);
    if ('error' in built) {
      setError(built.error);
      return;
    }
    try {
      transactionPasswordSchema.validateSync(transactionPassword);
    } catch (invalid) {
      setPasswordError(invalid instanceof Error ? invalid.message : MESSAGES.transactionPasswordRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await betsApi.declareResult({ marketId: row.marketId, result: built.result, transactionPassword });
      notify('success', res.message);
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : MESSAGES.internal);
      setBusy(false);
    }
  };

  return (
    <Dialog title={correcting ? t('declare.titleCorrect', { market: row.marketName }) : t('declare.titleDeclare', { market: row.marketName })} onClose={onClose} closeDisabled={busy}>
      <dl className="bl-facts">
        <dt>{t('dashboard.match')}</dt>
        <dd>{row.matchName}</dd>
        <dt>{t('bets.market')}</dt>
        <dd>
          {row.marketName} ({placeMarket ? t('declare.toBePlaced', { places: placesText(row.numberOfWinners) }) : marketTypeLabel(row.marketType)})
        </dd>
        <dt>{t('results.openBets')}</dt>
        <dd>{row.openBets}</dd>
        {row.feedResult ? (
          <>
            <dt>{t('results.feedResult')}</dt>
            <dd>{resultText(row.feedResult, named)}</dd>
          </>
        ) : null}
        {row.settled ? (
          <>
            <dt>{t('pnl.settled')}</dt>
            <dd>{t('declare.settledVersion', { result: resultText(row.settled.result, named), version: row.settled.version })}</dd>
          </>
        ) : null}
      </dl>
      {correcting ? <p className="bl-hint">{t('declare.correctHint')}</p> : null}
      <form className="bl-form" onSubmit={(e) => void submit(e)} noValidate>
        <SelectField label={t('results.result')} name="choice" value={values.choice} options={options} onChange={(e) => change({ choice: e.target.value })} />
        {fancy && values.choice === RUNS_CHOICE ? (
          <TextField label={t('declare.runs')} name="runs" type="number" inputMode="numeric" min={0} step={1} value={values.runs} onChange={(e) => change({ runs: e.target.value })} />
        ) : null}
        {!fancy && values.choice === DEAD_HEAT_CHOICE ? (
          <fieldset className="bl-field">
            <legend>{t('declare.deadHeatBetween')}</legend>
            {row.runners.map((r) => (
              <label key={r.selectionId} style={{ display: 'block' }}>
                <input
                  type="checkbox"
                  checked={values.deadHeat.includes(r.selectionId)}
                  onChange={(e) => change({ deadHeat: e.target.checked ? [...values.deadHeat, r.selectionId] : values.deadHeat.filter((id) => id !== r.selectionId) })}
                />{' '}
                {runnerName(r)}
              </label>
            ))}
          </fieldset>
        ) : null}
        {placeMarket && values.choice === PLACED_CHOICE ? (
          <fieldset className="bl-field">
            <legend>{t('declare.placedLegend', { count: row.numberOfWinners })}</legend>
            {row.runners.map((r) => (
              <label key={r.selectionId} style={{ display: 'block' }}>
                <input
                  type="checkbox"
                  checked={values.placed.includes(r.selectionId)}
                  onChange={(e) => change({ placed: e.target.checked ? [...values.placed, r.selectionId] : values.placed.filter((id) => id !== r.selectionId) })}
                />{' '}
                {runnerName(r)}
              </label>
            ))}
          </fieldset>
        ) : null}
        <TransactionPasswordField
          value={transactionPassword}
          error={passwordError ?? undefined}
          onChange={(e) => {
            setTransactionPassword(e.target.value);
            setPasswordError(null);
            setError(null);
          }}
        />
        {error ? (
          <p className="bl-form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="bl-form-actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {correcting ? t('declare.submitCorrect') : t('declare.submitDeclare')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
