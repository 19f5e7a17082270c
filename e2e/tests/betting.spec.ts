import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, LIVE_TIMEOUT_MS, MARKET_MOVED, newFundedPlayer, PLACE_ATTEMPTS, placeBet, openLiveCricketMatch, openSlip, signIn, submitSlip, dismissSlip, expectNoSidewaysScroll } from '../support/helpers';

/** Rupees as the screens show them (1,00,000.00, -250.00) → a number. */
function rupees(text: string | null): number {
  const value = Number((text ?? '').replace(/[^\d.-]/g, ''));
  if (!Number.isFinite(value)) throw new Error(`not an amount: ${text}`);
  return value;
}

async function headerExposure(page: Page): Promise<number> {
  return rupees(await page.getByTestId('header-exposure').textContent());
}

/** The header's available balance: the balance less the exposure, the figure the casino games show. */
async function headerAvailable(page: Page): Promise<number> {
  return rupees(await page.getByTestId('header-available').textContent());
}

/** The P&L under a runner's name on the ladder (0 before the player has a position there). */
async function runnerPnl(row: Locator): Promise<number> {
  const pnl = row.locator('.bl-runner-pnl');
  return (await pnl.count()) === 0 ? 0 : rupees(await pnl.textContent());
}

test.describe('betting', () => {
  test('a price the market no longer offers is refused, and the slip offers the live one', async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const player = await newFundedPlayer(request, 'take', 10_000);
    await signIn(page, 'player', player, DEMO_PASSWORD);
    await openLiveCricketMatch(page, request);
    const bestBack = page.getByRole('region', { name: 'Match Odds' }).getByRole('row').nth(1).locator('td.bl-price--back[data-level="1"] button');
    const exposureBefore = await headerExposure(page);
    // A new player: nothing at risk, all of the 10,000 available.
    expect(exposureBefore).toBe(0);
    await expect(page.getByLabel('Available balance', { exact: true })).toHaveText('₹10,000.00');
    await expect(page.getByLabel('Wallet', { exact: true })).toContainText(/^Available₹10,000\.00.*Exposure₹0\.00/);
    const slip = page.getByRole('form', { name: 'Bet slip' });
    const odds = slip.getByLabel('Odds');
    const take = slip.getByRole('button', { name: /^Take / });

    // Ask for far better odds than the best back on offer: the server refuses, naming the live price.
    for (let attempt = 1; ; attempt += 1) {
      await openSlip(page, bestBack);
      await odds.fill((Number(await odds.inputValue()) + 5).toFixed(2));
      await slip.getByLabel('Stake', { exact: true }).fill('100');
      const { outcome, message } = await submitSlip(page, slip);
      expect(outcome, 'a bet at odds the market does not offer').not.toBe('placed');
      if (/^Odds changed: requested /.test(message)) break;
      // The market paused during the bet delay: open the slip again.
      if (attempt >= PLACE_ATTEMPTS) throw new Error(`no odds-changed refusal: ${message}`);
      await dismissSlip(slip);
    }
    expect(await headerExposure(page)).toBe(exposureBefore);
    if (testInfo.project.name === 'mobile') await expectNoSidewaysScroll(page);

    // Take fills the slip with the ladder's best price; the bet goes when the player places it.
    await expect(take).toBeVisible();
    for (let attempt = 1; ; attempt += 1) {
      if (await take.isVisible()) {
        // The button follows the ladder, so the price may move between reading it and the click:
        // the slip then holds the newer live price (the unit tests pin the exact fill).
        const shown = Number(((await take.textContent()) ?? '').replace(/^Take /, ''));
        await take.click();
        await expect(slip.getByRole('alert')).toHaveCount(0);
        const filled = Number(await odds.inputValue());
        expect(filled).toBeGreaterThan(1);
        expect(Math.abs(filled - shown)).toBeLessThan(1);
      }
      const { outcome, message } = await submitSlip(page, slip);
      if (outcome === 'placed') break;
      // The price moved again (the slip offers the newer one) or the market paused during the bet delay.
      if (attempt >= PLACE_ATTEMPTS || !MARKET_MOVED.test(message)) throw new Error(`the bet was refused: ${message}`);
      if (outcome === 'unsent' && (await slip.count()) === 0) {
        // The market closed and took the slip with it: a slip at the live price, as a player would open it.
        await openSlip(page, bestBack);
        await slip.getByLabel('Stake', { exact: true }).fill('100');
      }
    }
    await expect(page.getByText('Bet Placed Successfully').first()).toBeVisible();
    await expect.poll(() => headerExposure(page)).toBe(exposureBefore + 100);
    // The stake is at risk: the header's available balance is the 10,000 less it, on one line with the exposure.
    await expect.poll(() => headerAvailable(page)).toBe(10_000 - 100);
    if (testInfo.project.name === 'mobile') {
      const wallet = await page.getByLabel('Wallet', { exact: true }).boundingBox();
      expect(wallet && wallet.x >= 0 && wallet.x + wallet.width <= 360).toBeTruthy();
      await expectNoSidewaysScroll(page);
    }
  });

  test('a player backs and lays on match odds and takes a YES on a fancy, and follows exposure, runner P&L and the bets', async ({ page, request }, testInfo) => {
    test.setTimeout(300_000);
    const phone = testInfo.project.name === 'mobile';
    // A player of its own, so this journey's exposure never shows in other journeys' headers.
    const player = await newFundedPlayer(request, 'bet', 50_000);
    await signIn(page, 'player', player, DEMO_PASSWORD);

    // An in-play cricket match (demo mode keeps one in play).
    const { name } = await openLiveCricketMatch(page, request);
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    const myBets = page.getByRole('region', { name: /^My Bets/ });
    await expect(myBets.getByRole('heading', { name: /^My Bets \(\d+\)$/ })).toBeVisible();
    const betsBefore = Number(/\((\d+)\)/.exec((await myBets.getByRole('heading').textContent()) ?? '')?.[1]);
    const exposureBefore = await headerExposure(page);

    const matchOdds = page.getByRole('region', { name: 'Match Odds' });
    const first = matchOdds.getByRole('row').nth(1);
    const second = matchOdds.getByRole('row').nth(2);
    const bestBack = first.locator('td.bl-price--back[data-level="1"] button');
    const bestLay = second.locator('td.bl-price--lay[data-level="1"] button');
    const firstName = /^Back (.+) at /.exec((await bestBack.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    const secondName = /^Lay (.+) at /.exec((await bestLay.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    expect(firstName && secondName).toBeTruthy();

    // Back the first runner: the slip opens under the market at the clicked price; a stake
    // button fills the stake; the slip shows each runner's P&L with the bet.
    const firstBefore = await runnerPnl(first);
    const secondBefore = await runnerPnl(second);
    await placeBet(
      page,
      async () => {
        await expect(bestBack).toBeEnabled({ timeout: LIVE_TIMEOUT_MS });
        // Opened at the best price, the slip's odds follow it (ADR 0055): they read what the
        // button reads (both follow the same live data; the poll reads them again after a tick).
        const priceNow = async () => ((await bestBack.getAttribute('aria-label')) ?? '').replace(/^.* at /, '');
        await bestBack.click();
        const slip = page.getByRole('form', { name: 'Bet slip' });
        const slipOdds = slip.getByLabel('Odds');
        await expect.poll(async () => (await slipOdds.inputValue()) === (await priceNow())).toBe(true);
        await expect(slip.getByText('Follows the best price until you type your own')).toBeVisible();
      },
      '200',
      async (slip) => {
        await expect(slip).toContainText(`Back ${firstName}`);
        await slip.getByLabel('Stake', { exact: true }).fill('');
        await slip.getByRole('group', { name: 'Quick stakes' }).getByRole('button').first().click();
        await expect(slip.getByLabel('Stake', { exact: true })).toHaveValue(/^\d+$/);
        await slip.getByLabel('Stake', { exact: true }).fill('200');
        await expect(slip.getByRole('table', { name: 'Profit or loss if each runner wins' }).getByRole('row', { name: new RegExp(`^${firstName}`) })).toBeVisible();
        await expect(slip).toContainText('Exposure on this market:');
        if (phone) {
          await expectNoSidewaysScroll(page);
          const box = await slip.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= 360).toBeTruthy();
        }
      },
    );
    await expect(page.getByText('Bet Placed Successfully').first()).toBeVisible();
    await expect.poll(() => headerExposure(page)).toBeGreaterThan(exposureBefore);
    // The backed runner's P&L rose, the other's fell (green and red once the player has bets).
    await expect.poll(() => runnerPnl(first)).toBeGreaterThan(firstBefore);
    await expect.poll(() => runnerPnl(second)).toBeLessThan(secondBefore);
    await expect(second.locator('.bl-runner-pnl .bl-pnl')).toHaveAttribute('data-pnl', 'neg');
    const exposureAfterBack = await headerExposure(page);

    // Lay the second runner.
    const secondAfterBack = await runnerPnl(second);
    await placeBet(
      page,
      async () => {
        await expect(bestLay).toBeEnabled({ timeout: LIVE_TIMEOUT_MS });
        await bestLay.click();
      },
      '100',
      async (slip) => expect(slip).toContainText(`Lay ${secondName}`),
    );
    await expect.poll(() => runnerPnl(second)).toBeLessThan(secondAfterBack);
    await expect.poll(() => headerExposure(page)).not.toBe(exposureAfterBack);

    // A YES on a fancy line: line and rate are fixed; the slip shows the fancy's exposure.
    // A line that is taking bets (others are closed, or suspended with their innings).
    const fancies = page.getByRole('list', { name: 'Fancy sessions' }).getByRole('listitem');
    const openFancies = fancies.filter({ has: page.getByRole('button', { name: /^Yes: /, disabled: false }) });
    const exposureBeforeFancy = await headerExposure(page);
    // Each attempt takes the last line that is taking bets: the later the over, the longer it
    // stays open (earlier lines close as the innings passes them, and then settle).
    let fancyName = '';
    const fancyNamed = (label: string) => fancies.filter({ has: page.getByText(label, { exact: true }) });
    await placeBet(
      page,
      async () => {
        await expect(openFancies.last()).toBeVisible({ timeout: LIVE_TIMEOUT_MS });
        fancyName = (await openFancies.last().getAttribute('aria-label')) ?? '';
        const yes = fancyNamed(fancyName).getByRole('button', { name: /^Yes: / });
        await expect(yes).toBeEnabled({ timeout: LIVE_TIMEOUT_MS });
        await yes.click();
      },
      '100',
      async (slip) => {
        await expect(fancyNamed(fancyName).getByRole('form', { name: 'Bet slip' })).toBeVisible();
        await expect(slip).toContainText(`Yes ${fancyName}`);
        await expect(slip.getByLabel('Odds')).toHaveCount(0);
        await expect(slip).toContainText('Exposure on this fancy:');
      },
    );
    const fancy = fancyNamed(fancyName);
    await expect.poll(() => headerExposure(page)).toBeGreaterThan(exposureBeforeFancy);
    await expect(fancy.getByText('Exposure')).toBeVisible();
    await fancy.getByRole('button', { name: `Book: ${fancyName}` }).click();
    const book = page.getByRole('dialog', { name: `Run book: ${fancyName}` });
    await expect(book.getByRole('table')).toBeVisible();
    if (phone) {
      const box = await book.boundingBox();
      expect(box && box.width <= 360 && box.height <= 740).toBeTruthy();
    }
    await book.getByRole('button', { name: 'Close' }).click();

    // My Bets: the three new bets, back blue and lay pink.
    await expect(myBets.getByRole('heading', { name: `My Bets (${betsBefore + 3})` })).toBeVisible();
    const table = myBets.getByRole('table', { name: 'My bets on this match' });
    const rows = table.getByRole('row');
    await expect(rows.nth(1)).toContainText(fancyName);
    await expect(rows.nth(1)).toContainText('Yes');
    await expect(rows.nth(1)).toHaveClass(/bl-bet--back/);
    await expect(rows.nth(2)).toContainText(secondName);
    await expect(rows.nth(2)).toHaveClass(/bl-bet--lay/);
    await expect(rows.nth(3)).toContainText(firstName);
    await expect(rows.nth(3)).toHaveClass(/bl-bet--back/);
    if (phone) await expectNoSidewaysScroll(page);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    // The unsettled bets list has them too.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Unsettled bets', exact: true }).click();
    await expect(page).toHaveURL(/\/unsettledbet$/);
    const unsettled = page.getByRole('table', { name: 'Unsettled bets' }).getByRole('row').filter({ hasText: name });
    await expect(unsettled.filter({ hasText: secondName }).filter({ hasText: 'Lay' }).first()).toBeVisible();
    await expect(unsettled.filter({ hasText: firstName }).filter({ hasText: 'Back' }).first()).toBeVisible();
    // The fancy line may already have closed and settled (the simulated innings runs fast): then
    // its bet has moved on to the bet history.
    const fancyOpen = (await unsettled.filter({ hasText: fancyName }).count()) > 0;
    if (phone) await expectNoSidewaysScroll(page);

    // Bet history and profit & loss open with the last 7 days.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bet history', exact: true }).click();
    await expect(page.getByLabel('From')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole('table', { name: 'Bet history' })).toBeVisible();
    if (!fancyOpen) await expect(page.getByRole('table', { name: 'Bet history' }).getByRole('row').filter({ hasText: fancyName }).first()).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profit & loss', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Profit and loss by market' })).toBeVisible();
    if (phone) await expectNoSidewaysScroll(page);
  });
});
