#!/usr/bin/env node
/**
 * The e2e cluster stack (project `cluster`, ADR 0022; and the replayed T20's journey, ADR 0083):
 * the product as `pnpm start:cluster` runs it, on its own ports — two API instances on one fresh database and one Redis (a key prefix of
 * this run), behind Debian's nginx — plus a control endpoint that kills and restarts an instance.
 *
 *   nginx 9280 (the public origin) · shell 9289 · remotes 9281–9284 · API 9291, 9292 · control 9298
 *
 * Needs DATABASE_URL (two instances cannot share an embedded PostgreSQL) and Redis at REDIS_URL
 * (default redis://127.0.0.1:6379/0).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, FRONTENDS, ROOT } from '@backlay/build/apps';
import { buildMissing } from '@backlay/build/build-all';
import { startNginx } from '@backlay/build/nginx';
import { serve } from '@backlay/build/serve';
import { createDatabase } from './database.mjs';
import { replayEnv } from './replay.mjs';
import { stackEnv } from './stack-env.mjs';

const HOST = '127.0.0.1';
export const CLUSTER_PORTS = { public: 9280, shell: 9289, sports: 9281, casino: 9282, payments: 9283, admin: 9284, apis: [9291, 9292], control: 9298 };

if (!process.env.DATABASE_URL) throw new Error('the cluster stack needs DATABASE_URL');
await buildMissing();

const tmp = mkdtempSync(join(tmpdir(), 'backlay-e2e-cluster-'));
const db = await createDatabase(process.env.DATABASE_URL, 'backlay_e2e_cluster');
const env = {
  ...process.env,
  DATABASE_URL: db.url,
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0',
  REDIS_KEY_PREFIX: `backlay-e2e-${process.pid}-${Date.now()}:`,
  API_HOST: HOST,
  DEMO: 'true',
  LOG_LEVEL: 'warn',
  ALLOWED_ORIGINS: `http://${HOST}:${CLUSTER_PORTS.public}`,
  // As the single-instance e2e stack (stack.mjs): a fast feed, short casino rounds, cheap password hashing.
  ...stackEnv,
  // The real T20 replayed beside the simulator, as on the single-instance stack: with
  // E2E_REPLAY_ON_CLUSTER, real-match.spec runs on this lane (playwright.config.ts, ADR 0083).
  ...replayEnv,
};

const apis = CLUSTER_PORTS.apis.map(() => null);

async function waitHealthy(port) {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`http://${HOST}:${port}/api/health`)).ok) return;
    } catch { /* starting */ }
    if (i > 600) throw new Error(`the API on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts instance `i` (0 or 1) and waits until it answers. */
async function startApi(i) {
  if (apis[i] !== null && apis[i].exitCode === null && apis[i].signalCode === null) return;
  apis[i] = spawn(process.execPath, [join(ROOT, API.dir, 'dist', 'main.js')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...env, API_PORT: String(CLUSTER_PORTS.apis[i]) } });
  await waitHealthy(CLUSTER_PORTS.apis[i]);
}

/** Kills instance `i` as a crash would (SIGKILL: no goodbye to sockets, locks or Redis). */
async function killApi(i) {
  const child = apis[i];
  if (child === null || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
}

// One after the other: the first migrates and seeds the demo data.
for (const i of apis.keys()) await startApi(i);

const remotes = {};
const servers = [];
for (const app of FRONTENDS.slice(1)) {
  servers.push(await serve({ root: join(ROOT, app.dir, 'dist'), port: CLUSTER_PORTS[app.name], host: HOST }));
  remotes[app.name] = `http://${HOST}:${CLUSTER_PORTS[app.name]}/mf-manifest.json`;
}
const remotesFile = join(tmp, 'remotes.json');
writeFileSync(remotesFile, JSON.stringify(remotes));
servers.push(await serve({ root: join(ROOT, 'shell', 'dist'), port: CLUSTER_PORTS.shell, host: HOST, spa: true, remotesFile }));
const nginx = await startNginx({ port: CLUSTER_PORTS.public, apiPorts: CLUSTER_PORTS.apis, shellPort: CLUSTER_PORTS.shell });

// Control: POST /apis/<1|2>/kill | /start
const control = createServer(async (req, res) => {
  const [, kind, n, action] = new URL(req.url, 'http://x').pathname.split('/');
  const i = Number(n) - 1;
  try {
    if (kind !== 'apis' || !(i in apis)) throw new Error(`unknown ${req.url}`);
    if (action === 'kill') await killApi(i);
    else if (action === 'start') await startApi(i);
    else throw new Error(`unknown action ${action}`);
    res.writeHead(204, { connection: 'close' }).end();
  } catch (error) {
    res.writeHead(400, { connection: 'close' }).end(String(error));
  }
});
// Every answer closes its connection: a journey's next call (seconds later, after a kill) never
// reuses a kept-alive socket the server may be closing (one run's start call got ECONNRESET).
control.keepAliveTimeout = 0;
await new Promise((r) => control.listen(CLUSTER_PORTS.control, HOST, r));
console.log('e2e cluster stack ready');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  control.close();
  await nginx.stop();
  await Promise.all(servers.map((s) => s.close()));
  await Promise.all(
    apis
      .filter((child) => child !== null && child.exitCode === null && child.signalCode === null)
      .map((child) => {
        child.kill('SIGTERM');
        return new Promise((r) => child.once('exit', r));
      }),
  );
  await db.drop().catch((e) => console.error('drop e2e cluster database', e));
  rmSync(tmp, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
