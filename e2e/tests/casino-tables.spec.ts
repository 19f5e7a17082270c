import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { CASINO_GAMES } from '@backlay/shared/casino';
import { ALL_CASINO_CATEGORY, CASINO_CATEGORIES } from '@backlay/shared/contracts';
import { DEMO_PASSWORD, expectNoSidewaysScroll, newFundedPlayer, rupees, secondsLeft, signIn } from '../support/helpers';

/** The stack runs the tables with a 10 s betting window and 4 s of result (stack-env.mjs). */
const ROUND_TIMEOUT_MS = 60_000;
/** Seconds the journey wants left on the clock before it opens the slip and places the bet. */
const SECONDS_TO_BET = 5;
const STAKE = 100;

/**
 * Place a back bet of `STAKE` with the price button `price` on a round with time left: wait for
 * one with `SECONDS_TO_BET` seconds or more, click, stake, Place Bet, and see it under My bets.
 * A bet that lands as betting closes is refused (the slip stays, with the server's reason); the
 * journey then tries again on the next round. `checkSlip` looks at the slip before the bet goes.
 * Returns the round the bet is on.
 */
async function backWhenOpen(page: Page, price: Locator, betRow: RegExp, checkSlip?: (slip: Locator) => Promise<void>): Promise<string> {
  const mine = page.getByRole('table', { name: 'My bets on this round' });
  let roundId = '';
  await expect(async () => {
    // An earlier try whose check failed after the bet went: the bet is there, never bet twice.
    if (roundId !== '' && (await page.getByTestId('round-id').textContent()) === roundId && (await mine.getByRole('row', { name: betRow }).count()) > 0) return;
    await expect.poll(() => secondsLeft(page), { timeout: ROUND_TIMEOUT_MS, intervals: [250] }).toBeGreaterThanOrEqual(SECONDS_TO_BET);
    roundId = (await page.getByTestId('round-id').textContent()) ?? '';
    await price.click();
    const slip = page.getByRole('form', { name: 'Bet slip' });
    await slip.getByLabel('Stake', { exact: true }).fill(String(STAKE));
    if (checkSlip) await checkSlip(slip);
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    await expect(slip).toHaveCount(0);
    await expect(mine.getByRole('row', { name: betRow })).toContainText(`${STAKE}.00`);
  }).toPass({ timeout: 3 * ROUND_TIMEOUT_MS });
  // The bet is on the round whose window the click made (a new round would have emptied My bets).
  expect(await page.getByTestId('round-id').textContent()).toBe(roundId);
  return roundId;
}

/**
 * The round settles: its result joins the last results, and My bets shows the bet's P&L, which
 * reaches the header's balance. Returns the P&L.
 */
async function expectSettled(page: Page, roundId: string, betRow: RegExp, balanceBefore: number): Promise<number> {
  await expect(page.getByText(/^Settled · /)).toBeVisible({ timeout: ROUND_TIMEOUT_MS });
  const result = page.getByRole('table', { name: 'My bets on this round' }).getByRole('row', { name: betRow }).locator('[data-pnl]');
  await expect(result).toBeVisible();
  const pnl = rupees(await result.textContent());
  expect(pnl === -STAKE || pnl > 0).toBe(true);
  await expect(page.getByRole('navigation', { name: 'Last results' }).getByRole('button', { name: new RegExp(`^Round ${roundId}: `) })).toBeVisible({ timeout: ROUND_TIMEOUT_MS });
  await expect(page.getByTestId('header-exposure')).toHaveText('₹0.00');
  await expect.poll(async () => rupees(await page.getByTestId('header-available').textContent())).toBe(balanceBefore + pnl);
  return pnl;
}

/**
 * Whether this lane places and settles the table's bet. A round costs up to a minute of CI, so each
 * table's bet is settled on one lane, half the tables on each; the other lane opens the table and
 * checks its markets and (on the phone) that nothing scrolls sideways.
 */
function settlesHere(info: TestInfo, lane: 'desktop' | 'mobile'): boolean {
  return info.project.name === lane;
}

/** A new funded player at the table, signed in; returns the balance it starts with. */
async function atTable(page: Page, request: Parameters<typeof newFundedPlayer>[0], path: string, title: string): Promise<number> {
  const player = await newFundedPlayer(request, 'tbl', 10_000);
  await signIn(page, 'player', player, DEMO_PASSWORD);
  const balance = rupees(await page.getByTestId('header-available').textContent());
  await page.goto(path);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  return balance;
}

test.describe('casino tables', () => {
  test('Race 20-20: a bet on a King settles with its P&L', async ({ page, request }, info) => {
    test.setTimeout(300_000);
    const balance = await atTable(page, request, '/casino/race20/9041', 'Race 20-20');
    const winner = page.getByRole('region', { name: 'Winner' });
    const row = /^Back King of Hearts/;
    await expect(winner.getByRole('button', { name: /^Back King of Hearts at [\d.]+$/ })).toBeVisible();
    if (!settlesHere(info, 'desktop')) return expectNoSidewaysScroll(page);
    const roundId = await backWhenOpen(page, winner.getByRole('button', { name: /^Back King of Hearts at [\d.]+$/ }), row);
    if (info.project.name === 'mobile') await expectNoSidewaysScroll(page);
    await expectSettled(page, roundId, row, balance);
  });

  test('Instant Worli: a bet on a Single digit settles with its P&L', async ({ page, request }, info) => {
    test.setTimeout(300_000);
    const balance = await atTable(page, request, '/casino/worli/9030', 'Instant Worli');
    const single = page.getByRole('region', { name: 'Single' });
    const row = /^Back 7/;
    await expect(single.getByRole('button', { name: /^Back 7 at [\d.]+$/ })).toBeVisible();
    if (!settlesHere(info, 'mobile')) return;
    const roundId = await backWhenOpen(page, single.getByRole('button', { name: /^Back 7 at [\d.]+$/ }), row);
    if (info.project.name === 'mobile') await expectNoSidewaysScroll(page);
    await expectSettled(page, roundId, row, balance);
  });

  test('3 Cards Judgement: three ranks picked, a 4th refused, Yes on their market settles', async ({ page, request }, info) => {
    test.setTimeout(300_000);
    const balance = await atTable(page, request, '/casino/teen3cj/9028', '3 Cards Judgement');
    const ranks = page.getByRole('group', { name: 'Choose 3 cards' });
    for (const rank of ['K', '5', 'A']) await ranks.getByRole('button', { name: rank, exact: true }).click();
    await ranks.getByRole('button', { name: 'Q', exact: true }).click();
    await expect(ranks.getByRole('button', { name: 'Q', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText('You have chosen 3 cards already: unselect one to choose another.')).toBeVisible();
    const market = page.getByRole('region', { name: 'A 5 K' });
    await expect(market.getByRole('button', { name: /^Back No at [\d.]+$/ })).toBeVisible();
    if (info.project.name === 'mobile') await expectNoSidewaysScroll(page);
    if (!settlesHere(info, 'mobile')) return;
    const row = /^Back Yes/;
    const roundId = await backWhenOpen(page, market.getByRole('button', { name: /^Back Yes at [\d.]+$/ }), row);
    await expectSettled(page, roundId, row, balance);
  });

  test('Lottery: Triple 0-4-7 by its digits, the slip sums up the other numbers, the bet settles', async ({ page, request }, info) => {
    test.setTimeout(300_000);
    const balance = await atTable(page, request, '/casino/lottery/9033', 'Lottery');
    const triple = page.getByRole('group', { name: 'Triple' });
    for (const [label, digit] of [['1st digit', '0'], ['2nd digit', '4'], ['3rd digit', '7']]) await triple.getByRole('combobox', { name: label }).selectOption(digit);
    const market = page.getByRole('region', { name: 'Triple' });
    await expect(market.getByRole('button', { name: /^Back/ })).toHaveCount(1);
    if (info.project.name === 'mobile') await expectNoSidewaysScroll(page);
    if (!settlesHere(info, 'desktop')) return;
    const row = /^Back 047/;
    const roundId = await backWhenOpen(page, market.getByRole('button', { name: /^Back 047 at [\d.]+$/ }), row, async (slip) => {
      // The slip's book: 047 and one row for the 999 other numbers, each losing the stake.
      const book = slip.getByRole('table', { name: 'Profit or loss if each runner wins' });
      await expect(book.getByRole('row')).toHaveCount(3);
      await expect(book.getByRole('row', { name: /^Any other number/ })).toContainText(`-${STAKE}.00`);
    });
    await expectSettled(page, roundId, row, balance);
  });

  test('Casino War: one seat\'s four markets at a time', async ({ page, request }, info) => {
    await atTable(page, request, '/casino/war/9029', 'Casino War');
    const seats = page.getByRole('group', { name: 'Choose a seat' });
    await expect(seats.getByRole('button')).toHaveCount(6);
    await expect(seats.getByRole('button', { name: 'Seat 1' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('region', { name: /^Seat 1/ })).toHaveCount(4);
    await seats.getByRole('button', { name: 'Seat 4' }).click();
    await expect(page.getByRole('region', { name: /^Seat 4/ })).toHaveCount(4);
    await expect(page.getByRole('region', { name: /^Seat 1/ })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Seat 4 Suit' }).getByRole('button', { name: /^Back .+ at [\d.]+$/ })).toHaveCount(4);
    if (info.project.name === 'mobile') await expectNoSidewaysScroll(page);
  });

  test('each category tab lists exactly the tables of its category', async ({ page, request }, info) => {
    const player = await newFundedPlayer(request, 'cat', 100);
    await signIn(page, 'player', player, DEMO_PASSWORD);
    await page.goto('/casino-list/LC/4');
    const tabs = page.getByRole('navigation', { name: 'Casino categories' });
    // The tables by category, from the games' own definitions (every one of them runs as a table).
    const titles = (id: number) =>
      Object.values(CASINO_GAMES)
        .filter((g) => id === ALL_CASINO_CATEGORY || g.categoryId === id)
        .map((g) => g.title)
        .sort();
    expect(titles(41)).toEqual(['Race 20-20']);
    expect(titles(27)).toEqual(['Lucky 7 - A', 'Lucky 7 - B']);
    expect(titles(30)).toEqual(['Instant Worli']);
    expect(titles(33)).toEqual(['Lottery']);
    expect(titles(32)).toEqual(['Amar Akbar Anthony', 'Bollywood Casino']);

    for (const category of CASINO_CATEGORIES) {
      const tab = tabs.getByRole('link', { name: category.name, exact: true });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-current', 'page');
      const expected = titles(category.id);
      if (category.id === 34) {
        // Sports lists the exchange's entry, which leads to the sports home.
        const entry = page.getByRole('list', { name: 'Sports games' }).getByRole('link', { name: 'Sports Exchange' });
        await expect(entry).toHaveAttribute('href', '/');
        continue;
      }
      if (category.id === 73) {
        // Others lists the international casino's entry (no live table has this category).
        expect(expected).toEqual([]);
        const entry = page.getByRole('list', { name: 'Others games' }).getByRole('link', { name: 'International Casino' });
        await expect(entry).toHaveAttribute('href', '/casino-int');
        continue;
      }
      const tiles = page.getByRole('list', { name: `${category.name} games` }).getByRole('listitem');
      await expect(tiles).toHaveCount(expected.length);
      expect((await tiles.locator('.bl-casino-tile__title').allTextContents()).map((t) => t.trim()).sort()).toEqual(expected);
    }
    if (info.project.name === 'mobile') await expectNoSidewaysScroll(page);
  });
});
