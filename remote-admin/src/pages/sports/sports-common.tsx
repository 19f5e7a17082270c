import { SPORT_IDS, notify, type ApiError } from '@backlay/shared';

/** Names of the sports of docs/rules/product.md §3, for titles before (or without) the sport list. */
const SPORT_NAMES: Record<number, string> = {
  [SPORT_IDS.cricket]: 'Cricket',
  [SPORT_IDS.soccer]: 'Soccer',
  [SPORT_IDS.tennis]: 'Tennis',
  [SPORT_IDS.horseRacing]: 'Horse Racing',
  [SPORT_IDS.greyhoundRacing]: 'Greyhound Racing',
};

/** A sport's name by id. */
export function sportName(sportId: number): string {
  return SPORT_NAMES[sportId] ?? `Sport ${sportId}`;
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
  return (
    <label className="bl-switch bl-switch--inline">
      <input type="checkbox" role="switch" aria-label={label} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span aria-hidden="true">{checked ? 'On' : 'Off'}</span>
    </label>
  );
}
