/**
 * The deployable units of the product, their ports and how to tell whether a build is missing
 * or stale. Ports can be moved with environment variables so a second stack (e2e) never collides
 * with a running one.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Front-end apps: folder, federation name, default port, the file a finished build leaves. */
export const FRONTENDS = [
  { dir: 'shell', name: 'shell', port: 8080, marker: 'index.html' },
  { dir: 'remote-sports', name: 'sports', port: 8081, marker: 'mf-manifest.json' },
  { dir: 'remote-casino', name: 'casino', port: 8082, marker: 'mf-manifest.json' },
  { dir: 'remote-payments', name: 'payments', port: 8083, marker: 'mf-manifest.json' },
  { dir: 'remote-admin', name: 'admin', port: 8084, marker: 'mf-manifest.json' },
];

/** The API: folder, default port, build marker. */
export const API = { dir: 'api', name: 'api', port: 8090, marker: 'main.js' };

/** Backlay Studio, our own game provider: a separate Node service on its own origin (ADR 0021). */
export const STUDIO = { dir: 'studio', name: 'studio', port: 8095, marker: 'main.js' };

/** Port of an app, overridable as PORT_<NAME> (PORT_SHELL, PORT_SPORTS, PORT_API, …). */
export function portOf(app, offset = 0) {
  const env = process.env[`PORT_${app.name.toUpperCase()}`];
  return env ? Number(env) : app.port + offset;
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('dist-')) continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** True when the app has no build, or its sources, static files, build config or shared's sources are newer than the build. */
export function needsBuild(app) {
  const marker = join(ROOT, app.dir, 'dist', app.marker);
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  const sources = [join(ROOT, app.dir, 'src'), join(ROOT, app.dir, 'public'), join(ROOT, 'shared', 'src')];
  // The studio's page scripts are read from studio/public at run time, not built: only its src counts.
  if (app.dir === 'studio') sources.splice(1, 1);
  if (app.dir === 'api') sources.push(join(ROOT, 'api', 'migrations'), join(ROOT, 'api', 'sql'));
  const configs = [join(ROOT, app.dir, 'webpack.config.cjs'), join(ROOT, 'shared', 'build', 'webpack.config.factory.cjs')];
  return sources.some((dir) => existsSync(dir) && newestMtime(dir) > built) || configs.some((f) => existsSync(f) && statSync(f).mtimeMs > built);
}
