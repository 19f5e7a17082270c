import { SITE_THEME_KEYS, type PublicSite, type SiteThemeKey } from '@backlay/shared/contracts';

/**
 * The site this page was loaded for (issue 35, ADR 0074): one deployment serves every white-label
 * site, so the shell asks `GET /api/site` at load (the answer is the site of the page's host) and
 * shows that site's brand — no build per site. A tiny `fetch`, not the API client: the first page
 * (the sign-in card) loads nothing of the `@backlay/shared` singleton (ADR 0025), and index.html
 * preloads the address so the answer arrives with the scripts.
 *
 * Until the site answered the brand is unknown (`loading`): the places that show it stay empty
 * rather than flash another site's name. A failed read falls back to the stylesheet's own look
 * (`failed`, the platform's name) and is tried again, with growing pauses, until it answers.
 */
export type SiteState = { status: 'loading' } | { status: 'ready'; site: PublicSite } | { status: 'failed' };

/** The name shown while the site cannot be read (the platform's; the stylesheet's colours are its look). */
export const DEFAULT_SITE_NAME = 'Backlay';

/** The address of the page's site; index.html preloads it. */
export const SITE_URL = '/api/site';

/** The custom property of each theme colour: index.html's stylesheet derives its colours from these. */
export const THEME_PROPERTIES: Readonly<Record<SiteThemeKey, string>> = {
  primary: '--bl-brand-primary',
  accent: '--bl-brand-accent',
  header: '--bl-brand-header',
  headerText: '--bl-brand-header-text',
};

/** Pauses before each new try of a failed read, the last one repeated. */
export const SITE_RETRY_MS = [2_000, 5_000, 15_000, 30_000] as const;

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

let state: SiteState = { status: 'loading' };
const listeners = new Set<() => void>();

/** The site as known now. */
export function siteState(): SiteState {
  return state;
}

/** Call `listener` on every change of the site's state; returns the unsubscribe. */
export function subscribeSite(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setState(next: SiteState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

/**
 * Set the site's theme as the custom properties of `root` (the document's <html>, whose inline
 * style wins over the stylesheet's :root). A value that is no #rrggbb colour is left out: the
 * stylesheet's own colour stays.
 */
export function applyTheme(theme: Partial<Record<SiteThemeKey, unknown>>, root: HTMLElement = document.documentElement): void {
  for (const key of SITE_THEME_KEYS) {
    const value = theme[key];
    if (typeof value === 'string' && HEX_COLOUR.test(value)) root.style.setProperty(THEME_PROPERTIES[key], value);
    else root.style.removeProperty(THEME_PROPERTIES[key]);
  }
}

/** Show `site` on the document: its theme, its name as the title, its header colour as the browser's. */
export function applySite(site: PublicSite, doc: Document = document): void {
  applyTheme(site.theme, doc.documentElement);
  doc.title = site.name;
  const themeColour = doc.querySelector('meta[name="theme-color"]');
  if (themeColour && HEX_COLOUR.test(site.theme.header)) themeColour.setAttribute('content', site.theme.header);
}

function isPublicSite(value: unknown): value is PublicSite {
  const site = value as Partial<PublicSite> | null;
  return (
    typeof site === 'object' && site !== null && typeof site.name === 'string' && site.name !== '' &&
    typeof site.theme === 'object' && site.theme !== null && (site.logo === null || typeof site.logo === 'string') &&
    typeof site.support === 'object' && site.support !== null
  );
}

/** One read of the page's site; throws on anything but a site. */
export async function fetchSite(fetchImpl: typeof fetch = fetch): Promise<PublicSite> {
  const response = await fetchImpl(SITE_URL, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${SITE_URL}: ${response.status}`);
  const data = ((await response.json()) as { data?: unknown }).data;
  if (!isPublicSite(data)) throw new Error(`GET ${SITE_URL}: not a site`);
  return data;
}

export interface LoadSiteOptions {
  fetchImpl?: typeof fetch;
  doc?: Document;
  /** Schedules a retry; tests pass their own. */
  schedule?: (run: () => void, ms: number) => void;
}

let loading: Promise<SiteState> | null = null;

/**
 * Read the page's site once (later calls share the first) and show it. Resolves with the first
 * answer: `ready`, or `failed` — then the default look stays and the read is tried again in the
 * background until it answers (SITE_RETRY_MS), showing the site when it does.
 */
export function loadSite({ fetchImpl = fetch, doc = document, schedule = (run, ms) => void setTimeout(run, ms) }: LoadSiteOptions = {}): Promise<SiteState> {
  if (loading) return loading;
  const attempt = async (tries: number): Promise<SiteState> => {
    try {
      const site = await fetchSite(fetchImpl);
      applySite(site, doc);
      setState({ status: 'ready', site });
    } catch (error) {
      console.error('site unavailable, showing the default look', error);
      setState({ status: 'failed' });
      schedule(() => void attempt(tries + 1), SITE_RETRY_MS[Math.min(tries, SITE_RETRY_MS.length - 1)]);
    }
    return state;
  };
  loading = attempt(0);
  return loading;
}

/** Forget the site (tests only). */
export function resetSiteForTests(next: SiteState = { status: 'loading' }): void {
  loading = null;
  setState(next);
}
