/**
 * Integration-test helpers. `buildTestApp()` gives each test file its own fresh database
 * (CREATE DATABASE test_<random>, migrations, dropped again by `close()`), the app built on it,
 * and factories that create what a test needs (users with their missing parents, chips).
 */
import { childRoleOf, ROLES, type Area, type LoginResponse, type Role } from '@backlay/shared/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { buildApp, type AppServices } from '../src/app';
import type { Clock } from '../src/common/clock';
import { loadConfig, type Config } from '../src/config';
import { Database } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import { createCoreServices } from '../src/services';
import * as usersRepo from '../src/users/users.repository';

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

function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
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
  status?: usersRepo.UserStatus;
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
  /** Logs in through the HTTP API; fails the test unless it answers 200. */
  login(user: TestUser, area?: Area): Promise<LoginResponse>;
  /** app.inject with an optional bearer token. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
}

let userCounter = 0;

function uniqueUsername(role: Role): string {
  userCounter += 1;
  return `${role}${userCounter}${randomBytes(3).toString('hex')}`.slice(0, 20);
}

export interface BuildTestAppOptions {
  /** Extra environment for loadConfig (e.g. ALLOWED_ORIGINS). */
  env?: Record<string, string>;
  clock?: Clock;
  /** Runs before app.ready(), e.g. to add a test-only route. */
  beforeReady?: (app: FastifyInstance) => void;
}

export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestContext> {
  const databaseName = `test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${databaseName}`));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl(databaseName),
    JWT_SECRET: TEST_JWT_SECRET,
    DEMO: 'false',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    DB_POOL_MAX: '12',
    ALLOWED_ORIGINS: TEST_ORIGIN,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...options.env,
  });
  const db = Database.connect({
    url: config.database.url ?? '',
    poolMax: config.database.poolMax,
    statementTimeoutMs: config.database.statementTimeoutMs,
    lockTimeoutMs: config.database.lockTimeoutMs,
  });
  await runMigrations(db, config.paths.migrationsDir);
  const core = createCoreServices({ config, db, ...(options.clock !== undefined ? { clock: options.clock } : {}) });
  const app = await buildApp({ config, db, jwtSecret: TEST_JWT_SECRET, services: core });
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
      partnershipShareBps: opts.role === 'admin' ? 10_000 : childRoleOf(opts.role) === null ? 0 : 5_000,
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

  const login = async (user: TestUser, area?: Area): Promise<LoginResponse> => {
    const loginArea = area ?? (user.role === 'user' ? 'player' : 'admin');
    const response = await app.inject({
      method: 'POST',
      url: loginArea === 'player' ? '/api/login' : '/api/login-admin',
      payload: { username: user.username, password: user.password },
    });
    if (response.statusCode !== 200) throw new Error(`login of ${user.username} failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { data: LoginResponse }).data;
  };

  const close = async (): Promise<void> => {
    await app.close();
    await db.close();
    await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  };

  return { app, db, services, config, databaseName, close, createUser, fund, login, request };
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
 * The ledger invariants of QUALITY §2 that exist in step 1, checked with SQL against the
 * whole database. Throws with the offending rows.
 *  L1 every journal has ≥ 2 entries summing to 0;  L2 all balances sum to 0;
 *  L3 each balance (and version) equals its entries; L4 per-account chain 1..n, prev = last curr,
 *  curr = prev + amount; L5 available ≥ 0 unless the account may go negative;
 *  L7 the append-only triggers are present and enabled; L17 versions increase strictly with
 *  entry order and times never go backwards.
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
      'L5 available >= 0',
      `SELECT id, balance_minor::text, exposure_minor::text FROM ledger_accounts
       WHERE exposure_minor < 0 OR (NOT allow_negative AND balance_minor - exposure_minor < 0)`,
    ],
    [
      'L7 append-only triggers enabled',
      `SELECT expected.name FROM (VALUES ('entries_append_only'), ('entries_no_truncate'), ('journals_append_only'),
              ('journals_no_truncate'), ('audit_log_append_only'), ('audit_log_no_truncate'), ('journals_balanced'),
              ('entries_balanced')) AS expected(name)
       LEFT JOIN pg_trigger t ON t.tgname = expected.name AND t.tgenabled <> 'D'
       WHERE t.oid IS NULL`,
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
  ];
  const violations: Violation[] = [];
  for (const [invariant, sql] of checks) {
    const { rows } = await db.query(sql);
    if (rows.length > 0) violations.push({ invariant, rows });
  }
  if (violations.length > 0) {
    throw new Error(`Ledger invariants broken:\n${JSON.stringify(violations, null, 2)}`);
  }
}

/** The parsed JSON body of a response. */
export function body<T = { data: unknown; message: string }>(response: LightMyRequestResponse): T {
  return response.json() as T;
}
