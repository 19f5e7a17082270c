#!/usr/bin/env node
// `pnpm bench:login`: the JavaScript the sign-in pages cost, as Chromium receives it.
//
// Serves the built shell and remotes (built first if missing) on free loopback ports, exactly as
// `pnpm start` does (gzip, remotes.json, /api proxied), opens /login and /admin/login in Debian's
// Chromium and sums the transferred (gzip) body bytes of every JavaScript response until the
// network is idle. Prints each page's figure against the recorded one in
// login-bytes.baseline.json (the figure before the login pages were split off, and the last saved
// run); BENCH_SAVE=1 records this run as the last one. No API is needed: the sign-in pages make
// no call before the form is sent (any /api request is listed, and fails). Not part of `pnpm test`.
import { chromium } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FRONTENDS, ROOT } from '@backlay/build/apps';
import { buildMissing } from '@backlay/build/build-all';
import { serve } from '@backlay/build/serve';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const BASELINE = join(HERE, 'login-bytes.baseline.json');
const PAGES = ['/login', '/admin/login'];
const RUNS = Number(process.env.RUNS ?? 3);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

await buildMissing();
const tmp = mkdtempSync(join(tmpdir(), 'backlay-bench-login-'));
const servers = [];
const remotes = {};
for (const app of FRONTENDS.slice(1)) {
  const s = await serve({ root: join(ROOT, app.dir, 'dist'), port: 0 });
  servers.push(s);
  remotes[app.name] = `http://127.0.0.1:${s.port}/mf-manifest.json`;
}
const remotesFile = join(tmp, 'remotes.json');
writeFileSync(remotesFile, JSON.stringify(remotes));
// /api goes to a port nobody listens on: a sign-in page must not need the API to draw.
const shell = await serve({ root: join(ROOT, 'shell', 'dist'), port: 0, spa: true, proxy: 'http://127.0.0.1:9', remotesFile });
servers.push(shell);
const origin = `http://127.0.0.1:${shell.port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic'],
});

/** One cold load of a page: JS gzip bytes and requests, other requests listed. */
async function measure(path) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const responses = [];
  page.on('response', (r) => responses.push(r));
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  let js = 0;
  const files = [];
  const other = [];
  for (const r of responses) {
    const { responseBodySize } = await r.request().sizes();
    const type = r.headers()['content-type'] ?? '';
    const name = r.url().replace(origin, '');
    if (/javascript/.test(type)) {
      js += responseBodySize;
      files.push(`${name} ${kb(responseBodySize)}`);
    } else other.push(`${name} (${r.status()})`);
  }
  await context.close();
  return { js, count: files.length, files, other };
}

const baseline = JSON.parse(readFileSync(BASELINE, 'utf8'));
const result = {};
try {
  for (const path of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await measure(path));
    const bytes = runs.map((r) => r.js).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    const last = runs[runs.length - 1];
    result[path] = { gzipJsBytes: bytes, requests: last.count };
    console.log(`\n${path}: ${kb(bytes)} (${bytes} B) of gzip JavaScript in ${last.count} requests (median of ${RUNS} cold loads)`);
    for (const f of last.files) console.log(`  ${f}`);
    if (last.other.length) console.log(`  other: ${last.other.join(', ')}`);
    for (const [label, ref] of [['before', baseline.before?.[path]], ['last saved', baseline.last?.[path]]]) {
      if (!ref) continue;
      const delta = bytes - ref.gzipJsBytes;
      console.log(`  vs ${label} (${baseline[label === 'before' ? 'before' : 'last'].note}): ${kb(ref.gzipJsBytes)} → ${kb(bytes)} (${delta <= 0 ? '−' : '+'}${kb(Math.abs(delta))}, ${((delta / ref.gzipJsBytes) * 100).toFixed(1)}%)`);
    }
  }
  if (process.env.BENCH_SAVE === '1') {
    baseline.last = { note: `saved ${new Date().toISOString().slice(0, 16)}Z`, ...result };
    writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
    console.log(`\nrecorded as the last run in ${BASELINE}`);
  }
} finally {
  await browser.close();
  for (const s of servers) await s.close();
  rmSync(tmp, { recursive: true, force: true });
}
