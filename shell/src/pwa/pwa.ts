import { subscribeSite, siteState } from '../site/site';

/**
 * The installable app on the page's side (issue 36, ADR 0076): the one service worker of the
 * origin (public/sw.js: the offline page, the cache of the shell's and remotes' hashed chunks, and
 * push notifications), registered on every page once it has loaded; the browser's install offer
 * (`beforeinstallprompt`), kept for the "Install app" button (InstallApp.tsx); and the site's look
 * (its name and theme colours, never an account's data) kept for the offline page, which has no
 * network to ask /api/site. On the first page, so kept small.
 */
export const SERVICE_WORKER_PATH = '/sw.js';
/** Where the offline page (public/offline.html) finds the site's look. */
export const SITE_LOOK_KEY = 'bl-site-look';

/** Chromium's install offer (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = (next: InstallPromptEvent | null) => {
  offer = next;
  for (const listener of [...listeners]) listener();
};

/** The browser's pending install offer, or null (not offered, already installed, or used). */
export function installOffer(): InstallPromptEvent | null {
  return offer;
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Show the browser's install dialog; the offer is spent whatever the answer. */
export async function install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const pending = offer;
  if (pending === null) return 'unavailable';
  changed(null);
  await pending.prompt();
  return (await pending.userChoice).outcome;
}

function keepSiteLook(): void {
  const state = siteState();
  if (state.status !== 'ready') return;
  try {
    localStorage.setItem(SITE_LOOK_KEY, JSON.stringify({ name: state.site.name, theme: state.site.theme }));
  } catch {
    // Storage full or refused: the offline page wears the platform's look.
  }
}

/** Start it all (bootstrap.tsx, once per page). */
export function startPwa(win: Window = window): void {
  win.addEventListener('beforeinstallprompt', (event) => {
    // Our button offers it (Chromium's own mini-bar on a phone would come and go by itself).
    event.preventDefault();
    changed(event as InstallPromptEvent);
  });
  win.addEventListener('appinstalled', () => changed(null));
  keepSiteLook();
  subscribeSite(keepSiteLook);
  if (!('serviceWorker' in win.navigator)) return;
  const register = () => void win.navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' }).catch((error: unknown) => console.error('service worker not registered', error));
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}

/** Forget the offer (tests only). */
export function resetInstallOfferForTests(): void {
  changed(null);
}
