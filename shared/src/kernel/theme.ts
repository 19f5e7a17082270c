import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './storage';

/**
 * Light and dark (ADR 0077). The shell's index.html writes each colour of the design system as
 * light-dark(light, dark), which follows the page's color-scheme: the system's
 * (prefers-color-scheme) unless <html> has a data-theme. The person's choice is kept on this
 * browser (STORAGE_KEYS.theme) and set as that data-theme: before the first paint by index.html's
 * first script, and here on a change. <html>'s data-theme is the one place the choice is read
 * from, so every bundle that has this module (the shell's switch, a remote's charts) agrees.
 */
export type Theme = 'light' | 'dark';

const DARK = '(prefers-color-scheme: dark)';

const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

/** What the system asks for. */
export function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK).matches ? 'dark' : 'light';
}

/** The theme on the screen: the one chosen (<html>'s data-theme), else the system's. */
export function shownTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  return isTheme(chosen) ? chosen : systemTheme();
}

/** Set the choice stored on this browser (none: the system's) on <html>, as index.html's first script does at load. */
export function applyStoredTheme(root: HTMLElement = document.documentElement): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEYS.theme);
  } catch {
    // No storage (a browser that refuses it): the system's.
  }
  if (isTheme(stored)) root.dataset.theme = stored;
  else delete root.dataset.theme;
}

/**
 * Show `theme` and keep the choice. Choosing what the system asks for is choosing the system: the
 * choice is forgotten and the page follows the system again, so a two-state switch never leaves
 * anyone stuck on one theme.
 */
export function chooseTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  const followSystem = theme === systemTheme();
  if (followSystem) delete root.dataset.theme;
  else root.dataset.theme = theme;
  try {
    if (followSystem) localStorage.removeItem(STORAGE_KEYS.theme);
    else localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // No storage: the choice holds for this page.
  }
}

/**
 * Call `listener` when the shown theme may have changed: <html>'s data-theme (a choice in this
 * page), a choice in another tab (which is set here too), or the system's theme.
 */
export function subscribeTheme(listener: () => void): () => void {
  const root = document.documentElement;
  const observer = new MutationObserver(listener);
  observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.theme || event.key === null) applyStoredTheme(root);
  };
  // A browser whose media queries have no events (Safari before 14) has no light-dark() either.
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK) : null;
  const system = typeof media?.addEventListener === 'function' ? media : null;
  window.addEventListener('storage', onStorage);
  system?.addEventListener('change', listener);
  return () => {
    observer.disconnect();
    window.removeEventListener('storage', onStorage);
    system?.removeEventListener('change', listener);
  };
}

/** The theme on the screen, following every change. */
export function useShownTheme(): Theme {
  return useSyncExternalStore(subscribeTheme, shownTheme, () => 'light');
}
