import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import { fetchRemotesConfig, registerRemotesConfig } from './federation/remotes';
import { busyUntilInitialised, useAnnounceAppInitialised } from './routing/app-initialised';
import { prefetchScreen } from './federation/RemoteScreen';
import { remoteScreenAt, routes } from './routing/routes';

/**
 * The whole app: the remotes of this environment registered with the federation runtime, then
 * the router over the route tree, rendered into `root`. Loaded at once on every page but a first
 * visit to a sign-in page, and right after sign-in there (bootstrap.tsx).
 */
export async function renderApp(root: Root): Promise<void> {
  const container = document.getElementById('root');
  if (container) busyUntilInitialised(container);
  try {
    registerRemotesConfig(await fetchRemotesConfig());
    // The page's remote screen loads now, beside the session's restore (GET /api/user-info),
    // not after it (ADR 0082).
    prefetchScreen(window.location.pathname, remoteScreenAt);
  } catch (error) {
    // Without the config every remote screen shows its fallback; the shell itself still works.
    console.error('remotes config unavailable', error);
  }
  // A transition: React renders the app in slices of a few milliseconds, yielding between them,
  // not in one long task that holds the page (Lighthouse's total blocking time, ADR 0082).
  startTransition(() => {
    root.render(
      <StrictMode>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>,
    );
  });
}

/**
 * The route tree in a declarative router; its first commit announces app-initialised. The routes use no data-router feature (no loader,
 * action or errorElement), and `createBrowserRouter` + `RouterProvider` would put react-router's
 * whole data layer (≈10 KB gzip) on every page (ADR 0025).
 */
function AppRoutes() {
  useAnnounceAppInitialised();
  return useRoutes(routes);
}
