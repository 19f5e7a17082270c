import { expect, test, type Page } from '@playwright/test';
import { DEMO_TRANSACTION_PASSWORD, apiGet, apiToken, newFundedPlayer, runSuffix, signIn, SCREENSHOT_PNG, watchUserSocket } from '../support/helpers';

/**
 * Live payment alerts (issue 34), on a phone and a desktop: demo-dl has its deposit statement open
 * when a new player of its downline asks for a deposit. Without a click or a reload the agent
 * gets a toast naming the request, the Deposits link (or "More" on a phone, where the links
 * scroll) counts it, the sound plays (counted at the Web Audio API), and the open statement shows
 * the row. Decided elsewhere (the API, as another agent's screen would), the count goes down again.
 * With the sound switched off, the next request rings nothing.
 */

interface PendingPayments {
  deposit: { count: number };
  withdraw: { count: number };
}

/** The player files a deposit request through the API, as its deposit page does; returns the request's id. */
async function deposit(page: Page, token: string, amount: number): Promise<string> {
  const res = await page.request.post('/api/add-deposit-withdraw', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-alert-${runSuffix()}-${amount}` },
    multipart: {
      type: 'deposit',
      amount: String(amount),
      accountType: 'upi',
      utrno: `UTR${Date.now()}${amount}`.slice(0, 22),
      remark: 'ok',
      imageUrl: { name: 'paid.png', mimeType: 'image/png', buffer: SCREENSHOT_PNG },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

/** Where the count shows: the Deposits link on a desktop, the "More" button (every link's sum) on a phone. */
function badge(page: Page, phone: boolean, count: number) {
  if (phone) return page.getByRole('button', { name: count === 0 ? 'More' : `More ${count} waiting`, exact: true });
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: count === 0 ? 'Deposits' : `Deposits ${count} waiting`, exact: true });
}

test('a new deposit request reaches the agent at once: toast, count, sound and the open statement', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const phone = testInfo.project.name === 'mobile';
  // Count the tones the page starts (the alert's two per request).
  await page.addInitScript(() => {
    const counted = window as unknown as { __tones: number };
    counted.__tones = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
      counted.__tones += 1;
      return start.apply(this, args);
    };
  });
  const tones = () => page.evaluate(() => (window as unknown as { __tones: number }).__tones);

  const player = await newFundedPlayer(request, 'alert', 100);
  const playerToken = await apiToken(request, 'player', player);
  // One session per user: the agent's API calls use the token of its signed-in page.
  await signIn(page, 'admin', 'demo-dl');
  const agentToken = await page.evaluate(() => localStorage.getItem('token-admin') ?? '');
  const userSocket = watchUserSocket(page);
  await page.goto('/admin/depositstatement');
  const table = page.getByRole('table', { name: 'Deposit Statement' });
  await expect(table).toBeVisible();
  // The page's socket is in the agent's room before the first request is made.
  await userSocket.joined();
  const before = await apiGet<PendingPayments>(request, agentToken, '/api/pending-payments');
  const waiting = (deposits: number) => (phone ? before.withdraw.count + deposits : deposits);
  await expect(badge(page, phone, waiting(before.deposit.count))).toBeVisible();
  const sound = page.getByRole('button', { name: 'Sound for new payment requests' });
  await expect(sound).toHaveAttribute('aria-pressed', 'true');

  const first = await deposit(page, playerToken, 650);
  await expect(page.getByText(`New deposit request: ${player}, ₹650.00`, { exact: true })).toBeVisible();
  await expect(badge(page, phone, waiting(before.deposit.count + 1))).toBeVisible();
  await expect(table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: player, exact: true }) })).toHaveCount(1);
  expect(await tones()).toBe(2);

  // Decided by the API (another screen): the count goes back down, live.
  const decided = await page.request.post('/api/update-deposit-withdraw-status', {
    headers: { Authorization: `Bearer ${agentToken}`, 'Idempotency-Key': `e2e-alert-decide-${first}` },
    data: { id: first, status: 'rejected', remark: 'e2e', transactionPassword: DEMO_TRANSACTION_PASSWORD },
  });
  expect(decided.ok(), await decided.text()).toBeTruthy();
  await expect(badge(page, phone, waiting(before.deposit.count))).toBeVisible();
  await expect(table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: player, exact: true }) })).toContainText('Rejected');

  // Sound off (remembered on this device): the next request shows, and rings nothing.
  await sound.click();
  await expect(sound).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sound for new payment requests' })).toHaveAttribute('aria-pressed', 'false');
  const second = await deposit(page, playerToken, 700);
  await expect(page.getByText(`New deposit request: ${player}, ₹700.00`, { exact: true })).toBeVisible();
  await expect(badge(page, phone, waiting(before.deposit.count + 1))).toBeVisible();
  expect(await tones()).toBe(0);
  // Leave demo-dl's queue as it was.
  const cleared = await page.request.post('/api/update-deposit-withdraw-status', {
    headers: { Authorization: `Bearer ${agentToken}`, 'Idempotency-Key': `e2e-alert-decide-${second}` },
    data: { id: second, status: 'rejected', remark: 'e2e', transactionPassword: DEMO_TRANSACTION_PASSWORD },
  });
  expect(cleared.ok()).toBeTruthy();
  await expect(badge(page, phone, waiting(before.deposit.count))).toBeVisible();
});
