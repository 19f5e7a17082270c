import { expect, test, type Page, type Response } from '@playwright/test';
import type { BetPage, BetRow, ListClientsResponse } from '@backlay/shared/contracts';
import { DEMO_TRANSACTION_PASSWORD, apiPost, apiToken, expectNoSidewaysScroll, newFundedPlayer, runSuffix, signIn } from '../support/helpers';
import { chooseMarket, placeBack } from '../support/soccer-market';

/**
 * Tables people can work with (issue 34, ADR 0068), at 1280×800 and on a 360×740 phone:
 * demo-dl's client list searched down to 26 new players of the run, sorted by Balance on the
 * server (the rows on screen in the order, and with the balances, the server answered; the
 * header's aria-sort and arrow), turned round, and its header row still in view after the
 * table has scrolled to its last row. Then the unsettled bets: a new player's three bets found
 * by a search of its username and sorted by Stake on the server, both ways.
 */

/** The next list-clients answer whose query has these parameters. */
function listAnswer(page: Page, params: Record<string, string>): Promise<Response> {
  return page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/list-clients' && r.request().method() === 'GET' && Object.entries(params).every(([k, v]) => url.searchParams.get(k) === v);
  });
}

async function rowsOf(response: Response) {
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ListClientsResponse }).data;
}

/** Balances as the list shows them (1,000.00). */
const shown = (rupees: number) => rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('an agent searches its client list, sorts it by balance on the server both ways, and the header stays in view as the table scrolls', async ({ page, request }) => {
  const prefix = `ts${runSuffix()}`;
  const agent = await apiToken(request, 'admin', 'demo-dl');
  // 26 players: a full page of 25 and one more. Text order of these balances would differ (1000 < 250 < 7 < 80).
  const chips: Record<number, number> = { 3: 1000, 7: 250, 11: 7, 19: 80.5, 23: 80.25 };
  for (let i = 1; i <= 26; i += 1) {
    const username = `${prefix}${String(i).padStart(2, '0')}`;
    await apiPost(request, agent, '/api/add-user', {
      username, displayName: `Sort ${i}`, password: 'Start#2026a', role: 'user', partnership: 0, creditReference: 0, commission: 0, exposureLimit: null,
      transactionPassword: DEMO_TRANSACTION_PASSWORD,
    });
    const amount = chips[i];
    if (amount !== undefined) {
      await apiPost(request, agent, '/api/deposit-chips', { username, amount, remark: 'e2e sort', transactionPassword: DEMO_TRANSACTION_PASSWORD }, { 'Idempotency-Key': `e2e-sort-${username}` });
    }
  }

  await signIn(page, 'admin', 'demo-dl');
  const table = page.getByRole('table', { name: 'Clients' });
  await expect(table).toBeVisible();
  const usernames = () => table.getByRole('rowheader').filter({ hasNotText: /^Total$/ }).allTextContents();

  // Search: the server answers the run's players only.
  const searched = listAnswer(page, { search: prefix });
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(prefix);
  const found = await rowsOf(await searched);
  expect(found.total).toBe(26);
  await expect.poll(usernames).toEqual(found.rows.map((r) => r.username));
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  // Sort by Balance: the server's order, numbers as numbers, on screen as answered.
  const balance = table.getByRole('columnheader', { name: 'Balance' });
  await expect(balance).toHaveAttribute('aria-sort', 'none');
  const ascending = listAnswer(page, { search: prefix, sort: 'balance', order: 'asc' });
  await balance.getByRole('button', { name: 'Balance' }).click();
  const asc = await rowsOf(await ascending);
  const ascBalances = asc.rows.map((r) => r.balance);
  expect(ascBalances).toEqual([...ascBalances].sort((a, b) => a - b));
  await expect.poll(usernames).toEqual(asc.rows.map((r) => r.username));
  await expect(balance).toHaveAttribute('aria-sort', 'ascending');
  expect(await balance.getByRole('button').evaluate((el) => getComputedStyle(el, '::after').content)).toContain('▲');
  const lastAsc = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: asc.rows[asc.rows.length - 1]!.username, exact: true }) });
  await expect(lastAsc.getByRole('cell').nth(1)).toHaveText(shown(asc.rows[asc.rows.length - 1]!.balance));

  // Again, from the keyboard: descending; the five funded players lead, 1,000 first.
  const descending = listAnswer(page, { search: prefix, sort: 'balance', order: 'desc' });
  await balance.getByRole('button', { name: 'Balance' }).focus();
  await page.keyboard.press('Enter');
  const desc = await rowsOf(await descending);
  expect(desc.rows.slice(0, 5).map((r) => r.balance)).toEqual([1000, 250, 80.5, 80.25, 7]);
  await expect.poll(usernames).toEqual(desc.rows.map((r) => r.username));
  await expect(balance).toHaveAttribute('aria-sort', 'descending');
  expect(await balance.getByRole('button').evaluate((el) => getComputedStyle(el, '::after').content)).toContain('▼');
  const first = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: desc.rows[0]!.username, exact: true }) });
  await expect(first.getByRole('cell').nth(1)).toHaveText(shown(1000));

  // The 25 rows are taller than the table's box: it scrolls inside, and its header row stays in view.
  const box = page.getByRole('region', { name: 'Clients table' });
  expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight + 100)).toBe(true);
  // The box (at most 75 % of the screen's height) fits the screen; its rows scroll inside it.
  await box.scrollIntoViewIfNeeded();
  await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
  const lastRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: desc.rows[desc.rows.length - 1]!.username, exact: true }) });
  await expect(lastRow).toBeInViewport();
  // The first column's header (sticky on both axes) sits at the top of the box, and nothing covers it.
  const head = table.getByRole('columnheader', { name: 'Username' });
  const boxRect = (await box.boundingBox())!;
  const headRect = (await head.boundingBox())!;
  expect(Math.abs(headRect.y - boxRect.y)).toBeLessThan(2);
  expect(await head.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  })).toBe(true);
  await expect(head).toBeInViewport();
  await expectNoSidewaysScroll(page);
});

/** The next unsettled-bets answer whose query has these parameters. */
function betsAnswer(page: Page, params: Record<string, string>): Promise<Response> {
  return page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/unsettled-bets' && r.request().method() === 'GET' && Object.entries(params).every(([k, v]) => url.searchParams.get(k) === v);
  });
}

test("an agent searches its downline's unsettled bets by username and sorts them by stake on the server both ways", async ({ page, request }) => {
  test.setTimeout(180_000);
  // A player of its own under demo-dl with three open bets; text order of the stakes would differ (1000 < 150 < 250).
  const player = await newFundedPlayer(request, 'tsb', 10_000);
  const playerToken = await apiToken(request, 'player', player);
  const adminToken = await apiToken(request, 'admin', 'demo-admin');
  const chosen = await chooseMarket(request, playerToken, adminToken);
  // Set-up: no bet delay on this market, so a moving simulated price cannot refuse the set-up bets.
  await apiPost(request, adminToken, '/api/update-market', { marketId: chosen.market.marketId, betDelaySec: 0 });
  const betIds: string[] = [];
  for (const stake of [1000, 150, 250]) betIds.push(await placeBack(request, playerToken, chosen, stake));
  // Afterwards demo-admin voids them: the market is the one other journeys settle and read the P&L of.
  try {
    await sortUnsettledBets(page, player);
  } finally {
    await apiPost(request, adminToken, '/api/delete-bets', { betIds, reason: 'e2e admin tables: set-up bets' });
  }
});

/** demo-dl's Matched bets: searched by the player's username, sorted by Stake on the server both ways. */
async function sortUnsettledBets(page: Page, player: string) {
  await signIn(page, 'admin', 'demo-dl');
  await page.goto('/admin/unsettledbet/matched');
  const table = page.getByRole('table', { name: 'Matched bets' });
  await expect(table).toBeVisible();

  const searched = betsAnswer(page, { search: player });
  await page.getByRole('searchbox', { name: 'Search bets' }).fill(player);
  const found = (await (await searched).json()) as { data: BetPage<BetRow> };
  expect(found.data.total).toBe(3);
  await expect(table.getByRole('rowheader')).toHaveText([player, player, player]);

  /** The Stake column as the rows on screen show it, top to bottom. */
  const stakes = async () => {
    const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    const texts: string[] = [];
    for (let i = 0; i < (await rows.count()); i += 1) texts.push((await rows.nth(i).getByRole('cell').nth(5).textContent()) ?? '');
    return texts;
  };
  const stake = table.getByRole('columnheader', { name: 'Stake' });
  await expect(stake).toHaveAttribute('aria-sort', 'none');
  const ascending = betsAnswer(page, { search: player, sort: 'stake', order: 'asc' });
  await stake.getByRole('button', { name: 'Stake' }).click();
  const asc = (await (await ascending).json()) as { data: BetPage<BetRow> };
  expect(asc.data.rows.map((r) => r.stake)).toEqual([150, 250, 1000]);
  await expect.poll(stakes).toEqual(['150.00', '250.00', '1,000.00']);
  await expect(stake).toHaveAttribute('aria-sort', 'ascending');

  const descending = betsAnswer(page, { search: player, sort: 'stake', order: 'desc' });
  await stake.getByRole('button', { name: 'Stake' }).click();
  const desc = (await (await descending).json()) as { data: BetPage<BetRow> };
  expect(desc.data.rows.map((r) => r.stake)).toEqual([1000, 250, 150]);
  await expect.poll(stakes).toEqual(['1,000.00', '250.00', '150.00']);
  await expect(stake).toHaveAttribute('aria-sort', 'descending');
  expect(await stake.getByRole('button').evaluate((el) => getComputedStyle(el, '::after').content)).toContain('▼');
  await expectNoSidewaysScroll(page);
}
