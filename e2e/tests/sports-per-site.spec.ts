import { expect, test, type Page } from '@playwright/test';
import { DEMO_TRANSACTION_PASSWORD, PLAYER, expectNoSidewaysScroll, signIn } from '../support/helpers';

/**
 * Sports per site (issue 35, ADR 0074 "Content per site"): demo-admin hides Soccer "On this site"
 * on the Sports list (transaction password); the player of that site (the default site, on this
 * host) no longer has a Soccer tab nor soccer matches; offered again, Soccer is back.
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

test.describe('sports per site', () => {
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
