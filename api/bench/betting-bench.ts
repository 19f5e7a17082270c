/**
 * The product side of the betting benchmark (bundled by betting.mjs, docs/bench/README.md §11):
 *
 * - a throwaway database with the product's migrations, 10,000 players under one agent chain,
 *   each funded by one ledger journal, and 20 open 3-runner match odds markets (bet delay 0);
 * - `anchor()`: one "tpcb-lite" transaction with the same driver (BEGIN; UPDATE an account;
 *   SELECT its balance; UPDATE a teller; UPDATE a branch; INSERT history; COMMIT) — pgbench's
 *   tpcb-like script on tables of the same shape, scale 10;
 * - `placeDirect()`: the product's own BettingService.placeBet (checks + the one-call place_runner_bet);
 * - the real Fastify app on a port, with the same 2,000 players signed in (one session each) that
 *   placeDirect() bets for, for HTTP placement from a child process;
 * - a 100k-bet market for settlement: the product's settle_market against one set-based SQL pass
 *   over the same rows (rolled back), and rollback_settlement between rounds;
 * - `hotSpot()`: one player, many concurrent bets, exactly floor(balance / stake) accepted;
 * - `invariants()`: the docs/bench/README.md §2 invariant counts (all must be 0).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { buildApp } from '../src/app';
import * as catalog from '../src/catalog/catalog.repository';
import * as markets from '../src/catalog/markets.repository';
import { placeRunnerBets, type PlaceRunnerBetCall } from '../src/betting/betting.repository';
import { Database } from '../src/db/database';
import type { FeedMarket } from '../src/feed/feed-provider';
import { BENCH_PASSWORD, BENCH_POOL, invariantCounts, openBenchCore, pgVersion, seedPlayers, setBasedSettlementSql, timeRolledBack, workCpu, type WorkCpu } from './bench-core';
import { freePort } from '../test/admin-db';

const MATCH_ID = '498000001';
const SETTLE_MATCH_ID = '498000002';
const SETTLE_MARKET_ID = '1.49800000299';
const MARKETS = 20;
const RUNNERS = ['r1', 'r2', 'r3'];

export interface BenchBet {
  matchId: string;
  marketId: string;
  selectionId: string;
  side: 'BACK' | 'LAY';
  odds: number;
  stake: number;
}

export interface BettingBench {
  apiUrl: string;
  /**
   * One database connection of its own, with nothing else on it (placement-sql.mjs): `query`
   * runs SQL on it, `backendPid` is its PostgreSQL backend, `placeBatch` places `size` random bets
   * of distinct players in one call of `fn` (place_runner_bets or a copy with its signature)
   * through the product's repository, and throws unless every one is accepted.
   */
  alone: {
    query(sql: string): Promise<void>;
    backendPid(): Promise<number>;
    placeBatch(fn: string, size: number): Promise<void>;
  };
  /** The product's bet batching in this run (BET_BATCH_IN_FLIGHT, BET_BATCH_MAX). */
  batching: { batchInFlight: number; batchMax: number };
  /** The product's batch counters (bets, database calls) so far. */
  batchStats(): { calls: number; sends: number; failedBatches: number };
  /** Bearer tokens of signed-in players (HTTP load). */
  tokens: string[];
  /** A random bet on one of the 20 markets at the live price. */
  randomBet(): BenchBet;
  anchor(): Promise<void>;
  placeDirect(): Promise<void>;
  seedSettlementMarket(bets: number): Promise<{ users: number; bets: number }>;
  /** One set-based SQL pass over the market's open bets, in a transaction that is rolled back. */
  settleBaseline(): Promise<WorkCpu>;
  /**
   * VACUUM of the tables a settlement writes, so the next timed pass meets the same clean table
   * whether it follows an aborted baseline, a settlement or a rollback (each leaves 100k dead rows).
   */
  vacuumSettlement(): Promise<void>;
  settleProduct(): Promise<WorkCpu>;
  rollbackProduct(): Promise<number>;
  hotSpot(concurrent: number): Promise<{ accepted: number; expected: number; refused: number; other: number }>;
  invariants(): Promise<Record<string, number>>;
  pgVersion(): Promise<string>;
  close(): Promise<void>;
}



const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const marketId = (i: number) => `1.4980000010${String(i).padStart(2, '0')}`;

function benchMarket(id: string, eventId: string, sortOrder: number): FeedMarket {
  return {
    marketId: id,
    eventId,
    name: `Match Odds ${sortOrder}`,
    type: 'match_odds',
    sortOrder,
    status: 'open',
    inPlay: true,
    result: null,
    runners: RUNNERS.map((selectionId, i) => ({
      selectionId,
      name: `Runner ${i + 1}`,
      sortOrder: i + 1,
      status: 'active' as const,
      back: [{ price: 200 + i * 50, sizeMinor: 10_000_000 }],
      lay: [{ price: 202 + i * 50, sizeMinor: 10_000_000 }],
    })),
  };
}

/**
 * 100k bets straight into the tables (not through place_runner_bet: that path is measured above), then
 * each player's position and wallet exposure derived from them with the same integer rule.
 */
const SEED_BETS_SQL = `
INSERT INTO bets (user_id, match_id, market_id, market_type, selection_id, side, odds_hundredths, price_shown,
                  stake_minor, idempotency_key, request_hash)
SELECT p.id, $2, $3, 'match_odds', 'r' || (1 + (g % 3)), CASE WHEN g % 10 < 7 THEN 'BACK' ELSE 'LAY' END,
       o.odds::int, o.odds::int, (200 + (g * 7919) % 4800) * 100, 'seed-' || g, repeat('0', 64)
FROM generate_series(0::bigint, $1::bigint - 1) AS g
JOIN LATERAL (SELECT 150 + (g * 104729) % 450 AS odds) o ON true
JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n FROM users WHERE role = 'user' AND username LIKE 'bp%') p
  ON p.k = g % p.n`;

const SEED_POSITIONS_SQL = `
WITH per_bet AS (
  SELECT user_id, selection_id,
         floor((CASE WHEN side = 'BACK' THEN 1 ELSE -1 END) * stake_minor * (odds_hundredths - 100) / 100.0)::bigint AS win,
         (CASE WHEN side = 'BACK' THEN -1 ELSE 1 END) * stake_minor AS lose
  FROM bets WHERE market_id = $1 AND status = 'open'),
vec AS (
  SELECT user_id,
         sum(CASE WHEN selection_id = 'r1' THEN win ELSE lose END) AS p1,
         sum(CASE WHEN selection_id = 'r2' THEN win ELSE lose END) AS p2,
         sum(CASE WHEN selection_id = 'r3' THEN win ELSE lose END) AS p3
  FROM per_bet GROUP BY user_id),
pos AS (
  INSERT INTO positions (user_id, market_id, market_type, match_id, pnl, exposure_minor, status)
  SELECT user_id, $1, 'match_odds', $2, jsonb_build_object('r1', p1, 'r2', p2, 'r3', p3), greatest(0, -least(p1, p2, p3)), 'open'
  FROM vec RETURNING user_id, exposure_minor)
UPDATE ledger_accounts a SET exposure_minor = a.exposure_minor + pos.exposure_minor FROM pos WHERE a.user_id = pos.user_id`;

/** The baseline (docs/bench/README.md §7): runner r1 won; a back bet on it wins, every other back bet loses, lays the reverse. */
const BASELINE_SQL = setBasedSettlementSql(`CASE WHEN selection_id = 'r1'
  THEN floor((CASE WHEN side = 'BACK' THEN 1 ELSE -1 END) * stake_minor * (odds_hundredths - 100) / 100.0)::bigint
  ELSE (CASE WHEN side = 'BACK' THEN -1 ELSE 1 END) * stake_minor END`);

export async function setupBettingBench(): Promise<BettingBench> {
  const core = await openBenchCore({
    // The product's group commit of bets (ADR 0008), as the operator would set it.
    env: {
      ...(process.env.BET_BATCH_IN_FLIGHT === undefined ? {} : { BET_BATCH_IN_FLIGHT: process.env.BET_BATCH_IN_FLIGHT }),
      ...(process.env.BET_BATCH_MAX === undefined ? {} : { BET_BATCH_MAX: process.env.BET_BATCH_MAX }),
    },
  });
  const { config, db, services } = core;
  const app = await buildApp({
    config: { ...config, database: { ...config.database, poolMax: BENCH_POOL } },
    db,
    jwtSecret: core.jwtSecret,
    services,
  });
  const port = await freePort();
  await app.listen({ host: '127.0.0.1', port });

  // The match, its 20 markets, and the settlement match with its one market.
  await catalog.upsertCompetitions(db, [{ competitionId: '101499', sportId: 4, name: 'Bench Series' }]);
  await catalog.upsertEvents(db, [
    { eventId: MATCH_ID, sportId: 4, competitionId: '101499', name: 'Bench A v Bench B', home: 'Bench A', away: 'Bench B', openDateMs: Date.now(), status: 'inplay', inPlay: true },
    { eventId: SETTLE_MATCH_ID, sportId: 4, competitionId: '101499', name: 'Settle A v Settle B', home: 'Settle A', away: 'Settle B', openDateMs: Date.now(), status: 'inplay', inPlay: true },
  ]);
  await markets.upsertMarkets(db, [
    ...Array.from({ length: MARKETS }, (_, i) => benchMarket(marketId(i), MATCH_ID, i + 1)),
    benchMarket(SETTLE_MARKET_ID, SETTLE_MATCH_ID, 1),
  ]);
  for (const id of [MATCH_ID, SETTLE_MATCH_ID]) {
    await catalog.markImported(db, id, null);
    await markets.activateAllOf(db, id);
  }
  await db.query(`UPDATE markets SET bet_delay_sec = 0, max_stake_minor = 100000000, max_profit_minor = 1000000000`);

  // The agent chain, then 10,000 funded players under the DL; the first 2,000 bet.
  const playerRows = (await seedPlayers(core, 10_000)).slice(0, 2000);
  const players = playerRows.map((r) => r.id);

  // The same 2,000 players sign in for the HTTP load (one session each), so both placement items
  // spread their bets over the same wallets and positions.
  const tokens: string[] = [];
  for (const row of playerRows) {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: row.username, password: BENCH_PASSWORD } });
    if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.body}`);
    tokens.push((login.json() as { data: { token: string } }).data.token);
  }

  // The anchor's tables: pgbench's tpcb shape at scale 10 (10 branches, 100 tellers, 1M accounts).
  await db.query(`
    CREATE TABLE bench_branches (bid int PRIMARY KEY, bbalance bigint NOT NULL, filler char(88));
    CREATE TABLE bench_tellers (tid int PRIMARY KEY, bid int NOT NULL, tbalance bigint NOT NULL, filler char(84));
    CREATE TABLE bench_accounts (aid int PRIMARY KEY, bid int NOT NULL, abalance bigint NOT NULL, filler char(84));
    CREATE TABLE bench_history (tid int, bid int, aid int, delta bigint, mtime timestamp, filler char(22));
    INSERT INTO bench_branches SELECT g, 0 FROM generate_series(1, 10) g;
    INSERT INTO bench_tellers SELECT g, 1 + (g - 1) / 10, 0 FROM generate_series(1, 100) g;
    INSERT INTO bench_accounts SELECT g, 1 + (g - 1) / 100000, 0 FROM generate_series(1, 1000000) g;`);
  await db.query('VACUUM ANALYZE bench_branches, bench_tellers, bench_accounts, users, ledger_accounts');
  const anchorPool = new Pool({ connectionString: core.url, max: BENCH_POOL });
  // Dropping the throwaway database ends every connection; an idle one must not crash the run.
  anchorPool.on('error', () => undefined);
  const aloneDb = Database.connect({ url: core.url, poolMax: 1, statementTimeoutMs: 600_000, lockTimeoutMs: config.database.lockTimeoutMs, onIdleError: () => undefined });

  const randomBet = (): BenchBet => {
    const runner = Math.floor(Math.random() * RUNNERS.length);
    const back = Math.random() < 0.7;
    return {
      matchId: MATCH_ID,
      marketId: marketId(Math.floor(Math.random() * MARKETS)),
      selectionId: RUNNERS[runner] as string,
      side: back ? 'BACK' : 'LAY',
      odds: (back ? 200 + runner * 50 : 202 + runner * 50) / 100,
      stake: 200 + Math.floor(Math.random() * 4800),
    };
  };

  let keySeq = 0;
  const settlementRuns = { version: 0 };

  return {
    apiUrl: `http://127.0.0.1:${port}`,
    alone: {
      async query(sql) {
        await aloneDb.query(sql);
      },
      async backendPid() {
        const { rows } = await aloneDb.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        return (rows[0] as { pid: number }).pid;
      },
      async placeBatch(fn, size) {
        const users = new Set<string>();
        while (users.size < size) users.add(pick(players));
        const calls = [...users].map((userId): PlaceRunnerBetCall => {
          const bet = randomBet();
          keySeq += 1;
          const idempotencyKey = `alone-${keySeq}`;
          return {
            userId,
            idempotencyKey,
            requestHash: createHash('sha256').update(idempotencyKey).digest('hex'),
            matchId: bet.matchId,
            marketId: bet.marketId,
            selectionId: bet.selectionId,
            side: bet.side,
            quotedHundredths: Math.round(bet.odds * 100),
            acceptance: null,
            stakeMinor: BigInt(bet.stake * 100),
            waited: false,
            session: null,
          };
        });
        const refused = (await placeRunnerBets(aloneDb, calls, fn)).filter((r) => r.outcome !== 'ACCEPTED');
        if (refused.length > 0) throw new Error(`${fn}: ${refused.length} of ${size} refused (${refused[0]?.outcome})`);
      },
    },
    batching: config.betting,
    batchStats: () => services.betting.batchStats(),
    tokens,
    randomBet,
    async anchor() {
      const client = await anchorPool.connect();
      try {
        const aid = 1 + Math.floor(Math.random() * 1_000_000);
        const tid = 1 + Math.floor(Math.random() * 100);
        const bid = 1 + Math.floor(Math.random() * 10);
        const delta = Math.floor(Math.random() * 10_001) - 5_000;
        await client.query('BEGIN');
        await client.query('UPDATE bench_accounts SET abalance = abalance + $1 WHERE aid = $2', [delta, aid]);
        await client.query('SELECT abalance FROM bench_accounts WHERE aid = $1', [aid]);
        await client.query('UPDATE bench_tellers SET tbalance = tbalance + $1 WHERE tid = $2', [delta, tid]);
        await client.query('UPDATE bench_branches SET bbalance = bbalance + $1 WHERE bid = $2', [delta, bid]);
        await client.query('INSERT INTO bench_history (tid, bid, aid, delta, mtime) VALUES ($1, $2, $3, $4, CURRENT_TIMESTAMP)', [tid, bid, aid, delta]);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    },
    async placeDirect() {
      keySeq += 1;
      await services.betting.placeBet(pick(players), randomBet(), `direct-${keySeq}`);
    },
    async seedSettlementMarket(bets) {
      await db.query(SEED_BETS_SQL, [bets, SETTLE_MATCH_ID, SETTLE_MARKET_ID]);
      await db.query(SEED_POSITIONS_SQL, [SETTLE_MARKET_ID, SETTLE_MATCH_ID]);
      await db.query('ANALYZE bets; ANALYZE positions; ANALYZE ledger_accounts');
      const { rows } = await db.query<{ users: string; bets: string }>(
        `SELECT count(DISTINCT user_id)::text AS users, count(*)::text AS bets FROM bets WHERE market_id = $1`,
        [SETTLE_MARKET_ID],
      );
      return { users: Number(rows[0]?.users), bets: Number(rows[0]?.bets) };
    },
    async vacuumSettlement() {
      await db.query('VACUUM bets, positions, ledger_accounts, settlement_users, settlement_agent_shares, entries, journals, settlements');
    },
    async settleBaseline() {
      return workCpu(db, () => timeRolledBack(db, async (tx) => {
        settlementRuns.version += 1;
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO settlements (market_id, market_type, match_id, version, result, source, bets, users, users_pnl_minor, commission_minor)
           VALUES ($1, 'match_odds', $2, 1000 + $3, '{"type":"WINNER","selectionId":"r1"}', 'admin', 0, 0, 0, 0) RETURNING id`,
          [SETTLE_MARKET_ID, SETTLE_MATCH_ID, settlementRuns.version],
        );
        await tx.query(BASELINE_SQL, [[SETTLE_MARKET_ID], rows[0]?.id]);
      }));
    },
    async settleProduct() {
      return workCpu(db, () => services.settlement.declare(null, { marketId: SETTLE_MARKET_ID, result: { type: 'WINNER', selectionId: 'r1' } }));
    },
    async rollbackProduct() {
      const started = performance.now();
      await services.settlement.rollback(null, { marketId: SETTLE_MARKET_ID });
      return performance.now() - started;
    },
    async hotSpot(concurrent) {
      // A fresh player funded with exactly 10 stakes' worth, 1 market, all bets at once.
      const stakeMinor = 10_000n;
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO users (username, display_name, role, parent_id, password_hash, must_change_password, partnership_share_bps)
         SELECT 'hot' || $1, 'hot', 'user', parent_id, password_hash, false, 0 FROM users WHERE username = 'bp1' RETURNING id`,
        [randomBytes(4).toString('hex')],
      );
      const hot = rows[0]?.id as string;
      const balance = stakeMinor * 10n;
      await db.query(
        `WITH j AS (INSERT INTO journals (code, event_type, event_ref, request_hash) VALUES ('BENCH_FUND', 'bench.fund', $1::text, repeat('0', 64)) RETURNING id),
              a AS (SELECT id, version, balance_minor FROM ledger_accounts WHERE user_id = $1::uuid),
              m AS (SELECT id, version, balance_minor FROM ledger_accounts WHERE code = 'system:mint'),
              e AS (INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
                    SELECT j.id, a.id, $2::bigint, a.version + 1, a.balance_minor, a.balance_minor + $2::bigint FROM j, a
                    UNION ALL
                    SELECT j.id, m.id, -$2::bigint, m.version + 1, m.balance_minor, m.balance_minor - $2::bigint FROM j, m),
              u AS (UPDATE ledger_accounts SET balance_minor = balance_minor + $2::bigint, version = version + 1 WHERE user_id = $1::uuid)
         UPDATE ledger_accounts SET balance_minor = balance_minor - $2::bigint, version = version + 1 WHERE code = 'system:mint'`,
        [hot, balance.toString()],
      );
      const outcomes = await Promise.allSettled(
        Array.from({ length: concurrent }, (_, i) =>
          services.betting.placeBet(hot, { matchId: MATCH_ID, marketId: marketId(0), selectionId: 'r1', side: 'BACK', odds: 2, stake: Number(stakeMinor) / 100 }, `hot-${i}`),
        ),
      );
      const accepted = outcomes.filter((o) => o.status === 'fulfilled').length;
      const refused = outcomes.filter((o) => o.status === 'rejected' && (o.reason as { code?: string }).code === 'INSUFFICIENT_FUNDS').length;
      return { accepted, expected: Number(balance / stakeMinor), refused, other: concurrent - accepted - refused };
    },
    invariants: () => invariantCounts(db),
    pgVersion: () => pgVersion(db),
    async close() {
      await aloneDb.close();
      await anchorPool.end();
      await app.close();
      await core.close();
    },
  };
}
