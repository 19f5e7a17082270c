import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Delay before retry n (1-based) of a failed chunk import. */
export function retryDelayMs(attempt: number): number {
  return Math.min(250 * 2 ** (attempt - 1), 2_000);
}

function isTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { type?: string }).type === 'timeout';
}

/**
 * Import with retries: webpack re-requests a chunk whose load failed, so retrying inside the
 * factory heals a transient failure that a plain module-level React.lazy would keep forever
 * (docs/rules/front-end-build.md §4.10). A webpack `timeout` is not retried: 120 s have already passed.
 */
export async function importWithRetry<T>(factory: () => Promise<T>, retries = 3, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await factory();
    } catch (error) {
      if (attempt > retries || isTimeout(error)) throw error;
      await wait(retryDelayMs(attempt));
    }
  }
}

/** A lazy component that can be loaded before it is drawn (see lazyWithRetry). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy
export type PreloadableLazy<T extends ComponentType<any>> = LazyExoticComponent<T> & {
  /** Load the component's chunk now; resolves to the component itself, which draws without suspending. */
  preload: () => Promise<T>;
};

/**
 * React.lazy whose import is retried (see importWithRetry), with `preload`: the shell loads a
 * remote screen's chunk with the remote's route module, before the screen's first render, and
 * draws the loaded component (ADR 0082). One import for both; a failed one is forgotten, so the
 * next render or preload imports again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy
export function lazyWithRetry<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>): PreloadableLazy<T> {
  let loading: Promise<{ default: T }> | null = null;
  const load = () => {
    loading ??= importWithRetry(factory).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(load), { preload: () => load().then((m) => m.default) });
}
