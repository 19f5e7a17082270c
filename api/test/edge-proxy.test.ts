/**
 * The API behind the shell's proxy (shared/build/serve.mjs, as `pnpm start` and the e2e stack run
 * it): the proxy passes the API's own refusals through — a 100 KB query string gets a 431, a 5 MB
 * JSON body the API's 413, a damaged screenshot the API's 422 — in the API's envelope
 * `{ data: { code }, message }`, with nothing from the libraries underneath (Fastify, libvips).
 */
import { ERROR_CODES, MESSAGES } from '@backlay/shared/contracts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestContext } from './helper';
import { buildChain, jpegWithGps, multipart, newUtr, type Chain } from './payments-helper';

const SERVE = path.resolve(__dirname, '..', '..', 'shared', 'build', 'serve.mjs');
const LIBRARY_TEXT = /vips|sharp|jpeg:|premature|FST_|fastify|Exceeded maximum|statusCode|stack/i;

/** Start serve.mjs as `pnpm start` does, in front of `api`; resolves with its origin. */
function startProxy(api: string, root: string, extra: string[] = []): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, [SERVE, '--root', root, '--port', '0', '--spa', '--proxy', api, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (found?.[1] !== undefined) ok({ child, origin: found[1] });
    });
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`the proxy exited (${String(code)}): ${err}`)));
  });
}

async function stopProxy(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((ok) => child.once('exit', ok));
}

let t: TestContext;
let chain: Chain;
let proxy: ChildProcess;
let origin: string;
let root: string;

beforeAll(async () => {
  t = await buildTestApp();
  chain = await buildChain(t, 0n);
  const api = await t.app.listen({ host: '127.0.0.1', port: 0 });
  root = mkdtempSync(path.join(tmpdir(), 'backlay-proxy-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(root, 'main.js'), 'console.log(1);');
  ({ child: proxy, origin } = await startProxy(api, root));
}, 60_000);

afterAll(async () => {
  await stopProxy(proxy);
  rmSync(root, { recursive: true, force: true });
  await t.close();
});

async function call(url: string, init: RequestInit = {}, base = origin): Promise<{ status: number; body: { data: { code: string }; message: string }; raw: string }> {
  const res = await fetch(`${base}${url}`, init);
  const raw = await res.text();
  return { status: res.status, body: JSON.parse(raw) as { data: { code: string }; message: string }, raw };
}

function expectEnvelope(answer: { body: { data: unknown; message: string }; raw: string }, code: keyof typeof ERROR_CODES): void {
  expect(answer.body).toEqual({ data: { code }, message: expect.any(String) });
  expect(answer.body.message.length).toBeGreaterThan(0);
  expect(answer.raw).not.toMatch(LIBRARY_TEXT);
}

it('passes ordinary answers through (health, a login, a 404 of the API)', async () => {
  expect((await call('/api/health')).body).toMatchObject({ data: { status: 'ok' } });
  // The DL signs in (the player's token stays the only session of the player).
  const login = await call('/api/login-admin', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: chain.dl.username, password: chain.dl.password }),
  });
  expect(login.status).toBe(200);
  expect((await call('/api/no-such-route')).status).toBe(404);
});

it('a 100 KB query string gets the API\'s 431 in the API\'s envelope, not a reset', async () => {
  const answer = await call(`/api/user-info?q=${'a'.repeat(100 * 1024)}`, { headers: { authorization: `Bearer ${chain.tokens.player}` } });
  expect(answer.status).toBe(ERROR_CODES.HEADERS_TOO_LARGE);
  expectEnvelope(answer, 'HEADERS_TOO_LARGE');
});

it('a 5 MB JSON body gets the API\'s 413 every time, not 502 "The API is not reachable"', async () => {
  const body = JSON.stringify({ username: 'someone', password: 'x'.repeat(5 * 1024 * 1024) });
  for (let i = 0; i < 8; i += 1) {
    const answer = await call('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ data: { code: expect.stringMatching(/^[A-Z_]+$/) }, message: expect.any(String) });
    expect(answer.raw).not.toMatch(LIBRARY_TEXT);
  }
});

it('a damaged screenshot gets the API\'s 422 with its own sentence, no decoder text', async () => {
  const jpeg = await jpegWithGps(200, 200);
  const form = multipart([
    { name: 'amount', value: '500' },
    { name: 'utrno', value: newUtr() },
    { name: 'remark', value: 'ok' },
    { name: 'type', value: 'deposit' },
    { name: 'accountType', value: 'upi' },
    { name: 'imageUrl', filename: 'shot.jpg', contentType: 'image/jpeg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) },
  ]);
  const answer = await call('/api/add-deposit-withdraw', {
    method: 'POST',
    headers: { ...form.headers, authorization: `Bearer ${chain.tokens.player}`, 'idempotency-key': `proxy-${newUtr()}` },
    body: form.payload,
  });
  expect(answer.status).toBe(422);
  expectEnvelope(answer, 'UNPROCESSABLE');
  expect(answer.body.message).toBe(MESSAGES.screenshotUnreadable);
});

describe('the proxy speaks for the API only where the API did not', () => {
  it('an error answer without the envelope (a bare 414 of an HTTP layer) gets it, with the same status; an enveloped one is untouched', async () => {
    const standIn = createServer((req, res) => {
      if (req.url?.startsWith('/api/bare')) {
        res.writeHead(414, { 'content-type': 'text/plain' }).end('URI Too Long (parser internals)');
      } else {
        res.writeHead(422, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { code: 'UNPROCESSABLE' }, message: 'As the API said' }));
      }
    });
    await new Promise<void>((ok) => standIn.listen(0, '127.0.0.1', ok));
    const { port } = standIn.address() as AddressInfo;
    const { child, origin: base } = await startProxy(`http://127.0.0.1:${port}`, root);
    try {
      const bare = await call('/api/bare', {}, base);
      expect(bare.status).toBe(414);
      expectEnvelope(bare, 'URI_TOO_LONG');
      expect(bare.raw).not.toMatch(/internals/);
      const enveloped = await call('/api/other', {}, base);
      expect(enveloped).toMatchObject({ status: 422, body: { data: { code: 'UNPROCESSABLE' }, message: 'As the API said' } });
    } finally {
      await stopProxy(child);
      await new Promise((ok) => standIn.close(ok));
    }
  });

  it('an API that is down gets 502 in the envelope; headers above even the proxy\'s limit get its own 431', async () => {
    const { child, origin: base } = await startProxy('http://127.0.0.1:9', root);
    try {
      const down = await call('/api/health', {}, base);
      expect(down.status).toBe(502);
      expectEnvelope(down, 'INTERNAL');
      const huge = await call(`/api/health?q=${'a'.repeat(2 * 1024 * 1024)}`, {}, base);
      expect(huge.status).toBe(431);
      expectEnvelope(huge, 'HEADERS_TOO_LARGE');
    } finally {
      await stopProxy(child);
    }
  });
});

describe('no page of the product may be framed (issue 29)', () => {
  it('every page and file says so: frame-ancestors \'none\' and X-Frame-Options DENY (a remote, which has no policy of its own)', async () => {
    for (const url of ['/', '/index.html', '/casino-int/sport_betting', '/main.js']) {
      const res = await fetch(`${origin}${url}`);
      expect({ url, status: res.status, csp: res.headers.get('content-security-policy'), xfo: res.headers.get('x-frame-options') }).toEqual({
        url,
        status: 200,
        csp: "frame-ancestors 'none'",
        xfo: 'DENY',
      });
    }
  });

  it("sends the shell's policy as given, and refuses at start a policy that says nothing of who may frame it", async () => {
    const policy = "frame-src http://games.example; frame-ancestors 'none'";
    const shell = await startProxy('http://127.0.0.1:9', root, ['--csp', policy]);
    try {
      const res = await fetch(`${shell.origin}/casino-int`);
      expect([res.headers.get('content-security-policy'), res.headers.get('x-frame-options')]).toEqual([policy, 'DENY']);
    } finally {
      await stopProxy(shell.child);
    }
    await expect(startProxy('http://127.0.0.1:9', root, ['--csp', "frame-src 'self' http://games.example"])).rejects.toThrow(/frame-ancestors/);
  });
});
