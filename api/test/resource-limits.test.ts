/**
 * Resource limits (docs/rules/test-plan.md T12) through HTTP: a JSON body over the configured bodyLimit is a 413
 * with a readable message and leaves the server answering; every list route that takes a page
 * size (found in the OpenAPI document, so a new one cannot slip past) refuses or caps 10,000 at
 * 100; the slow-client timeouts are set explicitly from the configuration. The per-user daily
 * limits of the payment routes are in payments-daily-limits.test.ts.
 */
import { PAGE_SIZE_MAX } from '@backlay/shared/contracts';
import { body, buildTestApp, type TestContext } from './helper';
import { buildChain } from './payments-helper';

let t: TestContext;
let adminToken: string;
let playerToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  const chain = await buildChain(t, 0n);
  adminToken = chain.tokens.admin;
  playerToken = chain.tokens.player;
  // The live-casino tables (casino-bets names one); the engine itself does not run here.
  await t.services.casinoEngine.ensureTables();
}, 60_000);
afterAll(() => t.close());

const health = async () => (await t.request({ method: 'GET', url: '/api/health' })).statusCode;

describe('JSON body limit', () => {
  it('uses the configured 100 KB', () => {
    expect(t.config.server.bodyLimitBytes).toBe(100 * 1024);
    expect(t.app.initialConfig.bodyLimit).toBe(t.config.server.bodyLimitBytes);
  });

  it.each([
    ['POST /api/login', '/api/login', undefined],
    ['POST /api/add-bank-account (signed in)', '/api/add-bank-account', 'player'],
    ['POST /api/placebet (signed in)', '/api/placebet', 'player'],
  ] as const)('one byte over the limit on %s → 413 with a clear message; the server still answers', async (_name, url, who) => {
    const filler = 'x'.repeat(t.config.server.bodyLimitBytes);
    const response = await t.request({
      method: 'POST',
      url,
      ...(who === 'player' ? { token: playerToken } : {}),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'someone', password: filler }),
    });
    expect(response.statusCode).toBe(413);
    expect(body(response)).toEqual({ data: { code: 'PAYLOAD_TOO_LARGE' }, message: 'Request body is too large' });
    expect(await health()).toBe(200);
  });

  it('a body just under the limit is read (and refused for its content, not its size)', async () => {
    const payload = JSON.stringify({ username: 'someone', password: '' });
    const padded = payload.replace('""', `"${'x'.repeat(t.config.server.bodyLimitBytes - payload.length - 1)}"`);
    expect(Buffer.byteLength(padded)).toBeLessThan(t.config.server.bodyLimitBytes);
    const response = await t.request({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: padded });
    expect(response.statusCode).not.toBe(413);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('slow clients: timeouts set explicitly', () => {
  it('headersTimeout 10 s and requestTimeout 30 s come from the configuration, not the Node defaults (60 s / 300 s)', () => {
    expect(t.config.server).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 });
    expect(t.app.server.headersTimeout).toBe(t.config.server.headersTimeoutMs);
    expect(t.app.server.requestTimeout).toBe(t.config.server.requestTimeoutMs);
  });
});

/** Query parameters that size a page. */
const PAGE_SIZE_PARAMS = new Set(['limit', 'pageSize', 'perPage', 'size', 'take', 'count']);

/**
 * Every route that takes a page size: the rest of a valid query and who asks. A route found in
 * the OpenAPI document and missing here fails the coverage test below.
 */
const PAGED_ROUTES: Record<string, { query: Record<string, string>; as: 'admin' | 'player' }> = {
  'GET /api/list-clients pageSize': { query: {}, as: 'admin' },
  'GET /api/unsettled-bets pageSize': { query: {}, as: 'player' },
  'GET /api/bet-history pageSize': { query: {}, as: 'player' },
  'GET /api/account-statement pageSize': { query: { startDate: '2026-01-01', endDate: '2026-01-02' }, as: 'player' },
  'GET /api/get-match-list limit': { query: {}, as: 'player' },
  'GET /api/sms-outbox limit': { query: {}, as: 'admin' },
  'GET /api/casino-bets pageSize': { query: { matchId: '9023' }, as: 'player' },
};

type OpenApi = { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>> };

function pagedRoutesOfDocument(): string[] {
  const doc = t.app.swagger() as OpenApi;
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, op]) =>
      (op.parameters ?? [])
        .filter((p) => p.in === 'query' && PAGE_SIZE_PARAMS.has(p.name))
        .map((p) => `${method.toUpperCase()} ${path} ${p.name}`),
    ),
  );
}

describe(`pagination: a page size above ${PAGE_SIZE_MAX}`, () => {
  it('the table below lists every route of the OpenAPI document with a page-size parameter', () => {
    expect(pagedRoutesOfDocument().sort()).toEqual(Object.keys(PAGED_ROUTES).sort());
  });

  it.each(Object.entries(PAGED_ROUTES))('%s=10000 is refused with 400 naming the parameter, or capped at 100', async (key, route) => {
    const [method, url, param] = key.split(' ') as [string, string, string];
    const query = new URLSearchParams({ ...route.query, [param]: '10000' });
    const token = route.as === 'admin' ? adminToken : playerToken;
    const response = await t.request({ method: method as 'GET', url: `${url}?${query}`, token });
    const answer = body(response) as { data: Record<string, unknown>; message: string };
    if (response.statusCode === 400) {
      expect(answer.data).toMatchObject({ code: 'VALIDATION' });
      expect(answer.message).toContain(param);
      // The same request at the cap is accepted: the 400 was the page size, not the rest of the query.
      const atCap = await t.request({ method: method as 'GET', url: `${url}?${new URLSearchParams({ ...route.query, [param]: String(PAGE_SIZE_MAX) })}`, token });
      expect(atCap.statusCode).toBe(200);
    } else {
      expect(response.statusCode).toBe(200);
      const echoed = answer.data[param];
      expect(typeof echoed).toBe('number');
      expect(echoed).toBeLessThanOrEqual(PAGE_SIZE_MAX);
      const rows = answer.data.rows;
      if (Array.isArray(rows)) expect(rows.length).toBeLessThanOrEqual(PAGE_SIZE_MAX);
    }
  });
});
