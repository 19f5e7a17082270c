import { expect, test, type Page, type Request } from '@playwright/test';
import { DEMO_PASSWORD, newFundedPlayer, openLiveCricketMatch, openSlip, signIn, submitSlip, dismissSlip } from '../support/helpers';

/**
 * Issue 16: after a bet the odds page applies the placebet reply's P&L to the market at once and
 * reloads the player's bets once (one GET), and the header's exposure is written by the user
 * socket's `balance` message alone. The journey holds that message back in the browser: until it
 * is let through the header must not move, and letting it through (the bet's own echo) must cost
 * no further GET. Runs on desktop and on the phone.
 */
const ATTEMPTS = 10;
/** How long after a placed bet the journey counts the page's API GETs. */
const WINDOW_MS = 2_000;

/** Rupees as the header shows them (1,00,000.00) → a number. */
function rupees(text: string | null): number {
  return Number((text ?? '').replace(/[^\d.-]/g, ''));
}

/** A socket.io `balance` message of the user namespace: 42/user,["balance",{...}]. */
function balanceMessage(message: string | Buffer): { balance: number; exposer: number } | null {
  if (typeof message !== 'string' || !message.startsWith('42/user,')) return null;
  const [event, payload] = JSON.parse(message.slice('42/user,'.length)) as [string, { balance: number; exposer: number }];
  return event === 'balance' ? payload : null;
}

/** The page's API GETs, as paths with their query. */
function apiGets(page: Page): { list: string[]; stop: () => void } {
  const list: string[] = [];
  const onRequest = (r: Request) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname.startsWith('/api/')) list.push(`${url.pathname}${url.search}`);
  };
  page.on('request', onRequest);
  return { list, stop: () => page.off('request', onRequest) };
}

test('a placed bet costs one GET, and only the socket moves the header', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  // Balance messages are held back while `hold` is set, and let through on `release`.
  let hold = false;
  const held: Array<{ message: string; deliver: () => void }> = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (hold && balanceMessage(message)) held.push({ message: message as string, deliver: () => ws.send(message) });
      else ws.send(message);
    });
  });
  const release = () => {
    hold = false;
    for (const m of held.splice(0)) m.deliver();
  };

  const player = await newFundedPlayer(request, 'reload', 10_000);
  await signIn(page, 'player', player, DEMO_PASSWORD);
  await openLiveCricketMatch(page, request);
  await expect(page.getByRole('heading', { name: /^My Bets \(0\)$/ })).toBeVisible();
  const exposure = page.getByTestId('header-exposure');
  const exposureBefore = rupees(await exposure.textContent());

  // A bookmaker back (no bet delay) on the first runner; a ball can close the line meanwhile,
  // then the journey waits for it to open and tries again.
  const bookmaker = page.getByRole('region', { name: 'Bookmaker' });
  const back = bookmaker.getByRole('row').nth(1).locator('td.bl-price--back button').first();
  const slip = page.getByRole('form', { name: 'Bet slip' });
  hold = true;
  let gets = apiGets(page);
  for (let attempt = 1; ; attempt += 1) {
    gets.stop();
    gets = apiGets(page);
    await openSlip(page, back);
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    const { outcome, message } = await submitSlip(page, slip);
    if (outcome === 'placed') break;
    expect(attempt, message).toBeLessThan(ATTEMPTS);
    await dismissSlip(slip);
  }
  await expect(slip).toHaveCount(0);
  await page.waitForTimeout(WINDOW_MS);

  // The reply's P&L is on the runners already; the bets were read once; the header has not moved.
  await expect(bookmaker.getByRole('row').nth(1).locator('.bl-runner-pnl')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Bets (1)' })).toBeVisible();
  console.info(`${testInfo.project.name}: GETs in the ${WINDOW_MS} ms after the bet`, gets.list);
  expect(gets.list, `${testInfo.project.name}: GETs after the bet`).toEqual([expect.stringMatching(/^\/api\/bets\?matchId=/)]);
  expect(rupees(await exposure.textContent())).toBe(exposureBefore);
  expect(held).toHaveLength(1);

  // The socket's message moves the header; being the bet's own echo, it reloads nothing.
  const echo = balanceMessage(held[0].message);
  release();
  await expect.poll(async () => rupees(await exposure.textContent())).toBe(echo?.exposer);
  expect(echo?.exposer).toBeGreaterThan(exposureBefore);
  await page.waitForTimeout(WINDOW_MS);
  expect(gets.list).toHaveLength(1);
  gets.stop();
});
