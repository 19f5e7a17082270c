import { expect, test, type Page } from '@playwright/test';
import { PLAYER, menuName, menuText, signIn } from '../support/helpers';

/** Every item of the main menu, per role (navLinks in shell/src/layout/MainLayout.tsx). */
const PLAYER_ITEMS = [
  'Home', 'Cricket', 'Soccer', 'Tennis', 'Horse Racing', 'Greyhounds', 'Casino', 'Int. Casino', 'Unsettled bets', 'Bet history', 'Profit & loss', 'Casino report', 'Deposit', 'Withdraw',
  'Statement', 'Deposit statement', 'Withdraw statement', 'Rules', 'Stake buttons', 'Change password', 'Account security', 'Responsible gambling',
];
const SUPER_ADMIN_ITEMS = [
  'Clients', 'Dashboard', 'Market analysis', 'Unsettled bets', 'Profit & loss', 'Results', 'Casino tables', 'Game reports', 'Casino providers', 'Reconciliation', 'Statement', 'Deposits', 'Withdrawals',
  'Payment method', 'Sports', 'Feed status', 'Messages', 'SMS outbox', 'Sites', 'Settings', 'Change password', 'Account security', 'Responsible gambling',
];

/**
 * Every item is reachable without scrolling anything sideways: on a desktop (1280×800) each link of
 * the menu is inside the screen; on a phone (360×740) "More" opens a panel with every item inside
 * the screen, and the last one opens its page.
 */
async function expectEveryItemReachable(page: Page, items: string[], phone: boolean, last: { label: string; url: RegExp; heading: string }) {
  const main = page.getByRole('navigation', { name: 'Main' });
  // Exact: a wide table's "Scroll for more" hint is a button too.
  const more = page.getByRole('button', { name: menuName('More') });
  // A count of payment requests waiting may follow Deposits and Withdrawals ("Deposits 2").
  const texts = items.map(menuText);
  if (phone) {
    await more.click();
    const panel = page.getByRole('navigation', { name: 'More' });
    await expect(panel.getByRole('link')).toHaveText(texts);
    for (const label of items) await expect(panel.getByRole('link', { name: menuName(label) })).toBeInViewport({ ratio: 1 });
    await panel.getByRole('link', { name: last.label, exact: true }).click();
    await expect(page).toHaveURL(last.url);
    await expect(page.getByRole('heading', { name: last.heading })).toBeVisible();
    await expect(panel).toHaveCount(0);
  } else {
    await expect(more).toBeHidden();
    await expect(main.getByRole('link')).toHaveText(texts);
    for (const label of items) await expect(main.getByRole('link', { name: menuName(label) })).toBeInViewport({ ratio: 1 });
    await main.getByRole('link', { name: last.label, exact: true }).click();
    await expect(page).toHaveURL(last.url);
    await expect(page.getByRole('heading', { name: last.heading })).toBeVisible();
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.describe('main menu', () => {
  test('a player reaches every item, Rules, Stake buttons and Change password included', async ({ page }, info) => {
    await signIn(page, 'player', PLAYER);
    await expectEveryItemReachable(page, PLAYER_ITEMS, info.project.name === 'mobile', { label: 'Change password', url: /\/changepassword$/, heading: 'Change password' });
  });

  test('the Super Admin reaches every item, Messages and Settings included', async ({ page }, info) => {
    await signIn(page, 'admin', 'demo-admin');
    await expectEveryItemReachable(page, SUPER_ADMIN_ITEMS, info.project.name === 'mobile', { label: 'Settings', url: /\/admin\/settings$/, heading: 'Settings' });
  });
});

test.describe('feed status', () => {
  test('the Super Admin opens Feed status: the simulator connected and fresh, the markets by status, inside the screen', async ({ page }, info) => {
    await signIn(page, 'admin', 'demo-admin');
    if (info.project.name === 'mobile') {
      await page.getByRole('button', { name: menuName('More') }).click();
      await page.getByRole('navigation', { name: 'More' }).getByRole('link', { name: 'Feed status', exact: true }).click();
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed status', exact: true }).click();
    }
    await expect(page).toHaveURL(/\/admin\/feed-status$/);
    await expect(page.getByRole('heading', { name: 'Feed status' })).toBeVisible();
    const facts = page.getByLabel('Connection');
    await expect(facts).toContainText('simulator');
    await expect(facts.getByText('Connected', { exact: true })).toBeVisible();
    await expect(facts.getByText('Fresh', { exact: true })).toBeVisible();
    const markets = page.getByRole('table', { name: 'Markets by status' });
    await expect(markets.getByRole('rowheader', { name: 'Suspended: feed stale' })).toBeVisible();
    const open = markets.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Open', exact: true }) }).getByRole('cell');
    await expect(open).toHaveText(/^[1-9]\d*$/);
    await expect(facts).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
