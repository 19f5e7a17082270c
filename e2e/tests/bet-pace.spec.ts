import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiPost, apiToken, DEMO_PASSWORD, newFundedPlayer, openLiveCricketMatch, openSlip, signIn, submitSlip, dismissSlip, type SlipAnswer } from '../support/helpers';

/**
 * Step 6 item 12: a player gets a fair chance between balls. Bookmaker markets and fancies take
 * bets with no delay (match odds keep the sport's), so a bet placed while the line is open is
 * accepted at once, not refused with "ball running" after a delay that ran into the next ball.
 * Each attempt waits until the line is open (between balls), clicks and places: most must be
 * accepted. Runs on desktop and on the phone.
 */
const ATTEMPTS = 10;

async function place(page: Page, open: Locator): Promise<SlipAnswer> {
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
  const bookmakerBack = page.getByRole('region', { name: 'Bookmaker' }).getByRole('row').nth(1).locator('td.bl-price--back button').first();

  const results: Array<{ market: string } & SlipAnswer> = [];
  for (let i = 0; i < ATTEMPTS; i += 1) {
    const market = i % 2 === 0 ? 'fancy' : 'bookmaker';
    results.push({ market, ...(await place(page, market === 'fancy' ? fancyYes : bookmakerBack)) });
  }
  const placed = results.filter((r) => r.outcome === 'placed').length;
  console.info(`bet pace: ${placed} of ${ATTEMPTS} accepted`, results.filter((r) => r.outcome === 'refused'));
  // "Most": a clear majority. With a bet delay (the old behaviour) almost every attempt ran into
  // the next ball and was refused; without one, an attempt is refused only when the line closed
  // (or moved) in the moment between the click and the server, which on a loaded two-core CI
  // machine can be two or three attempts in ten.
  expect(placed, JSON.stringify(results)).toBeGreaterThan(ATTEMPTS / 2);
  await expect(page.getByText('Bet Placed Successfully').first()).toBeVisible();
});

/**
 * Issue 33 (ADR 0055): match odds keep the sport's bet delay, and their prices move with every
 * ball; at human pace (open the slip, type the stake, place) a bet under "Accept better odds" is
 * refused "Odds changed" only when the price moved against the player, never for moving in their
 * favour (it is matched at the better price). Fewer than 1 in 20 attempts may be refused for the
 * odds. Only "Odds changed" counts: a wicket suspends the market during the delay ("suspended"),
 * which is the market pausing, not the odds (the attempt is made again, and counts once).
 * Attempts alternate between the two runners' best back. Runs on desktop and on the phone.
 */
const MATCH_ODDS_ATTEMPTS = 20;

test('at human pace with "Accept better odds", fewer than 1 in 20 match-odds bets are refused for the odds', async ({ page, request }) => {
  test.setTimeout(420_000);
  const player = await newFundedPlayer(request, 'odds', 100_000);
  const token = await apiToken(request, 'player', player);
  await apiPost(request, token, '/api/save-bet-preferences', { oddsAcceptance: 'better', oneClick: false });
  await signIn(page, 'player', player, DEMO_PASSWORD);
  await openLiveCricketMatch(page, request);
  const backOf = (row: number) => page.getByRole('region', { name: 'Match Odds' }).getByRole('row').nth(row).locator('td.bl-price--back[data-level="1"] button');

  const results: SlipAnswer[] = [];
  let paused = 0;
  while (results.length < MATCH_ODDS_ATTEMPTS) {
    const slip = await openSlip(page, backOf(1 + (results.length % 2)));
    await expect(slip.getByLabel('When the odds change')).toHaveValue('better');
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    const answer = await submitSlip(page, slip);
    if (answer.outcome !== 'placed') await dismissSlip(slip);
    // The market paused (a wicket, the innings break) or the slip could not send: not an attempt on the odds.
    if (answer.outcome === 'unsent' || (answer.outcome === 'refused' && !/Odds changed/.test(answer.message))) {
      paused += 1;
      expect(paused, `the match odds stayed paused: ${JSON.stringify(answer)}`).toBeLessThan(MATCH_ODDS_ATTEMPTS);
      continue;
    }
    results.push(answer);
  }
  const oddsRefused = results.filter((r) => r.outcome === 'refused');
  console.info(`match odds at human pace: ${oddsRefused.length} of ${results.length} refused for the odds (${paused} paused)`, oddsRefused);
  expect(oddsRefused.length * 20, JSON.stringify(oddsRefused)).toBeLessThan(results.length);
});
