/** The studio as a service for the service tests: started on a data dir against the operator double, and the page's calls. */
import type { AddressInfo } from 'node:net';
import { cw1SignedHeaders, verifyCw1 } from '@backlay/shared/cw1';
import { buildStudioApp } from '../src/app';
import { loadConfig } from '../src/config';
import { operatorClient } from '../src/operator-client';
import { Store } from '../src/store';
import { Studio } from '../src/studio';
import type { OperatorDouble } from './operator-double';

export const SECRET = 'studio-test-secret-0123456789abcdef';
export const PARTNER = 'backlay-studio';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

export interface Running {
  url: string;
  studio: Studio;
  stop(): Promise<void>;
}

export async function startStudio(dataDir: string, operator: OperatorDouble, extra: Record<string, string> = {}): Promise<Running> {
  const config = loadConfig({
    STUDIO_SECRET: SECRET,
    STUDIO_OPERATOR_URL: operator.url,
    STUDIO_DATA_DIR: dataDir,
    PORT_STUDIO: '0',
    STUDIO_FRAME_ANCESTORS: 'http://127.0.0.1:8080',
    STUDIO_RETRY_BASE_MS: '50',
    STUDIO_RETRY_MAX_MS: '200',
    // A debit's answer is waited for as long as any other call's: beside CI's journeys an answer
    // took over 400 ms, the debit was given up (and rolled back) and a test's balance was off by
    // its stake. The tests that drop debits shorten it (provider.test.ts).
    STUDIO_DEBIT_TIMEOUT_MS: '5000',
    STUDIO_CALL_TIMEOUT_MS: '5000',
    ...extra,
  });
  const store = new Store(dataDir);
  const studio = new Studio(config, store, operatorClient(config), quiet);
  const app = buildStudioApp(studio);
  studio.start();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  config.publicUrl = url;
  return {
    url,
    studio,
    async stop() {
      await studio.stop();
      await app.close();
      store.close();
    },
  };
}

export async function signedFetch(url: string, method: 'GET' | 'POST', body?: object) {
  const raw = body ? JSON.stringify(body) : '';
  const res = await fetch(url, { method, headers: { ...(await cw1SignedHeaders(PARTNER, SECRET, raw)), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? raw : undefined });
  const text = await res.text();
  const check = await verifyCw1(res.headers, text, [SECRET]);
  return { status: res.status, body: JSON.parse(text), signed: check.ok };
}

export const sessionBody = (gameCode: string) => ({
  operatorId: 'backlay',
  playerId: 'player-1',
  sessionToken: `token-${Math.random()}`,
  currency: 'INR',
  language: 'en',
  country: 'IN',
  ip: '127.0.0.1',
  device: 'desktop',
  gameCode,
  mode: 'real',
  lobbyUrl: 'http://127.0.0.1:8080/casino-int/crash',
});

/** Launches a game and loads its page: the play token the page got. */
export async function openGame(running: Running, gameCode: string): Promise<string> {
  const launch = await signedFetch(`${running.url}/v1/sessions`, 'POST', sessionBody(gameCode));
  expect(launch.body.status).toBe('OK');
  const page = await fetch(launch.body.launchUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const boot = /data-boot="([^"]+)"/.exec(html)![1].replace(/&#34;/g, '"').replace(/&#39;/g, "'").replace(/&#38;/g, '&');
  return JSON.parse(boot).playToken;
}

export function play(running: Running, token: string) {
  return async (method: 'GET' | 'POST', path: string, body?: object) => {
    const res = await fetch(`${running.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  };
}

export async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

