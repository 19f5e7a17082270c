#!/usr/bin/env node
// The placement's cost inside PostgreSQL alone: one connection calls `place_runner_bets` in a
// loop, with no other load, and reads its backend's CPU time (procfs schedstat, ns) around each
// slice. It prints PostgreSQL CPU µs per bet by batch size (what one call costs beside its bets,
// ADR 0008's group commit) and, with ALT, the same for another version of `place_runner_bet`
// measured in the same database, in interleaved slices — the way to judge a change of the SQL
// before the whole `bench:betting` (whose ratios move with the machine's load; ADR 0028), or to
// find what a part of the bet costs by leaving it out of a copy.
//
// Environment: DATABASE_URL (server for the throwaway database; default an embedded PostgreSQL),
// SIZES (batch sizes, default 1,4,8,16), BETS (bets per slice, default 800), ROUNDS (slices per
// size and version, default 6), ALT (comma-separated files, each with a `CREATE OR REPLACE
// FUNCTION public.place_runner_bet(…)` of the same signature: file k is created as
// `alt<k>_place_runner_bet`, with a copy of `place_runner_bets` that calls it). Not a gate: the
// exit code is 0 unless it fails.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, median } from './bench-kit.mjs';
import { loadBenchModule } from './bundle.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SIZES = (process.env.SIZES ?? '1,4,8,16').split(',').map(Number);
const BETS = Number(process.env.BETS ?? 800);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const ALTS = (process.env.ALT ?? '').split(',').filter((file) => file !== '');

const { setupBettingBench } = await loadBenchModule('betting-bench.ts', 'betting-bench.js');
console.log('setting up: migrations, 10,000 funded players, 20 markets …');
const bench = await setupBettingBench();
const { alone } = bench;

const versions = { product: 'place_runner_bets' };
const batchFile = readFileSync(path.join(here, '..', 'sql', 'functions', 'place_runner_bets.sql'), 'utf8');
for (const [i, file] of ALTS.entries()) {
  const name = `alt${i + 1}`;
  const alt = readFileSync(file, 'utf8');
  if (!alt.includes('FUNCTION public.place_runner_bet(')) throw new Error(`${file}: no CREATE OR REPLACE FUNCTION public.place_runner_bet(…)`);
  await alone.query(alt.replace('FUNCTION public.place_runner_bet(', `FUNCTION public.${name}_place_runner_bet(`));
  await alone.query(batchFile.replace('FUNCTION public.place_runner_bets(', `FUNCTION public.${name}_place_runner_bets(`).replace('FROM place_runner_bet(', `FROM ${name}_place_runner_bet(`));
  versions[name] = `${name}_place_runner_bets`;
  console.log(`${name}: ${file}`);
}

/** CPU ns of a PostgreSQL backend so far (procfs schedstat). */
const backendNs = (pid) => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);

/** One slice: BETS bets in calls of `size`, all on the one connection; PostgreSQL CPU µs and wall µs per bet. */
async function slice(fn, size) {
  const calls = Math.max(1, Math.round(BETS / size));
  const pid = await alone.backendPid();
  const cpu0 = backendNs(pid);
  const t0 = performance.now();
  for (let i = 0; i < calls; i += 1) await alone.placeBatch(fn, size);
  const wallMs = performance.now() - t0;
  if ((await alone.backendPid()) !== pid) throw new Error('the connection was replaced during a slice');
  const bets = calls * size;
  return { cpuUs: (backendNs(pid) - cpu0) / 1000 / bets, wallUs: (1000 * wallMs) / bets };
}

try {
  const names = Object.keys(versions);
  console.log(`\nPostgreSQL CPU per bet in one backend, no other load (median of ${ROUNDS} slices of ${BETS} bets; wall in brackets)`);
  console.log(`batch  ${names.map((n) => n.padStart(20)).join('')}${names.slice(1).map((n) => `${n} ÷ product`.padStart(18)).join('')}`);
  for (const size of SIZES) {
    await slice(versions.product, size); // warm-up: the plans of this size's first calls
    const results = Object.fromEntries(names.map((n) => [n, []]));
    for (let r = 0; r < ROUNDS; r += 1) {
      for (const name of r % 2 === 0 ? names : [...names].reverse()) results[name].push(await slice(versions[name], size));
    }
    const cells = names.map((n) => {
      const cpu = median(results[n].map((s) => s.cpuUs));
      const wall = median(results[n].map((s) => s.wallUs));
      return `${fmt(cpu, 0)} µs (${fmt(wall, 0)})`.padStart(20);
    });
    const ratios = names.slice(1).map((n) => fmt(median(results[n].map((s, i) => s.cpuUs / results.product[i].cpuUs)), 2).padStart(18));
    console.log(`${String(size).padStart(5)}  ${cells.join('')}${ratios.join('')}`);
  }
} finally {
  await bench.close();
}
