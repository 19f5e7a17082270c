import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSidewaysScroll, newFundedPlayer, rupees, signIn, openMenu } from '../support/helpers';
import { e2eOrigin } from '../support/ports.mjs';

/** The studio's origin in the e2e stack (stack.mjs: E2E_PORTS.studio). */
const STUDIO_ORIGIN = e2eOrigin('studio');
/** The demo provider and its game as the operator's seed registers them (api/src/casino-int/seed.ts). */
const PROVIDER = 'Backlay Studio';
const GAME = 'Crash';

/** The page's own scroll setting (the overlay hides it). */
const pageOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

test.describe('international casino', () => {
  test("a player plays the studio's crash in the overlay; the header balance follows the wallet; the round shows in the reports", async ({ page, browser, request }, info) => {
    test.setTimeout(180_000);
    const phone = info.project.name === 'mobile';
    const player = await newFundedPlayer(request, 'cwi', 10_000);

    // The shell may frame the studio's origin and nothing else, not even itself; nobody may frame it.
    const shellPage = await request.get('/casino-int');
    expect(shellPage.headers()['content-security-policy']).toBe(`frame-src ${STUDIO_ORIGIN}; frame-ancestors 'none'`);
    expect(shellPage.headers()['x-frame-options']).toBe('DENY');

    await signIn(page, 'player', player, DEMO_PASSWORD);
    const header = page.getByTestId('header-available');
    const before = rupees(await header.textContent());
    expect(before).toBe(10_000);

    // Live casino › Others lists the international casino's entry.
    await openMenu(page, 'Casino', phone);
    await page.getByRole('navigation', { name: 'Casino categories' }).getByRole('link', { name: 'Others' }).click();
    await page.getByRole('list', { name: 'Others games' }).getByRole('link', { name: 'International Casino' }).click();
    await expect(page).toHaveURL(/\/casino-int$/);
    await expect(page.getByRole('navigation', { name: 'Game providers' }).getByRole('link', { name: PROVIDER })).toHaveAttribute('aria-current', 'page');
    const grid = page.getByRole('list', { name: `${PROVIDER} games` });
    await expect(grid.getByRole('button')).toHaveText([GAME, 'Mines', 'Plinko', 'Dice', 'Limbo', 'HiLo']);
    if (phone) await expectNoSidewaysScroll(page);

    // The crash game in the full-screen overlay: the page behind does not scroll, nor does the frame.
    const overflowBefore = await pageOverflow(page);
    await grid.getByRole('button', { name: GAME }).click();
    const overlay = page.getByRole('dialog', { name: GAME });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByRole('button', { name: 'EXIT' })).toBeFocused();
    expect(await pageOverflow(page)).toBe('hidden');
    const frameElement = overlay.locator('iframe');
    await expect(frameElement).toHaveAttribute('src', new RegExp(`^${STUDIO_ORIGIN}/`));
    await expect(frameElement).toHaveAttribute('scrolling', 'no');
    const box = await frameElement.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.width).toBe(viewport?.width);

    // Bet 100 and cash out inside the frame, as soon as the round lets us. The crash point is PF-1's
    // (unknown to the test): about 1 round in 30 crashes before a click can arrive, losing the
    // stake; then the journey bets again on a new round, until a cash-out wins (five tries at most).
    const game = page.frameLocator(`iframe[title="${GAME}"]`);
    const cashOut = game.getByRole('button', { name: 'Cash out' });
    const message = game.locator('#message');
    await game.getByLabel('Stake (₹)').fill('100');
    let rounds = 0;
    let won = 0;
    while (won === 0) {
      expect(rounds, 'five crashes in a row before a cash-out').toBeLessThan(5);
      // Clicking Bet clears the last round's result line at once.
      await game.getByRole('button', { name: 'Bet', exact: true }).click();
      rounds += 1;
      // The debit reaches the header over the socket while the overlay is open.
      await expect.poll(async () => rupees(await header.textContent()), { timeout: 15_000 }).toBe(before - 100 * rounds);
      await expect.poll(async () => (await cashOut.isEnabled()) || /Lost/.test((await message.textContent()) ?? ''), { timeout: 15_000 }).toBe(true);
      // Forced: if the page learnt of a crash in between, the disabled button ignores the click.
      await cashOut.click({ force: true });
      // The studio's result line: 'Won ₹x' (cashed out) or 'Lost ₹100.00' (crashed first).
      await expect(message).toHaveText(/(Won|Lost) ₹[\d,.]+/, { timeout: 30_000 });
      const win = /Won (₹[\d,.]+)/.exec((await message.textContent()) ?? '');
      if (win) won = rupees(win[1]);
    }
    await expect(game.locator('#multiplier')).toHaveText(/^Cashed out at \d+\.\d{2}×/);
    // A cash-out pays the stake times a multiplier of at least 1.00×.
    expect(won).toBeGreaterThanOrEqual(100);
    const after = before - 100 * rounds + won;
    // The credit reaches the header (behind the overlay) too; the studio's wallet view agrees.
    await expect.poll(async () => rupees(await header.textContent()), { timeout: 15_000 }).toBe(after);
    await expect.poll(async () => rupees(await game.locator('#balance').textContent()), { timeout: 15_000 }).toBe(after);

    // EXIT: the overlay goes, the page scrolls again, and the header shows the new balance.
    await overlay.getByRole('button', { name: 'EXIT' }).click();
    await expect(overlay).toHaveCount(0);
    expect(await pageOverflow(page)).toBe(overflowBefore);
    await expect(header).toBeVisible();
    expect(rupees(await header.textContent())).toBe(after);

    // The rounds in the player's casino report.
    const pnl = (after - before).toFixed(2);
    await openMenu(page, 'Casino report', phone);
    const report = page.getByRole('table', { name: 'Casino report by day and game' });
    await expect(report.getByRole('row', { name: new RegExp(GAME) })).toBeVisible();
    await expect(page.getByTestId('total-stake')).toHaveText((100 * rounds).toFixed(2));
    await expect(page.getByTestId('total-pnl')).toHaveText(pnl);

    // The statement reads each stake and the win as words: the game, the player's round number in
    // it (a new player: 1, 2, …) and the amount, never the provider's transaction or round ids.
    await openMenu(page, 'Statement', phone);
    const statement = page.getByRole('table', { name: 'Account statement' });
    for (let round = 1; round <= rounds; round += 1) {
      await expect(statement.getByRole('row', { name: new RegExp(`${GAME} · round ${round} · staked ₹100(?!\\d)`) })).toHaveCount(1);
    }
    const wonWords = `₹${won.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(won) ? 0 : 2, maximumFractionDigits: 2 })}`;
    await expect(statement.getByRole('row', { name: `${GAME} · round ${rounds} · won ${wonWords}`, exact: false })).toHaveCount(1);
    await expect(statement).not.toContainText(PROVIDER);
    await expect(statement).not.toContainText('bs-');

    // The player's agent sees this player's row under Crash in game reports: its bets, stake and P&L.
    const context = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: page.viewportSize() ?? undefined });
    const agent = await context.newPage();
    await signIn(agent, 'admin', 'demo-dl');
    await agent.goto('/admin/game-reports');
    const crashGroup = agent
      .getByRole('table', { name: 'Casino P&L by table and child' })
      .getByRole('rowgroup')
      .filter({ has: agent.getByRole('rowheader', { name: GAME, exact: true }) });
    const row = crashGroup.getByRole('row').filter({ has: agent.getByRole('rowheader', { name: player, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell')).toHaveText([String(rounds), (100 * rounds).toFixed(2), pnl]);

    // Its P&L sums the downline's Crash rounds of today (UTC) in one row, named by count and day.
    const [y, m, d] = new Date().toISOString().slice(0, 10).split('-');
    await agent.goto('/admin/profitloss');
    const today = agent
      .getByRole('table', { name: 'Profit and loss' })
      .getByRole('row')
      .filter({ has: agent.getByRole('rowheader', { name: new RegExp(`^\\d+ rounds? on ${d}/${m}/${y}$`) }) })
      .filter({ has: agent.getByRole('cell', { name: GAME, exact: true }) });
    await expect(today).toHaveCount(1);
    await expect(today.getByRole('cell', { name: 'International Casino', exact: true })).toBeVisible();
    await context.close();
  });

  test("the Sport Betting provider's tile opens the exchange itself: no overlay, no frame, one header", async ({ page, request }, info) => {
    const phone = info.project.name === 'mobile';
    const player = await newFundedPlayer(request, 'cwx', 1_000);
    await signIn(page, 'player', player, DEMO_PASSWORD);
    await page.goto('/casino-int/sport_betting');
    await expect(page.getByRole('navigation', { name: 'Game providers' }).getByRole('link', { name: 'Sport Betting' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('list', { name: 'Sport Betting games' }).getByRole('button', { name: 'Exchange' }).click();
    // The exchange's own page, in this window: its match board, the product's one header.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('list', { name: 'Matches' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByTestId('header-available')).toHaveCount(1);
    if (phone) await expectNoSidewaysScroll(page);
  });
});
