import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from './errors';
import { notify } from './bus';

/** Data being loaded, loaded, or refused with the server's message. */
export type Load<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'fail'; message: string };

/**
 * Load data for a screen, again whenever `key` (the inputs of `fetch`) changes and on `reload()`
 * (after an action). A reload keeps the current data on screen until the new data arrives; a
 * failed first load shows the server's message in place, a failed reload a toast (unless the
 * message is one the product keeps quiet). A stale answer is dropped.
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

/** Toast a failed call's message unless it is one the product keeps quiet (docs/rules/product.md §8). */
export function notifyFailure(error: unknown): void {
  if ((error as Partial<ApiError>).silent) return;
  notify('error', error instanceof Error ? error.message : String(error));
}
