/**
 * What the betting and casino benchmarks share on the product side (bundled into each by
 * bundle.mjs):
 *
 * - `openBenchCore()`: a throwaway database (bench-db.ts) with the product's migrations, config and
 *   core services, as the API builds them;
 * - `seedPlayers()`: one agent chain (shares 100/95/85/70/50 %) and 10,000 players `bp1…` under its
 *   DL, each funded by one ledger journal;
 * - `setBasedSettlementSql()`: the settlement baseline of docs/bench/README.md §7 — one set-based pass over a
 *   market's open bets (their P&L, one row per user, wallet balances and released exposure),
 *   without the product's commission, partnership shares, journals and version chain;
 * - `timeRolledBack()`: the wall time of a transaction that is then rolled back (the baseline);
 * - `invariantCounts()`: the docs/bench/README.md §2 invariant counts (all must be 0);
 * - `postmasterPid()`: the server process, so the driver counts only this server's CPU;
 * - `workCpu()`: wall and CPU ms of one piece of work: this process and the client backends of
 *   the bench's own database only (a shared server's other sessions do not count; ADR 0079).
 */
import { ROLES } from '@backlay/shared/contracts';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Clock } from '../src/common/clock';
import type { DomainEvents } from '../src/common/domain-events';
import type { Logger } from '../src/common/logger';
import { loadConfig, type Config } from '../src/config';
import { Database, type Tx } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import { createCoreServices, type CoreServices } from '../src/services';
import * as users from '../src/users/users.repository';
import { throwawayDatabase } from './bench-db';

/** Connections of the product's pool in every benchmark (docs/bench/README.md §4: in flight ≈ pool size). */
export const BENCH_POOL = 16;
export const BENCH_PASSWORD = 'Bench#Pass1';
/** Each player's chips: enough that the load never runs out of funds over many rounds. */
export const BENCH_FUNDS_MINOR = 10_000_000_000n; // ₹10 crore

export interface BenchCore {
  url: string;
  jwtSecret: string;
  config: Readonly<Config>;
  db: Database;
  services: CoreServices;
  /** Closes the pool and drops the database (and stops the embedded server, if one was started). */
  close(): Promise<void>;
}

/**
 * The product's core on a fresh database. `env` adds settings as an operator sets them,
 * `configure` changes the loaded config where no variable does; `clock`, `events` and `log` go to
 * createCoreServices (a benchmark steps the casino engine on its own clock).
 */
export async function openBenchCore(
  options: {
    env?: Record<string, string>;
    configure?: (config: Readonly<Config>) => Readonly<Config>;
    clock?: Clock;
    events?: DomainEvents;
    log?: Logger;
    /** The database's name (default a random `bench_…`). */
    database?: string;
  } = {},
): Promise<BenchCore> {
  const database = await throwawayDatabase(options.database);
  const jwtSecret = `bench-${randomBytes(24).toString('hex')}`;
  const loaded = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    JWT_SECRET: jwtSecret,
    DEMO: 'false',
    FEED_ENABLED: 'false',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    API_DOCS: 'false',
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  const config = options.configure?.(loaded) ?? loaded;
  const db = Database.connect({
    url: database.url,
    poolMax: BENCH_POOL,
    statementTimeoutMs: 600_000,
    lockTimeoutMs: config.database.lockTimeoutMs,
  });
  await runMigrations(db, config.paths.migrationsDir, config.paths.sqlFunctionsDir);
  const services = createCoreServices({
    config,
    db,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.events === undefined ? {} : { events: options.events }),
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  return {
    url: database.url,
    jwtSecret,
    config,
    db,
    services,
    async close() {
      await db.close();
      await database.drop();
    },
  };
}

/** One journal from system:mint funding every player (set-based; each wallet's first entry). */
const FUND_SQL = `
WITH accts AS (
  SELECT a.id, a.version, a.balance_minor FROM ledger_accounts a JOIN users u ON u.id = a.user_id WHERE u.role = 'user'),
n AS (SELECT count(*) AS c FROM accts),
j AS (INSERT INTO journals (code, event_type, event_ref, request_hash, remark)
      VALUES ('BENCH_FUND', 'bench.fund', 'players', repeat('0', 64), 'bench funding') RETURNING id),
mint AS (SELECT id, version, balance_minor FROM ledger_accounts WHERE code = 'system:mint'),
e1 AS (INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
       SELECT j.id, a.id, $1::bigint, a.version + 1, a.balance_minor, a.balance_minor + $1::bigint FROM j, accts a),
e2 AS (INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
       SELECT j.id, m.id, -$1::bigint * n.c, m.version + 1, m.balance_minor, m.balance_minor - $1::bigint * n.c FROM j, mint m, n),
w AS (UPDATE ledger_accounts la SET balance_minor = la.balance_minor + $1::bigint, version = la.version + 1
      FROM accts a WHERE la.id = a.id)
UPDATE ledger_accounts SET balance_minor = balance_minor - $1::bigint * (SELECT c FROM n), version = version + 1
WHERE code = 'system:mint'`;

/**
 * The agent chain (shares 100/95/85/70/50 %), then `count` players `bp1…` under its DL, each funded
 * with BENCH_FUNDS_MINOR. Returns the players in username order.
 */
export async function seedPlayers(core: BenchCore, count: number): Promise<Array<{ id: string; username: string }>> {
  const { db, services } = core;
  const passwordHash = await services.passwords.hash(BENCH_PASSWORD);
  const shares = [10_000, 9_500, 8_500, 7_000, 5_000];
  let parentId: string | null = null;
  for (const [i, role] of ROLES.slice(0, 5).entries()) {
    const row: { id: string } = await users.insertUser(db, {
      username: `bench-${role}`,
      role,
      parentId,
      passwordHash,
      txnPasswordHash: passwordHash,
      mustChangePassword: false,
      createdBy: parentId,
      partnershipShareBps: shares[i] ?? 0,
    });
    parentId = row.id;
  }
  await db.query(
    `INSERT INTO users (username, display_name, role, parent_id, password_hash, txn_password_hash, must_change_password, created_by,
                        partnership_share_bps)
     SELECT 'bp' || g, 'bp' || g, 'user', $1, $2, $2, false, $1, 0 FROM generate_series(1, $3::int) AS g`,
    [parentId, passwordHash, count],
  );
  await db.query(FUND_SQL, [BENCH_FUNDS_MINOR.toString()]);
  const { rows } = await db.query<{ id: string; username: string }>(
    `SELECT id, username FROM users WHERE role = 'user' AND username LIKE 'bp%' ORDER BY username`,
  );
  return rows;
}

/**
 * One set-based pass over the open bets of the markets `$1` (text[]) under the settlement `$2`: each
 * bet's P&L by `pnlSql` (an expression over the bets row `b`), one settlement_users row per user,
 * the positions settled, and each wallet's balance and exposure in one UPDATE — the shape of
 * docs/bench/README.md §7. Run it with timeRolledBack(): it writes no journal, so it must never commit.
 */
export function setBasedSettlementSql(pnlSql: string): string {
  return `
WITH s AS (
  UPDATE bets b SET status = 'settled', settled_at = now(), settlement_id = $2, pnl_minor = ${pnlSql}
  WHERE b.market_id = ANY ($1::text[]) AND b.status = 'open' RETURNING b.user_id, b.pnl_minor),
agg AS (SELECT user_id, sum(pnl_minor) AS total FROM s GROUP BY user_id),
su AS (INSERT INTO settlement_users (settlement_id, user_id, gross_pnl_minor, commission_minor, net_minor, turnover_minor)
       SELECT $2, user_id, total, 0, total, 0 FROM agg),
pos AS (UPDATE positions SET status = 'settled' WHERE market_id = ANY ($1::text[]) AND status = 'open' RETURNING user_id, exposure_minor),
released AS (SELECT user_id, sum(exposure_minor) AS exposure FROM pos GROUP BY user_id)
UPDATE ledger_accounts a SET balance_minor = a.balance_minor + agg.total, exposure_minor = a.exposure_minor - released.exposure
FROM agg JOIN released USING (user_id) WHERE a.user_id = agg.user_id`;
}

class RolledBack extends Error {}

/** Wall ms of `work` in one transaction, which is then rolled back. */
export async function timeRolledBack(db: Database, work: (tx: Tx) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await db
    .transaction(async (tx) => {
      await work(tx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return performance.now() - started;
}

const INVARIANTS_SQL = `
SELECT
  (SELECT count(*) FROM ledger_accounts WHERE NOT allow_negative AND balance_minor < 0) AS negative_balance,
  (SELECT count(*) FROM ledger_accounts WHERE NOT allow_negative AND balance_minor - exposure_minor < 0) AS overspent,
  (SELECT count(*) FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_minor) AS s FROM entries GROUP BY 1) e
     ON e.account_id = a.id WHERE a.balance_minor <> coalesce(e.s, 0)) AS ledger_mismatch,
  (SELECT count(*) FROM (SELECT 1 FROM ledger_accounts HAVING sum(balance_minor) <> 0) z) AS ledger_not_zero_sum,
  (SELECT count(*) FROM ledger_accounts a LEFT JOIN (SELECT user_id, sum(exposure_minor) AS s FROM positions WHERE status = 'open' GROUP BY 1) p
     ON p.user_id = a.user_id WHERE a.kind = 'user' AND a.exposure_minor <> coalesce(p.s, 0)) AS exposure_mismatch,
  (SELECT count(*) FROM positions p JOIN LATERAL (
      SELECT jsonb_object_agg(r.sel, coalesce((SELECT sum(CASE WHEN b.selection_id = r.sel
                THEN floor((CASE WHEN b.side = 'BACK' THEN 1 ELSE -1 END) * b.stake_minor * (b.odds_hundredths - 100) / 100.0)::bigint
                ELSE (CASE WHEN b.side = 'BACK' THEN -1 ELSE 1 END) * b.stake_minor END)
              FROM bets b WHERE b.user_id = p.user_id AND b.market_id = p.market_id AND b.status <> 'voided'), 0)) AS v
      FROM jsonb_object_keys(p.pnl) AS r(sel)) x ON true
   WHERE p.market_type <> 'fancy' AND x.v <> p.pnl) AS position_mismatch`;

/** The docs/bench/README.md §2 invariant counts; every one must be 0. */
export async function invariantCounts(db: Database): Promise<Record<string, number>> {
  const { rows } = await db.query<Record<string, string>>(INVARIANTS_SQL);
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
}

export async function pgVersion(db: Database): Promise<string> {
  const { rows } = await db.query<{ v: string }>("SELECT current_setting('server_version') AS v");
  return rows[0]?.v ?? 'unknown';
}

/**
 * The pid of the PostgreSQL server's postmaster (the parent of this connection's backend), so CPU
 * can be read for this server's processes only; null when the server is not on this machine's
 * procfs (another host or container).
 */
export async function postmasterPid(db: Database): Promise<number | null> {
  const { rows } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  try {
    const stat = readFileSync(`/proc/${rows[0]?.pid ?? 0}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) && ppid > 1 ? ppid : null;
  } catch {
    return null;
  }
}

/** CPU ms so far of each client backend of this database, by pid (procfs schedstat, ns); empty off this machine. */
async function backendCpuMs(db: Database): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'",
  );
  const byPid = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      byPid.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6);
    } catch {
      // not on this machine's procfs, or the backend ended
    }
  }
  return byPid;
}

export interface WorkCpu {
  wallMs: number;
  /** This process's CPU ms plus the CPU ms of this database's client backends. */
  cpuMs: number;
  /** The backends' part of cpuMs. */
  pgMs: number;
}

/**
 * Wall and CPU ms of `work`. CPU is this process's and that of the client backends of the bench's
 * own (throwaway) database: on a shared server the other databases' sessions, and on a busy
 * machine the time spent waiting for a core, do not count, so a ratio of two such figures holds
 * steadier than one of wall times (ADR 0079).
 */
export async function workCpu(db: Database, work: () => Promise<unknown>): Promise<WorkCpu> {
  const pg0 = await backendCpuMs(db);
  const self0 = process.cpuUsage();
  const started = performance.now();
  await work();
  const wallMs = performance.now() - started;
  const self = process.cpuUsage(self0);
  const pg1 = await backendCpuMs(db);
  let pgMs = 0;
  for (const [pid, now] of pg1) pgMs += now - (pg0.get(pid) ?? 0);
  return { wallMs, cpuMs: pgMs + (self.user + self.system) / 1000, pgMs };
}
