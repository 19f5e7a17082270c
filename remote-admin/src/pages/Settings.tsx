import { useState } from 'react';
import { BuildTag, Button, EmptyState, Page, Spinner, useLoad, type SettingRow, useApis } from '@backlay/shared';
import { RegistrationAgent } from './RegistrationAgent';
import { TransactionPasswordDialog } from './TransactionPasswordDialog';
import { useT } from '../i18n';

/**
 * The maintenance switch: while on, the player area answers with the maintenance flag. Confirmed
 * with the transaction password (ADR 0032). Below it, this site's registration agent.
 */
export function Settings() {
  const { settings: settingsApi } = useApis();
  const { load } = useLoad(() => settingsApi.list());
  // The rows a save answered with, which replace the loaded ones.
  const [saved, setSaved] = useState<SettingRow[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const t = useT();

  if (load.state === 'loading') return <Spinner label={t('settings.loading')} />;
  if (load.state === 'fail') return <EmptyState>{load.message}</EmptyState>;
  const rows = saved ?? load.value;
  const maintenance = rows.find((r) => r.key === 'maintenance')?.value === 'true';

  // The server's message is published on the shared bus by the dialog; the shell shows it as a toast.
  const save = async (transactionPassword: string) => {
    const res = await settingsApi.save({ settingList: [{ key: 'maintenance', value: String(!maintenance) }], transactionPassword });
    setSaved(res.data);
    return res;
  };

  return (
    <Page title={t('settings.title')}>
      <p className="bl-hint">{t('settings.hint')}</p>
      <p>
        {t('settings.state.before')}
        <strong data-testid="maintenance-state">{maintenance ? t('settings.on') : t('settings.off')}</strong>
        {t('settings.state.after')}
      </p>
      <Button disabled={confirming} onClick={() => setConfirming(true)}>
        {maintenance ? t('settings.turnOffTitle') : t('settings.turnOnTitle')}
      </Button>
      {confirming ? (
        <TransactionPasswordDialog
          title={maintenance ? t('settings.turnOffTitle') : t('settings.turnOnTitle')}
          action={maintenance ? t('settings.turnOff') : t('settings.turnOn')}
          onConfirm={save}
          onClose={() => setConfirming(false)}
          onDone={() => setConfirming(false)}
        >
          <p className="bl-hint">{maintenance ? t('settings.offHint') : t('settings.onHint')}</p>
        </TransactionPasswordDialog>
      ) : null}
      <RegistrationAgent />
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
