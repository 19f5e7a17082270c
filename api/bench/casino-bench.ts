/**
 * The product side of the casino benchmark (bundled by casino.mjs):
 *
 * - the product's core on a throwaway database (bench-core.ts) with 10,000 funded players, the
 *   casino engine on a clock the driver moves, and the realtime CasinoRooms attached to the domain
 *   events as in production, on a socket.io namespace nobody is connected to;
 * - `tick()`: one engine tick at the clock's time (what the driver measures), returning the moves
 *   it published;
 * - `placeBets()`: simulated players' bets on a table's open round through BettingService.placeBet
 *   (the round's markets from CasinoService.market, BACK at each runner's price), not part of the
 *   engine's cost;
 * - `settleBaseline()`: one set-based SQL pass over a closed round's bets with the round's stored
 *   outcomes, rolled back — what the engine's settlement of the same round is compared with;
 * - `checks()`: every casino bet settled, no round voided, exposure released, docs/bench/README.md §2 invariants.
 */
import { DATA_NAMESPACE, type CasinoPhase } from '@backlay/shared/contracts';
import { Server } from 'socket.io';
import { roundMarketId } from '../src/casino/casino-engine';
import * as repo from '../src/casino/casino.repository';
import { gameOf, LIVE_TABLES } from '../src/casino/tables';
import type { Clock } from '../src/common/clock';
import { DomainEvents } from '../src/common/domain-events';
import type { Logger } from '../src/common/logger';
import { MemoryBus } from '../src/cluster/sequenced-bus';
import { CasinoRooms } from '../src/realtime/casino-rooms';
import { invariantCounts, openBenchCore, pgVersion, postmasterPid, seedPlayers, setBasedSettlementSql, timeRolledBack, workCpu, type WorkCpu } from './bench-core';

/** Stakes of the simulated players, in rupees: within every table's limits (₹100–₹50,000). */
const STAKE_MIN = 100;
const STAKE_MAX = 2_000;
/** At a long price a stake is at most the table's maximum profit ÷ (this × (price − 1)). */
const MAX_PROFIT_SHARE = 4;

/**
 * A BACK bet's P&L from the round's outcomes `$3` (market code → selection → {rule, profit}), as
 * settle_market's CASINO_ROUND branch pays it; the bench places BACK bets only.
 */
const CASINO_BASELINE_SQL = setBasedSettlementSql(`(SELECT CASE o.v ->> 'rule'
    WHEN 'WIN' THEN b.stake_minor * (b.odds_hundredths - 100) / 100
    WHEN 'WIN_REDUCED' THEN floor(b.stake_minor * (o.v ->> 'profit')::numeric / 100)::bigint
    WHEN 'WIN_PAYTABLE' THEN floor(b.stake_minor * (o.v ->> 'profit')::numeric / 100)::bigint
    WHEN 'HALF_LOSE' THEN -(b.stake_minor / 2)
    WHEN 'LOSE' THEN -b.stake_minor
    ELSE 0 END
  FROM (SELECT $3::jsonb -> substr(b.market_id, strpos(b.market_id, '.') + 1) -> b.selection_id AS v) o)`);

export interface Moved {
  matchId: string;
  phase: CasinoPhase;
}

export interface Placement {
  placed: number;
  /** Refusals by error code (none expected). */
  refused: Record<string, number>;
  ms: number;
}

export interface CasinoBench {
  tables: ReadonlyArray<{ matchId: string; gameCode: string }>;
  /** The engine's timing as configured (the product's defaults unless CASINO_* is set). */
  timing: { bettingSeconds: number; tickMs: number; dealMsPerCard: number; dealMsMax: number; resultMs: number; chainLength: number };
  /** The PostgreSQL postmaster's pid on this machine, or null (then every `postgres` process counts). */
  serverPid: number | null;
  pgVersion(): Promise<string>;
  nowMs(): number;
  advance(ms: number): void;
  /** Moves the clock up to the real one if it is behind (BenchClock.catchUp). */
  catchUp(): void;
  /** Takes the engine's lock and creates the tables. */
  acquire(): Promise<void>;
  /** Only these tables run; call it only for tables without a live round (a disabled one would be voided). */
  enableOnly(matchIds: readonly string[]): Promise<void>;
  disable(matchId: string): Promise<void>;
  /** Tables with a round OPEN or CLOSED. */
  liveTables(): Promise<string[]>;
  tick(): Promise<Moved[]>;
  placeBets(matchId: string, bets: number, concurrency: number): Promise<Placement>;
  /** Bets, players, markets and (player, market) pairs on the table's last round. */
  roundBets(matchId: string): Promise<{ bets: number; users: number; markets: number; userMarkets: number }>;
  /** Wall and CPU ms (this process and the bench database's backends) of the set-based pass over the table's closed round (rolled back). */
  settleBaseline(matchId: string): Promise<WorkCpu>;
  /** Wall and CPU ms of `work`: this process and the bench database's own backends (bench-core workCpu). */
  ownCpu(work: () => Promise<unknown>): Promise<WorkCpu>;
  checks(): Promise<{ casinoBets: number; unsettled: number; voidRounds: number; openPositions: number; userExposureMinor: string; invariants: Record<string, number> }>;
  /** What the engine logged as errors or warnings (a failed step, a voided round). */
  engineProblems(): string[];
  close(): Promise<void>;
}

class BenchClock implements Clock {
  constructor(private now: number) {}
  nowMs(): number {
    return this.now;
  }
  advance(ms: number): void {
    this.now += ms;
  }
  /**
   * Never behind the real clock: PostgreSQL refuses a casino bet at or after the round's close by
   * its own clock (`place_runner_bet`, clock_timestamp() ≥ bets_close_at), so a stepped clock left
   * behind by the setup (seeding the players takes about a minute on a slow machine, while the
   * bench's time stands still) would close the first rounds before they open; so would the
   * first tick, which builds every table's seed chain (20–25 s on a slow machine).
   */
  catchUp(): void {
    this.now = Math.max(this.now, Date.now());
  }
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

export async function setupCasinoBench(options: { players: number }): Promise<CasinoBench> {
  const clock = new BenchClock(Date.now());
  const problems: string[] = [];
  const log: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: (obj, msg) => problems.push(`warn ${msg ?? ''} ${JSON.stringify(obj)}`),
    error: (obj, msg) => problems.push(`error ${msg ?? ''} ${String((obj as { err?: unknown }).err ?? JSON.stringify(obj))}`),
  };
  const events = new DomainEvents((error) => problems.push(`listener ${String(error)}`));
  // The engine's timing is the product's default unless CASINO_* says otherwise, as for an operator.
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('CASINO_') && e[1] !== undefined));
  const core = await openBenchCore({ env, clock, events, log });
  const { db, services, config } = core;
  const players = (await seedPlayers(core, options.players)).map((p) => p.id);
  await db.query('VACUUM ANALYZE users, ledger_accounts');

  // Realtime as production wires it: every move becomes a casinoDelta for the table's watchers (none here).
  const io = new Server();
  const rooms = new CasinoRooms(io.of(DATA_NAMESPACE), (matchId) => services.casino.snapshot(matchId), new MemoryBus(log), log);
  events.on('casino.roundChanged', (event) => rooms.onRoundChanged(event));
  let moved: Moved[] = [];
  events.on('casino.roundChanged', (event) => moved.push(event));

  let keySeq = 0;
  const engine = services.casinoEngine;
  // From here the ticks move the clock faster than real time; placement (real time, the clock
  // standing) falls behind by less than they gain.
  clock.catchUp();

  const lastRound = async (matchId: string): Promise<repo.RoundRow> => {
    const round = await repo.lastRound(db, matchId);
    if (round === null) throw new Error(`table ${matchId} has no round`);
    return round;
  };
  const marketIdsOf = (round: repo.RoundRow): string[] => {
    const game = gameOf(round.gameCode);
    if (game === null) throw new Error(`no game ${round.gameCode}`);
    return game.markets(game.parseConfig(round.config)).map((market) => roundMarketId(round.id, market.code));
  };

  /** A table switched as the admin's switch does (casino.service setDisabled): the row, then the move the engine hears. */
  const switchTable = async (matchId: string, enabled: boolean): Promise<void> => {
    await repo.setEnabled(db, matchId, enabled, null);
    events.publish('casino.roundChanged', { matchId, phase: enabled ? 'enabled' : 'disabled' });
  };

  return {
    tables: LIVE_TABLES,
    timing: config.casino,
    serverPid: await postmasterPid(db),
    pgVersion: () => pgVersion(db),
    nowMs: () => clock.nowMs(),
    advance: (ms) => clock.advance(ms),
    catchUp: () => clock.catchUp(),
    async acquire() {
      if (!(await engine.acquire())) throw new Error('the casino engine did not get its lock');
    },
    async enableOnly(matchIds) {
      for (const { matchId } of LIVE_TABLES) await switchTable(matchId, matchIds.includes(matchId));
    },
    disable: (matchId) => switchTable(matchId, false),
    async liveTables() {
      return (await repo.liveRounds(db)).map((round) => round.matchId);
    },
    async tick() {
      moved = [];
      await engine.tick();
      return moved;
    },
    async placeBets(matchId, bets, concurrency) {
      const view = await services.casino.market(matchId);
      const table = await repo.findTable(db, matchId);
      if (view === null || table === null || view.status !== 'OPEN') throw new Error(`table ${matchId} has no open round`);
      // Each backable runner with the stakes a crowd would put on it: the market's limits, and at a
      // long price small enough that four bets of one player stay under the table's maximum profit.
      const maxProfit = Number(table.maxProfitMinor) / 100;
      const markets = view.markets
        .map((market) => ({
          marketId: market.marketId,
          runners: market.runners.flatMap((r) => {
            if (r.back === null) return [];
            const min = Math.max(market.minStake, STAKE_MIN);
            const max = Math.min(market.maxStake, STAKE_MAX, Math.floor(maxProfit / MAX_PROFIT_SHARE / (r.back - 1)));
            return max >= min ? [{ selectionId: r.selectionId, odds: r.back, min, max }] : [];
          }),
        }))
        .filter((market) => market.runners.length > 0);
      const refused: Record<string, number> = {};
      let placed = 0;
      let left = bets;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (left > 0) {
            left -= 1;
            const market = pick(markets);
            const runner = pick(market.runners);
            const stake = runner.min + Math.floor(Math.random() * (runner.max - runner.min + 1));
            keySeq += 1;
            try {
              await services.betting.placeBet(
                pick(players),
                { matchId, marketId: market.marketId, selectionId: runner.selectionId, side: 'BACK', odds: runner.odds, stake },
                `casino-${keySeq}`,
              );
              placed += 1;
            } catch (error) {
              const code = `${(error as { code?: string }).code ?? 'ERROR'}: ${String((error as Error).message).slice(0, 120)}`;
              refused[code] = (refused[code] ?? 0) + 1;
            }
          }
        }),
      );
      return { placed, refused, ms: performance.now() - started };
    },
    async roundBets(matchId) {
      const marketIds = marketIdsOf(await lastRound(matchId));
      const { rows } = await db.query<{ bets: number; users: number; markets: number; userMarkets: number }>(
        `SELECT count(*)::int AS bets, count(DISTINCT user_id)::int AS users, count(DISTINCT market_id)::int AS markets,
                count(DISTINCT (user_id, market_id))::int AS "userMarkets"
         FROM bets WHERE market_id = ANY ($1::text[])`,
        [marketIds],
      );
      return rows[0] ?? { bets: 0, users: 0, markets: 0, userMarkets: 0 };
    },
    async settleBaseline(matchId) {
      const round = await lastRound(matchId);
      if (round.status !== 'CLOSED' || round.outcomes === null) throw new Error(`round ${round.id} is not closed`);
      const marketIds = marketIdsOf(round);
      return workCpu(db, () =>
        timeRolledBack(db, async (tx) => {
          const { rows } = await tx.query<{ id: string }>(
            `INSERT INTO settlements (market_id, market_type, match_id, version, result, source, bets, users, users_pnl_minor, commission_minor)
             VALUES ($1, 'casino', $2, 1, '{"type":"CASINO_ROUND","round":"0","outcomes":{}}', 'casino', 0, 0, 0, 0) RETURNING id`,
            [marketIds[0], matchId],
          );
          await tx.query(CASINO_BASELINE_SQL, [marketIds, rows[0]?.id, JSON.stringify(round.outcomes)]);
        }),
      );
    },
    ownCpu: (work) => workCpu(db, work),
    async checks() {
      const { rows } = await db.query<{ casinoBets: number; unsettled: number; voidRounds: number; openPositions: number; userExposureMinor: string }>(
        `SELECT (SELECT count(*)::int FROM bets WHERE market_type = 'casino') AS "casinoBets",
                (SELECT count(*)::int FROM bets WHERE market_type = 'casino' AND status <> 'settled') AS unsettled,
                (SELECT count(*)::int FROM casino_rounds WHERE status = 'VOID') AS "voidRounds",
                (SELECT count(*)::int FROM positions WHERE market_type = 'casino' AND status = 'open') AS "openPositions",
                (SELECT coalesce(sum(exposure_minor), 0)::text FROM ledger_accounts WHERE kind = 'user') AS "userExposureMinor"`,
      );
      const row = rows[0];
      if (row === undefined) throw new Error('no checks row');
      return { ...row, invariants: await invariantCounts(db) };
    },
    engineProblems: () => problems,
    async close() {
      await engine.stop();
      await core.close();
    },
  };
}
