#!/usr/bin/env node
/**
 * `pnpm start`: build what is missing, then run the whole product on this machine: the API
 * (embedded PostgreSQL and demo data unless DATABASE_URL is set), each remote from its own port
 * as its own deployment, and the shell on http://127.0.0.1:8080 with /api and /socket.io proxied
 * to the API so the product lives on one origin. Ctrl-C (or SIGTERM) stops everything it started.
 * The API's log lines are printed for a person (pino-pretty); LOG_FORMAT=json keeps them as the
 * JSON lines production ships to its collector. Backlay Studio, our game provider, runs beside them
 * on its own origin (port 8095) with its journal in data/studio; the CW-1 secret the API and the
 * studio share is generated once into data/studio-secret unless STUDIO_SECRET is set (ADR 0021).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pretty from 'pino-pretty';
import { API, FRONTENDS, ROOT, STUDIO, portOf } from './apps.mjs';
import { buildMissing } from './build-all.mjs';
import { providerFrameOrigins, shellCsp, studioPublicUrl } from './csp.mjs';
import { serve } from './serve.mjs';

const host = '127.0.0.1';
await buildMissing();

const apiPort = portOf(API);
const studioPort = portOf(STUDIO);
const shellOrigin = `http://${host}:${portOf(FRONTENDS[0])}`;
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

const readableLogs = process.env.LOG_FORMAT !== 'json';
const prettyLogs = () => pretty({ colorize: process.stdout.isTTY === true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true });
const api = spawn(process.execPath, [join(ROOT, 'api', 'dist', 'main.js')], {
  cwd: ROOT,
  stdio: readableLogs ? ['inherit', 'pipe', 'inherit'] : 'inherit',
  env: { ...process.env, ...studioEnv, API_PORT: String(apiPort), API_HOST: host, ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? shellOrigin },
});
if (readableLogs) api.stdout.pipe(prettyLogs());

const studio = spawn(process.execPath, [join(ROOT, STUDIO.dir, 'dist', 'main.js')], {
  cwd: ROOT,
  stdio: readableLogs ? ['inherit', 'pipe', 'inherit'] : 'inherit',
  env: {
    ...process.env,
    ...studioEnv,
    PORT_STUDIO: String(studioPort),
    STUDIO_PUBLIC_URL: studioPublic,
    STUDIO_OPERATOR_URL: `http://${host}:${apiPort}`,
    STUDIO_DATA_DIR: process.env.STUDIO_DATA_DIR ?? join(ROOT, 'data', 'studio'),
    STUDIO_FRAME_ANCESTORS: process.env.STUDIO_FRAME_ANCESTORS ?? shellOrigin,
  },
});
if (readableLogs) studio.stdout.pipe(prettyLogs());
studio.on('exit', (code) => {
  if (!stopping) {
    console.error(`the studio stopped (exit ${code}); stopping everything`);
    stop(1);
  }
});
let stopping = false;
api.on('exit', (code) => {
  if (!stopping) {
    console.error(`the API stopped (exit ${code}); stopping everything`);
    stop(1);
  }
});

async function waitForApi() {
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

await waitForApi();
// The shell may frame the game providers' pages (the international casino): the studio's origin.
const csp = shellCsp(providerFrameOrigins(studioPublic));
const shell = await serve({ root: join(ROOT, 'shell', 'dist'), port: portOf(FRONTENDS[0]), host, spa: true, proxy: `http://${host}:${apiPort}`, remotesFile, csp });
servers.push(shell);

console.log(`
Backlay is running: http://${host}:${shell.port}
  player login  http://${host}:${shell.port}/login        demo-user
  admin login   http://${host}:${shell.port}/admin/login  demo-admin, demo-sadmin, demo-smdl, demo-mdl, demo-dl
  password      Backlay#2026   (transaction password 123456)
  API docs      http://${host}:${shell.port}/api/docs
  game studio   ${studioUrl}/verify   (Backlay Studio, CW-1 provider)
Press Ctrl-C to stop.`);

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.all(servers.map((s) => s.close()));
  for (const child of [studio, api]) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
