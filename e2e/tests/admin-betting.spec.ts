import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiPost, apiToken, DEMO_TRANSACTION_PASSWORD, newFundedPlayer, signIn, signOut, expectNoSidewaysScroll } from '../support/helpers';
import { chooseMarket, placeBack } from '../support/soccer-market';

/**
 * The agents' side of betting, on a 1280×800 desktop and a 360×740 phone: demo-user's bets
 * (placed through the API) appear in demo-dl's market analysis and in its view of the match
 * (books, child books, downline bets); demo-admin deletes one bet (it moves to Deleted bets)
 * and declares the market's result (it moves to Settled); demo-dl's profit and loss then shows
 * the players' loss and its own share.
 *
 * The journeys use a soccer market (the demo keeps a soccer match imported): the players'
 * journeys bet on cricket, and a settled market is gone for them. Each run takes a market that
 * has not been settled yet, importing another soccer match of the feed when it must.
 */

// Above the sports' default minimum stake (₹100).
const STAKE_KEPT = 300;
const STAKE_DELETED = 200;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('agents and betting', () => {
  test("a player's bets show in the agent's books; the admin deletes one and declares the result; the agent's P&L shows its share", async ({ page, request }) => {
    test.setTimeout(240_000);
    // A player of its own under demo-dl: this journey's loss never changes demo-user's balance.
    const PLAYER = await newFundedPlayer(request, 'agb', 10_000);
    const playerToken = await apiToken(request, 'player', PLAYER);
    const adminToken = await apiToken(request, 'admin', 'demo-admin');
    const chosen = await chooseMarket(request, playerToken, adminToken);
    const { match, market } = chosen;
    const [backed, other] = market.runners;
    // Set-up: the bet delay of this market off, so a moving simulated price cannot refuse the
    // set-up bets (placement and its delay are the players' journeys, not this one).
    await apiPost(request, adminToken, '/api/update-market', { marketId: market.marketId, betDelaySec: 0 });
    await placeBack(request, playerToken, chosen, STAKE_KEPT);
    await placeBack(request, playerToken, chosen, STAKE_DELETED);
    const title = `${match.name} · ${market.name}`;

    // demo-dl, the player's agent: market analysis → the match's agent view.
    await signIn(page, 'admin', 'demo-dl');
    await nav(page).getByRole('link', { name: 'Market analysis' }).click();
    await expect(page).toHaveURL(/\/admin\/market-analysis$/);
    const matchBooks = page.getByRole('region', { name: match.name, exact: true });
    const book = matchBooks.getByRole('table', { name: `Book of ${market.name}`, exact: true });
    await expect(book.getByRole('rowheader', { name: backed.name, exact: true })).toBeVisible();
    await expect(book.getByRole('columnheader')).toHaveText(['Runner', 'Users', 'Own']);
    await expectNoSidewaysScroll(page);

    await matchBooks.getByRole('link', { name: `Open ${match.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/odds/${match._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: match.name })).toBeVisible();
    await expect(page.getByRole('table', { name: `${market.name} prices`, exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: `Book of ${market.name}`, exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Child books' }).getByRole('rowheader', { name: PLAYER })).toBeVisible();
    const dlBets = page.getByRole('table', { name: 'Downline bets' });
    await expect(dlBets.getByRole('row').filter({ hasText: market.name }).filter({ hasText: '300.00' })).toHaveCount(1);
    await expect(dlBets.getByRole('row').filter({ hasText: market.name }).filter({ hasText: '200.00' })).toHaveCount(1);
    // Only admin and sadmin delete bets.
    await expect(page.getByRole('button', { name: 'Delete bets' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await signOut(page, 'admin');

    // demo-admin: delete the ₹200 bet from the match's view, then declare the result.
    await signIn(page, 'admin', 'demo-admin');
    await page.goto(`/admin/odds/${match._id}`);
    const bets = page.getByRole('table', { name: 'Downline bets' });
    const small = bets.getByRole('row').filter({ hasText: market.name }).filter({ hasText: '200.00' });
    await small.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete bets' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete bet' });
    const box = await confirm.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.x >= 0 && box.x + box.width <= viewport.width && box.height <= viewport.height).toBe(true);
    await confirm.getByLabel('Reason (optional)').fill('e2e palpable error');
    await confirm.getByRole('button', { name: 'Delete bet' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Bets deleted').first()).toBeVisible();
    await expect(small).toHaveCount(0);
    await expect(bets.getByRole('row').filter({ hasText: market.name }).filter({ hasText: '300.00' })).toHaveCount(1);

    await nav(page).getByRole('link', { name: 'Unsettled bets' }).click();
    await page.getByRole('link', { name: 'Deleted', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/unsettledbet\/deleted$/);
    await expect(page.getByRole('table', { name: 'Deleted bets' }).getByRole('row').filter({ hasText: match.name }).filter({ hasText: market.name }).filter({ hasText: 'e2e palpable error' })).toHaveCount(1);
    await expectNoSidewaysScroll(page);

    const balanceBefore = await playerBalance(request, playerToken);
    await nav(page).getByRole('link', { name: 'Results' }).click();
    await expect(page).toHaveURL(/\/admin\/results$/);
    await page.getByRole('button', { name: `Declare ${title}`, exact: true }).click();
    const declare = page.getByRole('dialog', { name: `Declare result: ${market.name}` });
    await declare.getByLabel('Result').selectOption({ label: other.name });
    await declare.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    await declare.getByRole('button', { name: 'Declare result' }).click();
    await expect(declare).toBeHidden();
    await expect(page.getByText('Result declared').first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Declare ${title}`, exact: true })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Settled' }).click();
    const settled = page.getByRole('table', { name: 'Settled results' }).getByRole('row').filter({ has: page.getByRole('button', { name: `Rollback ${title}`, exact: true }) });
    await expect(settled).toContainText(`Winner: ${other.name}`);
    await expect(settled.getByRole('cell').nth(3)).toHaveText('1');
    await expectNoSidewaysScroll(page);
    await signOut(page, 'admin');

    // demo-dl: its player lost the ₹300 (the deleted bet counts for nothing); the DL's share is a gain.
    await signIn(page, 'admin', 'demo-dl');
    await nav(page).getByRole('link', { name: 'Profit & loss' }).click();
    await expect(page).toHaveURL(/\/admin\/profitloss$/);
    const pnl = page.getByRole('table', { name: 'Profit and loss' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: market.name, exact: true }) }).filter({ hasText: match.name });
    await expect(pnl).toHaveCount(1);
    const cells = pnl.getByRole('cell');
    // Cells after the market: Match, Sport, Settled, Players' P&L, Commission, Net, My share.
    await expect(cells.nth(3)).toHaveText('-300.00');
    await expect(cells.nth(6).locator('[data-pnl="pos"]')).toHaveText(/^[1-9][\d,]*\.\d\d$/);
    await expect(page.getByRole('table', { name: 'Profit and loss' }).getByRole('row', { name: /^Total/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await signOut(page, 'admin');

    // The player: the balance lost the ₹300 stake; bet history shows the settled bet (−300.00) and
    // the deleted one as void; profit and loss shows the market.
    await expect.poll(() => playerBalance(request, playerToken)).toBeCloseTo(balanceBefore - STAKE_KEPT, 2);
    await signIn(page, 'player', PLAYER);
    await expect(page.getByTestId('header-available')).toHaveText(formatInr(balanceBefore - STAKE_KEPT));
    await page.goto('/bethistory');
    const history = page.getByRole('table', { name: 'Bet history' });
    const settledBet = history.getByRole('row').filter({ hasText: market.name }).filter({ hasText: match.name }).and(page.locator('[data-status="settled"]'));
    await expect(settledBet).toHaveCount(1);
    await expect(settledBet.locator('[data-pnl="neg"]')).toHaveText('-300.00');
    const voidBet = history.getByRole('row').filter({ hasText: market.name }).and(page.locator('[data-status="voided"]'));
    await expect(voidBet).toHaveCount(1);
    await expect(voidBet).toContainText('Void');
    await expectNoSidewaysScroll(page);
    await page.goto('/profitloss');
    const playerPnl = page.getByRole('table', { name: 'Profit and loss by market' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: market.name, exact: true }) }).filter({ hasText: match.name });
    await expect(playerPnl).toHaveCount(1);
    await expect(playerPnl.locator('[data-pnl="neg"]').first()).toHaveText('-300.00');
    await expectNoSidewaysScroll(page);
  });
});

/** The player's balance in rupees, as the API reports it. */
async function playerBalance(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/user-info', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

/** Rupees as the header shows them (₹, Indian grouping, two decimals). */
function formatInr(rupees: number): string {
  return '₹' + rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
