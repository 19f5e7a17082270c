#!/usr/bin/env node
/**
 * Build every deployable unit (or, with --missing, only those without a current build; with
 * --frontends, the shell and the remotes only), two at a time to fit a 2-core machine. Each is an
 * independent build, as each is deployed alone.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { API, FRONTENDS, ROOT, STUDIO, needsBuild } from './apps.mjs';

function run(app) {
  return new Promise((ok, fail) => {
    const started = Date.now();
    const child = spawn('pnpm', ['--filter', `./${app.dir}`, 'run', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.on('exit', (code) => {
      if (code === 0) {
        console.log(`built ${app.dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        ok();
      } else {
        console.error(output);
        fail(new Error(`build of ${app.dir} failed (exit ${code})`));
      }
    });
  });
}

/** Build the given apps with at most `parallel` builds at once. */
export async function buildApps(apps, parallel = 2) {
  const queue = [...apps];
  const workers = Array.from({ length: Math.min(parallel, queue.length) }, async () => {
    while (queue.length) await run(queue.shift());
  });
  await Promise.all(workers);
}

/** Build what is missing or stale (of `among`, every unit by default); returns the apps built. */
export async function buildMissing(among = [API, STUDIO, ...FRONTENDS]) {
  const apps = among.filter(needsBuild);
  if (apps.length) {
    console.log(`building: ${apps.map((a) => a.dir).join(', ')}`);
    await buildApps(apps);
  }
  return apps;
}

if (process.argv[1] && process.argv[1] === join(ROOT, 'shared', 'build', 'build-all.mjs')) {
  const onlyMissing = process.argv.includes('--missing');
  // --frontends: the shell and the remotes only (test-all.mjs builds them beside the API tests,
  // one of which builds and runs the studio's dist/main.js itself).
  const apps = process.argv.includes('--frontends') ? FRONTENDS : [API, STUDIO, ...FRONTENDS];
  const task = onlyMissing ? buildMissing(apps) : buildApps(apps);
  task.catch((e) => { console.error(e.message); process.exit(1); });
}
