import { useState } from 'react';
import { Button, EmptyState, Spinner, TextField, useApis, useLoad } from '@backlay/shared';
import { TransactionPasswordDialog } from './TransactionPasswordDialog';
import { useT } from '../i18n';

/**
 * The DL new players of this site (the one signed in on) register under (ADR 0074 "Content per
 * site"): a DL of this site in the caller's downline, not locked; left empty, the configured
 * registration parent. The server checks the name; its refusal stays in the dialog.
 */
export function RegistrationAgent() {
  const { registration: registrationApi } = useApis();
  const { load, reload } = useLoad(() => registrationApi.agent(), 'registration-agent');
  const [username, setUsername] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const t = useT();
  if (load.state === 'loading') return <Spinner label={t('regAgent.loading')} />;
  if (load.state === 'fail') return <EmptyState>{load.message}</EmptyState>;
  const value = username ?? load.value.username ?? '';
  const wanted = value.trim() === '' ? null : value.trim();
  return (
    <section aria-labelledby="bl-registration-agent">
      <h2 id="bl-registration-agent" className="bl-section-title">
        {t('regAgent.title')}
      </h2>
      <p className="bl-hint">
        {t('regAgent.now.before')}
        <strong data-testid="registration-agent">{load.value.username ?? t('regAgent.configured')}</strong>
        {t('regAgent.now.after')}
      </p>
      <form
        className="bl-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
      >
        <TextField label={t('regAgent.username')} name="registrationAgent" autoComplete="off" maxLength={64} value={value} hint={t('regAgent.hint')} onChange={(event) => setUsername(event.target.value)} />
        <div className="bl-form-actions">
          <Button type="submit" disabled={confirming}>
            {t('regAgent.save')}
          </Button>
        </div>
      </form>
      {confirming ? (
        <TransactionPasswordDialog
          title={t('regAgent.saveTitle')}
          action={t('common.save')}
          onConfirm={(transactionPassword) => registrationApi.saveAgent({ username: wanted, transactionPassword })}
          onClose={() => setConfirming(false)}
          onDone={() => {
            setConfirming(false);
            setUsername(null);
            reload();
          }}
        >
          <p className="bl-hint">{wanted === null ? t('regAgent.toConfigured') : t('regAgent.toAgent', { username: wanted })}</p>
        </TransactionPasswordDialog>
      ) : null}
    </section>
  );
}
