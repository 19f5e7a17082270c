import { useState, type FormEvent } from 'react';
import { Button, Dialog, MESSAGES, REMARK_MAX_LENGTH, TextField, notify, useApis, type BetRow } from '@backlay/shared';
import { betLabel } from './BetsTable';
import { useT } from '../../i18n';

/**
 * Confirm voiding open bets ("delete": nothing is removed, the bets turn void and release their
 * exposure). Several bets go to delete-bets with an optional reason; one bet from its row goes
 * to delete-current-bet. The server's message is toasted; a refusal stays in the dialog.
 */
export function DeleteBetsDialog({ bets, single, onClose, onDone }: { bets: BetRow[]; single: boolean; onClose: () => void; onDone: () => void }) {
  const { bets: betsApi } = useApis();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const one = bets.length === 1;
  const t = useT();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = single ? await betsApi.deleteCurrentBet(bets[0].betId) : await betsApi.deleteBets({ betIds: bets.map((b) => b.betId), reason: reason.trim() || undefined });
      notify('success', res.message);
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : MESSAGES.internal);
      setBusy(false);
    }
  };

  return (
    <Dialog title={one ? t('deleteBets.titleOne') : t('deleteBets.titleMany')} onClose={onClose} closeDisabled={busy}>
      <p>
        {one ? t('deleteBets.hintOne', { bet: betLabel(bets[0]) }) : t('deleteBets.hintMany', { count: bets.length })}
      </p>
      <form className="bl-form" onSubmit={(e) => void submit(e)} noValidate>
        {single ? null : <TextField label={t('deleteBets.reason')} name="reason" autoComplete="off" maxLength={REMARK_MAX_LENGTH} value={reason} onChange={(e) => setReason(e.target.value)} />}
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
            {one ? t('deleteBets.titleOne') : t('deleteBets.submitMany', { count: bets.length })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
