import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiGet, apiPost, apiToken, DEMO_PASSWORD, DEMO_TRANSACTION_PASSWORD, expectNoSidewaysScroll, newFundedPlayer, openMenu, placeBet, rupees, signIn } from '../support/helpers';
import { RACE_SPACING_MS, RACING_SPORT_IDS } from '../support/racing.mjs';

/**
 * Racing on the player's screens (ADR 0045): a new player opens Greyhounds from the menu, sees
 * the next races with their countdowns and the day's meetings, opens a race before its off, backs
 * a runner to win and to be placed (each runner named with its trap number); demo-admin declares
 * the PLACE market PLACED through the API (the runner among the placed); the player's open race
 * page shows it settled with no reload, and the bet history names the race with its off time and
 * the runner with its number. The stack runs a greyhound race every 90 s (support/racing.mjs).
 */
const SPORT_ID = RACING_SPORT_IDS.greyhoundRacing;
/** The race the journey bets on is off at least this far ahead: time to open it and place two bets before the off. */
const LEAD_MS = 60_000;

interface RaceSummary {
  _id: string;
  name: string;
  openDate: string;
  status: string;
  inPlay: boolean;
}
interface RaceMarket {
  marketId: string;
  numberOfWinners: number;
  status: string;
  /** The declared result, once an admin declared one (an earlier journey's race keeps trading until its off). */
  settled: unknown;
  runners: { selectionId: string; name: string; clothNumber: number | null; status: string }[];
}

/** The first imported race off at least LEAD_MS from now with its WIN and PLACE markets open and undeclared (the server's answers say which). */
async function nextRace(request: APIRequestContext, token: string): Promise<RaceSummary> {
  let found: RaceSummary | undefined;
  await expect
    .poll(
      async () => {
        const races = await apiGet<RaceSummary[]>(request, token, '/api/get-match-list', { sportId: SPORT_ID, status: 'upcoming' });
        found = undefined;
        for (const race of races.sort((a, b) => a.openDate.localeCompare(b.openDate))) {
          if (Date.parse(race.openDate) - Date.now() < LEAD_MS) continue;
          const markets = await apiGet<RaceMarket[]>(request, token, '/api/get-market-list', { matchId: race._id });
          if (markets.length >= 2 && markets.every((m) => m.status === 'open' && m.settled === null)) {
            found = race;
            break;
          }
        }
        return found !== undefined;
      },
      { timeout: RACE_SPACING_MS + 30_000, intervals: [1_000], message: `a greyhound race off at least ${LEAD_MS} ms ahead` },
    )
    .toBe(true);
  return found as RaceSummary;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function amount(page: Page, name: 'balance' | 'exposure'): Promise<number> {
  return rupees(await page.getByTestId(`header-${name}`).textContent());
}

test.describe('racing', () => {
  test('a new player opens Greyhounds, backs a runner to win and to be placed, and sees the PLACE market settled PLACED', async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const phone = testInfo.project.name === 'mobile';
    const player = await newFundedPlayer(request, 'race', 10_000);
    const adminToken = await apiToken(request, 'admin', 'demo-admin');
    const race = await nextRace(request, adminToken);
    const [venue, raceName] = race.name.split(' · ');

    await signIn(page, 'player', player, DEMO_PASSWORD);
    await openMenu(page, 'Greyhounds', phone);
    await expect(page).toHaveURL(new RegExp(`/racing/${SPORT_ID}$`));
    await expect(page.getByRole('heading', { name: 'Greyhound Racing', level: 1 })).toBeVisible();

    // Next races: the race with its venue, name, off time and a countdown to the off.
    const next = page.getByRole('list', { name: 'Next races' });
    // By its link: a card can run two races of the same venue and name at different times.
    const raceLink = page.locator(`a[href$="/odds/${race._id}"]`);
    await expect(next.locator(raceLink)).toHaveAccessibleName(`${venue} ${raceName}`);
    const item = next.getByRole('listitem').filter({ has: raceLink });
    await expect(item.getByTestId('race-clock')).toHaveText(/^in \d+m \d{2}s$/, { timeout: 15_000 });
    await expect(item.locator('time')).toHaveAttribute('datetime', race.openDate);
    // The day's meetings list the race's time under its meeting.
    await expect(page.getByRole('heading', { name: 'Meetings' })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^\\d{2}:\\d{2} ${escape(raceName as string)}$`) }).first()).toBeVisible();
    if (phone) await expectNoSidewaysScroll(page);

    await item.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/odds/${race._id}$`));
    await expect(page.getByRole('heading', { name: race.name, level: 1 })).toBeVisible();
    await expect(page.getByTestId('race-clock')).toHaveText(/^in \d+m \d{2}s$/);

    // The WIN market and the PLACE market with its places; each runner with its trap number.
    const win = page.getByRole('region', { name: 'Win' });
    const place = page.getByRole('region', { name: /^To be placed · \d places$/ });
    await expect(win).toBeVisible();
    await expect(place).toBeVisible();
    const markets = await apiGet<RaceMarket[]>(request, adminToken, '/api/get-market-list', { matchId: race._id });
    const placeMarket = markets.find((m) => m.numberOfWinners > 1) as RaceMarket;
    await expect(place.getByRole('heading')).toHaveText(`To be placed · ${placeMarket.numberOfWinners} places`);
    const runner = placeMarket.runners.find((r) => r.status === 'active' && r.clothNumber !== null) as RaceMarket['runners'][number];
    const label = `${runner.clothNumber}. ${runner.name}`;
    const bestBack = (market: typeof win) =>
      market.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${escape(label)}`) }) }).locator('td.bl-price--back[data-level="1"] button');
    await expect(bestBack(win)).toHaveAttribute('aria-label', new RegExp(`^Back ${escape(label)} at \\d+(\\.\\d+)?$`));
    // A non-runner, when the race has one, has no price: NR and its reduction instead.
    const nonRunner = placeMarket.runners.find((r) => r.status === 'removed');
    if (nonRunner) await expect(place.getByRole('row').filter({ hasText: 'NR' }).first()).toContainText('Non-runner');

    // Back the runner to win, then to be placed.
    await placeBet(page, () => bestBack(win).click(), '100', async (slip) => {
      await expect(slip).toContainText(label);
      await expect(slip).toContainText('Win');
    });
    await placeBet(page, () => bestBack(place).click(), '100', async (slip) => {
      await expect(slip).toContainText(label);
      await expect(slip).toContainText(`To be placed · ${placeMarket.numberOfWinners} places`);
    });
    const myBets = page.getByRole('table', { name: 'My bets on this race' });
    await expect(myBets.getByRole('row').filter({ hasText: label })).toHaveCount(2);
    await expect(myBets.getByRole('row').filter({ hasText: 'To be placed' })).toHaveCount(1);
    await expect.poll(() => amount(page, 'exposure')).toBe(200);
    if (phone) await expectNoSidewaysScroll(page);

    // demo-admin declares the PLACE market: the runner placed (with another, when there are two places or more).
    const other = placeMarket.runners.find((r) => r.status === 'active' && r.selectionId !== runner.selectionId);
    const placed = [runner.selectionId, ...(other ? [other.selectionId] : [])];
    await apiPost(request, adminToken, '/api/declare-result', { marketId: placeMarket.marketId, result: { type: 'PLACED', selectionIds: placed }, transactionPassword: DEMO_TRANSACTION_PASSWORD });

    // The open race page shows it settled with no reload: the runner Placed, no prices.
    await expect(place.getByRole('status')).toContainText(new RegExp(`^Settled · Placed: .*${escape(label)}`));
    await expect(place.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${escape(label)}`) }) })).toContainText('Placed');
    await expect(place.getByRole('button', { name: /^Back / })).toHaveCount(0);
    // Only the WIN bet is still at risk.
    await expect.poll(() => amount(page, 'exposure')).toBe(100);

    // The bet history: the PLACE bet settled, the race named with its off time, the runner with its number.
    await openMenu(page, 'Bet history', phone);
    const history = page.getByRole('table', { name: 'Bet history' }).getByRole('row').filter({ hasText: race.name }).filter({ hasText: label });
    await expect(history).toHaveCount(1);
    await expect(history).toContainText(new RegExp(`${escape(race.name)} · \\d{2}:\\d{2} \\d{2}/\\d{2}`));
    await expect(history).toContainText('Settled');
    await expect(history.locator('.bl-pnl')).toHaveAttribute('data-pnl', 'pos');
    if (phone) await expectNoSidewaysScroll(page);
  });
});
