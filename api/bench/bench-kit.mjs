// What the benchmark drivers (betting.mjs, casino.mjs, fanout.mjs) share: medians and number
// formats, CPU time from procfs (the whole machine, this process, PostgreSQL's processes), the
// gates that set the exit code, and package versions for the JSON summary.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '..', 'package.json'));

export const median = (values) => {
  const sorted = values.filter((v) => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const fmt = (value, digits = 1) => (value === null || value === undefined ? '—' : Number(value).toFixed(digits));

/** Busy and total ms of the whole machine so far (procfs, 10 ms resolution). */
export function machineCpuMs() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busyMs: (total - idle) * 10, totalMs: total * 10 };
}

/** This process's CPU ms so far (user + system, every thread). */
export const selfCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** CPU ms of a process so far: schedstat (ns) where the kernel has it, else stat (10 ms ticks); null once it ended. */
export function processCpuMs(pid, stat = null) {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    try {
      const rest = (stat ?? readFileSync(`/proc/${pid}/stat`, 'utf8')).split(') ').at(-1).split(' ');
      return (Number(rest[11]) + Number(rest[12])) * 10;
    } catch {
      return null;
    }
  }
}

/**
 * CPU ms and run-queue wait ms so far of every thread of a process (schedstat per task: Node's
 * main thread, its GC and libuv workers); null once it ended. The wait is the time the threads were
 * ready to run but had no core: on a shared machine, what the foreign load costs a process.
 */
export function threadsCpuMs(pid) {
  try {
    let cpuMs = 0;
    let waitMs = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        const [run, wait] = readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ');
        cpuMs += Number(run) / 1e6;
        waitMs += Number(wait) / 1e6;
      } catch {
        // the thread ended while we looked
      }
    }
    return { cpuMs, waitMs };
  } catch {
    return null;
  }
}

/** The pids of a server: its postmaster and the postmaster's children (null without procfs `children`). */
function serverPids(serverPid) {
  try {
    const children = readFileSync(`/proc/${serverPid}/task/${serverPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return [String(serverPid), ...children];
  } catch {
    return null;
  }
}

/**
 * CPU ms so far of each PostgreSQL process, by pid: with `serverPid`, that postmaster and its
 * children (one server, whatever else runs on the machine); without, every process named `postgres`.
 */
export function postgresCpuMs(serverPid = null) {
  const byPid = new Map();
  const own = serverPid === null ? null : serverPids(serverPid);
  if (own !== null) {
    for (const pid of own) {
      const ms = processCpuMs(pid);
      if (ms !== null) byPid.set(pid, ms);
    }
    return byPid;
  }
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ours = serverPid === null ? stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres' : Number(pid) === serverPid || Number(rest[1]) === serverPid;
      if (!ours) continue;
      const ms = processCpuMs(pid, stat);
      if (ms !== null) byPid.set(pid, ms);
    } catch {
      // the process ended while we looked
    }
  }
  return byPid;
}

/**
 * PostgreSQL's CPU ms between two postgresCpuMs() maps: per pid, so that a process that ends in
 * between (an autovacuum worker, a closed connection) does not take its whole past away from the
 * sum; its last part is lost instead, and a process that starts in between counts from zero.
 */
export function postgresDeltaMs(before, after) {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/** The whole machine's busy ms, PostgreSQL's per pid, and this process's CPU ms, in that order. */
export function cpuSnapshot(serverPid = null) {
  return { busyMs: machineCpuMs().busyMs, postgres: postgresCpuMs(serverPid), selfMs: selfCpuMs() };
}

/** PostgreSQL's CPU ms between two cpuSnapshot()s. */
export const postgresMs = (before, after) => postgresDeltaMs(before.postgres, after.postgres);

/** Foreign CPU % of the machine in a window: its busy ms that were not ours (`ownMs`: this process, its children, our PostgreSQL). */
export function foreignPct(busyMs, ownMs, windowMs) {
  return Math.max(0, (100 * (busyMs - ownMs)) / (windowMs * cpus().length));
}

/** The gates of one run: each prints PASS or FAIL; `failed()` decides the exit code. */
export function createGates() {
  const gates = [];
  const gate = (name, pass, detail) => {
    gates.push({ name, pass, detail });
    console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
  };
  /** The docs/bench/README.md §2 invariant counts must all be 0. */
  const invariants = (phase, counts) => {
    const bad = Object.entries(counts).filter(([, v]) => v !== 0);
    gate(`invariants after ${phase}`, bad.length === 0, bad.length === 0 ? 'all 0' : JSON.stringify(Object.fromEntries(bad)));
  };
  return { gates, gate, invariants, failed: () => gates.some((g) => !g.pass) };
}

export const versionOf = (name) => {
  try {
    return require(`${name}/package.json`).version;
  } catch {
    return 'unknown';
  }
};
