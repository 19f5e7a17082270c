import { expect, test, type Route } from '@playwright/test';
import { PLAYER, expectNoSidewaysScroll, openMenu, signIn } from '../support/helpers';

/** get-virtual-games' item: SPEC's second casino list item shape (docs/rules/product.md §3). */
interface VirtualGame {
  id: string;
  game_id: string;
  game_images: string[];
  game_name: string;
  name: string;
}

const ROUND_TIMEOUT_MS = 60_000;

test.describe("SPEC's app-initialised event and virtual games", () => {
  test('the app root is busy until the shell announces app-initialised, after the remotes config came', async ({ page }) => {
    await signIn(page, 'player', PLAYER);
    // A fresh page load with the remotes config held back: the shell cannot be ready, so the root stays busy.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/remotes.json', async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto('/bethistory', { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('aria-busy', 'true');
    await page.waitForTimeout(500);
    await expect(page.locator('#root')).toHaveAttribute('aria-busy', 'true');
    release();
    // Announced once the route tree rendered: the root is no longer busy, and the page is drawn.
    await expect(page.locator('#root')).not.toHaveAttribute('aria-busy');
    await expect(page.getByTestId('header-username')).toContainText(PLAYER);
    await page.unroute('**/remotes.json');

    // The standalone sign-in page (no app) is never busy.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('aria-busy');
  });

  test('a player watches a table as a virtual-game stream; another tile waits until it is stopped', async ({ page }, info) => {
    test.setTimeout(180_000);
    const phone = info.project.name === 'mobile';
    await signIn(page, 'player', PLAYER);
    await openMenu(page, 'Casino', phone);
    await expect(page).toHaveURL(/\/casino-list\/LC\/4$/);

    // The live list links to the virtual games; the grid is what get-virtual-games answered.
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/get-virtual-games') && r.request().method() === 'GET');
    await page.getByRole('link', { name: 'Virtual games' }).click();
    await expect(page).toHaveURL(/\/virtual-games$/);
    const response = await answer;
    expect(response.status()).toBe(200);
    const streams = ((await response.json()) as { data: { data: VirtualGame[] } }).data.data;
    expect(streams.length).toBeGreaterThan(1);
    for (const s of streams) expect(Object.keys(s).sort()).toEqual(['game_id', 'game_images', 'game_name', 'id', 'name']);
    const grid = page.getByRole('list', { name: 'Virtual games' });
    await expect(grid.getByRole('button')).toHaveCount(streams.length);
    await expect(grid.getByRole('button').first()).toHaveAccessibleName(`${streams[0].game_name}, ${streams[0].name}`);
    if (phone) await expectNoSidewaysScroll(page);

    // Play the first stream: its rounds come live (the round's id, its state).
    const [first, second] = streams;
    await grid.getByRole('button', { name: `${first.game_name}, ${first.name}` }).click();
    const player = page.getByRole('region', { name: `Playing: ${first.game_name}` });
    await expect(player).toBeVisible();
    await expect(player.getByTestId('round-id')).toHaveText(/^\d+$/, { timeout: ROUND_TIMEOUT_MS });
    await expect(player.getByRole('link', { name: 'Bet on this table' })).toHaveAttribute('href', `/casino/${first.game_id}/${first.id}`);
    await expect(grid.getByRole('button', { name: `${first.game_name}, ${first.name}` })).toHaveAttribute('aria-pressed', 'true');

    // Another tile while it plays: not selected, the page says why.
    await grid.getByRole('button', { name: `${second.game_name}, ${second.name}` }).click();
    await expect(page.getByRole('alert')).toHaveText(`${first.game_name} is playing: stop it to watch another game.`);
    await expect(player).toBeVisible();
    await expect(page.getByRole('region', { name: `Playing: ${second.game_name}` })).toHaveCount(0);
    if (phone) await expectNoSidewaysScroll(page);

    // Stopped: the other tile plays.
    await player.getByRole('button', { name: 'Stop' }).click();
    await expect(player).toHaveCount(0);
    await grid.getByRole('button', { name: `${second.game_name}, ${second.name}` }).click();
    const next = page.getByRole('region', { name: `Playing: ${second.game_name}` });
    await expect(next.getByTestId('round-id')).toHaveText(/^\d+$/, { timeout: ROUND_TIMEOUT_MS });
  });
});
