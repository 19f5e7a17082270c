import { expect, test, type Route } from '@playwright/test';
import { apiGet, apiPost, apiToken, DEMO_PASSWORD, dismissSlip, expectNoSidewaysScroll, LIVE_TIMEOUT_MS, MARKET_MOVED, newFundedPlayer, openLiveCricketMatch, openSlip, signIn } from '../support/helpers';

/**
 * Issue 33 (ADR 0055): a new player of demo-dl sets "Accept any odds" on the Stake buttons page
 * (Bet settings; saved, and the slip opens with it), changes it to "Accept better odds" in a match
 * odds slip, and places a bet: while the bet waits the slip counts the market's bet delay down
 * ("Placing… 3 s"; demo-admin sets this match's match odds delay to 3 s for the journey and back
 * after). Then one-click betting: switched on in the odds page's bar (ON with its stake), a price
 * click places at once at that stake without the slip, with its countdown in the bar and the
 * placed toast. Desktop and phone (360×740, nothing scrolls sideways).
 *
 * The countdown is read while the server's real answer is held back in the browser (page.route
 * fetches it and hands it over once the countdown was seen), so a loaded machine cannot answer
 * before the journey looks.
 */

interface MarketRow {
  marketId: string;
  type: string;
  betDelaySec: number;
}

/** Holds the answers of placebet until `release()`; `sent` resolves at the first request. */
function holdPlacebet() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let sent: () => void = () => undefined;
  const seen = new Promise<void>((resolve) => (sent = resolve));
  const handler = async (route: Route) => {
    sent();
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  };
  return { handler, release, seen };
}

test('odds acceptance in the settings and the slip, the bet delay counted down, and one-click betting', async ({ page, request }, testInfo) => {
  test.setTimeout(300_000);
  const phone = testInfo.project.name === 'mobile';
  const player = await newFundedPlayer(request, 'accept', 50_000);
  await signIn(page, 'player', player, DEMO_PASSWORD);

  // 1. The Stake buttons page: Bet settings.
  await page.goto('/button-values');
  const settings = page.getByRole('region', { name: 'Bet settings' });
  await expect(settings.getByRole('radio', { name: 'Accept better odds' })).toBeChecked();
  await settings.getByRole('radio', { name: 'Accept any odds' }).check();
  await expect(settings.getByRole('checkbox', { name: 'One-click betting' })).not.toBeChecked();
  await settings.getByLabel('One-click stake').fill('200');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/save-bet-preferences'));
  await settings.getByRole('button', { name: 'Save bet settings' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Bet settings saved')).toBeVisible();
  if (phone) await expectNoSidewaysScroll(page);

  // 2. The match, its match odds with a 3 s bet delay for this journey.
  const { matchId } = await openLiveCricketMatch(page, request);
  const admin = await apiToken(request, 'admin', 'demo-admin');
  const matchOdds = (await apiGet<MarketRow[]>(request, admin, '/api/get-market-list', { matchId })).find((m) => m.type === 'match_odds');
  if (!matchOdds) throw new Error('the match has no match odds');
  await apiPost(request, admin, '/api/update-market', { marketId: matchOdds.marketId, betDelaySec: 3 });
  try {
    const region = page.getByRole('region', { name: 'Match Odds' });
    const back = region.getByRole('row').nth(1).locator('td.bl-price--back[data-level="1"] button');

    // 3. The slip opens with the stored choice; the player changes it there (saved at once).
    const slip = await openSlip(page, back);
    await expect(slip.getByLabel('If the price moves')).toHaveValue('any');
    const changed = page.waitForResponse((r) => r.url().endsWith('/api/save-bet-preferences'));
    await slip.getByLabel('If the price moves').selectOption({ label: 'Accept better odds' });
    expect((await changed).status()).toBe(200);
    await slip.getByLabel('Stake', { exact: true }).fill('100');
    if (phone) await expectNoSidewaysScroll(page);

    // 4. The countdown of the market's delay (the market data's betDelaySec reached the page: 3 s).
    const hold = holdPlacebet();
    await page.route('**/api/placebet', hold.handler);
    const place = slip.getByRole('button', { name: 'Place Bet' });
    await expect(place).toBeEnabled({ timeout: LIVE_TIMEOUT_MS });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/placebet'), { timeout: LIVE_TIMEOUT_MS });
    await place.click();
    await hold.seen;
    await expect(slip.getByRole('status').filter({ hasText: /^Placing… [123] s$/ })).toBeVisible();
    // The server waited its delay; then the answer is let through and the slip says what became of the bet.
    hold.release();
    const answer = await answered;
    await page.unroute('**/api/placebet', hold.handler);
    const body = (await answer.json()) as { data: { bet?: { odds: number }; code?: string }; message: string };
    if (answer.status() === 200) {
      await expect(slip).toHaveCount(0);
      await expect(page.getByText(/^Bet Placed Successfully/).first()).toBeVisible();
    } else {
      // A price that moved against the player (or a wicket's pause) during the delay: the slip says so.
      expect(body.message).toMatch(MARKET_MOVED);
      await expect(slip.getByRole('alert')).toHaveText(body.message);
      await dismissSlip(slip);
    }

    // 5. One-click betting: on from the bar, its stake the one saved on the settings page.
    const bar = page.getByRole('region', { name: 'One-click betting' });
    await expect(bar.getByLabel('One-click stake')).toHaveValue('200');
    const on = page.waitForResponse((r) => r.url().endsWith('/api/save-bet-preferences'));
    await bar.getByRole('checkbox', { name: 'One-click betting' }).check();
    expect((await on).status()).toBe(200);
    await expect(bar.getByText('One-click betting ON · stake 200.00 a click')).toBeVisible();
    if (phone) await expectNoSidewaysScroll(page);

    // A price click places at once (no slip), the bar counting the delay down; a refusal because
    // the market moved is clicked again, as a player would.
    let placed = false;
    for (let attempt = 1; !placed; attempt += 1) {
      await expect(back).toBeEnabled({ timeout: LIVE_TIMEOUT_MS });
      const oneClick = page.waitForResponse((r) => r.url().endsWith('/api/placebet'), { timeout: LIVE_TIMEOUT_MS });
      await back.click();
      const sent = (await oneClick).request().postDataJSON() as { stake: number; oddsAcceptance: string };
      expect(sent).toMatchObject({ stake: 200, oddsAcceptance: 'better' });
      await expect(page.getByRole('form', { name: 'Bet slip' })).toHaveCount(0);
      const reply = await oneClick;
      if (reply.status() === 200) placed = true;
      else {
        const message = ((await reply.json()) as { message: string }).message;
        expect(message, 'a one-click bet refused for another reason than the market moving').toMatch(MARKET_MOVED);
        expect(attempt, message).toBeLessThan(8);
      }
    }
    await expect(page.getByText(/^Bet Placed Successfully/).first()).toBeVisible();
    await expect(bar.getByText(/Placing/)).toHaveCount(0);

    // The countdown shows in the bar while a one-click bet waits (its answer held as above).
    const hold2 = holdPlacebet();
    await page.route('**/api/placebet', hold2.handler);
    await expect(back).toBeEnabled({ timeout: LIVE_TIMEOUT_MS });
    const third = page.waitForResponse((r) => r.url().endsWith('/api/placebet'), { timeout: LIVE_TIMEOUT_MS });
    await back.click();
    await hold2.seen;
    await expect(bar.getByRole('status').filter({ hasText: /^Back .+ @ [\d.]+: Placing… [123] s$/ })).toBeVisible();
    hold2.release();
    await third;
    await page.unroute('**/api/placebet', hold2.handler);
    await expect(bar.getByText(/Placing/)).toHaveCount(0);

    // Off again: a price opens the slip.
    await bar.getByRole('checkbox', { name: 'One-click betting' }).uncheck();
    await expect(bar.getByText('One-click betting is off: a price opens the bet slip.')).toBeVisible();
    await openSlip(page, back);
  } finally {
    await apiPost(request, admin, '/api/update-market', { marketId: matchOdds.marketId, betDelaySec: matchOdds.betDelaySec });
  }
});
