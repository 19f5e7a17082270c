import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiGet, apiPost, apiToken, DEMO_TRANSACTION_PASSWORD, newFundedPlayer, signIn } from '../support/helpers';
import { REPLAYED_ID } from '../support/replay.mjs';

/**
 * A result reaches the player's open odds page (1280×800 desktop and 360×740 phone): demo-admin
 * declares the match odds' winner and a fancy's runs through the API (POST /api/declare-result)
 * while a player watches the match; the page then shows each as settled with its result
 * ("Settled · Winner: …", "Settled · 57 runs") and no prices, no price buttons and no flashing.
 * Then a result the feed contradicts: demo-admin declares other runs than the feed gave for a
 * closed fancy; the player's page shows the declared runs (what the bets were settled on),
 * /admin/results flags the fancy with both results, and its "Roll back and declare the feed's
 * result", confirmed with the transaction password (ADR 0032), fixes it; the player's open page
 * follows.
 *
 * The first journey imports a cricket match coming up (save-match, syncData), so the demo match
 * the betting journeys use keeps its markets open and the in-play ones stay for sports.spec.
 */

const CRICKET = 4;

interface Runner {
  selectionId: string;
  name: string;
  back: Array<{ price: number; size: number }>;
}
interface Market {
  marketId: string;
  name: string;
  type: string;
  runners: Runner[];
}
interface Fancy {
  fancyId: string;
  name: string;
  status: string;
  result: number | null;
  settled: unknown;
}
interface MatchSummary {
  _id: string;
}
interface SeriesItem {
  competitionId: string;
}
interface FeedMatch {
  eventId: string;
  competitionId: string;
  inPlay: boolean;
  imported: boolean;
}

/**
 * Imports a cricket match of the feed nobody imported yet and returns its id: one coming up
 * first, so the in-play matches stay for sports.spec, which imports one of its own.
 */
async function importCricketMatch(request: APIRequestContext, adminToken: string): Promise<string> {
  const candidates: FeedMatch[] = [];
  for (const series of await apiGet<SeriesItem[]>(request, adminToken, '/api/get-series', { EventTypeID: CRICKET })) {
    const feed = await apiGet<FeedMatch[]>(request, adminToken, '/api/get-matches', { EventTypeID: CRICKET, CompetitionID: series.competitionId });
    // Never the replayed real match (no fancies; the demo imports it within seconds, ADR 0042).
    candidates.push(...feed.filter((m) => !m.imported && !REPLAYED_ID.test(m.eventId)));
  }
  const next = candidates.find((m) => !m.inPlay) ?? candidates[0];
  if (!next) throw new Error('the feed offers no cricket match to import');
  await apiPost(request, adminToken, '/api/save-match', { data: { eventId: next.eventId, sportId: CRICKET, competitionId: next.competitionId }, syncData: true });
  return next.eventId;
}

test.describe('results on the player odds page', () => {
  test('a declared result shows the market and the fancy as settled, with no prices', async ({ page, request }) => {
    const adminToken = await apiToken(request, 'admin', 'demo-admin');
    const matchId = await importCricketMatch(request, adminToken);
    const username = await newFundedPlayer(request, 'res', 1_000);
    const playerToken = await apiToken(request, 'player', username);

    // The match's match odds and one of its fancy lines, as the player's API lists them.
    let odds: Market | undefined;
    let fancy: Fancy | undefined;
    await expect
      .poll(
        async () => {
          odds = (await apiGet<Market[]>(request, playerToken, '/api/get-market-list', { matchId })).find((m) => m.type === 'match_odds');
          // A line the innings has not reached (an in-play match closes and settles its early lines
          // as it passes them): the last one not settled, the line furthest from its result.
          fancy = (await apiGet<Fancy[]>(request, playerToken, '/api/get-fancy-list', { matchId, gtype: 'all' })).filter((f) => f.status !== 'closed' && f.result === null && !f.settled).at(-1);
          return odds !== undefined && fancy !== undefined && odds.runners.some((r) => r.back.length > 0);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    if (!odds || !fancy) throw new Error('the match has no match odds or fancy');
    const winner = odds.runners[0];

    await signIn(page, 'player', username);
    await page.goto(`/odds/${matchId}`);
    const market = page.getByRole('region', { name: odds.name, exact: true }).first();
    const line = page.getByRole('listitem', { name: fancy.name, exact: true });
    await expect(market.getByRole('table', { name: `${odds.name} prices` })).toBeVisible({ timeout: 30_000 });
    await expect(line).toBeVisible();

    await apiPost(request, adminToken, '/api/declare-result', { transactionPassword: DEMO_TRANSACTION_PASSWORD, marketId: odds.marketId, result: { type: 'WINNER', selectionId: winner.selectionId } });
    await apiPost(request, adminToken, '/api/declare-result', { transactionPassword: DEMO_TRANSACTION_PASSWORD, marketId: fancy.fancyId, result: { type: 'RUNS', runs: 57 } });

    // Pushed over the data socket: no reload.
    await expect(market.getByRole('status')).toHaveText(`Settled · Winner: ${winner.name}`);
    await expect(market).toHaveAttribute('data-status', 'settled');
    await expect(market.getByRole('table', { name: `${odds.name} result` })).toBeVisible();
    await expect(market.getByRole('rowheader', { name: new RegExp(`^${winner.name}`) })).toContainText('Winner');
    await expect(market.getByRole('button', { name: /^(Back|Lay) / })).toHaveCount(0);
    await expect(market.locator('.bl-price')).toHaveCount(0);
    await expect(market.getByText('Suspended')).toHaveCount(0);

    await expect(line.getByRole('status')).toHaveText('Settled · 57 runs');
    await expect(line.getByRole('button', { name: /^(No|Yes):/ })).toHaveCount(0);

    // The feed keeps ticking; nothing of the settled market or line flashes any more.
    for (let i = 0; i < 6; i += 1) {
      await page.waitForTimeout(500);
      expect(await market.locator('.bl-flash').count()).toBe(0);
      expect(await line.locator('.bl-flash').count()).toBe(0);
    }
    // A reload draws the same from the snapshot.
    await page.reload();
    await expect(market.getByRole('status')).toHaveText(`Settled · Winner: ${winner.name}`, { timeout: 30_000 });
    await expect(line.getByRole('status')).toHaveText('Settled · 57 runs');
  });

  test("a declared result the feed contradicts is flagged on Results and fixed with the transaction password; the player sees the settled one", async ({ page, browser, request, isMobile }) => {
    test.setTimeout(240_000);
    const adminToken = await apiToken(request, 'admin', 'demo-admin');
    const username = await newFundedPlayer(request, 'rfd', 1_000);
    const playerToken = await apiToken(request, 'player', username);

    // A fancy the feed has closed with its runs and nobody settled, on an imported cricket match
    // (the demo's in-play match closes its 6-over lines a few minutes into an innings).
    let found: { matchId: string; fancy: Fancy } | null = null;
    const deadline = Date.now() + 180_000;
    while (found === null) {
      for (const match of await apiGet<MatchSummary[]>(request, playerToken, '/api/get-match-list', { sportId: CRICKET, status: 'all' })) {
        const fancy = (await apiGet<Fancy[]>(request, playerToken, '/api/get-fancy-list', { matchId: match._id, gtype: 'all' })).find(
          (f) => f.status === 'closed' && (f.result ?? 0) >= 2 && f.settled === null,
        );
        if (fancy) {
          found = { matchId: match._id, fancy };
          break;
        }
      }
      if (found === null) {
        if (Date.now() > deadline) throw new Error('no closed, unsettled fancy on any imported cricket match');
        await new Promise((r) => setTimeout(r, 3_000));
      }
    }
    const { matchId, fancy } = found;
    const feedRuns = fancy.result ?? 0;
    const declaredRuns = feedRuns + 3;
    // The admin declares other runs than the feed gave.
    await apiPost(request, adminToken, '/api/declare-result', { transactionPassword: DEMO_TRANSACTION_PASSWORD, marketId: fancy.fancyId, result: { type: 'RUNS', runs: declaredRuns } });

    // The player's page (its own browser, same screen) shows the result the bets were settled on, not the feed's.
    const playerContext = await browser.newContext({ viewport: page.viewportSize(), isMobile, hasTouch: isMobile });
    const playerPage = await playerContext.newPage();
    await signIn(playerPage, 'player', username);
    await playerPage.goto(`/odds/${matchId}`);
    // A closed line sits in the folded "Closed sessions" section: open it.
    await playerPage.getByText(/^Closed sessions \(\d+\)$/).click();
    const line = playerPage.getByRole('list', { name: 'Closed sessions' }).getByRole('listitem', { name: fancy.name, exact: true });
    await expect(line.getByRole('status')).toHaveText(`Settled · ${declaredRuns} runs`, { timeout: 30_000 });

    // Results flags it with both results; one confirmed action fixes it.
    await signIn(page, 'admin', 'demo-admin');
    await page.goto('/admin/results');
    const flagged = page.getByRole('table', { name: 'Results that differ from the feed' });
    const row = flagged.getByRole('row').filter({ hasText: fancy.name }).filter({ hasText: `${declaredRuns} runs` });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row.getByRole('cell').nth(1)).toContainText(`${declaredRuns} runs`);
    await expect(row.getByRole('cell').nth(2)).toHaveText(`${feedRuns} runs`);
    await row.getByRole('button', { name: /^Roll back and declare the feed's result/ }).click();
    const confirm = page.getByRole('dialog', { name: `Declare the feed's result: ${fancy.name}` });
    await confirm.getByLabel('Transaction password').fill(DEMO_TRANSACTION_PASSWORD);
    await confirm.getByRole('button', { name: 'Roll back and declare' }).click();
    await expect(page.getByText("Result rolled back and the feed's result declared")).toBeVisible();
    await expect(row).toHaveCount(0);

    // The player's open page follows at once (the correction is pushed over the data socket).
    await expect(line.getByRole('status')).toHaveText(`Settled · ${feedRuns} runs`, { timeout: 30_000 });
    await playerContext.close();
  });
});
