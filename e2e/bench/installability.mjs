#!/usr/bin/env node
// `pnpm bench:install`: Lighthouse's installability audits of the product (issue 36, ADR 0076).
//
// Starts the e2e stack (`support/stack.mjs`) and runs Lighthouse 11's PWA category — the last
// Lighthouse with it; 12 dropped installable-manifest and the rest — on /login in Debian's
// Chromium: installable-manifest (Chromium's own installability errors: the site's manifest, its
// icons, the service worker), maskable-icon, splash-screen, themed-omnibox, viewport,
// content-width. Prints each audit and exits 1 when one fails. Lighthouse is not a dependency of
// the workspace (it is large and this runs by hand): npx fetches the pinned version once. Needs
// the e2e ports (E2E_PORT_OFFSET moves them). The e2e journey installable.spec.ts makes the same
// installability check (Page.getInstallabilityErrors) on every run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FULL_CHROMIUM } from '@backlay/build/chromium';
import { e2eOrigin } from '../support/ports.mjs';
import { startStack, stopStack } from './start-stack.mjs';

const LIGHTHOUSE = 'lighthouse@11.7.1';
const AUDITS = ['installable-manifest', 'maskable-icon', 'splash-screen', 'themed-omnibox', 'viewport', 'content-width'];

const stack = await startStack();
const out = mkdtempSync(join(tmpdir(), 'backlay-lighthouse-'));
let failed = 0;
try {
  const run = spawnSync(
    'npx',
    [
      '--yes', LIGHTHOUSE, `${e2eOrigin('shell')}/login`, '--only-categories=pwa', '--output=json', `--output-path=${join(out, 'report.json')}`, '--quiet',
      '--chrome-flags=--no-sandbox --headless=new --disable-gpu --disable-background-networking --disable-component-update --no-first-run',
    ],
    { stdio: 'inherit', env: { ...process.env, CHROME_PATH: FULL_CHROMIUM.path } },
  );
  if (run.status !== 0) throw new Error(`lighthouse exited ${run.status}`);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  console.log(`Lighthouse ${report.lighthouseVersion}, ${report.finalDisplayedUrl}`);
  for (const id of AUDITS) {
    const audit = report.audits[id];
    const ok = audit?.score === 1;
    if (!ok) failed += 1;
    console.log(`${ok ? 'pass' : 'FAIL'}  ${id}${ok ? '' : `: ${audit?.explanation ?? JSON.stringify(audit?.details?.items ?? 'missing')}`}`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
  await stopStack(stack);
}
process.exit(failed > 0 ? 1 : 0);
