import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_TRANSACTION_PASSWORD, apiPost, apiToken, newFundedPlayer, signIn } from '../support/helpers';

/**
 * Exports (issue 34, ADR 0067): demo-dl opens a new player's account statement, downloads its
 * CSV and finds in it exactly the rows the screen shows (opening balance, each entry, closing
 * balance: dates in IST, amounts in the Indian grouping), then checks the print view: the report
 * alone, with its heading, and no menu, header, filters or buttons.
 */

// The screens show local time and the file IST: a browser in India, as the product's users are.
test.use({ timezoneId: 'Asia/Kolkata', acceptDownloads: true });

/** RFC 4180 records of a CSV text. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return records;
}

/** The statement as the screen shows it: each row's cells (the opening and closing lines' label in the Description column). */
async function screenRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: 'Account statement' });
  const rows = await table.getByRole('row').all();
  const out: string[][] = [];
  for (const row of rows.slice(1)) {
    // includeHidden: a phone's card leaves an empty cell out of view (its column is still there).
    const cells = (await row.getByRole('cell', { includeHidden: true }).allTextContents()).map((t) => t.trim());
    const header = (await row.getByRole('rowheader', { includeHidden: true }).allTextContents()).map((t) => t.trim());
    // A summary row: its label (a row header) and the balance; an entry: its five cells.
    out.push(header.length > 0 ? ['', header[0] ?? '', '', '', cells[cells.length - 1] ?? ''] : cells);
  }
  return out;
}

test('an agent downloads a statement as CSV with the screen\'s rows, and prints it without the menu', async ({ page, request, isMobile }) => {
  const player = await newFundedPlayer(request, 'csv', 1_23_456.78);
  const agent = await apiToken(request, 'admin', 'demo-dl');
  // A withdrawal whose remark has a comma and quotes (RFC 4180), and a deposit past a lakh.
  await apiPost(request, agent, '/api/withdraw-chips', { username: player, amount: 456.78, remark: 'back, "as agreed"', transactionPassword: DEMO_TRANSACTION_PASSWORD }, { 'Idempotency-Key': `e2e-csv-w-${player}` });
  await apiPost(request, agent, '/api/deposit-chips', { username: player, amount: 1_00_000, remark: '', transactionPassword: DEMO_TRANSACTION_PASSWORD }, { 'Idempotency-Key': `e2e-csv-d-${player}` });

  await signIn(page, 'admin', 'demo-dl');
  // The page asks for the statement once its filters are set; the table is what the server answered.
  const answered = page.waitForResponse((r) => r.url().includes('/api/account-statement?') && r.url().includes(`username=${player}`) && r.ok());
  await page.goto(`/admin/accountstatement?username=${player}`);
  await answered;
  const table = page.getByRole('table', { name: 'Account statement' });
  await expect(table.getByRole('row')).toHaveCount(1 + 1 + 3 + 1);
  const shown = await screenRows(page);
  expect(shown[0]?.[1]).toBe('Opening Balance');
  expect(shown.at(-1)).toEqual(['', 'Closing Balance', '', '', '2,23,000.00']);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^account-statement_${player}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const path = await file.path();
  const bytes = await readFile(path);
  // The UTF-8 BOM Excel needs, then the header row.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const records = parseCsv(bytes.subarray(3).toString('utf8'));
  expect(records[0]).toEqual(['Date', 'Description', 'Credit', 'Debit', 'Balance']);
  expect(records.slice(1)).toEqual(shown);
  expect(records.map((r) => r[2])).toContain('1,23,456.78');
  expect(records.some((r) => r[1]?.endsWith('back, "as agreed"'))).toBe(true);

  // The print view: the statement alone, headed by its name, filters and time.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByLabel('From')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  if (isMobile) await expect(page.getByRole('button', { name: 'More' })).toBeHidden();
  const head = page.getByTestId('print-head');
  await expect(head).toBeVisible();
  await expect(head).toContainText(`Account Statement: ${player}`);
  // Its name once: the print heading carries it, the page's own heading is not printed as well.
  await expect(page.getByText(`Account Statement: ${player}`, { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(head).toContainText(/From: \d{2}\/\d{2}\/\d{4} · To: \d{2}\/\d{2}\/\d{4}/);
  await expect(head).toContainText(/Printed \d{2}\/\d{2}\/\d{4}/);
  // A table at the page's full width and no wider (its cells wrap), with its header row, every row
  // in it (no box clipping it), on a phone too.
  await expect(table.getByRole('columnheader', { name: 'Balance' })).toBeVisible();
  const widths = await table.evaluate((el) => ({
    table: el.getBoundingClientRect().width,
    page: document.documentElement.clientWidth,
    scroll: document.documentElement.scrollWidth,
    display: getComputedStyle(el).display,
  }));
  expect(widths.display).toBe('table');
  expect(widths.table).toBeGreaterThan(widths.page * 0.9);
  expect(widths.table).toBeLessThanOrEqual(widths.page);
  expect(widths.scroll).toBeLessThanOrEqual(widths.page);
  for (const row of await table.getByRole('row').all()) await expect(row).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
});
