#!/usr/bin/env node
/**
 * `pnpm --filter @backlay/e2e run e2e`: every journey, as CI runs it.
 *
 * 1. Builds what is missing, once (each stack then finds its builds and builds nothing).
 * 2. Two lanes at the same time, each against a stack of its own (`stack.mjs`, ports moved by
 *    `E2E_PORT_OFFSET`, ports.mjs): the desktop journeys; and the mobile journeys with the
 *    desktop ones, if any, that make both lanes end together (`E2E_LANE`, playwright.config.ts).
 *    Beside them from the start, the cluster project on its own stack (cluster-stack.mjs; under
 *    a minute of journeys, mostly waiting), then the replayed T20's journey on the phone against
 *    the same stack (about two minutes of waiting for the replay). Within a lane the journeys run one at
 *    a time: they share the stack's demo accounts, and a sign-in ends the account's other
 *    sessions. One stack leaves the cores idle about half the time (a journey mostly waits: a
 *    casino round, a ball in play, a bet delay), so two lanes take about 1.4× the longer one
 *    alone, a quarter less in all (ADR 0029).
 *
 * `E2E_LANES=1` runs one lane instead: both main projects in one Playwright run on one stack,
 * then the cluster project (the way to read one run's output in order).
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
    const child = spawn(PLAYWRIGHT, ['test', ...runArgs, ...args], { cwd: E2E, stdio: 'inherit', env: { ...process.env, ...REPLAY, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

await buildMissing();

const cluster = { args: ['--pass-with-no-tests'], env: { E2E_CLUSTER: '1' } };
// The replayed T20's journey on the cluster's lane (with DATABASE_URL, when the cluster's journeys
// run): two minutes of waiting for the replay's clock off the second lane (playwright.config.ts).
const REPLAY = { E2E_REPLAY_ON_CLUSTER: process.env.E2E_REPLAY_ON_CLUSTER ?? '1' };
// A file or filter given may match the journeys of one lane only.
const filtered = args.length > 0 ? ['--pass-with-no-tests'] : [];
const LANES = process.env.E2E_LANES ?? '2';
if (LANES !== '1' && LANES !== '2') throw new Error(`E2E_LANES is 1 or 2, not ${LANES}`);
const lanes =
  LANES === '2'
    ? [
        [{ args: ['--project=desktop', ...filtered], env: { E2E_PORT_OFFSET: '0', E2E_LANE: 'desktop' } }],
        // The mobile journeys and the desktop ones, if any, that even the lanes out (playwright.config.ts, DESKTOP_ON_SECOND_LANE).
        [{ args: ['--project=mobile', '--project=desktop', '--pass-with-no-tests', ...filtered], env: { E2E_PORT_OFFSET: '20', E2E_LANE: 'second' } }],
        // The cluster's journeys on a lane of their own from the start (its own stack and ports): they
        // take under a minute, and after the mobile lane they were the last minute of CI (ADR 0083).
        [cluster],
      ]
    : // One lane: both main projects in one Playwright run on one stack, then the cluster.
      [[{ args: [], env: {} }, cluster]];
/** The runs of a lane one after the other; resolves with their exit codes. */
async function runLane(runs) {
  const codes = [];
  for (const run of runs) codes.push(await playwright(run.args, run.env));
  return codes;
}
const codes = (await Promise.all(lanes.map(runLane))).flat();
process.exit(codes.every((code) => code === 0) ? 0 : 1);
