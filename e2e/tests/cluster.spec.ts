import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_TRANSACTION_PASSWORD, LIVE_TIMEOUT_MS, newFundedPlayer, PLAYER, placeBet, rupees, secondsLeft, openLiveCricketMatch, signIn, SCREENSHOT_PNG, watchUserSocket } from '../support/helpers';

/**
 * The product as a cluster (project `cluster`, support/cluster-stack.mjs, ADR 0022): two API
 * instances behind nginx on one database and one Redis. Each journey kills an API instance as a
 * crash would (SIGKILL) while a page is open: the page's sockets reconnect through nginx to the
 * other instance, the feed and the casino engine move to it, and the journey completes.
 */
const CLUSTER_CONTROL = 'http://127.0.0.1:9298';
const ROUND_TIMEOUT_MS = 60_000;

async function api(request: APIRequestContext, instance: 1 | 2, action: 'kill' | 'start') {
  const res = await request.post(`${CLUSTER_CONTROL}/apis/${instance}/${action}`);
  expect(res.status(), await res.text()).toBe(204);
}

/** Both instances up again after a journey (a failed one may have left one down). */
test.afterEach(async ({ request }) => {
  await api(request, 1, 'start');
  await api(request, 2, 'start');
});

async function expectSignedIn(page: Page, username: string) {
  await expect(page.getByTestId('header-username')).toContainText(username);
}

test.describe('cluster', () => {
  test('auth: the session survives the loss of either instance, and a second login logs the first tab out across instances', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    await signIn(page, 'player', PLAYER);
    await expect(page.getByLabel('Available balance', { exact: true })).toHaveText('₹1,00,000.00');
    for (const instance of [1, 2] as const) {
      await api(request, instance, 'kill');
      await page.reload();
      await expectSignedIn(page, PLAYER);
      await expect(page.getByLabel('Available balance', { exact: true })).toHaveText('₹1,00,000.00');
      await api(request, instance, 'start');
    }
    // Both instances up: the second login may land on either; the first tab hears of it anyway.
    const other = await browser.newContext();
    const second = await other.newPage();
    await signIn(second, 'player', PLAYER);
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
    await expect(page.getByText('Your session has ended because you signed in somewhere else')).toBeVisible();
    await expectSignedIn(second, PLAYER);
    await other.close();
  });

  test('payment alerts: deposit requests made on each instance reach the agent\'s page at once, whichever instance holds its socket', async ({ page, request }) => {
    test.setTimeout(90_000);
    const player = await newFundedPlayer(request, 'clp', 100);
    await signIn(page, 'admin', 'demo-dl');
    const userSocket = watchUserSocket(page);
    await page.goto('/admin/depositstatement');
    const table = page.getByRole('table', { name: 'Deposit Statement' });
    await expect(table).toBeVisible();
    // The page's socket is in the agent's room before the first request is made.
    await userSocket.joined();
    const agentToken = await page.evaluate(() => localStorage.getItem('token-admin') ?? '');
    const pending = async () =>
      ((await (await request.get('/api/pending-payments', { headers: { Authorization: `Bearer ${agentToken}` } })).json()) as { data: { deposit: { count: number } } }).data.deposit.count;
    const before = await pending();
    // Straight to each instance (not through nginx): one of the two is not the one under the page.
    const playerToken = ((await (await request.post('/api/login', { data: { username: player, password: DEMO_PASSWORD } })).json()) as { data: { token: string } }).data.token;
    const ids: string[] = [];
    for (const [i, port] of [9291, 9292].entries()) {
      const res = await request.post(`http://127.0.0.1:${port}/api/add-deposit-withdraw`, {
        headers: { Authorization: `Bearer ${playerToken}`, 'Idempotency-Key': `cluster-alert-${player}-${i}`, Origin: 'http://127.0.0.1:9280' },
        multipart: { type: 'deposit', amount: String(300 + i), accountType: 'upi', utrno: `UTR${Date.now()}${i}`.slice(0, 22), remark: 'ok', imageUrl: { name: 'paid.png', mimeType: 'image/png', buffer: SCREENSHOT_PNG } },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
      ids.push(((await res.json()) as { data: { _id: string } }).data._id);
      await expect(page.getByText(`New deposit request: ${player}, ₹${300 + i}.00`, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: `Deposits ${before + 2} waiting`, exact: true })).toBeVisible();
    await expect(table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: player, exact: true }) })).toHaveCount(2);
    for (const id of ids) {
      const res = await request.post('/api/update-deposit-withdraw-status', {
        headers: { Authorization: `Bearer ${agentToken}`, 'Idempotency-Key': `cluster-alert-decide-${id}` },
        data: { id, status: 'rejected', remark: 'e2e', transactionPassword: DEMO_TRANSACTION_PASSWORD },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
    }
  });

  test('betting: odds keep moving and a bet is placed after the instance under the page dies', async ({ page, request }) => {
    test.setTimeout(240_000);
    const player = await newFundedPlayer(request, 'clu', 10_000);
    await signIn(page, 'player', player, DEMO_PASSWORD);
    await openLiveCricketMatch(page, request);
    const odds = page.getByRole('region', { name: 'Match Odds' });
    const bestBack = odds.getByRole('row').nth(1).locator('td.bl-price--back[data-level="1"] button');
    await expect(bestBack).toBeEnabled({ timeout: LIVE_TIMEOUT_MS });

    // Instance 1 dies (it may hold this page's sockets and the feed): the prices still move.
    await api(request, 1, 'kill');
    const before = await odds.textContent();
    await expect.poll(() => odds.textContent(), { timeout: LIVE_TIMEOUT_MS }).not.toBe(before);

    await placeBet(page, async () => {
      await expect(bestBack).toBeEnabled({ timeout: LIVE_TIMEOUT_MS });
      await bestBack.click();
    }, '100');
    await expect.poll(async () => rupees(await page.getByTestId('header-exposure').textContent()), { timeout: 10_000 }).toBeGreaterThan(0);
    await api(request, 1, 'start');
  });

  test('casino: the table goes on to its next round after the instance under the page dies', async ({ page, request }) => {
    test.setTimeout(240_000);
    const player = await newFundedPlayer(request, 'clc', 10_000);
    await signIn(page, 'player', player, DEMO_PASSWORD);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Casino', exact: true }).click();
    const tile = page.getByRole('list', { name: 'All Casino games' }).getByRole('link', { name: '20-20 Dragon Tiger' });
    await expect(async () => {
      await page.reload();
      await expect(tile).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: ROUND_TIMEOUT_MS });
    await tile.click();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await expect(page.getByTestId('round-id')).not.toHaveText('', { timeout: ROUND_TIMEOUT_MS });
    const roundId = (await page.getByTestId('round-id').textContent()) ?? '';

    // Instance 2 dies (it may hold this page's sockets or the casino engine): rounds go on.
    await api(request, 2, 'kill');
    await expect(page.getByTestId('round-id')).not.toHaveText(roundId, { timeout: 2 * ROUND_TIMEOUT_MS });
    // The new round counts down on the page, second by second.
    await expect.poll(() => secondsLeft(page), { timeout: ROUND_TIMEOUT_MS, intervals: [250] }).toBeGreaterThanOrEqual(3);
    const first = await secondsLeft(page);
    await expect.poll(() => secondsLeft(page), { timeout: 5_000, intervals: [250] }).toBeLessThan(first);
    await api(request, 2, 'start');
  });
});
