import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiPost, apiToken, DEMO_PASSWORD, LIVE_TIMEOUT_MS, newFundedPlayer, openLiveCricketMatch, openSlip, signIn, submitSlip, dismissSlip, type SlipAnswer } from '../support/helpers';

/**
 * Step 6 item 12: a player gets a fair chance between balls. Bookmaker markets and fancies take
 * bets with no delay (match odds keep the sport's), so a bet placed while the line is open is
 * accepted at once, not refused with "ball running" after a delay that ran into the next ball.
 * Each attempt waits for a ball's outcome, as a player watching the match bets on what a ball did,
 * then clicks and places: most must be accepted. Runs on desktop and on the phone.
 */
const ATTEMPTS = 10;

/** The bookmaker's back on its first runner: closed while a ball is bowled, open between balls. */
const bookmakerBackOf = (page: Page) => page.getByRole('region', { name: 'Bookmaker' }).getByRole('row').nth(1).locator('td.bl-price--back button').first();

/**
 * Waits for the next ball's outcome: the bookmaker's price closes while a ball is bowled (0.7-1.3 s,
 * watched frame by frame) and opens with its outcome; the line then stays open until the next ball
 * (a ball every 2-4 s; longer after a wicket or at the innings break). Clicking at a random moment
 * of an open line instead, the next ball can start before a click on a loaded machine reaches the
 * server: the attempt then measures the machine, not the product (CI run AE, docs/bench/ci-time.md).
 */
async function nextBallOutcome(page: Page): Promise<void> {
  const handle = await bookmakerBackOf(page).elementHandle({ timeout: LIVE_TIMEOUT_MS });
  await page.waitForFunction((button) => (button as HTMLButtonElement).disabled, handle, { timeout: LIVE_TIMEOUT_MS });
  await page.waitForFunction((button) => !(button as HTMLButtonElement).disabled, handle, { timeout: LIVE_TIMEOUT_MS });
}

async function place(page: Page, open: Locator): Promise<SlipAnswer> {
  await nextBallOutcome(page);
  const slip = await openSlip(page, open);
  await slip.getByLabel('Stake', { exact: true }).fill('100');
  const answer = await submitSlip(page, slip, 15_000);
  if (answer.outcome !== 'placed') await dismissSlip(slip);
  return answer;
}

test('most bookmaker and fancy bets placed between balls are accepted at once', async ({ page, request }) => {
  test.setTimeout(240_000);
  const player = await newFundedPlayer(request, 'pace', 50_000);
  await signIn(page, 'player', player, DEMO_PASSWORD);
  await openLiveCricketMatch(page, request);

  const fancies = page.getByRole('list', { name: 'Fancy sessions' }).getByRole('listitem');
  const fancyYes = fancies.getByRole('button', { name: /^Yes: /, disabled: false }).last();
  const bookmakerBack = bookmakerBackOf(page);

  const results: Array<{ market: string } & SlipAnswer> = [];
  for (let i = 0; i < ATTEMPTS; i += 1) {
    const market = i % 2 === 0 ? 'fancy' : 'bookmaker';
    results.push({ market, ...(await place(page, market === 'fancy' ? fancyYes : bookmakerBack)) });
  }
  const placed = results.filter((r) => r.outcome === 'placed').length;
  console.info(`bet pace: ${placed} of ${ATTEMPTS} accepted`, results.filter((r) => r.outcome === 'refused'));
  // "Most": a clear majority. With the sport's bet delay on these markets (the old behaviour: 5 s
  // by default) every attempt ran into the next ball and was refused; without one, an attempt is
  // refused only when the next ball started (or the line moved) before the click reached the
  // server: a between-balls window shorter than the slip's round trip on a loaded machine. The
  // rule itself (bookmakers and fancies open with no delay, whatever the sport's) is held at the
  // API: feed-ingest.test.ts.
  expect(placed, JSON.stringify(results)).toBeGreaterThan(ATTEMPTS / 2);
  await expect(page.getByText('Bet Placed Successfully').first()).toBeVisible();
});

/**
 * Issue 33 (ADR 0055): match odds keep the sport's bet delay (1 s in the demo) and their prices
 * move with the balls: each ball's outcome moves them, at once, by a tick or more. What a player
 * at human pace meets:
 * - Under "Accept better odds", betting on a ball's outcome (the bookmaker beside the match odds
 *   reads "Ball running" while a ball is bowled and opens with its outcome; a player watching bets
 *   then, as the journey above does for bookmaker and fancies): the slip follows the best price
 *   until the bet is placed, and the bet's delay ends before the next ball's outcome, so fewer than
 *   1 in 20 are refused. Measured (desktop, 2026-11-29): 0 of 24. Clicking late between balls
 *   instead, the next ball can start and end within the delay: 2 of 24 were refused.
 * - Clicking at any moment, a ball in flight included, its outcome can land within the delay:
 *   measured 7 of 40 refused under "Accept better odds" (every one a tick or more against the
 *   player: requested 3.05, live back 3.00). That is the rule (docs/rules/money.md §7.11 T31): a
 *   worse price is refused unless the player accepts any odds. In the real T20 recording a 5 s
 *   delay sees the best back fall in 8.5 % of windows (docs/bench/odds-refusals.md).
 * - Under "Accept any odds" no bet is refused for the odds, whenever it is clicked.
 * Each refusal under "better" must name a live back below the price asked. Only "Odds changed"
 * counts: a wicket suspends the market during the delay (the market pausing, not the odds), and a
 * slip that could not send is no attempt; both are made again. Attempts alternate between the two
 * runners' best back.
 */
const BETTER_ATTEMPTS = 24;
const ANY_ATTEMPTS = 6;

/**
 * `attempts` match-odds backs at human pace under the slip's acceptance `label` (between balls
 * when `betweenBalls`: once the bookmaker's price is open); the answers that were attempts on the odds.
 */
async function matchOddsAtHumanPace(page: Page, acceptance: string, attempts: number, betweenBalls: boolean): Promise<{ results: SlipAnswer[]; paused: number }> {
  const backOf = (row: number) => page.getByRole('region', { name: 'Match Odds' }).getByRole('row').nth(row).locator('td.bl-price--back[data-level="1"] button');
  const results: SlipAnswer[] = [];
  let paused = 0;
  while (results.length < attempts) {
    if (betweenBalls) await nextBallOutcome(page);
    const slip = await openSlip(page, backOf(1 + (results.length % 2)));
    await expect(slip.getByLabel('If the price moves')).toHaveValue(acceptance);
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    const answer = await submitSlip(page, slip);
    if (answer.outcome !== 'placed') await dismissSlip(slip);
    if (answer.outcome === 'unsent' || (answer.outcome === 'refused' && !/Odds changed/.test(answer.message))) {
      paused += 1;
      expect(paused, `the match odds stayed paused: ${JSON.stringify(answer)}`).toBeLessThan(attempts);
      continue;
    }
    results.push(answer);
  }
  return { results, paused };
}

test('match odds at human pace: "Accept better odds" between balls refuses fewer than 1 in 20, only for a worse price; "Accept any odds" none', async ({ page, request }, testInfo) => {
  // A measurement of the placement, not of the screen (30 bets through the bet delay, about
  // 2 min), so it is a bench: `pnpm bench:pace` runs it alone, on the desktop, on an otherwise
  // idle machine. In CI, beside the other lane on two cores, a click reached the server late
  // often enough (2 of 24 in one run) that the rate measured the machine, not the product. What
  // CI keeps: the slip's acceptance and countdown on both screens (odds-acceptance.spec.ts), the
  // acceptance rule at the API (odds-acceptance.test.ts), and the first journey above.
  test.skip(process.env.E2E_MEASURE !== '1' || testInfo.project.name === 'mobile', 'a measurement: pnpm bench:pace');
  test.setTimeout(540_000);
  const player = await newFundedPlayer(request, 'odds', 100_000);
  const token = await apiToken(request, 'player', player);
  await apiPost(request, token, '/api/save-bet-preferences', { oddsAcceptance: 'better', oneClick: false });
  await signIn(page, 'player', player, DEMO_PASSWORD);
  await openLiveCricketMatch(page, request);

  const better = await matchOddsAtHumanPace(page, 'better', BETTER_ATTEMPTS, true);
  const betterRefused = better.results.filter((r) => r.outcome === 'refused');
  console.info(`match odds between balls, accept better odds: ${betterRefused.length} of ${better.results.length} refused for the odds (${better.paused} paused)`, betterRefused);
  for (const refusal of betterRefused) {
    const [, asked, live] = /requested ([\d.]+), live back ([\d.]+)/.exec(refusal.message) ?? [];
    expect(Number(live), refusal.message).toBeLessThan(Number(asked));
  }
  expect(betterRefused.length * 20, JSON.stringify(betterRefused)).toBeLessThan(better.results.length);

  // The player switches to "Accept any odds" in the next slip (saved, and kept for the next ones).
  const slip = await openSlip(page, page.getByRole('region', { name: 'Match Odds' }).getByRole('row').nth(1).locator('td.bl-price--back[data-level="1"] button'));
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/save-bet-preferences'));
  await slip.getByLabel('If the price moves').selectOption('any');
  expect((await saved).status()).toBe(200);
  await dismissSlip(slip);

  const any = await matchOddsAtHumanPace(page, 'any', ANY_ATTEMPTS, false);
  const anyRefused = any.results.filter((r) => r.outcome === 'refused');
  console.info(`match odds at any moment, accept any odds: ${anyRefused.length} of ${any.results.length} refused for the odds (${any.paused} paused)`, anyRefused);
  expect(anyRefused, JSON.stringify(anyRefused)).toEqual([]);
});
