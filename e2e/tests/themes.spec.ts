import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSidewaysScroll, newFundedPlayer, openLiveCricketMatch, signIn } from '../support/helpers';

/**
 * Light and dark (issue 36, ADR 0077), on a phone and a desktop: every screen a player and an agent
 * use most — sign-in, sports home, a match's odds, the casino lobby and a table, deposit, the
 * statement, the agent's clients and dashboard — meets WCAG 2 A and AA in both themes, as axe
 * reads the page once the server answered (text contrast 4.5:1, large text 3:1, and the rest of
 * the A/AA rules). The system's theme (prefers-color-scheme) is followed; the "Dark theme" switch
 * on the sign-in page and in the menu bar overrides it, is kept on this browser and is on the
 * screen again at the next load before anything is drawn; choosing the system's theme again
 * follows the system.
 */
type Theme = 'light' | 'dark';

/** The page's background in each theme (index.html's --bg): proof the theme is the one shown. */
const BACKGROUND: Record<Theme, string> = { light: 'rgb(243, 245, 244)', dark: 'rgb(14, 21, 18)' };

async function expectTheme(page: Page, theme: Theme) {
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(BACKGROUND[theme]);
}

/** Nothing still loading: no spinner, no busy region (the root is busy until the app is up). */
async function expectSettled(page: Page) {
  await expect(page.locator('.bl-spinner')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * axe finds no WCAG 2 A or AA violation on the page as it is now, nor (in the light theme) a
 * landmark one: a page has one main, and its content is in landmarks. Known and left for later, not
 * about colour: label-content-name-mismatch (2.5.3) — a price button is named "Back India at 1.85"
 * while it also shows the money available under the price; the journeys and unit tests find the
 * buttons by those names.
 */
async function expectAccessible(page: Page, screen: string, theme: Theme) {
  await expectSettled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).disableRules(['label-content-name-mismatch']).analyze();
  // The landmarks too (best practice, the same in both themes: read once): one main, and nothing
  // a screen reader's landmark list would skip.
  const landmarks = theme === 'light' ? (await new AxeBuilder({ page }).withRules(['landmark-one-main', 'landmark-no-duplicate-main', 'landmark-unique', 'region']).analyze()).violations : [];
  const found = [...violations, ...landmarks].map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`) }));
  expect(found, `${screen} (${theme})`).toEqual([]);
}

async function signInPage(page: Page, area: 'player' | 'admin') {
  await page.goto(area === 'admin' ? '/admin/login' : '/login');
  await expect(page.getByRole('heading', { name: area === 'admin' ? 'Agent sign in' : 'Sign in' })).toBeVisible();
  // The site's brand is in (GET /api/site answered).
  await expect(page.getByTestId('site-brand')).not.toHaveAttribute('aria-busy', 'true');
}

/** The player's screens, each opened and waited for what the server answered, then read by axe. */
async function playerScreens(page: Page, request: APIRequestContext, theme: Theme) {
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Matches' }).getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page, 'sports home', theme);

  await openLiveCricketMatch(page, request);
  const matchOdds = page.getByRole('region', { name: 'Match Odds' });
  await expect(matchOdds.getByRole('table', { name: 'Match Odds prices' }).getByRole('button', { name: /^Back .+ at [\d.]+$/ }).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Fancy sessions' }).getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page, 'match odds', theme);

  await page.goto('/casino-list/LC/4');
  await expect(page.getByRole('list', { name: 'All Casino games' }).getByRole('link', { name: 'Roulette' })).toBeVisible();
  await expectAccessible(page, 'casino lobby', theme);

  await page.goto('/casino/teen20/9020');
  await expect(page.getByRole('heading', { name: '20-20 Teenpatti', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cards' }).getByRole('group', { name: /^Player A/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Player A / Player B' })).toBeVisible();
  await expectAccessible(page, 'casino table', theme);

  await page.goto('/deposit');
  await expect(page.getByRole('heading', { name: 'Deposit', level: 1 })).toBeVisible();
  await expectAccessible(page, 'deposit', theme);

  await page.goto('/accountstatement');
  await expect(page.getByRole('heading', { name: 'Account Statement' })).toBeVisible();
  // The new player's statement has its opening chips.
  await expect(page.getByRole('table', { name: 'Account statement' }).getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'statement', theme);
}

/** The agent's clients and dashboard. */
async function agentScreens(page: Page, theme: Theme) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: /^Clients/, level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Clients' }).getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'client list', theme);

  await page.goto('/admin/dashbaord');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Key figures')).toBeVisible();
  await expectAccessible(page, 'agent dashboard', theme);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`the system's ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
    });

    test(`a player's screens meet WCAG AA in ${theme}`, async ({ page, request }) => {
      test.setTimeout(240_000);
      const player = await newFundedPlayer(request, 'theme', 1_000);
      await signInPage(page, 'player');
      await expectTheme(page, theme);
      await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', String(theme === 'dark'));
      await expectAccessible(page, 'sign-in', theme);
      await signIn(page, 'player', player, DEMO_PASSWORD);
      await expectTheme(page, theme);
      await playerScreens(page, request, theme);
    });

    test(`an agent's screens meet WCAG AA in ${theme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await signInPage(page, 'admin');
      await expectAccessible(page, 'agent sign-in', theme);
      await signIn(page, 'admin', 'demo-dl');
      await expectTheme(page, theme);
      await agentScreens(page, theme);
    });
  });
}

test('the switch: chosen on the sign-in page, kept across loads, in the menu bar, back to the system', async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: 'light' });
  await signInPage(page, 'admin');
  await expectTheme(page, 'light');
  const onSignIn = page.getByRole('button', { name: 'Dark theme' });
  await expect(onSignIn).toHaveAttribute('aria-pressed', 'false');
  await onSignIn.click();
  await expect(onSignIn).toHaveAttribute('aria-pressed', 'true');
  await expectTheme(page, 'dark');

  // Kept on this browser: the next load is dark from its first script on, whatever the system says.
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await expectTheme(page, 'dark');
  await signIn(page, 'admin', 'demo-dl');
  await expectTheme(page, 'dark');

  // In the menu bar, beside the menu, inside a phone's screen.
  const inMenuBar = page.locator('.bl-navbar').getByRole('button', { name: 'Dark theme' });
  await expect(inMenuBar).toHaveAttribute('aria-pressed', 'true');
  await expect(inMenuBar).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole('table', { name: 'Clients' }).getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'client list, dark chosen on a light system', 'dark');
  // The check reads this page's colours: a grey too dark for the dark panels is caught.
  await page.addStyleTag({ content: ':root { --muted: #445 !important; }' });
  const { violations } = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  expect(violations.map((v) => v.id)).toEqual(['color-contrast']);
  await page.reload();
  await expectTheme(page, 'dark');

  // Light is the system's: choosing it follows the system again, which then turns dark.
  await inMenuBar.click();
  await expect(inMenuBar).toHaveAttribute('aria-pressed', 'false');
  await expectTheme(page, 'light');
  expect(await page.evaluate(() => [document.documentElement.dataset.theme ?? null, localStorage.getItem('theme')])).toEqual([null, null]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectTheme(page, 'dark');
  await expect(inMenuBar).toHaveAttribute('aria-pressed', 'true');
});
