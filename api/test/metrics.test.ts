/**
 * GET /metrics (plugins/metrics.ts, app.ts productMetrics): 404 without METRICS_TOKEN, 401
 * without the right bearer, else Prometheus text with the request histogram by route pattern,
 * bets placed and refused, sockets, the database pool and the casino engine's lateness.
 */
import { randomUUID } from 'node:crypto';
import { buildTestApp, idempotent, type TestContext } from './helper';
import { createChain, createPlayer } from './bet-reports-helper';

const TOKEN = 'scraper-secret-0123456789';

let t: TestContext;
let bare: TestContext;

beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
  bare = await buildTestApp();
});

afterAll(async () => {
  await t.close();
  await bare.close();
});

/** The value of one sample line (`name{labels} value`), or null when absent. */
function sample(text: string, line: RegExp): number | null {
  const found = text.split('\n').find((l) => line.test(l));
  return found === undefined ? null : Number(found.slice(found.lastIndexOf(' ') + 1));
}

const scrape = async (): Promise<string> => {
  const res = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return res.body;
};

it('is off (404) without METRICS_TOKEN, and asks for the bearer (401) without the right one', async () => {
  expect((await bare.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  for (const authorization of [undefined, 'Bearer nope', `bearer ${TOKEN}`, `Bearer ${TOKEN} `, TOKEN]) {
    const res = await t.request({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
    expect({ authorization, status: res.statusCode }).toEqual({ authorization, status: 401 });
    expect(res.headers['www-authenticate']).toBe('Bearer');
  }
});

it('counts requests by route pattern, bets placed and refused by code, and reads sockets, the pool and the casino engine', async () => {
  await t.request({ method: 'GET', url: '/api/health' });
  await t.request({ method: 'GET', url: '/api/casino-market/9023' }); // 401: no token
  const chain = await createChain(t);
  const player = await createPlayer(t, chain.agents.dl.id, 1_000n);
  const refusal = await t.request({
    method: 'POST',
    url: '/api/placebet',
    token: player.token,
    headers: idempotent(randomUUID()),
    payload: { matchId: 'no-such-match', marketId: '1.999', selectionId: '1', side: 'BACK', odds: 2, stake: 100 },
  });
  expect(refusal.statusCode).toBeGreaterThanOrEqual(400);
  const code = (JSON.parse(refusal.body) as { data: { code: string } }).data.code;

  const text = await scrape();
  expect(sample(text, /^backlay_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} /)).toBe(1);
  // The pattern, not the URL: label values stay bounded.
  expect(text).toContain('route="/api/casino-market/:id",status_code="401"');
  expect(text).not.toContain('/api/casino-market/9023');
  expect(sample(text, new RegExp(`^backlay_bets_refused_total\\{code="${code}"\\} `))).toBe(1);
  expect(sample(text, /^backlay_bets_placed_total /)).toBe(0);
  expect(sample(text, /^backlay_socket_clients\{namespace="\/user"\} /)).toBe(0);
  expect(sample(text, /^backlay_socket_clients\{namespace="\/data"\} /)).toBe(0);
  expect(sample(text, /^backlay_db_pool_connections\{state="total"\} /)).toBeGreaterThan(0);
  expect(sample(text, /^backlay_casino_round_overdue_seconds /)).toBe(0);
  expect(text).toMatch(/^backlay_process_cpu_seconds_total /m);
});

it('reads the singleton jobs: which this instance leads, and its last tick', async () => {
  const before = await scrape();
  expect(sample(before, /^backlay_job_leader\{job="casino"\} /)).toBe(0);
  expect(sample(before, /^backlay_job_tick_seconds\{job="casino"\} /)).toBeNull();
  expect(await t.services.casinoEngine.acquire()).toBe(true);
  await t.services.casinoEngine.tick();
  const after = await scrape();
  expect(sample(after, /^backlay_job_leader\{job="casino"\} /)).toBe(1);
  expect(sample(after, /^backlay_job_leader\{job="feed"\} /)).toBe(0);
  expect(sample(after, /^backlay_job_tick_seconds\{job="casino"\} /)).toBeGreaterThan(0);
  expect(sample(after, /^backlay_job_tick_age_seconds\{job="casino"\} /)).toBeGreaterThanOrEqual(0);
  await t.services.casinoEngine.stop();
});
