import { expect, test, type Page } from '@playwright/test';
import { DEMO_TRANSACTION_PASSWORD, apiPost, apiToken, newFundedPlayer, signIn } from '../support/helpers';

/**
 * Locks (issue 15 items 1 and 16), at 1280×800 and on a 360×740 phone: an agent locks a player
 * only after its transaction password; the player's open page is signed out at once and the login
 * page says why; a lock set by the agent above (demo-mdl) shows who set it, and the DL's attempt
 * to lift it is refused with the server's message.
 */

function rowOf(page: Page, username: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: username, exact: true }) });
}

test.describe('locks', () => {
  test('an agent locks a player with the transaction password; the player is signed out and told why', async ({ page, browser, request, isMobile }) => {
    test.setTimeout(120_000);
    const player = await newFundedPlayer(request, 'lk', 100);

    // The player has its page open in its own browser (same screen size as the agent's).
    const playerContext = await browser.newContext({ viewport: page.viewportSize(), isMobile, hasTouch: isMobile });
    const playerPage = await playerContext.newPage();
    await signIn(playerPage, 'player', player);

    await signIn(page, 'admin', 'demo-dl');
    await page.getByLabel('Search clients').fill(player);
    const row = rowOf(page, player);
    await expect(row).toBeVisible();

    // One click only opens the confirmation; a wrong transaction password locks nothing.
    await row.getByRole('button', { name: 'Lock', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Lock account' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.x >= 0 && box.x + box.width <= viewport.width && box.height <= viewport.height).toBe(true);
    await dialog.getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(dialog.getByText('Transaction password is required')).toBeVisible();
    await dialog.getByLabel('Transaction password').fill('000000');
    await dialog.getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Transaction password is incorrect');
    await expect(playerPage.getByTestId('header-username')).toContainText(player);

    await dialog.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    await dialog.getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: 'Unlock', exact: true })).toBeVisible();
    await expect(row.getByText('Locked by demo-dl')).toBeVisible();

    // The player's open page: signed out at once, and the login page says why.
    await expect(playerPage).toHaveURL(/\/login$/, { timeout: 5_000 });
    await expect(playerPage.locator('form').getByRole('status')).toHaveText('Your account was locked by your agent');
    await expect(playerPage.getByLabel('Username')).toBeVisible();

    // demo-mdl (above the DL) locks the player's betting: the DL sees who, and cannot lift it.
    const mdl = await apiToken(request, 'admin', 'demo-mdl');
    await apiPost(request, mdl, '/api/bet-lock', { username: player, lock: true, transactionPassword: DEMO_TRANSACTION_PASSWORD });
    await page.reload();
    await page.getByLabel('Search clients').fill(player);
    await expect(row.getByText('Locked by demo-mdl')).toBeVisible();
    await row.getByRole('button', { name: 'Bet unlock', exact: true }).click();
    const betUnlock = page.getByRole('dialog', { name: 'Unlock betting' });
    await betUnlock.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    await betUnlock.getByRole('button', { name: 'Bet unlock', exact: true }).click();
    await expect(betUnlock.getByRole('alert')).toHaveText('This lock was set by an agent above you: only that agent or its upline can lift it');
    await betUnlock.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.getByText('Locked by demo-mdl')).toBeVisible();

    // The DL lifts its own account lock; the player signs in again.
    await row.getByRole('button', { name: 'Unlock', exact: true }).click();
    const unlock = page.getByRole('dialog', { name: 'Unlock account' });
    await unlock.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    await unlock.getByRole('button', { name: 'Unlock', exact: true }).click();
    await expect(unlock).toBeHidden();
    await expect(row.getByRole('button', { name: 'Lock', exact: true })).toBeVisible();
    await signIn(playerPage, 'player', player);
    await apiPost(request, mdl, '/api/bet-lock', { username: player, lock: false, transactionPassword: DEMO_TRANSACTION_PASSWORD });
    await playerContext.close();
  });
});
