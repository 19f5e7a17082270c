import { expect, test, type Locator } from '@playwright/test';
import { PLAYER, PLACE_ATTEMPTS, dismissSlip, openLiveCricketMatch, openSlip, signIn, submitSlip, expectNoSidewaysScroll } from '../support/helpers';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box: ${locator.toString()}`);
  return box;
}

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

  test("a toast shows top-right (SPEC), clear of the header's balance and of the slip's Place Bet", async ({ page, request }) => {
    test.setTimeout(180_000);
    await signIn(page, 'player', PLAYER);
    await openLiveCricketMatch(page, request);
    const bestBack = page.getByRole('region', { name: 'Match Odds' }).getByRole('row').nth(1).locator('td.bl-price--back[data-level="1"] button');
    const slip = page.getByRole('form', { name: 'Bet slip' });
    const odds = slip.getByLabel('Odds');
    // Far better odds than the market offers: the server refuses, the slip stays open with its
    // Place Bet, and the refusal is toasted as well.
    let message = '';
    for (let attempt = 1; ; attempt += 1) {
      await openSlip(page, bestBack);
      await odds.fill((Number(await odds.inputValue()) + 5).toFixed(2));
      await slip.getByLabel('Stake', { exact: true }).fill('100');
      const answer = await submitSlip(page, slip);
      expect(answer.outcome, 'a bet at odds the market does not offer').not.toBe('placed');
      if (answer.outcome === 'refused') {
        message = answer.message;
        break;
      }
      // The market paused and nothing was sent: open the slip again.
      if (attempt >= PLACE_ATTEMPTS) throw new Error(`no refusal: ${answer.message}`);
      await dismissSlip(slip);
    }
    const toast = page.locator('.Toastify__toast').filter({ hasText: message }).last();
    await expect(toast).toBeVisible();
    await expect(page.locator('.Toastify__toast-container--top-right')).toHaveCount(1);
    const place = slip.getByRole('button', { name: 'Place Bet' });
    await expect(place).toBeInViewport();
    const viewport = page.viewportSize() ?? { width: 360, height: 740 };
    // The toast slides in from the right: measure it once it is on the screen.
    const settled = async () => {
      await expect.poll(async () => {
        const box = await boxOf(toast);
        return box.x >= -1 && box.x + box.width <= viewport.width + 1;
      }).toBe(true);
      return boxOf(toast);
    };
    // Where the player is after pressing Place Bet: the toast is top-right and leaves the button free.
    const [toastBox, placeBox] = [await settled(), await boxOf(place)];
    expect(toastBox.x + toastBox.width).toBeGreaterThanOrEqual(viewport.width - 1);
    expect(toastBox.y + toastBox.height / 2).toBeLessThan(viewport.height / 2);
    expect(overlaps(toastBox, placeBox), `the toast ${JSON.stringify(toastBox)} covers Place Bet ${JSON.stringify(placeBox)}`).toBe(false);
    // At the top of the page, with the header in view: the toast sits below it and its balance.
    await page.evaluate(() => window.scrollTo(0, 0));
    const [topToastBox, headerBox, balanceBox] = [await settled(), await boxOf(page.locator('.bl-header')), await boxOf(page.getByTestId('header-available'))];
    expect(headerBox.y).toBeGreaterThanOrEqual(-1);
    expect(topToastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    expect(overlaps(topToastBox, balanceBox), "the toast covers the header's balance").toBe(false);
  });
});
