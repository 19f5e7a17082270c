import { useEffect } from 'react';
import type { Subscription } from 'rxjs';
import { announceAppInitialised, appInitialised$, isAdminPath, readCredentials } from '@backlay/shared';

/**
 * The route tree's first commit: the shell is ready (the remotes config was registered before the
 * first render, app.tsx), so it announces SPEC's app-initialised event on the bus, once per page
 * (`announceAppInitialised` ignores StrictMode's second run).
 */
export function useAnnounceAppInitialised(): void {
  useEffect(() => {
    const area = isAdminPath(window.location.pathname) ? 'admin' : 'player';
    announceAppInitialised({ area, signedIn: Boolean(readCredentials(area).token) });
  }, []);
}

/**
 * The app's root is `aria-busy` while the shell starts (index.html sets it from the first byte),
 * so assistive technology waits for the page instead of reading a half-built one; the
 * app-initialised event clears it.
 */
export function busyUntilInitialised(element: HTMLElement): Subscription {
  element.setAttribute('aria-busy', 'true');
  return appInitialised$().subscribe(() => element.removeAttribute('aria-busy'));
}
