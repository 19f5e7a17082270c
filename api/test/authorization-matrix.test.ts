/**
 * The authorization matrix (docs/rules/test-plan.md T9): every route that names an account's object × every role
 * it admits × every kind of target, over a fixture tree with two branches (and a second root).
 *
 * The cases are generated from the OpenAPI document: `x-access` says which roles a route admits,
 * `x-target` (declared once per route, beside its access rule) which of its inputs names an
 * account, a bet, a payment request, a screenshot or a saved payout account. A route whose input
 * looks like such a name (`username`, `id`, `…Ids`, …) and has no `x-target` fails the coverage
 * test unless it is in the short reviewed list of inputs that name nobody's object.
 *
 * Every case checks, for every route: a target of a sibling, an ancestor or another branch gets
 * 403, or exactly the answer a nonexistent id gets (the same 404, or the same empty list), so
 * there is no existence oracle; a denied answer holds no field of the target (its owner's id or
 * username, its account number or UTR); and a denial changes nothing (a digest of users, wallets,
 * journals, sessions, bets, payments and the audit log before and after). Where a route acts on
 * its targets in a way worth pinning, a hand-written row adds the exact status per target kind,
 * written out here independently of the policy module, and undoes an allowed effect; every other
 * route shows that the fixture's own targets are real (some in-scope answer differs from the
 * nonexistent one).
 */
import { MESSAGES, ROLES, SITE_MESSAGES, type ListClientsResponse, type PlaceBetResponse, type Role } from '@backlay/shared/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import * as paymentsRepo from '../src/payments/payments.repository';
import { addSite } from './site-helper';
import { reencodeScreenshot, ScreenshotStore } from '../src/payments/screenshot-store';
import {
  buildTestApp,
  businessStateDigest,
  createTestMarket,
  idempotent,
  TEST_PASSWORD,
  TEST_TXN_PASSWORD,
  type TestContext,
  type TestMarket,
  type TestUser,
} from './helper';

/** The password change-child-password sets in the matrix (restored to TEST_PASSWORD after). */
const MATRIX_RESET_PASSWORD = 'Matrix#Reset2';

let t: TestContext;
afterAll(() => t.close());

type TargetKind = 'own' | 'child' | 'deep' | 'sibling' | 'ancestor' | 'otherBranch' | 'nonexistent';
/** Nonexistent first: every other answer is compared with it. */
const TARGET_KINDS: readonly TargetKind[] = ['nonexistent', 'own', 'child', 'deep', 'sibling', 'ancestor', 'otherBranch'];
const FOREIGN_KINDS: ReadonlySet<TargetKind> = new Set(['sibling', 'ancestor', 'otherBranch']);
type Expected = 200 | 400 | 403 | 404;

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

/** What a request's target input names (`x-target` kinds, plugins/swagger.ts). */
type ObjectKind = 'user' | 'player' | 'bet' | 'paymentRequest' | 'screenshot' | 'savedAccount';
/** Objects only a player has: for an agent actor, the target is a player below the target account. */
const PLAYER_OWNED: ReadonlySet<ObjectKind> = new Set(['player', 'bet', 'savedAccount']);

interface Fixture {
  users: Map<string, TestUser>;
  parents: Map<string, string | null>;
  tokens: Map<string, string>;
}

const fx: Fixture = { users: new Map(), parents: new Map(), tokens: new Map() };
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

/** True when `name` is `ancestor` or below it in the fixture tree. */
function isUnder(name: string, ancestor: string): boolean {
  for (let at: string | null | undefined = name; at != null; at = fx.parents.get(at)) if (at === ancestor) return true;
  return false;
}

/**
 * The fixture account that owns the object of a target kind: the target account itself, or for
 * a player-only object (a bet, a saved account) and an agent target, the first player below it
 * (none for the actor's own or an ancestor's, which are agents).
 */
function ownerOf(actorRole: Role, kind: TargetKind, object: ObjectKind): string | null {
  const name = targetOf(actorRole, kind);
  if (name === null || name === 'nonexistent' || !PLAYER_OWNED.has(object) || user(name).role === 'user') return name;
  if (kind === 'own' || kind === 'ancestor') return null;
  return [...fx.users.keys()].find((other) => user(other).role === 'user' && isUnder(other, name)) ?? null;
}

/**
 * rootA ─ a1 ─ a2 ─ a3 ─ a4 ─ a5      (the actors, admin → user)
 *   │      s2   s3   s4   s5           (siblings: sN is a child of a(N−1))
 *   ├─ s1                              (a1's sibling)
 *   └─ b1 ─ b2 ─ b3 ─ b4 ─ b5          (the other branch)
 * rootZ ─ z1 ─ z2 ─ z3 ─ z4 ─ z5       (another root)
 * and below each agent sibling sN a chain sNc(N+1) … sNc5 down to a player, so that every
 * sibling and other branch holds a player's bets, saved accounts and settings.
 */
async function buildFixture(): Promise<void> {
  const add = async (name: string, role: Role, parent: string | null) => {
    const created = await t.createUser({
      role,
      parentId: parent === null ? null : user(parent).id,
      username: `${name}-${randomBytes(3).toString('hex')}`,
    });
    fx.users.set(name, created);
    fx.parents.set(name, parent);
  };
  await add('rootA', 'admin', null);
  await add('rootZ', 'admin', null);
  for (let i = 1; i <= 5; i += 1) {
    const role = ROLES[i] as Role;
    await add(`a${i}`, role, i === 1 ? 'rootA' : `a${i - 1}`);
    await add(`s${i}`, role, i === 1 ? 'rootA' : `a${i - 1}`);
    await add(`b${i}`, role, i === 1 ? 'rootA' : `b${i - 1}`);
    await add(`z${i}`, role, i === 1 ? 'rootZ' : `z${i - 1}`);
  }
  for (let n = 1; n <= 4; n += 1) {
    for (let m = n + 1; m <= 5; m += 1) await add(`s${n}c${m}`, ROLES[m] as Role, m === n + 1 ? `s${n}` : `s${n}c${m - 1}`);
  }
  for (const created of fx.users.values()) await t.fund(created.id, 1_000_000n);
  await signInAll();
  // Every player has a responsible-gambling setting, so the agents' view of them has a row to show or hide.
  for (const [name, player] of fx.users) {
    if (player.role !== 'user') continue;
    const set = await send(await playerToken(name), { method: 'POST', url: '/api/rg-reality-check', payload: { minutes: 30 } });
    await expectStatus(set, 200);
  }
}

async function signInAll(): Promise<void> {
  for (const name of CHAIN) {
    await t.db.query('UPDATE users SET must_change_password = false WHERE id = $1', [user(name).id]);
    fx.tokens.set(name, (await t.login(user(name))).token);
  }
}

/** A token of a fixture player, for making its bets (the chain's own, else a login of its own). */
const playerTokens = new Map<string, string>();
async function playerToken(name: string): Promise<string> {
  const known = fx.tokens.get(name) ?? playerTokens.get(name);
  if (known !== undefined) return known;
  await t.db.query('UPDATE users SET must_change_password = false WHERE id = $1', [user(name).id]);
  const token = (await t.login(user(name), undefined, OTHER_SITE.includes(name) ? SIXER_HOST : undefined)).token;
  playerTokens.set(name, token);
  return token;
}

interface Call {
  method: 'GET' | 'POST' | 'DELETE';
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

/**
 * A hand-written row: the exact answer per kind of target where the route's behaviour is worth
 * pinning, a request of its own where the document cannot describe one, and the undoing of an
 * allowed effect. The generated runner takes it in place of its generic request and checks.
 */
interface RouteCase {
  route: string;
  /** Tells two rows of one route apart. */
  variant?: string;
  /** The request for a target value (the target field's value); default: built from the document. */
  call?: (value: string) => Promise<Call> | Call;
  /** What each agent role gets on each kind of target. */
  agents?: Record<TargetKind, Expected>;
  /** What a player gets on its own target and on any other (routes that admit players). */
  player?: { own: Expected; other: Expected };
  /** Undo an allowed effect so later cases start from the same tree. */
  restore?: (actorToken: string, value: string) => Promise<void>;
  /** More to check of an allowed answer. */
  check?: (actorName: string, response: { body: string }) => Promise<string[]>;
}

const txn = TEST_TXN_PASSWORD;
const HAND_ROWS: RouteCase[] = [
  {
    route: 'GET /api/list-clients',
    agents: DOWNLINE_AND_SELF,
    // Only accounts of the caller's subtree (set comparison).
    check: async (actorName, response) => {
      const allowed = await subtreeOf(actorName);
      const data = (JSON.parse(response.body) as { data: ListClientsResponse }).data;
      return [data.parent._id, ...data.rows.map((row) => row._id)].filter((id) => !allowed.has(id)).map((id) => `foreign id ${id} listed`);
    },
  },
  // Self is allowed: the add-user form reads the agent's own partnership as the cap.
  { route: 'GET /api/user-detail', agents: DOWNLINE_AND_SELF },
  {
    route: 'POST /api/update-user',
    call: async (username) => ({
      method: 'POST',
      url: '/api/update-user',
      payload: { username, displayName: 'Matrix', exposureLimit: null, transactionPassword: txn, ...(await currentFields(username)) },
    }),
    agents: DOWNLINE_NOT_SELF,
  },
  { route: 'POST /api/deposit-chips', agents: DIRECT_CHILD_ONLY },
  { route: 'POST /api/withdraw-chips', agents: DIRECT_CHILD_ONLY },
  {
    route: 'POST /api/users-lock',
    call: (username) => ({ method: 'POST', url: '/api/users-lock', payload: { username, lock: true, transactionPassword: txn } }),
    agents: DOWNLINE_NOT_SELF,
    restore: async (token, username) => {
      await expectStatus(await send(token, { method: 'POST', url: '/api/users-lock', payload: { username, lock: false, transactionPassword: txn } }), 200);
      await signInAll();
    },
  },
  {
    route: 'POST /api/bet-lock',
    call: (username) => ({ method: 'POST', url: '/api/bet-lock', payload: { username, lock: true, transactionPassword: txn } }),
    agents: DOWNLINE_NOT_SELF,
    restore: async (token, username) => {
      await expectStatus(await send(token, { method: 'POST', url: '/api/bet-lock', payload: { username, lock: false, transactionPassword: txn } }), 200);
    },
  },
  // Step 4: the same route with a marketId locks one market for the target's subtree (same rule).
  {
    route: 'POST /api/bet-lock',
    variant: 'with a marketId',
    call: async (username) => ({
      method: 'POST',
      url: '/api/bet-lock',
      payload: { username, marketId: await matrixMarketId(), lock: true, transactionPassword: txn },
    }),
    agents: DOWNLINE_NOT_SELF,
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
    // Not the account's current password (TEST_PASSWORD): the policy refuses the previous one.
    call: (username) => ({ method: 'POST', url: '/api/change-child-password', payload: { username, newPassword: MATRIX_RESET_PASSWORD, transactionPassword: txn } }),
    agents: DOWNLINE_NOT_SELF,
    restore: async (_token, username) => {
      await t.db.query('UPDATE users SET must_change_password = false, password_hash = $2 WHERE lower(username) = lower($1)', [
        username,
        await t.services.passwords.hash(TEST_PASSWORD),
      ]);
      playerTokens.clear();
      await signInAll();
    },
  },
  {
    route: 'GET /api/account-statement',
    call: (username) => ({ method: 'GET', url: `/api/account-statement?username=${username}&startDate=2026-01-01&endDate=2030-12-31` }),
    agents: DOWNLINE_AND_SELF,
    player: { own: 200, other: 404 },
  },
  // The CSV exports (ADR 0067): the same access as their JSON routes, row for row.
  {
    route: 'GET /api/account-statement/export',
    call: (username) => ({ method: 'GET', url: `/api/account-statement/export?username=${username}&startDate=2026-01-01&endDate=2030-12-31` }),
    agents: DOWNLINE_AND_SELF,
    player: { own: 200, other: 404 },
  },
  { route: 'GET /api/bet-history/export', agents: DOWNLINE_AND_SELF, player: { own: 200, other: 404 } },
  {
    route: 'GET /api/get-deposit-withdraw-list/export',
    call: (username) => ({ method: 'GET', url: `/api/get-deposit-withdraw-list/export?type=deposit&startDate=2026-01-01&endDate=2030-12-31&reportType=all&username=${username}` }),
    agents: DOWNLINE_AND_SELF,
    player: { own: 200, other: 404 },
  },
  { route: 'GET /api/list-clients/export', agents: DOWNLINE_AND_SELF },
  // A site's registration agent (ADR 0074 "Content per site"): a DL of the caller's downline on
  // the site; the fixture's own, child and deep targets of admin and sadmin are no DL (400), a
  // foreign one is the same 404 as none. site-content.test.ts sets a real one.
  {
    route: 'POST /api/save-registration-agent',
    agents: { own: 400, child: 400, deep: 400, sibling: 404, ancestor: 404, otherBranch: 404, nonexistent: 404 },
  },
  // Payments (step 5): the target is the owner of the request or screenshot.
  { route: 'POST /api/get-deposit-withdraw-list', agents: DOWNLINE_AND_SELF, player: { own: 200, other: 404 } },
  // Any agent above the owner decides; the owner never does (players: agents only).
  { route: 'POST /api/update-deposit-withdraw-status', agents: DOWNLINE_NOT_SELF },
  { route: 'GET /api/payment-screenshot/{id}', agents: DOWNLINE_AND_SELF, player: { own: 200, other: 404 } },
  // A withdrawal to a saved account: the player's own only (the form is not in the document).
  {
    route: 'POST /api/add-deposit-withdraw',
    call: (bankDetail) => ({
      method: 'POST',
      url: '/api/add-deposit-withdraw',
      headers: idempotent(randomUUID()),
      payload: { type: 'withdraw', amount: 100, accountType: 'bank', bankDetail },
    }),
    player: { own: 200, other: 404 },
  },
  // Bet reports (step 4): the bet history of one account, and the book per direct child of one account.
  { route: 'GET /api/bet-history', agents: DOWNLINE_AND_SELF, player: { own: 200, other: 404 } },
  {
    route: 'GET /api/get-child-user-list',
    call: (username) => ({ method: 'GET', url: `/api/get-child-user-list?username=${username}&matchId=no-such-match` }),
    agents: DOWNLINE_AND_SELF,
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

let betMarket: TestMarket | null = null;

/** What a request names, and the strings of the target a denial must not show. */
interface TargetObject {
  value: string;
  fields: string[];
}

const screenshots = new Map<string, string>();
const sharedBets = new Map<string, string>();

/**
 * The object of `kind` owned by fixture account `owner` (`fresh`: a new one, for a route that may
 * change it, so each case starts from an untouched object), or for the nonexistent target a
 * well-formed id (a username) that names nothing. Made before the case's digest is taken.
 */
async function objectOf(kind: ObjectKind, owner: string, fresh: boolean): Promise<TargetObject> {
  if (owner === 'nonexistent') return { value: kind === 'user' ? `ghost-${randomBytes(4).toString('hex')}` : randomUUID(), fields: [] };
  const account = user(owner);
  const fields = [account.id, account.username];
  switch (kind) {
    case 'user':
    case 'player':
      return { value: account.username, fields };
    case 'screenshot': {
      const id = screenshots.get(owner) ?? (await storeScreenshot(account.id));
      screenshots.set(owner, id);
      return { value: id, fields };
    }
    case 'paymentRequest': {
      const id = randomUUID();
      const utrNo = `MTX${randomBytes(8).toString('hex').toUpperCase()}`;
      await paymentsRepo.insertPaymentRequest(t.db, {
        id,
        userId: account.id,
        type: 'deposit',
        amountMinor: 100n,
        accountType: 'upi',
        remark: 'matrix',
        utrNo,
        screenshotId: await storeScreenshot(account.id),
        payoutAccountId: null,
        payoutUpiId: null,
        payoutHolderName: null,
        payoutAccountNumber: null,
        payoutIfscCode: null,
        holdJournalId: null,
      });
      return { value: id, fields: [...fields, utrNo] };
    }
    case 'bet': {
      const known = fresh ? undefined : sharedBets.get(owner);
      if (known !== undefined) return { value: known, fields };
      betMarket ??= await createTestMarket(t, { H: [250, 252], A: [300, 302] });
      const placed = await send(await playerToken(owner), {
        method: 'POST',
        url: '/api/placebet',
        headers: { ...idempotent(randomUUID()), ...(OTHER_SITE.includes(owner) ? { host: SIXER_HOST } : {}) },
        payload: { matchId: betMarket.matchId, marketId: betMarket.marketId, selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 },
      });
      await expectStatus(placed, 200);
      const betId = (placed.json() as { data: PlaceBetResponse }).data.bet.betId;
      if (!fresh) sharedBets.set(owner, betId);
      return { value: betId, fields };
    }
    case 'savedAccount': {
      const accountNumber = `7${randomBytes(5).readUIntBE(0, 5).toString().padStart(13, '0')}`;
      const saved = await paymentsRepo.insertSavedBank(t.db, account.id, { accountHolderName: 'Matrix Holder', accountNumber, ifscCode: 'HDFC0001234' });
      if (saved === null) throw new Error('saved account not stored');
      return { value: saved.id, fields: [...fields, accountNumber] };
    }
  }
}

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

/** Sample values of required inputs, by name (else by type), for a request built from the document. */
const SAMPLES: Record<string, unknown> = {
  transactionPassword: txn,
  amount: 1,
  remark: 'matrix',
  reason: 'matrix',
  newPassword: MATRIX_RESET_PASSWORD,
  startDate: '2020-01-01',
  endDate: '2099-12-31',
};
function sample(name: string, schema: JsonSchema): unknown {
  if (name in SAMPLES) return SAMPLES[name];
  if (schema.enum !== undefined) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return [sample(name, schema.items ?? {})];
    default:
      return 'matrix';
  }
}

/** A valid request of the operation with `value` in its target input, from the document alone. */
function requestFromDocument(op: DocumentedOperation, target: DocumentedTarget, value: string): Call {
  const inputs = op.inputs.filter((input) => input.required || input.name === target.field);
  const valueOf = (input: DocumentedInput) => {
    if (input.name !== target.field) return sample(input.name, input.schema);
    return input.schema.type === 'array' ? [value] : value;
  };
  const pathInput = (name: string): DocumentedInput =>
    op.inputs.find((input) => input.in === 'path' && input.name === name) ?? { in: 'path', name, required: true, schema: {} };
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(valueOf(pathInput(name)))));
  const query = inputs.filter((i) => i.in === 'query').map((i) => `${i.name}=${encodeURIComponent(String(valueOf(i)))}`);
  const headers = Object.fromEntries(inputs.filter((i) => i.in === 'header').map((i) => [i.name, randomUUID()]));
  const body = inputs.filter((i) => i.in === 'body');
  return {
    method: op.method as Call['method'],
    url: query.length === 0 ? path : `${path}?${query.join('&')}`,
    headers,
    ...(body.length === 0 && op.method === 'GET' ? {} : { payload: Object.fromEntries(body.map((i) => [i.name, valueOf(i)])) }),
  };
}

const areaOf = (role: Role) => (role === 'user' ? 'player' : 'admin');

/** The roles an operation admits, from its `x-access`. */
function admittedRoles(op: DocumentedOperation): Role[] {
  const access = op.access;
  if (access === null || access.kind !== 'signedIn') return [];
  return ROLES.filter((role) => (access.roles === undefined || access.roles.includes(role)) && (access.area === undefined || access.area === areaOf(role)));
}

/** The matrix's rows: one per target of every operation with `x-target` (several where hand rows split a route). */
interface MatrixRow {
  id: string;
  op: DocumentedOperation;
  target: DocumentedTarget;
  hand: RouteCase | null;
}
function matrixRows(): MatrixRow[] {
  return documentedOperations().flatMap((op) =>
    (op.targets ?? []).flatMap((target): MatrixRow[] => {
      const route = `${op.method} ${op.path}`;
      const hands = HAND_ROWS.filter((row) => row.route === route);
      return hands.length === 0
        ? [{ id: `${route} (${target.field})`, op, target, hand: null }]
        : hands.map((hand) => ({ id: `${route} (${target.field}${hand.variant === undefined ? '' : `, ${hand.variant}`})`, op, target, hand }));
    }),
  );
}

async function callOf(row: MatrixRow, value: string): Promise<Call> {
  return row.hand?.call !== undefined ? row.hand.call(value) : requestFromDocument(row.op, row.target, value);
}

/** The answer with the target's value blanked, to compare a foreign target's answer with a nonexistent one's. */
const shape = (response: { statusCode: number; body: string }, value: string) => `${response.statusCode} ${response.body.split(value).join('<target>')}`;

/** Every kind of target for one role on one row; returns what is wrong. */
async function runRow(row: MatrixRow, role: Role): Promise<string[]> {
  const wrong: string[] = [];
  const actorName = ACTORS[role];
  const fresh = row.op.method !== 'GET';
  let nonexistent = '';
  let recognised: boolean | null = null;
  for (const kind of TARGET_KINDS) {
    const owner = ownerOf(role, kind, row.target.kind);
    if (owner === null) continue;
    const target = await objectOf(row.target.kind, owner, fresh);
    const call = await callOf(row, target.value);
    const token = fx.tokens.get(actorName) ?? '';
    const before = await businessStateDigest(t.db);
    const response = await send(token, call);
    const context = `${row.id} as ${role} on ${kind}`;
    const answer = shape(response, target.value);
    const foreign = FOREIGN_KINDS.has(kind);
    const hand = row.hand;
    const expected = hand === null ? undefined : role === 'user' ? hand.player?.[kind === 'own' ? 'own' : 'other'] : hand.agents?.[kind];
    if (expected !== undefined && response.statusCode !== expected) wrong.push(`${context}: ${response.statusCode}, expected ${expected}: ${response.body.slice(0, 200)}`);
    if (expected !== undefined && expected !== 200) {
      const code = (response.json() as { data?: { code?: string } }).data?.code;
      if (code !== ({ 400: 'VALIDATION', 403: 'FORBIDDEN', 404: 'NOT_FOUND' } as const)[expected]) wrong.push(`${context}: code ${code ?? 'none'}`);
    }
    if (response.statusCode >= 500 || (response.statusCode === 400 && expected === undefined)) wrong.push(`${context}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    if (kind === 'nonexistent') nonexistent = answer;
    else if (foreign && response.statusCode !== 403 && answer !== nonexistent) {
      wrong.push(`${context}: answer differs from a nonexistent target's (${answer.slice(0, 200)} vs ${nonexistent.slice(0, 200)})`);
    }
    else if (!foreign) recognised = (recognised ?? false) || answer !== nonexistent;
    const denied = foreign || kind === 'nonexistent' || response.statusCode >= 400;
    if (denied && kind !== 'own') {
      const shown = target.fields.filter((field) => response.body.includes(field));
      if (shown.length > 0) wrong.push(`${context}: the answer holds ${shown.join(', ')}`);
    }
    if ((denied || call.method === 'GET') && (await businessStateDigest(t.db)) !== before) wrong.push(`${context}: state changed`);
    if (!denied && row.hand !== null) {
      for (const problem of (await row.hand.check?.(actorName, response)) ?? []) wrong.push(`${context}: ${problem}`);
      await row.hand.restore?.(fx.tokens.get(actorName) ?? '', target.value);
    }
  }
  // Without exact answers, some target of the caller's own must be told apart from a nonexistent one.
  if (row.hand === null && recognised === false) wrong.push(`${row.id} as ${role}: no own, child or deep target answered otherwise than a nonexistent one`);
  return wrong;
}

beforeAll(async () => {
  t = await buildTestApp();
  await buildFixture();
  await buildOtherSite();
}, 90_000);

describe('every target route × every role it admits × own / child / deep / sibling / ancestor / other branch / nonexistent (generated from the OpenAPI document)', () => {
  it('the matrix has a row for every target of the document, and every hand-written row is one of them', () => {
    const ids = matrixRows().map((row) => row.id);
    expect(ids.length).toBeGreaterThanOrEqual(20);
    const routes = new Set(matrixRows().map((row) => `${row.op.method} ${row.op.path}`));
    expect(HAND_ROWS.map((row) => row.route).filter((route) => !routes.has(route))).toEqual([]);
  });

  it.each([...ROLES])('as %s, on every target of every route it may call', async (role) => {
    const wrong: string[] = [];
    for (const row of matrixRows()) if (admittedRoles(row.op).includes(role)) wrong.push(...(await runRow(row, role)));
    expect(wrong).toEqual([]);
  });

  it('without a token, or with a forged one: 401 and no change, on every row', async () => {
    const wrong: string[] = [];
    const forged = `${fx.tokens.get('rootA')?.slice(0, -4) ?? ''}AAAA`;
    for (const row of matrixRows()) {
      const owner = ownerOf('dl', 'child', row.target.kind) ?? 'a5';
      const call = await callOf(row, (await objectOf(row.target.kind, owner, row.op.method !== 'GET')).value);
      const before = await businessStateDigest(t.db);
      for (const token of [null, forged]) {
        const status = (await send(token, call)).statusCode;
        if (status !== 401) wrong.push(`${row.id} ${token === null ? 'without a token' : 'forged'}: ${status}`);
      }
      if ((await businessStateDigest(t.db)) !== before) wrong.push(`${row.id}: state changed`);
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * The site dimension (issue 35, ADR 0074 "Isolation, proved"): a second site, Sixer, on its own
 * host, with its own chain below the root whose usernames are the main chain's (x1 … x5 are
 * a1 … a5 on the other site) and a player of a name the main site has not (xo).
 *
 *   rootA ─ a1 ─ … ─ a5          (the default site, any host but SIXER_HOST)
 *     └─── x1 ─ … ─ x5 ─         (Sixer: the same usernames)
 *                   x4 ─ xo      (Sixer only)
 */
const SIXER_HOST = 'matrix.sixer.test';
const OTHER_SITE = ['x1', 'x2', 'x3', 'x4', 'x5', 'xo'];
const otherTokens = new Map<string, string>();

async function buildOtherSite(): Promise<void> {
  await addSite(t, [SIXER_HOST]);
  const add = async (name: string, role: Role, parent: string, username: string) => {
    const created = await t.createUser({ role, parentId: user(parent).id, username, ...(role === 'sadmin' ? { siteId: 'sixer' } : {}) });
    fx.users.set(name, created);
    fx.parents.set(name, parent);
    await t.fund(created.id, 1_000_000n);
  };
  for (let i = 1; i <= 5; i += 1) await add(`x${i}`, ROLES[i] as Role, i === 1 ? 'rootA' : `x${i - 1}`, user(`a${i}`).username);
  await add('xo', 'user', 'x4', `xo-${randomBytes(3).toString('hex')}`);
  for (const name of ['x1', 'x5', 'xo']) {
    await t.db.query('UPDATE users SET must_change_password = false WHERE id = $1', [user(name).id]);
    otherTokens.set(name, (await t.login(user(name), undefined, SIXER_HOST)).token);
  }
}

/** A digest of the other site's accounts and everything they own (the accounts' sessions, wallets, bets, requests). */
async function otherSiteDigest(): Promise<string> {
  const { rows } = await t.db.query<{ digest: string }>(
    `WITH s AS (SELECT id FROM users WHERE site_id = 'sixer')
     SELECT md5(coalesce(string_agg(x, '|' ORDER BY x), '')) AS digest FROM (
       SELECT concat_ws(':', 'u', id, username, display_name, status, bet_lock, password_hash, txn_password_hash, must_change_password,
                        partnership_share_bps, credit_reference_minor, commission_bps, exposure_limit_minor, parent_id) FROM users WHERE id IN (SELECT id FROM s)
       UNION ALL SELECT concat_ws(':', 'a', id, balance_minor, exposure_minor, version) FROM ledger_accounts WHERE user_id IN (SELECT id FROM s)
       UNION ALL SELECT concat_ws(':', 's', id, ended_at, ended_reason) FROM sessions WHERE user_id IN (SELECT id FROM s)
       UNION ALL SELECT concat_ws(':', 'p', id, status, decided_by) FROM payment_requests WHERE user_id IN (SELECT id FROM s)
       UNION ALL SELECT concat_ws(':', 'sb', id, deleted_at) FROM saved_bank_accounts WHERE user_id IN (SELECT id FROM s)
       UNION ALL SELECT concat_ws(':', 'b', id, status) FROM bets WHERE user_id IN (SELECT id FROM s)
       UNION ALL SELECT concat_ws(':', 'mbl', user_id, market_id) FROM market_bet_locks WHERE user_id IN (SELECT id FROM s)
     ) AS t(x)`,
  );
  return rows[0]?.digest ?? '';
}

/**
 * The other site's targets of a row for an actor of the default site: by name, the other site's
 * account of the actor's child's name (which resolves to the actor's own child, on its own site)
 * and a name only the other site has (which resolves to nothing); by id, the other site's player's
 * object (which the hierarchy refuses). The root's id-based views see every site (ADR 0074), so
 * ids are not its targets here; its names resolve on its site like anyone's.
 */
function otherSiteTargets(role: Role, object: ObjectKind): Array<{ kind: 'sameName' | 'otherOnly' | 'byId'; owner: string }> {
  if (object === 'user' || object === 'player') {
    const i = ROLES.indexOf(role);
    const child = role === 'user' ? 'x5' : `x${Math.min(i + 1, 5)}`;
    return [
      { kind: 'sameName', owner: child },
      { kind: 'otherOnly', owner: 'xo' },
    ];
  }
  return role === 'admin' ? [] : [{ kind: 'byId', owner: 'xo' }];
}

/** Every target of the other site for one role on one row; returns what is wrong, and whether the row ran. */
async function runRowAcrossSites(row: MatrixRow, role: Role): Promise<{ wrong: string[]; ran: boolean }> {
  const wrong: string[] = [];
  const targets = otherSiteTargets(role, row.target.kind);
  if (targets.length === 0) return { wrong, ran: false };
  const actorName = ACTORS[role];
  const fresh = row.op.method !== 'GET';
  const nonexistentTarget = await objectOf(row.target.kind, 'nonexistent', fresh);
  const nonexistentAnswer = shape(await send(fx.tokens.get(actorName) ?? '', await callOf(row, nonexistentTarget.value)), nonexistentTarget.value);
  const otherIds = OTHER_SITE.map((name) => user(name).id);
  for (const { kind, owner } of targets) {
    const target = await objectOf(row.target.kind, owner, fresh);
    const call = await callOf(row, target.value);
    const before = await businessStateDigest(t.db);
    const otherBefore = await otherSiteDigest();
    const response = await send(fx.tokens.get(actorName) ?? '', call);
    const context = `${row.id} as ${role} on the other site's ${kind} (${owner})`;
    if (response.statusCode >= 500) wrong.push(`${context}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    // Nothing of the other site's accounts in any answer: their ids (their names are the main site's).
    const shown = otherIds.filter((id) => response.body.includes(id));
    if (shown.length > 0) wrong.push(`${context}: the answer holds the other site's ${shown.join(', ')}`);
    if ((await otherSiteDigest()) !== otherBefore) wrong.push(`${context}: the other site's state changed`);
    if (kind !== 'sameName') {
      // Nothing found: the same answer as a nonexistent target's (or a 403), and nothing changed at all.
      if (response.statusCode !== 403 && shape(response, target.value) !== nonexistentAnswer) {
        wrong.push(`${context}: answer differs from a nonexistent target's (${shape(response, target.value).slice(0, 200)} vs ${nonexistentAnswer.slice(0, 200)})`);
      }
      const fields = target.fields.filter((field) => response.body.includes(field));
      if (fields.length > 0) wrong.push(`${context}: the answer holds ${fields.join(', ')}`);
      if ((await businessStateDigest(t.db)) !== before) wrong.push(`${context}: state changed`);
    } else if (response.statusCode < 400 && row.hand !== null) {
      // The name reached the actor's own site's account of that name: undo what it did there.
      await row.hand.restore?.(fx.tokens.get(actorName) ?? '', target.value);
    }
  }
  return { wrong, ran: true };
}

describe('the site dimension: no route reaches another site, by name or by id (generated from the same rows)', () => {
  it.each([...ROLES])("as %s of the default site, on the other site's targets of every route it may call", async (role) => {
    const wrong: string[] = [];
    for (const row of matrixRows()) if (admittedRoles(row.op).includes(role)) wrong.push(...(await runRowAcrossSites(row, role)).wrong);
    expect(wrong).toEqual([]);
  });

  it('every row of the matrix has a cross-site case for some role (a new route is covered, a missing one fails)', async () => {
    const rows = matrixRows();
    expect(rows.length).toBeGreaterThanOrEqual(20);
    const uncovered = rows
      .filter((row) => !admittedRoles(row.op).some((role) => otherSiteTargets(role, row.target.kind).length > 0))
      .map((row) => row.id);
    expect(uncovered).toEqual([]);
  });

  it("a session is refused on the other site's host (401) on every signed-in route, both ways, and changes nothing", async () => {
    const wrong: string[] = [];
    const signedIn = documentedOperations().filter((op) => op.access?.kind === 'signedIn');
    expect(signedIn.length).toBeGreaterThanOrEqual(50);
    for (const op of signedIn) {
      const role = admittedRoles(op)[0] ?? 'admin';
      const sessions: Array<[string, string, string]> = [
        ['the default site', fx.tokens.get(ACTORS[role]) ?? '', SIXER_HOST],
        ['Sixer', otherTokens.get(areaOf(role) === 'player' ? 'x5' : 'x1') ?? '', 'backlay.test'],
      ];
      for (const [site, token, host] of sessions) {
        const call = malformed(op);
        const before = op.method === 'GET' ? null : await businessStateDigest(t.db);
        const response = await send(token, { ...call, headers: { host } });
        const id = `${op.method} ${op.path}: a session of ${site} on ${host}`;
        const got = response.json() as { message?: string };
        if (response.statusCode !== 401) wrong.push(`${id}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        else if (got.message !== SITE_MESSAGES.otherSite) wrong.push(`${id}: ${got.message ?? ''}`);
        if (before !== null && (await businessStateDigest(t.db)) !== before) wrong.push(`${id}: state changed`);
      }
    }
    expect(wrong).toEqual([]);
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

/**
 * Which inputs name an account's object, derived from the document: an input whose name looks
 * like an identity (`id`, `_id`, `ids`, `…Id(s)`, `…ID`, `username`, `userId`, `owner…`,
 * `bankDetail`) must be declared in its route's `x-target`, unless the name is in the reviewed
 * vocabulary of ids of things that belong to no account, or the route is in the short reviewed
 * list of routes whose identity input names nobody's object. So a new route that takes a target
 * cannot ship without its matrix cases.
 */
const TARGET_LIKE = /^(_?id|ids)$|Ids?$|ID$|^user(name|Id)?s?$|^owner|^bankDetail$/;
const HOUSE_IDS: Record<string, string> = {
  matchId: 'a match of the catalogue, the same for every caller',
  MatchID: 'a match of the catalogue (the score and fancy feeds)',
  marketId: 'a market of the catalogue (bet-lock names its account by username)',
  fancyId: 'a fancy market of the catalogue',
  selectionId: 'a runner of a market',
  sportId: 'a sport',
  EventTypeID: 'a sport of the feed',
  CompetitionID: 'a competition of the feed',
  roundId: 'a casino round, the same for every player at the table',
  partnerId: "a casino provider's partner id (house registry)",
  secretId: "a casino provider's signing secret (house registry)",
  upiId: 'the text of a UPI address being saved, not a reference',
  siteId: 'a white-label site (ADR 0074): the Super Admin names any, an Admin only its own (site-content.test.ts, site-sports.test.ts, site-limits.test.ts)',
};
const NOT_A_TARGET: Record<string, string> = {
  'POST /api/login': "username: the caller's own credential",
  'POST /api/login-admin': "username: the caller's own credential",
  'POST /api/add-user': 'username: the name of the account being created (its own matrix: POST /api/add-user below)',
  'POST /api/user-register': 'username: the name of the player being created',
  'GET /api/get-casino-data-by-id/{id}': 'id: a live casino table, the same for every caller',
  'GET /api/casino-market/{id}': 'id: a live casino table, the same for every caller',
  'POST /api/casino-int-admin/providers': "id: the new provider's id (house registry, the Super Admin only)",
  'POST /api/casino-int-admin/providers/{id}/enabled': 'id: a provider (house registry, admins only)',
  'POST /api/casino-int-admin/providers/{id}/secrets': 'id: a provider (house registry, the Super Admin only)',
  'POST /api/casino-int-admin/providers/{id}/secrets/{secretId}/retire': 'id: a provider (house registry, the Super Admin only)',
  'POST /api/casino-int-admin/providers/{id}/games': 'id: a provider (house registry, admins only)',
  'POST /api/update-message': '_id: a news message of the house (admins only)',
  'POST /api/create-site': "id: the new site's id (the Super Admin only; its matrix: api/test/site-admin.test.ts)",
  'POST /api/update-site': "id: a site, no account's object (an Admin's own only, another's is the 404 of none: api/test/site-admin.test.ts)",
};

describe('the matrix covers the route table', () => {
  it("every input that names an account's object is in its route's x-target, or reviewed", () => {
    const unannotated: string[] = [];
    const stale: string[] = [];
    for (const op of documentedOperations()) {
      const route = `${op.method} ${op.path}`;
      const named = op.inputs.filter((input) => input.in !== 'header' && TARGET_LIKE.test(input.name) && !(input.name in HOUSE_IDS));
      if (route in NOT_A_TARGET) {
        if (named.length === 0 || op.targets !== null) stale.push(route);
        continue;
      }
      const declared = new Set((op.targets ?? []).map((target) => `${target.in}:${target.field}`));
      for (const input of named) if (!declared.has(`${input.in}:${input.name}`)) unannotated.push(`${route} ${input.in}:${input.name}`);
    }
    expect(unannotated).toEqual([]);
    expect(stale).toEqual([]);
  });

  it('every x-target names an input of its route (or a form field the document does not describe, with a hand-written request)', () => {
    const wrong: string[] = [];
    for (const op of documentedOperations()) {
      for (const target of op.targets ?? []) {
        const route = `${op.method} ${op.path}`;
        if (op.inputs.some((input) => input.in === target.in && input.name === target.field)) continue;
        const formOnly = target.in === 'body' && !op.bodyDeclared && HAND_ROWS.some((row) => row.route === route && row.call !== undefined);
        if (!formOnly) wrong.push(`${route} ${target.in}:${target.field}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * Function level before validation, generated from the OpenAPI document (docs/rules/test-plan.md T9, issue 20
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
  /** The 403's message when it is not MESSAGES.forbidden (agent-only routes: MESSAGES.agentsOnly). */
  forbiddenMessage?: string;
}
interface JsonSchema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
interface DocumentedInput {
  in: 'query' | 'body' | 'path' | 'header';
  name: string;
  required: boolean;
  schema: JsonSchema;
}
interface DocumentedTarget {
  in: 'query' | 'body' | 'path';
  field: string;
  kind: ObjectKind;
}
interface DocumentedOperation {
  method: string;
  path: string;
  access: DocumentedAccess | null;
  hasInput: boolean;
  /** The query, path and header parameters and the JSON body's properties. */
  inputs: DocumentedInput[];
  bodyDeclared: boolean;
  /** `x-target`, or null where the route declares none. */
  targets: DocumentedTarget[] | null;
}
interface DocumentOperation {
  'x-access'?: DocumentedAccess;
  'x-target'?: DocumentedTarget[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: Array<{ in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema: JsonSchema }>;
}

function documentedOperations(): DocumentedOperation[] {
  const paths = (t.app.swagger() as { paths: Record<string, Record<string, DocumentOperation>> }).paths;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const body = op.requestBody?.content['application/json']?.schema;
      const bodyInputs = Object.entries(body?.properties ?? {}).map(([name, schema]) => ({
        in: 'body' as const,
        name,
        required: body?.required?.includes(name) ?? false,
        schema,
      }));
      const parameters = (op.parameters ?? []).map((p) => ({ in: p.in, name: p.name, required: p.required === true, schema: p.schema }));
      return {
        method: method.toUpperCase(),
        path,
        access: op['x-access'] ?? null,
        hasInput: op.requestBody !== undefined || (op.parameters ?? []).length > 0,
        inputs: [...parameters, ...bodyInputs],
        bodyDeclared: body?.properties !== undefined,
        targets: op['x-target'] ?? null,
      };
    }),
  );
}

/** A request no schema accepts: an unknown field (or query key) holding a NUL byte, and no required field. */
function malformed(op: DocumentedOperation): Call {
  const url = op.path.replace(/\{[^}]+\}/g, '%00');
  return op.method === 'GET'
    ? { method: 'GET', url: `${url}?page=%00&limit=%00&username=%00&zz=%00` }
    : { method: op.method as 'POST', url, payload: { zz: 'x\u0000', page: 'x\u0000' } };
}

describe('every route closed to a role refuses it before validation (generated from the OpenAPI document)', () => {
  it('every operation documents its access rule', () => {
    expect(documentedOperations().filter((op) => op.access === null).map((op) => `${op.method} ${op.path}`)).toEqual([]);
  });

  it('the table is not empty: admin-only, agent-only and player-only routes are all in it', () => {
    const closed = documentedOperations().filter((op) => op.access?.roles !== undefined || op.access?.area !== undefined);
    const ids = closed.map((op) => `${op.method} ${op.path}`);
    expect(ids).toEqual(expect.arrayContaining(['GET /api/sms-outbox', 'POST /api/add-user', 'POST /api/placebet', 'POST /api/save-setting-list']));
    // The agent-only routes (users, chips, market analysis, payment decisions, the downline's records) say so.
    const agentOnly = closed.filter((op) => op.access?.forbiddenMessage === MESSAGES.agentsOnly).map((op) => `${op.method} ${op.path}`);
    expect(agentOnly).toEqual(expect.arrayContaining([
      'GET /api/list-clients', 'POST /api/add-user', 'POST /api/deposit-chips', 'GET /api/get-market-analysis',
      'POST /api/update-deposit-withdraw-status', 'GET /api/downline-login-history', 'GET /api/downline-responsible-gambling',
    ]));
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
      // The route's own refusal: agent-only routes tell a player "Only agents can do this".
      else if (!otherArea && got.message !== (access.forbiddenMessage ?? MESSAGES.forbidden)) wrong.push(`${id}: message ${got.message ?? ''}`);
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
 * Field level (BOPLA / mass assignment, docs/rules/test-plan.md T9, ASVS 15.3.3), generated from the document:
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

/** Bodies whose shape is another party's, open by necessity: read field by field, nothing assigned. */
const REVIEWED_OPEN_BODIES = [
  // The SMS gateway's delivery reports: only the id and status fields that SMS_DLR_* name are read.
  'POST /api/sms-delivery-report',
];

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
    expect(open).toEqual(REVIEWED_OPEN_BODIES);
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
