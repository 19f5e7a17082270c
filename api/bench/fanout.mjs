#!/usr/bin/env node
// `pnpm bench:fanout`: the odds fan-out benchmark of docs/bench/odds-fan-out.md, as ratios measured in one run.
//
// N clients (default 5,000) subscribed to one match get 10 odds updates a second, through the
// product (the real app and realtime module: socket.io, namespace /data, subscribe → snapshot →
// `deltas` frames) and through a bare `ws` broadcaster sending the same frame JSON (the anchor:
// JSON.stringify once, `send` per client). Rounds alternate A/B (socket.io, ws, socket.io, ws …)
// so both meet the same foreign load. The clients run in one child process of raw TCP sockets
// that speak just enough WebSocket/engine.io/socket.io to measure (fanout-clients.mjs), the same
// code for both servers, so the server gets the CPU; websocket transport only, per-message
// deflate off.
//
// Updates are due on a fixed 10 Hz schedule; a server that is late publishes one update for the
// slots it missed (a feed's batching would merge them), so a slow broadcast shows as updates not
// delivered. Per round it prints delivered % (deltas received ÷ N × the slots due in the window),
// complete % (received ÷ N × the updates actually sent in the window), p50/p99 delivery latency
// (from the send stamp), server CPU (and per delivered message), the wall time of one broadcast,
// the client process's CPU and the foreign CPU load of the machine; per N the medians, the
// socket.io ÷ ws ratios, and the server CPU per client per second at 10 Hz with the clients one
// core carries at that rate.
//
// Gates (issue 37, ADR 0080), at N = 5000 when it is measured: every update delivered (delivered
// = 100 % in each socket.io round); socket.io's p99 delivery (median of its rounds) ≤ 100 ms;
// server CPU per client-update, socket.io ÷ ws (median of the A/B pairs) ≤ 1.0. A failed gate
// sets exit code 1.
//
// Environment: N (comma list, default "5000"; up to 5000), DUR (seconds per round, default 10),
// ROUNDS (A/B pairs per N, default 2), LIBS (default "socketio,ws"; one of them alone to profile
// it: no ratios then), DATABASE_URL (a server to create the throwaway database on; default an
// embedded PostgreSQL in a temp dir), BENCH_OUT (write the JSON summary to this file). Not part
// of `pnpm test`.
import { fork } from 'node:child_process';
import { createGates, fmt, machineCpuMs, median, versionOf } from './bench-kit.mjs';
import { loadBenchModule } from './bundle.mjs';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const SIZES = (process.env.N ?? '5000').split(',').map((s) => Number(s.trim()));
const DUR_S = Number(process.env.DUR ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const WARMUP_S = 2;
const RATE_HZ = 10;
const LIBS = (process.env.LIBS ?? 'socketio,ws').split(',').map((s) => s.trim());
/** The gates' N and bars (issue 37). */
const GATE_N = 5000;
const GATE_P99_MS = 100;
const GATE_CPU_RATIO = 1.0;
const ORIGIN = 'http://127.0.0.1:8080';

if (SIZES.some((n) => !Number.isInteger(n) || n < 1 || n > 5000) || !(DUR_S > 0) || !(ROUNDS >= 1) || LIBS.some((lib) => lib !== 'socketio' && lib !== 'ws')) {
  console.error('N must be integers from 1 to 5000 (comma separated), DUR > 0 seconds, ROUNDS ≥ 1, LIBS socketio and/or ws');
  process.exit(2);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();
/** Bundles the servers' module (TypeScript, with @backlay/shared inlined) next to dist/main.js. */

function waitFor(child, type, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} from the clients within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message) => {
      if (message.type === 'error') {
        clearTimeout(timer);
        child.off('message', onMessage);
        reject(new Error(`clients failed: ${message.message}`));
      } else if (message.type === type) {
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(message);
      }
    };
    child.on('message', onMessage);
  });
}

async function round(servers, lib, n) {
  const child = fork(path.join(here, 'fanout-clients.mjs'), [], {
    env: {
      ...process.env,
      LIB: lib,
      N: String(n),
      URL: lib === 'ws' ? servers.wsUrl : servers.productUrl,
      TOKEN: servers.token,
      MATCH_ID: servers.matchId,
      ORIGIN,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let timer = null;
  try {
    const ready = await waitFor(child, 'ready', 180_000);
    // Settle: every connection registered on the server.
    for (let i = 0; i < 50 && servers.connections()[lib] < n; i += 1) await sleep(100);
    await sleep(1_000);

    // Slots due every 100 ms from t0; each wake-up publishes one update for the slots that came
    // due since the last (one when on time). The window starts half a period after a slot, so an
    // update sent on time has its stamp inside the window exactly when its slot is.
    const broadcastMs = [];
    const stamps = [];
    const period = 1000 / RATE_HZ;
    const t0 = now();
    let slot = 1;
    const loop = () => {
      const at = now();
      if (t0 + slot * period <= at) {
        while (t0 + slot * period <= at) slot += 1;
        const { stamp, ms } = servers.tick(lib);
        stamps.push(stamp);
        broadcastMs.push(ms);
      }
      timer = setTimeout(loop, Math.max(0, t0 + slot * period - now()));
    };
    timer = setTimeout(loop, period);
    const start = t0 + (WARMUP_S * RATE_HZ + 0.5) * period;
    const end = start + DUR_S * 1000;
    await sleep(start - now());
    child.send({ type: 'window', start, end });
    const cpuBefore = process.cpuUsage();
    const machineBefore = machineCpuMs();
    const ticksBefore = broadcastMs.length;
    await sleep(end - now());
    const cpu = process.cpuUsage(cpuBefore);
    const machine = machineCpuMs();
    const ticksInWindow = broadcastMs.length - ticksBefore;
    clearTimeout(timer);
    timer = null;
    await sleep(1_000);
    child.send({ type: 'report' });
    const report = await waitFor(child, 'report', 30_000);

    const serverCpuMs = (cpu.user + cpu.system) / 1000;
    const windowMs = end - start;
    const cores = cpus().length;
    const foreignMs = Math.max(0, machine.busyMs - machineBefore.busyMs - serverCpuMs - report.cpuMs);
    // Updates sent with a stamp inside the window: every client should have received each one.
    const sentInWindow = stamps.filter((stamp) => stamp >= start && stamp < end).length;
    return {
      lib,
      n,
      connectS: ready.connectMs / 1000,
      deliveredPct: (100 * report.received) / (n * RATE_HZ * DUR_S),
      completePct: sentInWindow > 0 ? (100 * report.received) / (n * sentInWindow) : null,
      p50Ms: report.p50,
      p99Ms: report.p99,
      serverCpuPct: (100 * serverCpuMs) / windowMs,
      cpuPerMsgUs: report.received > 0 ? (serverCpuMs * 1000) / report.received : null,
      broadcastMs: median(broadcastMs.slice(ticksBefore, ticksBefore + ticksInWindow)),
      ticksInWindow,
      clientCpuPct: (100 * report.cpuMs) / windowMs,
      foreignCpuPct: (100 * foreignMs) / (windowMs * cores),
      disconnects: report.disconnects,
      malformed: report.malformed,
    };
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null) child.kill();
    await exited;
    // Let the server notice the closed connections before the next round.
    for (let i = 0; i < 50 && servers.connections()[lib] > 0; i += 1) await sleep(100);
  }
}


function printRound(r) {
  console.log(
    [
      r.lib.padEnd(8),
      String(r.n).padStart(5),
      `${fmt(r.deliveredPct)}%`.padStart(7),
      `${fmt(r.completePct)}%`.padStart(7),
      fmt(r.p50Ms).padStart(7),
      fmt(r.p99Ms).padStart(7),
      `${fmt(r.serverCpuPct)}%`.padStart(7),
      fmt(r.cpuPerMsgUs).padStart(7),
      fmt(r.broadcastMs, 2).padStart(8),
      `${fmt(r.clientCpuPct)}%`.padStart(7),
      `${fmt(r.foreignCpuPct)}%`.padStart(8),
      fmt(r.connectS, 2).padStart(7),
    ].join(' '),
  );
}

const servers = await (await loadBenchModule('fanout-server.ts', 'bench-fanout-server.cjs')).startBenchServers();
const rounds = [];
const startedAt = new Date().toISOString();
try {
  console.log(`fan-out: N=${SIZES.join(',')} DUR=${DUR_S}s ROUNDS=${ROUNDS} (A/B pairs) at ${RATE_HZ} Hz, ${cpus().length} cores\n`);
  console.log('lib          N  deliv.  compl.  p50 ms  p99 ms  srvCPU  µs/msg  bcast ms  cliCPU  foreign  conn s');
  for (const n of SIZES) {
    for (let i = 0; i < ROUNDS; i += 1) {
      for (const lib of LIBS) {
        const result = await round(servers, lib, n);
        rounds.push(result);
        printRound(result);
      }
    }
  }
} finally {
  await servers.close();
}

/** Server CPU per client per second at RATE_HZ (µs), and the clients one core carries at that rate. */
const perClient = (cpuPerMsgUs) =>
  cpuPerMsgUs === null ? { usPerClientS: null, clientsPerCore: null } : { usPerClientS: cpuPerMsgUs * RATE_HZ, clientsPerCore: 1e6 / (cpuPerMsgUs * RATE_HZ) };

const summary = SIZES.map((n) => {
  const of = (lib, key) => median(rounds.filter((r) => r.n === n && r.lib === lib).map((r) => r[key]));
  const pairs = rounds.filter((r) => r.n === n && r.lib === 'socketio').map((sio, i) => [sio, rounds.filter((r) => r.n === n && r.lib === 'ws')[i]]);
  const ratios = (key) => pairs.map(([a, b]) => (a?.[key] != null && b?.[key] ? a[key] / b[key] : null)).filter((v) => v !== null);
  const ratio = (key) => median(ratios(key));
  const libSummary = (lib) => ({
    deliveredPct: of(lib, 'deliveredPct'),
    completePct: of(lib, 'completePct'),
    minCompletePct: Math.min(...rounds.filter((r) => r.n === n && r.lib === lib).map((r) => r.completePct ?? 0)),
    minDeliveredPct: Math.min(...rounds.filter((r) => r.n === n && r.lib === lib).map((r) => r.deliveredPct ?? 0)),
    p50Ms: of(lib, 'p50Ms'),
    p99Ms: of(lib, 'p99Ms'),
    cpuPerMsgUs: of(lib, 'cpuPerMsgUs'),
    ...perClient(of(lib, 'cpuPerMsgUs')),
  });
  return {
    n,
    socketio: libSummary('socketio'),
    ws: libSummary('ws'),
    ratios: { p50: ratio('p50Ms'), p99: ratio('p99Ms'), cpuPerMsg: ratio('cpuPerMsgUs'), delivered: ratio('deliveredPct') },
    cpuPerMsgRatios: ratios('cpuPerMsgUs'),
    foreignCpuPct: median(rounds.filter((r) => r.n === n).map((r) => r.foreignCpuPct)),
  };
});

console.log(`\nmedians per N (socket.io ÷ ws, per A/B pair; gate at N=${GATE_N}: cpu/msg ≤ ${GATE_CPU_RATIO}, sio p99 ≤ ${GATE_P99_MS} ms, every update delivered)`);
console.log('    N  sio deliv.  sio p50  sio p99   ws deliv.   ws p50   ws p99   p50 ×   p99 ×  cpu/msg × (pairs)        foreign');
for (const s of summary) {
  console.log(
    [
      String(s.n).padStart(5),
      `${fmt(s.socketio.deliveredPct)}%`.padStart(11),
      fmt(s.socketio.p50Ms).padStart(8),
      fmt(s.socketio.p99Ms).padStart(8),
      `${fmt(s.ws.deliveredPct)}%`.padStart(11),
      fmt(s.ws.p50Ms).padStart(8),
      fmt(s.ws.p99Ms).padStart(8),
      fmt(s.ratios.p50, 2).padStart(7),
      fmt(s.ratios.p99, 2).padStart(7),
      `${fmt(s.ratios.cpuPerMsg, 2)} (${s.cpuPerMsgRatios.map((v) => fmt(v, 2)).join(', ')})`.padStart(24),
      `${fmt(s.foreignCpuPct)}%`.padStart(8),
    ].join(' '),
  );
}

console.log(`\nserver CPU per client at ${RATE_HZ} Hz (median µs per message × ${RATE_HZ}), and the clients one core carries at that rate`);
console.log('    N  lib       µs/msg  µs per client·s  % core per 1,000 clients  clients per core');
for (const s of summary) {
  for (const lib of ['socketio', 'ws']) {
    const x = s[lib];
    console.log(
      [
        String(s.n).padStart(5),
        lib.padEnd(8),
        fmt(x.cpuPerMsgUs).padStart(7),
        fmt(x.usPerClientS, 0).padStart(16),
        `${fmt(x.usPerClientS === null ? null : x.usPerClientS / 10, 1)}%`.padStart(25),
        (x.clientsPerCore === null ? '—' : String(Math.round(x.clientsPerCore))).padStart(17),
      ].join(' '),
    );
  }
}

console.log('');
const { gates, gate, failed } = createGates();
const atGate = summary.find((s) => s.n === GATE_N);
if (atGate === undefined || !LIBS.includes('socketio')) {
  console.log(`no gates: socket.io at N=${GATE_N} was not measured`);
} else {
  const sio = atGate.socketio;
  const pairs = atGate.cpuPerMsgRatios;
  gate(
    `N=${GATE_N}: every update delivered`,
    sio.minDeliveredPct >= 100,
    `socket.io delivered ${fmt(sio.minDeliveredPct, 2)}% in its worst round (deltas received ÷ N × the 10 Hz slots in the window; every update sent reached every client: ${fmt(sio.minCompletePct, 2)}%; ws delivered ${fmt(atGate.ws.minDeliveredPct, 2)}%)`,
  );
  gate(
    `N=${GATE_N}: p99 delivery ≤ ${GATE_P99_MS} ms`,
    sio.p99Ms !== null && sio.p99Ms <= GATE_P99_MS,
    `socket.io p99 ${fmt(sio.p99Ms)} ms, p50 ${fmt(sio.p50Ms)} ms (median of rounds; ws p99 ${fmt(atGate.ws.p99Ms)} ms, p50 ${fmt(atGate.ws.p50Ms)} ms in the same run, foreign CPU ${fmt(atGate.foreignCpuPct)}%)`,
  );
  gate(
    `N=${GATE_N}: server CPU per client-update ≤ ${GATE_CPU_RATIO} × raw ws`,
    atGate.ratios.cpuPerMsg !== null && atGate.ratios.cpuPerMsg <= GATE_CPU_RATIO,
    pairs.length === 0
      ? 'no A/B pair measured'
      : `${fmt(atGate.ratios.cpuPerMsg, 2)} × (pairs ${pairs.map((v) => fmt(v, 2)).join(', ')}; ${fmt(sio.cpuPerMsgUs, 2)} vs ${fmt(atGate.ws.cpuPerMsgUs, 2)} µs/msg)`,
  );
  console.log(
    `capacity at ${RATE_HZ} Hz: ${fmt(sio.usPerClientS, 0)} µs of server CPU per client per second → ${Math.round(sio.clientsPerCore ?? 0)} clients per core (ws: ${Math.round(atGate.ws.clientsPerCore ?? 0)})`,
  );
}

const versions = { node: process.version, 'socket.io': versionOf('socket.io'), ws: versionOf('ws') };
const result = { startedAt, rateHz: RATE_HZ, durationS: DUR_S, rounds, summary, gates, versions };
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${JSON.stringify(result, null, 2)}\n`);
console.log(`\n${JSON.stringify({ summary, gates, versions })}`);
if (failed()) process.exitCode = 1;
