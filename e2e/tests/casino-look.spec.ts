import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSidewaysScroll, newFundedPlayer, secondsLeft, signIn } from '../support/helpers';

/**
 * The live casino as a player sees it (issue 32, ADR 0073), on a phone and a desktop, with
 * screenshots a person can look at: the lobby's tiles (the game's artwork, one title, two a row on
 * a phone), a table's felt with the places the game deals to laid out before the deal, the betting
 * window's ring, cards drawn as real cards, the player's stake on the box it backed, the winner lit
 * once the round settles, and the page where the player left it after a bet.
 */

/** The stack runs the tables with a 10 s betting window and 4 s of result (stack-env.mjs). */
const ROUND_TIMEOUT_MS = 60_000;
const SECONDS_TO_BET = 5;

async function shot(page: Page, info: Parameters<Parameters<typeof test>[2]>[1], name: string) {
  const path = info.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await info.attach(`${name} (${info.project.name})`, { path, contentType: 'image/png' });
}

test.describe('the live casino looks live', () => {
  test('the lobby: artwork per table, its title once, two tiles a row on a phone, tabs that scroll', async ({ page, request }, info) => {
    const player = await newFundedPlayer(request, 'look', 100);
    await signIn(page, 'player', player, DEMO_PASSWORD);
    await page.goto('/casino-list/LC/4');
    const grid = page.getByRole('list', { name: 'All Casino games' });
    const roulette = grid.getByRole('link', { name: 'Roulette' });
    await expect(roulette).toBeVisible();
    // The tile's picture is the game's own drawing, loaded; the title is printed once, below it.
    await roulette.scrollIntoViewIfNeeded();
    const image = roulette.locator('img');
    await expect(image).toHaveAttribute('src', /\/casino\/images\/roulette\.svg$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(roulette.locator('.bl-casino-tile__title')).toHaveText('Roulette');
    // The live badge counts the open round's seconds down (or says LIVE between rounds).
    await expect(roulette.getByTestId('tile-live')).toHaveText(/^LIVE( · \d+s)?$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    const tiles = grid.getByRole('listitem');
    const [first, second, third] = await Promise.all([0, 1, 2].map(async (i) => (await tiles.nth(i).boundingBox())!));
    const phone = info.project.name === 'mobile';
    // Two a row on a phone (the third starts a new row), six on a desktop.
    expect(third.y > first.y).toBe(phone);
    expect(Math.round(second.y)).toBe(Math.round(first.y));
    if (phone) {
      expect(first.width).toBeGreaterThan(150);
      await expectNoSidewaysScroll(page);
      // The category tabs scroll sideways inside their bar, not the page.
      const tabs = page.getByRole('navigation', { name: 'Casino categories' });
      expect(await tabs.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    }
    await shot(page, info, 'lobby');
  });

  test('a table: the felt lays out its boxes, deals real cards, shows the stake on the box backed and lights the winner', async ({ page, request }, info) => {
    test.setTimeout(240_000);
    const phone = info.project.name === 'mobile';
    const player = await newFundedPlayer(request, 'felt', 10_000);
    await signIn(page, 'player', player, DEMO_PASSWORD);
    await page.goto('/casino/teen20/9020');
    await expect(page.getByRole('heading', { name: '20-20 Teenpatti', level: 1 })).toBeVisible();
    const felt = page.getByRole('region', { name: 'Cards' });
    // Player A | Player B, on the felt from the start.
    await expect(felt.getByRole('group', { name: /^Player A/ })).toBeVisible();
    await expect(felt.getByRole('group', { name: /^Player B/ })).toBeVisible();
    const boxes = await Promise.all(['A', 'B'].map(async (s) => (await felt.getByRole('group', { name: new RegExp(`^Player ${s}`) }).boundingBox())!));
    expect(Math.round(boxes[1].y)).toBe(Math.round(boxes[0].y)); // side by side, on a phone too
    if (phone) await expectNoSidewaysScroll(page);

    // A round with time left: the ring runs; the player backs Player B.
    await expect.poll(() => secondsLeft(page), { timeout: ROUND_TIMEOUT_MS, intervals: [250] }).toBeGreaterThanOrEqual(SECONDS_TO_BET);
    await expect(felt.locator('.bl-round-timer')).toBeVisible();
    const market = page.getByRole('region', { name: 'Player A / Player B' });
    await market.getByRole('button', { name: /^Back Player B at [\d.]+$/ }).click();
    const slip = page.getByRole('form', { name: 'Bet slip' });
    await expect(slip).toBeInViewport();
    // The stake picker is chips.
    await expect(slip.getByRole('group', { name: 'Quick stakes' }).getByRole('button').first()).toHaveCSS('border-radius', /\d+px/);
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    await shot(page, info, 'slip');
    // Where the player has the page as it places the bet (Place Bet in view first: a click scrolls to its target).
    await slip.getByRole('button', { name: 'Place Bet' }).scrollIntoViewIfNeeded();
    const before = await market.boundingBox();
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    const mine = page.getByRole('table', { name: 'My bets on this round' });
    const placed = await Promise.race([
      mine.getByRole('row', { name: /^Back Player B/ }).waitFor().then(() => true),
      slip.getByRole('alert').waitFor().then(() => false),
    ]);
    if (placed) {
      await expect(slip).toHaveCount(0);
      // The market stays where the player had it when placing the bet: the page does not jump.
      const after = await market.boundingBox();
      expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThanOrEqual(2);
      await expect(felt.getByRole('group', { name: /^Player B/ }).getByLabel('Your stake on Player B: 100.00')).toBeVisible();
    }

    // The deal: cards drawn as cards, then the winner lit (or a tie: no box lit).
    await expect(page.getByText(/^Settled · /)).toBeVisible({ timeout: ROUND_TIMEOUT_MS });
    const cards = felt.getByRole('img');
    await expect(cards).toHaveCount(6);
    await expect(cards.first().locator('svg')).toBeVisible();
    const settled = (await page.getByText(/^Settled · /).textContent()) ?? '';
    const winner = /Player [AB]/.exec(settled)?.[0];
    if (winner) await expect(felt.getByRole('group', { name: `${winner}, wins` })).toHaveClass(/bl-casino-hand--won/);
    else await expect(felt.locator('.bl-casino-hand--won')).toHaveCount(0);
    await shot(page, info, 'settled');
  });
});
