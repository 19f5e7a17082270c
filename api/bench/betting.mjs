#!/usr/bin/env node
// `pnpm bench` (betting part): bet placement and settlement as ratios measured in one run
// (docs/bench/README.md §4, §7, §11), on one throwaway PostgreSQL database.
//
// Rounds alternate short slices (after a 1 s warm-up each), so every ratio compares adjacent
// slices that met the same foreign load (odd rounds in the order below, even rounds reversed):
//   anchor  — "tpcb-lite": pgbench's tpcb-like transaction (3 UPDATEs, 1 SELECT, 1 INSERT) with
//             the same driver (`pg`) and pool, CONC callers;
//   direct  — the product's BettingService.placeBet (checks + the one-call place_runner_bet), CONC callers;
//   http    — POST /api/placebet with a JWT through the real Fastify app, HTTP_CONC keep-alive
//             connections from a child process: the load that fills the machine (docs/bench/README.md §8's 64);
//   http16  — the same at CONC connections (pool-sized), where the rate is bound by latency: with
//             16 requests in flight a batch waits for its callers' next requests to travel through
//             the client and Node, and the cores idle meanwhile (ADR 0028).
// Ratios per round: direct ÷ anchor (bar ≥ 1.0), http ÷ anchor (bar ≥ 1.5, issue 21: capacity
// against capacity, each at a load that fills the machine; the anchor's is its pool), http16 ÷
// anchor and http ÷ direct (printed, no bar: the latter measures the load client as much as the
// product on two shared cores); p50/p99 per item (bar for direct: p99 ≤ 30 ms at CONC = pool size = 16). Per slice also the CPU µs per operation
// of this process (caller or HTTP server), of the HTTP load client and of PostgreSQL (procfs), and
// the product's mean bets per database call (its group commit, ADR 0008).
// Settlement: SETTLE_BETS bets (default 100,000) over 10,000 players on one market; per round one
// set-based SQL pass over the same rows (rolled back: the baseline), then the product's settlement
// (commission, partnership shares, one journal), then its rollback; ratio product ÷ baseline of CPU
// time, this process and the bench database's backends (bar ≤ 1.1, ADR 0079); of wall time printed.
// Each timed pass starts after a VACUUM of the tables settlement writes (not timed).
// Correctness gates in the same run: the hot spot (one player, HOT concurrent bets, exactly
// floor(balance ÷ stake) accepted) and the docs/bench/README.md §2 invariant counts after every phase (all 0).
// Environment: ROUNDS (default 7), SLICE (seconds, default 3), CONC (default 16), HTTP_CONC
// (connections of the gated HTTP item, default 64), SETTLE_BETS,
// SETTLE_ROUNDS (default 5), HOT (default 200), BET_BATCH_IN_FLIGHT / BET_BATCH_MAX (the product's
// settings, as an operator sets them), DATABASE_URL (server for the throwaway database;
// default an embedded PostgreSQL), BENCH_OUT (JSON summary file). Exit code 1 when a gate fails (the
// hot spot, the invariants, HTTP ÷ anchor ≥ 1.5 when ROUNDS > 0, settlement ÷ one pass ≤ 1.1).
import { fork } from 'node:child_process';
import { cpuSnapshot, createGates, fmt, foreignPct as foreignOf, median, postgresMs, versionOf } from './bench-kit.mjs';
import { loadBenchModule } from './bundle.mjs';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const SLICE_MS = Number(process.env.SLICE ?? 3) * 1000;
const WARM_MS = 1000;
const CONC = Number(process.env.CONC ?? 16);
/**
 * Connections of the gated HTTP item: 64, as docs/bench/README.md §8 loaded the HTTP layer and §11 the placement.
 * Its throughput stops rising there on this machine (32: 1.31× the anchor, 64: 1.64×, 128: 1.59×).
 */
const HTTP_CONC = Number(process.env.HTTP_CONC ?? 64);
const SETTLE_BETS = Number(process.env.SETTLE_BETS ?? 100_000);
const SETTLE_ROUNDS = Number(process.env.SETTLE_ROUNDS ?? 5);
const HOT = Number(process.env.HOT ?? 200);
const HTTP_BAR = 1.5;
/**
 * Settlement ÷ one SQL pass, of CPU (this process + the bench database's backends; ADR 0079): issue
 * 21's 1.3 on wall time, issue 37's 1.1 since the partnership split is kept per agent and child on
 * the path. Wall time is printed too: on a shared machine it moves by ±0.5 from round to round.
 */
const SETTLE_BAR = 1.1;

/**
 * CPU µs per operation of this process (the caller, or the HTTP server), of the HTTP load
 * client (child) and of PostgreSQL. `share` is the measured part of the CPU window (the HTTP
 * window includes the warm-up).
 */
function cpuPerOp(before, after, childMs, share, ops) {
  const per = (ms) => (ops === 0 ? null : (1000 * ms) / ops);
  return {
    nodeUs: per((after.selfMs - before.selfMs) * share),
    clientUs: per(childMs),
    pgUs: per(postgresMs(before, after) * share),
  };
}

/** Foreign CPU % of the machine during a slice: busy time that was neither ours nor PostgreSQL's. */
const foreignPct = (before, after, childMs, windowMs) =>
  foreignOf(after.busyMs - before.busyMs, postgresMs(before, after) + (after.selfMs - before.selfMs) + childMs, windowMs);

async function closedLoop(fn, conc, ms) {
  const latencies = [];
  let ok = 0;
  let errors = 0;
  let errorSample = null;
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        try {
          await fn();
          ok += 1;
          latencies.push(performance.now() - started);
        } catch (error) {
          errors += 1;
          errorSample ??= String(error?.message ?? error).slice(0, 200);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p) => (latencies.length === 0 ? null : latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]);
  return { ok, errors, p50: q(0.5), p99: q(0.99), errorSample };
}

async function slice(name, fn) {
  await closedLoop(fn, CONC, WARM_MS);
  const before = cpuSnapshot();
  const r = await closedLoop(fn, CONC, SLICE_MS);
  const after = cpuSnapshot();
  return { name, perS: r.ok / (SLICE_MS / 1000), ...r, foreignPct: foreignPct(before, after, 0, SLICE_MS), ...cpuPerOp(before, after, 0, 1, r.ok) };
}

/** Runs a placement slice and adds the mean number of bets per database call the product made in it. */
async function withBatchSize(bench, run) {
  const before = bench.batchStats();
  const result = await run();
  const after = bench.batchStats();
  const sends = after.sends - before.sends;
  return { ...result, betsPerCall: sends === 0 ? null : (after.calls - before.calls) / sends };
}

function startHttpClients(bench) {
  const bets = Array.from({ length: 2000 }, () => bench.randomBet());
  const child = fork(path.join(here, 'betting-http-clients.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type) =>
    new Promise((resolve, reject) => {
      const onExit = (code) => {
        child.off('message', onMessage);
        reject(new Error(`http clients exited with ${code}`));
      };
      const onMessage = (m) => {
        if (m.type === type) {
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(m);
        }
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = next('alive').then(() => {
    const initialised = next('ready');
    child.send({ type: 'init', apiUrl: bench.apiUrl, tokens: bench.tokens, bets });
    return initialised;
  });
  return {
    ready,
    async run(name, conc) {
      const before = cpuSnapshot();
      const done = next('result');
      child.send({ type: 'run', conc, warmMs: WARM_MS, durMs: SLICE_MS });
      const r = await done;
      const after = cpuSnapshot();
      // The warm-up is inside the CPU window here; count only the measured share of it.
      const windowMs = WARM_MS + SLICE_MS;
      return {
        name,
        perS: r.ok / (SLICE_MS / 1000),
        ...r,
        foreignPct: foreignPct(before, after, r.cpuMs * (windowMs / SLICE_MS), windowMs),
        ...cpuPerOp(before, after, r.cpuMs, SLICE_MS / windowMs, r.ok),
      };
    },
    stop: () => child.kill(),
  };
}


function printSlice(round, s) {
  console.log(
    [
      String(round).padStart(5),
      s.name.padEnd(7),
      fmt(s.perS, 0).padStart(8),
      fmt(s.p50, 1).padStart(7),
      fmt(s.p99, 1).padStart(7),
      String(s.errors).padStart(6),
      `${fmt(s.foreignPct)}%`.padStart(8),
      fmt(s.nodeUs, 0).padStart(8),
      (s.name.startsWith('http') ? fmt(s.clientUs, 0) : '').padStart(7),
      fmt(s.pgUs, 0).padStart(7),
      (s.betsPerCall === undefined ? '' : fmt(s.betsPerCall, 1)).padStart(10),
    ].join(' '),
  );
  if (s.errorSample) console.log(`      first error: ${s.errorSample}`);
}

const { gates, gate, invariants, failed } = createGates();
const checkInvariants = async (bench, phase) => invariants(phase, await bench.invariants());

const startedAt = new Date().toISOString();
const { setupBettingBench } = await loadBenchModule('betting-bench.ts', 'bench-betting.cjs');
console.log('setting up: migrations, 10,000 funded players, 20 markets, anchor tables …');
const bench = await setupBettingBench();
const rounds = [];
const settlements = [];
let seeded = null;
let http = null;
try {
  http = startHttpClients(bench);
  await http.ready;
  console.log(`PostgreSQL ${await bench.pgVersion()}, ${cpus().length} cores, CONC=${CONC} (pool 16), HTTP_CONC=${HTTP_CONC}, bet batches ${bench.batching.batchInFlight} in flight × ≤ ${bench.batching.batchMax}, slices ${SLICE_MS / 1000} s after ${WARM_MS / 1000} s warm-up\n`);

  const hot = await bench.hotSpot(HOT);
  gate('hot spot', hot.accepted === hot.expected && hot.other === 0, `${HOT} concurrent bets, ${hot.accepted} accepted (expected ${hot.expected}), ${hot.refused} refused for funds, ${hot.other} other`);
  await checkInvariants(bench, 'hot spot');

  console.log('\nround  item      per s  p50 ms  p99 ms  errors  foreign  node µs client µs  pg µs  bets/call   (CPU per op: this process, HTTP client, PostgreSQL)');
  const runSlice = {
    anchor: () => slice('anchor', () => bench.anchor()),
    direct: () => withBatchSize(bench, () => slice('direct', () => bench.placeDirect())),
    http: () => withBatchSize(bench, () => http.run('http', HTTP_CONC)),
    http16: () => withBatchSize(bench, () => http.run('http16', CONC)),
  };
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Odd rounds anchor, http, direct, http16; even rounds the reverse. The gated pair (anchor,
    // http) is always adjacent, direct always next to http, and no item always comes after another
    // (a drift within a round, such as autovacuum after a slice's inserts, falls on both sides alike).
    const order = round % 2 === 1 ? ['anchor', 'http', 'direct', 'http16'] : ['http16', 'direct', 'http', 'anchor'];
    const result = { round };
    for (const name of order) {
      result[name] = await runSlice[name]();
      printSlice(round, result[name]);
    }
    rounds.push(result);
  }
  await checkInvariants(bench, 'placement');

  if (SETTLE_BETS > 0) {
  console.log(`\nsettlement: seeding ${SETTLE_BETS.toLocaleString('en')} bets …`);
  seeded = await bench.seedSettlementMarket(SETTLE_BETS);
  console.log(`${seeded.bets} bets of ${seeded.users} players on one market\n`);
  console.log('round  baseline ms (CPU)  product ms (CPU)  rollback ms  product ÷ baseline: CPU (gated)  wall');
  for (let round = 1; round <= SETTLE_ROUNDS; round += 1) {
    // Both timed passes start from a vacuumed table: without it the first baseline meets a fresh
    // table and every later pass the dead rows of the one before (ADR 0028).
    await bench.vacuumSettlement();
    const baseline = await bench.settleBaseline();
    await bench.vacuumSettlement();
    const product = await bench.settleProduct();
    await checkInvariants(bench, `settlement ${round}`);
    const rollbackMs = await bench.rollbackProduct();
    await checkInvariants(bench, `rollback ${round}`);
    const s = {
      round,
      baselineMs: baseline.wallMs,
      baselineCpuMs: baseline.cpuMs,
      productMs: product.wallMs,
      productCpuMs: product.cpuMs,
      rollbackMs,
      ratio: product.cpuMs / baseline.cpuMs,
      wallRatio: product.wallMs / baseline.wallMs,
    };
    settlements.push(s);
    console.log(
      [
        String(round).padStart(5),
        `${fmt(s.baselineMs, 0)} (${fmt(s.baselineCpuMs, 0)})`.padStart(18),
        `${fmt(s.productMs, 0)} (${fmt(s.productCpuMs, 0)})`.padStart(17),
        fmt(rollbackMs, 0).padStart(12),
        fmt(s.ratio, 2).padStart(30),
        fmt(s.wallRatio, 2).padStart(5),
      ].join(' '),
    );
  }
  }
} finally {
  http?.stop();
  await bench.close();
}

const ratios = {
  directToAnchor: median(rounds.map((r) => r.direct.perS / r.anchor.perS)),
  httpToAnchor: median(rounds.map((r) => r.http.perS / r.anchor.perS)),
  http16ToAnchor: median(rounds.map((r) => r.http16.perS / r.anchor.perS)),
  httpToDirect: median(rounds.map((r) => r.http.perS / r.direct.perS)),
  settleToBaseline: median(settlements.map((s) => s.ratio)),
  settleToBaselineWall: median(settlements.map((s) => s.wallRatio)),
};
const items = Object.fromEntries(
  ['anchor', 'direct', 'http', 'http16'].map((name) => [
    name,
    {
      perS: median(rounds.map((r) => r[name].perS)),
      p50: median(rounds.map((r) => r[name].p50)),
      p99: median(rounds.map((r) => r[name].p99)),
      foreignPct: median(rounds.map((r) => r[name].foreignPct)),
    },
  ]),
);
const settle = {
  bets: seeded?.bets ?? 0,
  baselineMs: median(settlements.map((s) => s.baselineMs)),
  productMs: median(settlements.map((s) => s.productMs)),
  rollbackMs: median(settlements.map((s) => s.rollbackMs)),
  baselineCpuMs: median(settlements.map((s) => s.baselineCpuMs)),
  productCpuMs: median(settlements.map((s) => s.productCpuMs)),
};
const settleBetsPerS = settle.productMs ? (settle.bets * 1000) / settle.productMs : null;

console.log('\nmedians over rounds');
console.log(`  anchor (tpcb-lite)   ${fmt(items.anchor.perS, 0)} tx/s   p50 ${fmt(items.anchor.p50)} ms  p99 ${fmt(items.anchor.p99)} ms`);
console.log(`  placement (service)  ${fmt(items.direct.perS, 0)} bets/s p50 ${fmt(items.direct.p50)} ms  p99 ${fmt(items.direct.p99)} ms`);
console.log(`  placement (HTTP+JWT) ${fmt(items.http.perS, 0)} req/s  p50 ${fmt(items.http.p50)} ms  p99 ${fmt(items.http.p99)} ms  (${HTTP_CONC} connections)`);
console.log(`  the same at ${String(CONC).padEnd(3)}     ${fmt(items.http16.perS, 0)} req/s  p50 ${fmt(items.http16.p50)} ms  p99 ${fmt(items.http16.p99)} ms  (${CONC} connections)`);
console.log(
  `  settlement           ${fmt(settle.productMs, 0)} ms (CPU ${fmt(settle.productCpuMs, 0)}) for ${settle.bets} bets (${fmt(settleBetsPerS, 0)} bets/s), ` +
    `baseline ${fmt(settle.baselineMs, 0)} ms (CPU ${fmt(settle.baselineCpuMs, 0)}), rollback ${fmt(settle.rollbackMs, 0)} ms`,
);
const perRound = (f) => rounds.map((r) => fmt(f(r), 2)).join(' ');
console.log('\nratios per round');
console.log(`  placement ÷ anchor   ${perRound((r) => r.direct.perS / r.anchor.perS)}`);
console.log(`  HTTP ÷ anchor        ${perRound((r) => r.http.perS / r.anchor.perS)}`);
console.log(`  HTTP at ${String(CONC).padEnd(3)} ÷ anchor ${perRound((r) => r.http16.perS / r.anchor.perS)}`);
console.log(`  HTTP ÷ direct        ${perRound((r) => r.http.perS / r.direct.perS)}`);
console.log(`  settlement ÷ pass    CPU ${settlements.map((s) => fmt(s.ratio, 2)).join(' ')}; wall ${settlements.map((s) => fmt(s.wallRatio, 2)).join(' ')}`);
console.log('\nratios (median of per-round ratios)          bar');
console.log(`  placement ÷ tpcb-lite anchor   ${fmt(ratios.directToAnchor, 2).padStart(6)}    ≥ 1.0`);
console.log(`  HTTP+JWT ÷ tpcb-lite anchor    ${fmt(ratios.httpToAnchor, 2).padStart(6)}    ≥ 1.5 (${HTTP_CONC} connections)`);
console.log(`  … at ${String(CONC).padEnd(3)} connections          ${fmt(ratios.http16ToAnchor, 2).padStart(6)}    (no bar: bound by latency, the cores idle)`);
console.log(`  HTTP+JWT ÷ direct placement    ${fmt(ratios.httpToDirect, 2).padStart(6)}    (no bar: measures the load client too)`);
console.log(`  settlement ÷ one SQL pass, CPU ${fmt(ratios.settleToBaseline, 2).padStart(6)}    ≤ ${SETTLE_BAR} (wall ${fmt(ratios.settleToBaselineWall, 2)}, no bar)`);
console.log(`  placement p99 at ${CONC} in flight ${fmt(items.direct.p99).padStart(6)} ms ≤ 30 ms`);

// The bars of issue 21 are gates (exit code 1 when one is missed). HTTP ÷ direct is printed only.
if (ROUNDS > 0) {
  gate(
    'placement over HTTP + JWT ÷ tpcb-lite anchor',
    ratios.httpToAnchor !== null && ratios.httpToAnchor >= HTTP_BAR,
    `median ${fmt(ratios.httpToAnchor, 2)} (${perRound((r) => r.http.perS / r.anchor.perS)}) ≥ ${HTTP_BAR}`,
  );
}
if (SETTLE_BETS > 0) {
  gate(
    `settlement of ${settle.bets} bets ÷ one SQL pass (CPU)`,
    ratios.settleToBaseline !== null && ratios.settleToBaseline <= SETTLE_BAR,
    `median ${fmt(ratios.settleToBaseline, 2)} (${settlements.map((s) => fmt(s.ratio, 2)).join(', ')}) ≤ ${SETTLE_BAR}; ` +
      `wall ${fmt(ratios.settleToBaselineWall, 2)} (${settlements.map((s) => fmt(s.wallRatio, 2)).join(', ')})`,
  );
}

const result = { startedAt, conc: CONC, httpConc: HTTP_CONC, sliceS: SLICE_MS / 1000, rounds, settlements, items, settle, ratios, gates, versions: { node: process.version, pg: versionOf('pg'), fastify: versionOf('fastify') } };
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${JSON.stringify(result, null, 2)}\n`);
console.log(`\n${JSON.stringify({ items, settle, ratios })}`);
if (failed()) process.exit(1);
