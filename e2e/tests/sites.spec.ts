import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { PLAYER, signIn } from '../support/helpers';
import { E2E_PORTS, e2eOrigin } from '../support/ports.mjs';

/**
 * One deployment serves every white-label site (issue 35, ADR 0074): the same shell, on the same
 * port, shows the brand of the host it was loaded from. The demo's default site "Backlay" answers
 * on 127.0.0.1 (the stack's own origin), its second site "Sixer Exchange" on `localhost`, each with
 * its own demo-user (₹1,00,000 and ₹50,000 of chips).
 */
const BACKLAY = e2eOrigin('shell');
const SIXER = `http://localhost:${E2E_PORTS.shell}`;
const OTHER_SITE = 'This session belongs to another site. Please sign in here.';

interface Site {
  id: string;
  name: string;
  logo: string | null;
  theme: { primary: string; accent: string; header: string; headerText: string };
  support: { email: string; phone: string };
}

/** A context like the project's (phone or desktop) on `baseURL`. */
async function contextOn(browser: Browser, info: TestInfo, baseURL: string) {
  const { viewport, isMobile, hasTouch, deviceScaleFactor, userAgent } = info.project.use;
  return browser.newContext({ baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, userAgent, reducedMotion: 'reduce' });
}

/** What GET /api/site answers the page's own origin (the browser's view of its site). */
async function siteOf(page: Page): Promise<Site> {
  return page.evaluate(async () => ((await (await fetch('/api/site')).json()) as { data: Site }).data);
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** The site's mark inside `scope`: its logo named by the site, else its name as text. */
async function expectBrand(page: Page, scope: ReturnType<Page['locator']>, site: Site) {
  const brand = scope.getByTestId('site-brand');
  if (site.logo) await expect(brand.getByRole('img', { name: site.name })).toBeVisible();
  else await expect(brand).toContainText(site.name);
  await expect(page).toHaveTitle(site.name);
}

test('each host shows its own site: name or logo, title, colours, support contact; its demo-user is its own account', async ({ page, browser, request }, info) => {
  const sixerContext = await contextOn(browser, info, SIXER);
  const sixerPage = await sixerContext.newPage();
  const pages = [
    { page, origin: BACKLAY, name: 'Backlay', id: 'backlay', balance: '₹1,00,000.00' },
    { page: sixerPage, origin: SIXER, name: 'Sixer Exchange', id: 'sixer', balance: '₹50,000.00' },
  ] as const;

  const sites: Site[] = [];
  for (const p of pages) {
    // The sign-in page shows the brand before anyone signs in.
    await p.page.goto('/login');
    expect(new URL(p.page.url()).origin).toBe(p.origin);
    const site = await siteOf(p.page);
    expect([site.id, site.name]).toEqual([p.id, p.name]);
    sites.push(site);
    await expectBrand(p.page, p.page.locator('form.bl-auth__card'), site);
    // Its support contact where a player who cannot sign in looks for help.
    if (site.support.email) await expect(p.page.getByRole('link', { name: site.support.email })).toHaveAttribute('href', `mailto:${site.support.email}`);
    if (site.support.phone) await expect(p.page.getByRole('link', { name: site.support.phone })).toHaveAttribute('href', /^tel:\+?\d+$/);
  }
  // The two sites look different (else the colour checks below prove nothing).
  expect(sites[0].theme.header).not.toBe(sites[1].theme.header);

  for (const [i, p] of pages.entries()) {
    await signIn(p.page, 'player', PLAYER);
    const header = p.page.getByRole('banner');
    await expectBrand(p.page, header, sites[i]);
    await expect(header).toHaveCSS('background-color', rgb(sites[i].theme.header));
    await expect(header).toHaveCSS('color', rgb(sites[i].theme.headerText));
    await expect(p.page.getByLabel('Available balance', { exact: true })).toHaveText(p.balance);
    // Nothing of the product failed to load on this origin (remotes from 127.0.0.1, the socket on its own).
    await expect(p.page.locator('.bl-main h1').first()).toBeVisible({ timeout: 15_000 });
    await expect(p.page.getByRole('heading', { name: 'This section is unavailable' })).toHaveCount(0);
    const shot = info.outputPath(`${p.id}-${info.project.name}.png`);
    await p.page.screenshot({ path: shot });
    await info.attach(`${p.id}-${info.project.name}`, { path: shot, contentType: 'image/png' });
  }

  // Two accounts, not one: signing in on Sixer did not end the Backlay session (one session per account).
  await page.reload();
  await expect(page.getByLabel('Available balance', { exact: true })).toHaveText('₹1,00,000.00');
  await expect(sixerPage.getByLabel('Available balance', { exact: true })).toHaveText('₹50,000.00');

  // The Sixer session answers on its own host and is refused on Backlay's.
  const sixerToken = await sixerPage.evaluate(() => localStorage.getItem('token'));
  expect(sixerToken).toBeTruthy();
  expect(await sixerPage.evaluate(async (token) => (await fetch('/api/user-info', { headers: { Authorization: `Bearer ${token}` } })).status, sixerToken)).toBe(200);
  const refused = await request.get(`${BACKLAY}/api/user-info`, { headers: { Authorization: `Bearer ${sixerToken}` } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe(OTHER_SITE);
  await sixerContext.close();
});

test("the admin area's sign-in and header show the host's site", async ({ page, browser }, info) => {
  const sixerContext = await contextOn(browser, info, SIXER);
  const sixerPage = await sixerContext.newPage();
  for (const p of [page, sixerPage]) {
    await p.goto('/admin/login');
    const site = await siteOf(p);
    await expectBrand(p, p.locator('form.bl-auth__card'), site);
    await signIn(p, 'admin', 'demo-dl');
    const header = p.getByRole('banner');
    await expectBrand(p, header, site);
    await expect(header).toContainText('Admin');
    await expect(header).toHaveCSS('background-color', rgb(site.theme.header));
    await expect(p.getByRole('table', { name: 'Clients' })).toBeVisible();
  }
  await sixerContext.close();
});
