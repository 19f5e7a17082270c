#!/usr/bin/env node
/**
 * `pnpm start`: build what is missing, then run the whole product on this machine: the API
 * (embedded PostgreSQL and demo data unless DATABASE_URL is set), each remote from its own port
 * as its own deployment, and the shell on http://127.0.0.1:8080 with /api and /socket.io proxied
 * to the API so the product lives on one origin. Ctrl-C (or SIGTERM) stops everything it started.
 * The feed is the simulator and the replay of the recorded real T20 and races (`FEED_PROVIDER=simulator,replay`
 * unless set; ADR 0044: races within the next hour from both). The API's log lines are printed for a person (pino-pretty); NODE_ENV=production or LOG_FORMAT=json keeps them as the
 * JSON lines production ships to its collector. Backlay Studio, our game provider, runs beside them
 * on its own origin (port 8095) with its journal in data/studio; the CW-1 secret the API and the
 * studio share is generated once into data/studio-secret unless STUDIO_SECRET is set (ADR 0021).
 *
 * `--cluster` (`pnpm start:cluster`, ADR 0022): two API instances (ports 8091 and 8092) on the
 * PostgreSQL of DATABASE_URL (required: two instances cannot share the embedded one) and the
 * Redis of REDIS_URL (default redis://127.0.0.1:6379/0), behind nginx on :8080, which passes
 * /api and /socket.io round-robin to them and the rest to the shell (served on :8089). An API
 * instance that stops is reported and the other goes on serving; the first is started (migrated,
 * seeded) before the second. The studio calls the operator through nginx.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pretty from 'pino-pretty';
import { API, FRONTENDS, ROOT, STUDIO, portOf } from './apps.mjs';
import { buildMissing } from './build-all.mjs';
import { providerFrameOrigins, shellCsp, studioPublicUrl } from './csp.mjs';
import { startNginx } from './nginx.mjs';
import { serve } from './serve.mjs';

const host = '127.0.0.1';
const cluster = process.argv.includes('--cluster');
if (cluster && !process.env.DATABASE_URL) {
  console.error('pnpm start:cluster needs DATABASE_URL (an existing PostgreSQL database both API instances share), e.g.\n  createdb -h 127.0.0.1 -U postgres backlay_cluster\n  DATABASE_URL=postgresql://postgres@127.0.0.1:5432/backlay_cluster pnpm start:cluster');
  process.exit(2);
}
await buildMissing();

const publicPort = portOf(FRONTENDS[0]);
const apiPorts = cluster ? [portOf(API) + 1, portOf(API) + 2] : [portOf(API)];
/** Lines for a person in development; the JSON lines production ships with NODE_ENV=production or LOG_FORMAT=json. */
const readableLogs = process.env.LOG_FORMAT === 'pretty' || (process.env.LOG_FORMAT !== 'json' && process.env.NODE_ENV !== 'production');
const clusterEnv = cluster ? { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0' } : {};
const shellOrigin = `http://${host}:${publicPort}`;
/** The demo's second white-label site (ADR 0074): the same shell on the machine's other local name. */
const secondSiteOrigin = `http://localhost:${publicPort}`;
const studioPort = portOf(STUDIO);
const studioUrl = `http://${host}:${studioPort}`;
/** The studio's origin as the browser sees it: its launch URLs and the shell's frame-src (csp.mjs). */
const studioPublic = studioPublicUrl(studioPort);

/** The CW-1 secret shared by the API and the studio: STUDIO_SECRET, or one generated once for this machine. */
function studioSecret() {
  if (process.env.STUDIO_SECRET) return process.env.STUDIO_SECRET;
  mkdirSync(join(ROOT, 'data'), { recursive: true });
  const file = join(ROOT, 'data', 'studio-secret');
  if (!existsSync(file)) writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
const studioEnv = { STUDIO_URL: studioUrl, STUDIO_PARTNER_ID: process.env.STUDIO_PARTNER_ID ?? 'backlay-studio', STUDIO_SECRET: studioSecret() };
// The demo's feed: simulated matches and the recorded real T20 replayed live, looping (ADR 0037).
// Production names its own (recorded Betfair data is for demos only); FEED_PROVIDER overrides.
const feedEnv = process.env.FEED_PROVIDER === undefined && process.env.NODE_ENV !== 'production' ? { FEED_PROVIDER: 'simulator,replay' } : {};
const prettyLogs = (name) =>
  pretty({ colorize: process.stdout.isTTY === true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,method,url,statusCode,responseTimeMs', singleLine: true, ...(name ? { messageFormat: `[${name}] {msg}` } : {}) });
let stopping = false;

/**
 * Starts the API instance on `apiPort`; alone, its exit stops everything. In a cluster an instance
 * that stops gracefully (SIGTERM: the step of a rolling deploy) is started again, so
 * `kill <pid of api-1>`, then of api-2, restarts both while the other serves (ADR 0035); one
 * killed otherwise (a crash, kill -9) stays down and the other goes on serving.
 */
function startApi(apiPort, name) {
  const child = spawn(process.execPath, [join(ROOT, 'api', 'dist', 'main.js')], {
    cwd: ROOT,
    stdio: readableLogs ? ['inherit', 'pipe', 'inherit'] : 'inherit',
    env: { ...process.env, ...clusterEnv, ...studioEnv, ...feedEnv, API_PORT: String(apiPort), API_HOST: host, ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? `${shellOrigin},${secondSiteOrigin}` },
  });
  if (readableLogs) child.stdout.pipe(prettyLogs(cluster ? name : null));
  child.on('exit', (code, signal) => {
    if (stopping) return;
    const graceful = code === 0 || signal === 'SIGTERM';
    if (cluster && graceful) {
      console.error(`API ${name} (pid ${child.pid}) stopped gracefully; starting it again (a rolling restart)`);
      const i = apiPorts.indexOf(apiPort);
      apis[i] = startApi(apiPort, name);
      waitForApi(apiPort).then(
        () => {
          writeClusterFile();
          console.log(`API ${name} is back (pid ${apis[i].pid})`);
        },
        (error) => console.error(`API ${name} did not come back: ${error.message}`),
      );
    } else if (!cluster || apis.every((a) => a.exitCode !== null || a.signalCode !== null)) {
      console.error(`the API stopped (exit ${code ?? signal}); stopping everything`);
      stop(1);
    } else {
      console.error(`API ${name} (pid ${child.pid}) stopped (${code ?? signal}); the other instance goes on serving`);
    }
  });
  return child;
}

const studio = spawn(process.execPath, [join(ROOT, STUDIO.dir, 'dist', 'main.js')], {
  cwd: ROOT,
  stdio: readableLogs ? ['inherit', 'pipe', 'inherit'] : 'inherit',
  env: {
    ...process.env,
    ...studioEnv,
    PORT_STUDIO: String(studioPort),
    STUDIO_PUBLIC_URL: studioPublic,
    // Alone, straight to the API; in a cluster, through nginx like any provider would.
    STUDIO_OPERATOR_URL: cluster ? shellOrigin : `http://${host}:${apiPorts[0]}`,
    STUDIO_DATA_DIR: process.env.STUDIO_DATA_DIR ?? join(ROOT, 'data', 'studio'),
    STUDIO_FRAME_ANCESTORS: process.env.STUDIO_FRAME_ANCESTORS ?? shellOrigin,
  },
});
if (readableLogs) studio.stdout.pipe(prettyLogs(null));
studio.on('exit', (code) => {
  if (!stopping) {
    console.error(`the studio stopped (exit ${code}); stopping everything`);
    stop(1);
  }
});

async function waitForApi(apiPort) {
  for (let i = 0; i < 600; i += 1) {
    try {
      const res = await fetch(`http://${host}:${apiPort}/api/health`);
      if (res.ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the API did not become healthy in 120 s');
}

const servers = [];
const remotes = {};
for (const app of FRONTENDS.slice(1)) {
  const s = await serve({ root: join(ROOT, app.dir, 'dist'), port: portOf(app), host });
  servers.push(s);
  remotes[app.name] = `http://${host}:${s.port}/mf-manifest.json`;
}
// The remotes config of this environment, served by the shell instead of its built default.
mkdirSync(join(ROOT, 'data'), { recursive: true });
const remotesFile = join(ROOT, 'data', 'remotes.json');
writeFileSync(remotesFile, `${JSON.stringify(remotes, null, 2)}\n`);

const apis = [];
let nginxPid = null;
/** data/cluster.json: the instances' pids (a rolling restart changes them) and nginx's. */
function writeClusterFile() {
  writeFileSync(join(ROOT, 'data', 'cluster.json'), `${JSON.stringify({ apis: apis.map((a, i) => ({ pid: a.pid, port: apiPorts[i] })), nginx: nginxPid }, null, 2)}\n`);
}
for (const [i, apiPort] of apiPorts.entries()) {
  // One after the other: the first migrates and seeds, the next finds it done.
  apis.push(startApi(apiPort, `api-${i + 1}`));
  await waitForApi(apiPort);
}
// The shell may frame the game providers' pages (the international casino): the studio's origin.
const csp = shellCsp(providerFrameOrigins(studioPublic));
let shell;
if (cluster) {
  const shellPort = portOf(API) - 1;
  await serve({ root: join(ROOT, 'shell', 'dist'), port: shellPort, host, spa: true, remotesFile, csp }).then((s) => servers.push(s));
  const nginx = await startNginx({ port: publicPort, apiPorts, shellPort });
  servers.push({ close: () => nginx.stop() });
  shell = { port: publicPort };
  nginxPid = nginx.process.pid;
  writeClusterFile();
  console.log(`cluster: nginx on :${publicPort} → API instances ${apiPorts.map((p, i) => `:${p} (pid ${apis[i].pid})`).join(', ')}; Redis ${clusterEnv.REDIS_URL}`);
} else {
  shell = await serve({ root: join(ROOT, 'shell', 'dist'), port: publicPort, host, spa: true, proxy: `http://${host}:${apiPorts[0]}`, remotesFile, csp });
  servers.push(shell);
}

console.log(`
Backlay is running: http://${host}:${shell.port}
  player login  http://${host}:${shell.port}/login        demo-user
  admin login   http://${host}:${shell.port}/admin/login  demo-admin, demo-sadmin, demo-smdl, demo-mdl, demo-dl
  password      Backlay#2026   (transaction password 123456)
  second site   http://localhost:${shell.port}   Sixer Exchange: its own brand and accounts, the same usernames
  API docs      http://${host}:${shell.port}/api/docs
  game studio   ${studioUrl}/verify   (Backlay Studio, CW-1 provider)
Press Ctrl-C to stop.`);

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.all(servers.map((s) => s.close()));
  await Promise.all(
    [studio, ...apis]
      .filter((child) => child.exitCode === null && child.signalCode === null)
      .map((child) => {
        child.kill('SIGTERM');
        return new Promise((r) => child.once('exit', r));
      }),
  );
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
