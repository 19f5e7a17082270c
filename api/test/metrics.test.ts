/**
 * GET /metrics (plugins/metrics.ts, app.ts productMetrics): 404 without METRICS_TOKEN, 401
 * without the right bearer, else Prometheus text with the request histogram by route pattern,
 * bets placed and refused, sockets, the database pool, the casino engine's lateness, the
 * market-data fan-out lag and the feed's health (feed-staleness.test.ts drives its stale side), the
 * business queues (pending payments, markets awaiting settlement), turnover by sport and market
 * type, today's settled figures, open exposure, sign-ins, OTP sends, registrations and CW-1
 * callbacks by outcome; the Grafana dashboard and the
 * alert rules (deploy/prometheus/alerts.yaml) name only metrics the registry has.
 */
import { MARKET_DATA_BATCH_MS, type MatchDelta, type SocketAck } from '@backlay/shared/contracts';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { parse } from 'yaml';
import { FEED_START_MS, FakeClock, findEvent, importEvent, stepFeed, tickFeed } from './feed-helper';
import { buildTestApp, idempotent, TEST_ORIGIN, TEST_TXN_PASSWORD, type TestContext } from './helper';
import { addSite } from './site-helper';
import { backOrLay, createChain, createMatch, createPlayer } from './bet-reports-helper';
import { buildChain, newUtr, pngImage, sendDeposit } from './payments-helper';

const TOKEN = 'scraper-secret-0123456789';

let t: TestContext;
let bare: TestContext;

beforeAll(async () => {
  // Short seed chains: the casino engine's first tick builds one per table (10,000 hashes each by default).
  t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN, CASINO_CHAIN_LENGTH: '100' } });
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
  expect(sample(text, /^backlay_bets_placed_total\{/)).toBeNull();
  expect(sample(text, /^backlay_socket_clients\{namespace="\/user"\} /)).toBe(0);
  expect(sample(text, /^backlay_socket_clients\{namespace="\/data"\} /)).toBe(0);
  expect(sample(text, /^backlay_db_pool_connections\{state="total"\} /)).toBeGreaterThan(0);
  expect(sample(text, /^backlay_casino_round_overdue_seconds /)).toBe(0);
  expect(text).toMatch(/^backlay_process_cpu_seconds_total /m);
});

it('reads the business queues: pending payment requests and their oldest age, markets awaiting settlement', async () => {
  const before = await scrape();
  const pending = (type: string, text: string) => sample(text, new RegExp(`^backlay_payment_requests_pending\\{site="backlay",type="${type}"\\} `));
  expect(pending('deposit', before)).not.toBeNull();
  expect(pending('withdraw', before)).not.toBeNull();
  expect(sample(before, /^backlay_markets_awaiting_settlement /)).toBe(0);
  const chain = await buildChain(t, 0n);
  const sent = await sendDeposit(t, chain.tokens.player, { amount: '500', utrno: newUtr() }, { data: await pngImage() });
  expect(sent.status).toBe(200);
  const oldest = (text: string) => sample(text, /^backlay_payment_requests_oldest_pending_seconds\{site="backlay",type="deposit"\} /) ?? -1;
  const after = await scrape();
  expect(pending('deposit', after)).toBe((pending('deposit', before) ?? 0) + 1);
  expect(oldest(after)).toBeGreaterThanOrEqual(0);
  // The oldest request's age grows while it waits (the rows cannot be back-dated: payment rules).
  await new Promise((ok) => setTimeout(ok, 1_100));
  expect(oldest(await scrape())).toBeGreaterThanOrEqual(oldest(after) + 1);
});

/** Scrapes until `check` holds (a counter moved by an event's asynchronous handler), for up to 3 s. */
async function eventually(check: (text: string) => boolean): Promise<string> {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const text = await scrape();
    if (check(text) || Date.now() > deadline) return text;
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

it('counts turnover: each accepted bet\'s stake in rupees, and the bets, by sport and market type', async () => {
  const turnover = (text: string, sport: string, type: string) => sample(text, new RegExp(`^backlay_turnover_rupees_total\\{site="backlay",sport="${sport}",market_type="${type}"\\} `)) ?? 0;
  const count = (text: string, sport: string, type: string) => sample(text, new RegExp(`^backlay_bets_by_market_type_total\\{site="backlay",sport="${sport}",market_type="${type}"\\} `)) ?? 0;
  const before = await scrape();
  const chain = await createChain(t);
  const player = await createPlayer(t, chain.agents.dl.id, 10_000n);
  const match = await createMatch(t, { markets: [{ runners: { a: [200, 202], b: [198, 200] } }, { type: 'bookmaker', name: 'Bookmaker', runners: { a: [45, 50], b: [40, 45] } }] });
  const soccer = await createMatch(t, { sportId: 1, markets: [{ runners: { h: [300, 302], x: [300, 302] } }] });
  await backOrLay(t, player, match, match.marketIds[0] ?? '', { selectionId: 'a', side: 'BACK', odds: 2, stake: 150.5 });
  await backOrLay(t, player, match, match.marketIds[0] ?? '', { selectionId: 'b', side: 'LAY', odds: 2, stake: 100 });
  await backOrLay(t, player, match, match.marketIds[1] ?? '', { selectionId: 'a', side: 'BACK', odds: 0.45, stake: 200 });
  await backOrLay(t, player, soccer, soccer.marketIds[0] ?? '', { selectionId: 'h', side: 'BACK', odds: 3, stake: 75 });
  const after = await eventually((text) => count(text, 'soccer', 'match_odds') > count(before, 'soccer', 'match_odds'));
  expect(turnover(after, 'cricket', 'match_odds') - turnover(before, 'cricket', 'match_odds')).toBeCloseTo(250.5, 5);
  expect(count(after, 'cricket', 'match_odds') - count(before, 'cricket', 'match_odds')).toBe(2);
  expect(turnover(after, 'cricket', 'bookmaker') - turnover(before, 'cricket', 'bookmaker')).toBe(200);
  expect(count(after, 'cricket', 'bookmaker') - count(before, 'cricket', 'bookmaker')).toBe(1);
  expect(turnover(after, 'soccer', 'match_odds') - turnover(before, 'soccer', 'match_odds')).toBe(75);
  // The open exposure counts every open bet's risk: 150.5 + 100 (lay at 2) + 200 + 75 at least.
  expect(sample(after, /^backlay_bets_placed_total\{site="backlay"\} /)).toBeGreaterThanOrEqual(4);
  expect(sample(after, /^backlay_open_exposure_rupees\{site="backlay"\} /)).toBeGreaterThanOrEqual(525.5);
});

it('reads today\'s settled figures: GGR, commission and the shares of the house (the root) and the agents below it', async () => {
  const figure = (text: string, name: string) => sample(text, new RegExp(`^backlay_settled_today_rupees\\{figure="${name}"\\} `)) ?? 0;
  const before = await scrape();
  const chain = await createChain(t);
  const player = await createPlayer(t, chain.agents.dl.id, 10_000n);
  const match = await createMatch(t, { markets: [{ runners: { a: [200, 202], b: [198, 200] } }] });
  await backOrLay(t, player, match, match.marketIds[0] ?? '', { selectionId: 'a', side: 'BACK', odds: 2, stake: 1_000 });
  const declared = await t.request({
    method: 'POST',
    url: '/api/declare-result',
    token: chain.tokens.admin,
    payload: { transactionPassword: TEST_TXN_PASSWORD, marketId: match.marketIds[0], result: { type: 'WINNER', selectionId: 'b' } },
  });
  expect(declared.statusCode).toBe(200);
  const after = await scrape();
  // The player lost 1,000: the house made 1,000; T26 shares: the root 5 %, the agents below 95 %.
  expect(figure(after, 'ggr') - figure(before, 'ggr')).toBe(1_000);
  expect(figure(after, 'house_share') - figure(before, 'house_share')).toBe(50);
  expect(figure(after, 'agents_share') - figure(before, 'agents_share')).toBe(950);
  expect(figure(after, 'commission') - figure(before, 'commission')).toBe(0);
  expect(sample(after, /^backlay_casino_int_reconciliations_off /)).toBe(0);
  // Redis is not configured here: no sample rather than a false 0.
  expect(after).toContain('# TYPE backlay_redis_up gauge');
  expect(after).not.toMatch(/^backlay_redis_up\{/m);
});

it('counts sign-ins by area and outcome, OTP sends and registrations', async () => {
  const logins = (text: string, area: string, outcome: string, site = 'backlay') => sample(text, new RegExp(`^backlay_logins_total\\{site="${site}",area="${area}",outcome="${outcome}"\\} `)) ?? 0;
  const before = await scrape();
  const user = await t.createUser({ role: 'user' });
  const wrong = await t.request({ method: 'POST', url: '/api/login', payload: { username: user.username, password: 'Wrong#Pass1' } });
  expect(wrong.statusCode).toBe(401);
  const code = ((JSON.parse(wrong.body) as { data: { code: string } }).data.code).toLowerCase();
  await t.login(user);
  const after = await scrape();
  expect(logins(after, 'player', code) - logins(before, 'player', code)).toBe(1);
  expect(logins(after, 'player', 'ok') - logins(before, 'player', 'ok')).toBeGreaterThanOrEqual(1);
  // The families exist from the first answer on.
  await t.request({ method: 'POST', url: '/api/send-otp', payload: {} });
  await t.request({ method: 'POST', url: '/api/user-register', payload: {} });
  const later = await scrape();
  expect(later).toMatch(/^backlay_otp_sends_total\{outcome="[a-z0-9_]+"\} [1-9]/m);
  expect(later).toMatch(/^backlay_registrations_total\{site="backlay",outcome="[a-z0-9_]+"\} [1-9]/m);
});

it('splits the players\' activity by site (ADR 0074): sign-ins on a second site\'s host, its queue and exposure', async () => {
  const logins = (text: string, site: string) => sample(text, new RegExp(`^backlay_logins_total\\{site="${site}",area="player",outcome="invalid_credentials"\\} `)) ?? 0;
  await addSite(t, ['two.metrics.test'], { site: { id: 'metrics-two', name: 'Metrics Two', supportEmail: 'help@two.test', maintenanceMessage: 'Back soon' } });
  const before = await scrape();
  const wrong = await t.request({ method: 'POST', url: '/api/login', headers: { host: 'two.metrics.test' }, payload: { username: 'nobody-here', password: 'Wrong#Pass1' } });
  expect(wrong.statusCode).toBe(401);
  const after = await scrape();
  expect(logins(after, 'metrics-two') - logins(before, 'metrics-two')).toBe(1);
  expect(logins(after, 'backlay') - logins(before, 'backlay')).toBe(0);
  // Every site has its queue and exposure series, 0 where nothing waits.
  expect(sample(after, /^backlay_payment_requests_pending\{site="metrics-two",type="deposit"\} /)).toBe(0);
  expect(sample(after, /^backlay_open_exposure_rupees\{site="metrics-two"\} /)).toBe(0);
});

it('counts CW-1 wallet callbacks by operation and the status answered', async () => {
  const callbacks = (text: string) => sample(text, /^backlay_cw1_callbacks_total\{op="debit",status="invalid_signature"\} /) ?? 0;
  const before = await scrape();
  const unsigned = await t.request({ method: 'POST', url: '/api/wallet/debit', headers: { 'content-type': 'application/json' }, payload: '{}' });
  expect(unsigned.statusCode).toBe(401);
  expect(callbacks(await scrape()) - callbacks(before)).toBe(1);
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

describe('the Grafana dashboard (deploy/grafana/backlay.json)', () => {
  /** Every query of the dashboard: the panels' expressions and the variables' queries. */
  function dashboardQueries(): string[] {
    const dashboard = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'deploy', 'grafana', 'backlay.json'), 'utf8')) as {
      panels: Array<{ targets?: Array<{ expr: string }> }>;
      templating: { list: Array<{ query?: unknown }> };
    };
    const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    const variables = dashboard.templating.list.map((v) => (typeof v.query === 'object' && v.query !== null ? String((v.query as { query?: unknown }).query ?? '') : String(v.query ?? '')));
    return [...exprs, ...variables];
  }

  it('alerts (deploy/prometheus/alerts.yaml) on metrics the registry has', async () => {
    await scrape();
    const series = new Set<string>();
    for (const metric of await t.app.metrics.registry.getMetricsAsJSON()) {
      series.add(metric.name);
      if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) series.add(`${metric.name}${suffix}`);
    }
    const rules = (parse(readFileSync(path.resolve(__dirname, '..', '..', 'deploy', 'prometheus', 'alerts.yaml'), 'utf8')) as { groups: Array<{ rules: Array<{ alert: string; expr: string }> }> }).groups.flatMap((g) => g.rules);
    expect(rules.length).toBeGreaterThanOrEqual(6);
    for (const rule of rules) {
      const names = [...rule.expr.matchAll(/\bbacklay_[a-z0-9_]+/g)].map((m) => m[0]);
      expect({ alert: rule.alert, names: names.length > 0 }).toEqual({ alert: rule.alert, names: true });
      for (const name of names) expect({ alert: rule.alert, name, exists: series.has(name) }).toEqual({ alert: rule.alert, name, exists: true });
    }
  });

  it('uses only metrics the registry has, and has a panel for every metric of the product', async () => {
    await scrape(); // collects every gauge once
    const metrics = await t.app.metrics.registry.getMetricsAsJSON();
    const series = new Set<string>();
    for (const metric of metrics) {
      series.add(metric.name);
      if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) series.add(`${metric.name}${suffix}`);
    }
    const used = new Set(dashboardQueries().flatMap((q) => [...q.matchAll(/\bbacklay_[a-z0-9_]+/g)].map((m) => m[0])));
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) expect({ name, exists: series.has(name) }).toEqual({ name, exists: true });
    // prom-client's process metrics (backlay_process_*, backlay_nodejs_*) are many; the product's are all shown.
    const product = metrics.map((m) => m.name).filter((name) => !/^backlay_(process|nodejs)_/.test(name));
    expect(product).toEqual(expect.arrayContaining(['backlay_http_request_duration_seconds', 'backlay_fanout_lag_seconds', 'backlay_job_leader']));
    const shown = (name: string) => used.has(name) || ['_bucket', '_sum', '_count'].some((suffix) => used.has(`${name}${suffix}`));
    for (const name of product) expect({ name, shown: shown(name) }).toEqual({ name, shown: true });
  });
});

describe('pool waits', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await buildTestApp({ env: { METRICS_TOKEN: TOKEN, DB_POOL_MAX: '2' } });
  });
  afterAll(() => small.close());

  const scrapeSmall = async (): Promise<string> => {
    const res = await small.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('observes how long each checkout waited for a connection: a query queued behind a full pool waits until one is free', async () => {
    const before = await scrapeSmall();
    const countBefore = sample(before, /^backlay_db_pool_wait_seconds_count /) ?? 0;
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Both connections held by open transactions; the third caller queues.
    const holders = [1, 2].map(() =>
      small.db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        await gate;
      }),
    );
    await new Promise((r) => setTimeout(r, 100));
    const queued = small.db.query('SELECT 1');
    await new Promise((r) => setTimeout(r, 400));
    release();
    await Promise.all([...holders, queued]);

    const after = await scrapeSmall();
    const count = sample(after, /^backlay_db_pool_wait_seconds_count /) ?? 0;
    expect(count - countBefore).toBeGreaterThanOrEqual(3);
    // The queued one waited about 400 ms: above the 250 ms bucket.
    expect(count - (sample(after, /^backlay_db_pool_wait_seconds_bucket\{le="0.25"\} /) ?? count)).toBeGreaterThanOrEqual(1);
    expect(sample(after, /^backlay_db_pool_wait_seconds_sum /)).toBeGreaterThanOrEqual(0.35);
  });
});

describe('fan-out lag', () => {
  const clock = new FakeClock(FEED_START_MS);
  let feed: TestContext;
  let socket: Socket | null = null;

  beforeAll(async () => {
    feed = await buildTestApp({ clock, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    socket?.disconnect();
    await feed.close();
  });

  const scrapeFeed = async (): Promise<string> => {
    const res = await feed.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('observes, for each market-data delta emitted, the time since its oldest change came in', async () => {
    const baseUrl = await feed.app.listen({ host: '127.0.0.1', port: 0 });
    const player = (await feed.login(await feed.createUser({ role: 'user' }))).token;
    await tickFeed(feed);
    const match = await findEvent(feed, 4, 'inplay');
    await importEvent(feed, 4, match.id, match.competitionId, true);

    const before = await scrapeFeed();
    expect(sample(before, /^backlay_fanout_lag_seconds_count /)).toBe(0);
    // The feed as the leader sees it (ADR 0039): the simulator is local, connected, heard from at each tick.
    expect(sample(before, /^backlay_feed_connected\{provider="simulator"\} /)).toBe(1);
    expect(sample(before, /^backlay_feed_last_message_age_seconds\{provider="simulator"\} /)).toBe(0);
    expect(sample(before, /^backlay_feed_reconnects\{provider="simulator"\} /)).toBe(0);
    expect(sample(before, /^backlay_feed_markets\{status="open"\} /)).toBeGreaterThan(0);
    expect(sample(before, /^backlay_feed_markets\{status="held_stale"\} /)).toBe(0);

    socket = io(`${baseUrl}/data`, { path: '/socket.io', transports: ['websocket'], auth: { token: player }, extraHeaders: { origin: TEST_ORIGIN }, reconnection: false, forceNew: true });
    const deltas: MatchDelta[] = [];
    socket.on('deltas', (frame: MatchDelta[]) => deltas.push(...frame));
    const connected = socket;
    await new Promise<void>((resolve, reject) => {
      connected.once('connect', () => resolve());
      connected.once('connect_error', reject);
    });
    const ack = await new Promise<SocketAck>((resolve) => connected.emit('subscribe', { matchId: match.id }, (a: SocketAck) => resolve(a)));
    expect(ack).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, MARKET_DATA_BATCH_MS + 30));
    deltas.length = 0;

    for (let i = 0; i < 3; i += 1) {
      await stepFeed(feed, clock, 1_500);
      await new Promise((r) => setTimeout(r, MARKET_DATA_BATCH_MS + 50));
    }
    expect(deltas.length).toBeGreaterThan(0);

    const after = await scrapeFeed();
    const count = sample(after, /^backlay_fanout_lag_seconds_count /) ?? 0;
    const sum = sample(after, /^backlay_fanout_lag_seconds_sum /) ?? -1;
    // Every delta a client got was observed once (other flushes in the room: none, one socket).
    expect(count).toBe(deltas.length);
    // A change waits at most about one batch interval before its frame goes out.
    expect(sum).toBeGreaterThan(0);
    expect(sum / count).toBeLessThan((MARKET_DATA_BATCH_MS + 250) / 1000);
    expect(sample(after, /^backlay_fanout_lag_seconds_bucket\{le="\+Inf"\} /)).toBe(count);
  });
});
