#!/usr/bin/env node
// `pnpm bench:crash` (and the last part of `pnpm bench`): the long crash run (issue 21, docs/rules/test-plan.md T3
// crash windows and T7, ADR 0022). Two API processes on one throwaway database and one Redis; 20
// players send sports bets, live-casino bets and their agents' chip transfers, each with its
// Idempotency-Key, alternating between the instances; KILLS times (default 50) a random instance
// is SIGKILLed at a random moment and restarted. Requests without an answer are retried with the
// same key on the other instance. Afterwards: every 2xx is in the database exactly once and its
// replay answers the same body, nothing refused was written, nothing is half-written, and the
// ledger invariants hold (api/test/crash/crash-run.ts; the CI test api/test/crash.test.ts does 5).
// Environment: KILLS, PLAYERS (default 20), SEED (the players' choices), PAUSE_MS ("min-max"
// between an instance being back and the next kill, default 300-2000), CRASH_REDIS_URL (default
// redis://127.0.0.1:6379/5), DATABASE_URL (server for the throwaway database; default an embedded
// PostgreSQL), BENCH_OUT (JSON summary file). Exit code 1 when an invariant is broken.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBenchModule } from './bundle.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const KILLS = Number(process.env.KILLS ?? 50);
const PLAYERS = Number(process.env.PLAYERS ?? 20);
const PAUSE_MS = (process.env.PAUSE_MS ?? '300-2000').split('-').map(Number);

const { crashBench } = await loadBenchModule('crash-bench.ts', 'bench-crash.cjs');
const startedAt = new Date().toISOString();
console.log(`crash run: ${KILLS} kills, ${PLAYERS} players, ${cpus().length} cores, pause ${PAUSE_MS.join('–')} ms`);
const { figures, problems } = await crashBench({
  apiDir: path.resolve(here, '..'),
  kills: KILLS,
  rollingRestart: true,
  players: PLAYERS,
  pauseMs: PAUSE_MS,
  ...(process.env.SEED ? { seed: Number(process.env.SEED) } : {}),
  log: (line) => console.log(`  ${line}`),
});

const f = figures;
console.log(`
requests           ${f.requests.total} (sports ${f.requests.sports}, casino ${f.requests.casino}, chips ${f.requests.chips}), seed ${f.seed}
answered 2xx       ${f.ok.total} (sports ${f.ok.sports}, casino ${f.ok.casino}, chips ${f.ok.chips})
refused            ${JSON.stringify(f.refused)}
sends              ${f.sends}, of which retries with the same key ${f.retries}
network errors     ${JSON.stringify(f.networkErrors)}; 5xx ${f.serverErrors}
2xx on a retry     ${f.okAfterRetry}; committed by a send whose answer was lost ${f.committedAnswerLost}
unanswered at stop ${f.unansweredAtStop} (sent again with their keys)
kills / restarts   ${f.kills} / ${f.restarts} (then ${f.gracefulRestarts} SIGTERM restarts), ${f.inFlightAtKills} requests in flight at the kills
kill → ready       median ${f.recoverMs.median} ms, max ${f.recoverMs.max} ms
load               ${f.loadSeconds} s, ${f.requestsPerSecond} requests/s, ${f.betsPerSecond} bets/s
casino rounds      ${JSON.stringify(f.casinoRounds)} (a round open when its leader died or stopped goes on; voided only past CASINO_RESUME_MAX_MS), ${f.casinoBetsSettled} casino bets settled
invariants         ${problems.length === 0 ? 'all hold' : `${problems.length} broken`}`);
for (const problem of problems.slice(0, 50)) console.log(`  ✗ ${problem}`);
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${JSON.stringify({ startedAt, figures, problems }, null, 2)}\n`);
console.log(`\n${JSON.stringify(figures)}`);
if (problems.length > 0) process.exit(1);
