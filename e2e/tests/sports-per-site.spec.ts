import { expect, test, type Page } from '@playwright/test';
import { DEMO_TRANSACTION_PASSWORD, PLAYER, expectNoSidewaysScroll, openLiveCricketMatch, signIn } from '../support/helpers';

/**
 * Sports per site (issue 35, ADR 0074 "Content per site"): demo-admin hides Soccer "On this site"
 * on the Sports list (transaction password); the player of that site (the default site, on this
 * host) no longer has a Soccer tab nor soccer matches; offered again, Soccer is back. On the
 * same page the site's own maximum stake reaches the player's match (the limits the slip checks).
 */
const SPORT = 'Soccer';

/** Offer or hide the sport for this site's players only, as the signed-in admin through /admin/sports-list. */
async function offerOnThisSite(admin: Page, offered: boolean) {
  await admin.goto('/admin/sports-list');
  const row = admin.getByRole('table', { name: 'Sports' }).getByRole('row', { name: new RegExp(`^${SPORT}`) });
  const toggle = row.getByRole('switch', { name: `${SPORT} on this site` });
  await expect(toggle).toBeVisible();
  if ((await toggle.isChecked()) !== offered) {
    await toggle.click();
    const confirm = admin.getByRole('dialog', { name: `${offered ? 'Offer' : 'Hide'} ${SPORT} on this site` });
    await confirm.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    await confirm.getByRole('button', { name: offered ? 'Offer' : 'Hide', exact: true }).click();
    await expect(confirm).toBeHidden();
  }
  await expect(toggle).toBeChecked({ checked: offered });
  // The platform-wide switch is untouched.
  await expect(row.getByRole('switch', { name: `${SPORT} active` })).toBeChecked();
}

/**
 * Set this site's own maximum stake (empty: each market's own) on /admin/sports-list. ₹99,999:
 * below the demo markets' ₹1,00,000, above any stake another journey places at once.
 */
async function setSiteMaxStake(admin: Page, max: string) {
  const read = admin.waitForResponse((r) => r.url().includes('/api/get-site-limits'));
  await admin.goto('/admin/sports-list');
  expect((await read).status()).toBe(200);
  const field = admin.getByLabel('Maximum stake on this site');
  await expect(field).toBeVisible();
  await field.fill(max);
  await admin.getByRole('button', { name: 'Save site limits' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Stake limits on this site' });
  await confirm.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
  const saved = admin.waitForResponse((r) => r.url().endsWith('/api/save-site-limits'));
  await confirm.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(confirm).toBeHidden();
  await expect(admin.getByLabel('Maximum stake on this site')).toHaveValue(max);
}

test.describe('sports per site', () => {
  test("an admin sets this site's maximum stake: the site's player's match shows it", async ({ page, browser, request }, info) => {
    test.setTimeout(120_000);
    const phone = info.project.name === 'mobile';
    const context = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: page.viewportSize() ?? undefined });
    const admin = await context.newPage();
    await signIn(admin, 'admin', 'demo-admin');
    await signIn(page, 'player', PLAYER);
    try {
      await setSiteMaxStake(admin, '99999');
      if (phone) await expectNoSidewaysScroll(admin);
      await openLiveCricketMatch(page, request);
      // The market's limits line, from the same live market (data socket) the bet slip checks against.
      await expect(page.getByRole('region', { name: 'Match Odds' }).getByText(/^Min [\d,]+ · Max 99,999 · Delay/)).toBeVisible();
    } finally {
      // openLiveCricketMatch signs demo-admin in through the API, which ends the page's session.
      await signIn(admin, 'admin', 'demo-admin');
      await setSiteMaxStake(admin, '');
    }
    await context.close();
  });

  test("an admin hides Soccer on this site: the site's player has no Soccer; offered again it is back", async ({ page, browser }, info) => {
    test.setTimeout(120_000);
    const phone = info.project.name === 'mobile';
    const context = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: page.viewportSize() ?? undefined });
    const admin = await context.newPage();
    await signIn(admin, 'admin', 'demo-admin');
    await signIn(page, 'player', PLAYER);
    const tabs = page.getByRole('navigation', { name: 'Sports' });

    // Before: the player has Soccer and its matches (demo mode keeps 2+ soccer matches).
    await offerOnThisSite(admin, true);
    await page.goto('/match/1');
    await expect(tabs.getByRole('link', { name: SPORT, exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Matches' }).getByRole('listitem').first()).toBeVisible();

    try {
      await offerOnThisSite(admin, false);
      if (phone) await expectNoSidewaysScroll(admin);
      await page.reload();
      await expect(tabs.getByRole('link', { name: 'Cricket', exact: true })).toBeVisible();
      await expect(tabs.getByRole('link', { name: SPORT, exact: true })).toHaveCount(0);
      // Its page answers as for a sport that is off: no name, no matches.
      await expect(page.getByText('No sport matches are open right now.')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Matches' }).getByRole('listitem')).toHaveCount(0);
    } finally {
      await offerOnThisSite(admin, true);
    }
    await page.reload();
    await expect(tabs.getByRole('link', { name: SPORT, exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Matches' }).getByRole('listitem').first()).toBeVisible();
    await context.close();
  });
});
