/**
 * Integration-test helpers. `buildTestApp()` gives each test file its own fresh database
 * (CREATE DATABASE test_<random> as a copy of the migrated template of the global setup, dropped
 * again by `close()`), the app built on it,
 * and factories that create what a test needs (users with their missing parents, chips).
 */
import { ROLES, type AccountStatus, type Area, type LoginResponse, type Role } from '@backlay/shared/contracts';
import {
  distributePartnership,
  fancyBetPnlMinor,
  fancyBook,
  matchedFancyLine,
  matchedPrice,
  FULL_SHARE_BPS,
  marketPnlVector,
} from '@backlay/shared/domain';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { reducedOddsHundredths, settledRunnerBetMinor, worstPlacedMinor, type CasinoRunnerOutcome, type RunnerResult } from './settlement-oracle';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type AppServices } from '../src/app';
import type { Clock } from '../src/common/clock';
import type { FeedProvider } from '../src/feed/feed-provider';
import { loadConfig, type Config } from '../src/config';
import { Database } from '../src/db/database';
import { createCoreServices } from '../src/services';
import * as usersRepo from '../src/users/users.repository';
import { adminQuery, withDatabase } from './admin-db';

/** JWT secret of every test app (tests forge tokens with it or with another key). */
export const TEST_JWT_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
/** Default login password of factory users (meets PASSWORD_RULES). */
export const TEST_PASSWORD = 'Test#Pass1';
/** Default transaction password of factory users. */
export const TEST_TXN_PASSWORD = '123456';
/** The Origin that test apps allow for sockets. */
export const TEST_ORIGIN = 'http://127.0.0.1:8080';

function adminUrl(): string {
  const url = process.env.BACKLAY_TEST_ADMIN_URL;
  if (url === undefined || url === '') throw new Error('BACKLAY_TEST_ADMIN_URL is not set: run through jest.integration.config.js');
  return url;
}

/** The migrated database every test file's database is copied from (global-setup.ts). */
function templateName(): string {
  const name = process.env.BACKLAY_TEST_TEMPLATE;
  if (name === undefined || name === '') throw new Error('BACKLAY_TEST_TEMPLATE is not set: run through jest.integration.config.js');
  return name;
}

export interface TestUser {
  id: string;
  username: string;
  role: Role;
  parentId: string | null;
  password: string;
}

export interface CreateUserOptions {
  role: Role;
  parentId?: string | null;
  username?: string;
  password?: string;
  /** null leaves the transaction password unset (changePassAndTxn stays true). */
  txnPassword?: string | null;
  mustChangePassword?: boolean;
  status?: AccountStatus;
  /** Cumulative share; default DEFAULT_SHARE_BPS of the role. */
  partnershipShareBps?: number;
  displayName?: string;
  /** An Admin's white-label site (ADR 0074); everyone else is on its parent's. */
  siteId?: string;
}

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  services: AppServices;
  config: Readonly<Config>;
  databaseName: string;
  /** Closes the app and the pool and drops the database. */
  close(): Promise<void>;
  /** Creates a user; builds the missing parents up to a new admin. */
  createUser(options: CreateUserOptions): Promise<TestUser>;
  /** Mints chips (rupees) from system:mint into a user's wallet through a real journal. */
  fund(userId: string, rupees: bigint): Promise<void>;
  /** Logs in through the HTTP API (on `host`'s site, default the default site); fails the test unless it answers 200. */
  login(user: TestUser, area?: Area, host?: string): Promise<LoginResponse>;
  /** app.inject with an optional bearer token. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
}

/** Factory shares per role, falling down the tiers like the demo chain (docs/rules/money.md §7.9: child ≤ parent). */
export const DEFAULT_SHARE_BPS: Readonly<Record<Role, number>> = {
  admin: FULL_SHARE_BPS,
  sadmin: 9_000,
  smdl: 8_000,
  mdl: 7_000,
  dl: 6_000,
  user: 0,
};

let userCounter = 0;

function uniqueUsername(role: Role): string {
  userCounter += 1;
  return `${role}${userCounter}${randomBytes(3).toString('hex')}`.slice(0, 20);
}

export interface BuildTestAppOptions {
  /** Extra environment for loadConfig (e.g. ALLOWED_ORIGINS). */
  env?: Record<string, string>;
  clock?: Clock;
  /** The feed's provider (default the simulator): a test's own, driven by the test (feed-staleness.test.ts). */
  feedProvider?: FeedProvider;
  /** Runs before app.ready(), e.g. to add a test-only route. */
  beforeReady?: (app: FastifyInstance) => void;
  /** The app's logger, e.g. one that captures every line (registration.test.ts greps it for codes). */
  logger?: FastifyBaseLogger;
  /**
   * A second instance on this app's database (scale-out.test.ts): no new database, no
   * migrations, and close() leaves the database to its owner.
   */
  sameDatabaseAs?: TestContext;
}

/** The apps of this test file that are built and not yet closed (see openTestApps). */
const openApps = new Set<TestContext>();

/**
 * The test file's apps that are open now. test/per-file-setup.ts asserts the ledger invariants
 * on each of their databases after every test of every file (docs/rules/ledger-invariants.md: they hold after every
 * test), so a file needs no afterEach of its own for them.
 */
export function openTestApps(): ReadonlySet<TestContext> {
  return openApps;
}

export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestContext> {
  const owner = options.sameDatabaseAs === undefined;
  const databaseName = options.sameDatabaseAs?.databaseName ?? `test_${randomBytes(6).toString('hex')}`;
  if (owner) await adminQuery(adminUrl(), `CREATE DATABASE ${databaseName} TEMPLATE ${templateName()}`);
  // Payment screenshots of this app go to a temp dir that close() removes.
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'backlay-uploads-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: withDatabase(adminUrl(), databaseName),
    JWT_SECRET: TEST_JWT_SECRET,
    DEMO: 'false',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    DB_POOL_MAX: '12',
    ALLOWED_ORIGINS: TEST_ORIGIN,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    UPLOADS_DIR: uploadsDir,
    ...options.env,
  });
  const db = Database.connect({
    url: config.database.url ?? '',
    poolMax: config.database.poolMax,
    poolWaitMs: config.database.poolWaitMs,
    statementTimeoutMs: config.database.statementTimeoutMs,
    lockTimeoutMs: config.database.lockTimeoutMs,
  });
  // The app's logger, when a test captures it, logs the core services' lines too (security events).
  const core = createCoreServices({
    config,
    db,
    ...(options.clock !== undefined ? { clock: options.clock } : {}),
    ...(options.logger !== undefined ? { log: options.logger } : {}),
    ...(options.feedProvider !== undefined ? { feedProvider: options.feedProvider } : {}),
  });
  const app = await buildApp({
    config,
    db,
    // A file may run an app under another JWT_SECRET (key rotation, test/key-rotation.test.ts).
    jwtSecret: config.auth.jwtSecret ?? TEST_JWT_SECRET,
    services: core,
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  const services = app.services;

  const createUser = async (opts: CreateUserOptions): Promise<TestUser> => {
    let parentId = opts.parentId ?? null;
    if (opts.role !== 'admin' && parentId === null) {
      const parentRole = ROLES[ROLES.indexOf(opts.role) - 1] as Role;
      parentId = (await createUser({ role: parentRole })).id;
    }
    const password = opts.password ?? TEST_PASSWORD;
    const txnPassword = opts.txnPassword === undefined ? TEST_TXN_PASSWORD : opts.txnPassword;
    const row = await usersRepo.insertUser(db, {
      username: opts.username ?? uniqueUsername(opts.role),
      role: opts.role,
      parentId,
      status: opts.status ?? 'active',
      passwordHash: await services.passwords.hash(password),
      txnPasswordHash: txnPassword === null ? null : await services.passwords.hash(txnPassword),
      mustChangePassword: opts.mustChangePassword ?? false,
      createdBy: parentId,
      partnershipShareBps: opts.partnershipShareBps ?? DEFAULT_SHARE_BPS[opts.role],
      ...(opts.displayName !== undefined ? { displayName: opts.displayName } : {}),
      ...(opts.siteId !== undefined ? { siteId: opts.siteId } : {}),
    });
    return { id: row.id, username: row.username, role: row.role, parentId: row.parentId, password };
  };

  const fund = async (userId: string, rupees: bigint): Promise<void> => {
    const mint = await services.ledger.systemAccountId('system:mint');
    const wallet = await services.ledger.walletOf(userId);
    await services.ledger.post({
      code: 'TEST_TRANSFER',
      eventType: 'test_fund',
      eventRef: randomBytes(8).toString('hex'),
      actorId: null,
      remark: 'test chips',
      legs: [
        { accountId: mint, amountMinor: -rupees * 100n },
        { accountId: wallet.accountId, amountMinor: rupees * 100n },
      ],
    });
  };

  const request = (opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> => {
    const { token, headers, ...rest } = opts;
    return app.inject({
      ...rest,
      headers: { ...(headers ?? {}), ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}) },
    });
  };

  const login = async (user: TestUser, area?: Area, host?: string): Promise<LoginResponse> => {
    const loginArea = area ?? (user.role === 'user' ? 'player' : 'admin');
    const response = await app.inject({
      method: 'POST',
      url: loginArea === 'player' ? '/api/login' : '/api/login-admin',
      ...(host !== undefined ? { headers: { host } } : {}),
      payload: { username: user.username, password: user.password },
    });
    if (response.statusCode !== 200) throw new Error(`login of ${user.username} failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { data: LoginResponse }).data;
  };

  const close = async (): Promise<void> => {
    openApps.delete(context);
    await app.close();
    await db.close();
    if (owner) await adminQuery(adminUrl(), `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    rmSync(uploadsDir, { recursive: true, force: true });
  };

  const context: TestContext = { app, db, services, config, databaseName, close, createUser, fund, login, request };
  openApps.add(context);
  return context;
}

/** A clock the test moves by hand. */
export class FakeClock implements Clock {
  constructor(private now = Date.UTC(2026, 0, 1)) {}
  nowMs(): number {
    return this.now;
  }
  advance(ms: number): void {
    this.now += ms;
  }
}

interface Violation {
  invariant: string;
  rows: unknown[];
}

/**
 * The payment invariants (step 5), in the same form as the ledger's: L7 the transition trigger
 * is there; L10 every request's state matches its journals (pending: none; deposit approved:
 * DEPOSIT_CREDIT; deposit rejected: none; withdraw approved: WITHDRAW_PAYOUT; rejected:
 * WITHDRAW_RELEASE), each journal belongs to exactly one request and moves exactly its amount
 * between the right accounts, decided by an ancestor of the owner; L11 every hold on
 * system:withdraw_hold belongs to a live pending withdraw, with no orphans, and the hold account
 * holds exactly the pending withdrawals; L13 the clearing account nets to zero per completed
 * request; L8 every idempotency key that committed has its stored answer; deposit screenshots
 * belong to the request's owner.
 */
const PAYMENT_CHECKS: Array<[string, string]> = [
  [
    'L7 payment request transition trigger enabled',
    `SELECT expected.name FROM (VALUES ('payment_requests_transition'), ('payment_requests_no_truncate')) AS expected(name)
     LEFT JOIN pg_trigger t ON t.tgname = expected.name AND t.tgenabled <> 'D'
     WHERE t.oid IS NULL`,
  ],
  [
    'L10 request state matches its decision journal',
    `SELECT r.id, r.type, r.status, j.code FROM payment_requests r
     LEFT JOIN journals j ON j.id = r.decision_journal_id
     WHERE NOT CASE
         WHEN r.status = 'pending' THEN r.decision_journal_id IS NULL AND r.decided_by IS NULL
         WHEN r.type = 'deposit' AND r.status = 'approved' THEN coalesce(j.code = 'DEPOSIT_CREDIT', false)
         WHEN r.type = 'deposit' THEN r.decision_journal_id IS NULL
         WHEN r.status = 'approved' THEN coalesce(j.code = 'WITHDRAW_PAYOUT', false)
         ELSE coalesce(j.code = 'WITHDRAW_RELEASE', false) END
        OR (j.id IS NOT NULL AND (j.event_type <> 'payment.decision' OR j.event_ref <> r.id::text OR j.actor_id <> r.decided_by))`,
  ],
  [
    'L10 every payment journal belongs to exactly one request',
    `SELECT j.id, j.code FROM journals j
     WHERE (j.code IN ('DEPOSIT_CREDIT', 'WITHDRAW_PAYOUT', 'WITHDRAW_RELEASE')
            AND (SELECT count(*) FROM payment_requests r WHERE r.decision_journal_id = j.id) <> 1)
        OR (j.code = 'WITHDRAW_HOLD'
            AND (SELECT count(*) FROM payment_requests r WHERE r.hold_journal_id = j.id AND r.type = 'withdraw'
                   AND j.event_type = 'withdraw.hold' AND j.event_ref = r.id::text) <> 1)`,
  ],
  [
    'L10 payment journals move exactly the amount between the right accounts',
    `WITH hold AS (SELECT id FROM ledger_accounts WHERE code = 'system:withdraw_hold'),
     expected AS (
       SELECT r.id AS request_id, r.hold_journal_id AS journal_id, ow.id AS debit, (SELECT id FROM hold) AS credit, r.amount_minor
       FROM payment_requests r JOIN ledger_accounts ow ON ow.user_id = r.user_id
       WHERE r.type = 'withdraw'
       UNION ALL
       SELECT r.id, r.decision_journal_id,
              CASE WHEN r.type = 'deposit' THEN dw.id ELSE (SELECT id FROM hold) END,
              CASE WHEN r.type = 'deposit' OR r.status = 'rejected' THEN ow.id ELSE dw.id END,
              r.amount_minor
       FROM payment_requests r
       JOIN ledger_accounts ow ON ow.user_id = r.user_id
       JOIN ledger_accounts dw ON dw.user_id = r.decided_by
       WHERE r.decision_journal_id IS NOT NULL)
     SELECT e.request_id, e.journal_id FROM expected e
     WHERE (SELECT count(*) FROM entries x WHERE x.journal_id = e.journal_id) <> 2
        OR NOT EXISTS (SELECT 1 FROM entries x WHERE x.journal_id = e.journal_id AND x.account_id = e.debit AND x.amount_minor = -e.amount_minor)
        OR NOT EXISTS (SELECT 1 FROM entries x WHERE x.journal_id = e.journal_id AND x.account_id = e.credit AND x.amount_minor = e.amount_minor)`,
  ],
  [
    'L10/L16 a request is decided by an ancestor of its owner',
    `SELECT r.id, r.decided_by FROM payment_requests r JOIN users u ON u.id = r.user_id
     WHERE r.decided_by IS NOT NULL AND NOT (u.ancestors @> ARRAY[r.decided_by])`,
  ],
  [
    'L11/L13 holds: a live pending withdraw holds its amount, a completed one nets to zero, no orphans',
    `WITH hold AS (SELECT id FROM ledger_accounts WHERE code = 'system:withdraw_hold'),
     per_request AS (
       SELECT j.event_ref, sum(e.amount_minor) AS net FROM entries e JOIN journals j ON j.id = e.journal_id
       WHERE e.account_id = (SELECT id FROM hold) GROUP BY j.event_ref)
     SELECT p.event_ref AS request, p.net::text, r.status, r.amount_minor::text FROM per_request p
     LEFT JOIN payment_requests r ON r.id::text = p.event_ref
     WHERE r.id IS NULL OR r.type <> 'withdraw'
        OR p.net <> CASE WHEN r.status = 'pending' THEN r.amount_minor ELSE 0 END
     UNION ALL
     SELECT r.id::text, NULL, r.status, r.amount_minor::text FROM payment_requests r
     WHERE r.type = 'withdraw' AND r.status = 'pending' AND NOT EXISTS (SELECT 1 FROM per_request p WHERE p.event_ref = r.id::text)`,
  ],
  [
    'L11 the hold account holds exactly the pending withdrawals',
    `SELECT a.balance_minor::text AS held,
            (SELECT coalesce(sum(amount_minor), 0) FROM payment_requests WHERE type = 'withdraw' AND status = 'pending')::text AS pending
     FROM ledger_accounts a WHERE a.code = 'system:withdraw_hold'
       AND a.balance_minor <> (SELECT coalesce(sum(amount_minor), 0) FROM payment_requests WHERE type = 'withdraw' AND status = 'pending')`,
  ],
  [
    'L8 every committed payment idempotency key has its answer',
    `SELECT actor_id, operation, idempotency_key FROM payment_idempotency WHERE response IS NULL OR request_id IS NULL`,
  ],
  [
    'deposit screenshots belong to the request owner',
    `SELECT r.id FROM payment_requests r JOIN payment_screenshots s ON s.id = r.screenshot_id WHERE s.owner_id <> r.user_id`,
  ],
];

/**
 * The international casino's invariants (issue 19, ADR 0020): every CW-1 money transaction row has
 * exactly its journal (debit: wallet → clearing; credit, rollback: clearing → wallet, none for a
 * zero amount), every CASINO_INT_* journal has its row; L13 the provider clearing account nets to
 * zero per closed round; a closed round's P&L is its transactions' and its shares sum to −P&L.
 */
const CASINO_INT_CHECKS: Array<[string, string]> = [
  [
    'CW-1 transaction rows and their journals agree',
    `SELECT t.provider_id, t.transaction_id, t.type FROM casino_int_transactions t
     LEFT JOIN ledger_accounts w ON w.user_id = t.user_id
     LEFT JOIN ledger_accounts c ON c.code = 'system:cw1_clearing:' || t.provider_id
     WHERE (t.type = 'tombstone' OR t.amount_minor = 0) <> (t.journal_id IS NULL)
        OR (t.journal_id IS NOT NULL AND (
              (SELECT count(*) FROM entries e WHERE e.journal_id = t.journal_id) <> 2
           OR NOT EXISTS (SELECT 1 FROM entries e WHERE e.journal_id = t.journal_id AND e.account_id = w.id
                            AND e.amount_minor = CASE t.type WHEN 'debit' THEN -t.amount_minor ELSE t.amount_minor END)
           OR NOT EXISTS (SELECT 1 FROM entries e WHERE e.journal_id = t.journal_id AND e.account_id = c.id
                            AND e.amount_minor = CASE t.type WHEN 'debit' THEN t.amount_minor ELSE -t.amount_minor END)))
     UNION ALL
     SELECT NULL, j.event_ref, j.code FROM journals j
     WHERE j.code IN ('CASINO_INT_DEBIT', 'CASINO_INT_CREDIT', 'CASINO_INT_ROLLBACK')
       AND (SELECT count(*) FROM casino_int_transactions t WHERE t.journal_id = j.id) <> 1`,
  ],
  [
    'L13 provider clearing nets to zero per closed round',
    `SELECT r.provider_id, r.round_id, r.user_id, sum(e.amount_minor)::text AS net
     FROM casino_int_rounds r
     JOIN ledger_accounts c ON c.code = 'system:cw1_clearing:' || r.provider_id
     JOIN (SELECT t.provider_id, t.round_id, t.user_id, t.journal_id FROM casino_int_transactions t WHERE t.journal_id IS NOT NULL
           UNION ALL
           SELECT r2.provider_id, r2.round_id, r2.user_id, r2.close_journal_id FROM casino_int_rounds r2 WHERE r2.close_journal_id IS NOT NULL) j
       ON j.provider_id = r.provider_id AND j.round_id = r.round_id AND j.user_id = r.user_id
     JOIN entries e ON e.journal_id = j.journal_id AND e.account_id = c.id
     WHERE r.status = 'closed'
     GROUP BY r.provider_id, r.round_id, r.user_id HAVING sum(e.amount_minor) <> 0`,
  ],
  [
    'CW-1 closed round: P&L of its transactions, shares sum to -P&L, close journal iff P&L <> 0',
    `SELECT r.provider_id, r.round_id, r.pnl_minor::text FROM casino_int_rounds r
     WHERE r.status = 'closed' AND (
        r.pnl_minor <> (SELECT coalesce(sum(CASE t.type WHEN 'debit' THEN -t.amount_minor WHEN 'tombstone' THEN 0 ELSE t.amount_minor END), 0)
                        FROM casino_int_transactions t WHERE t.provider_id = r.provider_id AND t.round_id = r.round_id AND t.user_id = r.user_id)
        OR (r.pnl_minor <> 0 AND -r.pnl_minor <> (SELECT coalesce(sum(s.amount_minor), 0) FROM casino_int_round_shares s
                                                   WHERE s.provider_id = r.provider_id AND s.round_id = r.round_id AND s.user_id = r.user_id))
        OR ((r.pnl_minor <> 0) <> (r.close_journal_id IS NOT NULL)))`,
  ],
];

/**
 * The ledger per site (issue 35, ADR 0074 "Isolation, proved"), over every journal's legs on user
 * wallets (a user's site is `users.site_id`; the root, `parent_id IS NULL`, belongs to every site):
 *  S1 no journal moves money between two sites' users except through the root (a journal's
 *     non-root user legs are all of one site: chips reach a site only from the Super Admin);
 *  S2 each site's legs of a journal balance, but for the root's and the house's (system accounts):
 *     a journal with legs on a site and no root or system leg sums to zero on that site.
 * `extra`: one more two-leg journal read with the entries (a test shows the check can fail
 * without writing a wrong journal to the append-only ledger).
 */
export async function siteLedgerViolations(
  db: Pick<Database, 'query'>,
  extra?: { from: string; to: string; amountMinor: bigint },
): Promise<Violation[]> {
  const legs = `WITH legs AS (
      SELECT e.journal_id::text AS journal_id, e.account_id, e.amount_minor FROM entries e
      UNION ALL
      SELECT 'extra', x.account_id, x.amount_minor FROM (VALUES ($1::uuid, -$3::bigint), ($2::uuid, $3::bigint)) AS x(account_id, amount_minor)
      WHERE $1::uuid IS NOT NULL
    ), placed AS (
      SELECT l.journal_id, l.amount_minor,
             CASE WHEN a.kind = 'system' OR u.parent_id IS NULL THEN NULL ELSE u.site_id END AS site_id
      FROM legs l JOIN ledger_accounts a ON a.id = l.account_id LEFT JOIN users u ON u.id = a.user_id
    )`;
  const params = [extra?.from ?? null, extra?.to ?? null, (extra?.amountMinor ?? 0n).toString()];
  const checks: Array<[string, string]> = [
    [
      'S1 no journal moves money between two sites’ users except through the root',
      `${legs} SELECT journal_id, array_agg(DISTINCT site_id) AS sites FROM placed WHERE site_id IS NOT NULL
       GROUP BY journal_id HAVING count(DISTINCT site_id) > 1`,
    ],
    [
      "S2 each site's legs of a journal balance, but for the root's and the house's",
      `${legs} SELECT journal_id, site_id, sum(amount_minor)::text AS total FROM placed p WHERE site_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM placed o WHERE o.journal_id = p.journal_id AND o.site_id IS NULL)
       GROUP BY journal_id, site_id HAVING sum(amount_minor) <> 0`,
    ],
  ];
  const violations: Violation[] = [];
  for (const [invariant, sql] of checks) {
    const { rows } = await db.query(sql, params);
    if (rows.length > 0) violations.push({ invariant, rows });
  }
  return violations;
}

/**
 * The ledger invariants of docs/rules/ledger-invariants.md that exist so far, checked with SQL against the whole
 * database. Throws with the offending rows.
 *  L1 every journal has ≥ 2 entries summing to 0;  L2 all balances sum to 0;
 *  L3 each balance (and version) equals its entries; L4 per-account chain 1..n, prev = last curr,
 *  curr = prev + amount; L5 available ≥ 0 unless the account may go negative;
 *  L7 the append-only triggers are present and enabled, reversals point at a journal that is no
 *  reversal itself; L8 one effect per (actor, key), one reversal per journal; L9 no zero leg and
 *  no account twice in a journal; L14 cumulative partnership: root 100 %, players 0, child ≤
 *  parent (and every player's path splits 100 % through distributePartnership), chips given by
 *  a parent are a debit to that parent; L16 every journal touching a user's wallet was started
 *  by that user, the system or an ancestor, every journal with an actor has its audit row, and
 *  manual adjustments name their actor (reversals their reason); L17 versions increase strictly
 *  with entry order and times never go back; plus PAYMENT_CHECKS (L10, L11, L13 of payments)
 *  and the per-site checks S1, S2 (siteLedgerViolations).
 */
export async function assertLedgerInvariants(db: Database): Promise<void> {
  const checks: Array<[string, string]> = [
    [
      'L1 journal balanced with >= 2 entries',
      `SELECT j.id, count(e.id) AS entries, coalesce(sum(e.amount_minor), 0)::text AS total
       FROM journals j LEFT JOIN entries e ON e.journal_id = j.id
       GROUP BY j.id HAVING count(e.id) < 2 OR coalesce(sum(e.amount_minor), 0) <> 0`,
    ],
    [
      'L2 balances sum to zero',
      `SELECT sum(balance_minor)::text AS total FROM ledger_accounts HAVING sum(balance_minor) <> 0`,
    ],
    [
      'L3 balance and version equal the entries',
      `SELECT a.id, a.balance_minor::text, a.version::text, coalesce(sum(e.amount_minor), 0)::text AS entries_total,
              count(e.id) AS entries
       FROM ledger_accounts a LEFT JOIN entries e ON e.account_id = a.id
       GROUP BY a.id
       HAVING a.balance_minor <> coalesce(sum(e.amount_minor), 0) OR a.version <> count(e.id)`,
    ],
    [
      'L4 entry chain',
      `SELECT * FROM (
         SELECT e.id, e.account_id, e.version,
                row_number() OVER w AS expected_version,
                e.prev_balance_minor, coalesce(lag(e.curr_balance_minor) OVER w, 0) AS expected_prev,
                e.curr_balance_minor, e.amount_minor
         FROM entries e WINDOW w AS (PARTITION BY e.account_id ORDER BY e.version)
       ) chain
       WHERE version <> expected_version OR prev_balance_minor <> expected_prev
          OR curr_balance_minor <> prev_balance_minor + amount_minor`,
    ],
    [
      // Entries carry no foreign keys since migration 0054 (ADR 0079): entries_check_actor checks
      // each INSERT statement's rows, and accounts and journals are never deleted.
      'L4 every entry names an existing journal and account',
      `SELECT e.id, e.journal_id, e.account_id FROM entries e
       WHERE NOT EXISTS (SELECT 1 FROM journals j WHERE j.id = e.journal_id)
          OR NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = e.account_id)`,
    ],
    [
      'L5 available >= 0 (>= −shortfall: what a non-runner\'s reduction or a settlement left, ADR 0046; never more than is short)',
      `SELECT id, balance_minor::text, exposure_minor::text, shortfall_minor::text FROM ledger_accounts
       WHERE exposure_minor < 0 OR shortfall_minor < 0 OR shortfall_minor > greatest(0, exposure_minor - balance_minor)
          OR (NOT allow_negative AND balance_minor - exposure_minor < -shortfall_minor)`,
    ],
    [
      'L7 append-only triggers and backstops enabled',
      `SELECT expected.name FROM (VALUES ('entries_append_only'), ('entries_no_truncate'), ('journals_append_only'),
              ('journals_no_truncate'), ('audit_log_append_only'), ('audit_log_no_truncate'), ('journals_balanced'),
              ('entries_sum_to_zero'), ('journals_audited'), ('entries_check_actor'), ('users_check_partnership'),
              ('users_check_hierarchy'), ('users_never_deleted'), ('events_keep_bets'),
              ('ledger_accounts_shortfall'), ('ledger_accounts_no_delete'), ('ledger_accounts_no_truncate'),
              ('settlement_agent_shares_append_only'), ('settlement_agent_shares_no_truncate'), ('settlement_shares_frozen')) AS expected(name)
       LEFT JOIN pg_trigger t ON t.tgname = expected.name AND t.tgenabled <> 'D'
       WHERE t.oid IS NULL`,
    ],
    [
      'L7 a reversal mirrors a journal that is not itself a reversal',
      `SELECT r.id, r.reverses_journal_id FROM journals r
       JOIN journals o ON o.id = r.reverses_journal_id
       WHERE o.reverses_journal_id IS NOT NULL
          OR EXISTS (
            SELECT 1 FROM entries re
            LEFT JOIN entries oe ON oe.journal_id = o.id AND oe.account_id = re.account_id
            WHERE re.journal_id = r.id AND (oe.id IS NULL OR oe.amount_minor <> -re.amount_minor))`,
    ],
    [
      'L8 one effect per (actor, idempotency key) and one reversal per journal',
      `SELECT 'key' AS kind, actor_id::text, idempotency_key AS ref, count(*) FROM journals
       WHERE idempotency_key IS NOT NULL GROUP BY actor_id, idempotency_key HAVING count(*) > 1
       UNION ALL
       SELECT 'reversal', NULL, reverses_journal_id::text, count(*) FROM journals
       WHERE reverses_journal_id IS NOT NULL GROUP BY reverses_journal_id HAVING count(*) > 1`,
    ],
    [
      'L9 no zero leg, no account twice in a journal',
      `SELECT journal_id, account_id, count(*) FROM entries
       GROUP BY journal_id, account_id HAVING count(*) > 1 OR bool_or(amount_minor = 0)`,
    ],
    [
      'L14 partnership: root 100 %, players 0, child <= parent',
      `SELECT u.id, u.role, u.partnership_share_bps, p.partnership_share_bps AS parent_share
       FROM users u LEFT JOIN users p ON p.id = u.parent_id
       WHERE (u.role = 'admin' AND u.partnership_share_bps <> ${FULL_SHARE_BPS})
          OR (u.role = 'user' AND u.partnership_share_bps <> 0)
          OR (p.id IS NOT NULL AND u.partnership_share_bps > p.partnership_share_bps)`,
    ],
    [
      'L14 chips given by a parent are a debit to that parent (and taken back, a credit)',
      `SELECT j.id, j.code FROM journals j
       WHERE j.code IN ('CHIP_DEPOSIT', 'CHIP_WITHDRAW')
         AND NOT (
           (SELECT count(*) FROM entries e WHERE e.journal_id = j.id) = 2
           AND EXISTS (SELECT 1 FROM entries e JOIN ledger_accounts a ON a.id = e.account_id
                       WHERE e.journal_id = j.id AND a.user_id = j.actor_id
                         AND sign(e.amount_minor) = CASE j.code WHEN 'CHIP_DEPOSIT' THEN -1 ELSE 1 END)
           AND EXISTS (SELECT 1 FROM entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN users c ON c.id = a.user_id
                       WHERE e.journal_id = j.id AND c.parent_id = j.actor_id
                         AND sign(e.amount_minor) = CASE j.code WHEN 'CHIP_DEPOSIT' THEN 1 ELSE -1 END))`,
    ],
    [
      'L16 a journal on a user wallet was started by that user, the system or an ancestor',
      `SELECT j.id AS journal_id, j.actor_id, u.id AS owner_id FROM entries e
       JOIN journals j ON j.id = e.journal_id
       JOIN ledger_accounts a ON a.id = e.account_id
       JOIN users u ON u.id = a.user_id
       WHERE j.actor_id IS NOT NULL AND j.actor_id <> u.id AND NOT (u.ancestors @> ARRAY[j.actor_id])`,
    ],
    [
      'L16 every journal with an actor has its audit row (same actor)',
      `SELECT j.id, j.actor_id FROM journals j
       WHERE j.actor_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM audit_log l WHERE l.journal_id = j.id AND l.actor_id = j.actor_id)`,
    ],
    [
      'L16 manual adjustments name their actor, reversals their reason',
      `SELECT id, code FROM journals
       WHERE (code IN ('CHIP_DEPOSIT', 'CHIP_WITHDRAW', 'DEPOSIT_CREDIT', 'WITHDRAW_HOLD', 'WITHDRAW_PAYOUT', 'WITHDRAW_RELEASE')
              AND actor_id IS NULL)
          OR (reverses_journal_id IS NOT NULL AND btrim(remark) = '')`,
    ],
    [
      'L17 versions strictly increase with entry order, times never go back',
      `SELECT * FROM (
         SELECT e.id, e.account_id, e.version, lag(e.version) OVER w AS prev_version,
                e.created_at, lag(e.created_at) OVER w AS prev_created_at
         FROM entries e WINDOW w AS (PARTITION BY e.account_id ORDER BY e.id)
       ) seq
       WHERE version <= prev_version OR created_at < prev_created_at`,
    ],
    ...PAYMENT_CHECKS,
    ...CASINO_INT_CHECKS,
  ];
  const violations: Violation[] = [];
  for (const [invariant, sql] of checks) {
    const { rows } = await db.query(sql);
    if (rows.length > 0) violations.push({ invariant, rows });
  }
  violations.push(...(await siteLedgerViolations(db)));
  const broken = await playerPathsThatDoNotSplit(db);
  if (broken.length > 0) violations.push({ invariant: 'L14 every player path splits 100 %', rows: broken });
  violations.push(...(await bettingViolations(db)));
  if (violations.length > 0) {
    throw new Error(`Ledger invariants broken:\n${JSON.stringify(violations, null, 2)}`);
  }
}

/**
 * L14 through the shared maths: for every player, its agents nearest first with their
 * cumulative shares must be a chain distributePartnership accepts, whose own shares sum to
 * 100 % and whose amounts sum to −(player P/L) exactly.
 */
async function playerPathsThatDoNotSplit(db: Database): Promise<unknown[]> {
  const { rows } = await db.query<{ id: string; chain: Array<{ id: string; share: number }> }>(
    `SELECT u.id, json_agg(json_build_object('id', a.id, 'share', a.partnership_share_bps) ORDER BY o.pos DESC) AS chain
     FROM users u
     CROSS JOIN LATERAL unnest(u.ancestors) WITH ORDINALITY AS o(ancestor_id, pos)
     JOIN users a ON a.id = o.ancestor_id
     WHERE u.role = 'user'
     GROUP BY u.id`,
  );
  const broken: unknown[] = [];
  for (const row of rows) {
    const chain = row.chain.map((agent) => ({ id: agent.id, shareBps: agent.share }));
    try {
      const amounts = distributePartnership(chain, -1_000_003);
      const ownTotal = amounts.reduce((sum, a) => sum + a.ownShareBps, 0);
      const amountTotal = amounts.reduce((sum, a) => sum + a.amountMinor, 0);
      if (ownTotal !== FULL_SHARE_BPS || amountTotal !== 1_000_003) broken.push({ user: row.id, ownTotal, amountTotal });
    } catch (error) {
      broken.push({ user: row.id, chain, error: (error as Error).message });
    }
  }
  return broken;
}

/**
 * The betting and settlement invariants (step 4, docs/rules/money.md §7.1–§7.9, ADR 0007), in SQL and through
 * the shared pure functions:
 *  B1 a wallet's exposure is the sum of its open positions' exposure;
 *  B2 every open position equals the position rebuilt from its open bets (runner vector over the
 *     stored runners, or the fancy run book) with the shared maths, exposure included;
 *  B3 bet and position states agree with the market's settlement: settled bets (and positions)
 *     belong to the market's live settlement, open ones to a market without one (a casino
 *     round's markets are settled as one, under the round's key);
 *  B4 every settled bet's P&L is settledRunnerBetMinor / fancyBetPnlMinor of its settlement's
 *     result; a settlement's users and totals are the sums of its bets, each user's shares sum to
 *     −net, and its journal (MARKET_SETTLE, event_ref market:version, no actor) has exactly one
 *     leg per wallet with net ≠ 0 and per agent P&L account with Σ shares ≠ 0; a rolled-back
 *     settlement with a journal has its MARKET_SETTLE_REVERSAL; no settlement journal without one;
 *  B5 an agent's P&L account holds exactly its shares of the live settlements;
 *  B6 every bet and position has its user and match (they carry no foreign keys, migration 0016);
 *  B7 every bet that kept its request's price (migration 0035) was matched at a price no worse
 *     than asked, by the shared rule the slips preview with (matchedPrice, matchedFancyLine);
 *     under the player's odds acceptance (migration 0044): 'exact' at the price asked, 'any' at any.
 */
/**
 * The key a bet's or position's market is settled under: its market's id, or for a casino
 * round's market (`c<roundId>.<code>`) the round's (`c<roundId>`), settled as one (settle_market).
 */
const SETTLED_AS = (t: string) => `CASE WHEN ${t}.market_type = 'casino' THEN split_part(${t}.market_id, '.', 1) ELSE ${t}.market_id END`;

const BETTING_CHECKS: Array<[string, string]> = [
  [
    'B6 bets and positions have their user and match',
    `SELECT 'bet' AS row, b.id::text, b.user_id, b.match_id FROM bets b
     WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = b.user_id) OR NOT EXISTS (SELECT 1 FROM events e WHERE e.id = b.match_id)
     UNION ALL
     SELECT 'position', p.market_id, p.user_id, p.match_id FROM positions p
     WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id) OR NOT EXISTS (SELECT 1 FROM events e WHERE e.id = p.match_id)`,
  ],
  [
    'B1 wallet exposure = Σ open positions',
    `SELECT a.id, a.exposure_minor::text, coalesce(p.total, 0)::text AS positions
     FROM ledger_accounts a
     LEFT JOIN (SELECT user_id, sum(exposure_minor) AS total FROM positions WHERE status = 'open' GROUP BY user_id) p ON p.user_id = a.user_id
     WHERE a.user_id IS NOT NULL AND a.exposure_minor <> coalesce(p.total, 0)`,
  ],
  [
    'B3 bets agree with the market settlement',
    `SELECT b.id, b.status, b.settlement_id FROM bets b LEFT JOIN settlements s ON s.id = b.settlement_id
     WHERE (b.status = 'settled' AND (s.id IS NULL OR s.reversed_at IS NOT NULL OR ${SETTLED_AS('b')} <> s.market_id))
        OR (b.status <> 'settled' AND b.settlement_id IS NOT NULL)
        OR (b.status = 'open' AND EXISTS (SELECT 1 FROM settlements l WHERE l.market_id = ${SETTLED_AS('b')} AND l.reversed_at IS NULL))`,
  ],
  [
    'B3 positions agree with the market settlement',
    `SELECT p.user_id, p.market_id, p.status FROM positions p
     WHERE (p.status = 'open') = EXISTS (SELECT 1 FROM settlements s WHERE s.market_id = ${SETTLED_AS('p')} AND s.reversed_at IS NULL)`,
  ],
  [
    'B4 settlement totals are the sums of its users and bets',
    `SELECT s.id FROM settlements s
     LEFT JOIN (SELECT settlement_id, count(*) AS n, sum(gross_pnl_minor) AS gross, sum(commission_minor) AS commission
                FROM settlement_users GROUP BY settlement_id) u ON u.settlement_id = s.id
     WHERE s.users <> coalesce(u.n, 0) OR s.users_pnl_minor <> coalesce(u.gross, 0) OR s.commission_minor <> coalesce(u.commission, 0)
        OR (s.reversed_at IS NULL AND s.bets <> (SELECT count(*) FROM bets b WHERE b.settlement_id = s.id))
        OR (s.reversed_at IS NULL AND EXISTS (
              SELECT 1 FROM settlement_users su
              WHERE su.settlement_id = s.id
                AND su.gross_pnl_minor <> (SELECT coalesce(sum(b.pnl_minor), 0) FROM bets b WHERE b.settlement_id = s.id AND b.user_id = su.user_id)))`,
  ],
  [
    // ADR 0079: shares are kept per (settlement, agent, child on the path); each player's split is
    // recomputed from them (settlement_player_shares) and must sum to −net, reach a root, and add
    // up, per agent and child, to the stored amount — nothing stored that no player accounts for.
    'B4 each player\'s shares, recomputed from the kept rows, sum to -net along a path to the root',
    `SELECT su.settlement_id, su.user_id, su.net_minor::text, x.total::text AS shares, x.rows
     FROM settlement_users su
     LEFT JOIN LATERAL (SELECT coalesce(sum(ps.amount_minor), 0) AS total, count(*) AS rows,
                               bool_or(ps.child_id = su.user_id) AS has_nearest
                        FROM settlement_player_shares(su.settlement_id, su.user_id) ps) x ON true
     WHERE x.total <> -su.net_minor OR NOT coalesce(x.has_nearest, false)
     UNION ALL
     SELECT sh.settlement_id, sh.agent_id, NULL, 'top of a path is not the root', NULL
     FROM settlement_agent_shares sh JOIN users ag ON ag.id = sh.agent_id
     WHERE ag.parent_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM settlement_agent_shares up WHERE up.settlement_id = sh.settlement_id AND up.child_id = sh.agent_id)`,
  ],
  [
    'B4 each kept share (settlement, agent, child) = Σ of its players\' recomputed shares',
    `WITH recomputed AS (
       SELECT s.id AS settlement_id, ps.agent_id, ps.child_id, sum(ps.amount_minor) AS amount
       FROM settlements s CROSS JOIN LATERAL settlement_player_shares(s.id, NULL) ps
       GROUP BY 1, 2, 3)
     SELECT sh.settlement_id, sh.agent_id, sh.child_id, sh.amount_minor::text AS kept, r.amount::text AS recomputed
     FROM settlement_agent_shares sh
     FULL JOIN recomputed r ON r.settlement_id = sh.settlement_id AND r.agent_id = sh.agent_id AND r.child_id = sh.child_id
     WHERE sh.settlement_id IS NULL OR r.settlement_id IS NULL OR r.amount <> sh.amount_minor`,
  ],
  [
    'B4 settlement journal legs = wallets net + agent shares',
    `WITH expected AS (
       SELECT su.settlement_id, a.id AS account_id, su.net_minor AS amount
       FROM settlement_users su JOIN ledger_accounts a ON a.user_id = su.user_id WHERE su.net_minor <> 0
       UNION ALL
       SELECT ss.settlement_id, a.id, sum(ss.amount_minor)
       FROM settlement_agent_shares ss JOIN ledger_accounts a ON a.code = 'system:agent_pnl:' || ss.agent_id::text
       GROUP BY ss.settlement_id, a.id HAVING sum(ss.amount_minor) <> 0),
     actual AS (SELECT s.id AS settlement_id, e.account_id, e.amount_minor AS amount FROM settlements s JOIN entries e ON e.journal_id = s.journal_id)
     (SELECT 'missing' AS kind, * FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM actual) m)
     UNION ALL
     (SELECT 'unexpected', * FROM (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected) u)`,
  ],
  [
    'B4 settlement journals: code, event, no actor, reversal of a rolled-back one',
    `SELECT s.id, j.code, j.event_ref FROM settlements s
     LEFT JOIN journals j ON j.id = s.journal_id
     LEFT JOIN journals r ON r.id = s.reversal_journal_id
     WHERE (s.journal_id IS NOT NULL AND (j.code <> 'MARKET_SETTLE' OR j.event_type <> 'market.settled'
              OR j.event_ref <> s.market_id || ':' || s.version OR j.actor_id IS NOT NULL))
        OR (s.journal_id IS NULL AND EXISTS (SELECT 1 FROM settlement_users su WHERE su.settlement_id = s.id AND su.net_minor <> 0))
        OR (s.reversed_at IS NOT NULL AND s.journal_id IS NOT NULL
            AND (r.id IS NULL OR r.code <> 'MARKET_SETTLE_REVERSAL' OR r.reverses_journal_id <> s.journal_id))
        OR (s.reversed_at IS NULL AND s.reversal_journal_id IS NOT NULL)
     UNION ALL
     SELECT NULL, j.code, j.event_ref FROM journals j
     WHERE (j.code = 'MARKET_SETTLE' AND NOT EXISTS (SELECT 1 FROM settlements s WHERE s.journal_id = j.id))
        OR (j.code = 'MARKET_SETTLE_REVERSAL' AND NOT EXISTS (SELECT 1 FROM settlements s WHERE s.reversal_journal_id = j.id))`,
  ],
  [
    'B5 agent P&L account = Σ its shares of live settlements and closed international casino rounds',
    `SELECT a.code, a.balance_minor::text, coalesce(x.total, 0)::text AS shares FROM ledger_accounts a
     LEFT JOIN (SELECT y.code, sum(y.amount) AS total FROM (
                  SELECT 'system:agent_pnl:' || ss.agent_id::text AS code, ss.amount_minor AS amount
                  FROM settlement_agent_shares ss JOIN settlements s ON s.id = ss.settlement_id WHERE s.reversed_at IS NULL
                  UNION ALL
                  SELECT 'system:agent_pnl:' || cs.agent_id::text, cs.amount_minor FROM casino_int_round_shares cs) y
                GROUP BY y.code) x ON x.code = a.code
     WHERE a.code LIKE 'system:agent_pnl:%' AND a.balance_minor <> coalesce(x.total, 0)`,
  ],
];

/** B1–B5 (see BETTING_CHECKS); B2 and the per-bet part of B4 through the shared pure functions. */
async function bettingViolations(db: Database): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const [invariant, sql] of BETTING_CHECKS) {
    const { rows } = await db.query(sql);
    if (rows.length > 0) violations.push({ invariant, rows });
  }
  interface BetFacts {
    id: string;
    userId: string;
    marketId: string;
    marketType: string;
    side: 'BACK' | 'LAY' | 'YES' | 'NO';
    selectionId: string;
    stake: string;
    odds: number;
    runLine: number | null;
    priceShown: number;
    requested: number | null;
    acceptance: 'better' | 'any' | 'exact' | null;
    pnl: string | null;
    result: { type: string; selectionId?: string; selectionIds?: string[]; runs?: number; outcomes?: Record<string, Record<string, CasinoRunnerOutcome>> } | null;
    /** The market's winners (racing PLACE > 1); its runner a non-runner; the non-runners removed after the bet (factors in bps). */
    winners: number | null;
    nonRunner: boolean;
    reductionsBps: number[];
  }
  const { rows: bets } = await db.query<BetFacts>(
    `SELECT b.id, b.user_id AS "userId", b.market_id AS "marketId", b.market_type AS "marketType", b.side,
            b.selection_id AS "selectionId", b.stake_minor::text AS stake, b.odds_hundredths AS odds, b.run_line AS "runLine",
            b.price_shown AS "priceShown", b.requested_price AS requested, b.odds_acceptance AS acceptance, b.pnl_minor::text AS pnl, s.result,
            (SELECT m.number_of_winners FROM markets m WHERE m.id = b.market_id) AS winners,
            EXISTS (SELECT 1 FROM runners r WHERE r.market_id = b.market_id AND r.selection_id = b.selection_id AND r.status = 'removed') AS "nonRunner",
            ARRAY(SELECT (r.adjustment_factor * 100)::int FROM runners r
                  WHERE r.market_id = b.market_id AND r.status = 'removed' AND r.adjustment_factor > 0 AND r.removed_at > b.created_at) AS "reductionsBps"
     FROM bets b LEFT JOIN settlements s ON s.id = b.settlement_id
     WHERE b.status IN ('open', 'settled') ORDER BY b.created_at, b.id`,
  );
  const worseThanAsked = bets.filter((b) => {
    if (b.requested === null) return false;
    if (b.side === 'YES' || b.side === 'NO') return matchedFancyLine(b.side, b.requested, b.runLine) !== b.runLine;
    // The player's odds acceptance (ADR 0055): 'any' takes whatever the market gave, 'exact' only the price asked.
    if (b.acceptance === 'any') return false;
    if (b.acceptance === 'exact') return b.priceShown !== b.requested;
    return matchedPrice(b.side, b.requested, b.priceShown) !== b.priceShown;
  });
  if (worseThanAsked.length > 0) violations.push({ invariant: 'B7 a bet is matched at a price no worse than asked', rows: worseThanAsked });
  const wrongPnl: unknown[] = [];
  for (const bet of bets.filter((b) => b.result !== null)) {
    const result = bet.result ?? { type: 'VOID' };
    let expected: number;
    if (bet.marketType === 'fancy') {
      const side = bet.side === 'YES' ? 'YES' : 'NO';
      const fancy = { side, line: bet.runLine ?? 0, rate: bet.odds - 100, stakeMinor: Number(bet.stake) } as const;
      expected = result.type === 'RUNS' ? fancyBetPnlMinor(fancy, result.runs ?? 0) : 0;
    } else {
      const runnerResult: RunnerResult =
        result.type === 'WINNER'
          ? { kind: 'WINNER', runnerId: result.selectionId ?? '' }
          : result.type === 'DEAD_HEAT'
            ? { kind: 'DEAD_HEAT', runnerIds: result.selectionIds ?? [] }
            : result.type === 'PLACED'
              ? { kind: 'PLACED', runnerIds: result.selectionIds ?? [] }
            : result.type === 'CASINO_ROUND'
              ? { kind: 'CASINO', outcomes: result.outcomes?.[bet.marketId.slice(bet.marketId.indexOf('.') + 1)] ?? {} }
              : { kind: 'VOID' };
      const side = bet.side === 'BACK' ? 'BACK' : 'LAY';
      // Racing non-runners (docs/racing-rules.md R-3): a bet on one is void, the others' prices reduced.
      const racing = result.type === 'WINNER' || result.type === 'DEAD_HEAT' || result.type === 'PLACED';
      const odds = racing ? reducedOddsHundredths(bet.odds, bet.reductionsBps) : bet.odds;
      expected = racing && bet.nonRunner ? 0 : settledRunnerBetMinor({ side, runnerId: bet.selectionId, stakeMinor: Number(bet.stake), oddsHundredths: odds }, runnerResult);
    }
    if (String(expected) !== bet.pnl) wrongPnl.push({ bet: bet.id, stored: bet.pnl, expected });
  }
  if (wrongPnl.length > 0) violations.push({ invariant: 'B4 settled bet P&L = the shared settlement maths', rows: wrongPnl });

  const { rows: positions } = await db.query<{ userId: string; marketId: string; marketType: string; pnl: unknown; exposure: string }>(
    `SELECT user_id AS "userId", market_id AS "marketId", market_type AS "marketType", pnl, exposure_minor::text AS exposure
     FROM positions WHERE status = 'open'`,
  );
  const wrongPositions: unknown[] = [];
  for (const position of positions) {
    const open = bets.filter((b) => b.userId === position.userId && b.marketId === position.marketId && b.result === null);
    let rebuilt: { pnl: unknown; exposure: number };
    if (position.marketType === 'fancy') {
      const book = fancyBook(
        open.map((b) => ({ side: b.side === 'YES' ? 'YES' : 'NO', line: b.runLine ?? 0, rate: b.odds - 100, stakeMinor: Number(b.stake) }) as const),
      );
      const worst = Math.min(0, ...book.zonesMinor);
      rebuilt = { pnl: { lines: [...book.lines], zones: [...book.zonesMinor] }, exposure: worst === 0 ? 0 : -worst };
    } else {
      const runnerIds = Object.keys(position.pnl as Record<string, number>);
      // Racing non-runners (ADR 0046): the position is re-priced at each removal, so a bet on a
      // non-runner is void (left out) and one matched before a removal counts at its reduced price.
      if (open.some((b) => b.nonRunner && runnerIds.includes(b.selectionId))) {
        wrongPositions.push({ ...position, reason: 'a non-runner is still listed in the position' });
        continue;
      }
      const runnerBets = open
        .filter((b) => !b.nonRunner)
        .map((b) => ({ side: b.side === 'BACK' ? 'BACK' : 'LAY', runnerId: b.selectionId, stakeMinor: Number(b.stake), oddsHundredths: reducedOddsHundredths(b.odds, b.reductionsBps) }) as const);
      // A bet on a runner not in the position (added to the market since) only loses.
      const gone = [...new Set(runnerBets.map((b) => b.runnerId).filter((id) => !runnerIds.includes(id)))];
      const vector = marketPnlVector(runnerBets, [...runnerIds, ...gone]);
      for (const id of gone) vector.delete(id);
      // A PLACE market's worst case is its k placed runners, found here by trying every set of k.
      const winners = open[0]?.winners ?? 1;
      const worst = Math.min(0, winners > 1 ? worstPlacedMinor(runnerBets, runnerIds, winners) : Math.min(...vector.values()));
      rebuilt = { pnl: Object.fromEntries(vector), exposure: worst === 0 ? 0 : -worst };
    }
    if (JSON.stringify(rebuilt.pnl) !== JSON.stringify(position.pnl) && !samePnl(rebuilt.pnl, position.pnl)) {
      wrongPositions.push({ ...position, rebuilt });
    } else if (String(rebuilt.exposure) !== position.exposure) {
      wrongPositions.push({ ...position, rebuilt });
    }
  }
  if (wrongPositions.length > 0) violations.push({ invariant: 'B2 open position = rebuilt from its open bets', rows: wrongPositions });
  return violations;
}

/** Two stored P&L objects with the same keys and values (jsonb does not keep key order). */
function samePnl(a: unknown, b: unknown): boolean {
  const sort = (value: unknown): unknown =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : value;
  return JSON.stringify(sort(a)) === JSON.stringify(sort(b));
}

/**
 * A digest of every business table that a denied request must leave alone: users (all their
 * fields except login times), wallets, journals, sessions and the audit log (step 4: bets,
 * positions, market bet-locks, settlements), sites and their domains, and each site's content
 * (ADR 0074: payment details, casino switches, registration agent, news lines).
 */
export async function businessStateDigest(db: Database): Promise<string> {
  const { rows } = await db.query<{ digest: string }>(
    `SELECT md5(coalesce(string_agg(x, '|' ORDER BY x), '')) AS digest FROM (
       SELECT concat_ws(':', 'u', id, username, display_name, phone, status, bet_lock, password_hash, txn_password_hash,
                        must_change_password, partnership_share_bps, credit_reference_minor, commission_bps,
                        exposure_limit_minor, parent_id) FROM users
       UNION ALL SELECT concat_ws(':', 'a', id, balance_minor, exposure_minor, version) FROM ledger_accounts
       UNION ALL SELECT concat_ws(':', 'j', count(*)) FROM journals
       UNION ALL SELECT concat_ws(':', 'e', count(*)) FROM entries
       UNION ALL SELECT concat_ws(':', 's', id, ended_at, ended_reason) FROM sessions
       UNION ALL SELECT concat_ws(':', 'r', count(*), count(revoked_at)) FROM refresh_tokens
       UNION ALL SELECT concat_ws(':', 'l', count(*)) FROM audit_log
       UNION ALL SELECT concat_ws(':', 'p', id, status, decided_by, decision_journal_id) FROM payment_requests
       UNION ALL SELECT concat_ws(':', 'pi', count(*)) FROM payment_idempotency
       UNION ALL SELECT concat_ws(':', 'ps', count(*)) FROM payment_screenshots
       UNION ALL SELECT concat_ws(':', 'sb', id, deleted_at) FROM saved_bank_accounts
       UNION ALL SELECT concat_ws(':', 'su', id, deleted_at) FROM saved_upis
       UNION ALL SELECT concat_ws(':', 'pset', site_id, upi_id, upi_name, account_holder_name, account_number, ifsc_code) FROM payment_settings
       UNION ALL SELECT concat_ws(':', 'site', id, casino_tables_off::text, casino_providers_off::text, registration_agent_id) FROM sites
       UNION ALL SELECT concat_ws(':', 'n', id, text, active, site_id) FROM news_messages
       UNION ALL SELECT concat_ws(':', 'b', id, status, settlement_id) FROM bets
       UNION ALL SELECT concat_ws(':', 'pos', user_id, market_id, exposure_minor, status) FROM positions
       UNION ALL SELECT concat_ws(':', 'mbl', user_id, market_id) FROM market_bet_locks
       UNION ALL SELECT concat_ws(':', 'st', id, reversed_at) FROM settlements
       UNION ALL SELECT concat_ws(':', 'site', id, name, admin_id, theme, md5(coalesce(logo, '')), support_email, support_phone,
                        default_language, languages, maintenance, maintenance_message, updated_at) FROM sites
       UNION ALL SELECT concat_ws(':', 'sd', domain, site_id) FROM site_domains
     ) AS t(x)`,
  );
  return rows[0]?.digest ?? '';
}

/** Headers of a money-moving request: its idempotency key. */
export function idempotent(key: string): Record<string, string> {
  return { 'idempotency-key': key };
}

/** The parsed JSON body of a response. */
export function body<T = { data: unknown; message: string }>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

let bettingFixtureCounter = 0;

/** A test match (imported, active, in play) with one open, active runner market. */
export interface TestMarket {
  matchId: string;
  marketId: string;
}

/**
 * Creates a match and one open market on it; `runners` maps selection id → [best back, best lay]
 * in hundredths (bookmaker: rates in paise). No bet delay, wide limits.
 */
export async function createTestMarket(
  t: TestContext,
  runners: Record<string, [number, number]>,
  options: { marketType?: 'match_odds' | 'bookmaker' | 'over_under'; matchId?: string; sportId?: number } = {},
): Promise<TestMarket> {
  bettingFixtureCounter += 1;
  const matchId = options.matchId ?? `8${Date.now() % 1_000_000}${bettingFixtureCounter}`;
  const marketId = `1.${matchId}${options.matchId === undefined ? '' : `-${bettingFixtureCounter}`}`;
  const sportId = options.sportId ?? 4;
  await t.db.query(`INSERT INTO competitions (id, sport_id, name) VALUES ($1, $2, 'Test League') ON CONFLICT DO NOTHING`, [`c-test-${sportId}`, sportId]);
  await t.db.query(
    `INSERT INTO events (id, sport_id, competition_id, name, open_date, status, imported, active)
     VALUES ($1, $2, $3, 'A v B', now(), 'inplay', true, true) ON CONFLICT (id) DO NOTHING`,
    [matchId, sportId, `c-test-${sportId}`],
  );
  await t.db.query(
    `INSERT INTO markets (id, event_id, name, market_type, sort_order, feed_status, active, min_stake_minor, max_stake_minor,
                          max_profit_minor, bet_delay_sec)
     VALUES ($1, $2, $3, $4, $5, 'open', true, 100, 1000000000, 1000000000, 0)`,
    [marketId, matchId, options.marketType === 'bookmaker' ? 'Bookmaker' : 'Match Odds', options.marketType ?? 'match_odds', bettingFixtureCounter],
  );
  let order = 0;
  for (const [selectionId, [back, lay]] of Object.entries(runners)) {
    order += 1;
    await t.db.query(
      `INSERT INTO runners (market_id, selection_id, name, sort_order, status, back_prices, back_sizes_minor, lay_prices, lay_sizes_minor)
       VALUES ($1, $2, $2, $3, 'active', ARRAY[$4::int], ARRAY[100000000::bigint], ARRAY[$5::int], ARRAY[100000000::bigint])`,
      [marketId, selectionId, order, back, lay],
    );
  }
  return { matchId, marketId };
}

/** A test fancy on a match (created with createTestMarket): open, active, no delay, wide limits. */
export async function createTestFancy(
  t: TestContext,
  matchId: string,
  line: { noRun: number; noRate: number; yesRun: number; yesRate: number },
): Promise<{ matchId: string; fancyId: string }> {
  bettingFixtureCounter += 1;
  const fancyId = `${matchId}-F${bettingFixtureCounter}`;
  await t.db.query(
    `INSERT INTO fancies (id, event_id, name, gtype, sort_order, feed_status, active, no_run, no_rate, yes_run, yes_rate,
                          min_stake_minor, max_stake_minor, max_profit_minor, bet_delay_sec)
     VALUES ($1, $2, $3, 'session', $4, 'open', true, $5, $6, $7, $8, 100, 1000000000, 1000000000, 0)`,
    [fancyId, matchId, `6 over runs ${bettingFixtureCounter}`, bettingFixtureCounter, line.noRun, line.noRate, line.yesRun, line.yesRate],
  );
  return { matchId, fancyId };
}

/** A wallet's balance and exposure in paise. */
export async function walletOf(t: TestContext, userId: string): Promise<{ balance: bigint; exposure: bigint }> {
  const { rows } = await t.db.query<{ balance: string; exposure: string }>(
    'SELECT balance_minor::text AS balance, exposure_minor::text AS exposure FROM ledger_accounts WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`user ${userId} has no wallet`);
  return { balance: BigInt(row.balance), exposure: BigInt(row.exposure) };
}

/** The balance of an agent's P&L account (0 before its first settlement). */
export async function agentPnlOf(t: TestContext, agentId: string): Promise<bigint> {
  const { rows } = await t.db.query<{ balance: string }>('SELECT balance_minor::text AS balance FROM ledger_accounts WHERE code = $1', [
    `system:agent_pnl:${agentId}`,
  ]);
  return BigInt(rows[0]?.balance ?? '0');
}
