import { expect, test, type Page } from '@playwright/test';
import { DEMO_TRANSACTION_PASSWORD, firstSignIn, runSuffix, signIn, signOut } from '../support/helpers';

/** The row of one account in the client list (its username is the row header). */
function rowOf(page: Page, username: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: username, exact: true }) });
}

interface Tier {
  role: string;
  /** ROLE_LABELS of the role. */
  label: string;
  /** Text of the list's Add button for this tier. */
  addButton: string;
  username: string;
  partnership: string | null;
  /** Chips the parent deposits, as typed, and as the list shows them. */
  chips: string;
  chipsShown: string;
}

const INITIAL_PASSWORD = 'Start#2026a';
const NEW_PASSWORD = 'Chain#2026b';
const TRANSACTION_PASSWORD = '654321';
/** The transaction password of the agent signed in on the main page (demo accounts: 123456). */
let currentTransactionPassword = DEMO_TRANSACTION_PASSWORD;

/** Create the next tier through add-user; the list shows it afterwards. */
async function addClient(page: Page, tier: Tier) {
  await page.getByRole('link', { name: tier.addButton, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Add ${tier.label}` })).toBeVisible();
  await page.getByLabel('Username').fill(tier.username);
  await page.getByLabel('Display name').fill(`E2E ${tier.label}`);
  await page.getByLabel('Password', { exact: true }).fill(INITIAL_PASSWORD);
  await page.getByLabel('Confirm password').fill(INITIAL_PASSWORD);
  if (tier.partnership !== null) await page.getByLabel('Partnership %').fill(tier.partnership);
  await page.getByLabel('Credit reference').fill(tier.chips);
  await page.getByLabel('Transaction password').fill(currentTransactionPassword);
  await page.getByRole('button', { name: `Create ${tier.label}` }).click();
  await expect(page).toHaveURL(/\/admin\/list-clients$/);
  await expect(rowOf(page, tier.username)).toBeVisible();
}

/** Deposit chips to a direct child through the chip dialog. */
async function depositChips(page: Page, username: string, amount: string, shown: string) {
  const row = rowOf(page, username);
  await row.getByRole('button', { name: 'Deposit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deposit chips' });
  await dialog.getByLabel('Amount').fill(amount);
  await expect(dialog.getByTestId('child-after')).toHaveText(shown);
  await dialog.getByLabel('Remark').fill('e2e chain');
  await dialog.getByLabel('Transaction password').fill(currentTransactionPassword);
  await dialog.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(dialog).toBeHidden();
  // Cells after the row header: Role, Balance, …
  await expect(row.getByRole('cell').nth(1)).toHaveText(shown);
}

test.describe('agent hierarchy', () => {
  test('each tier creates the next and funds it; new accounts are forced through first login; the DL locks its player', async ({ page, browser }) => {
    test.setTimeout(300_000);
    const suffix = runSuffix();
    const chain: Tier[] = [
      { role: 'sadmin', label: 'Admin', addButton: 'Add Admin', username: `ad${suffix}`, partnership: '90', chips: '100000', chipsShown: '1,00,000.00' },
      { role: 'smdl', label: 'SMDL', addButton: 'Add SMDL', username: `sm${suffix}`, partnership: '80', chips: '50000', chipsShown: '50,000.00' },
      { role: 'mdl', label: 'MDL', addButton: 'Add MDL', username: `md${suffix}`, partnership: '70', chips: '20000', chipsShown: '20,000.00' },
      { role: 'dl', label: 'DL', addButton: 'Add DL', username: `dl${suffix}`, partnership: '60', chips: '10000', chipsShown: '10,000.00' },
      { role: 'user', label: 'USER', addButton: 'Add user', username: `us${suffix}`, partnership: null, chips: '5000', chipsShown: '5,000.00' },
    ];

    // demo-admin starts the chain; each new agent signs in for the first time and adds the next.
    await signIn(page, 'admin', 'demo-admin');
    currentTransactionPassword = DEMO_TRANSACTION_PASSWORD;
    for (const tier of chain) {
      await addClient(page, tier);
      await depositChips(page, tier.username, tier.chips, tier.chipsShown);
      if (tier.role === 'user') break;
      await signOut(page, 'admin');
      await firstSignIn(page, 'admin', tier.username, INITIAL_PASSWORD, NEW_PASSWORD, TRANSACTION_PASSWORD);
      currentTransactionPassword = TRANSACTION_PASSWORD;
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByLabel('Available balance', { exact: true })).toHaveText(`₹${tier.chipsShown}`);
      await expect(page.getByText('No clients found.')).toBeVisible();
    }

    // The player signs in at the player login in its own browser, through the same first steps.
    const dl = chain[3];
    const player = chain[4];
    const playerContext = await browser.newContext();
    const playerPage = await playerContext.newPage();
    await firstSignIn(playerPage, 'player', player.username, INITIAL_PASSWORD, NEW_PASSWORD, TRANSACTION_PASSWORD);
    await expect(playerPage).toHaveURL(/\/$/);
    await expect(playerPage.getByLabel('Available balance', { exact: true })).toHaveText('₹5,000.00');

    // The DL (still signed in on `page`) deposits more: the player's header follows with no reload.
    await depositChips(page, player.username, '250.50', '5,250.50');
    await expect(playerPage.getByLabel('Available balance', { exact: true })).toHaveText('₹5,250.50');
    await expect(page.getByLabel('Available balance', { exact: true })).toHaveText('₹4,749.50');
    expect(await playerPage.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    // The DL's statement of the player: both deposits and the running balance.
    await rowOf(page, player.username).getByRole('link', { name: 'Statement' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/accountstatement\\?username=${player.username}$`));
    await expect(page.getByRole('heading', { name: `Account Statement: ${player.username}` })).toBeVisible();
    const statement = page.getByRole('table', { name: 'Account statement' });
    await expect(statement.getByRole('row').filter({ hasText: dl.username })).toHaveCount(2);
    await expect(page.getByTestId('closing-balance')).toHaveText('5,250.50');
    await page.goBack();

    // The DL locks the player (confirmed with its transaction password): the player's open
    // session ends, the login page says why, and signing in again is refused.
    await rowOf(page, player.username).getByRole('button', { name: 'Lock', exact: true }).click();
    const lockDialog = page.getByRole('dialog', { name: 'Lock account' });
    await lockDialog.getByLabel('Transaction password').fill(currentTransactionPassword);
    await lockDialog.getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(lockDialog).toBeHidden();
    await expect(rowOf(page, player.username).getByRole('button', { name: 'Unlock', exact: true })).toBeVisible();
    await expect(rowOf(page, player.username).getByText('locked', { exact: true })).toBeVisible();
    await expect(rowOf(page, player.username).getByText(`Locked by ${dl.username}`)).toBeVisible();
    await expect(playerPage).toHaveURL(/\/login$/, { timeout: 5_000 });
    await expect(playerPage.getByRole('status')).toHaveText('Your account was locked by your agent');
    await playerPage.getByLabel('Username').fill(player.username);
    await playerPage.getByLabel('Password').fill(NEW_PASSWORD);
    await playerPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(playerPage.locator('form').getByRole('alert')).toHaveText('Your account is locked. Please contact your upline.');
    await playerContext.close();
  });
});
