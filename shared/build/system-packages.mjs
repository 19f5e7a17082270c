/**
 * The Debian packages the commands need beside Node: `npm test` needs Chromium's headless shell
 * (the journeys) and the full browser (the journeys of what only it does; chromium.mjs),
 * Redis (the cluster's API tests and journeys) and, with DATABASE_URL (the cluster journeys run),
 * nginx; `pnpm start:cluster` needs Redis (and nginx, which nginx.mjs brings). A missing one is
 * installed with apt-get as root (as CI runs), `apt-get update` first only when the install fails;
 * as any other user, the command stops at once with the exact command to run. Redis installed but
 * not answering on 127.0.0.1:6379 is started, daemonized, bound to 127.0.0.1, with nothing saved.
 *
 * Node built-ins only: with-workspace.mjs runs it before anything is installed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FULL_CHROMIUM, JOURNEY_CHROMIUM } from './chromium.mjs';

const REDIS_SERVER = '/usr/bin/redis-server';
export const NGINX = '/usr/sbin/nginx';
const REDIS_PORT = 6379;

/**
 * Installs Debian packages with apt-get (root only). Not root: throws with the command to run, so
 * the caller stops before it starts anything.
 */
export function aptInstall(packages, why) {
  const command = `apt-get install -y ${packages.join(' ')}`;
  if (process.getuid?.() !== 0) {
    throw new Error(`${why} needs ${packages.join(', ')} (Debian), and only root installs packages. Run:\n  sudo ${command}\nthen try again.`);
  }
  console.log(`${why} needs ${packages.join(', ')}: ${command}`);
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'] };
  try {
    execFileSync('apt-get', ['install', '-y', ...packages], quiet);
  } catch {
    execFileSync('apt-get', ['update'], quiet);
    execFileSync('apt-get', ['install', '-y', ...packages], quiet);
  }
}

/** Whether something accepts a TCP connection on 127.0.0.1:`port` within a second. */
function listening(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 1000 });
    const done = (up) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** What a root script needs, and the command a person typed: Redis only where no REDIS_URL/TEST_REDIS_URL points elsewhere. */
function needsOf(script) {
  const defaultRedis = process.env.REDIS_URL === undefined && process.env.TEST_REDIS_URL === undefined;
  if (script === 'test:all') {
    const browsers = [FULL_CHROMIUM, ...(process.env.CHROMIUM_HEADLESS_SHELL_PATH === undefined ? [JOURNEY_CHROMIUM] : [])];
    return { command: 'npm test', chromium: process.env.CHROMIUM_PATH === undefined ? browsers : [], redis: defaultRedis, nginx: process.env.DATABASE_URL !== undefined };
  }
  if (script === 'start:product:cluster') return { command: 'npm run start:cluster', chromium: [], redis: defaultRedis, nginx: false };
  return { command: script, chromium: [], redis: false, nginx: false };
}

/** Brings what `script` (a root script run by with-workspace.mjs) needs; throws when it cannot. */
export async function ensureSystemPackages(script) {
  const needs = needsOf(script);
  const redisDown = needs.redis && !(await listening(REDIS_PORT));
  const missing = [
    ...needs.chromium.filter((browser) => !existsSync(browser.path)).map((browser) => browser.debianPackage),
    ...(redisDown && !existsSync(REDIS_SERVER) ? ['redis-server'] : []),
    ...(needs.nginx && !existsSync(NGINX) ? ['nginx'] : []),
  ];
  if (missing.length > 0) aptInstall(missing, needs.command);
  // Debian's package starts its service where the machine has one; a container has none.
  if (redisDown && !(await listening(REDIS_PORT))) {
    // Its pid file in the temp dir (daemonized, Redis would otherwise write /var/run/redis.pid).
    const pidFile = join(tmpdir(), `backlay-redis-${REDIS_PORT}.pid`);
    const options = ['--bind', '127.0.0.1', '--port', String(REDIS_PORT), '--daemonize', 'yes', '--pidfile', pidFile, '--save', '', '--appendonly', 'no'];
    const started = spawnSync(REDIS_SERVER, options, { cwd: tmpdir(), stdio: 'inherit' });
    if (started.status !== 0) throw new Error(`${REDIS_SERVER} did not start (exit ${started.status})`);
    const deadline = Date.now() + 5000;
    while (!(await listening(REDIS_PORT))) {
      if (Date.now() > deadline) throw new Error(`Redis did not answer on 127.0.0.1:${REDIS_PORT} within 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pid = existsSync(pidFile) ? readFileSync(pidFile, 'utf8').trim() : '?';
    console.log(`Redis was not running: started ${REDIS_SERVER} on 127.0.0.1:${REDIS_PORT} (pid ${pid}, daemonized, nothing saved; it keeps running)`);
  }
}
