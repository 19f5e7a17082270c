#!/usr/bin/env node
// `pnpm bench` (casino part): what the live casino engine costs while every table runs with
// simulated players, and its settlement of one round against one set-based SQL pass (issue 17,
// docs/bench/README.md §7, §11), on one throwaway PostgreSQL database with 10,000 funded players.
//
// Engine cost. The engine (api/src/casino/casino-engine.ts) runs on a clock this script moves by
// the engine's own tick (config.casino.tickMs, 250 ms), so every tick does the production work —
// read the tables and live rounds, publish the countdown once a second (realtime's CasinoRooms
// attached, nobody watching), close and deal, settle through settle_market, open the next round —
// while a 20 s betting window passes in a fraction of that in real time. Right after a table's
// round opens, BETS simulated bets are placed on it through BettingService.placeBet (random
// players, markets and backable runners, at the runner's price); placement is timed apart and is
// not the engine's cost. CPU of a tick = this process (process.cpuUsage) + the PostgreSQL
// server's processes (procfs schedstat of its postmaster and children, so other servers on the
// machine do not count), read just outside the tick. "% of one core" = that CPU ÷ the production
// wall time the ticks stand for (the clock's advance):
//   idle  — no table enabled, one nominal cycle: the tick's fixed cost (4 ticks a second; a tick with
//           nothing due reads no database, one in RESYNC_MS reads every table);
//   alone — each table of LIVE_TABLES alone for ROUNDS cycles; a cycle runs from a round's open to
//           the next open: bettingSeconds + the deal shown (dealMsPerCard × cards, ≤ dealMsMax) +
//           resultMs, on the tick grid;
//   all   — every table at once for ROUNDS windows of the longest nominal cycle (bettingSeconds +
//           dealMsMax + resultMs). Shown, not gated: the mean over the windows as a % of one core
//           (issue 17's bar of 5 %, an absolute share of a noisy machine, which issue 37 replaced
//           by the settlement ratio below; printed beside it for the history). Also shown:
//           the tick classes (open, countdown, close, settle, idle) and their share, and the
//           slowest tick's wall time (a tick blocks every table's next step).
// Each table's first round (warm-up, not counted) builds its seed chain (chainLength SHA-256s), a
// cost paid once per chainLength − 1 rounds; it is printed apart.
//
// Settlement. SETTLE_BETS bets (default 1,000) by random players spread over the markets of one
// round of SETTLE_TABLE (default the first live table), then bet-close. Baseline: one set-based
// SQL pass over the same rows — each bet's P&L from the round's stored outcomes, one row per user,
// positions settled, wallet balances and exposure in one UPDATE (bench-core.ts
// setBasedSettlementSql) — in a transaction rolled back, median of 3. Product: the engine's tick
// after settleAt (one settle_market of the whole round, ADR 0016: commission, partnership shares,
// one journal, entries with running balances). Ratio product ÷ baseline per round, of CPU time:
// this process and the backends of the bench's own database (a shared server's other sessions and
// the wait for a core do not count; ADR 0079); of wall time printed too. Gate: median ≤
// SETTLE_BAR = 1.3 (issue 37).
//
// Anchors: both sides of the settlement ratio run in this process, against the same server,
// seconds apart. The engine's % is not a ratio but CPU time ÷ production time, as the issue asks;
// CPU time is inflated less than wall time by a busy machine (context switches and caches still
// cost), so each cycle's and window's value is printed (the spread), with the foreign CPU % of
// the machine inside the measured ticks.
// Correctness gates in the same run: every placement accepted, the engine logged no failed step
// and voided no round, and at the end every casino bet is settled, no casino position is open,
// users' exposure is 0, and the docs/bench/README.md §2 invariant counts are 0.
// Environment: ROUNDS (default 3), BETS (per table and round, default 1000), SETTLE_BETS (default
// 1000), SETTLE_ROUNDS (default 5), ENGINE (0: the settlement item alone), SETTLE_TABLE (a match id), CONC (concurrent placements,
// default 16), PLAYERS (default 10000), CASINO_* (the engine's timing, as the product reads it),
// DATABASE_URL (server for the throwaway database; default an embedded PostgreSQL, whose
// processes are then this run's only; on a shared server other databases' sessions count too),
// BENCH_OUT (JSON summary file). Exit code 1 when a gate fails. `pnpm bench:casino` runs node with
// --expose-gc, so placement's garbage is collected between ticks, not inside the next one.
import { createGates, fmt, machineCpuMs, median, postgresCpuMs, postgresDeltaMs, selfCpuMs, versionOf } from './bench-kit.mjs';
import { loadBenchModule } from './bundle.mjs';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const BETS = Number(process.env.BETS ?? 1000);
const SETTLE_BETS = Number(process.env.SETTLE_BETS ?? 1_000);
const SETTLE_ROUNDS = Number(process.env.SETTLE_ROUNDS ?? 5);
/** ENGINE=0 leaves the engine's windows out: the settlement item alone (with its gate and the invariants). */
const ENGINE = process.env.ENGINE !== '0';
const CONC = Number(process.env.CONC ?? 16);
const PLAYERS = Number(process.env.PLAYERS ?? 10_000);
const WARM_BETS = 100;
/**
 * Issue 17's bar on the engine with every table running (mean % of one core over the windows):
 * printed beside the figure, not gated. Issue 37 replaced it ("an absolute share of a noisy
 * machine") by the settlement's ratio to one pass in the same run (SETTLE_BAR).
 */
const ENGINE_BAR_PCT = 5;
/**
 * Gate on settlement ÷ one SQL pass, on dt20's 10 markets, of CPU (this process and the bench
 * database's backends: the shared server's other sessions and the wait for a core do not count).
 * History, of wall time at 10,000 bets: medians 3.6–4.0 before migration 0023 dropped the foreign
 * keys of the settlement rows; 2.7–2.8 after, with one settle_market call per market; 1.95–2.09
 * since a round settles as one (ADR 0016). Issue 37 asks ≤ 1.3 for a 1,000-bet round, with the
 * partnership split kept per agent and child on the path (ADR 0079).
 */
const SETTLE_BAR = 1.3;

if (![ROUNDS, SETTLE_ROUNDS, CONC, PLAYERS].every((n) => Number.isInteger(n) && n >= 1) || !(BETS >= 0) || !(SETTLE_BETS >= 0)) {
  console.error('ROUNDS, SETTLE_ROUNDS, CONC and PLAYERS must be integers ≥ 1; BETS and SETTLE_BETS ≥ 0');
  process.exit(2);
}

const { gates, gate, invariants, failed } = createGates();
const startedAt = new Date().toISOString();
const { setupCasinoBench } = await loadBenchModule('casino-bench.ts', 'bench-casino.cjs');
console.log(`setting up: migrations, ${PLAYERS.toLocaleString('en')} funded players, the casino engine on a stepped clock …`);
const bench = await setupCasinoBench({ players: PLAYERS });
const { tickMs, bettingSeconds, dealMsPerCard, dealMsMax, resultMs, chainLength } = bench.timing;
const nominalCycleMs = bettingSeconds * 1000 + dealMsMax + resultMs;
const tableIds = bench.tables.map((t) => t.matchId);
const SETTLE_TABLE = process.env.SETTLE_TABLE ?? tableIds[0];
const gameOf = (matchId) => bench.tables.find((t) => t.matchId === matchId)?.gameCode ?? '?';

// ---- measurement ----

/** One engine tick, with this process's and the server's CPU read just outside it. */
async function measuredTick() {
  const busy0 = machineCpuMs().busyMs;
  const pg0 = postgresCpuMs(bench.serverPid);
  const wall0 = performance.now();
  const self0 = selfCpuMs();
  const moved = await bench.tick();
  const self1 = selfCpuMs();
  const wall1 = performance.now();
  const pg1 = postgresCpuMs(bench.serverPid);
  const busy1 = machineCpuMs().busyMs;
  return { moved, kind: kindOf(moved), nodeMs: self1 - self0, pgMs: postgresDeltaMs(pg0, pg1), wallMs: wall1 - wall0, busyMs: busy1 - busy0 };
}

/** A tick by the heaviest thing it did (a tick of all tables may do several). */
function kindOf(moved) {
  for (const phase of ['settled', 'closed', 'opened', 'voided']) if (moved.some((m) => m.phase === phase)) return phase;
  return moved.length > 0 ? 'countdown' : 'idle';
}

const emptyAcc = () => ({ ticks: 0, nodeMs: 0, pgMs: 0, wallMs: 0, busyMs: 0, maxWallMs: 0, kinds: {} });
function add(acc, m) {
  acc.ticks += 1;
  acc.nodeMs += m.nodeMs;
  acc.pgMs += m.pgMs;
  acc.wallMs += m.wallMs;
  acc.busyMs += m.busyMs;
  acc.maxWallMs = Math.max(acc.maxWallMs, m.wallMs);
  const k = (acc.kinds[m.kind] ??= { ticks: 0, nodeMs: 0, pgMs: 0, maxWallMs: 0 });
  k.ticks += 1;
  k.nodeMs += m.nodeMs;
  k.pgMs += m.pgMs;
  k.maxWallMs = Math.max(k.maxWallMs, m.wallMs);
}
const cpuMs = (acc) => acc.nodeMs + acc.pgMs;
const pctOfCore = (acc, simMs) => (100 * cpuMs(acc)) / simMs;
/** Foreign CPU % of the machine inside the measured ticks. */
const foreignPct = (acc) => (acc.wallMs === 0 ? 0 : Math.max(0, (100 * (acc.busyMs - cpuMs(acc))) / (acc.wallMs * cpus().length)));

// ---- placement (not the engine's cost) ----

const placement = { bets: 0, placed: 0, ms: 0, refused: {} };
async function placeOn(matchIds, bets) {
  for (const matchId of matchIds) {
    if (bets === 0) continue;
    const r = await bench.placeBets(matchId, bets, CONC);
    placement.bets += bets;
    placement.placed += r.placed;
    placement.ms += r.ms;
    for (const [code, n] of Object.entries(r.refused)) placement.refused[code] = (placement.refused[code] ?? 0) + n;
  }
  // Placement's garbage is collected here, not inside the engine's next tick (when node runs with --expose-gc).
  globalThis.gc?.();
}
const openedIn = (moved) => moved.filter((m) => m.phase === 'opened').map((m) => m.matchId);

/** Ticks (advancing the clock after each) until `phase` happens on `matchId`; returns that tick, measured. */
async function stepUntil(matchId, phase) {
  for (let i = 0; i < 100_000; i += 1) {
    const m = await measuredTick();
    bench.advance(tickMs);
    if (m.moved.some((x) => x.matchId === matchId && x.phase === phase)) return m;
  }
  throw new Error(`table ${matchId} never reached ${phase}`);
}

/** Ticks until the table's round settles; the settling tick's wall and CPU (this process and the bench database's backends). */
async function settleTick(matchId) {
  for (let i = 0; i < 100_000; i += 1) {
    let moved = [];
    const cpu = await bench.ownCpu(async () => {
      moved = await bench.tick();
    });
    bench.advance(tickMs);
    if (moved.some((x) => x.matchId === matchId && x.phase === 'settled')) return cpu;
  }
  throw new Error(`table ${matchId} never settled`);
}

/** Every live round played to its settlement; each table is disabled once it has none. */
async function drain() {
  const live = new Set(await bench.liveTables());
  for (const matchId of tableIds) if (!live.has(matchId)) await bench.disable(matchId);
  while (live.size > 0) {
    const moved = await bench.tick();
    bench.advance(tickMs);
    for (const m of moved) {
      if (m.phase !== 'settled' && m.phase !== 'voided') continue;
      live.delete(m.matchId);
      await bench.disable(m.matchId);
    }
  }
}

// ---- the run ----

const engineResult = { idle: null, alone: [], all: null, chain: null };
const settlements = [];
try {
  console.log(
    `PostgreSQL ${await bench.pgVersion()} (${bench.serverPid === null ? 'every postgres process on the machine counts' : `server pid ${bench.serverPid}: its processes only`}), ${cpus().length} cores, ` +
      `${tableIds.length} tables (${bench.tables.map((t) => `${t.matchId} ${t.gameCode}`).join(', ')}), tick ${tickMs} ms, betting ${bettingSeconds} s, ` +
      `deal ${dealMsPerCard} ms a card ≤ ${dealMsMax} ms, result ${resultMs} ms (nominal cycle ≤ ${fmt(nominalCycleMs / 1000)} s), ${BETS} bets per table and round, CONC ${CONC}\n`,
  );

  await bench.acquire();
  if (ENGINE) {
  // Warm-up: each table's first round builds its seed chain; then a second round with a few bets each.
  await bench.enableOnly(tableIds);
  const first = await measuredTick();
  bench.advance(tickMs);
  engineResult.chain = { tables: openedIn(first.moved).length, cpuMs: cpuMs({ nodeMs: first.nodeMs, pgMs: first.pgMs }), wallMs: first.wallMs };
  console.log(
    `warm-up: the first open of ${engineResult.chain.tables} tables (a ${chainLength.toLocaleString('en')}-seed chain each) took ${fmt(engineResult.chain.cpuMs, 0)} ms CPU, ` +
      `${fmt(engineResult.chain.cpuMs / Math.max(1, engineResult.chain.tables), 0)} ms a table, paid once per ${(chainLength - 1).toLocaleString('en')} rounds`,
  );
  // That tick stood for one step of the clock but took seconds of real time: its rounds closed,
  // by PostgreSQL's clock, before a bet could reach them. Bets go on each table's second round.
  await drain();
  bench.catchUp();
  await bench.enableOnly(tableIds);
  const second = new Set();
  for (let i = 0; i < 100 && second.size < tableIds.length; i += 1) {
    const m = await measuredTick();
    bench.advance(tickMs);
    const opened = openedIn(m.moved);
    for (const matchId of opened) second.add(matchId);
    await placeOn(opened, WARM_BETS);
  }
  await drain();
  gate(
    'warm-up rounds on every table',
    openedIn(first.moved).length === tableIds.length && second.size === tableIds.length,
    `${openedIn(first.moved).length} and ${second.size} of ${tableIds.length} tables opened and settled`,
  );

  // Idle: no table enabled, one nominal cycle of ticks.
  const idle = emptyAcc();
  for (let t = 0; t < nominalCycleMs; t += tickMs) {
    add(idle, await measuredTick());
    bench.advance(tickMs);
  }
  engineResult.idle = { acc: idle, simMs: nominalCycleMs, pct: pctOfCore(idle, nominalCycleMs) };

  // Each table alone for ROUNDS cycles.
  console.log('engine cost, CPU of the engine ticks (this process + PostgreSQL) ÷ production wall time of the cycle');
  console.log('table   game        cycles  cycle s  CPU ms/cycle (node + pg)   settle tick ms CPU   % of one core: mean (per cycle)  foreign');
  console.log(
    `${'idle'.padEnd(7)} ${'(no table)'.padEnd(11)} ${'—'.padStart(6)} ${fmt(nominalCycleMs / 1000).padStart(8)} ${fmt(cpuMs(idle), 0).padStart(9)} (${fmt(idle.nodeMs, 0)} + ${fmt(idle.pgMs, 0)})`.padEnd(60) +
      `${'—'.padStart(19)}   ${fmt(engineResult.idle.pct, 2).padStart(6)} %`.padEnd(51) +
      `${fmt(foreignPct(idle), 0)} %`,
  );
  for (const matchId of tableIds) {
    await bench.enableOnly([matchId]);
    const cycles = [];
    let settles = 0;
    let stopAt = null;
    while (stopAt === null || bench.nowMs() < stopAt) {
      const m = await measuredTick();
      const now = bench.nowMs();
      if (openedIn(m.moved).includes(matchId)) cycles.push({ startMs: now, acc: emptyAcc(), settleCpuMs: null });
      const cycle = cycles.at(-1);
      if (cycle !== undefined) add(cycle.acc, m);
      if (openedIn(m.moved).includes(matchId)) await placeOn([matchId], BETS);
      if (m.kind === 'settled' && cycle !== undefined) {
        cycle.settleCpuMs = m.nodeMs + m.pgMs;
        settles += 1;
        if (settles === ROUNDS) stopAt = now + resultMs;
      }
      bench.advance(tickMs);
      if (cycles.length > ROUNDS) throw new Error(`table ${matchId} opened more rounds than asked`);
    }
    // A cycle ends where the next one opens; the last where the next would have opened.
    cycles.forEach((c, i) => (c.endMs = cycles[i + 1]?.startMs ?? bench.nowMs()));
    const pcts = cycles.map((c) => pctOfCore(c.acc, c.endMs - c.startMs));
    const acc = emptyAcc();
    for (const c of cycles) for (const key of ['ticks', 'nodeMs', 'pgMs', 'wallMs', 'busyMs']) acc[key] += c.acc[key];
    const row = {
      matchId,
      gameCode: gameOf(matchId),
      cycles: cycles.length,
      cycleS: median(cycles.map((c) => (c.endMs - c.startMs) / 1000)),
      cpuMsPerCycle: cpuMs(acc) / cycles.length,
      nodeMsPerCycle: acc.nodeMs / cycles.length,
      pgMsPerCycle: acc.pgMs / cycles.length,
      settleCpuMs: median(cycles.map((c) => c.settleCpuMs)),
      pct: pcts.reduce((a, b) => a + b, 0) / pcts.length,
      pcts,
      foreignPct: foreignPct(acc),
    };
    engineResult.alone.push(row);
    console.log(
      `${matchId.padEnd(7)} ${row.gameCode.padEnd(11)} ${String(row.cycles).padStart(6)} ${fmt(row.cycleS).padStart(8)} ${fmt(row.cpuMsPerCycle, 0).padStart(9)} (${fmt(row.nodeMsPerCycle, 0)} + ${fmt(row.pgMsPerCycle, 0)})`.padEnd(60) +
        `${fmt(row.settleCpuMs, 0).padStart(19)}   ${fmt(row.pct, 2).padStart(6)} % (${pcts.map((p) => fmt(p, 2)).join(', ')})`.padEnd(51) +
        `${fmt(row.foreignPct, 0)} %`,
    );
  }
  await bench.enableOnly([]);

  // Every table at once for ROUNDS windows of the longest nominal cycle.
  await bench.enableOnly(tableIds);
  const windows = Array.from({ length: ROUNDS }, () => emptyAcc());
  const all = emptyAcc();
  const roundsByTable = Object.fromEntries(tableIds.map((id) => [id, 0]));
  const t0 = bench.nowMs();
  while (bench.nowMs() < t0 + ROUNDS * nominalCycleMs) {
    const m = await measuredTick();
    const w = Math.floor((bench.nowMs() - t0) / nominalCycleMs);
    add(windows[w], m);
    add(all, m);
    for (const x of m.moved) if (x.phase === 'settled') roundsByTable[x.matchId] += 1;
    await placeOn(openedIn(m.moved), BETS);
    bench.advance(tickMs);
  }
  await drain();
  const windowPcts = windows.map((acc) => pctOfCore(acc, nominalCycleMs));
  engineResult.all = {
    tables: tableIds.length,
    windowS: nominalCycleMs / 1000,
    pct: windowPcts.reduce((a, b) => a + b, 0) / windowPcts.length,
    pcts: windowPcts,
    cpuMsPerWindow: cpuMs(all) / ROUNDS,
    nodeMsPerWindow: all.nodeMs / ROUNDS,
    pgMsPerWindow: all.pgMs / ROUNDS,
    roundsSettled: roundsByTable,
    maxTickWallMs: all.maxWallMs,
    foreignPct: foreignPct(all),
    kinds: all.kinds,
  };
  const sumAlone = engineResult.alone.reduce((a, r) => a + r.pct, 0);
  console.log(
    `${'all'.padEnd(7)} ${`${tableIds.length} tables`.padEnd(11)} ${String(ROUNDS).padStart(6)} ${fmt(nominalCycleMs / 1000).padStart(8)} ${fmt(engineResult.all.cpuMsPerWindow, 0).padStart(9)} (${fmt(engineResult.all.nodeMsPerWindow, 0)} + ${fmt(engineResult.all.pgMsPerWindow, 0)})`.padEnd(60) +
      `${'—'.padStart(19)}   ${fmt(engineResult.all.pct, 2).padStart(6)} % (${windowPcts.map((p) => fmt(p, 2)).join(', ')})`.padEnd(51) +
      `${fmt(engineResult.all.foreignPct, 0)} %`,
  );
  console.log(
    `        (Σ tables alone − ${tableIds.length - 1} × idle = ${fmt(sumAlone - (tableIds.length - 1) * engineResult.idle.pct, 2)} %; rounds settled per table in ${ROUNDS} windows: ${Object.values(roundsByTable).join(', ')})`,
  );
  console.log('\nticks of all tables by what they did        ticks  CPU µs per tick (node + pg)  share of the engine   slowest ms');
  for (const [kind, k] of Object.entries(all.kinds).sort((a, b) => b[1].nodeMs + b[1].pgMs - (a[1].nodeMs + a[1].pgMs))) {
    console.log(
      `  ${kind.padEnd(40)} ${String(k.ticks).padStart(6)} ${fmt((1000 * (k.nodeMs + k.pgMs)) / k.ticks, 0).padStart(8)} (${fmt((1000 * k.nodeMs) / k.ticks, 0)} + ${fmt((1000 * k.pgMs) / k.ticks, 0)})`.padEnd(80) +
        `${fmt((100 * (k.nodeMs + k.pgMs)) / cpuMs(all), 1).padStart(6)} %   ${fmt(k.maxWallMs, 0).padStart(10)}`,
    );
  }
  console.log(
    `placement (not counted above): ${placement.placed} of ${placement.bets} bets in ${fmt(placement.ms / 1000)} s (${fmt((1000 * placement.placed) / Math.max(1, placement.ms), 0)} bets/s at ${CONC} in flight)`,
  );
  console.log(
    `engine, ${tableIds.length} tables × ${BETS} bets a round: ${fmt(engineResult.all.pct, 2)} % of one core (windows ${windowPcts.map((p) => fmt(p, 2)).join(', ')}); ` +
      `issue 17's ${ENGINE_BAR_PCT} % ${engineResult.all.pct <= ENGINE_BAR_PCT ? 'met' : 'not met'} (not gated: issue 37's bar is the settlement ratio below)`,
  );
  invariants('the engine rounds', (await bench.checks()).invariants);
  }

  // Settlement of SETTLE_BETS bets on one round: the engine against one SQL pass.
  if (SETTLE_BETS > 0) {
    console.log(`\nsettlement: ${SETTLE_BETS.toLocaleString('en')} bets on one round of table ${SETTLE_TABLE} (${gameOf(SETTLE_TABLE)}), the engine's settle tick against one set-based SQL pass (rolled back, median of 3)`);
    console.log('round   bets  players  markets  rows/player   baseline ms (runs)  CPU ms   product ms  CPU ms (node + pg)    product ÷ baseline: CPU (gated)  wall');
    await bench.enableOnly([SETTLE_TABLE]);
    // Without the engine's windows before it, round 0 warms the tables up (their first rows, plans
    // and statistics) and is printed but not counted: both sides of its ratio meet a cold database.
    for (let round = ENGINE ? 1 : 0; round <= SETTLE_ROUNDS; round += 1) {
      await stepUntil(SETTLE_TABLE, 'opened');
      await placeOn([SETTLE_TABLE], SETTLE_BETS);
      await stepUntil(SETTLE_TABLE, 'closed');
      const onRound = await bench.roundBets(SETTLE_TABLE);
      const baselineRuns = [];
      const baselineCpu = [];
      for (let i = 0; i < 3; i += 1) {
        const b = await bench.settleBaseline(SETTLE_TABLE);
        baselineRuns.push(b.wallMs);
        baselineCpu.push(b.cpuMs);
      }
      const baselineMs = median(baselineRuns);
      const product = await settleTick(SETTLE_TABLE);
      const s = {
        round,
        ...onRound,
        baselineMs,
        baselineRuns,
        baselineCpuMs: median(baselineCpu),
        productMs: product.wallMs,
        nodeMs: product.cpuMs - product.pgMs,
        pgMs: product.pgMs,
        wallRatio: product.wallMs / baselineMs,
        ratio: product.cpuMs / median(baselineCpu),
      };
      if (round > 0) settlements.push(s);
      console.log(
        `${String(round).padStart(5)} ${String(s.bets).padStart(6)} ${String(s.users).padStart(8)} ${String(s.markets).padStart(8)} ${fmt(s.userMarkets / s.users, 2).padStart(12)}   ${fmt(baselineMs, 0).padStart(5)} (${baselineRuns.map((v) => fmt(v, 0)).join(', ')})`.padEnd(67) +
          `${fmt(s.baselineCpuMs, 0).padStart(6)}   ${fmt(s.productMs, 0).padStart(10)}  ${fmt(s.nodeMs + s.pgMs, 0).padStart(7)} (${fmt(s.nodeMs, 0)} + ${fmt(s.pgMs, 0)})`.padEnd(42) +
          `${fmt(s.ratio, 2).padStart(24)}  ${fmt(s.wallRatio, 2).padStart(7)}`,
      );
    }
    await drain();
    const ratio = median(settlements.map((s) => s.ratio));
    console.log(
      `bar ≤ ${SETTLE_BAR} (CPU): one settle_market for the whole round (ADR 0016); above the one pass is what it does not write —\n` +
        'commission, a settlement row and a ledger entry per player, the partnership split kept per agent and child on the path\n' +
        '(ADR 0079), the agents\' legs, the ordered account lock, and the engine\'s own work in the settling tick.',
    );
    gate(
      `casino settlement of ${SETTLE_BETS.toLocaleString('en')} bets ÷ one SQL pass (CPU)`,
      ratio !== null && ratio <= SETTLE_BAR,
      `median ${fmt(ratio, 2)} (${settlements.map((s) => fmt(s.ratio, 2)).join(', ')}) ≤ ${SETTLE_BAR}; wall ${fmt(median(settlements.map((s) => s.wallRatio)), 2)} (${settlements.map((s) => fmt(s.wallRatio, 2)).join(', ')})`,
    );
  }

  gate('every placement accepted', placement.placed === placement.bets, `${placement.placed} of ${placement.bets}${Object.keys(placement.refused).length > 0 ? `, refused ${JSON.stringify(placement.refused)}` : ''}`);
  const problems = bench.engineProblems();
  gate('engine logged no failed step or void', problems.length === 0, problems.length === 0 ? 'none' : problems.slice(0, 3).join(' | '));
  const end = await bench.checks();
  gate('every casino bet settled', end.casinoBets > 0 && end.unsettled === 0 && end.voidRounds === 0, `${end.casinoBets} bets, ${end.unsettled} not settled, ${end.voidRounds} rounds voided`);
  gate('exposure released', end.openPositions === 0 && end.userExposureMinor === '0', `${end.openPositions} open casino positions, users' exposure ${end.userExposureMinor} paise`);
  invariants('settlement', end.invariants);
} finally {
  await bench.close();
}

const summary = {
  tables: tableIds.length,
  enginePct: engineResult.all?.pct ?? null,
  enginePctByTable: Object.fromEntries(engineResult.alone.map((r) => [r.gameCode, r.pct])),
  idlePct: engineResult.idle?.pct ?? null,
  settleRatio: median(settlements.map((s) => s.ratio)),
  settleWallRatio: median(settlements.map((s) => s.wallRatio)),
  settleProductMs: median(settlements.map((s) => s.productMs)),
  settleBaselineMs: median(settlements.map((s) => s.baselineMs)),
};
const result = {
  startedAt,
  timing: bench.timing,
  rounds: ROUNDS,
  betsPerRound: BETS,
  engine: engineResult,
  placement,
  settlements,
  summary,
  gates,
  versions: { node: process.version, pg: versionOf('pg') },
};
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${JSON.stringify(result, null, 2)}\n`);
console.log(`\n${JSON.stringify(summary)}`);
if (failed()) process.exit(1);
