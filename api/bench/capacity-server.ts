/**
 * The product side of the capacity benchmark (bundled by capacity.mjs, run in a process of its own
 * by capacity-server.mjs, so that its CPU is read apart from the load clients'):
 *
 * - the product's core on a throwaway database (bench-core.ts) with `players` funded players
 *   `bp1…` under one agent chain, the real Fastify app and realtime module on a port, the feed
 *   ingest on the built-in simulator (FEED_TICK_MS 100 ms) and the casino engine with every table
 *   of LIVE_TABLES (18) running, as `node dist/main.js` starts them;
 * - market data flushed every 100 ms (the product's MARKET_DATA_BATCH_MS is 250 ms), and each
 *   imported match sends a delta at every flush (10 Hz): the feed changes a match at its own pace
 *   (the simulator's matches 0.3–6 times a second, the replayed T20I 1–9), so in a 100 ms in which
 *   the feed did not change a match its last change is published again (the same markets, fancies
 *   and score the ingest last published: what a price change costs on the wire and in the hub).
 *   ODDS_TOPUP=0 leaves the feed's own pace;
 * - `importInPlay()`: the in-play matches imported with every market switched on, as an admin's
 *   save-match with syncData does;
 * - `takeStamps()`: when each market-data delta (match, seq) left the hub for the sockets (the bus
 *   hands it to the hub and to this listener in the same call), so the clients measure delivery
 *   latency from it on the same clock (performance.timeOrigin + performance.now());
 * - `lateRounds()`: casino rounds of a window that closed or settled late.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import * as repo from '../src/casino/casino.repository';
import { LIVE_TABLES } from '../src/casino/tables';
import type { DomainEventMap } from '../src/common/domain-events';
import { MARKET_DATA_TOPIC } from '../src/realtime/market-data';
import { BENCH_PASSWORD, invariantCounts, openBenchCore, pgVersion, seedPlayers } from './bench-core';
import { freePort } from '../test/admin-db';

/** Market data flushed this often (ms): 10 Hz per watched match. */
export const CAPACITY_BATCH_MS = 100;
/** The bench's database on DATABASE_URL's server (created, and dropped at the end). */
export const CAPACITY_DATABASE = 'backlay_capacity';
/** The origin the clients' handshakes carry (an allowed one). */
export const CAPACITY_ORIGIN = 'http://127.0.0.1:8080';

export interface CapacityServer {
  apiUrl: string;
  /** The bench database's name (its backends are this run's PostgreSQL processes). */
  database: string;
  password: string;
  players: string[];
  tables: string[];
  pgVersion: string;
  /** Imports the matches in play now (up to `max`) and answers their ids, the longest in play first. */
  importInPlay(max: number): Promise<string[]>;
  /** Delivery stamps since the last call: [matchId, seq, epoch ms]. */
  takeStamps(): Array<[string, number, number]>;
  /** Casino rounds due to close in [fromMs, toMs): how many, and how many closed or settled more than `lateMs` after their time. */
  lateRounds(fromMs: number, toMs: number, lateMs: number): Promise<{ rounds: number; late: number; worstMs: number }>;
  /** Bets placed in [fromMs, toMs) by market type. */
  betsIn(fromMs: number, toMs: number): Promise<Record<string, number>>;
  invariants(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

const now = () => performance.timeOrigin + performance.now();

export async function startCapacityServer(options: { players: number }): Promise<CapacityServer> {
  const uploads = mkdtempSync(path.join(tmpdir(), 'backlay-capacity-uploads-'));
  const core = await openBenchCore({
    env: {
      FEED_ENABLED: 'true',
      FEED_PROVIDER: process.env.FEED_PROVIDER ?? 'simulator,replay',
      FEED_REPLAY_SPEED: process.env.FEED_REPLAY_SPEED ?? '30',
      FEED_REPLAY_RETENTION_MS: '1000',
      FEED_TICK_MS: '100',
      CASINO_ENABLED: 'true',
      ACCESS_TOKEN_TTL_SEC: '900',
      UPLOADS_DIR: uploads,
      ALLOWED_ORIGINS: CAPACITY_ORIGIN,
      PAYMENT_REQUESTS_PER_DAY: '1000',
      // A snapshot overtaken by deltas is a warning per socket: thousands at 10 Hz under load.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    },
        // Flushed by the tick below (after the top-up), every CAPACITY_BATCH_MS.
    configure: (loaded) => ({ ...loaded, marketData: { batchMs: 0 } }),
    database: CAPACITY_DATABASE,
  });
  const { config, db, services } = core;
  const players = (await seedPlayers(core, options.players)).map((p) => p.username);
  await db.query('VACUUM ANALYZE users, ledger_accounts, entries');
  const app = await buildApp({ config, db, jwtSecret: core.jwtSecret, services });
  const port = await freePort();
  await app.listen({ host: '127.0.0.1', port });
  services.feed.start();
  services.casinoEngine.start();
  // Ready once every table has opened its first round: that first open builds each table's seed
  // chain (seconds of CPU on a slow machine), paid once per chain; the driver's no-player window,
  // which comes next and is taken off every level as the fixed cost, must not carry it.
  const startedAt = Date.now();
  for (;;) {
    const live = new Set((await repo.liveRounds(db)).map((round) => round.matchId));
    if (LIVE_TABLES.every((table) => live.has(table.matchId))) break;
    if (Date.now() - startedAt > 180_000) throw new Error(`the casino engine opened ${live.size} of ${LIVE_TABLES.length} tables in 3 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  // The 10 Hz tick: top up the imported matches the feed left alone, then flush as the hub's timer would.
  const topUp = process.env.ODDS_TOPUP !== '0';
  const imported = new Set<string>();
  const lastChange = new Map<string, DomainEventMap['catalog.matchChanged']>();
  const changed = new Set<string>();
  let republishing = false;
  services.events.on('catalog.matchChanged', (event) => {
    if (republishing || event.matchActive !== undefined) return;
    lastChange.set(event.matchId, event);
    changed.add(event.matchId);
  });
  const tick = setInterval(() => {
    if (topUp) {
      republishing = true;
      for (const matchId of imported) {
        const last = lastChange.get(matchId);
        if (changed.has(matchId) || last === undefined || last.matchStatus === 'closed') continue;
        const { matchStatus: _status, ...again } = last;
        services.events.publish('catalog.matchChanged', again);
      }
      republishing = false;
    }
    changed.clear();
    app.services.realtime.marketData.flushNow();
  }, CAPACITY_BATCH_MS);

  let stamps: Array<[string, number, number]> = [];
  const stopStamps = services.cluster.bus.listen(MARKET_DATA_TOPIC, (matchId, seq) => {
    stamps.push([matchId, seq, now()]);
  });
  const { rows: dbRows } = await db.query<{ name: string }>('SELECT current_database() AS name');

  return {
    apiUrl: `http://127.0.0.1:${port}`,
    database: dbRows[0]?.name ?? '',
    password: BENCH_PASSWORD,
    players,
    tables: LIVE_TABLES.map((t) => t.matchId),
    pgVersion: await pgVersion(db),
    async importInPlay(max) {
      const { rows } = await db.query<{ id: string; sportId: number; competitionId: string }>(
        `SELECT e.id, e.sport_id AS "sportId", e.competition_id AS "competitionId" FROM events e
         WHERE e.in_play AND e.status <> 'closed' AND e.sport_id IN (1, 2, 4)
           AND EXISTS (SELECT 1 FROM markets m WHERE m.event_id = e.id AND m.feed_status = 'open')
         ORDER BY (e.id LIKE '%-r%') DESC, e.open_date, e.id LIMIT $1`,
        [max],
      );
      for (const event of rows) {
        await services.sportsAdmin.saveMatch(
          { data: { eventId: event.id, sportId: event.sportId, competitionId: event.competitionId }, syncData: true },
          { actorId: null, ip: null, requestId: null },
        );
      }
      for (const event of rows) imported.add(event.id);
      return rows.map((r) => r.id);
    },
    takeStamps() {
      const taken = stamps;
      stamps = [];
      return taken;
    },
    async lateRounds(fromMs, toMs, lateMs) {
      const { rows } = await db.query<{ rounds: number; late: number; worstMs: number | null }>(
        `WITH r AS (
           SELECT greatest(
                    extract(epoch FROM (coalesce(closed_at, now()) - closes_at)) * 1000,
                    CASE WHEN settle_at IS NULL THEN 0
                         ELSE extract(epoch FROM (coalesce(settled_at, greatest(now(), settle_at)) - settle_at)) * 1000 END) AS late_ms
           FROM casino_rounds
           WHERE closes_at >= to_timestamp($1 / 1000.0) AND closes_at < to_timestamp($2 / 1000.0) AND status <> 'VOID')
         SELECT count(*)::int AS rounds, count(*) FILTER (WHERE late_ms > $3)::int AS late, max(late_ms)::float8 AS "worstMs" FROM r`,
        [fromMs, toMs, lateMs],
      );
      const { rows: voided } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM casino_rounds WHERE status = 'VOID' AND closes_at >= to_timestamp($1 / 1000.0) AND closes_at < to_timestamp($2 / 1000.0)`,
        [fromMs, toMs],
      );
      const row = rows[0] ?? { rounds: 0, late: 0, worstMs: 0 };
      // A voided round never dealt: it counts as late.
      return { rounds: row.rounds + (voided[0]?.n ?? 0), late: row.late + (voided[0]?.n ?? 0), worstMs: row.worstMs ?? 0 };
    },
    async betsIn(fromMs, toMs) {
      const { rows } = await db.query<{ type: string; n: number }>(
        `SELECT market_type AS type, count(*)::int AS n FROM bets
         WHERE created_at >= to_timestamp($1 / 1000.0) AND created_at < to_timestamp($2 / 1000.0) GROUP BY 1`,
        [fromMs, toMs],
      );
      return Object.fromEntries(rows.map((r) => [r.type, r.n]));
    },
    invariants: () => invariantCounts(db),
    async close() {
      clearInterval(tick);
      stopStamps();
      await services.feed.stop();
      await services.casinoEngine.stop();
      await app.close();
      await core.close();
      rmSync(uploads, { recursive: true, force: true });
    },
  };
}
