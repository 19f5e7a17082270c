#!/usr/bin/env node
/**
 * `pnpm test` (the root script test:all): every test, in the order that keeps two cores busy
 * (ADR 0083, docs/bench/ci-time.md).
 *
 * 1. The API integration tests (`test:api`): they keep both cores and PostgreSQL busy, and many of
 *    them time real sockets and timers, so only the front ends' builds the journeys need run
 *    beside them, at the lowest CPU priority (lowest() below), in what the tests leave idle.
 * 2. The e2e journeys (`test:e2e`: what is left to build, then two lanes). `--beside a,b` runs
 *    root scripts beside them at the lowest priority (.ci/run: typecheck and lint), which time
 *    nothing: they take what the journeys leave idle, and what is left of them runs after.
 * 3. The unit tests (`test:unit`), alone at normal priority. They ran beside the journeys at nice
 *    10 until a slower 2-core machine (AMD EPYC, 2026-11-30) showed the journeys leaving no core
 *    idle (vmstat: 0 % idle, run queue 15): the workers were starved for over 10 s at a time and
 *    tests that time their waits failed (ADR 0083, amended). Alone they take 2–3 minutes.
 *
 * What runs beside the journeys writes to a log of its own, printed when it ends, so the
 * journeys' output stays in order. Every part runs to its end, even after another failed; the
 * exit code is 1 when any failed, and the last lines say which, with each part's time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, openSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './apps.mjs';

const args = process.argv.slice(2);
const besideAt = args.indexOf('--beside');
const beside = besideAt === -1 ? [] : (args[besideAt + 1] ?? '').split(',').filter((s) => s.length > 0);
if (besideAt !== -1 && beside.length === 0) throw new Error('--beside needs root scripts, as --beside typecheck,lint');

const started = Date.now();
const seconds = (from) => Math.round((Date.now() - from) / 1000);
/** Each part's name, exit code and seconds, in the order they ended. */
const results = [];

/**
 * The command that runs `command` at the lowest CPU priority this machine gives, in what others
 * leave idle. `nice -n 19` alone is not that on a kernel that groups tasks by session
 * (`/proc/sys/kernel/sched_autogroup_enabled`, Debian's default): the scheduler first shares the
 * cores between sessions, equally, and a task's nice counts only inside its own. Chromium and the
 * e2e stacks are sessions of their own (Playwright starts them detached), so typecheck at nice 19
 * still took a session's share, as much as a lane's browser (15 % of the machine, sampled from
 * /proc in the 2026-11-30 run). So the part runs in a session of its own (spawn's `detached`:
 * setsid) whose group is niced to 19 too (`/proc/self/autogroup`; where the kernel has no such
 * file the echo fails and plain nice is what is left). Measured here, four busy loops in four
 * sessions: the one whose group was niced got 1 % of the others' work, the one niced in a shared
 * session as much as they did (docs/bench/ci-time.md, ADR 0083).
 */
const lowest = (command) => ['sh', ['-c', 'echo 19 > /proc/self/autogroup 2>/dev/null; exec nice -n 19 "$@"', 'lowest', ...command]];

/**
 * `pnpm run <script>` to its end; resolves with its exit code. `log`: its output goes to that file
 * instead of this terminal. `lowest`: at the lowest CPU priority (lowest(); its children inherit
 * it).
 */
function run(script, { log, lowest: atLowest = false } = {}) {
  const from = Date.now();
  const out = log === undefined ? 'inherit' : openSync(log, 'w');
  const command = atLowest ? lowest(['pnpm', 'run', script]) : ['pnpm', ['run', script]];
  return new Promise((resolve) => {
    const child = spawn(command[0], command[1], { cwd: ROOT, stdio: ['ignore', out, out], detached: atLowest });
    const done = (code) => {
      if (out !== 'inherit') closeSync(out);
      results.push({ script, code, seconds: seconds(from) });
      resolve(code);
    };
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(1));
  });
}

/** A command (not a root script) at the lowest priority (lowest()), its output printed when it ends; resolves with its exit code. */
function spawnLogged(name, command) {
  const from = Date.now();
  return new Promise((resolve) => {
    const [file, args] = lowest(command);
    const child = spawn(file, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const done = (code) => {
      results.push({ script: name, code, seconds: seconds(from) });
      say(`${name} (lowest priority) ${code === 0 ? 'done' : `FAILED (exit ${code})`}`);
      process.stdout.write(output);
      resolve(code);
    };
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(1));
  });
}

const say = (line) => console.log(`== ${line} (at ${seconds(started)} s)`);

// The front ends' builds (webpack, what run-e2e.mjs would build first) beside the API tests at
// the lowest priority: they take only what the tests leave idle (their start-up, a database being copied,
// the last file), and are done, or nearly, when the journeys start. Not the API's and the
// studio's (esbuild, under a second each): studio-provider.test.ts builds and runs the studio's
// dist/main.js itself, and a second build must not rewrite it under the test.
say('test:api, and beside it at the lowest priority: the front ends the journeys need');
const building = spawnLogged('build', ['node', join(ROOT, 'shared', 'build', 'build-all.mjs'), '--missing', '--frontends']);
await run('test:api');
await building;

// The parts beside the journeys (typecheck and lint: they time nothing), one after the other at
// the lowest priority, each to its end.
const logs = mkdtempSync(join(tmpdir(), 'backlay-test-all-'));
async function besideTheJourneys() {
  for (const script of beside) {
    const log = join(logs, `${script.replace(/[^\w-]/g, '_')}.log`);
    const code = await run(script, { log, lowest: true });
    say(`${script} (beside the journeys, lowest priority) ${code === 0 ? 'passed' : `FAILED (exit ${code})`}; its output:`);
    process.stdout.write(readFileSync(log, 'utf8'));
    say(`end of ${script}'s output`);
  }
}
say(beside.length > 0 ? `test:e2e, and beside it: ${beside.map((script) => `${script} (lowest priority)`).join(', ')}` : 'test:e2e');
await Promise.all([run('test:e2e'), besideTheJourneys()]);
// The unit tests alone, at normal priority: many of them time their waits.
say('test:unit');
await run('test:unit');
rmSync(logs, { recursive: true, force: true });

for (const { script, code, seconds: s } of results) console.log(`${code === 0 ? 'passed' : 'FAILED'}  ${script}  ${s} s`);
const failed = results.filter((r) => r.code !== 0);
say(failed.length === 0 ? 'every test passed' : `failed: ${failed.map((r) => r.script).join(', ')}`);
process.exit(failed.length === 0 ? 0 : 1);
