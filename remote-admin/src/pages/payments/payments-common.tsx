import { useCallback, useEffect, useId, useRef, useState, type SelectHTMLAttributes } from 'react';
import moment from 'moment';
import { notify, type ApiError, type DepositWithdrawListRequest } from '@backlay/shared';

/** Data being loaded, loaded, or refused with the server's message. */
export type Load<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'fail'; message: string };

/**
 * Load data for a screen, again whenever `key` (the inputs of `fetch`) changes and on `reload()`.
 * A reload keeps the current data on screen until the new data arrives; a failed first load
 * shows the server's message, a failed reload a toast. A stale answer is dropped.
 */
export function useLoad<T>(fetch: () => Promise<T>, key = ''): { load: Load<T>; reload: () => void } {
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

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { load, reload };
}

/** The Type filter of SPEC §2 and the reportType each option sends. */
export const REPORT_TYPES: ReadonlyArray<{ value: DepositWithdrawListRequest['reportType']; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'approved', label: 'Approved' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
];

const INPUT_DATE = 'YYYY-MM-DD';

/**
 * The request's date range as the API reads it: the local start and end of the chosen days as
 * ISO times (the API counts whole UTC days of their date parts, so the local days are covered).
 */
export function listRange(from: string, to: string): { startDate: string; endDate: string } {
  return { startDate: moment(from, INPUT_DATE).startOf('day').toISOString(), endDate: moment(to, INPUT_DATE).endOf('day').toISOString() };
}

/** 'approved' → 'Approved'. */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** A labelled select in the kit's field style (the shared kit has text fields only). */
export function SelectField({ label, options, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { label: string; options: ReadonlyArray<{ value: string; label: string }> }) {
  const id = useId();
  return (
    <div className="bl-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
