import { expect, test, type Page } from '@playwright/test';
import { DEMO_TRANSACTION_PASSWORD, apiPost, apiToken, firstSignIn, runSuffix, signIn, SCREENSHOT_PNG } from '../support/helpers';

/**
 * Deposits and withdrawals end to end (desktop): demo-admin sets the payment method; a new player
 * of demo-dl saves a bank account and a UPI id, deposits with a UTR and a screenshot, and sees it
 * pending; demo-dl looks at the screenshot and approves it while the player's header rises live;
 * a withdrawal is held at once, rejected (the hold comes back) and a second one approved.
 *
 * The player is created for the run (not demo-user): approving money moves its balance and
 * writes statement lines that other journeys check on demo-user. Every amount the agent pays
 * out comes back to it, so demo-dl ends where it started.
 */

const PAYMENT_METHOD = { upiId: 'backlay@okaxis', upiName: 'Backlay Payments', accountHolderName: 'Backlay Gaming', accountNumber: '50100123456789', ifscCode: 'HDFC0001234' };
const INITIAL_PASSWORD = 'Start#2026a';
const NEW_PASSWORD = 'Payer#2026b';
const PLAYER_TRANSACTION_PASSWORD = '246810';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const balanceOf = (page: Page) => page.getByLabel('Available balance', { exact: true });

/** The row of a table whose row header is `username`. */
function rowOf(page: Page, username: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: username, exact: true }) });
}

async function expectToast(page: Page, message: string) {
  await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
}

/** The agent decides the one pending row of `username` on the open statement. */
async function decide(agent: Page, username: string, decision: 'Approve' | 'Reject', title: string, remark: string, message: string) {
  await agent.getByRole('button', { name: 'Refresh' }).click();
  const row = rowOf(agent, username).filter({ has: agent.getByRole('button', { name: decision }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: decision }).click();
  const dialog = agent.getByRole('dialog', { name: title });
  if (remark) await dialog.getByLabel('Remark').fill(remark);
  await dialog.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
  await dialog.getByRole('button', { name: decision, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectToast(agent, message);
}

test.describe('payments', () => {
  test('deposit and withdraw with saved accounts, decided by the upline, with live balances', async ({ browser, request }) => {
    test.setTimeout(180_000);
    const suffix = runSuffix();
    const username = `pay${suffix}`;
    const utr = `UTR${Date.now()}`;
    const upiId = `pay${suffix}@okaxis`;

    // The player, created by demo-dl (its upline, who decides its payments).
    const dlToken = await apiToken(request, 'admin', 'demo-dl');
    await apiPost(request, dlToken, '/api/add-user', {
      username, displayName: 'Payments Player', password: INITIAL_PASSWORD, role: 'user', partnership: 0, creditReference: 0, commission: 0, exposureLimit: null,
      transactionPassword: DEMO_TRANSACTION_PASSWORD,
    });

    // demo-admin sets the payment method the deposit page shows.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin', 'demo-admin');
    await nav(admin).getByRole('link', { name: 'Payment method' }).click();
    await expect(admin).toHaveURL(/\/admin\/payment-method$/);
    await expect(admin.getByLabel('UPI ID')).toBeVisible();
    await admin.getByLabel('UPI ID').fill('backlay');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('UPI Id must look like name@bank')).toBeVisible();
    await admin.getByLabel('UPI ID').fill(PAYMENT_METHOD.upiId);
    await admin.getByLabel('UPI name').fill(PAYMENT_METHOD.upiName);
    await admin.getByLabel('Account holder name').fill(PAYMENT_METHOD.accountHolderName);
    await admin.getByLabel('Account number').fill(PAYMENT_METHOD.accountNumber);
    await admin.getByLabel('IFSC code').fill(PAYMENT_METHOD.ifscCode.toLowerCase());
    await admin.getByRole('button', { name: 'Save' }).click();
    await expectToast(admin, 'Payment settings saved');
    await expect(admin.getByLabel('IFSC code')).toHaveValue(PAYMENT_METHOD.ifscCode);
    await adminContext.close();

    // The player signs in for the first time and saves a bank account and a UPI id.
    const playerContext = await browser.newContext();
    await playerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
    const player = await playerContext.newPage();
    await firstSignIn(player, 'player', username, INITIAL_PASSWORD, NEW_PASSWORD, PLAYER_TRANSACTION_PASSWORD);
    await expect(balanceOf(player)).toHaveText('₹0.00');
    await nav(player).getByRole('link', { name: 'Withdraw', exact: true }).click();
    const banks = player.getByRole('region', { name: 'Bank Transfer' });
    const upis = player.getByRole('region', { name: 'UPI Transfer' });
    await expect(banks.getByText('No bank account saved yet.')).toBeVisible();

    await banks.getByRole('button', { name: 'Add New' }).click();
    const addBank = player.getByRole('dialog', { name: 'Add Bank Detail' });
    await addBank.getByRole('button', { name: 'Save' }).click();
    await expect(addBank.getByText('Account Holder Name is required')).toBeVisible();
    await expect(addBank.getByText('Account Number is required')).toBeVisible();
    await expect(addBank.getByText('IFSC Code is required')).toBeVisible();
    await addBank.getByLabel('Account holder name').fill('Asha Rao');
    await addBank.getByLabel('Account number').fill('123456789012');
    await addBank.getByLabel('IFSC code').fill('SBIN0004321');
    await addBank.getByRole('button', { name: 'Save' }).click();
    await expect(addBank).toBeHidden();
    await expectToast(player, 'Account successfully added.');
    // Listed with the number masked to its last four digits; the page never shows it whole.
    await expect(banks.getByRole('radio', { name: /Asha Rao\s*XXXXXXXX9012 · SBIN0004321/ })).toBeVisible();
    await expect(player.getByText('123456789012')).toHaveCount(0);

    await upis.getByRole('button', { name: 'Add New' }).click();
    const addUpi = player.getByRole('dialog', { name: 'Add UPI Detail' });
    await addUpi.getByRole('button', { name: 'Save' }).click();
    await expect(addUpi.getByText('UPI Id is required')).toBeVisible();
    await addUpi.getByLabel('UPI ID').fill(upiId);
    await addUpi.getByRole('button', { name: 'Save' }).click();
    await expect(addUpi).toBeHidden();
    await expectToast(player, 'UPI Id successfully added.');
    await expect(upis.getByRole('radio', { name: upiId })).toBeVisible();

    // Deposit ₹500 by UPI: everything waits for the amount; the QR code pays the configured id.
    await nav(player).getByRole('link', { name: 'Deposit', exact: true }).click();
    const upiPanel = player.getByRole('region', { name: 'UPI Payment' });
    await expect(upiPanel.getByText(PAYMENT_METHOD.upiId)).toBeVisible();
    await expect(upiPanel.getByLabel('UTR number')).toBeDisabled();
    await expect(upiPanel.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
    await expect(upiPanel.getByText('Range: 100 - 100000')).toBeVisible();
    await player.getByLabel('Amount').fill('500');
    const qr = upiPanel.getByRole('img', { name: `UPI QR code: pay ₹500.00 to ${PAYMENT_METHOD.upiId}` });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('data-upi-link')).toMatch(/^upi:\/\/pay\?pa=backlay@okaxis&pn=Backlay%20Payments&am=500\.00&cu=INR&tr=[1-9]\d{5}&tn=Backlay%20deposit$/);
    await upiPanel.getByRole('button', { name: 'Copy UPI id' }).click();
    await expectToast(player, 'Copied successfully');
    expect(await player.evaluate(() => navigator.clipboard.readText())).toBe(PAYMENT_METHOD.upiId);
    await upiPanel.getByRole('button', { name: 'Pay Now' }).click();
    await expect(upiPanel.getByText('Fill this field.')).toHaveCount(2);
    await expectToast(player, 'Image is required field');
    await upiPanel.getByLabel('UTR number').fill(utr);
    await upiPanel.getByLabel('Payment screenshot').setInputFiles({ name: 'paid.png', mimeType: 'image/png', buffer: SCREENSHOT_PNG });
    await upiPanel.getByRole('button', { name: 'Pay Now' }).click();
    await expectToast(player, 'Deposit request submitted');
    await expect(player.getByLabel('Amount')).toHaveValue('');
    await expect(upiPanel.getByLabel('UTR number')).toBeDisabled();

    await nav(player).getByRole('link', { name: 'Deposit statement' }).click();
    await expect(player.getByRole('heading', { name: 'Deposit Statement' })).toBeVisible();
    const depositRow = player.getByRole('table', { name: 'Deposit Statement' }).getByRole('row').filter({ hasText: '500.00' });
    await expect(depositRow).toHaveCount(1);
    await expect(depositRow.getByText('Pending', { exact: true })).toBeVisible();

    // demo-dl sees the deposit, its screenshot, and approves it; the player's page is left open.
    const agentContext = await browser.newContext();
    const agent = await agentContext.newPage();
    await signIn(agent, 'admin', 'demo-dl');
    await expect(nav(agent).getByRole('link', { name: 'Payment method' })).toHaveCount(0);
    await nav(agent).getByRole('link', { name: 'Deposits' }).click();
    await expect(agent.getByRole('heading', { name: 'Deposit Statement' })).toBeVisible();
    const agentRow = rowOf(agent, username);
    await expect(agentRow).toContainText(utr);
    await expect(agentRow).toContainText('500.00');
    await agentRow.getByRole('button', { name: `View screenshot of UTR ${utr}` }).click();
    const shot = agent.getByRole('dialog', { name: 'Deposit screenshot' });
    const image = shot.getByRole('img', { name: `Payment screenshot of ${username}, UTR ${utr}` });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', /^blob:/);
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(8);
    await shot.getByRole('button', { name: 'Close' }).click();
    await decide(agent, username, 'Approve', 'Approve deposit', 'Received', 'Deposit approved');
    await expect(agentRow.getByText('Approved', { exact: true })).toBeVisible();

    // The player's header rises live, and the open statement follows (no reload).
    await expect(balanceOf(player)).toHaveText('₹500.00');
    await expect(depositRow.getByText('Approved', { exact: true })).toBeVisible();
    await expect(depositRow).toContainText('Received');

    // A withdrawal to the UPI id is held at once; the agent rejects it and the hold comes back.
    await nav(player).getByRole('link', { name: 'Withdraw', exact: true }).click();
    await player.getByRole('button', { name: 'Submit' }).click();
    await expect(player.getByText('Amount is required')).toBeVisible();
    await expect(player.getByText('Select one option from bank details or Upi')).toBeVisible();
    await player.getByLabel('Amount').fill('200');
    await upis.getByRole('radio', { name: upiId }).check();
    await player.getByRole('button', { name: 'Submit' }).click();
    await expectToast(player, 'Withdraw request submitted');
    await expect(balanceOf(player)).toHaveText('₹300.00');

    await nav(agent).getByRole('link', { name: 'Withdrawals' }).click();
    await expect(agent.getByRole('heading', { name: 'Withdraw Statement' })).toBeVisible();
    await expect(rowOf(agent, username)).toContainText(upiId);
    await decide(agent, username, 'Reject', 'Reject withdrawal', 'UPI id not verified', 'Withdraw rejected');
    await expect(balanceOf(player)).toHaveText('₹500.00');

    // A second withdrawal, to the bank account, is approved: the money stays with the agent.
    await player.getByLabel('Amount').fill('500');
    await banks.getByRole('radio', { name: /Asha Rao/ }).check();
    await player.getByRole('button', { name: 'Submit' }).click();
    await expectToast(player, 'Withdraw request submitted');
    await expect(balanceOf(player)).toHaveText('₹0.00');
    await decide(agent, username, 'Approve', 'Approve withdrawal', '', 'Withdraw approved');
    await expect(rowOf(agent, username).filter({ hasText: 'Asha Rao' })).toContainText('Approved');

    await nav(player).getByRole('link', { name: 'Withdraw statement' }).click();
    const withdrawals = player.getByRole('table', { name: 'Withdraw Statement' });
    await expect(withdrawals.getByRole('row').filter({ hasText: 'Approved' })).toContainText('500.00');
    await expect(withdrawals.getByRole('row').filter({ hasText: 'Rejected' })).toContainText('UPI id not verified');
    await player.getByLabel('Type').selectOption('approved');
    await expect(withdrawals.getByRole('row')).toHaveCount(2);
    await player.getByLabel('Type').selectOption('pending');
    await expect(withdrawals.getByText('No records found')).toBeVisible();
    await expect(balanceOf(player)).toHaveText('₹0.00');

    // demo-dl may not open the payment method (admin and sadmin only).
    await agent.goto('/admin/payment-method');
    await expect(agent.getByRole('heading', { name: 'Not allowed' })).toBeVisible();

    await agentContext.close();
    await playerContext.close();
  });
});
