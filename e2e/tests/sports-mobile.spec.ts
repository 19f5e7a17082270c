import { expect, test } from '@playwright/test';
import { PLAYER, openLiveCricketMatch, signIn, expectNoSidewaysScroll } from '../support/helpers';

test.describe('sports on a phone', () => {
  test('home, the odds page, rules and stake buttons fit 360×740', async ({ page, request }) => {
    test.setTimeout(120_000);
    await signIn(page, 'player', PLAYER);
    // A phone lands on the in-play cricket list (docs/rules/product.md §4); demo mode keeps an in-play match there.
    await expect(page).toHaveURL(/\/match\/4\/in-play$/);
    const matches = page.getByRole('list', { name: 'Matches' });
    const first = matches.getByRole('listitem').first();
    await expect(first.getByText('In-play')).toBeVisible({ timeout: 30_000 });
    await expect(first.getByRole('group', { name: /^Prices of / })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // A match whose Match Odds is open (the list's first may be in its innings break).
    await openLiveCricketMatch(page, request);
    const ladder = page.getByRole('table', { name: 'Match Odds prices' });
    await expect(ladder).toBeVisible();
    // On a phone only the best back and the best lay of each runner are shown.
    const runner = ladder.getByRole('row').nth(1);
    await expect(runner.locator('td.bl-price--back:visible')).toHaveCount(1);
    await expect(runner.locator('td.bl-price--lay:visible')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Score' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    const box = await ladder.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBeTruthy();

    await page.getByRole('button', { name: 'Rules: Match Odds' }).click();
    const rules = page.getByRole('dialog', { name: 'Rules: Match odds' });
    await expect(rules).toBeVisible();
    const dialogBox = await rules.boundingBox();
    expect(dialogBox && dialogBox.width <= 360 && dialogBox.height <= 740).toBeTruthy();
    await rules.getByRole('button', { name: 'Close' }).click();

    await page.goto('/rules');
    await expect(page.getByRole('heading', { name: 'Fancy / session', level: 2 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto('/button-values');
    await expect(page.getByLabel('Button 8 value')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
