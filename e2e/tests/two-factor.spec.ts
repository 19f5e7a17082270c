import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSidewaysScroll, newFundedPlayer, signIn, signOut } from '../support/helpers';

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) of a base32 secret, as an authenticator app computes it. */
function totp(secretBase32: string, atMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of secretBase32.replace(/\s/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const digest = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = (digest[digest.length - 1] as number) & 15;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('a new player turns on two-factor, signs in with password and code, and sees that login in the history', async ({ page, request }) => {
  const username = await newFundedPlayer(request, 'tfa', 100);
  await signIn(page, 'player', username);

  await page.goto('/settings/security-auth');
  await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code of your two-factor secret' })).toBeVisible();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSidewaysScroll(page);
  const confirmCode = totp(secret, Date.now());
  await page.getByLabel('Code from the app').fill(confirmCode);
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  const codes = page.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByText(/Two-factor authentication is on\. Recovery codes left: 10/)).toBeVisible();

  await signOut(page, 'player');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await code.fill('zzzzz-zzzzz');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The code is not valid' })).toHaveText(
    'The code is not valid. Enter the current code or a recovery code',
  );
  // The confirmation's code was used: it says so (seconds later, its step is still in the window).
  await page.getByLabel('Authentication code').fill(confirmCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'already used' })).toHaveText('This code was already used: wait for the next one');
  // The confirmation used the current 30 s step: the next one is accepted (one step either side).
  await page.getByLabel('Authentication code').fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('header-username')).toContainText(username);

  await page.goto('/settings/security-auth');
  const history = page.getByRole('table', { name: 'Your login history' });
  await expect(history.getByRole('row').nth(1)).toContainText('Success: Signed in');
  await expect(history.getByRole('row').nth(2)).toContainText('Failed: Wrong or already used two-factor code');
  await expect(history.getByRole('row').nth(3)).toContainText('Failed: Wrong or already used two-factor code');
  // The password step of this two-factor sign-in is a neutral first step, not a failure.
  await expect(history.getByRole('row').nth(4)).toContainText('First step: Password accepted, waiting for the two-factor code');
  await expect(history.getByRole('row').nth(4)).not.toContainText('Failed');
  await expectNoSidewaysScroll(page);
});
