import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiGet, apiToken, DEMO_PASSWORD, newFundedPlayer, signIn } from '../support/helpers';
import { REPLAY_RETENTION_MS, REPLAY_SPEED, REPLAYED_ID } from '../support/replay.mjs';

/**
 * A match that ends turns Finished live in the match lists (issue 33, ADR 0058): the real T20
 * the stack replays (support/replay.mjs, ADR 0042) ends about 57 s after its turn in play in
 * every 80 s cycle. A new player opens the list (the home on a desktop, the in-play list on a
 * phone) while a cycle's match is in play there; when the recording closes it, its row reads
 * Finished, in its place, its prices Closed, with no reload: the list's own fetch every 20 s
 * leaves a closed match out, so only the socket's `matchStatus` shows it. The server's answer
 * then says the match is closed.
 */
const MATCH = 'Netherlands v Papua New Guinea';
/** The recording's turn in play to CLOSED, and a cycle of the stack's loop (as real-match.spec.ts). */
const IN_PLAY_MS = (227.2 * 60_000) / REPLAY_SPEED;
const CYCLE_MS = (237.2 * 60_000) / REPLAY_SPEED + REPLAY_RETENTION_MS;
/** The demo imports a new cycle's match within 10 s (its importer's period), a feed tick after. */
const IMPORT_MS = 12_000;

interface MatchSummary {
  _id: string;
  name: string;
  openDate: string;
  inPlay: boolean;
  status: string;
}

/** A cycle's replayed match in play with at least `left` ms to its close, by the server's answers. */
async function replayInPlay(request: APIRequestContext, token: string, left: number): Promise<MatchSummary> {
  let found: MatchSummary | undefined;
  await expect
    .poll(
      async () => {
        const matches = await apiGet<MatchSummary[]>(request, token, '/api/get-match-list', { sportId: 4, status: 'inplay' });
        found = matches.find((m) => m.name === MATCH && REPLAYED_ID.test(m._id) && m.inPlay && Date.parse(m.openDate) + IN_PLAY_MS - Date.now() >= left);
        return found !== undefined;
      },
      { timeout: CYCLE_MS + IMPORT_MS, intervals: [500], message: `a replay of ${MATCH} in play with ${left} ms to its close` },
    )
    .toBe(true);
  return found as MatchSummary;
}

test.describe('match lists follow a match that ends', () => {
  test('the replayed T20 turns Finished on the open list when the recording closes it, with no reload', async ({ page, request }, testInfo) => {
    test.setTimeout(CYCLE_MS + IMPORT_MS + IN_PLAY_MS + 60_000);
    const phone = testInfo.project.name === 'mobile';
    const player = await newFundedPlayer(request, 'fin', 1_000);
    const token = await apiToken(request, 'admin', 'demo-admin');
    await signIn(page, 'player', player, DEMO_PASSWORD);

    // A cycle's match in play with 15 s or more left: time to open the list before it ends.
    const match = await replayInPlay(request, token, 15_000);
    await page.goto(phone ? '/match/4/in-play' : '/');
    const item = page.getByRole('list', { name: 'Matches' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: MATCH, exact: true }) });
    await expect(item.getByText('In-play')).toBeVisible();
    await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));

    // The recording closes it at its time (its open date plus the recorded play): the row follows.
    const closesIn = Date.parse(match.openDate) + IN_PLAY_MS - Date.now();
    await expect(item.getByText('Finished', { exact: true })).toBeVisible({ timeout: Math.max(closesIn, 0) + 20_000 });
    await expect(item.getByText('In-play')).toHaveCount(0);
    await expect(item.getByRole('status')).toHaveText('Closed');
    expect(await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true);
    const detail = await apiGet<{ status: string }>(request, token, '/api/get-match-by-id', { matchId: match._id });
    expect(detail.status).toBe('closed');
  });
});
