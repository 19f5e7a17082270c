import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_TRANSACTION_PASSWORD, PLAYER, apiPost, apiToken, runSuffix, signIn, expectNoSidewaysScroll } from '../support/helpers';

/**
 * The client list, the chip dialogs and the statements on every project: at 1280×800 and on a
 * 360×740 phone, where the table scrolls inside its wrapper and the dialog fits the screen.
 */

function rowOf(page: Page, username: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: username, exact: true }) });
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A toast never covers the header: neither the exposure figure nor the header at all. */
async function expectToastClearOfHeader(page: Page, text: string) {
  const toast = page.locator('.Toastify__toast').filter({ hasText: text }).first();
  await expect(toast).toBeVisible();
  const toastBox = await toast.boundingBox();
  const exposure = await page.getByTestId('header-exposure').boundingBox();
  const header = await page.locator('.bl-header').boundingBox();
  expect(toastBox && exposure && header).toBeTruthy();
  expect(overlaps(toastBox as Box, exposure as Box)).toBe(false);
  expect(overlaps(toastBox as Box, header as Box)).toBe(false);
}

/** A row action scrolled into view lies inside the table's box and nothing covers its middle. */
async function expectReachable(box: Locator, action: Locator) {
  await action.scrollIntoViewIfNeeded();
  const outer = await box.boundingBox();
  const inner = await action.boundingBox();
  expect(outer && inner && inner.x >= outer.x - 1 && inner.x + inner.width <= outer.x + outer.width + 1).toBe(true);
  expect(await action.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  })).toBe(true);
}

test.describe('client list and chip dialogs', () => {
  test('an agent searches its list, moves chips, locks bets, resets a password, edits the account and reads its statement', async ({ page, request, isMobile }) => {
    const username = `cl${runSuffix()}`;
    const token = await apiToken(request, 'admin', 'demo-dl');
    await apiPost(request, token, '/api/add-user', {
      username, displayName: 'List Player', password: 'Start#2026a', role: 'user', partnership: 0, creditReference: 0, commission: 0, exposureLimit: null,
      transactionPassword: DEMO_TRANSACTION_PASSWORD,
    });

    await signIn(page, 'admin', 'demo-dl');
    const table = page.getByRole('table', { name: 'Clients' });
    await expect(table).toBeVisible();
    await expect(rowOf(page, PLAYER)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add user', exact: true })).toBeVisible();
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The admin area keeps its build stamps (the remote's and the shell's).
    await expect(page.getByTestId('build-admin')).toBeVisible();
    await expect(page.getByTestId('build-shell')).toBeVisible();
    if (isMobile) {
      // The wide table scrolls inside .bl-table-wrap instead of widening the page.
      expect(await page.locator('.bl-table-wrap').first().evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    }

    await page.getByLabel('Search clients').fill(username);
    await expect(rowOf(page, PLAYER)).toHaveCount(0);
    const row = rowOf(page, username);
    await expect(row).toBeVisible();

    // Every action of a row is reachable at 1280 px and on a phone: the table scrolls inside its
    // box, and while more lies to the right a fade and a "Scroll for more" button say so.
    const tableBox = page.getByRole('region', { name: 'Clients table' });
    const hint = page.getByRole('button', { name: 'Scroll for more' });
    const overflows = await tableBox.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    if (overflows) {
      await expect(hint).toBeVisible();
      await hint.click();
      await expect.poll(() => tableBox.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    } else {
      await expect(hint).toHaveCount(0);
    }
    const lock = row.getByRole('button', { name: 'Lock', exact: true });
    await expectReachable(tableBox, lock);
    await lock.click();
    const lockDialog = page.getByRole('dialog', { name: 'Lock account' });
    await expect(lockDialog.getByLabel('Transaction password')).toBeVisible();
    await lockDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(lockDialog).toBeHidden();
    await expectReachable(tableBox, row.getByRole('link', { name: 'Statement' }));
    if (overflows) {
      await tableBox.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect(hint).toHaveCount(0);
      await page.getByRole('button', { name: 'Scroll back' }).click();
      await expect(hint).toBeVisible();
      await expect.poll(() => tableBox.evaluate((el) => el.scrollLeft)).toBe(0);
    }

    await row.getByRole('button', { name: 'Deposit' }).click();
    const deposit = page.getByRole('dialog', { name: 'Deposit chips' });
    await expect(deposit).toBeVisible();
    const box = await deposit.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.x >= 0 && box.x + box.width <= viewport.width && box.height <= viewport.height).toBe(true);
    await deposit.getByLabel('Amount').fill('1234.567');
    await deposit.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(deposit.getByText('Amount must be greater than 0 with at most two decimals')).toBeVisible();
    await deposit.getByLabel('Amount').fill('1234.56');
    await expect(deposit.getByTestId('child-after')).toHaveText('1,234.56');
    await deposit.getByLabel('Transaction password').fill('000000');
    await deposit.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(deposit.getByRole('alert')).toHaveText('Transaction password is incorrect');
    await deposit.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    await deposit.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(deposit).toBeHidden();
    await expect(page.getByText('Chips deposited successfully').first()).toBeVisible();
    await expectToastClearOfHeader(page, 'Chips deposited successfully');
    await expect(row.getByRole('cell').nth(1)).toHaveText('1,234.56');

    await row.getByRole('button', { name: 'Withdraw' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw chips' });
    await withdraw.getByLabel('Amount').fill('34.56');
    await expect(withdraw.getByTestId('child-after')).toHaveText('1,200.00');
    await withdraw.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(withdraw).toBeHidden();
    await expect(row.getByRole('cell').nth(1)).toHaveText('1,200.00');

    await row.getByRole('button', { name: 'Bet lock', exact: true }).click();
    const betLock = page.getByRole('dialog', { name: 'Lock betting' });
    await betLock.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    await betLock.getByRole('button', { name: 'Bet lock', exact: true }).click();
    await expect(betLock).toBeHidden();
    await expect(row.getByRole('button', { name: 'Bet unlock', exact: true })).toBeVisible();
    await expect(row.getByText('Locked by demo-dl')).toBeVisible();

    await row.getByRole('button', { name: 'Password' }).click();
    const reset = page.getByRole('dialog', { name: 'Change password' });
    await reset.getByLabel('New password').fill('Reset#2026c');
    await reset.getByLabel('Confirm password').fill('Reset#2026c');
    await reset.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    await reset.getByRole('button', { name: 'Change password' }).click();
    await expect(reset).toBeHidden();
    await expect(page.getByText('Password reset: the account must change it at the next sign-in').first()).toBeVisible();

    await row.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: `Edit ${username}` })).toBeVisible();
    await expect(page.getByLabel('Display name')).toHaveValue('List Player');
    await page.getByLabel('Display name').fill('List Player Two');
    await page.getByLabel('Credit reference').fill('1500');
    await page.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByLabel('Search clients').fill(username);
    await expect(row.getByRole('cell').nth(4)).toHaveText('1,500.00');
    await expect(row.getByRole('cell').nth(5)).toHaveText('-300.00');

    await row.getByRole('link', { name: 'Statement' }).click();
    await expect(page.getByRole('heading', { name: `Account Statement: ${username}` })).toBeVisible();
    const statement = page.getByRole('table', { name: 'Account statement' });
    await expect(statement.getByRole('row')).toHaveCount(5); // header, opening, two entries, closing
    await expect(page.getByTestId('opening-balance')).toHaveText('0.00');
    await expect(page.getByTestId('closing-balance')).toHaveText('1,200.00');
    await expectNoSidewaysScroll(page);
  });

  test('an agent drills into its downline: breadcrumb, and locks but no chip actions below its direct children', async ({ page }) => {
    await signIn(page, 'admin', 'demo-admin');
    await rowOf(page, 'demo-sadmin').getByRole('link', { name: 'demo-sadmin' }).click();
    await expect(page).toHaveURL(/\/admin\/list-clients\/demo-sadmin$/);
    await expect(page.getByRole('heading', { name: 'Clients of demo-sadmin' })).toBeVisible();
    const smdl = rowOf(page, 'demo-smdl');
    await expect(smdl.getByRole('button', { name: 'Lock', exact: true })).toBeVisible();
    await expect(smdl.getByRole('button', { name: 'Deposit' })).toHaveCount(0);
    await expect(smdl.getByRole('button', { name: 'Password' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Add / })).toHaveCount(0);
    await smdl.getByRole('link', { name: 'demo-smdl' }).click();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toContainText('demo-admin');
    await expect(crumbs).toContainText('demo-sadmin');
    await expect(crumbs).toContainText('demo-smdl');
    await expect(rowOf(page, 'demo-mdl')).toBeVisible();
    await crumbs.getByRole('link', { name: /demo-admin/ }).click();
    await expect(page).toHaveURL(/\/admin\/list-clients$/);
    await expect(rowOf(page, 'demo-sadmin').getByRole('button', { name: 'Deposit' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("a player reads its own account statement from the menu", async ({ page }) => {
    await signIn(page, 'player', PLAYER);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Statement', exact: true }).click();
    await expect(page).toHaveURL(/\/accountstatement$/);
    await expect(page.getByRole('heading', { name: 'Account Statement' })).toBeVisible();
    await expect(page.getByLabel('From')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByTestId('closing-balance')).toHaveText('1,00,000.00');
    await expect(page.getByRole('table', { name: 'Account statement' }).getByRole('row').filter({ hasText: 'demo-dl' })).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    // A player's footers carry no build stamp (neither the remote's nor the shell's).
    await expect(page.locator('footer.bl-build')).toHaveCount(0);
  });
});
