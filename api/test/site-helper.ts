/**
 * A second white-label site for a test (ADR 0074): the fixture every site test starts from, added
 * through the repository and announced to the directory, as a Sites screen's save does.
 */
import type { NewSite } from '../src/sites/sites.repository';
import * as sitesRepo from '../src/sites/sites.repository';
import type { TestContext } from './helper';

/** The second site of the tests: Sixer Exchange, with a maintenance message of its own. */
export const SIXER_SITE: NewSite = {
  id: 'sixer',
  name: 'Sixer Exchange',
  theme: { primary: '#0f8a4b', accent: '#f2c230', header: '#0b3d2a', headerText: '#fdf6d8' },
  logo: null,
  supportEmail: 'help@sixer.test',
  supportPhone: '+911800200600',
  defaultLanguage: 'en',
  languages: ['en'],
  maintenanceMessage: 'Back at six',
};

/**
 * Adds `site` (default SIXER_SITE, fields overridden by `site`) answering on `domains`; with
 * `homeDomains`, the default site answers on those. Every instance of `t` forgets its cached sites.
 */
export async function addSite(
  t: Pick<TestContext, 'db' | 'services'>,
  domains: readonly string[],
  options: { site?: Partial<NewSite>; homeDomains?: readonly string[] } = {},
): Promise<NewSite> {
  const site = { ...SIXER_SITE, ...options.site };
  if (options.homeDomains !== undefined) await sitesRepo.replaceDomains(t.db, 'backlay', options.homeDomains);
  await sitesRepo.insertSite(t.db, site, domains);
  t.services.sites.changed();
  return site;
}
