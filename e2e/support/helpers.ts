import { expect, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { e2eOrigin } from './ports.mjs';
import { REPLAYED_ID } from './replay.mjs';

/** Demo accounts seeded by the API in demo mode (README). */
export const DEMO_PASSWORD = 'Backlay#2026';
export const ADMIN_AREA_ACCOUNTS = ['demo-admin', 'demo-sadmin', 'demo-smdl', 'demo-mdl', 'demo-dl'] as const;
export const PLAYER = 'demo-user';
/** An 8×8 PNG (valid chunks and CRCs): a deposit's screenshot. */
export const SCREENSHOT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGPgttXDihiGlgQAfq0dgRLWPX8AAAAASUVORK5CYII=', 'base64');
export const CONTROL = e2eOrigin('control');

/** Sign in through the login form of an area. */
export async function signIn(page: Page, area: 'player' | 'admin', username: string, password = DEMO_PASSWORD) {
  await page.goto(area === 'admin' ? '/admin/login' : '/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('header-username')).toContainText(username);
}

/** Sign in through the API (for set-up steps), returning the access token. */
export async function apiToken(request: APIRequestContext, area: 'player' | 'admin', username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post(area === 'admin' ? '/api/login-admin' : '/api/login', { data: { username, password } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Switch maintenance on or off as demo-admin. */
export async function setMaintenance(request: APIRequestContext, on: boolean) {
  const token = await apiToken(request, 'admin', 'demo-admin');
  const res = await request.post('/api/save-setting-list', {
    headers: { Authorization: `Bearer ${token}` },
    data: { settingList: [{ key: 'maintenance', value: String(on) }], transactionPassword: DEMO_TRANSACTION_PASSWORD },
  });
  expect(res.ok()).toBeTruthy();
}

/** Drive the e2e stack's control endpoint (stop, start or redeploy a remote). */
export async function control(request: APIRequestContext, path: string) {
  const res = await request.post(`${CONTROL}${path}`);
  expect(res.status(), await res.text()).toBe(204);
}

/** Transaction password of every demo account. */
export const DEMO_TRANSACTION_PASSWORD = '123456';

/** A suffix that keeps this run's usernames apart from every earlier run's. */
export function runSuffix(): string {
  return Date.now().toString(36);
}

/**
 * The first sign-in of an agent-created account: sign in with the password the agent set, then
 * the forced steps — change the password, set a transaction password — and land in the area.
 */
export async function firstSignIn(page: Page, area: 'player' | 'admin', username: string, initialPassword: string, newPassword: string, transactionPassword: string) {
  await signIn(page, area, username, initialPassword);
  await expect(page).toHaveURL(area === 'admin' ? /\/admin\/change-password$/ : /\/changepassword$/);
  await page.getByLabel('Old password').fill(initialPassword);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  // The form sends once its checks have passed (the new password against the common-password
  // list among them); twice in CI it sent nothing in 10 s, so the journey waits for the request
  // itself and says what the form showed if it never went.
  const submit = page.getByRole('button', { name: 'Change password' });
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/change-password'), { timeout: 30_000 }).catch(async () => {
    const alerts = await page.getByRole('alert').allTextContents();
    throw new Error(`Change password sent no request in 30 s; the page shows ${JSON.stringify(alerts)}, the button is ${(await submit.isEnabled()) ? 'enabled' : 'disabled'}`);
  });
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/change-password'), { timeout: 60_000 });
  // All three awaited together: whichever fails first is the journey's error, none is left unhandled.
  const [, response] = await Promise.all([sent, answered, submit.click()]);
  expect(response.status(), response.status() === 200 ? '' : await response.text()).toBe(200);
  await expect(page).toHaveURL(area === 'admin' ? /\/admin\/transaction-password$/ : /\/transaction-password$/);
  await page.getByLabel('Login password').fill(newPassword);
  await page.getByRole('textbox', { name: 'Transaction password', exact: true }).fill(transactionPassword);
  await page.getByLabel('Confirm transaction password').fill(transactionPassword);
  await page.getByRole('button', { name: 'Save transaction password' }).click();
  await expect(page).not.toHaveURL(/password/);
}

/** Sign out through the header's Logout button. */
export async function signOut(page: Page, area: 'player' | 'admin') {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(area === 'admin' ? /\/admin\/login$/ : /\/login$/);
}

/** GET from the API as a signed-in account (set-up steps and checks), returning the envelope's data. */
export async function apiGet<T>(request: APIRequestContext, token: string, path: string, params: Record<string, string | number> = {}): Promise<T> {
  const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` }, params });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

/** POST to the API as a signed-in account (set-up steps), returning the envelope's data. */
export async function apiPost<T>(request: APIRequestContext, token: string, path: string, data: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await request.post(path, { headers: { Authorization: `Bearer ${token}`, ...headers }, data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

/**
 * A new player of its own under demo-dl (so a journey's bets and results never change demo-user's
 * balance, which other journeys read), with `chips` rupees, past the first-login steps; signs in
 * with DEMO_PASSWORD. Everything through the API, as the agent and the player would do it.
 */
export async function newFundedPlayer(request: APIRequestContext, prefix: string, chips: number): Promise<string> {
  const username = `${prefix}${runSuffix()}${Math.floor(Math.random() * 1000)}`.slice(0, 20);
  const initial = 'Start#Pass1';
  const agent = await apiToken(request, 'admin', 'demo-dl');
  await apiPost(request, agent, '/api/add-user', {
    username,
    displayName: username,
    password: initial,
    role: 'user',
    partnership: 0,
    creditReference: 0,
    commission: 0,
    exposureLimit: null,
    transactionPassword: DEMO_TRANSACTION_PASSWORD,
  });
  await apiPost(
    request,
    agent,
    '/api/deposit-chips',
    { username, amount: chips, remark: 'e2e chips', transactionPassword: DEMO_TRANSACTION_PASSWORD },
    { 'Idempotency-Key': `e2e-chips-${username}` },
  );
  const token = await apiToken(request, 'player', username, initial);
  await apiPost(request, token, '/api/change-password', { oldPassword: initial, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD });
  await apiPost(request, token, '/api/transaction-password', {
    password: DEMO_PASSWORD,
    transactionPassword: DEMO_TRANSACTION_PASSWORD,
    confirmTransactionPassword: DEMO_TRANSACTION_PASSWORD,
  });
  return username;
}

/** Rupees as the screens show them (1,00,000.00, -250.00) → a number. */
export function rupees(text: string | null): number {
  const value = Number((text ?? '').replace(/[^\d.-]/g, ''));
  if (!Number.isFinite(value)) throw new Error(`not an amount: ${text}`);
  return value;
}

/** The seconds a casino table's countdown shows (0 when no round is taking bets). */
export async function secondsLeft(page: Page): Promise<number> {
  const timer = page.getByRole('timer');
  if ((await timer.count()) === 0) return 0;
  // The countdown's one number, in either language ("Bets close in 12 s", "दांव 12 सेकंड में बंद होंगे").
  const match = /(\d+)/.exec((await timer.textContent()) ?? '');
  return match ? Number(match[1]) : 0;
}

/** The page never scrolls sideways (the phone's check). */
export async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** The simulator bowls a ball every 2–4 s; markets and fancy lines pause and reopen well within this. */
export const LIVE_TIMEOUT_MS = 60_000;
/** A bet waits the market's bet delay (a few seconds) before the server answers. */
export const PLACE_TIMEOUT_MS = 30_000;
/** A price can move during the bet delay; the journey clicks the new price and tries again. */
export const PLACE_ATTEMPTS = 10;

/**
 * Open the bet slip by clicking `price` (a price or a line's button) once it is enabled, or by
 * running `price` when it is the journey's own way to open it. A click in the instant the market
 * closes for the next ball opens nothing, so it is clicked again.
 */
export async function openSlip(page: Page, price: Locator | (() => Promise<void>)): Promise<Locator> {
  const slip = page.getByRole('form', { name: 'Bet slip' });
  await expect(async () => {
    if ((await slip.count()) === 0) {
      if (typeof price === 'function') await price();
      else {
        await expect(price).toBeEnabled({ timeout: LIVE_TIMEOUT_MS });
        await price.click();
      }
    }
    await expect(slip).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: LIVE_TIMEOUT_MS });
  return slip;
}

/**
 * What became of a slip's bet: placed (the slip closed), refused (the slip's alert says why), or
 * unsent: the slip's Place Bet stayed disabled (its market or line closed and did not open again
 * in time) or the slip went with its line, so no bet was sent. The message of an unsent bet says
 * "closed", as a pause does, so callers that open the slip again on a pause do so here too.
 */
export interface SlipAnswer {
  outcome: 'placed' | 'refused' | 'unsent';
  message: string;
}

/** How long a slip's closed Place Bet is waited for before the bet counts as unsent (a ball's pause is a few seconds). */
const SLIP_REOPEN_WAIT_MS = 20_000;

/**
 * Click a bet slip's Place Bet (sports or casino: both POST placebet) until the bet is sent, then wait for the server's answer.
 * A click can land in the instant the market or line closes for the next ball: the slip then
 * sends nothing, as it should, and says why it is closed. The click is repeated once it opens;
 * a slip that stays closed (or goes) answers unsent. The attempt counts once, by what the server answers.
 */
export async function submitSlip(page: Page, slip: Locator, answerTimeout = PLACE_TIMEOUT_MS, placeName = 'Place Bet'): Promise<SlipAnswer> {
  let sent = false;
  const onRequest = (r: Request) => {
    if (r.method() === 'POST' && r.url().endsWith('/placebet')) sent = true;
  };
  page.on('request', onRequest);
  try {
    const place = slip.getByRole('button', { name: placeName });
    for (let tries = 0; !sent; tries += 1) {
      if (tries >= 3) return { outcome: 'unsent', message: 'not sent: Place Bet sent no bet three times (the market closed at each click)' };
      const opened = await expect(place)
        .toBeEnabled({ timeout: SLIP_REOPEN_WAIT_MS })
        .then(() => true, () => false);
      if (!opened) return { outcome: 'unsent', message: 'not sent: the slip stayed closed' };
      // The market can close between the check and the click: the click then waits, bounded, and the loop looks again.
      await place.click({ timeout: SLIP_REOPEN_WAIT_MS }).catch(() => undefined);
      for (let waited = 0; !sent && waited < 2_000; waited += 100) await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', onRequest);
  }
  // One read of the page per poll, so the slip cannot close between looking for it and its alert.
  const answer = () => slip.evaluateAll((forms) => (forms.length === 0 ? 'placed' : forms[0].querySelector('[role="alert"]') ? 'refused' : 'pending'));
  await expect.poll(answer, { timeout: answerTimeout, message: 'the server answered the bet' }).not.toBe('pending');
  if ((await answer()) === 'placed') return { outcome: 'placed', message: '' };
  return { outcome: 'refused', message: (await slip.getByRole('alert').textContent()) ?? '' };
}

/** Close a slip that is still open (after a refusal or an unsent bet; a slip that went with its line is already closed). */
export async function dismissSlip(slip: Locator, cancelName = 'Cancel') {
  const cancel = slip.getByRole('button', { name: cancelName });
  if ((await cancel.count()) > 0) await cancel.click({ timeout: 10_000 }).catch(async () => expect(slip).toHaveCount(0));
}

/** A refusal that comes from the live market moving during the bet delay, not from the bet. */
export const MARKET_MOVED = /changed|not open|suspended|ball running|closed/i;

/**
 * Open the slip with `open`, type the stake and place the bet. A refusal because the price or
 * line moved, or the market paused, during the bet delay is answered by opening the slip again
 * at the new price; any other refusal fails the journey.
 */
export async function placeBet(page: Page, open: () => Promise<void>, stake: string, check?: (slip: Locator) => Promise<void>) {
  for (let attempt = 1; ; attempt += 1) {
    await open();
    const slip = page.getByRole('form', { name: 'Bet slip' });
    await expect(slip).toBeVisible();
    await slip.getByLabel('Stake', { exact: true }).fill(stake);
    if (check) await check(slip);
    const { outcome, message } = await submitSlip(page, slip);
    if (outcome === 'placed') return;
    if (attempt >= PLACE_ATTEMPTS || !MARKET_MOVED.test(message)) throw new Error(`the bet was refused: ${message}`);
    await dismissSlip(slip);
  }
}

/**
 * The accessible name of a menu item (or of "More") as a pattern: in the admin area Deposits,
 * Withdrawals and "More" carry the count of payment requests waiting ("Deposits 2 waiting"), and a
 * journey cannot know what another left waiting.
 */
export function menuName(label: string): RegExp {
  return new RegExp(`^${escapeRegExp(label)}( \\d+ waiting)?$`);
}

/** The visible text of a menu item: its label, and the count waiting if any ("Deposits 2"). */
export function menuText(label: string): RegExp {
  return new RegExp(`^${escapeRegExp(label)}( \\d+)?$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Open an item of the main menu: directly on a desktop, through "More" on a phone. */
export async function openMenu(page: Page, label: string, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: menuName('More') }).click();
    await page.getByRole('navigation', { name: 'More' }).getByRole('link', { name: menuName(label) }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: menuName(label) }).click();
  }
}

interface LiveMatch {
  _id: string;
  name: string;
  openDate: string;
  active: boolean;
}
interface LiveMarket {
  type: string;
  status: string;
  active: boolean;
  settled: boolean;
}

/**
 * Open, from the in-play cricket list, the in-play match that started last among those whose
 * Match Odds is shown, open and never settled; returns its name and id. Not simply the list's
 * first: that is the match nearest its end (an innings break, its last overs), and a journey
 * may have declared a result on a match that is in play now. Never the replayed real match
 * (real-match.spec's: Betfair's market, with no fancies, no bookmaker and its own 5 s delay).
 * Waits up to a minute for one (a wicket or an innings break pauses every market).
 */
export async function openLiveCricketMatch(page: Page, request: APIRequestContext): Promise<{ name: string; matchId: string }> {
  const { name, matchId } = await liveCricketMatch(request);
  await page.goto('/match/4/in-play');
  // By its link to the match, not by its name: two replayed IPL matches can be in play at once
  // with the same teams (they met three times in 2022: CI once saw two "Rajasthan Royals v Gujarat Titans").
  const link = page.getByRole('link', { name, exact: true }).and(page.locator(`a[href$="/odds/${matchId}"]`));
  const item = page.getByRole('list', { name: 'Matches' }).getByRole('listitem').filter({ has: link });
  await expect(item.getByText('In-play')).toBeVisible({ timeout: 30_000 });
  await item.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/odds/${matchId}$`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  return { name, matchId };
}

/** The in-play cricket match openLiveCricketMatch opens (its Match Odds open, never settled, not the replayed one), read from the API. */
export async function liveCricketMatch(request: APIRequestContext): Promise<{ name: string; matchId: string }> {
  const token = await apiToken(request, 'admin', 'demo-admin');
  const get = <T>(path: string, params: Record<string, string | number>) => apiGet<T>(request, token, path, params);
  let chosen: LiveMatch | undefined;
  await expect(async () => {
    const matches = (await get<LiveMatch[]>('/api/get-match-list', { sportId: 4, status: 'inplay' }))
      .filter((m) => m.active && !REPLAYED_ID.test(m._id))
      .sort((a, b) => Date.parse(b.openDate) - Date.parse(a.openDate));
    chosen = undefined;
    for (const match of matches) {
      const markets = await get<LiveMarket[]>('/api/get-market-list', { matchId: match._id });
      if (markets.some((m) => m.type === 'match_odds' && m.active && m.status === 'open' && !m.settled)) {
        chosen = match;
        break;
      }
    }
    expect(chosen, 'an in-play cricket match with its Match Odds open').toBeDefined();
  }).toPass({ timeout: LIVE_TIMEOUT_MS, intervals: [1_000] });
  const { _id: matchId, name } = chosen as LiveMatch;
  return { name, matchId };
}

/**
 * Watches `page` for the server's acknowledgement of its user socket's `login` (socket.io's ack
 * frame on /user, `43/user,<id>[{"ok":true}]`): the socket is in the user's room from then on, so a
 * message to the user reaches the page. Start it before the navigation; `joined()` waits for it
 * (10 s), after which it is true for the page's later sockets too.
 */
export function watchUserSocket(page: Page): { joined: () => Promise<void> } {
  let acknowledged = false;
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && /^43\/user,\d+\[\{"ok":true\}\]$/.test(payload)) acknowledged = true;
    });
  });
  return {
    joined: () => expect.poll(() => acknowledged, { message: "the server acknowledged the user socket's login", timeout: 10_000 }).toBe(true),
  };
}
