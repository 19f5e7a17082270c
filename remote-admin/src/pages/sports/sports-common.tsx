import { useEffect, useRef, useState } from 'react';
import { SPORT_IDS, notify, type ApiError } from '@backlay/shared';

/** Names of the sports of SPEC §3, for titles before (or without) the sport list. */
const SPORT_NAMES: Record<number, string> = { [SPORT_IDS.cricket]: 'Cricket', [SPORT_IDS.soccer]: 'Soccer', [SPORT_IDS.tennis]: 'Tennis' };

/** A sport's name by id. */
export function sportName(sportId: number): string {
  return SPORT_NAMES[sportId] ?? `Sport ${sportId}`;
}

/** A list being loaded, loaded, or refused. */
export type Load<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'fail'; message: string };

/**
 * Load data for a screen, again whenever `key` (the inputs of `fetch`) changes, and again on
 * `reload()` (after an action). A reload keeps the current data on screen until the new data
 * arrives; a failed first load shows the server's message, and a failed reload a toast.
 */
export function useLoad<T>(fetch: () => Promise<T>, key: string): { load: Load<T>; reload: () => void } {
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  const shownKey = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    const fresh = shownKey.current !== key;
    if (fresh) setLoad({ state: 'loading' });
    fetchRef.current().then(
      (value) => {
        if (!live) return;
        shownKey.current = key;
        setLoad({ state: 'done', value });
      },
      (error: ApiError) => {
        if (!live) return;
        if (fresh) setLoad({ state: 'fail', message: error.message });
        else if (!error.silent) notify('error', error.message);
      },
    );
    return () => {
      live = false;
    };
  }, [key, version]);

  return { load, reload: () => setVersion((v) => v + 1) };
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
