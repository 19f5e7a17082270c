#!/usr/bin/env node
/**
 * The README's two commands on a machine with only Node 20: `npm start` and `npm test` (and
 * `pnpm start`, `pnpm test`) run this first, with the root script to run after it:
 *
 * 1. pnpm: the one on PATH, else the version of `packageManager` installed once by npm into
 *    `.tools/` (corepack cannot fetch it here; a global install may need root);
 * 2. the workspace: `pnpm install --frozen-lockfile` when node_modules is missing or older than
 *    the lockfile (a pull that changed it);
 * 3. `pnpm run <script>` in its own process group, with that pnpm on PATH for the scripts it runs
 *    in turn. Ctrl-C and SIGTERM are passed to the group (the script stops what it started); this
 *    exits with the script's code.
 *
 * Node built-ins only: it runs before anything is installed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const [script, ...args] = process.argv.slice(2);
if (script === undefined) {
  console.error('usage: node shared/build/with-workspace.mjs <root script> [args…]');
  process.exit(2);
}

/** Runs a command to completion (inheriting the terminal); exits with its code when it fails. */
function must(command, commandArgs, env) {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`${command} ${commandArgs.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`);
    process.exit(result.status ?? 1);
  }
}

const env = { ...process.env };
const hasPnpm = spawnSync('pnpm', ['--version'], { stdio: 'ignore', env }).status === 0;
if (!hasPnpm) {
  const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).packageManager.replace(/^pnpm@/, '');
  const tools = join(ROOT, '.tools');
  const bin = join(tools, 'node_modules', '.bin');
  if (!existsSync(join(bin, 'pnpm'))) {
    console.log(`pnpm is not installed: installing pnpm ${version} into .tools/ with npm (once)`);
    must('npm', ['install', '--prefix', tools, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `pnpm@${version}`], env);
  }
  env.PATH = `${bin}${delimiter}${env.PATH ?? ''}`;
}

const installed = join(ROOT, 'node_modules', '.modules.yaml');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(join(ROOT, 'pnpm-lock.yaml')).mtimeMs) {
  console.log('installing the workspace: pnpm install --frozen-lockfile');
  must('pnpm', ['install', '--frozen-lockfile'], env);
}

// The script runs in its own process group, so a signal reaches pnpm and what it started alike.
const child = spawn('pnpm', ['run', script, ...args], { cwd: ROOT, stdio: 'inherit', env, detached: true });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));
