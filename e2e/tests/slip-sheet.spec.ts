import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, LIVE_TIMEOUT_MS, MARKET_MOVED, PLACE_ATTEMPTS, dismissSlip, newFundedPlayer, openLiveCricketMatch, openSlip, secondsLeft, signIn, submitSlip } from '../support/helpers';

/**
 * Where the bet slip shows (issue 33, ADR 0057): on a phone a bottom sheet fixed to the foot of
 * the screen, its Place Bet in view without scrolling, clear of the header's balance and of the
 * toasts; on a desktop inline under its market, as before. Sports and casino share the sheet.
 */

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box: ${locator.toString()}`);
  return box;
}

/** The toast's box once it has slid in (react-toastify brings it in from the right). */
async function settledToast(page: Page, toast: Locator): Promise<Box> {
  const width = page.viewportSize()?.width ?? 0;
  await expect
    .poll(async () => {
      const box = await toast.boundingBox();
      return box !== null && box.x >= -1 && box.x + box.width <= width + 1;
    })
    .toBe(true);
  return boxOf(toast);
}

/** The sheet is fixed to the screen's foot, whole on the screen, and its Place Bet, stake and quick stakes are in view. */
async function expectSheetInView(page: Page, sheet: Locator) {
  const viewport = page.viewportSize() ?? { width: 360, height: 740 };
  const box = await boxOf(sheet);
  expect(box.x).toBeGreaterThanOrEqual(-1);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(Math.abs(box.y + box.height - viewport.height), `the sheet ${JSON.stringify(box)} sits on the screen's foot`).toBeLessThanOrEqual(1);
  const slip = sheet.getByRole('form', { name: 'Bet slip' });
  await expect(slip.getByRole('button', { name: 'Place Bet' })).toBeInViewport({ ratio: 1 });
  await expect(slip.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
  await expect(slip.getByLabel('Stake', { exact: true })).toBeInViewport({ ratio: 1 });
  await expect(slip.getByRole('group', { name: 'Quick stakes' })).toBeInViewport({ ratio: 1 });
  await expect(sheet.getByRole('button', { name: 'Close bet slip' })).toBeInViewport({ ratio: 1 });
  expect(await sheet.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
}

test.describe('the bet slip as a bottom sheet on a phone, inline on a desktop', () => {
  test('sports: a price of the in-play match opens the slip; the bet is placed; the toast leaves the slip and My Bets free', async ({ page, request }, info) => {
    test.setTimeout(240_000);
    const phone = info.project.name === 'mobile';
    const player = await newFundedPlayer(request, 'sheet', 10_000);
    await signIn(page, 'player', player, DEMO_PASSWORD);
    await openLiveCricketMatch(page, request);
    const matchOdds = page.getByRole('region', { name: 'Match Odds' });
    const bestBack = matchOdds.getByRole('row').nth(1).locator('td.bl-price--back[data-level="1"] button');
    const runner = /^Back (.+) at /.exec((await bestBack.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    expect(runner).toBeTruthy();
    const slip = page.getByRole('form', { name: 'Bet slip' });
    const sheet = page.getByRole('dialog', { name: `Bet slip: Back ${runner}` });
    const myBets = page.getByRole('region', { name: /^My Bets/ });

    if (phone) {
      // The price tapped where the player reads it: the page does not move, the sheet comes up.
      await bestBack.scrollIntoViewIfNeeded();
      const pageNow = () => page.evaluate(() => ({ scrollY: window.scrollY, height: document.documentElement.scrollHeight }));
      const before = await pageNow();
      await openSlip(page, bestBack);
      await expect(sheet).toBeVisible();
      await expect(sheet).toContainText(`Back ${runner}`);
      // Opening the sheet adds room at the page's foot and never scrolls. A live page can get
      // shorter meanwhile (a market closing at a ball), and the browser then pulls the scroll back
      // inside it (one CI run: 472 → 102); only then may the scroll differ.
      const after = await pageNow();
      if (after.height >= before.height) expect(after.scrollY).toBe(before.scrollY);
      await expect(sheet).toBeFocused();
      await expectSheetInView(page, sheet);
      await expect(sheet.getByLabel('Odds')).toBeInViewport({ ratio: 1 });

      // Escape closes it, and the focus goes back to the price.
      await page.keyboard.press('Escape');
      await expect(slip).toHaveCount(0);
      // Focus back on the price is pinned by slip-sheet.test.tsx: a live price button may be
      // drawn anew by a tick in between, which a CI run caught (focus then stays on the page).

      // At the top of the page the header's balance stays clear of the sheet.
      await page.evaluate(() => window.scrollTo(0, 0));
      await openSlip(page, bestBack);
      const [balanceBox, sheetBox] = [await boxOf(page.getByTestId('header-available')), await boxOf(sheet)];
      expect(overlaps(balanceBox, sheetBox), `the sheet ${JSON.stringify(sheetBox)} covers the header's balance ${JSON.stringify(balanceBox)}`).toBe(false);
      // Close closes it too.
      await sheet.getByRole('button', { name: 'Close bet slip' }).click();
      await expect(slip).toHaveCount(0);
    } else {
      await openSlip(page, bestBack);
      // The slip is inline under its market: no dialog, in the page's flow, below the ladder.
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.locator('.bl-market-wrap').filter({ has: matchOdds }).getByRole('form', { name: 'Bet slip' })).toBeVisible();
      expect(await slip.evaluate((el) => getComputedStyle(el).position)).toBe('static');
      const [ladderBox, slipBox] = [await boxOf(matchOdds), await boxOf(slip)];
      expect(slipBox.y).toBeGreaterThanOrEqual(ladderBox.y + ladderBox.height - 1);
      await dismissSlip(slip);
      await expect(slip).toHaveCount(0);
    }

    // Place a bet from the slip (a new one at the live price when the market moved during the bet delay).
    for (let attempt = 1; ; attempt += 1) {
      await openSlip(page, bestBack);
      if (phone) await expectSheetInView(page, page.getByRole('dialog', { name: /^Bet slip: Back / }));
      await slip.getByLabel('Stake', { exact: true }).fill('100');
      const { outcome, message } = await submitSlip(page, slip);
      if (outcome === 'placed') break;
      if (attempt >= PLACE_ATTEMPTS || !MARKET_MOVED.test(message)) throw new Error(`the bet was refused: ${message}`);
      await dismissSlip(slip);
    }
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Bet Placed Successfully' });
    await expect(toast).toHaveCount(1);
    const toastBox = await settledToast(page, toast);
    await expect(myBets.getByRole('table', { name: 'My bets on this match' }).getByRole('row')).toHaveCount(2);
    // Beside the markets My Bets sticks to the screen's top: it moves below the toast while the toast
    // shows. The page scrolled past My Bets' own place first (CI once saw it scroll away under the toast).
    if (!phone) await page.evaluate(() => window.scrollBy(0, 240));
    await expect
      .poll(async () => {
        const myBetsBox = await boxOf(myBets);
        if (myBetsBox.y < 0) return `My Bets ${JSON.stringify(myBetsBox)} scrolled off the screen's top`;
        return overlaps(toastBox, myBetsBox) ? `the toast ${JSON.stringify(toastBox)} covers My Bets ${JSON.stringify(myBetsBox)}` : 'clear';
      })
      .toBe('clear');

    // The slip opened again while the toast is up: the toast never covers it (both are fixed
    // to the screen on a phone; on a desktop the slip is where the page put it).
    await openSlip(page, bestBack);
    const slipBox = await boxOf(phone ? page.getByRole('dialog', { name: /^Bet slip: / }) : slip);
    const toastNow = (await toast.count()) > 0 ? await boxOf(toast) : toastBox;
    expect(overlaps(toastNow, slipBox), `the toast ${JSON.stringify(toastNow)} covers the slip ${JSON.stringify(slipBox)}`).toBe(false);
    await dismissSlip(slip);
  });

  test('casino: a live table\'s slip is a bottom sheet in view on a phone, inline on a desktop', async ({ page, request }, info) => {
    test.setTimeout(180_000);
    const phone = info.project.name === 'mobile';
    const player = await newFundedPlayer(request, 'sheetc', 10_000);
    await signIn(page, 'player', player, DEMO_PASSWORD);
    // Roulette: its numbers' slip opened ~1,475 px below a phone's screen before (issue 33); its
    // layout's cell is the number's Back price (issue 32).
    await page.goto('/casino/roulette/9031');
    await expect(page.getByRole('heading', { name: 'Roulette', level: 1 })).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    const price = page.getByRole('group', { name: 'Roulette bets' }).getByRole('button', { name: /^17, black, back at [\d.]+/ });
    const slip = page.getByRole('form', { name: 'Bet slip' });
    await expect(async () => {
      await expect.poll(() => secondsLeft(page), { timeout: LIVE_TIMEOUT_MS, intervals: [250] }).toBeGreaterThanOrEqual(3);
      await openSlip(page, price);
    }).toPass({ timeout: 2 * LIVE_TIMEOUT_MS });
    if (phone) {
      const sheet = page.getByRole('dialog', { name: 'Bet slip: Back 17' });
      await expect(sheet).toBeVisible();
      await expect(sheet).toBeFocused();
      await expectSheetInView(page, sheet);
      await expect(sheet.getByTestId('slip-odds')).toBeInViewport({ ratio: 1 });
      await page.keyboard.press('Escape');
      await expect(slip).toHaveCount(0);
      await expect(price).toBeFocused();
    } else {
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(await slip.evaluate((el) => getComputedStyle(el).position)).toBe('static');
      await dismissSlip(slip);
      await expect(slip).toHaveCount(0);
    }
  });
});
