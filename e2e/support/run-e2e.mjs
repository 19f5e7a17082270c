#!/usr/bin/env node
/**
 * `pnpm --filter @backlay/e2e run e2e`: every journey, as CI runs it.
 *
 * 1. Builds what is missing, once (each stack then finds its builds and builds nothing).
 * 2. Two lanes at the same time, each a Playwright process against a stack of its own
 *    (`stack.mjs`: its own database, API, studio and servers, on ports moved by
 *    `E2E_PORT_OFFSET`, ports.mjs): the desktop journeys; and the mobile journeys, then the
 *    cluster project (alone against its own stack, playwright.config.ts). Within a lane the
 *    journeys stay one at a time: they share the stack's demo accounts, and a sign-in ends the
 *    account's other sessions. One stack leaves the two cores idle about half the time (a journey
 *    mostly waits: a casino round, a ball in play, a bet delay), so two lanes take about 1.4× the
 *    longer one alone. A third lane (the desktop journeys in two halves) filled the cores and a
 *    timing journey (bet-pace) failed. `E2E_SERIAL=1` runs everything in one lane.
 *
 * Arguments are passed to each Playwright run (a file or a `-g` filter). The exit code is 1 when
 * any run failed; every run is run to its end.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMissing } from '@backlay/build/build-all';

const E2E = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const PLAYWRIGHT = join(E2E, 'node_modules', '.bin', 'playwright');
const args = process.argv.slice(2);

/** One Playwright run to its end; resolves with its exit code. */
function playwright(runArgs, env) {
  return new Promise((resolve) => {
    const child = spawn(PLAYWRIGHT, ['test', ...runArgs, ...args], { cwd: E2E, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

await buildMissing();

const lanes = [
  [{ args: ['--project=desktop'], env: { E2E_PORT_OFFSET: '0' } }],
  [
    { args: ['--project=mobile'], env: { E2E_PORT_OFFSET: '20' } },
    { args: ['--pass-with-no-tests'], env: { E2E_CLUSTER: '1' } },
  ],
];
/** The runs of a lane one after the other; resolves with their exit codes. */
async function runLane(runs) {
  const codes = [];
  for (const run of runs) codes.push(await playwright(run.args, run.env));
  return codes;
}
const codes = (process.env.E2E_SERIAL === '1' ? [await runLane(lanes.flat())] : await Promise.all(lanes.map(runLane))).flat();
process.exit(codes.every((code) => code === 0) ? 0 : 1);
