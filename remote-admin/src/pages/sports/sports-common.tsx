import { notify, sportLabel, type ApiError } from '@backlay/shared';
import { useT } from '../../i18n';

/** A sport's name by id, in the page's language (shared's sportLabel). */
export function sportName(sportId: number): string {
  return sportLabel(sportId);
}

/**
 * Run an admin action: the server's message as a success toast, its refusal as an error toast,
 * then `after` (usually a reload) either way.
 */
export async function runAction(action: () => Promise<{ message: string }>, after: () => void): Promise<void> {
  try {
    const res = await action();
    notify('success', res.message);
  } catch (error) {
    const e = error as ApiError;
    if (!e.silent) notify('error', e.message);
  } finally {
    after();
  }
}

/** An on/off switch (a checkbox with the switch role) labelled for its row. */
export function Switch({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled?: boolean; onChange: (next: boolean) => void }) {
  const tr = useT();
  return (
    <label className="bl-switch bl-switch--inline">
      <input type="checkbox" role="switch" aria-label={label} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span aria-hidden="true">{checked ? tr('switch.on') : tr('switch.off')}</span>
    </label>
  );
}
