import { useEffect, useState } from 'react';
import { BuildTag, Button, EmptyState, Page, Spinner, notify, settingsApi, type SettingRow } from '@backlay/shared';

type Load = { state: 'loading' } | { state: 'done'; rows: SettingRow[] } | { state: 'fail'; message: string };

/** The maintenance switch: while on, the player area answers with the maintenance flag. */
export function Settings() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    settingsApi.list().then(
      (rows) => live && setLoad({ state: 'done', rows }),
      (error: Error) => live && setLoad({ state: 'fail', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, []);

  if (load.state === 'loading') return <Spinner label="Loading settings" />;
  if (load.state === 'fail') return <EmptyState>{load.message}</EmptyState>;
  const maintenance = load.rows.find((r) => r.key === 'maintenance')?.value === 'true';

  const save = async (next: boolean) => {
    setSaving(true);
    try {
      const res = await settingsApi.save({ settingList: [{ key: 'maintenance', value: String(next) }] });
      setLoad({ state: 'done', rows: res.data });
      // Published on the shared bus; the shell shows it as a toast.
      notify('success', res.message);
    } catch (error) {
      notify('error', error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page title="Settings">
      <p className="bl-hint">While maintenance is on, players are signed out and see the maintenance page. The admin area keeps working.</p>
      <p>
        Maintenance is <strong data-testid="maintenance-state">{maintenance ? 'on' : 'off'}</strong>.
      </p>
      <Button disabled={saving} onClick={() => void save(!maintenance)}>
        {maintenance ? 'Turn maintenance off' : 'Turn maintenance on'}
      </Button>
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
