import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_TRANSACTION_PASSWORD, expectNoSidewaysScroll, newFundedPlayer, rupees, secondsLeft, signIn, openMenu } from '../support/helpers';
import { e2eOrigin } from '../support/ports.mjs';

/** The stack runs the tables with a short betting window (stack-env.mjs: CASINO_BETTING_SECONDS). */
const ROUND_TIMEOUT_MS = 60_000;
/** Seconds the journey wants left on the clock before it opens the slip and places the bet. */
const SECONDS_TO_BET = 5;
const SUSPENDED = 'This game is suspended by admin, please try again later';
const TABLE = '20-20 Dragon Tiger';

/** A second signed-in browser of the admin area (an agent watching while the player plays), at the same size. */
async function adminPage(browser: Browser, like: { baseURL: string; viewport: { width: number; height: number } | null }, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: like.baseURL, viewport: like.viewport ?? undefined });
  const other = await context.newPage();
  await signIn(other, 'admin', username);
  return other;
}

/** Switch the table on or off as demo-admin through /admin/casino-list. */
async function switchTable(admin: Page, enabled: boolean) {
  await admin.goto('/admin/casino-list');
  const row = admin.getByRole('table', { name: 'Casino tables' }).getByRole('row', { name: new RegExp(`^${TABLE}`) });
  const toggle = row.getByRole('switch', { name: `${TABLE} enabled` });
  if ((await toggle.isChecked()) !== enabled) {
    await toggle.click();
    // Confirmed with the transaction password (ADR 0032).
    const confirm = admin.getByRole('dialog', { name: new RegExp(`^${enabled ? 'Enable' : 'Disable'} ${TABLE}`) });
    await confirm.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    await confirm.getByRole('button', { name: enabled ? 'Enable' : 'Disable', exact: true }).click();
    await expect(confirm).toBeHidden();
  }
  await expect(row).toContainText(enabled ? /Running/ : /Disabled/);
  await expect(toggle).toBeChecked({ checked: enabled });
}

/** Offer or hide the table for this site's players only (ADR 0074 "Content per site") as demo-admin through /admin/casino-list. */
async function offerOnThisSite(admin: Page, offered: boolean) {
  await admin.goto('/admin/casino-list');
  const row = admin.getByRole('table', { name: 'Casino tables' }).getByRole('row', { name: new RegExp(`^${TABLE}`) });
  const toggle = row.getByRole('switch', { name: `${TABLE} on this site` });
  if ((await toggle.isChecked()) !== offered) {
    await toggle.click();
    const confirm = admin.getByRole('dialog', { name: `${offered ? 'Offer' : 'Hide'} ${TABLE} on this site` });
    await confirm.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    await confirm.getByRole('button', { name: offered ? 'Offer' : 'Hide', exact: true }).click();
    await expect(confirm).toBeHidden();
  }
  await expect(toggle).toBeChecked({ checked: offered });
}

test.describe('live casino', () => {
  test('a player bets on Dragon and verifies the round; the agent sees the bet; the admin switches the table off', async ({ page, browser, request }, info) => {
    test.setTimeout(300_000);
    const phone = info.project.name === 'mobile';
    const player = await newFundedPlayer(request, 'cas', 10_000);
    const like = { baseURL: info.project.use.baseURL ?? e2eOrigin('shell'), viewport: page.viewportSize() };

    // The player's agent watches the table's round book while the player plays.
    const agent = await adminPage(browser, like, 'demo-dl');
    await agent.goto('/admin/casino/dt20');
    await expect(agent.getByRole('heading', { name: `${TABLE} · round book`, level: 1 })).toBeVisible();

    await signIn(page, 'player', player, DEMO_PASSWORD);
    const balanceBefore = rupees(await page.getByTestId('header-available').textContent());

    // All Casino, then Dragon Tiger. Between two rounds the list shows a table as suspended, so
    // the journey reloads until a round runs.
    await openMenu(page, 'Casino', phone);
    await expect(page).toHaveURL(/\/casino-list\/LC\/4$/);
    await expect(page.getByRole('navigation', { name: 'Casino categories' }).getByRole('link', { name: 'All Casino' })).toHaveAttribute('aria-current', 'page');
    const tile = page.getByRole('list', { name: 'All Casino games' }).getByRole('link', { name: TABLE });
    await expect(async () => {
      await page.reload();
      await expect(tile).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: ROUND_TIMEOUT_MS });
    await tile.click();
    await expect(page).toHaveURL(/\/casino\/dt20\/\w+$/);
    await expect(page.getByRole('heading', { name: TABLE, level: 1 })).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    if (phone) await expectNoSidewaysScroll(page);

    // A round with enough time left, then Back Dragon with a stake of 100.
    await expect.poll(() => secondsLeft(page), { timeout: ROUND_TIMEOUT_MS, intervals: [250] }).toBeGreaterThanOrEqual(SECONDS_TO_BET);
    const roundId = (await page.getByTestId('round-id').textContent()) ?? '';
    await page.getByRole('button', { name: /^Back Dragon at [\d.]+$/ }).first().click();
    const slip = page.getByRole('form', { name: 'Bet slip' });
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    const book = slip.getByRole('table', { name: 'Profit or loss if each runner wins' });
    await expect(book.getByRole('row', { name: /^Tiger/ })).toContainText('-100.00');
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    await expect(slip).toHaveCount(0);
    const mine = page.getByRole('table', { name: 'My bets on this round' });
    await expect(mine.getByRole('row', { name: /^Back Dragon/ })).toContainText('100.00');
    await expect(page.getByTestId('header-exposure')).toHaveText('₹100.00');
    expect(await page.getByTestId('round-id').textContent()).toBe(roundId);

    // The agent's round book shows the bet, without a reload.
    await expect(agent.getByRole('table', { name: 'Downline bets on this round' }).getByRole('row', { name: new RegExp(`^${player}`) })).toContainText('100.00');
    if (phone) await expectNoSidewaysScroll(agent);

    // The round closes, the cards are dealt, it settles: the bet's result, the header.
    await expect(page.getByRole('group', { name: 'Dragon' }).getByRole('img')).toHaveCount(1, { timeout: ROUND_TIMEOUT_MS });
    await expect(page.getByRole('group', { name: 'Tiger' }).getByRole('img')).toHaveCount(1);
    await expect(page.getByText(/^Settled · (Dragon|Tiger|Tie)/)).toBeVisible({ timeout: ROUND_TIMEOUT_MS });
    const result = mine.getByRole('row', { name: /^Back Dragon/ }).locator('[data-pnl]');
    await expect(result).toBeVisible();
    const pnl = rupees(await result.textContent());
    expect([100, -100]).toContain(pnl);
    await expect(page.getByTestId('header-exposure')).toHaveText('₹0.00');
    await expect.poll(async () => rupees(await page.getByTestId('header-available').textContent())).toBe(balanceBefore + pnl);

    // Verify: the seed's hash and the deal, recomputed in the browser.
    await page.getByRole('button', { name: `Verify round ${roundId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Verify round ${roundId}` });
    await expect(dialog.getByRole('list', { name: 'Checks' }).getByText('Match', { exact: true })).toHaveCount(2);
    await expect(dialog.getByText('Mismatch')).toHaveCount(0);
    if (phone) await expect(dialog).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The strip reads the round as the game does (D, T or Tie); a tap opens its card, verified in
    // the browser; the statistics count it among the table's last rounds.
    const winner = (await page.getByText(/^Settled · (Dragon|Tiger|Tie)/).textContent())?.replace(/^Settled · /, '').split(' ')[0] ?? '';
    const last = page.getByRole('navigation', { name: 'Last results' }).getByRole('button', { name: `Round ${roundId}: ${winner}` });
    await expect(last).toHaveText({ Dragon: 'D', Tiger: 'T', Tie: 'Tie' }[winner] ?? '?');
    await expect(page.getByRole('region', { name: /^Statistics of the last \d+ rounds$/ }).getByText(winner, { exact: true })).toBeVisible();
    await last.click();
    const card = page.getByRole('dialog', { name: `Round ${roundId}` });
    await expect(card.getByRole('list', { name: 'Checks' }).getByText('Match', { exact: true })).toHaveCount(2);
    if (phone) await expect(card).toBeInViewport();
    await info.attach(`round card (${info.project.name})`, { body: await page.screenshot(), contentType: 'image/png' });
    await page.keyboard.press('Escape');
    await expect(card).toHaveCount(0);

    // The table's results list the round with its cards and a Verify button.
    await page.getByRole('navigation', { name: 'Last results' }).getByRole('link', { name: 'All results' }).click();
    await expect(page.getByRole('heading', { name: `${TABLE} results`, level: 1 })).toBeVisible();
    const settled = page.getByRole('table', { name: 'Round results' }).getByRole('row', { name: new RegExp(`^${roundId} `) });
    await expect(settled.getByRole('img')).toHaveCount(2);
    await expect(settled.getByRole('button', { name: `Verify round ${roundId}` })).toBeVisible();
    if (phone) await expectNoSidewaysScroll(page);

    // The casino report has the round.
    await openMenu(page, 'Casino report', phone);
    const report = page.getByRole('table', { name: 'Casino report by day and game' });
    const row = report.getByRole('row', { name: new RegExp(TABLE) });
    await expect(row).toContainText('100.00');
    await expect(row.locator('[data-pnl]')).toHaveText(pnl > 0 ? '100.00' : '-100.00');
    if (phone) await expectNoSidewaysScroll(page);

    // The agent's game report has the player under Dragon Tiger.
    await agent.goto('/admin/game-reports');
    const reports = agent.getByRole('table', { name: 'Casino P&L by table and child' });
    await expect(reports.getByRole('link', { name: TABLE })).toBeVisible();
    await expect(reports.getByRole('row', { name: new RegExp(`^${player}`) })).toContainText('100.00');
    if (phone) await expectNoSidewaysScroll(agent);

    // The admin switches the table off: the player gets the suspended warning instead of the table.
    const admin = await adminPage(browser, like, 'demo-admin');
    try {
      await switchTable(admin, false);
      if (phone) await expectNoSidewaysScroll(admin);
      await page.goto('/casino-list/LC/4/23');
      await page.getByRole('list', { name: 'Dragon Tiger games' }).getByRole('button', { name: TABLE }).click();
      await expect(page.getByRole('alert')).toHaveText(SUSPENDED);
      await expect(page).toHaveURL(/\/casino-list\/LC\/4\/23$/);
    } finally {
      await switchTable(admin, true);
    }

    // Hidden on this site only: the table leaves the player's list, the admin still lists it; offered again, it is back.
    try {
      await offerOnThisSite(admin, false);
      if (phone) await expectNoSidewaysScroll(admin);
      await page.goto('/casino-list/LC/4');
      const all = page.getByRole('list', { name: 'All Casino games' });
      await expect(all.getByRole('listitem').first()).toBeVisible();
      await expect(all.getByText(TABLE)).toHaveCount(0);
    } finally {
      await offerOnThisSite(admin, true);
    }
    await page.reload();
    await expect(page.getByRole('list', { name: 'All Casino games' }).getByText(TABLE)).toBeVisible();
  });
});
