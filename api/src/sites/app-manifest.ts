/**
 * The web app manifest of a site (issue 36, ADR 0076): installed from a site's domain, the app
 * bears that site's name and its header colour (the browser's bar, the splash screen), with the
 * platform's icons (the shell's files, APP_ICONS). Answered by GET /api/site/manifest, which
 * index.html links; never cached by the service worker (it leaves /api to the network).
 */
import { APP_ICONS, type AppManifest, type PublicSite } from '@backlay/shared/contracts';

/** Longest name a home screen shows under an icon without cutting it. */
export const SHORT_NAME_MAX = 12;

/** The name under the icon: the site's name when short enough, else its first word (cut to fit). */
export function shortName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= SHORT_NAME_MAX) return trimmed;
  return (trimmed.split(/\s+/)[0] ?? trimmed).slice(0, SHORT_NAME_MAX);
}

export function appManifest(site: Pick<PublicSite, 'name' | 'theme'>): AppManifest {
  return {
    id: '/',
    name: site.name,
    short_name: shortName(site.name),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: site.theme.header,
    background_color: site.theme.header,
    icons: APP_ICONS,
  };
}
