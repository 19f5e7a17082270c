#!/usr/bin/env node
// `pnpm bench:pages`: the JavaScript the first pages cost, as Chromium receives it.
//
// Starts the e2e stack (`support/stack.mjs`: the built shell and remotes served as `pnpm start`
// serves them, gzip and all, the API on a fresh database with the demo accounts) and, in Debian's
// Chromium, cold-loads:
//   /login and /admin/login            the sign-in pages, until the form is drawn;
//   player first page                  /login, sign in as demo-user, until the landing page has
//                                      drawn and the network is idle: everything a player's first
//                                      visit downloads (gate: ≤ 150 KB, issue 37; issue 21's
//                                      200 KB printed beside it);
//   casino table page, roulette table  the same, then a live table (Teen Patti; Roulette with its
//                                      own layout) until it is drawn (issue 32: not worse).
// Each figure is the sum of the transferred (gzip) body bytes of every JavaScript response, the
// median of RUNS cold loads; each is printed against the recorded runs in
// page-bytes.baseline.json (BENCH_SAVE=1 records this run as the last). Needs the e2e ports
// (run it under `flock /tmp/backlay-e2e.lock` when e2e may run beside it). Not part of `pnpm test`.
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FULL_CHROMIUM } from '@backlay/build/chromium';
import { e2eOrigin } from '../support/ports.mjs';
import { startStack, stopStack } from './start-stack.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const BASELINE = `${HERE}page-bytes.baseline.json`;
const ORIGIN = e2eOrigin('shell');
const RUNS = Number(process.env.RUNS ?? 3);
/** Issue 37's gate for a player's first page; issue 21's earlier bar is printed beside it. */
const FIRST_PAGE_BAR = 150 * 1024;
const ISSUE_21_BAR = 200 * 1024;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const PAGES = {
  '/login': async (page) => {
    await page.goto(`${ORIGIN}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  },
  '/admin/login': async (page) => {
    await page.goto(`${ORIGIN}/admin/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  },
  'player first page': async (page) => {
    await page.goto(`${ORIGIN}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Username').fill('demo-user');
    await page.getByLabel('Password').fill('Backlay#2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('header-username').waitFor();
  },
  // A live table's first load after signing in (issue 32: the felt, the strip and its card must
  // not cost more than the table did): the player's first page, then the table's own chunks.
  'casino table page': async (page) => {
    await PAGES['player first page'](page);
    await page.goto(`${ORIGIN}/casino/teen20/9020`, { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: 'Cards' }).waitFor();
  },
  'roulette table page': async (page) => {
    await PAGES['player first page'](page);
    await page.goto(`${ORIGIN}/casino/roulette/9031`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Roulette', level: 1 }).waitFor();
  },
};

const stack = await startStack();
const browser = await chromium.launch(FULL_CHROMIUM.launchOptions).catch(async (error) => {
  await stopStack(stack);
  throw error;
});

/** One cold load: JS gzip bytes and files, other requests listed. */
async function measure(name) {
  // Without the service worker (ADR 0076): the page would see its answers, which carry no network size.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const responses = [];
  page.on('response', (r) => responses.push(r));
  await PAGES[name](page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  let js = 0;
  const files = [];
  const other = [];
  for (const r of responses) {
    const type = r.headers()['content-type'] ?? '';
    const url = r.url().replace(ORIGIN, '');
    if (!/javascript/.test(type)) {
      if (!url.startsWith('/api/')) other.push(`${url} (${r.status()})`);
      continue;
    }
    const { responseBodySize } = await r.request().sizes();
    js += responseBodySize;
    files.push(`${url} ${kb(responseBodySize)}`);
  }
  await context.close();
  return { js, count: files.length, files, other };
}

const baseline = JSON.parse(readFileSync(BASELINE, 'utf8'));
const result = {};
let failed = false;
try {
  for (const name of Object.keys(PAGES)) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await measure(name));
    const bytes = runs.map((r) => r.js).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    const last = runs[runs.length - 1];
    result[name] = { gzipJsBytes: bytes, requests: last.count };
    console.log(`\n${name}: ${kb(bytes)} (${bytes} B) of gzip JavaScript in ${last.count} requests (median of ${RUNS} cold loads)`);
    for (const f of last.files) console.log(`  ${f}`);
    if (last.other.length) console.log(`  other: ${last.other.join(', ')}`);
    for (const label of ['before', 'last']) {
      const ref = baseline[label]?.[name];
      if (!ref) continue;
      const delta = bytes - ref.gzipJsBytes;
      console.log(`  vs ${label} (${baseline[label].note}): ${kb(ref.gzipJsBytes)} → ${kb(bytes)} (${delta <= 0 ? '−' : '+'}${kb(Math.abs(delta))}, ${((delta / ref.gzipJsBytes) * 100).toFixed(1)}%)`);
    }
    if (name === 'player first page') {
      const pass = bytes <= FIRST_PAGE_BAR;
      failed ||= !pass;
      console.log(`  bar ≤ ${kb(FIRST_PAGE_BAR)} (issue 37): ${pass ? 'PASS' : 'FAIL'}; issue 21's ≤ ${kb(ISSUE_21_BAR)}: ${bytes <= ISSUE_21_BAR ? 'PASS' : 'FAIL'}`);
    }
  }
  if (process.env.BENCH_SAVE === '1') {
    baseline.last = { note: `saved ${new Date().toISOString().slice(0, 16)}Z`, ...result };
    writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
    console.log(`\nrecorded as the last run in ${BASELINE}`);
  }
} finally {
  await browser.close();
  await stopStack(stack);
}
process.exitCode = failed ? 1 : 0;
