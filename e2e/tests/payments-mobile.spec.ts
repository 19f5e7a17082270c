import { expect, test, type Page } from '@playwright/test';
import { PLAYER, apiPost, apiToken, signIn, expectNoSidewaysScroll } from '../support/helpers';

/**
 * The deposit and withdraw pages on a 360×740 phone (mobile project only): the panels stack, the
 * QR code and the dialogs fit the screen, and nothing makes the page scroll sideways. Nothing is
 * submitted, so demo-user's money and statements stay as the other journeys expect them.
 */

const PAYMENT_METHOD = { upiId: 'backlay@okaxis', upiName: 'Backlay Payments', accountHolderName: 'Backlay Gaming', accountNumber: '50100123456789', ifscCode: 'HDFC0001234' };

async function expectInsideViewport(page: Page, box: { x: number; y: number; width: number; height: number } | null) {
  const viewport = page.viewportSize();
  expect(box && viewport && box.x >= 0 && box.x + box.width <= viewport.width + 0.5).toBe(true);
}

test.describe('payments on a phone', () => {
  test.beforeAll(async ({ request }) => {
    // The deposit page shows the operator's details; this journey may run before the desktop one sets them.
    const token = await apiToken(request, 'admin', 'demo-admin');
    await apiPost(request, token, '/api/save-payment-list', { settingList: PAYMENT_METHOD });
  });

  test('deposit and withdraw fit 360×740', async ({ page }) => {
    await signIn(page, 'player', PLAYER);
    // The main navigation scrolls sideways inside itself to reach the payment links.
    const deposit = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deposit', exact: true });
    await deposit.click();
    await expect(page).toHaveURL(/\/deposit$/);
    await expect(page.getByRole('heading', { name: 'Deposit' })).toBeVisible();
    const upiPanel = page.getByRole('region', { name: 'UPI Payment' });
    const bankPanel = page.getByRole('region', { name: 'Account Transfer' });
    await expect(upiPanel.getByText(PAYMENT_METHOD.upiId)).toBeVisible();
    await expect(upiPanel.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
    await page.getByLabel('Amount').fill('1500');
    const qr = upiPanel.getByRole('img', { name: /UPI QR code: pay ₹1,500\.00/ });
    await expect(qr).toBeVisible();
    const qrBox = await qr.boundingBox();
    await expectInsideViewport(page, qrBox);
    expect(qrBox && qrBox.width >= 150).toBe(true);
    await expect(upiPanel.getByRole('link', { name: 'open it in a UPI app' })).toHaveAttribute('href', /^upi:\/\/pay\?/);
    // Stacked: the bank panel comes below the UPI panel.
    const [upiBox, bankBox] = [await upiPanel.boundingBox(), await bankPanel.boundingBox()];
    expect(upiBox && bankBox && bankBox.y >= upiBox.y + upiBox.height).toBe(true);
    await expect(bankPanel.getByRole('button', { name: 'Copy account number' })).toBeEnabled();
    await expectInsideViewport(page, await bankPanel.getByRole('button', { name: 'Copy account number' }).boundingBox());
    await expectNoSidewaysScroll(page);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Withdraw', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Withdraw' })).toBeVisible();
    const upis = page.getByRole('region', { name: 'UPI Transfer' });
    await expect(upis).toBeVisible();
    await expectNoSidewaysScroll(page);
    await upis.getByRole('button', { name: 'Add New' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add UPI Detail' });
    await expect(dialog.getByLabel('UPI ID')).toBeFocused();
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.x >= 0 && box.x + box.width <= viewport.width && box.height <= viewport.height).toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('UPI Id is required')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Withdraw statement' }).click();
    await expect(page.getByRole('heading', { name: 'Withdraw Statement' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Withdraw Statement' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
