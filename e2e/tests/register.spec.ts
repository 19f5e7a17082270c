import { expect, test } from '@playwright/test';
import { DEMO_TRANSACTION_PASSWORD, runSuffix, signIn } from '../support/helpers';

/** Play chips a new player gets in demo mode (REGISTRATION_DEMO_CHIPS's default). */
const DEMO_CHIPS = '10,000.00';

test.describe('registration', () => {
  test('a visitor registers from /login with an OTP read from the admin SMS outbox, and lands signed in with demo chips', async ({ page, browser, isMobile }) => {
    const suffix = runSuffix();
    const username = `r${isMobile ? 'm' : 'd'}${suffix}`;
    const password = `Register#${suffix}`;
    const phone = `9${String(Date.now()).slice(-9)}`;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    // The form's own messages (the toasts are alerts and statuses too).
    const form = page.getByRole('form', { name: 'Register' });
    await expect(page.getByText(/proof-of-work check/)).toBeVisible();
    await expect(page.getByText('24X7 Support')).toBeVisible();
    await expect(page.getByLabel('OTP')).toBeDisabled();

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByRole('alert')).toContainText('Phone is required');
    await page.getByLabel('Phone').fill(phone);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please verify your phone with OTP first.');

    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(form.getByRole('status')).toHaveText('OTP sent successfully!');
    await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeVisible();
    await expect(page.getByLabel('OTP')).toBeEnabled();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please enter OTP before proceeding.');

    // The SMS: demo-admin reads it in the admin area's SMS outbox, in a browser of its own.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin', 'demo-admin');
    await admin.goto('/admin/sms-outbox');
    await expect(admin.getByRole('heading', { name: 'SMS outbox' })).toBeVisible();
    const row = admin.getByRole('table', { name: 'SMS outbox' }).getByRole('row').filter({ hasText: phone }).first();
    await expect(row).toBeVisible();
    const otp = /(\d{6}) is your Backlay verification code/.exec(await row.innerText())?.[1];
    expect(otp).toMatch(/^\d{6}$/);
    await adminContext.close();

    await page.getByLabel('OTP').fill(otp ?? '');
    await page.getByRole('button', { name: 'Register' }).click();

    // Signed in as login does; a new account sets its transaction password first (the platform's first-login rule).
    await expect(page).toHaveURL(/\/transaction-password$/);
    await expect(page.getByTestId('header-username')).toContainText(username);
    await page.getByLabel('Login password').fill(password);
    await page.getByRole('textbox', { name: 'Transaction password', exact: true }).fill(DEMO_TRANSACTION_PASSWORD);
    await page.getByLabel('Confirm transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    await page.getByRole('button', { name: 'Save transaction password' }).click();
    await expect(page).toHaveURL(isMobile ? /\/match\/4\/in-play$/ : /\/$/);
    await expect(page.getByTestId('header-username')).toContainText(username);
    await expect(page.getByLabel('Available balance', { exact: true })).toHaveText(`₹${DEMO_CHIPS}`);
    expect(await page.evaluate(() => [localStorage.getItem('token') !== null, localStorage.getItem('userType')])).toEqual([true, 'user']);
  });

  test('the register footer opens the terms and the responsible-gaming pages, signed out', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('link', { name: 'Terms and conditions' }).click();
    await expect(page).toHaveURL(/\/terms-and-conditions$/);
    await expect(page.getByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Settlement and voids' })).toBeVisible();
    await expect(page.getByText(/provably fair/)).toBeVisible();
    await page.getByRole('link', { name: 'Responsible gaming' }).click();
    await expect(page).toHaveURL(/\/responsible-gaming$/);
    await expect(page.getByRole('heading', { name: 'Responsible gaming', level: 1 })).toBeVisible();
    await expect(page.getByText(/Self-exclusion/)).toBeVisible();
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});
