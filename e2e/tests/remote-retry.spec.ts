import { expect, test, type Page } from '@playwright/test';
import { PLAYER, control, signIn } from '../support/helpers';
import { e2eOrigin } from '../support/ports.mjs';

const SPORTS_ORIGIN = e2eOrigin('sports');
const unavailable = (page: Page) => page.getByRole('heading', { name: 'This section is unavailable' });

/** Open a section through the main menu (on a phone through its "More" panel): no page load. */
async function openSection(page: Page, label: string) {
  const more = page.getByRole('button', { name: 'More' });
  const menu = (await more.isVisible()) ? (await more.click(), page.getByRole('navigation', { name: 'More' })) : page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('link', { name: label, exact: true }).click();
}

/**
 * The sports remote fails while the player signs in and stays on Home through its first automatic
 * retry, goes to Deposit (another remote) and back to Home; the remote comes back; "Retry now" asks
 * the sports remote again at once and its screen shows, with no page reload. Both on a desktop and
 * on a phone.
 */
async function failGoAwayComeBackRetry(page: Page, block: () => Promise<void>, unblock: () => Promise<void>, expectFetch: RegExp) {
  let failed = 0;
  page.on('requestfailed', (r) => {
    if (expectFetch.test(r.url())) failed += 1;
  });
  await block();
  try {
    await signIn(page, 'player', PLAYER);
    await expect(unavailable(page)).toBeVisible();
    // Attempt 0 and the automatic attempt 1 (2 s later) each ask twice (one quick retry inside).
    await expect.poll(() => failed, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await expect(unavailable(page)).toBeVisible();
    await openSection(page, 'Deposit');
    await expect(page.getByRole('heading', { name: 'Deposit', exact: true })).toBeVisible();
    await openSection(page, 'Home');
    await expect(unavailable(page)).toBeVisible();
  } finally {
    await unblock();
  }
  const fetched = page.waitForRequest((r) => expectFetch.test(r.url()), { timeout: 1_500 });
  await page.getByRole('button', { name: 'Retry now' }).click();
  await fetched;
  await expect(page.getByRole('navigation', { name: 'Sports' })).toBeVisible();
  await expect(unavailable(page)).toHaveCount(0);
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
}

test.describe('a remote that comes back', () => {
  test('server down, then up: Retry now fetches the remote again, after going elsewhere and back', async ({ page, request }) => {
    await failGoAwayComeBackRetry(
      page,
      () => control(request, '/remotes/sports/stop'),
      () => control(request, '/remotes/sports/start'),
      new RegExp(`^${SPORTS_ORIGIN}/(mf-manifest\\.json|remoteEntry\\.js)`),
    );
  });

  test('its remoteEntry.js blocked, then allowed: Retry now fetches the entry script again', async ({ page }) => {
    const entry = `${SPORTS_ORIGIN}/remoteEntry.js`;
    await failGoAwayComeBackRetry(
      page,
      async () => {
        await page.route(`${entry}*`, (route) => route.abort('connectionrefused'));
      },
      () => page.unroute(`${entry}*`),
      /\/remoteEntry\.js/,
    );
  });
});
