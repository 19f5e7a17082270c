import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet, apiPost, apiToken, DEMO_TRANSACTION_PASSWORD, expectNoSidewaysScroll, newFundedPlayer, signIn, SCREENSHOT_PNG } from '../support/helpers';
import { chooseMarket, placeBack } from '../support/soccer-market';

/**
 * The player's reports as tables on a 1280×800 desktop and as stacked cards on a 360×740 phone
 * (ReportTable, ADR 0058). A new player of demo-dl gets something in each through the API: two
 * back bets on a soccer market, a UPI withdrawal and a UPI deposit with its screenshot. Each
 * report then shows its rows by role with its columns' names; on the phone the page never
 * scrolls sideways and each row's lead cells (its status and its amount) lie inside the screen's
 * width at the top of the card, while the desktop shows the header row of a real table. The
 * unsettled bets are read before demo-admin declares the market's result (through the API), the
 * bet history and profit and loss after it.
 */

interface Report {
  /** Where the report is; without it, the page on screen. */
  path?: string;
  table: string;
  columns: string[];
  /** The lead columns: the row's status (or what names it), then its amount. */
  leads: string[];
  /** How many rows it has, or at least one. */
  rows: number | 'some';
}

/**
 * The report's table: its columns' names, then per row (by role) the lead cells with a value: on
 * a phone each inside the screen's width and above the row's other cells (the card's top), the
 * table shown as blocks; on a desktop a table with its header row on screen.
 */
async function checkReport(page: Page, phone: boolean, report: Report): Promise<Locator> {
  if (report.path) await page.goto(report.path);
  const table = page.getByRole('table', { name: report.table, exact: true });
  await expect(table.getByRole('columnheader')).toHaveText(report.columns);
  const rows = table.locator('tbody').getByRole('row').filter({ has: page.locator('.bl-cards__lead') });
  if (report.rows === 'some') await expect(rows.first()).toBeVisible();
  else await expect(rows).toHaveCount(report.rows);
  const width = page.viewportSize()?.width ?? 0;
  expect(await table.evaluate((t) => getComputedStyle(t).display)).toBe(phone ? 'block' : 'table');
  if (!phone) {
    const header = await table.getByRole('columnheader').first().boundingBox();
    expect(header && header.height > 10).toBe(true);
  }
  for (const row of await rows.all()) {
    const leads = row.locator('.bl-cards__lead:not(:empty)');
    await expect(leads.first()).toBeVisible();
    const labels = await leads.evaluateAll((cells) => cells.map((c) => c.getAttribute('data-label')));
    expect(report.leads.filter((l) => labels.includes(l)).length, `${report.table}: ${labels.join(', ')}`).toBeGreaterThanOrEqual(Math.min(2, report.leads.length));
    if (!phone) continue;
    // Each line shows its column's name (the label is CSS, left out of the cells' accessible names).
    const shown = await row.locator('[data-label]:not(:empty)').evaluateAll((cells) => cells.map((c) => [c.getAttribute('data-label'), getComputedStyle(c, '::before').content]));
    for (const [label, content] of shown) expect(content).toContain(`"${label}"`);
    const others = await row.locator('[data-label]:not(.bl-cards__lead):not(:empty)').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().top));
    for (const lead of await leads.all()) {
      const box = await lead.boundingBox();
      expect(box, `${report.table}: ${await lead.getAttribute('data-label')}`).not.toBeNull();
      if (!box) continue;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      for (const top of others) expect(box.y).toBeLessThanOrEqual(top);
    }
  }
  await expectNoSidewaysScroll(page);
  return table;
}

test.describe('player reports: tables on a desktop, cards on a phone', () => {
  test('bets, statements and casino results read as cards with status and amount in view on a phone, as tables on a desktop', async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const phone = testInfo.project.name === 'mobile';
    const player = await newFundedPlayer(request, 'cards', 10_000);
    const playerToken = await apiToken(request, 'player', player);
    const adminToken = await apiToken(request, 'admin', 'demo-admin');

    // Two back bets on a soccer market (its bet delay off: placement is other journeys' business).
    const chosen = await chooseMarket(request, playerToken, adminToken);
    await apiPost(request, adminToken, '/api/update-market', { marketId: chosen.market.marketId, betDelaySec: 0 });
    await placeBack(request, playerToken, chosen, 300);
    await placeBack(request, playerToken, chosen, 200);

    // A UPI withdrawal of 400 and a UPI deposit of 500 with its screenshot, both pending.
    await apiPost(request, playerToken, '/api/add-upi', { upiId: `cards${Date.now() % 100_000}@upi` });
    const accounts = await apiGet<{ upi: Array<{ _id: string }> }>(request, playerToken, '/api/get-bank-and-upi-list');
    const auth = { Authorization: `Bearer ${playerToken}` };
    const withdrawal = await request.post('/api/add-deposit-withdraw', {
      headers: { ...auth, 'Idempotency-Key': randomUUID() },
      data: { type: 'withdraw', amount: 400, accountType: 'upi', bankDetail: accounts.upi[0]._id, remark: 'e2e cards' },
    });
    expect(withdrawal.ok(), await withdrawal.text()).toBe(true);
    const deposit = await request.post('/api/add-deposit-withdraw', {
      headers: { ...auth, 'Idempotency-Key': randomUUID() },
      multipart: { type: 'deposit', amount: '500', accountType: 'upi', utrno: `UTR${Date.now()}`.slice(0, 16), remark: 'e2e cards', imageUrl: { name: 'paid.png', mimeType: 'image/png', buffer: SCREENSHOT_PNG } },
    });
    expect(deposit.ok(), await deposit.text()).toBe(true);

    await signIn(page, 'player', player);
    const betColumns = ['Placed', 'Match / market', 'Selection', 'Side', 'Odds', 'Stake'];
    await checkReport(page, phone, { path: '/unsettledbet', table: 'Unsettled bets', columns: betColumns, leads: ['Side', 'Stake'], rows: 2 });

    // demo-admin declares the other runner the winner: both bets lose, the market settles.
    const [backed, other] = chosen.market.runners;
    await apiPost(request, adminToken, '/api/declare-result', { transactionPassword: DEMO_TRANSACTION_PASSWORD, marketId: chosen.market.marketId, result: { type: 'WINNER', selectionId: other.selectionId } });

    const history = await checkReport(page, phone, { path: '/bethistory', table: 'Bet history', columns: [...betColumns, 'P&L', 'Status'], leads: ['Status', 'P&L'], rows: 2 });
    await expect(history.getByRole('row').filter({ has: page.getByRole('rowheader', { name: backed.name, exact: true }) })).toHaveCount(2);
    await expect(history.locator('[data-label="P&L"] [data-pnl="neg"]')).toHaveText(['-200.00', '-300.00']);
    // The order and the search go to the server (the history is paged): the worst P&L first, then
    // a search of match and market names that finds neither bet.
    await page.getByLabel('Order').selectOption({ label: 'P&L, worst first' });
    await expect(history.locator('[data-label="P&L"] [data-pnl="neg"]')).toHaveText(['-300.00', '-200.00']);
    await page.getByRole('searchbox', { name: 'Search matches or markets' }).fill('no such match');
    await expect(page.getByText('No records found')).toBeVisible();
    await expectNoSidewaysScroll(page);
    const pl = await checkReport(page, phone, { path: '/profitloss', table: 'Profit and loss by market', columns: ['Settled', 'Sport', 'Match', 'Market', 'P&L', 'Commission', 'Net'], leads: ['Market', 'Net'], rows: 1 });
    await expect(pl.getByTestId('pl-total-net')).toHaveText('-500.00');
    const statement = await checkReport(page, phone, { path: '/accountstatement', table: 'Account statement', columns: ['Date', 'Description', 'Credit', 'Debit', 'Balance'], leads: ['Balance', 'Credit', 'Debit'], rows: 'some' });
    // The chips credited, then the settled loss among the entries.
    await expect(statement.locator('[data-label="Credit"]').filter({ hasText: '10,000.00' })).toHaveCount(1);
    await expect(statement.locator('[data-label="Debit"]').filter({ hasText: '500.00' }).or(statement.locator('[data-label="Debit"]').filter({ hasText: '300.00' })).first()).toBeVisible();
    const paymentColumns = ['Type', 'Amount', 'Date', 'Status', 'Remark'];
    const deposits = await checkReport(page, phone, { path: '/depositstatement', table: 'Deposit Statement', columns: paymentColumns, leads: ['Status', 'Amount'], rows: 1 });
    await expect(deposits.locator('[data-label="Status"]')).toHaveText('Pending');
    await expect(deposits.locator('[data-label="Amount"]')).toHaveText('500.00');
    const withdrawals = await checkReport(page, phone, { path: '/withdrawstatement', table: 'Withdraw Statement', columns: paymentColumns, leads: ['Status', 'Amount'], rows: 1 });
    await expect(withdrawals.locator('[data-label="Amount"]')).toHaveText('400.00');

    // A casino table's results: every settled round a row, its result leading.
    await page.goto('/casino/result');
    await page.getByLabel('Table').selectOption({ label: '20-20 Dragon Tiger' });
    await expect(page).toHaveURL(/\/casino\/result\/\w+$/);
    await checkReport(page, phone, { table: 'Round results', columns: ['Round', 'Result', 'Cards', 'Verify', 'Settled'], leads: ['Result'], rows: 'some' });

    // The casino report of a player without casino bets says so, inside the screen.
    await page.goto('/casinoreport');
    await expect(page.getByText('No casino bets in these dates.')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
