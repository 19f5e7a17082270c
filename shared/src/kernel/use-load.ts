import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from './errors';
import { notify } from './bus';

/** Data being loaded, loaded, or refused with the server's message. */
export type Load<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'fail'; message: string };

/** How a live screen keeps its data fresh. */
export interface LoadOptions {
  /**
   * Fetch again this often while the page is visible, and at once when it becomes visible again
   * (0, the default: only on `key` changes and `reload()`).
   */
  refreshMs?: number;
  /**
   * A failed reload or timed refresh keeps what is on screen and says nothing (a list the next
   * refresh mends, a table whose next round reloads it). Without it, a failed `reload()` toasts,
   * and so does the first failed timed refresh, the next ones staying quiet until a refresh
   * succeeds again (not a toast every interval).
   */
  quietReload?: boolean;
}

/**
 * Load data for a screen, again whenever `key` (the inputs of `fetch`) changes, on `reload()`
 * (after an action) and, with `refreshMs`, on a timer. A reload keeps the current data on screen
 * until the new data arrives; a failed first load shows the server's message in place, a failed
 * reload a toast (unless the message is one the product keeps quiet, or see `quietReload`). A stale answer is dropped. The one loader of every screen (issue 31).
 */
export function useLoad<T>(fetch: () => Promise<T>, key = '', { refreshMs = 0, quietReload = false }: LoadOptions = {}): { load: Load<T>; reload: () => void } {
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  const shownKey = useRef<string | null>(null);
  // Whether the next run is a timed refresh, and whether the last timed refresh failed.
  const timed = useRef(false);
  const failing = useRef(false);

  useEffect(() => {
    let live = true;
    const fresh = shownKey.current !== key;
    const byTimer = timed.current;
    timed.current = false;
    if (fresh) setLoad({ state: 'loading' });
    fetchRef.current().then(
      (value) => {
        if (!live) return;
        shownKey.current = key;
        failing.current = false;
        // Not a transition (ADR 0082 §4): data drawn at low priority reached the screen seconds
        // late on a busy machine, after a test's (or a person's) next look.
        setLoad({ state: 'done', value });
      },
      (error: ApiError) => {
        if (!live) return;
        if (fresh) setLoad({ state: 'fail', message: error.message });
        else if (!quietReload && (!byTimer || !failing.current)) notifyFailure(error);
        if (byTimer) failing.current = true;
      },
    );
    return () => {
      live = false;
    };
  }, [key, version, quietReload]);

  useEffect(() => {
    if (refreshMs <= 0) return undefined;
    const refresh = () => {
      timed.current = true;
      setVersion((v) => v + 1);
    };
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') refresh();
    }, refreshMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refreshMs, key]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { load, reload };
}

/** Toast a failed call's message unless it is one the product keeps quiet (docs/rules/product.md §8); failures of one `topic` replace each other. */
export function notifyFailure(error: unknown, topic?: string): void {
  if ((error as Partial<ApiError>).silent) return;
  notify('error', error instanceof Error ? error.message : String(error), topic);
}
