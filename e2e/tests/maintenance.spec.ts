import { expect, test } from '@playwright/test';
import { DEMO_TRANSACTION_PASSWORD, PLAYER, setMaintenance, signIn } from '../support/helpers';

test.describe('maintenance', () => {
  test.afterEach(async ({ request }) => setMaintenance(request, false));

  test('switching maintenance on shows every open player page the maintenance screen at once; the admin area keeps working', async ({ page, browser }) => {
    await signIn(page, 'player', PLAYER);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin', 'demo-admin');
    await admin.getByRole('link', { name: 'Settings' }).click();
    await expect(admin.getByTestId('maintenance-state')).toHaveText('off');
    await admin.getByRole('button', { name: 'Turn maintenance on' }).click();
    // Confirmed with the transaction password (ADR 0032): a wrong one is refused and changes nothing.
    const confirm = admin.getByRole('dialog', { name: 'Turn maintenance on' });
    await confirm.getByLabel('Transaction password').fill('000000');
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    await expect(confirm.getByRole('alert')).toHaveText('Transaction password is incorrect');
    await expect(admin.getByTestId('maintenance-state')).toHaveText('off');
    await confirm.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    await expect(confirm).toBeHidden();
    await expect(admin.getByTestId('maintenance-state')).toHaveText('on');
    // Published by the admin remote on the shared bus, shown as a toast by the shell.
    await expect(admin.getByText('Settings saved')).toBeVisible();

    // The open player page is told over its socket: no click, no request of its own.
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page.getByRole('heading', { name: 'Under Main' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await admin.getByRole('link', { name: 'Clients' }).click();
    await expect(admin.getByRole('table', { name: 'Clients' })).toBeVisible();
    await adminContext.close();
  });
});
