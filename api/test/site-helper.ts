/**
 * A second white-label site for a test (ADR 0074): the fixture every site test starts from, added
 * through the repository and announced to the directory, as a Sites screen's save does.
 */
import type { NewSite } from '../src/sites/sites.repository';
import * as sitesRepo from '../src/sites/sites.repository';
import { body, type TestContext, type TestUser } from './helper';

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

/**
 * Calls as a user on a site's host, each user signed in once per host (its token kept): what the
 * per-site content tests send (ADR 0074 "Content per site"). `context`: the test's app, built in
 * its beforeAll.
 */
export function siteCalls(context: () => Pick<TestContext, 'login' | 'request'>) {
  const tokens = new Map<string, string>();
  const tokenOf = async (user: TestUser, host: string): Promise<string> => {
    const key = `${user.id}@${host}`;
    const known = tokens.get(key);
    if (known !== undefined) return known;
    const token = (await context().login(user, user.role === 'user' ? 'player' : 'admin', host)).token;
    tokens.set(key, token);
    return token;
  };
  const call = async (user: TestUser, host: string, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    context().request({ method, url, headers: { host, ...headers }, token: await tokenOf(user, host), ...(payload === undefined ? {} : { payload }) });
  /** The data of a GET that must answer 200 (the URL and body in the failure otherwise). */
  const dataOf = async <T>(user: TestUser, host: string, url: string): Promise<T> => {
    const response = await call(user, host, 'GET', url);
    expect({ url, status: response.statusCode, body: response.statusCode === 200 ? '' : response.body }).toEqual({ url, status: 200, body: '' });
    return body<{ data: T }>(response).data;
  };
  return { call, dataOf };
}

/** The message of an API answer. */
export const messageOf = (response: { body: string }): string => (JSON.parse(response.body) as { message: string }).message;

/** The two sites' chains of the per-site content tests: each an Admin down to a DL and its player. */
export interface TwoSites {
  root: TestUser;
  homeAdmin: TestUser;
  homePlayer: TestUser;
  sixerAdmin: TestUser;
  sixerDl: TestUser;
  sixerPlayer: TestUser;
}

/**
 * The default site on `home` and Sixer on `sixer`, a root named `rootName` and a chain on each
 * (Sixer's Admin bound to its site), every account past its first-login change, each player
 * funded with `fundRupees`.
 */
export async function twoSites(t: TestContext, hosts: { home: string; sixer: string }, rootName: string, fundRupees: bigint): Promise<TwoSites> {
  await addSite(t, [hosts.sixer], { homeDomains: [hosts.home] });
  const root = await t.createUser({ role: 'admin', username: rootName });
  const chainUnder = async (admin: TestUser) => {
    const smdl = await t.createUser({ role: 'smdl', parentId: admin.id });
    const mdl = await t.createUser({ role: 'mdl', parentId: smdl.id });
    const dl = await t.createUser({ role: 'dl', parentId: mdl.id });
    return { dl, player: await t.createUser({ role: 'user', parentId: dl.id }) };
  };
  const homeAdmin = await t.createUser({ role: 'sadmin', parentId: root.id });
  const { player: homePlayer } = await chainUnder(homeAdmin);
  const sixerAdmin = await t.createUser({ role: 'sadmin', parentId: root.id, siteId: 'sixer' });
  await sitesRepo.bindAdmin(t.db, 'sixer', sixerAdmin.id);
  const { dl: sixerDl, player: sixerPlayer } = await chainUnder(sixerAdmin);
  await t.db.query('UPDATE users SET must_change_password = false');
  t.services.sites.changed();
  await t.fund(homePlayer.id, fundRupees);
  await t.fund(sixerPlayer.id, fundRupees);
  return { root, homeAdmin, homePlayer, sixerAdmin, sixerDl, sixerPlayer };
}
