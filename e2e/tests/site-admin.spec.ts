/**
 * Managing sites (issue 35, ADR 0074), at 1280×800 and on a 360×740 phone: demo-admin (the Super
 * Admin) creates a site with its Admin from Sites, sees it listed, edits its name and a colour
 * (the preview follows); the new Admin signs in through the API on the site's domain (the Host
 * header) and not on 127.0.0.1 (the default site). demo-sadmin, an Admin of the default site,
 * sees only that site and cannot change its domains; demo-dl has no Sites in its menu.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiGet, apiToken, DEMO_TRANSACTION_PASSWORD, expectNoSidewaysScroll, menuName, openMenu, runSuffix, signIn } from '../support/helpers';

const ADMIN_PASSWORD = 'Site#Admin2026';

interface SiteRow {
  id: string;
  name: string;
  domains: string[];
  theme: { primary: string; accent: string; header: string; headerText: string };
  admin: { username: string } | null;
}

async function openSites(page: Page, phone: boolean) {
  await openMenu(page, 'Sites', phone);
  await expect(page.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();
}

test.describe('sites', () => {
  test('the Super Admin creates a site with its Admin, lists and edits it; the Admin signs in on its domain only', async ({ page, request, isMobile }, testInfo) => {
    const suffix = `${runSuffix()}${testInfo.project.name[0] ?? 'x'}${testInfo.repeatEachIndex}`;
    const id = `e2e-${suffix}`;
    const domain = `${id}.test`;
    const name = `E2E ${suffix}`;
    const adminName = `sa${suffix}`;

    await signIn(page, 'admin', 'demo-admin');
    await openSites(page, isMobile);
    await page.getByRole('button', { name: 'New site' }).click();
    const form = page.getByRole('form', { name: 'New site' });
    await form.getByLabel('Site id').fill(id);
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Domains').fill(`${domain}\nwww.${domain}`);
    await form.getByLabel('Primary colour').fill('#aa3300');
    await form.getByLabel('Header colour').fill('#102030');
    // The preview follows the colours as they are chosen.
    await expect(form.getByTestId('theme-preview').locator('.bl-site-preview__head')).toHaveCSS('background-color', 'rgb(16, 32, 48)');
    await form.getByLabel('Support email').fill(`help@${domain}`);
    await form.getByLabel('Maintenance message').fill('Back soon');
    await form.getByLabel('Admin username').fill(adminName);
    await form.getByLabel('Admin password').fill(ADMIN_PASSWORD);
    await form.getByLabel('Admin partnership %').fill('80');
    await form.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    if (isMobile) await expectNoSidewaysScroll(page);
    // Creating a site hashes its Admin's password and checks the transaction password (argon2
    // both): on a loaded machine that takes seconds, so the journey waits for the server's answer.
    // The request is awaited apart from its answer, so a failure says which of the two never came
    // (the form sends only once its checks passed: a field error is shown then, and named here).
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/create-site'), { timeout: 30_000 }).catch(async () => {
      const errors = await form.getByRole('alert').allTextContents();
      throw new Error(`Create site sent no request in 30 s; the form shows: ${JSON.stringify(errors)}`);
    });
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/create-site'), { timeout: 60_000 });
    // All three awaited together: whichever fails first is the journey's error, none is left unhandled.
    const [, created] = await Promise.all([sent, answered, form.getByRole('button', { name: 'Create site' }).click()]);
    expect(created.status(), created.status() === 200 ? '' : await created.text()).toBe(200);
    await expect(page.getByText('Site created')).toBeVisible();
    await expect(form).toBeHidden();

    const table = page.getByRole('table', { name: 'Sites' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    await expect(row).toContainText(`${domain}, www.${domain}`);
    await expect(row).toContainText(adminName);
    await expect(row.getByRole('cell', { name: 'Off' })).toBeVisible();
    if (isMobile) await expectNoSidewaysScroll(page);

    // Edit: a new name and header colour.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${name}` });
    await expect(edit.getByLabel('Domains')).toHaveValue(`${domain}\nwww.${domain}`);
    await edit.getByLabel('Name', { exact: true }).fill(`${name} Live`);
    await edit.getByLabel('Header colour').fill('#336699');
    await expect(edit.getByTestId('theme-preview').locator('.bl-site-preview__head')).toHaveCSS('background-color', 'rgb(51, 102, 153)');
    await edit.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    const updated = page.waitForResponse((response) => response.url().endsWith('/api/update-site'), { timeout: 60_000 });
    await edit.getByRole('button', { name: 'Save site' }).click();
    expect((await updated).status(), await (await updated).text()).toBe(200);
    await expect(page.getByText('Site saved')).toBeVisible();
    await expect(table.getByRole('rowheader', { name: `${name} Live` })).toBeVisible();
    const token = await apiToken(request, 'admin', 'demo-admin');
    const saved = (await apiGet<SiteRow[]>(request, token, '/api/get-site-list')).find((site) => site.id === id);
    expect(saved).toMatchObject({ name: `${name} Live`, domains: [domain, `www.${domain}`], theme: { primary: '#aa3300', header: '#336699' }, admin: { username: adminName } });

    // The new Admin signs in on its site's domain only (the browser cannot reach it: the API is told by the Host header).
    const login = (host?: string) =>
      page.request.post('/api/login-admin', { data: { username: adminName, password: ADMIN_PASSWORD }, ...(host !== undefined ? { headers: { host } } : {}) });
    const onDomain = await login(domain);
    expect(onDomain.status()).toBe(200);
    expect(((await onDomain.json()) as { data: { changePassAndTxn: boolean } }).data.changePassAndTxn).toBe(true);
    const onDefault = await login();
    expect(onDefault.status()).toBe(401);
  });

  test('an Admin of the default site sees only its own site and not its domains as a field', async ({ page, isMobile }) => {
    await signIn(page, 'admin', 'demo-sadmin');
    await openSites(page, isMobile);
    await expect(page.getByRole('button', { name: 'New site' })).toHaveCount(0);
    const table = page.getByRole('table', { name: 'Sites' });
    await expect(table.getByRole('rowheader')).toHaveCount(1);
    await expect(table.getByRole('rowheader')).toContainText('Backlay');
    await table.getByRole('button', { name: 'Edit Backlay' }).click();
    const edit = page.getByRole('form', { name: 'Edit Backlay' });
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue('Backlay');
    await expect(edit.getByLabel('Domains')).toHaveCount(0);
    await expect(edit.getByText(/Domains: .*127\.0\.0\.1/)).toBeVisible();
    if (isMobile) await expectNoSidewaysScroll(page);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
  });

  test('a DL has no Sites in its menu, and the page is not allowed', async ({ page, isMobile }) => {
    await signIn(page, 'admin', 'demo-dl');
    if (isMobile) {
      await page.getByRole('button', { name: menuName('More') }).click();
      const more = page.getByRole('navigation', { name: 'More' });
      await expect(more).toBeVisible();
      await expect(more.getByRole('link', { name: menuName('Sites') })).toHaveCount(0);
    } else {
      const main = page.getByRole('navigation', { name: 'Main' });
      await expect(main.getByRole('link', { name: menuName('Clients') })).toBeVisible();
      await expect(main.getByRole('link', { name: menuName('Sites') })).toHaveCount(0);
    }
    await page.goto('/admin/sites');
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  });
});
