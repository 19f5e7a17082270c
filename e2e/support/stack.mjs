#!/usr/bin/env node
/**
 * The e2e stack: the whole product on its own ports (never the ones `pnpm start` uses), with a
 * fresh database, plus a control endpoint the journeys use to stop, start and redeploy a remote.
 *
 * Its ports, and E2E_PORT_OFFSET which moves them, are in ports.mjs.
 *
 * With DATABASE_URL set (CI) a fresh database is created on that server and dropped afterwards;
 * without it the API starts its embedded PostgreSQL in a temporary folder.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, FRONTENDS, ROOT, STUDIO } from '@backlay/build/apps';
import { buildMissing } from '@backlay/build/build-all';
import { providerFrameOrigins, shellCsp } from '@backlay/build/csp';
import { serve } from '@backlay/build/serve';
import { createDatabase } from './database.mjs';
import { E2E_HOST as HOST, E2E_PORTS, e2eOrigin } from './ports.mjs';
import { racingEnv } from './racing.mjs';
import { stackEnv } from './stack-env.mjs';
import { replayEnv } from './replay.mjs';

await buildMissing();

const tmp = mkdtempSync(join(tmpdir(), 'backlay-e2e-'));
// The embedded PostgreSQL runs as its own OS user when we are root; it must be able to enter.
chmodSync(tmp, 0o755);
const db = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL) : null;
// Backlay Studio (the game provider) and the API share a fresh CW-1 secret per run.
const studioUrl = e2eOrigin('studio');
const studioEnv = { STUDIO_URL: studioUrl, STUDIO_PARTNER_ID: 'backlay-studio', STUDIO_SECRET: randomBytes(32).toString('hex') };
const api = spawn(process.execPath, [join(ROOT, API.dir, 'dist', 'main.js')], {
  cwd: ROOT,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    ...(db ? { DATABASE_URL: db.url } : { DATA_DIR: tmp, EMBEDDED_PG_PORT: String(E2E_PORTS.embeddedPg) }),
    ...studioEnv,
    API_PORT: String(E2E_PORTS.api),
    API_HOST: HOST,
    DEMO: 'true',
    LOG_LEVEL: 'warn',
    ALLOWED_ORIGINS: e2eOrigin('shell'),
    // The simulator and, beside it, the real T20 replayed in 80 s cycles (replay.mjs, ADR 0042):
    // the demo imports it as it does every replayed match; real-match.spec bets on it.
    ...replayEnv,
    // The simulator's races every 90 s of each sport (racing.mjs, ADR 0044): always one before
    // the off and nearly always one in play; the demo imports those off within the hour.
    ...racingEnv,
    // The feed's tick, short casino rounds, cheap password hashing (stack-env.mjs).
    ...stackEnv,
  },
});

const studio = spawn(process.execPath, [join(ROOT, STUDIO.dir, 'dist', 'main.js')], {
  cwd: ROOT,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    ...studioEnv,
    PORT_STUDIO: String(E2E_PORTS.studio),
    STUDIO_PUBLIC_URL: studioUrl,
    STUDIO_OPERATOR_URL: e2eOrigin('api'),
    STUDIO_DATA_DIR: join(tmp, 'studio'),
    STUDIO_FRAME_ANCESTORS: e2eOrigin('shell'),
    LOG_LEVEL: 'warn',
  },
});

const remotes = {};
const servers = {};
for (const app of FRONTENDS.slice(1)) {
  servers[app.name] = { root: join(ROOT, app.dir, 'dist'), port: E2E_PORTS[app.name], server: null };
  remotes[app.name] = `${e2eOrigin(app.name)}/mf-manifest.json`;
}
const remotesFile = join(tmp, 'remotes.json');
writeFileSync(remotesFile, JSON.stringify(remotes));

async function startRemote(name) {
  const s = servers[name];
  if (!s.server) s.server = await serve({ root: s.root, port: s.port, host: HOST });
}
async function stopRemote(name) {
  const s = servers[name];
  if (s.server) await s.server.close();
  s.server = null;
}
for (const name of Object.keys(servers)) await startRemote(name);

for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`${e2eOrigin('api')}/api/health`)).ok) break;
  } catch { /* starting */ }
  if (i > 600 || api.exitCode !== null) throw new Error('the API did not start');
  await new Promise((r) => setTimeout(r, 200));
}
for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`${studioUrl}/health`)).ok) break;
  } catch { /* starting */ }
  if (i > 150 || studio.exitCode !== null) throw new Error('the studio did not start');
  await new Promise((r) => setTimeout(r, 200));
}
// The shell may frame the studio's pages (csp.mjs); the stack's fixed origin, whatever the environment says.
const csp = shellCsp(providerFrameOrigins(studioUrl, {}));
const shell = await serve({ root: join(ROOT, 'shell', 'dist'), port: E2E_PORTS.shell, host: HOST, spa: true, proxy: e2eOrigin('api'), remotesFile, csp });

// Control: POST /remotes/<name>/stop | /start | /deploy?dir=<absolute dist folder>
const control = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  const [, kind, name, action] = url.pathname.split('/');
  try {
    if (kind !== 'remotes' || !servers[name]) throw new Error(`unknown ${url.pathname}`);
    if (action === 'stop') await stopRemote(name);
    else if (action === 'start') await startRemote(name);
    else if (action === 'deploy') {
      servers[name].root = url.searchParams.get('dir');
      await stopRemote(name);
      await startRemote(name);
    } else throw new Error(`unknown action ${action}`);
    res.writeHead(204).end();
  } catch (error) {
    res.writeHead(400).end(String(error));
  }
});
await new Promise((r) => control.listen(E2E_PORTS.control, HOST, r));
console.log('e2e stack ready');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  control.close();
  await shell.close();
  for (const name of Object.keys(servers)) await stopRemote(name);
  for (const child of [studio, api]) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
  if (db) await db.drop().catch((e) => console.error('drop e2e database', e));
  rmSync(tmp, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
