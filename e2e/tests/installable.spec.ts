import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { FULL_CHROMIUM } from '@backlay/build/chromium';
import { PLAYER, signIn } from '../support/helpers';
import { e2eOrigin } from '../support/ports.mjs';

/**
 * The installable app (issue 36, ADR 0076), on a phone and a desktop: the site's manifest and its icons
 * are served as Chromium needs them, the service worker takes control of the page, and Chromium's
 * own installability check (what Lighthouse's installable-manifest audit reports:
 * Page.getInstallabilityErrors) finds nothing missing. Signed in, the landing page's remote chunks
 * are in the worker's cache, and nothing of the API or of the files that name other files is; the
 * API's calls go to the network by the worker's static routes, without waking it.
 * Without a network, a page of the product is the offline page, at the address asked for, and
 * "Try again" asks the network again; back online, a reload is the product again.
 */

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Every request the worker's caches hold, by cache. */
function cacheContents(page: Page) {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    return out;
  });
}

test('the product installs as an app and shows its offline page without network', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  await page.goto('/login');

  // The site's manifest, which index.html links, and its icons: PNGs of the sizes they say.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/api/site/manifest');
  const served = await request.get(href ?? '');
  expect(served.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await served.json()) as { name: string; short_name: string; start_url: string; scope: string; display: string; icons: ManifestIcon[] };
  expect(manifest).toMatchObject({ name: 'Backlay', short_name: 'Backlay', start_url: '/', scope: '/', display: 'standalone', theme_color: '#0b3d2e' });
  // Another site's domain (the demo's Sixer Exchange on localhost) installs that site's app.
  const sixer = await request.get(`http://localhost:${new URL(e2eOrigin('shell')).port}${href ?? ''}`);
  expect(await sixer.json()).toMatchObject({ name: 'Sixer Exchange', short_name: 'Sixer' });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const res = await request.get(icon.src);
    expect(res.headers()['content-type']).toBe('image/png');
    const png = await res.body();
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
  }

  // The one service worker, for the whole site, controls the page once it is ready.
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL };
  });
  expect(worker).toEqual({ scope: `${e2eOrigin('shell')}/`, script: `${e2eOrigin('shell')}/sw.js` });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // A navigation is asked of the network while a stopped worker starts (navigation preload).
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).navigationPreload.getState())).toMatchObject({ enabled: true });

  // Chromium's own check of the manifest: parsed without an error.
  const cdp = await context.newCDPSession(page);
  const manifestSeen = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(manifestSeen).toMatchObject({ url: `${e2eOrigin('shell')}/api/site/manifest`, errors: [] });

  // Every call to the API goes to the network by the worker's static routes, with no fetch event
  // (a stopped worker is not started for it): Chromium says which kind of rule took each answer.
  await cdp.send('Network.enable');
  const apiAnswers: Array<{ url: string; router?: { matchedSourceType?: string }; fromServiceWorker?: boolean }> = [];
  cdp.on('Network.responseReceived', ({ response }) => {
    if (new URL(response.url).pathname.startsWith('/api/')) apiAnswers.push({ url: response.url, router: response.serviceWorkerRouterInfo, fromServiceWorker: response.fromServiceWorker });
  });

  // Signed in, the landing page's remote (sports, on its own origin) is drawn through the worker.
  await signIn(page, 'player', PLAYER);
  await expect(page.locator('.bl-main h1').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('header-available')).toBeVisible();
  // The sign-in's POST and the landing page's GETs among them.
  expect(apiAnswers.some((a) => a.url.endsWith('/api/login'))).toBe(true);
  expect(apiAnswers.length).toBeGreaterThan(3);
  for (const answer of apiAnswers) expect(answer).toMatchObject({ router: { matchedSourceType: 'network' }, fromServiceWorker: false });
  const cached = await cacheContents(page);
  const names = Object.keys(cached).sort();
  expect(names).toEqual([expect.stringMatching(/^backlay-chunks-[0-9a-f]{8}$/), expect.stringMatching(/^backlay-shell-[0-9a-f]{8}$/)]);
  const urls = Object.values(cached).flat();
  // The shell's entry and the offline page, and the sports remote's hashed chunks.
  expect(cached[names[1] ?? '']).toEqual(expect.arrayContaining([`${e2eOrigin('shell')}/offline.html`, expect.stringMatching(/\/main\.[0-9a-f]{8}\.js$/)]));
  expect(urls.filter((u) => u.startsWith(`${e2eOrigin('sports')}/`)).length).toBeGreaterThan(0);
  // Never: the API (balances, bets), socket.io, remotes.json, a remote's manifest or entry, a page.
  expect(urls.filter((u) => /\/api\/|socket\.io|remotes\.json|mf-manifest\.json|remoteEntry\.js|index\.html|\/$/.test(u))).toEqual([]);
  for (const url of urls) expect(url).toMatch(/(\.[0-9a-f]{8}\.js|\/offline\.html)$/);

  // No network: a page of the product is the offline page, at the address asked for, without a figure of the account.
  await context.setOffline(true);
  await page.goto('/bethistory');
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page).toHaveURL(/\/bethistory$/);
  await expect(page.locator('body')).not.toContainText('₹');
  await expect(page.locator('body')).toContainText('Backlay');
  // "Try again" asks the network again (a reload): still none, still the offline page.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Try again' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  // It speaks the language and wears the theme chosen on this browser (Hindi, dark here).
  await page.evaluate(() => {
    localStorage.setItem('lang', 'hi');
    localStorage.setItem('theme', 'dark');
  });
  const again = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Try again' }).click();
  await again;
  await expect(page.getByRole('heading', { name: 'आप ऑफ़लाइन हैं' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'फिर कोशिश करें' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.locator('main').evaluate((main) => getComputedStyle(main).backgroundColor)).toBe('rgb(24, 33, 29)');

  // Back online, a reload is the product again, still signed in (in Hindi now).
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId('header-username')).toContainText(PLAYER);
  await expect(page.getByRole('heading', { name: 'आप ऑफ़लाइन हैं' })).toHaveCount(0);
});

/**
 * Chromium's installability check (Page.getInstallabilityErrors: what Lighthouse's
 * installable-manifest audit reported, before Lighthouse 12 dropped it) in an ordinary profile: a
 * journey's context is off the record, where Chromium installs nothing ("in-incognito").
 */
test("Chromium finds nothing missing to install the product, and the header offers it", async ({ viewport, isMobile }) => {
  const profile = mkdtempSync(join(tmpdir(), 'backlay-install-'));
  // The full browser: the headless shell offers no install (ADR 0086).
  const browser = await chromium.launchPersistentContext(profile, { ...FULL_CHROMIUM.launchOptions, viewport, isMobile, baseURL: e2eOrigin('shell') });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto('/login');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await browser.newCDPSession(page);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    // The browser offers it, so the header does: "Install app"; its × hides it for good in this browser.
    await signIn(page, 'player', PLAYER);
    await expect(page.getByRole('button', { name: 'Install app' })).toBeVisible();
    await page.getByRole('button', { name: 'Hide the install offer' }).click();
    await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('header-username')).toContainText(PLAYER);
    await expect(page.getByRole('button', { name: 'Hide the install offer' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
