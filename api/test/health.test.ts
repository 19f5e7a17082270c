import { MESSAGES } from '@backlay/shared/contracts';
import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo } from 'node:net';
import { body, buildTestApp, type TestContext } from './helper';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('health, not found and docs', () => {
  it('GET /api/health answers ok with the database up', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    // From source the version is "dev"; the built main.js names the package version and commit
    // (src/health/version.test.ts). One instance alone has no Redis to ask.
    expect(body(response)).toEqual({ data: { status: 'ok', db: 'up', redis: 'off', version: 'dev' }, message: MESSAGES.ok });
  });

  it('GET /api/health/live answers ok without asking the database; /api/health (readiness) fails while the database does', async () => {
    const live = await t.request({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(body(live)).toEqual({ data: { status: 'ok' }, message: MESSAGES.ok });
    // A database that refuses every query: readiness goes down, liveness stays up.
    const query = jest.spyOn(t.db, 'query').mockRejectedValue(new Error('connection refused'));
    try {
      const ready = await t.request({ method: 'GET', url: '/api/health' });
      expect(ready.statusCode).toBe(500);
      expect(body(ready).data).toEqual({ code: 'INTERNAL' });
      expect((await t.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      query.mockRestore();
    }
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('an unknown /api route answers 404 in the error envelope', async () => {
    const response = await t.request({ method: 'GET', url: '/api/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(body(response)).toEqual({ data: { code: 'NOT_FOUND', details: { method: 'GET' } }, message: MESSAGES.notFound });
  });

  it('no answer of the API may be framed: the OpenAPI UI, a JSON answer, a 404 (ADR 0033)', async () => {
    const ui = await t.request({ method: 'GET', url: '/api/docs' });
    expect([ui.statusCode, String(ui.headers['content-type'])]).toEqual([200, expect.stringMatching(/^text\/html/)]);
    for (const response of [ui, await t.request({ method: 'GET', url: '/api/health' }), await t.request({ method: 'GET', url: '/api/no-such-route' })]) {
      expect([response.headers['x-frame-options'], response.headers['content-security-policy']]).toEqual(['DENY', "frame-ancestors 'none'"]);
    }
  });

  it('serves the OpenAPI document with every route of step 1', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/health/live',
        '/api/login',
        '/api/login-admin',
        '/api/refresh-token',
        '/api/user-info',
        '/api/change-password',
        '/api/transaction-password',
        '/api/logout',
        '/api/downline',
        '/api/get-setting-list',
        '/api/save-setting-list',
        '/api/get-sport-list',
        '/api/get-match-list',
      ]),
    );
  });

  it('a malformed JSON body is a 400 in the envelope, not a 500', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).data).toEqual({ code: 'VALIDATION' });
  });

  it('a body over 100 KB is refused with 413', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'someone', password: 'x'.repeat(110 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(body(response).data).toEqual({ code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('readiness in a cluster (REDIS_URL)', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

  it('answers redis up while Redis answers PING', async () => {
    const clustered = await buildTestApp({ env: { REDIS_URL, REDIS_KEY_PREFIX: `health-${randomUUID()}:` } });
    try {
      const response = await clustered.request({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(body<{ data: { redis: string } }>(response).data.redis).toBe('up');
    } finally {
      await clustered.close();
    }
  });

  it('fails readiness within a second or two while Redis stops answering; liveness stays up', async () => {
    // The app reaches Redis through a relay the test can stall (the connections stay open, nothing
    // comes back): a PING then waits for ever unless readiness gives up on it.
    const target = new URL(REDIS_URL);
    let stalled = false;
    const relay = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      client.on('data', (chunk) => {
        if (!stalled) upstream.write(chunk);
      });
      upstream.on('data', (chunk) => {
        if (!stalled) client.write(chunk);
      });
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((ok) => relay.listen(0, '127.0.0.1', ok));
    const port = (relay.address() as AddressInfo).port;
    const clustered = await buildTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}${target.pathname}`, REDIS_KEY_PREFIX: `health-${randomUUID()}:` } });
    try {
      expect(body<{ data: { redis: string } }>(await clustered.request({ method: 'GET', url: '/api/health' })).data.redis).toBe('up');
      stalled = true;
      const started = performance.now();
      const ready = await clustered.request({ method: 'GET', url: '/api/health' });
      expect(ready.statusCode).toBe(500);
      expect(body(ready).data).toEqual({ code: 'INTERNAL' });
      expect(performance.now() - started).toBeLessThan(5_000);
      expect((await clustered.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      stalled = false;
    } finally {
      relay.close();
      await clustered.close();
    }
  });
});
