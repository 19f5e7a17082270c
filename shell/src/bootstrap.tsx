import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ROUTES, type Area } from '@backlay/shared/contracts';
import { readCredentials } from '@backlay/shared/storage';
import { SignInCard } from './pages/SignInCard';
import { initialLanguage, setLanguage } from '@backlay/shared/i18n';
import { startPwa } from './pwa/pwa';
import { loadSite } from './site/site';

/**
 * The first page. A sign-in page visited with no session of its area is drawn by SignInCard alone:
 * React and the card, no router, no remote, nothing of the `@backlay/shared` singleton. Sending
 * the form loads the session code; once signed in, the app is loaded and rendered at the path the
 * sign-in chose. Every other page loads the app at once.
 */
/**
 * How long the first render waits for the page's site (preloaded by index.html, so it normally
 * arrives with the scripts): the brand is drawn once, not the default's first. A slower answer is
 * shown when it comes; the brand's places stay empty meanwhile.
 */
const SITE_WAIT_MS = 1500;

const SIGN_IN_PAGES: Readonly<Record<string, Area>> = { [ROUTES.login.path]: 'player', [ROUTES.adminLogin.path]: 'admin' };

/** The area of a sign-in page to draw alone, or null (not a sign-in page, or already signed in). */
export function standaloneSignInArea(pathname: string): Area | null {
  const area = SIGN_IN_PAGES[pathname.replace(/\/+$/, '') || '/'];
  return area && !readCredentials(area).token ? area : null;
}

const loadApp = () => import(/* webpackChunkName: "app" */ './app');

async function startApp(root: Root): Promise<void> {
  const { renderApp } = await loadApp();
  await renderApp(root);
}

async function main() {
  startPwa();
  const area = standaloneSignInArea(window.location.pathname);
  // Every other page draws the app: its chunks load now, beside the site and the language, not
  // after them (ADR 0082). A failure here is met again, and shown, by startApp's own import.
  if (!area) loadApp().catch(() => undefined);
  // The site of this host (its brand): read at once, with the scripts still loading.
  const site = loadSite();
  const known = await Promise.race([site, new Promise<null>((resolve) => setTimeout(() => resolve(null), SITE_WAIT_MS))]);
  // The page's language (issue 36): its catalogs are loaded before the first render, so the page
  // is drawn once, in that language; a catalog that cannot load leaves the page in English.
  await setLanguage(initialLanguage(known?.status === 'ready' ? known.site : null)).catch((error: unknown) => {
    console.error('language unavailable, showing English', error);
  });
  const root = createRoot(document.getElementById('root') as HTMLElement);
  if (!area) {
    void startApp(root);
    return;
  }
  // The card is the whole page: nothing more is coming (the app marks itself busy again if it loads).
  document.getElementById('root')?.removeAttribute('aria-busy');
  const signedIn = (path: string) => {
    window.history.replaceState(null, '', path);
    void startApp(root);
  };
  root.render(
    <StrictMode>
      <SignInCard area={area} onSignedIn={signedIn} />
    </StrictMode>,
  );
}

void main();
