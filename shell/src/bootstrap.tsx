import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ROUTES, type Area } from '@backlay/shared/contracts';
import { readCredentials } from '@backlay/shared/storage';
import { SignInCard } from './pages/SignInCard';
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

async function startApp(root: Root): Promise<void> {
  const { renderApp } = await import(/* webpackChunkName: "app" */ './app');
  await renderApp(root);
}

async function main() {
  // The site of this host (its brand): read at once, with the scripts still loading.
  const site = loadSite();
  await Promise.race([site, new Promise((resolve) => setTimeout(resolve, SITE_WAIT_MS))]);
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const area = standaloneSignInArea(window.location.pathname);
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
