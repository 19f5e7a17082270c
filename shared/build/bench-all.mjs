#!/usr/bin/env node
// `pnpm bench`: every benchmark, one after the other, each run to its end even when an earlier
// one failed a gate (a failed gate is a finding, not a reason to skip the rest). Prints each
// part's exit code and exits 1 when any part failed. Parts: the script names given as arguments,
// or the root's bench:* scripts (run from the repository root).
import { spawnSync } from 'node:child_process';

const PARTS = process.argv.length > 2 ? process.argv.slice(2) : ['bench:betting', 'bench:fanout', 'bench:casino', 'bench:crash', 'bench:capacity', 'bench:pages', 'bench:lighthouse'];
const results = [];
for (const part of PARTS) {
  console.log(`\n== pnpm ${part}`);
  const started = Date.now();
  const run = spawnSync('pnpm', ['run', part], { stdio: 'inherit' });
  results.push({ part, code: run.status ?? 1, seconds: Math.round((Date.now() - started) / 1000) });
}
console.log('\n== pnpm bench');
for (const r of results) console.log(`${r.code === 0 ? 'PASS' : 'FAIL'}  ${r.part} (${r.seconds} s${r.code === 0 ? '' : `, exit ${r.code}`})`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
