#!/usr/bin/env node
// `pnpm bench:capacity` (issue 37, ADR 0081): how many players this machine carries. N simulated
// players (N = 1,000, 2,500, 5,000 by default), each with an open socket watching one or two
// in-play matches at 10 Hz and a casino table, placing a sports bet about once a minute and a
// casino bet on one round in five, loading pages, reading the statement and asking for deposits
// (capacity-clients.mjs says what a player does and at what rates), while the feed (the built-in
// simulator, polled every 100 ms) and all 18 casino tables run.
//
// Processes: the product in one (capacity-server.mjs: the real app, realtime, feed ingest and
// casino engine on a fresh database `backlay_capacity` on DATABASE_URL's server, seeded with the
// largest N's players), the load in CLIENT_PROCS others (default 2), this driver beside them. CPU
// is read from procfs: every thread of the server process (with its run-queue wait: ready to run,
// no core free), and PostgreSQL's backends of the bench database (pg_stat_activity.pid, read at
// the window's start and end) — neither the load clients nor other databases count. First a
// window of IDLE s with nobody connected gives the feed's and the tables' own cost. Per N, after a
// warm-up (WARM s) and in a measured window (DUR s):
//   bet p50/p99 (sports, less the market's bet delay, which the rules make the server wait; and
//   casino), odds delivery p99 (from the moment the hub handed each delta to the sockets, a stamp
//   the server keeps, to its receipt) and % delivered (receipts ÷ deltas sent × watchers), casino
//   rounds late (closed or settled more than LATE_MS after their time, or voided), page and
//   statement and deposit p99, CPU per player per minute (API + PostgreSQL; also less the
//   no-player cost: the marginal cost) and the marginal cost's ratio to the smallest N's (linear
//   cost = 1.0), the players both cores would carry at that marginal cost, the clients' CPU and
//   the foreign CPU of the machine.
// Capacity: the largest N at which bet p99 ≤ 250 ms, odds p99 ≤ 100 ms with 100 % delivered and
// no casino round late. Gate (capacity-gate.ts): capacity ≥ 5,000 and the marginal cost per player
// at every N up to it ≤ 1.10 × the smallest N's. Exit code 1 on FAIL, and when the invariant
// counts of docs/bench/README.md §2 are not all 0 at the end.
//
// Environment: N (comma list, default "1000,2500,5000"), WARM (s, default 20), DUR (s, default 60),
// IDLE (s, default 20), CLIENT_PROCS (default 2), MATCHES (in-play matches imported, default 4),
// BET_S, PAGE_S, STATEMENT_S, DEPOSIT_S (mean seconds between a player's actions, defaults 60, 120,
// 600, 1800), LATE_MS (default 1000), ODDS_TOPUP=0 (the feed's own pace instead of 10 Hz per
// match), FEED_PROVIDER / FEED_REPLAY_SPEED (default simulator,replay at 30 ×), DATABASE_URL
// (required: the PostgreSQL server), BENCH_OUT (JSON summary), SERVER_NODE_OPTIONS (node flags for
// the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"), CLIENT_NODE_OPTIONS (the same for the
// load clients). Not part of `pnpm test`.
import { fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createGates, fmt, machineCpuMs, processCpuMs, selfCpuMs, threadsCpuMs, versionOf } from './bench-kit.mjs';
import { bundleBenchModule, loadBenchModule } from './bundle.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '..', 'package.json'));
const { Client } = require('pg');

const env = process.env;
const SIZES = (env.N ?? '1000,2500,5000').split(',').map((s) => Number(s.trim()));
const WARM_S = Number(env.WARM ?? 20);
const DUR_S = Number(env.DUR ?? 60);
const CLIENT_PROCS = Number(env.CLIENT_PROCS ?? 2);
const MATCHES = Number(env.MATCHES ?? 4);
const RATES = { betS: Number(env.BET_S ?? 60), pageS: Number(env.PAGE_S ?? 120), statementS: Number(env.STATEMENT_S ?? 600), depositS: Number(env.DEPOSIT_S ?? 1800) };
const LATE_MS = Number(env.LATE_MS ?? 1000);
const IDLE_S = Number(env.IDLE ?? 20);
const ORIGIN = 'http://127.0.0.1:8080';

if (SIZES.some((n) => !Number.isInteger(n) || n < 1) || !(DUR_S > 0) || !(WARM_S >= 0) || !(CLIENT_PROCS >= 1)) {
  console.error('N must be positive integers (comma separated), DUR > 0, WARM ≥ 0, CLIENT_PROCS ≥ 1');
  process.exit(2);
}
if (!env.DATABASE_URL) {
  console.error('DATABASE_URL must name the PostgreSQL server (its backends are measured by pg_stat_activity)');
  process.exit(2);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();
const gate = await loadBenchModule('capacity-gate.ts', 'bench-capacity-gate.cjs');

// ---- the server process ----
const bundle = await bundleBenchModule('capacity-server.ts', 'bench-capacity-server.cjs');
const maxN = Math.max(...SIZES);
const serverExecArgv = (env.SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
const clientExecArgv = (env.CLIENT_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
const server = fork(path.join(here, 'capacity-server.mjs'), [], {
  env: { ...env, BUNDLE: bundle, PLAYERS: String(maxN) },
  execArgv: serverExecArgv,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
let callSeq = 0;
const calls = new Map();
server.on('message', (m) => {
  const call = calls.get(m.id);
  calls.delete(m.id);
  if (m.error) call?.reject(new Error(m.error));
  else call?.resolve(m.result);
});
server.on('exit', (code) => {
  for (const call of calls.values()) call.reject(new Error(`the server exited (${code})`));
});
const ready = new Promise((resolve, reject) => calls.set(0, { resolve, reject }));
const call = (op, ...args) =>
  new Promise((resolve, reject) => {
    callSeq += 1;
    calls.set(callSeq, { resolve, reject });
    server.send({ id: callSeq, op, args });
  });

const startedAt = new Date().toISOString();
const setupStarted = performance.now();
const info = await ready;
console.log(
  `capacity: N=${SIZES.join(',')} WARM=${WARM_S}s DUR=${DUR_S}s, ${CLIENT_PROCS} client process(es), ${MATCHES} in-play matches, ` +
    `${info.tables.length} casino tables, ${cpus().length} cores, ${Math.round(totalmem() / 1e9)} GB; PostgreSQL ${info.pgVersion}; ` +
    `server ready in ${fmt((performance.now() - setupStarted) / 1000)} s with ${info.players.length} players`,
);
console.log(`a player: a sports bet every ~${RATES.betS} s, a casino bet on 1 round in 5, a page load every ~${RATES.pageS} s, the statement every ~${RATES.statementS} s, a deposit every ~${RATES.depositS} s`);

const admin = new Client({ connectionString: env.DATABASE_URL });
await admin.connect();
const backendPids = async () =>
  (await admin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [info.database])).rows.map((r) => String(r.pid));
const cpuOf = (pids) => new Map(pids.map((pid) => [pid, processCpuMs(pid)]).filter(([, ms]) => ms !== null));

/** CPU ms of the API (the server process) and of PostgreSQL's backends of the bench database, from `start()` to `stop()`. */
async function serverCpu() {
  const pidsBefore = await backendPids();
  const before = { server: threadsCpuMs(server.pid), pg: cpuOf(pidsBefore), machine: machineCpuMs().busyMs, self: selfCpuMs() };
  return {
    async stop() {
      const pidsAfter = await backendPids();
      const after = { server: threadsCpuMs(server.pid), pg: cpuOf([...new Set([...pidsBefore, ...pidsAfter])]), machine: machineCpuMs().busyMs, self: selfCpuMs() };
      let pgMs = 0;
      for (const [pid, ms] of after.pg) pgMs += ms - (before.pg.get(pid) ?? 0);
      return {
        serverMs: after.server.cpuMs - before.server.cpuMs,
        // The API's threads ready to run with no core free (mostly its main thread).
        serverWaitMs: after.server.waitMs - before.server.waitMs,
        pgMs,
        pgBackends: after.pg.size,
        machineMs: after.machine - before.machine,
        selfMs: after.self - before.self,
      };
    },
  };
}

/**
 * What PostgreSQL's backends of the bench database are busy with: every 100 ms, the statements
 * active at that moment (pg_stat_activity; pg_stat_statements is not loaded on a shared server),
 * counted by their first words. A sample's share ≈ that statement's share of the busy time.
 */
function samplePostgres() {
  const counts = new Map();
  let samples = 0;
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const { rows } = await admin.query(
        `SELECT regexp_replace(left(query, 70), '\\s+', ' ', 'g') AS q, wait_event_type AS w FROM pg_stat_activity
         WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid()`,
        [info.database],
      );
      samples += 1;
      for (const { q, w } of rows) counts.set(`${w ? `[${w}] ` : ''}${q}`, (counts.get(`${w ? `[${w}] ` : ''}${q}`) ?? 0) + 1);
      await sleep(100);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      return {
        samples,
        top: [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([query, n]) => ({ query, activePerSample: n / Math.max(1, samples) })),
      };
    },
  };
}

async function importMatches() {
  for (let i = 0; i < 30; i += 1) {
    const matches = await call('importInPlay', MATCHES);
    if (matches.length > 0) return matches;
    await sleep(2_000);
  }
  throw new Error('the feed has no match in play');
}

// The fixed cost: the feed and the casino tables with nobody connected, over IDLE s.
await importMatches();
// The tables' first rounds build their seed chains (chainLength hashes each): past that first.
await sleep(15_000);
async function idleWindow(when) {
  const idleCpu = await serverCpu();
  await sleep(IDLE_S * 1000);
  const idle = await idleCpu.stop();
  console.log(
    `no player ${when} (the feed and ${info.tables.length} tables alone, ${IDLE_S} s): API ${fmt((100 * idle.serverMs) / (IDLE_S * 1000))} %, ` +
      `PostgreSQL ${fmt((100 * idle.pgMs) / (IDLE_S * 1000))} % of one core (foreign ${fmt((100 * Math.max(0, idle.machineMs - idle.serverMs - idle.pgMs - idle.selfMs)) / (IDLE_S * 1000 * cpus().length))} % of the machine)`,
  );
  return { ...idle, cpuMsPerMin: ((idle.serverMs + idle.pgMs) / IDLE_S) * 60 };
}
const idleBefore = await idleWindow('before the levels');
/** The no-player cost per minute (a second window after the levels replaces it with the mean of both in the summary). */
let idleMsPerMin = idleBefore.cpuMsPerMin;

// ---- one load level ----
function waitFor(child, type, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} from a client within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message) => {
      if (message.type === 'error' || message.type === type) {
        clearTimeout(timer);
        child.off('message', onMessage);
        if (message.type === 'error') reject(new Error(`client failed: ${message.message}`));
        else resolve(message);
      }
    };
    child.on('message', onMessage);
  });
}

async function level(n) {
  const matches = await importMatches();
  const players = info.players.slice(0, n);
  const clients = Array.from({ length: CLIENT_PROCS }, () =>
    fork(path.join(here, 'capacity-clients.mjs'), [], { execArgv: clientExecArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  const exited = clients.map((c) => new Promise((resolve) => c.once('exit', resolve)));
  let relay = null;
  try {
    await Promise.all(clients.map((c) => waitFor(c, 'alive', 30_000)));
    const setupAt = performance.now();
    const readies = await Promise.all(
      clients.map((c, i) => {
        c.send({ type: 'init', apiUrl: info.apiUrl, origin: ORIGIN, password: info.password, players: players.filter((_, k) => k % CLIENT_PROCS === i), matches, tables: info.tables, rates: RATES });
        return waitFor(c, 'ready', 900_000);
      }),
    );
    const setupS = (performance.now() - setupAt) / 1000;
    // Relay the server's delivery stamps to the clients twice a second.
    const relayOnce = async () => {
      const stamps = await call('takeStamps');
      for (const c of clients) if (c.connected) c.send({ type: 'stamps', stamps });
    };
    relay = setInterval(() => void relayOnce().catch(() => undefined), 500);
    for (const c of clients) c.send({ type: 'start' });
    await sleep(WARM_S * 1000);

    const start = now();
    const end = start + DUR_S * 1000;
    for (const c of clients) c.send({ type: 'window', start, end });
    const sampler = samplePostgres();
    const cpu = await serverCpu();
    const clientsBefore = clients.map((c) => threadsCpuMs(c.pid)?.cpuMs ?? 0);
    await sleep(DUR_S * 1000);
    const { serverMs, serverWaitMs, pgMs, pgBackends, machineMs, selfMs } = await cpu.stop();
    const pgActive = await sampler.stop();
    const clientMs = clients.reduce((sum, c, i) => sum + ((threadsCpuMs(c.pid)?.cpuMs ?? clientsBefore[i]) - clientsBefore[i]), 0);
    // Answers to requests sent in the window, the last deltas, and their stamps.
    await sleep(5_000);
    clearInterval(relay);
    relay = null;
    await relayOnce();
    const reports = await Promise.all(
      clients.map((c) => {
        c.send({ type: 'report' });
        return waitFor(c, 'report', 60_000);
      }),
    );
    const late = await call('lateRounds', start, end, LATE_MS);
    const bets = await call('betsIn', start, end);

    const windowMs = DUR_S * 1000;
    const foreignMs = Math.max(0, machineMs - serverMs - pgMs - clientMs - selfMs);
    const merged = (key) => gate.mergeHistograms(reports.map((r) => r.hist[key]));
    const q = (key, p) => gate.histogramQuantile(merged(key), p);
    const sum = (key) => reports.reduce((s, r) => s + r.counts[key], 0);
    const oddsReceived = reports.reduce((s, r) => s + r.oddsReceived, 0);
    const oddsExpected = reports.reduce((s, r) => s + r.oddsExpected, 0);
    const stampsPerMatch = reports[0]?.stampsInWindow ?? {};
    const refusals = {};
    for (const r of reports) for (const [k, v] of Object.entries(r.refusals)) refusals[k] = (refusals[k] ?? 0) + v;
    return {
      n,
      connected: readies.reduce((s, r) => s + r.players, 0),
      loginFailures: readies.reduce((s, r) => s + r.failures, 0),
      setupS,
      loginS: Math.max(...readies.map((r) => r.loginMs)) / 1000,
      matches,
      deltasPerMatchS: Object.values(stampsPerMatch).map((v) => v / DUR_S),
      bets: sum('bets'),
      betsOk: sum('betsOk'),
      betsNoMarket: sum('betsNoMarket'),
      betP50Ms: q('bet', 0.5),
      betP99Ms: q('bet', 0.99),
      casinoBets: sum('casinoBets'),
      casinoBetsOk: sum('casinoBetsOk'),
      casinoBetP50Ms: q('casinoBet', 0.5),
      casinoBetP99Ms: q('casinoBet', 0.99),
      oddsP50Ms: q('odds', 0.5),
      oddsP99Ms: q('odds', 0.99),
      oddsDeliveredPct: oddsExpected === 0 ? null : (100 * oddsReceived) / oddsExpected,
      oddsReceived,
      oddsExpected,
      pages: sum('pages'),
      pageP99Ms: q('page', 0.99),
      statements: sum('statements'),
      statementP99Ms: q('statement', 0.99),
      deposits: sum('deposits'),
      depositsOk: sum('depositsOk'),
      depositP99Ms: q('deposit', 0.99),
      httpErrors: sum('httpErrors'),
      disconnects: sum('disconnects'),
      connectErrors: sum('connectErrors'),
      refusals,
      errorSamples: reports.flatMap((r) => r.errorSamples).slice(0, 6),
      betsInDb: bets,
      casinoRounds: late.rounds,
      lateRounds: late.late,
      worstRoundLateMs: late.worstMs,
      serverCpuPct: (100 * serverMs) / windowMs,
      serverWaitPct: (100 * serverWaitMs) / windowMs,
      pgCpuPct: (100 * pgMs) / windowMs,
      pgBackends,
      clientCpuPct: (100 * clientMs) / windowMs,
      clientCpuPctSelf: (100 * reports.reduce((s, r) => s + r.cpuMs, 0)) / windowMs,
      foreignCpuPct: (100 * foreignMs) / (windowMs * cpus().length),
      cpuMsPerPlayerMin: (serverMs + pgMs) / n / (DUR_S / 60),
      marginalCpuMsPerPlayerMin: (serverMs + pgMs - (idleMsPerMin * DUR_S) / 60) / n / (DUR_S / 60),
      /** Players the API and PostgreSQL would carry with every core of the machine theirs, at this N's marginal cost. */
      cpuBoundPlayers: Math.round((cpus().length * 60_000 - idleMsPerMin) / ((serverMs + pgMs - (idleMsPerMin * DUR_S) / 60) / n / (DUR_S / 60))),
      serverCpuMsPerPlayerMin: serverMs / n / (DUR_S / 60),
      pgCpuMsPerPlayerMin: pgMs / n / (DUR_S / 60),
      serverRssMb: rssMb(server.pid),
      pgActive,
    };
  } finally {
    if (relay !== null) clearInterval(relay);
    for (const c of clients) if (c.connected) c.send({ type: 'stop' });
    await Promise.race([Promise.all(exited), sleep(10_000)]);
    for (const c of clients) if (c.exitCode === null) c.kill();
    // Let the server notice the closed sockets, and answer the bets still in their bet delay, before the next level.
    await sleep(6_000);
  }
}

function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
  } catch {
    return null;
  }
}

function printLevel(r) {
  console.log(`\n== N = ${r.n}: ${r.connected} players connected (${r.loginFailures} sign-ins failed, ${r.connectErrors} sockets failed) in ${fmt(r.setupS)} s (sign-in ${fmt(r.loginS)} s); matches ${r.matches.join(', ')} at ${r.deltasPerMatchS.map((v) => fmt(v)).join(', ')} deltas/s`);
  console.log(`  sports bets ${r.bets} (${r.betsOk} accepted; ${r.betsNoMarket} not placed: no market open on the player's matches): p50 ${fmt(r.betP50Ms, 0)} ms, p99 ${fmt(r.betP99Ms, 0)} ms (less the bet delay); casino bets ${r.casinoBets} (${r.casinoBetsOk} accepted): p50 ${fmt(r.casinoBetP50Ms, 0)} ms, p99 ${fmt(r.casinoBetP99Ms, 0)} ms`);
  console.log(`  odds: p50 ${fmt(r.oddsP50Ms, 0)} ms, p99 ${fmt(r.oddsP99Ms, 0)} ms, delivered ${fmt(r.oddsDeliveredPct, 2)} % (${r.oddsReceived} of ${r.oddsExpected}); casino rounds ${r.casinoRounds}, late ${r.lateRounds} (worst ${fmt(r.worstRoundLateMs, 0)} ms after its time)`);
  console.log(`  page loads ${r.pages} (p99 per call ${fmt(r.pageP99Ms, 0)} ms), statements ${r.statements} (p99 ${fmt(r.statementP99Ms, 0)} ms), deposits ${r.deposits} (${r.depositsOk} accepted, p99 ${fmt(r.depositP99Ms, 0)} ms); HTTP errors ${r.httpErrors}, socket disconnects ${r.disconnects}`);
  console.log(`  CPU: API ${fmt(r.serverCpuPct)} % (and ${fmt(r.serverWaitPct)} % ready to run with no core free), PostgreSQL ${fmt(r.pgCpuPct)} % (${r.pgBackends} backends), clients ${fmt(r.clientCpuPct)} % of one core, foreign ${fmt(r.foreignCpuPct)} % of the machine; API RSS ${fmt(r.serverRssMb, 0)} MB`);
  console.log(`  CPU per player per minute: ${fmt(r.cpuMsPerPlayerMin, 2)} ms (API ${fmt(r.serverCpuMsPerPlayerMin, 2)}, PostgreSQL ${fmt(r.pgCpuMsPerPlayerMin, 2)}); less the first no-player window: ${fmt(r.marginalCpuMsPerPlayerMin, 2)} ms → with both cores theirs, the API and PostgreSQL would carry ≈ ${r.cpuBoundPlayers} players`);
  console.log(`  PostgreSQL busy with (backends active per sample, ${r.pgActive.samples} samples): ${r.pgActive.top.map((t) => `${fmt(t.activePerSample, 2)} ${t.query}`).join(' | ')}`);
  const refusalCount = Object.values(r.refusals).reduce((a, b) => a + b, 0);
  if (refusalCount > 0) {
    const byCode = {};
    for (const [k, v] of Object.entries(r.refusals)) {
      const code = k.split(' ').slice(0, 3).join(' ');
      byCode[code] = (byCode[code] ?? 0) + v;
    }
    console.log(`  refused: ${JSON.stringify(byCode)}`);
  }
  if (r.errorSamples.length > 0) console.log(`  errors: ${r.errorSamples.join(' | ')}`);
}

const levels = [];
let invariants = null;
try {
  for (const n of SIZES) {
    const result = await level(n);
    levels.push(result);
    printLevel(result);
  }
  invariants = await call('invariants');
  // The no-player cost again, once every client is gone: the marginal costs use the mean of both windows.
  const idleAfter = await idleWindow('after the levels');
  idleMsPerMin = (idleBefore.cpuMsPerMin + idleAfter.cpuMsPerMin) / 2;
  for (const r of levels) {
    const windowCpuMs = r.cpuMsPerPlayerMin * r.n * (DUR_S / 60);
    r.marginalCpuMsPerPlayerMin = (windowCpuMs - (idleMsPerMin * DUR_S) / 60) / r.n / (DUR_S / 60);
    r.cpuBoundPlayers = Math.round((cpus().length * 60_000 - idleMsPerMin) / r.marginalCpuMsPerPlayerMin);
  }
  console.log(`no-player cost: ${fmt(idleBefore.cpuMsPerMin, 0)} and ${fmt(idleAfter.cpuMsPerMin, 0)} ms of CPU a minute (API + PostgreSQL); the mean ${fmt(idleMsPerMin, 0)} is taken off each level below`);
} finally {
  await admin.end();
  await call('close').catch(() => undefined);
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
}

const ratios = gate.costRatios(levels);
console.log(`\nper N (bars: bet p99 ≤ ${gate.CAPACITY_BARS.betP99Ms} ms, odds p99 ≤ ${gate.CAPACITY_BARS.oddsP99Ms} ms with 100 % delivered, no casino round late)`);
console.log('     N  bet p50  bet p99  odds p99  delivered  late  API %  API wait %  PG %  client %  foreign %  CPU ms/player·min  marginal  × smallest N  CPU-bound N  holds');
for (const [i, r] of levels.entries()) {
  const missed = gate.missedBars(r);
  console.log(
    [
      String(r.n).padStart(6),
      fmt(r.betP50Ms, 0).padStart(8),
      fmt(r.betP99Ms, 0).padStart(8),
      fmt(r.oddsP99Ms, 0).padStart(9),
      `${fmt(r.oddsDeliveredPct, 2)}%`.padStart(10),
      String(r.lateRounds).padStart(5),
      fmt(r.serverCpuPct, 0).padStart(6),
      fmt(r.serverWaitPct, 0).padStart(11),
      fmt(r.pgCpuPct, 0).padStart(5),
      fmt(r.clientCpuPct, 0).padStart(9),
      fmt(r.foreignCpuPct, 0).padStart(10),
      fmt(r.cpuMsPerPlayerMin, 2).padStart(18),
      fmt(r.marginalCpuMsPerPlayerMin, 2).padStart(9),
      fmt(ratios[i]?.ratio, 2).padStart(13),
      String(r.cpuBoundPlayers).padStart(12),
      `  ${missed.length === 0 ? 'yes' : `no: ${missed.join('; ')}`}`,
    ].join(' '),
  );
}

const { gates, gate: check, invariants: checkInvariants, failed } = createGates();
const verdict = gate.capacityGate(levels);
console.log(`\ncapacity of this machine: ${verdict.capacity === 0 ? 'below the smallest N' : `${verdict.capacity} players`} (the largest N that held every bar)`);
check(
  `capacity ≥ ${gate.GATE_MIN_PLAYERS} players, cost per player ≤ ${gate.GATE_MAX_COST_RATIO} × the smallest N's`,
  verdict.pass,
  `capacity ${verdict.capacity}, worst cost ratio ${fmt(verdict.worstRatio, 2)}${verdict.reasons.length > 0 ? ` (${verdict.reasons.join('; ')})` : ''}`,
);
if (invariants !== null) checkInvariants('the run', invariants);

const versions = { node: process.version, 'socket.io': versionOf('socket.io'), ws: versionOf('ws'), pg: versionOf('pg'), postgres: info.pgVersion };
const result = { startedAt, sizes: SIZES, warmS: WARM_S, durationS: DUR_S, rates: RATES, idle: { seconds: IDLE_S, cpuMsPerMin: idleMsPerMin, before: idleBefore }, levels, ratios, capacity: verdict.capacity, gates, versions };
if (env.BENCH_OUT) writeFileSync(env.BENCH_OUT, `${JSON.stringify(result, null, 2)}\n`);
console.log(`\n${JSON.stringify({ capacity: verdict.capacity, ratios, gates, versions })}`);
if (failed()) process.exitCode = 1;
