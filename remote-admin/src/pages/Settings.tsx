import { useState } from 'react';
import { BuildTag, Button, EmptyState, Page, Spinner, useLoad, type SettingRow, useApis } from '@backlay/shared';
import { RegistrationAgent } from './RegistrationAgent';
import { TransactionPasswordDialog } from './TransactionPasswordDialog';

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

  if (load.state === 'loading') return <Spinner label="Loading settings" />;
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
    <Page title="Settings">
      <p className="bl-hint">While maintenance is on, players are signed out and see the maintenance page. The admin area keeps working.</p>
      <p>
        Maintenance is <strong data-testid="maintenance-state">{maintenance ? 'on' : 'off'}</strong>.
      </p>
      <Button disabled={confirming} onClick={() => setConfirming(true)}>
        {maintenance ? 'Turn maintenance off' : 'Turn maintenance on'}
      </Button>
      {confirming ? (
        <TransactionPasswordDialog
          title={maintenance ? 'Turn maintenance off' : 'Turn maintenance on'}
          action={maintenance ? 'Turn off' : 'Turn on'}
          onConfirm={save}
          onClose={() => setConfirming(false)}
          onDone={() => setConfirming(false)}
        >
          <p className="bl-hint">{maintenance ? 'Players can sign in again.' : 'Every player is signed out at once and sees the maintenance page.'}</p>
        </TransactionPasswordDialog>
      ) : null}
      <RegistrationAgent />
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
