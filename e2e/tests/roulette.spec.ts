import { expect, test, type Locator, type Page } from '@playwright/test';
import { pocketColour } from '@backlay/shared/casino';
import { DEMO_PASSWORD, expectNoSidewaysScroll, newFundedPlayer, rupees, secondsLeft, signIn } from '../support/helpers';

/**
 * Roulette as a table (issue 32, step 16): the European betting layout and the wheel. A tap on a
 * number opens its slip in view (under the grid on a desktop, the bottom sheet on a phone), the
 * bet puts a chip on the cell, and the settled round's wheel shows the server's pocket.
 */

/** The stack runs the tables with a 10 s betting window and 4 s of result (stack-env.mjs). */
const ROUND_TIMEOUT_MS = 60_000;
/** Seconds the journey wants left on the clock before it taps the number and places the bet. */
const SECONDS_TO_BET = 5;
const STAKE = 100;
const NUMBER = 17;
/** The cell of NUMBER, before and after the player's stake is on it. */
const CELL = new RegExp(`^${NUMBER}, ${pocketColour(NUMBER)}, back at 36(, your stake [\\d,.]+)?$`);

/** The whole of `box` is on the screen (within innerHeight and innerWidth). */
async function expectOnScreen(page: Page, what: Locator) {
  const box = await what.boundingBox();
  const screen = await page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  expect(box, `${what.toString()} has a box`).not.toBeNull();
  const { x, y, width, height } = box!;
  expect({ top: y >= -1, bottom: y + height <= screen.height + 1, left: x >= -1, right: x + width <= screen.width + 1 }, `${JSON.stringify(box)} on a ${screen.width}×${screen.height} screen`).toEqual({
    top: true,
    bottom: true,
    left: true,
    right: true,
  });
}

/** What the page shows of the round and the wheel, read at one instant (the result shows 4 s, then a round opens). */
function roundAndWheel(page: Page) {
  return page.evaluate(() => ({
    roundId: document.querySelector('[data-testid="round-id"]')?.textContent ?? '',
    status: document.querySelector('.bl-casino-round__status')?.textContent ?? '',
    wheel: document.querySelector('section[aria-label="Wheel"] [role="status"]')?.textContent ?? '',
    pocket: document.querySelector('section[aria-label="Wheel"]')?.getAttribute('data-pocket') ?? null,
  }));
}

test.describe('Roulette as a table', () => {
  test('a tapped number\'s slip opens in view, the bet puts a chip on it, and the wheel stops on the server\'s pocket', async ({ page, request }, info) => {
    test.setTimeout(300_000);
    const phone = info.project.name === 'mobile';
    const player = await newFundedPlayer(request, 'roul', 10_000);
    await signIn(page, 'player', player, DEMO_PASSWORD);
    const balance = rupees(await page.getByTestId('header-available').textContent());
    await page.goto('/casino/roulette/9031');
    await expect(page.getByRole('heading', { name: 'Roulette', level: 1 })).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();

    // The layout: 37 numbers and 12 outside bets, no ladder of numbers; the wheel instead of the cards' line.
    const grid = page.getByRole('group', { name: 'Roulette bets' });
    await expect(grid.getByRole('button', { name: /^\d+, (green|red|black), back at 36/ })).toHaveCount(37);
    await expect(grid.getByRole('button', { name: /^(1–18|19–36|Even|Odd|Red|Black|\dst 12|\dnd 12|\drd 12|2 to 1)\b.*back at [23]/ })).toHaveCount(12);
    await expect(page.getByRole('region', { name: 'Wheel' })).toBeVisible();
    await expect(page.getByText('The cards are dealt when betting closes.')).toHaveCount(0);
    if (phone) await expectNoSidewaysScroll(page);

    const cell = grid.getByRole('button', { name: CELL });
    const slip = page.getByRole('form', { name: 'Bet slip' });
    const mine = page.getByRole('table', { name: 'My bets on this round' });
    const betRow = new RegExp(`^Back ${NUMBER}\\b`);
    let roundId = '';
    await expect(async () => {
      // An earlier try whose check failed after the bet went: the bet is there, never bet twice.
      if (roundId !== '' && (await page.getByTestId('round-id').textContent()) === roundId && (await mine.getByRole('row', { name: betRow }).count()) > 0) return;
      await expect.poll(() => secondsLeft(page), { timeout: ROUND_TIMEOUT_MS, intervals: [250] }).toBeGreaterThanOrEqual(SECONDS_TO_BET);
      roundId = (await page.getByTestId('round-id').textContent()) ?? '';
      await cell.click();
      await expect(cell).toHaveAttribute('aria-pressed', 'true');
      // The slip is on the screen at once: the bottom sheet on a phone, under the grid on a desktop.
      if (phone) {
        const sheet = page.getByRole('dialog', { name: `Bet slip: Back ${NUMBER}` });
        await expect(sheet).toBeVisible();
        await expectOnScreen(page, sheet);
      } else {
        await expect(slip).toBeVisible();
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expectOnScreen(page, slip);
      }
      await slip.getByLabel('Stake', { exact: true }).fill(String(STAKE));
      // The slip's book: this number and one row for every other number.
      const book = slip.getByRole('table', { name: 'Profit or loss if each runner wins' });
      await expect(book.getByRole('row', { name: new RegExp(`^${NUMBER}\\b`) })).toContainText('3,500.00');
      await expect(book.getByRole('row', { name: /^Any other number/ })).toContainText(`-${STAKE}.00`);
      await slip.getByRole('button', { name: 'Place Bet' }).click();
      await expect(slip).toHaveCount(0);
      await expect(mine.getByRole('row', { name: betRow })).toContainText(`${STAKE}.00`);
    }).toPass({ timeout: 3 * ROUND_TIMEOUT_MS });
    expect(await page.getByTestId('round-id').textContent()).toBe(roundId);

    // The stake is a chip on the cell (from the bets the server lists).
    await expect(grid.getByRole('button', { name: `${NUMBER}, ${pocketColour(NUMBER)}, back at 36, your stake ${STAKE}.00` }).getByTestId('roulette-chip')).toHaveText(String(STAKE));
    if (phone) await expectNoSidewaysScroll(page);
    const shot = info.outputPath(`roulette-${info.project.name}.png`);
    await page.screenshot({ path: shot });
    await info.attach(`roulette-${info.project.name}`, { path: shot, contentType: 'image/png' });

    // The round settles: the wheel names the pocket of the round's result as the server sent it.
    let settled: Awaited<ReturnType<typeof roundAndWheel>> | null = null;
    await expect
      .poll(
        async () => {
          const now = await roundAndWheel(page);
          if (now.roundId === roundId && now.status.startsWith('Settled · ')) settled = now;
          return settled !== null;
        },
        { timeout: ROUND_TIMEOUT_MS, intervals: [250], message: `round ${roundId} settles` },
      )
      .toBe(true);
    const { status, wheel, pocket } = settled!;
    const won = Number(status.replace('Settled · ', ''));
    expect(Number.isInteger(won) && won >= 0 && won <= 36, status).toBe(true);
    expect(wheel).toBe(`Winning number: ${won}, ${pocketColour(won)}`);
    expect(pocket).toBe(String(won));
    // The table's last results (the server's settled rounds) carry the same pocket, and the bet paid by it.
    // (as the wheel reads it: the number, then its colour, in its colour).
    const last = page.getByRole('navigation', { name: 'Last results' }).getByRole('button', { name: new RegExp(`^Round ${roundId}: ${won} (Red|Black|Green)$`) });
    await expect(last).toBeVisible({ timeout: ROUND_TIMEOUT_MS });
    await expect(last).toHaveText(String(won));
    await expect(last).toHaveClass(new RegExp(`bl-casino-result--${won === 0 ? 'green' : '(red|black)'}`));
    await expect(page.getByTestId('header-exposure')).toHaveText('₹0.00');
    await expect.poll(async () => rupees(await page.getByTestId('header-available').textContent())).toBe(balance + (won === NUMBER ? 35 * STAKE : -STAKE));
  });
});
