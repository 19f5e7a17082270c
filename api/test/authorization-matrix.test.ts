/**
 * The authorization matrix of step 2 (QUALITY T9): every hierarchy route × every role × every
 * kind of target, over a fixture tree with two branches (and a second root).
 *
 * Expected results are written out here, independently of the policy module: success where
 * allowed, else 403 or 404 — the same 404 for foreign and nonexistent accounts — with no field
 * of the target in the body and no change anywhere (a digest of users, wallets, journals,
 * sessions and the audit log is compared before and after every denied call). List results
 * hold only accounts of the caller's subtree. A route that the OpenAPI document lists but this
 * matrix does not fails the last test, so a new route cannot ship without its row.
 */
import { MESSAGES, ROLES, type ListClientsResponse, type Role } from '@backlay/shared/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import * as paymentsRepo from '../src/payments/payments.repository';
import { reencodeScreenshot, ScreenshotStore } from '../src/payments/screenshot-store';
import {
  buildTestApp,
  businessStateDigest,
  idempotent,
  TEST_PASSWORD,
  TEST_TXN_PASSWORD,
  type TestContext,
  type TestUser,
} from './helper';

/** The password change-child-password sets in the matrix (restored to TEST_PASSWORD after). */
const MATRIX_RESET_PASSWORD = 'Matrix#Reset2';

let t: TestContext;
afterAll(() => t.close());

type TargetKind = 'own' | 'child' | 'deep' | 'sibling' | 'ancestor' | 'otherBranch' | 'nonexistent';
const TARGET_KINDS: readonly TargetKind[] = ['own', 'child', 'deep', 'sibling', 'ancestor', 'otherBranch', 'nonexistent'];
type Expected = 200 | 403 | 404;

/** What an agent gets on each kind of target (a player gets 403 on every agent route). */
const DOWNLINE_NOT_SELF: Record<TargetKind, Expected> = {
  own: 403,
  child: 200,
  deep: 200,
  sibling: 404,
  ancestor: 404,
  otherBranch: 404,
  nonexistent: 404,
};
const DOWNLINE_AND_SELF: Record<TargetKind, Expected> = { ...DOWNLINE_NOT_SELF, own: 200 };
const DIRECT_CHILD_ONLY: Record<TargetKind, Expected> = { ...DOWNLINE_NOT_SELF, deep: 403 };

interface Fixture {
  users: Map<string, TestUser>;
  tokens: Map<string, string>;
}

const fx: Fixture = { users: new Map(), tokens: new Map() };
const user = (name: string): TestUser => {
  const found = fx.users.get(name);
  if (found === undefined) throw new Error(`no fixture user ${name}`);
  return found;
};

/** The main chain: one actor per role. */
const ACTORS: Record<Role, string> = { admin: 'rootA', sadmin: 'a1', smdl: 'a2', mdl: 'a3', dl: 'a4', user: 'a5' };
const CHAIN = ['rootA', 'a1', 'a2', 'a3', 'a4', 'a5'];

/** The fixture name of each kind of target for an actor, or null where it does not exist. */
function targetOf(actorRole: Role, kind: TargetKind): string | null {
  const i = ROLES.indexOf(actorRole);
  switch (kind) {
    case 'own':
      return CHAIN[i] ?? null;
    case 'child':
      return CHAIN[i + 1] ?? null;
    case 'deep':
      return CHAIN[i + 2] ?? null;
    case 'sibling':
      return i === 0 ? 'rootZ' : `s${i}`;
    case 'ancestor':
      return CHAIN[i - 1] ?? null;
    case 'otherBranch':
      // An account of the role the actor could act on, under another parent.
      return i === 0 ? 'z1' : `b${Math.min(i + 1, 5)}`;
    case 'nonexistent':
      return 'nonexistent';
  }
}

/**
 * rootA ─ a1 ─ a2 ─ a3 ─ a4 ─ a5      (the actors, admin → user)
 *   │      s2   s3   s4   s5           (siblings: sN is a child of a(N−1))
 *   ├─ s1                              (a1's sibling)
 *   └─ b1 ─ b2 ─ b3 ─ b4 ─ b5          (the other branch)
 * rootZ ─ z1                           (another root)
 */
async function buildFixture(): Promise<void> {
  const add = async (name: string, role: Role, parent: string | null) => {
    const created = await t.createUser({
      role,
      parentId: parent === null ? null : user(parent).id,
      username: `${name}-${randomBytes(3).toString('hex')}`,
    });
    fx.users.set(name, created);
  };
  await add('rootA', 'admin', null);
  await add('rootZ', 'admin', null);
  await add('z1', 'sadmin', 'rootZ');
  for (let i = 1; i <= 5; i += 1) {
    const role = ROLES[i] as Role;
    await add(`a${i}`, role, i === 1 ? 'rootA' : `a${i - 1}`);
    await add(`s${i}`, role, i === 1 ? 'rootA' : `a${i - 1}`);
    await add(`b${i}`, role, i === 1 ? 'rootA' : `b${i - 1}`);
  }
  for (const created of fx.users.values()) await t.fund(created.id, 1_000_000n);
  await signInAll();
}

async function signInAll(): Promise<void> {
  for (const name of CHAIN) {
    await t.db.query('UPDATE users SET must_change_password = false WHERE id = $1', [user(name).id]);
    fx.tokens.set(name, (await t.login(user(name))).token);
  }
}

function usernameOf(name: string): string {
  return name === 'nonexistent' ? `ghost-${randomBytes(4).toString('hex')}` : user(name).username;
}

interface Call {
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}

/** Current editable fields of an account, so an allowed update-user changes no bounds. */
async function currentFields(username: string) {
  const { rows } = await t.db.query<{ share: number; credit: string; commission: number }>(
    'SELECT partnership_share_bps AS share, credit_reference_minor::text AS credit, commission_bps AS commission FROM users WHERE lower(username) = lower($1)',
    [username],
  );
  const row = rows[0] ?? { share: 0, credit: '0', commission: 0 };
  return { partnership: row.share / 100, creditReference: Number(row.credit) / 100, commission: row.commission / 100 };
}

interface RouteCase {
  route: string;
  /** The request for a target username. */
  call: (username: string) => Promise<Call> | Call;
  agents: Record<TargetKind, Expected>;
  /** What a player gets on its own account and on any other. */
  player: { own: Expected; other: Expected };
  /** Undo an allowed effect so later cases start from the same tree. */
  restore?: (actorToken: string, username: string) => Promise<void>;
}

const txn = TEST_TXN_PASSWORD;
const ROUTES: RouteCase[] = [
  {
    route: 'GET /api/list-clients',
    call: (username) => ({ method: 'GET', url: `/api/list-clients?username=${username}` }),
    agents: DOWNLINE_AND_SELF,
    player: { own: 403, other: 403 },
  },
  {
    route: 'GET /api/user-detail',
    call: (username) => ({ method: 'GET', url: `/api/user-detail?username=${username}` }),
    // Self is allowed: the add-user form reads the agent's own partnership as the cap.
    agents: DOWNLINE_AND_SELF,
    player: { own: 403, other: 403 },
  },
  {
    route: 'POST /api/update-user',
    call: async (username) => ({
      method: 'POST',
      url: '/api/update-user',
      payload: { username, displayName: 'Matrix', exposureLimit: null, transactionPassword: txn, ...(await currentFields(username)) },
    }),
    agents: DOWNLINE_NOT_SELF,
    player: { own: 403, other: 403 },
  },
  {
    route: 'POST /api/deposit-chips',
    call: (username) => ({
      method: 'POST',
      url: '/api/deposit-chips',
      headers: idempotent(randomUUID()),
      payload: { username, amount: 1, remark: 'matrix', transactionPassword: txn },
    }),
    agents: DIRECT_CHILD_ONLY,
    player: { own: 403, other: 403 },
  },
  {
    route: 'POST /api/withdraw-chips',
    call: (username) => ({
      method: 'POST',
      url: '/api/withdraw-chips',
      headers: idempotent(randomUUID()),
      payload: { username, amount: 1, remark: 'matrix', transactionPassword: txn },
    }),
    agents: DIRECT_CHILD_ONLY,
    player: { own: 403, other: 403 },
  },
  {
    route: 'POST /api/users-lock',
    call: (username) => ({ method: 'POST', url: '/api/users-lock', payload: { username, lock: true, transactionPassword: txn } }),
    agents: DOWNLINE_NOT_SELF,
    player: { own: 403, other: 403 },
    restore: async (token, username) => {
      await expectStatus(await send(token, { method: 'POST', url: '/api/users-lock', payload: { username, lock: false, transactionPassword: txn } }), 200);
      await signInAll();
    },
  },
  {
    route: 'POST /api/bet-lock',
    call: (username) => ({ method: 'POST', url: '/api/bet-lock', payload: { username, lock: true, transactionPassword: txn } }),
    agents: DOWNLINE_NOT_SELF,
    player: { own: 403, other: 403 },
    restore: async (token, username) => {
      await expectStatus(await send(token, { method: 'POST', url: '/api/bet-lock', payload: { username, lock: false, transactionPassword: txn } }), 200);
    },
  },
  // Step 4: the same route with a marketId locks one market for the target's subtree (same rule).
  {
    route: 'POST /api/bet-lock',
    call: async (username) => ({
      method: 'POST',
      url: '/api/bet-lock',
      payload: { username, marketId: await matrixMarketId(), lock: true, transactionPassword: txn },
    }),
    agents: DOWNLINE_NOT_SELF,
    player: { own: 403, other: 403 },
    restore: async (token, username) => {
      await expectStatus(
        await send(token, {
          method: 'POST',
          url: '/api/bet-lock',
          payload: { username, marketId: await matrixMarketId(), lock: false, transactionPassword: txn },
        }),
        200,
      );
      const { rows } = await t.db.query('SELECT 1 FROM market_bet_locks');
      expect(rows).toHaveLength(0);
    },
  },
  {
    route: 'POST /api/change-child-password',
    call: (username) => ({
      method: 'POST',
      url: '/api/change-child-password',
      // Not the account's current password (TEST_PASSWORD): the policy refuses the previous one.
      payload: { username, newPassword: MATRIX_RESET_PASSWORD, transactionPassword: txn },
    }),
    agents: DOWNLINE_NOT_SELF,
    player: { own: 403, other: 403 },
    restore: async (_token, username) => {
      await t.db.query('UPDATE users SET must_change_password = false, password_hash = $2 WHERE lower(username) = lower($1)', [
        username,
        await t.services.passwords.hash(TEST_PASSWORD),
      ]);
      await signInAll();
    },
  },
  {
    route: 'GET /api/account-statement',
    call: (username) => ({ method: 'GET', url: `/api/account-statement?username=${username}&startDate=2026-01-01&endDate=2030-12-31` }),
    agents: DOWNLINE_AND_SELF,
    player: { own: 200, other: 404 },
  },
  // Payments (step 5): the target is the owner of the request or screenshot.
  {
    route: 'POST /api/get-deposit-withdraw-list',
    call: (username) => ({
      method: 'POST',
      url: '/api/get-deposit-withdraw-list',
      payload: { type: 'deposit', startDate: '2020-01-01', endDate: '2099-12-31', reportType: 'all', username },
    }),
    agents: DOWNLINE_AND_SELF,
    player: { own: 200, other: 404 },
  },
  {
    route: 'POST /api/update-deposit-withdraw-status',
    call: async (username) => ({
      method: 'POST',
      url: '/api/update-deposit-withdraw-status',
      headers: idempotent(randomUUID()),
      payload: { id: (await pendingDepositOf(username)) ?? randomUUID(), status: 'approved', remark: 'matrix', transactionPassword: txn },
    }),
    // Any agent above the owner decides; the owner never does (players: agents only).
    agents: DOWNLINE_NOT_SELF,
    player: { own: 403, other: 403 },
  },
  {
    route: 'GET /api/payment-screenshot/{id}',
    call: async (username) => ({ method: 'GET', url: `/api/payment-screenshot/${(await screenshotOf(username)) ?? randomUUID()}` }),
    agents: DOWNLINE_AND_SELF,
    player: { own: 200, other: 404 },
  },
  // Bet reports (step 4): the bet history of one account, and the book per direct child of one account.
  {
    route: 'GET /api/bet-history',
    call: (username) => ({ method: 'GET', url: `/api/bet-history?username=${username}` }),
    agents: DOWNLINE_AND_SELF,
    player: { own: 200, other: 404 },
  },
  {
    route: 'GET /api/get-child-user-list',
    call: (username) => ({ method: 'GET', url: `/api/get-child-user-list?username=${username}&matchId=no-such-match` }),
    agents: DOWNLINE_AND_SELF,
    player: { own: 403, other: 403 },
  },
];

let matrixMarket: string | null = null;

/** One market for the market bet-lock row (made on first use, before any digest is taken). */
async function matrixMarketId(): Promise<string> {
  if (matrixMarket !== null) return matrixMarket;
  await t.db.query(`INSERT INTO competitions (id, sport_id, name) VALUES ('matrix-c', 4, 'Matrix League')`);
  await t.db.query(
    `INSERT INTO events (id, sport_id, competition_id, name, open_date, status, imported, active)
     VALUES ('matrix-e', 4, 'matrix-c', 'A v B', now(), 'inplay', true, true)`,
  );
  await t.db.query(
    `INSERT INTO markets (id, event_id, name, market_type, sort_order, feed_status, active, min_stake_minor, max_stake_minor, max_profit_minor, bet_delay_sec)
     VALUES ('1.matrix', 'matrix-e', 'Match Odds', 'match_odds', 1, 'open', true, 100, 100000, 100000, 0)`,
  );
  matrixMarket = '1.matrix';
  return matrixMarket;
}

let matrixScreenshot: Awaited<ReturnType<typeof reencodeScreenshot>> | null = null;

/** A new stored screenshot owned by `ownerId` (file and row). */
async function storeScreenshot(ownerId: string): Promise<string> {
  matrixScreenshot ??= await reencodeScreenshot(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer(),
  );
  const id = randomUUID();
  await new ScreenshotStore(t.config.paths.uploadsDir).write(id, matrixScreenshot.contentType, matrixScreenshot.bytes);
  await paymentsRepo.insertScreenshot(t.db, {
    id,
    ownerId,
    contentType: matrixScreenshot.contentType,
    byteSize: matrixScreenshot.bytes.length,
    widthPx: matrixScreenshot.widthPx,
    heightPx: matrixScreenshot.heightPx,
    sha256: matrixScreenshot.sha256,
  });
  return id;
}

/**
 * Per fixture account: one screenshot and a stock of pending ₹1 deposit requests, made the first
 * time the account is a target, so that later calls (the 401 cases, whose digest is taken before
 * the call is built) write nothing. Null for the nonexistent target.
 */
const paymentFixtures = new Map<string, { screenshotId: string; pending: string[] }>();
async function paymentFixtureOf(username: string): Promise<{ screenshotId: string; pending: string[] } | null> {
  const known = paymentFixtures.get(username.toLowerCase());
  if (known !== undefined) return known;
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE lower(username) = lower($1)', [username]);
  const userId = rows[0]?.id;
  if (userId === undefined) return null;
  const fixture = { screenshotId: await storeScreenshot(userId), pending: [] as string[] };
  for (let i = 0; i < 12; i += 1) {
    const id = randomUUID();
    await paymentsRepo.insertPaymentRequest(t.db, {
      id,
      userId,
      type: 'deposit',
      amountMinor: 100n,
      accountType: 'upi',
      remark: 'matrix',
      utrNo: `MTX${randomBytes(8).toString('hex').toUpperCase()}`,
      screenshotId: await storeScreenshot(userId),
      payoutAccountId: null,
      payoutUpiId: null,
      payoutHolderName: null,
      payoutAccountNumber: null,
      payoutIfscCode: null,
      holdJournalId: null,
    });
    fixture.pending.push(id);
  }
  paymentFixtures.set(username.toLowerCase(), fixture);
  return fixture;
}

/** A pending deposit of `username` not used by an earlier call (each may be approved). */
async function pendingDepositOf(username: string): Promise<string | null> {
  const fixture = await paymentFixtureOf(username);
  if (fixture === null) return null;
  const id = fixture.pending.shift();
  if (id === undefined) throw new Error(`the matrix used up the pending deposits of ${username}`);
  return id;
}

async function screenshotOf(username: string): Promise<string | null> {
  return (await paymentFixtureOf(username))?.screenshotId ?? null;
}

/**
 * Routes without a target account, exercised in their own suites (auth, settings, catalog,
 * sports admin — whose role table is in sports-admin.test.ts —, news, button values).
 */
const NO_TARGET_ROUTES = [
  'GET /api/health',
  'GET /api/health/live',
  'POST /api/login',
  'POST /api/login-admin',
  'POST /api/refresh-token',
  'GET /api/user-info',
  'POST /api/change-password',
  'POST /api/transaction-password',
  'POST /api/logout',
  // Account security (two-factor.test.ts, login-history.test.ts): the caller's own two-factor and
  // history; the house's requirement (403 for everyone else); an agent's downline history is
  // scoped to the caller's subtree (a foreign branch's agent gets no row) and 403 for players.
  'POST /api/login-two-factor',
  'GET /api/two-factor-status',
  'POST /api/two-factor-enrol',
  'POST /api/two-factor-confirm',
  'POST /api/two-factor-disable',
  'GET /api/two-factor-policy',
  'POST /api/two-factor-policy',
  'GET /api/login-history',
  'GET /api/downline-login-history',
  // Responsible gambling (responsible-gambling.test.ts): the player's own settings only (every
  // agent role gets 403 on each, so nobody else sets or lifts them); the agents' read-only view
  // is scoped to the caller's subtree (another branch's agent gets no row) and 403 for players.
  'GET /api/responsible-gambling',
  'POST /api/rg-set-limit',
  'POST /api/rg-reality-check',
  'POST /api/rg-time-out',
  'POST /api/rg-self-exclude',
  'GET /api/reality-check',
  'GET /api/downline-responsible-gambling',
  // Self-registration and the demo SMS outbox (registration.test.ts: a DL and a player get 403 on the outbox).
  'POST /api/send-otp',
  'GET /api/captcha-challenge',
  'POST /api/user-register',
  'GET /api/sms-outbox',
  'GET /api/downline',
  'GET /api/get-setting-list',
  'POST /api/save-setting-list',
  'GET /api/get-sport-list',
  'GET /api/get-match-list',
  'GET /api/get-series',
  'GET /api/get-matches',
  'POST /api/save-match',
  'GET /api/get-match-by-id',
  'GET /api/get-market-list',
  'GET /api/get-fancy-list',
  'GET /api/get-series-with-market',
  'GET /api/get-series-with-market-with-date',
  'GET /api/score',
  'GET /api/fancy-data',
  'POST /api/save-sport-settings',
  'POST /api/update-match',
  'POST /api/update-market',
  'POST /api/update-fancy',
  'GET /api/get-messages',
  'POST /api/save-message',
  'POST /api/update-message',
  'GET /api/get-button-values',
  'POST /api/save-button-values',
  // Payments: the caller's own saved accounts and requests, and the operator's settings (payments-*.test.ts).
  'POST /api/add-bank-account',
  'POST /api/add-upi',
  'POST /api/delete-upi-bank',
  'GET /api/get-bank-and-upi-list',
  'POST /api/add-deposit-withdraw',
  'GET /api/get-payment-list',
  'POST /api/save-payment-list',
  // Betting: the player's own bets only (betting-placement.test.ts checks that agents are refused).
  'POST /api/placebet',
  'GET /api/bets',
  // Results, settlement and voids: admin and sadmin only, on markets (the house sees every market)
  // or on bets of the caller's subtree; results-admin.test.ts checks 403 for smdl, mdl, dl and
  // players on each, 404 for a bet of another root, and that a denied call changes nothing.
  'POST /api/declare-result',
  'POST /api/rollback-result',
  'POST /api/accept-feed-result',
  'GET /api/results',
  'DELETE /api/delete-current-bet/{id}',
  'POST /api/delete-bets',
  // Bet reports: the caller's own bets or its whole downline, never a named account (bet-lists,
  // market-analysis and profit-loss tests check that no other branch shows and that players get 403
  // on the agents' books and agents 403 on match-positions).
  'GET /api/match-positions',
  'GET /api/unsettled-bets',
  'POST /api/get-bet-list-by-ids',
  'GET /api/profit-loss',
  'GET /api/get-market-analysis',
  // Live casino: tables and rounds are the same for every caller; the player's own bets and report;
  // the house switches tables; agents read their own downline's round book and game report
  // (casino.test.ts checks the two chains see only their own players, 403 for a DL switching a
  // table and for a player on the agents' report).
  'GET /api/get-casino-games',
  'GET /api/get-casino-data-by-id/{id}',
  'GET /api/casino-market/{id}',
  'GET /api/done-results/{matchid}',
  'GET /api/html-cards/{mid}/{type}',
  'GET /api/casino-bets',
  'GET /api/casino-report',
  'GET /api/disable-casino-games',
  'GET /api/casino-round-book/{gameCode}',
  'GET /api/game-reports',
  'GET /api/casino/images/{file}',
  // International casino (issue 19): the registry and games are the same for every caller; the
  // launch is the player's own; the registry and reconciliation are admin and sadmin only
  // (casino-int-launch.test.ts checks 403 for a DL and a player on each admin route and the launch
  // for an agent, and that an agent's game-reports and profit-loss hold only its own downline).
  'GET /api/get-casino-providers',
  'GET /api/get-casino-int-games',
  'POST /api/get-cas-casino-play-url',
  'GET /api/casino-int/images/{file}',
  'GET /api/casino-int-admin/providers',
  'POST /api/casino-int-admin/providers',
  'POST /api/casino-int-admin/providers/{id}/enabled',
  'POST /api/casino-int-admin/providers/{id}/secrets',
  'POST /api/casino-int-admin/providers/{id}/secrets/{secretId}/retire',
  'POST /api/casino-int-admin/providers/{id}/games',
  'POST /api/casino-int-admin/games/{identifier}/enabled',
  'GET /api/casino-int-admin/reconciliation',
  'POST /api/casino-int-admin/reconciliation',
  // CW-1 wallet callbacks: no user at all, a provider's HMAC signature (casino-int-wallet.test.ts:
  // 401 without a valid signature, a player only through its own session token).
  'POST /api/wallet/authenticate',
  'POST /api/wallet/balance',
  'POST /api/wallet/debit',
  'POST /api/wallet/credit',
  'POST /api/wallet/rollback',
  'POST /api/wallet/roundClose',
];

async function send(token: string | null, call: Call) {
  return t.request({
    method: call.method,
    url: call.url,
    ...(call.payload !== undefined ? { payload: call.payload } : {}),
    headers: call.headers ?? {},
    ...(token !== null ? { token } : {}),
  });
}

async function expectStatus(response: { statusCode: number; body: string }, status: number): Promise<void> {
  if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
}

/** The account ids of `name`'s subtree (itself included). */
async function subtreeOf(name: string): Promise<Set<string>> {
  const id = user(name).id;
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE id = $1 OR ancestors @> ARRAY[$1::uuid]', [id]);
  return new Set(rows.map((row) => row.id));
}

async function runCase(rc: RouteCase, actorRole: Role, kind: TargetKind): Promise<void> {
  const targetName = targetOf(actorRole, kind);
  if (targetName === null) return;
  const expected = actorRole === 'user' ? (kind === 'own' ? rc.player.own : rc.player.other) : rc.agents[kind];
  const actorName = ACTORS[actorRole];
  const token = fx.tokens.get(actorName) ?? '';
  const username = usernameOf(targetName);
  const call = await rc.call(username);
  const before = await businessStateDigest(t.db);
  const response = await send(token, call);
  const context = `${rc.route} by ${actorRole} on ${kind} (${username})`;
  expect({ context, status: response.statusCode }).toEqual({ context, status: expected });

  if (expected !== 200) {
    const parsed = response.json() as { data: Record<string, unknown>; message: string };
    expect({ context, data: parsed.data }).toEqual({ context, data: { code: expected === 403 ? 'FORBIDDEN' : 'NOT_FOUND' } });
    if (targetName !== 'nonexistent' && kind !== 'own') {
      const target = user(targetName);
      expect({ context, leaks: response.body.includes(target.id) || response.body.includes(target.username) }).toEqual({ context, leaks: false });
    }
    expect({ context, digest: await businessStateDigest(t.db) }).toEqual({ context, digest: before });
    return;
  }
  if (call.method === 'GET') expect({ context, digest: await businessStateDigest(t.db) }).toEqual({ context, digest: before });
  if (rc.route === 'GET /api/list-clients') {
    const allowed = await subtreeOf(actorName);
    const data = (response.json() as { data: ListClientsResponse }).data;
    const foreign = [data.parent._id, ...data.rows.map((row) => row._id)].filter((id) => !allowed.has(id));
    expect({ context, foreign }).toEqual({ context, foreign: [] });
  }
  await rc.restore?.(token, username);
}

beforeAll(async () => {
  t = await buildTestApp();
  await buildFixture();
}, 60_000);

describe.each(ROUTES)('$route', (rc) => {
  it.each([...ROLES])('as %s, on own / child / deep / sibling / ancestor / other branch / nonexistent', async (role) => {
    for (const kind of TARGET_KINDS) await runCase(rc, role, kind);
  });

  it('without a token, or with a forged one: 401 and no change', async () => {
    const before = await businessStateDigest(t.db);
    const call = await rc.call(user('a4').username);
    expect((await send(null, call)).statusCode).toBe(401);
    const forged = `${fx.tokens.get('rootA')?.slice(0, -4) ?? ''}AAAA`;
    expect((await send(forged, call)).statusCode).toBe(401);
    expect(await businessStateDigest(t.db)).toBe(before);
  });
});

/**
 * Lifting a lock (issue 15): only the agent that set it, or one above it. The three kinds of lock
 * on the player a5: the account lock, the bet lock and a per-market bet lock.
 */
describe('lifting a lock: the setter and its upline only', () => {
  const LOCKS: Array<{ name: string; route: 'users-lock' | 'bet-lock'; market: boolean }> = [
    { name: 'users-lock', route: 'users-lock', market: false },
    { name: 'bet-lock', route: 'bet-lock', market: false },
    { name: 'bet-lock with a marketId', route: 'bet-lock', market: true },
  ];
  const lockCall = async (route: string, market: boolean, username: string, lock: boolean): Promise<Call> => ({
    method: 'POST',
    url: `/api/${route}`,
    payload: { username, lock, transactionPassword: txn, ...(market ? { marketId: await matrixMarketId() } : {}) },
  });
  // setter, lifter (fixture names: a3 = MDL, a4 = DL), expected
  const CASES: Array<[string, string, Expected]> = [
    ['a3', 'a4', 403], // a DL lifting its MDL's lock
    ['a4', 'a3', 200], // an MDL lifting its DL's lock
    ['a4', 'a4', 200], // the setter lifting its own
    ['a3', 'a3', 200],
  ];
  describe.each(LOCKS)('$name', ({ route, market }) => {
    it.each(CASES)('set by %s, lifted by %s → %i', async (setter, lifter, expected) => {
      const target = user('a5').username;
      await matrixMarketId();
      await expectStatus(await send(fx.tokens.get(setter) ?? '', await lockCall(route, market, target, true)), 200);
      const before = await businessStateDigest(t.db);
      const response = await send(fx.tokens.get(lifter) ?? '', await lockCall(route, market, target, false));
      const context = `${route}${market ? ' (market)' : ''} set by ${setter}, lifted by ${lifter}`;
      expect({ context, status: response.statusCode }).toEqual({ context, status: expected });
      if (expected === 403) {
        expect({ context, body: response.json() as unknown }).toEqual({ context, body: { data: { code: 'FORBIDDEN' }, message: MESSAGES.lockSetAbove } });
        expect({ context, digest: await businessStateDigest(t.db) }).toEqual({ context, digest: before });
        // The setter lifts it, so the next case starts from an unlocked player.
        await expectStatus(await send(fx.tokens.get(setter) ?? '', await lockCall(route, market, target, false)), 200);
      }
      const { rows } = await t.db.query<{ locked: boolean }>(
        `SELECT (status = 'locked' OR bet_lock OR EXISTS (SELECT 1 FROM market_bet_locks m WHERE m.user_id = u.id)) AS locked
         FROM users u WHERE u.id = $1`,
        [user('a5').id],
      );
      expect(rows).toEqual([{ locked: false }]);
      await signInAll();
    });
  });
});

describe('POST /api/add-user', () => {
  /** The role asked for, relative to the actor's: own, child (allowed), grandchild, parent. */
  const offsets: Array<[string, number, Expected]> = [
    ['its own role', 0, 403],
    ['its child role', 1, 200],
    ['a grandchild role', 2, 403],
    ['its parent role', -1, 403],
  ];
  it.each([...ROLES])('as %s', async (actorRole) => {
    const token = fx.tokens.get(ACTORS[actorRole]) ?? '';
    const i = ROLES.indexOf(actorRole);
    for (const [name, offset, agentExpected] of offsets) {
      const role = ROLES[i + offset];
      if (role === undefined) continue;
      const expected = actorRole === 'user' ? 403 : agentExpected;
      const before = await businessStateDigest(t.db);
      const response = await send(token, {
        method: 'POST',
        url: '/api/add-user',
        payload: {
          username: `n${randomBytes(5).toString('hex')}`,
          displayName: 'Matrix',
          password: 'Matrix#Pass1',
          role,
          partnership: 0,
          creditReference: 0,
          commission: 0,
          exposureLimit: null,
          transactionPassword: txn,
        },
      });
      const context = `add-user ${role} (${name}) by ${actorRole}`;
      expect({ context, status: response.statusCode }).toEqual({ context, status: expected });
      if (expected !== 200) expect({ context, digest: await businessStateDigest(t.db) }).toEqual({ context, digest: before });
    }
  });
});

describe('the matrix covers the route table', () => {
  it('every route of the OpenAPI document has a matrix row or is a route without a target', () => {
    const documented = Object.entries((t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const covered = new Set([...ROUTES.map((rc) => rc.route), 'POST /api/add-user', ...NO_TARGET_ROUTES]);
    expect(documented.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !documented.includes(route))).toEqual([]);
  });
});

/**
 * Function level before validation (step 6 item 5): an agent-only route refuses a player with
 * 403 "Only agents can do this" before it reads the body or the query, so an invalid request
 * tells a player nothing of the schema. The same invalid request from an agent is a 400, which
 * shows that the player's 403 came first. Written out here, not read from the routes.
 */
const AGENT_ONLY_ROUTES: ReadonlyArray<{ method: 'GET' | 'POST'; url: string }> = [
  { method: 'GET', url: '/api/list-clients' },
  { method: 'GET', url: '/api/user-detail' },
  { method: 'POST', url: '/api/add-user' },
  { method: 'POST', url: '/api/update-user' },
  { method: 'POST', url: '/api/users-lock' },
  { method: 'POST', url: '/api/bet-lock' },
  { method: 'POST', url: '/api/change-child-password' },
  { method: 'POST', url: '/api/deposit-chips' },
  { method: 'POST', url: '/api/withdraw-chips' },
  { method: 'GET', url: '/api/get-market-analysis' },
  { method: 'GET', url: '/api/get-child-user-list' },
  { method: 'POST', url: '/api/update-deposit-withdraw-status' },
  { method: 'GET', url: '/api/downline-login-history' },
  { method: 'GET', url: '/api/downline-responsible-gambling' },
];

describe('agent-only routes: the wrong role with an invalid request gets 403, not 400', () => {
  it.each(AGENT_ONLY_ROUTES)('$method $url', async ({ method, url }) => {
    // Invalid for every route: a NUL byte in the query or the body, and no required field.
    const call: Call = method === 'GET' ? { method, url: `${url}?username=%00` } : { method, url, payload: { username: 'x\u0000' } };
    const before = await businessStateDigest(t.db);
    const player = await send(fx.tokens.get(ACTORS.user) ?? '', call);
    expect({ url, status: player.statusCode, body: player.json() }).toEqual({
      url,
      status: 403,
      body: { data: { code: 'FORBIDDEN' }, message: MESSAGES.agentsOnly },
    });
    expect(await businessStateDigest(t.db)).toBe(before);
    const agent = await send(fx.tokens.get(ACTORS.dl) ?? '', call);
    expect({ url, status: agent.statusCode }).toEqual({ url, status: 400 });
  });
});

/**
 * Function level before validation, generated from the OpenAPI document (QUALITY T9, issue 20
 * step 11): every operation's `x-access` (the access rule the hook enforces, written into the
 * document by plugins/swagger.ts) names the roles and the area that may call it. Every role
 * outside the roles gets 403 — or 401 when its token is of the other area — to a malformed
 * request, with nothing of the schema in the answer and nothing changed; a role inside gets the
 * 400 of validation for the same request, which shows the denial came first. A new route is in
 * this table by construction.
 */
interface DocumentedAccess {
  kind: 'public' | 'signedIn';
  area?: 'player' | 'admin';
  roles?: Role[];
}
interface DocumentedOperation {
  method: string;
  path: string;
  access: DocumentedAccess | null;
  hasInput: boolean;
}

function documentedOperations(): DocumentedOperation[] {
  const paths = (t.app.swagger() as { paths: Record<string, Record<string, { 'x-access'?: DocumentedAccess; requestBody?: unknown; parameters?: unknown[] }>> }).paths;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      access: op['x-access'] ?? null,
      hasInput: op.requestBody !== undefined || (op.parameters ?? []).length > 0,
    })),
  );
}

/** A request no schema accepts: an unknown field (or query key) holding a NUL byte, and no required field. */
function malformed(op: DocumentedOperation): Call {
  const url = op.path.replace(/\{[^}]+\}/g, '%00');
  return op.method === 'GET'
    ? { method: 'GET', url: `${url}?page=%00&limit=%00&username=%00&zz=%00` }
    : { method: op.method as 'POST', url, payload: { zz: 'x\u0000', page: 'x\u0000' } };
}

const areaOf = (role: Role) => (role === 'user' ? 'player' : 'admin');

describe('every route closed to a role refuses it before validation (generated from the OpenAPI document)', () => {
  it('every operation documents its access rule', () => {
    expect(documentedOperations().filter((op) => op.access === null).map((op) => `${op.method} ${op.path}`)).toEqual([]);
  });

  it('the table is not empty: admin-only, agent-only and player-only routes are all in it', () => {
    const closed = documentedOperations().filter((op) => op.access?.roles !== undefined || op.access?.area !== undefined);
    const ids = closed.map((op) => `${op.method} ${op.path}`);
    expect(ids).toEqual(expect.arrayContaining(['GET /api/sms-outbox', 'POST /api/add-user', 'POST /api/placebet', 'POST /api/save-setting-list']));
  });

  it.each([...ROLES])('as %s: 403 (or the 401 of the other area) on every route it may not call, with a malformed request', async (role) => {
    const token = fx.tokens.get(ACTORS[role]) ?? '';
    const wrong: string[] = [];
    for (const op of documentedOperations()) {
      const access = op.access;
      if (access === null || access.kind !== 'signedIn') continue;
      const otherArea = access.area !== undefined && access.area !== areaOf(role);
      const outsideRoles = access.roles !== undefined && !access.roles.includes(role);
      if (!otherArea && !outsideRoles) continue;
      const call = malformed(op);
      const before = op.method === 'GET' ? null : await businessStateDigest(t.db);
      const response = await send(token, call);
      const expected = otherArea ? { status: 401, code: 'TOKEN_INVALID' } : { status: 403, code: 'FORBIDDEN' };
      const got = response.json() as { data?: Record<string, unknown>; message?: string };
      const id = `${op.method} ${op.path}`;
      if (response.statusCode !== expected.status || got.data?.code !== expected.code) wrong.push(`${id}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      // Nothing of the schema: the answer is the code (with the 401's fixed reason) and a sentence.
      else if (!/^\{"code":"[A-Z_]+"(,"details":\{"reason":"[a-z]+"\})?\}$/.test(JSON.stringify(got.data))) wrong.push(`${id}: data ${JSON.stringify(got.data)}`);
      else if (/zz|\bpage\b|\blimit\b|must|schema|required|property/i.test(got.message ?? '')) wrong.push(`${id}: message ${got.message ?? ''}`);
      if (before !== null && (await businessStateDigest(t.db)) !== before) wrong.push(`${id}: state changed`);
    }
    expect(wrong).toEqual([]);
  });

  it('a role the route admits gets the 400 of validation for the same request (so the denials above came first)', async () => {
    const wrong: string[] = [];
    for (const op of documentedOperations()) {
      const access = op.access;
      if (access === null || access.kind !== 'signedIn' || access.roles === undefined || !op.hasInput) continue;
      const role = access.roles.find((r) => access.area === undefined || access.area === areaOf(r));
      if (role === undefined) continue;
      const response = await send(fx.tokens.get(ACTORS[role]) ?? '', malformed(op));
      if (response.statusCode !== 400) wrong.push(`${op.method} ${op.path} as ${role}: ${response.statusCode} ${response.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * Field level (BOPLA / mass assignment, QUALITY T9, ASVS 15.3.3), generated from the document:
 * every JSON write body is closed (`additionalProperties: false`: the validator drops unknown
 * fields before a handler sees them), and the only bodies that take one of the protected field
 * names are the reviewed ones below. Then, at run time, an agent's allowed update-user carrying
 * all of them changes none of them.
 */
const PROTECTED_FIELDS = ['role', 'parentId', 'parent_id', 'balance', 'exposure', 'creditLimit', 'status', 'ancestors', 'betLock', 'createdBy'];
const REVIEWED_PROTECTED_INPUTS: Record<string, string[]> = {
  // The role of the account being created, checked against the creator's (add-user matrix above).
  'POST /api/add-user': ['role'],
  // The decision on a payment request (accept/reject), for agents of its upline only.
  'POST /api/update-deposit-withdraw-status': ['status'],
};

describe('mass assignment: write bodies take no protected field (generated from the OpenAPI document)', () => {
  it('every JSON body is closed and declares protected fields only where reviewed', () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { additionalProperties?: unknown; properties?: Record<string, unknown> } }> } }>> }).paths;
    const found: Record<string, string[]> = {};
    const open: string[] = [];
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const schema = op.requestBody?.content['application/json']?.schema;
        if (schema === undefined) continue;
        const id = `${method.toUpperCase()} ${path}`;
        if (schema.additionalProperties !== false) open.push(id);
        const taken = Object.keys(schema.properties ?? {}).filter((name) => PROTECTED_FIELDS.includes(name));
        if (taken.length > 0) found[id] = taken;
      }
    }
    expect(open).toEqual([]);
    expect(found).toEqual(REVIEWED_PROTECTED_INPUTS);
  });

  it('update-user with role, parentId, balance, exposure, creditLimit and status changes none of them', async () => {
    const target = user('a5');
    const read = async () =>
      (
        await t.db.query(
          `SELECT u.role, u.parent_id, u.status, u.bet_lock, w.balance_minor::text AS balance, w.exposure_minor::text AS exposure
             FROM users u JOIN ledger_accounts w ON w.user_id = u.id WHERE u.id = $1`,
          [target.id],
        )
      ).rows[0] as unknown;
    const before = await read();
    const response = await send(fx.tokens.get(ACTORS.dl) ?? '', {
      method: 'POST',
      url: '/api/update-user',
      payload: {
        username: target.username,
        displayName: 'Matrix',
        exposureLimit: null,
        transactionPassword: txn,
        ...(await currentFields(target.username)),
        role: 'admin',
        parentId: user('b4').id,
        balance: 1e9,
        exposure: -5,
        creditLimit: 1e9,
        status: 'closed',
        betLock: true,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/password_?hash|refresh_?token|\$argon2/i);
    expect(await read()).toEqual(before);
  });
});
