/**
 * buildApp: the Fastify instance with every plugin and route, not yet listening. main.ts
 * listens on it; tests use app.inject (or listen on an ephemeral port for sockets).
 * Load order: infrastructure plugins (db, errors, docs, auth), then the domain routes under
 * /api, then the realtime server on the same HTTP server.
 */
import { DATA_NAMESPACE, TWO_FACTOR_CHALLENGE_TTL_SEC, USER_NAMESPACE, isTwoFactorChallenge, type Area } from '@backlay/shared/contracts';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { AccessTokens, jwtPluginOptions } from './auth/access-tokens';
import { authRoutes } from './auth/auth.routes';
import { AuthService } from './auth/auth.service';
import { Authenticator } from './auth/authenticator';
import { IdleSessions } from './auth/idle-sessions';
import { LoginChallenges } from './auth/login-challenges';
import { LoginHistoryService } from './auth/login-history.service';
import { LoginThrottle } from './auth/login-throttle';
import { securityRoutes } from './auth/security.routes';
import { responsibleGamblingRoutes } from './responsible-gambling/responsible-gambling.routes';
import { TwoFactorService } from './auth/two-factor.service';
import { serverKeys } from './auth/server-keys';
import { buttonValuesRoutes } from './button-values/button-values.routes';
import { casinoRoutes } from './casino/casino.routes';
import { casinoIntRoutes } from './casino-int/casino-int.routes';
import { walletRoutes } from './casino-int/wallet.routes';
import { catalogRoutes } from './catalog/catalog.routes';
import { feedMarketCounts } from './catalog/markets.repository';
import { readFeedStatus } from './catalog/feed-status';
import { betReportsRoutes } from './bet-reports/bet-reports.routes';
import { BetReportsService } from './bet-reports/bet-reports.service';
import { DashboardService, istDay } from './bet-reports/dashboard.service';
import * as metricsRepo from './health/metrics.repository';
import * as registrationRepo from './registration/registration.repository';
import { pushRoutes } from './push/push.routes';
import { PushService } from './push/push.service';
import { vapidKeysFromSecret } from './push/vapid';
import { bettingRoutes } from './betting/betting.routes';
import { cashOutRoutes } from './cashout/cashout.routes';
import { CashOutService } from './cashout/cashout.service';
import { chipsRoutes } from './chips/chips.routes';
import { logOptions } from './common/log-options';
import type { Config } from './config';
import type { Database } from './db/database';
import { healthRoutes } from './health/health.routes';
import { statementsRoutes } from './statements/statements.routes';
import { newsRoutes } from './news/news.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { createRegistration } from './registration/registration';
import { registrationRoutes } from './registration/registration.routes';
import { authentication } from './plugins/auth';
import { dbHandle } from './plugins/db';
import { errorHandler, frameworkErrors } from './plugins/error-handler';
import { metrics } from './plugins/metrics';
import { RequestLogController } from './plugins/request-log';
import { swaggerDocs, tagged } from './plugins/swagger';
import { requestValidation } from './plugins/validation';
import { createRealtime, type Realtime } from './realtime/realtime.server';
import { createCoreServices, type CoreServices } from './services';
import { settingsRoutes } from './settings/settings.routes';
import { sitesRoutes } from './sites/sites.routes';
import { RegistrationAgentService } from './registration/registration-agent.service';
import { maintenanceGate } from './sites/sites.service';
import { settlementRoutes } from './settlement/settlement.routes';
import { usersRoutes } from './users/users.routes';

export interface AppDeps {
  config: Readonly<Config>;
  db: Database;
  /** The current JWT secret (main.ts resolveJwtSecret); the other keys come from config (server-keys.ts). */
  jwtSecret: string;
  /** Built by the caller when it needs them before the app (demo seed, tests). */
  services?: CoreServices;
  /** A pino logger to share with main; otherwise the app creates one at config.log.level. */
  logger?: FastifyBaseLogger;
}

export interface AppServices extends CoreServices {
  auth: AuthService;
  authenticator: Authenticator;
  throttles: Record<Area, LoginThrottle>;
  realtime: Realtime;
  twoFactor: TwoFactorService;
  loginHistory: LoginHistoryService;
  idleSessions: IdleSessions;
  /** Browser notifications (Web Push). */
  push: PushService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Trust the nearest `hops` addresses of the chain (the socket's peer first) as proxies. */
const trustHops = (hops: number) => (_address: string, hop: number): boolean => hop < hops;

/** What /metrics reports of the product beside HTTP and the process (plugins/metrics.ts). */
function productMetrics(app: FastifyInstance, db: Database, core: CoreServices, realtime: Realtime, config: Readonly<Config>): void {
  // Players' activity is counted per site (ADR 0074; a label of site ids: few values).
  const placed = app.metrics.counter('backlay_bets_placed_total', 'Bets accepted (sports and casino), by site', ['site']);
  // Turnover (issue 34): what the players staked, by site, sport and kind of market (this
  // instance's bets; sum the instances). A match's sport and a user's site are read once per instance.
  const bets = app.metrics.counter('backlay_bets_by_market_type_total', 'Bets accepted, by site, sport and market type', ['site', 'sport', 'market_type']);
  const turnover = app.metrics.counter('backlay_turnover_rupees_total', 'Stakes of the bets accepted (turnover), in rupees, by site, sport and market type', ['site', 'sport', 'market_type']);
  const sites = new Map<string, Promise<string>>();
  const siteOf = (userId: string) => {
    let known = sites.get(userId);
    if (known === undefined) {
      known = metricsRepo.siteOfUser(db, userId).then((site) => site ?? 'unknown', () => 'unknown');
      if (sites.size >= 100_000) sites.clear();
      sites.set(userId, known);
    }
    return known;
  };
  const sports = new Map<string, Promise<string>>();
  const sportOf = (matchId: string) => {
    let known = sports.get(matchId);
    if (known === undefined) {
      known = metricsRepo.sportOfMatch(db, matchId).then((sport) => sport ?? 'unknown', () => 'unknown');
      if (sports.size >= 10_000) sports.clear();
      sports.set(matchId, known);
    }
    return known;
  };
  core.events.on('betting.betPlaced', ({ matchId, marketType, stakeMinor, wallet }) => {
    void Promise.all([siteOf(wallet.userId), sportOf(matchId)]).then(([site, sport]) => {
      placed.inc({ site });
      bets.inc({ site, sport, market_type: marketType });
      turnover.inc({ site, sport, market_type: marketType }, Number(stakeMinor) / 100);
    });
  });
  answerMetrics(app);
  const refused = app.metrics.counter('backlay_bets_refused_total', 'Bets refused, by the answer\'s code', ['code']);
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && request.routeOptions.url === '/api/placebet' && typeof payload === 'string') {
      let code = 'UNKNOWN';
      try {
        code = String((JSON.parse(payload) as { data?: { code?: unknown } }).data?.code ?? code);
      } catch {
        /* not JSON */
      }
      refused.inc({ code });
    }
    return payload;
  });
  const overMax = app.metrics.counter(
    'backlay_cw1_credits_over_max_total',
    'CW-1 credits refused for paying more than the round\'s stakes times the game\'s maximum payout multiplier, by provider',
    ['provider'],
  );
  core.wallet.observeCreditsOverMax((provider) => overMax.inc({ provider }));
  app.metrics.gauge('backlay_socket_clients', 'Connected sockets by namespace', ['namespace'], (gauge) => {
    for (const name of [USER_NAMESPACE, DATA_NAMESPACE]) gauge.set({ namespace: name }, realtime.io.of(name).sockets.size);
  });
  // Market data is batched (MARKET_DATA_BATCH_MS), so the buckets go around one interval: a lag
  // well past it means the event loop, not the batching, held the frame back.
  const fanoutLag = app.metrics.histogram(
    'backlay_fanout_lag_seconds',
    'Time from a market-data change reaching this instance to its delta frame being emitted to the match room',
    [],
    [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2, 5],
  );
  realtime.marketData.observeLag((seconds) => fanoutLag.observe(seconds));
  const poolWait = app.metrics.histogram(
    'backlay_db_pool_wait_seconds',
    'Time a query or transaction waited for a pooled database connection (queueing once all DB_POOL_MAX are busy)',
    [],
    [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  );
  db.observePoolWaits((seconds) => poolWait.observe(seconds));
  app.metrics.gauge('backlay_db_pool_connections', 'Database pool connections by state (waiting: requests queued for one)', ['state'], (gauge) => {
    const stats = db.poolStats();
    gauge.set({ state: 'total' }, stats.total);
    gauge.set({ state: 'idle' }, stats.idle);
    gauge.set({ state: 'waiting' }, stats.waiting);
  });
  const jobs = { feed: core.feed, casino: core.casinoEngine } as const;
  app.metrics.gauge('backlay_job_leader', 'Whether this instance runs the singleton job (advisory lock)', ['job'], (gauge) => {
    for (const [job, runner] of Object.entries(jobs)) gauge.set({ job }, runner.leader ? 1 : 0);
  });
  app.metrics.gauge('backlay_job_tick_age_seconds', 'Time since the leader\'s last tick of the job ended (its lag: a stuck job grows)', ['job'], (gauge) => {
    for (const [job, runner] of Object.entries(jobs)) {
      const last = runner.leader ? runner.lastTick : null;
      if (last !== null) gauge.set({ job }, (performance.now() - last.endedAt) / 1000);
    }
  });
  app.metrics.gauge('backlay_job_tick_seconds', 'How long the leader\'s last tick of the job took', ['job'], (gauge) => {
    for (const [job, runner] of Object.entries(jobs)) {
      const last = runner.leader ? runner.lastTick : null;
      if (last !== null) gauge.set({ job }, last.ms / 1000);
    }
  });
  feedMetrics(app, db, core.feed);
  app.metrics.gauge('backlay_casino_round_overdue_seconds', 'How far the most overdue live casino round is past its close or settlement', [], async (gauge) => {
    gauge.set((await core.casino.overdueMs()) / 1000);
  });
  // The business's queues (issue 34; deploy/prometheus/alerts.yaml alerts on them), per site
  // (every site has its series, 0 when its queue is empty). One read of the queue per scrape
  // serves both gauges (a scrape collects them at once).
  const queueBySite = async () => {
    const [all, rows] = await Promise.all([core.sites.all(), metricsRepo.pendingPaymentsBySite(db)]);
    const now = core.clock.nowMs();
    return all.flatMap((site) =>
      (['deposit', 'withdraw'] as const).map((type) => {
        const row = rows.find((r) => r.siteId === site.id && r.type === type);
        return { site: site.id, type, count: row?.count ?? 0, oldestMs: row === undefined ? 0 : Math.max(0, now - row.oldest.getTime()) };
      }),
    );
  };
  let queueRead: ReturnType<typeof queueBySite> | null = null;
  const pendingQueue = () => (queueRead ??= queueBySite().finally(() => (queueRead = null)));
  app.metrics.gauge('backlay_payment_requests_pending', 'Deposit and withdraw requests waiting for an agent\'s decision, by site and type', ['site', 'type'], async (gauge) => {
    for (const { site, type, count } of await pendingQueue()) gauge.set({ site, type }, count);
  });
  app.metrics.gauge('backlay_payment_requests_oldest_pending_seconds', 'How long the oldest pending deposit or withdraw request has waited, by site and type', ['site', 'type'], async (gauge) => {
    for (const { site, type, oldestMs } of await pendingQueue()) gauge.set({ site, type }, oldestMs / 1000);
  });
  // The house's day and what is at stake now (issue 34): platform figures from the database.
  app.metrics.gauge('backlay_open_exposure_rupees', 'The players\' open exposure now (Σ of every wallet\'s), by site', ['site'], async (gauge) => {
    for (const { siteId, totalMinor } of await metricsRepo.openExposureBySite(db)) gauge.set({ site: siteId }, Number(totalMinor) / 100);
  });
  app.metrics.gauge(
    'backlay_settled_today_rupees',
    'What settled since India\'s midnight, in rupees: ggr (what the players lost), commission, house_share (the root\'s partnership) and agents_share (every agent below it)',
    ['figure'],
    async (gauge) => {
      const figures = await metricsRepo.settledSince(db, `${istDay(core.clock.nowMs())}T00:00:00+05:30`);
      gauge.set({ figure: 'ggr' }, Number(figures.ggrMinor) / 100);
      gauge.set({ figure: 'commission' }, Number(figures.commissionMinor) / 100);
      gauge.set({ figure: 'house_share' }, Number(figures.houseShareMinor) / 100);
      gauge.set({ figure: 'agents_share' }, Number(figures.agentsShareMinor) / 100);
    },
  );
  app.metrics.gauge('backlay_casino_int_reconciliations_off', 'International casino providers whose latest daily reconciliation mismatched or failed', [], async (gauge) => {
    gauge.set(await metricsRepo.reconciliationsOff(db));
  });
  // Only in cluster mode has it a sample (a single instance uses no Redis: no false 0 to alert on).
  app.metrics.gauge('backlay_redis_up', 'Whether Redis answered PING within a second (cluster mode only)', ['mode'], async (gauge) => {
    if (core.cluster.distributed) gauge.set({ mode: 'cluster' }, (await core.cluster.ping(1_000)) === 'up' ? 1 : 0);
  });
  app.metrics.gauge('backlay_sms_messages_last_hour', 'Messages to the real SMS gateway in the last hour by status (queued, sent, failed, delivered, undelivered)', ['status'], async (gauge) => {
    if (config.registration.smsProvider !== 'http') return;
    const counts = await registrationRepo.smsMessagesLastHour(db);
    for (const status of ['queued', 'sent', 'failed', 'delivered', 'undelivered']) gauge.set({ status }, counts.get(status) ?? 0);
  });
  app.metrics.gauge('backlay_markets_awaiting_settlement', 'Markets and fancies whose feed result is in, with open bets, not settled yet', [], async (gauge) => {
    gauge.set(await core.settlement.awaitingSettlement());
  });
}

/** A counted answer: its code (an error's `data.code`, a CW-1 answer's `status`), "ok" for a 2xx without one. */
function answerCode(statusCode: number, payload: unknown): string {
  if (typeof payload === 'string') {
    try {
      const body = JSON.parse(payload) as { data?: { code?: unknown }; status?: unknown };
      const code = body.data?.code ?? body.status;
      if (typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code)) return code.toLowerCase();
    } catch {
      /* not JSON */
    }
  }
  return statusCode < 300 ? 'ok' : `http_${statusCode}`;
}

/**
 * The answers the business counts (issue 34), by outcome: sign-ins (failed, throttled, locked …)
 * per area, OTP sends, registrations, and the CW-1 wallet callbacks by operation (their latency
 * is the request histogram's, by route).
 */
function answerMetrics(app: FastifyInstance): void {
  const logins = app.metrics.counter('backlay_logins_total', 'Sign-in attempts by site, area and outcome (ok, or the refusal\'s code)', ['site', 'area', 'outcome']);
  const otps = app.metrics.counter('backlay_otp_sends_total', 'OTP send requests by outcome', ['outcome']);
  const registrations = app.metrics.counter('backlay_registrations_total', 'Self-registrations by site and outcome', ['site', 'outcome']);
  const wallet = app.metrics.counter('backlay_cw1_callbacks_total', 'CW-1 wallet callbacks by operation and answered status', ['op', 'status']);
  // The request's site (the auth hook resolved it from the host; ADR 0074).
  const counted: Record<string, (outcome: string, site: string) => void> = {
    '/api/login': (outcome, site) => logins.inc({ site, area: 'player', outcome }),
    '/api/login-admin': (outcome, site) => logins.inc({ site, area: 'admin', outcome }),
    '/api/login-two-factor': (outcome, site) => logins.inc({ site, area: 'two_factor', outcome }),
    '/api/send-otp': (outcome) => otps.inc({ outcome }),
    '/api/user-register': (outcome, site) => registrations.inc({ site, outcome }),
  };
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (route === undefined) return payload;
    const count = counted[route];
    if (count !== undefined) count(answerCode(reply.statusCode, payload), request.siteId === '' ? 'unknown' : request.siteId);
    else if (route.startsWith('/api/wallet/')) wallet.inc({ op: route.slice('/api/wallet/'.length), status: answerCode(reply.statusCode, payload) });
    return payload;
  });
}

/**
 * The feed's health (ADR 0039): the connection as the leader sees it (nothing from a standby),
 * the markets by stored status and the ingest's holds (from the database: any instance), and the
 * markets held as stale (a counter of this instance's holds).
 */
function feedMetrics(app: FastifyInstance, db: Database, feed: CoreServices['feed']): void {
  const held = app.metrics.counter('backlay_feed_stale_suspensions_total', 'Markets and fancies the ingest held suspended because the feed went stale, by why', ['reason']);
  feed.observeStaleSuspensions((count, reason) => held.inc({ reason }, count));
  const leaderHealth = () => {
    const status = feed.status();
    return status.leader && status.health !== null ? { status, health: status.health } : null;
  };
  app.metrics.gauge('backlay_feed_connected', 'Whether the leader\'s feed provider is connected (1) or not (0)', ['provider'], (gauge) => {
    const seen = leaderHealth();
    if (seen !== null) gauge.set({ provider: seen.status.provider }, seen.health.connected ? 1 : 0);
  });
  app.metrics.gauge('backlay_feed_last_message_age_seconds', 'Time since the feed provider\'s last message, heartbeats included (its staleness)', ['provider'], (gauge) => {
    const seen = leaderHealth();
    if (seen !== null && seen.status.lastMessageAgeMs !== null) gauge.set({ provider: seen.status.provider }, seen.status.lastMessageAgeMs / 1000);
  });
  app.metrics.gauge('backlay_feed_lag_seconds', 'How far behind its source the feed provider runs (publish time to receipt)', ['provider'], (gauge) => {
    const seen = leaderHealth();
    if (seen !== null && seen.health.lagMs !== null) gauge.set({ provider: seen.status.provider }, seen.health.lagMs / 1000);
  });
  app.metrics.gauge('backlay_feed_reconnects', 'Reconnections of the feed provider since it started', ['provider'], (gauge) => {
    const seen = leaderHealth();
    if (seen !== null) gauge.set({ provider: seen.status.provider }, seen.health.reconnects);
  });
  app.metrics.gauge('backlay_feed_markets_subscribed', 'Markets the feed provider is subscribed to', ['provider'], (gauge) => {
    const seen = leaderHealth();
    if (seen !== null) gauge.set({ provider: seen.status.provider }, seen.health.marketsSubscribed);
  });
  app.metrics.gauge('backlay_feed_markets', 'The feed\'s markets and fancies by stored status, and those the ingest holds (held_stale, held_in_play)', ['status'], async (gauge) => {
    const counts = await feedMarketCounts(db);
    gauge.set({ status: 'open' }, counts.open);
    gauge.set({ status: 'suspended' }, counts.suspended);
    gauge.set({ status: 'ball_running' }, counts.ballRunning);
    gauge.set({ status: 'closed' }, counts.closed);
    gauge.set({ status: 'held_stale' }, counts.heldStale);
    gauge.set({ status: 'held_in_play' }, counts.heldInPlay);
    gauge.set({ status: 'admin_suspended' }, counts.adminSuspended);
  });
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    ...(deps.logger !== undefined ? { loggerInstance: deps.logger } : { logger: logOptions(config.log.level) }),
    genReqId: () => randomUUID(),
    // One line per request, with its method, URL, status and time (plugins/request-log.ts).
    logController: new RequestLogController(),
    bodyLimit: config.server.bodyLimitBytes,
    requestTimeout: config.server.requestTimeoutMs,
    // A hop count as Fastify runs one (its types take no number): the first n hops are proxies.
    trustProxy: typeof config.server.trustProxy === 'number' ? trustHops(config.server.trustProxy) : config.server.trustProxy,
    frameworkErrors,
  });
  app.server.headersTimeout = config.server.headersTimeoutMs;

  const core = deps.services ?? createCoreServices({ config, db, log: app.log });
  const keys = serverKeys(config, deps.jwtSecret);
  let authenticator: Authenticator | null = null;
  // Browser notifications (issue 34, ADR 0071): the VAPID pair configured, or derived from the JWT secret.
  const push = new PushService({
    db,
    events: core.events,
    log: app.log,
    vapid: config.push.vapid ?? vapidKeysFromSecret(deps.jwtSecret),
    subject: config.push.subject,
    allowLoopbackHttp: config.push.allowLoopbackHttp,
  });

  // No page of the product may be framed (ADR 0033): the API's own HTML, the OpenAPI UI at
  // /api/docs, included (the front end's units say the same from shared/build/serve.mjs).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', "frame-ancestors 'none'");
  });
  await app.register(dbHandle, { db });
  await app.register(metrics, { token: config.metrics.token });
  await app.register(errorHandler);
  await app.register(requestValidation);
  if (config.docs.enabled) await app.register(swaggerDocs);
  // The player area closes for the platform's switch or the site's own (ADR 0074).
  const maintenance = maintenanceGate(core.settings, core.sites);
  await app.register(authentication, {
    jwt: jwtPluginOptions(keys.jwt, config.auth.accessTokenTtlSec),
    maintenance,
    siteOfHost: (hostname) => core.sites.siteIdOfHost(hostname),
    transactionPasswords: core.transactionPasswords,
    getAuthenticator: () => {
      if (authenticator === null) throw new Error('authenticator used before the app was built');
      return authenticator;
    },
  });

  const tokens = new AccessTokens(app.jwt, keys.jwt);
  // Account security (issue 20; ADR 0018 for the idle timeout).
  const idleSessions = new IdleSessions(db, core.clock, config.auth.idleTimeoutMs, core.cluster.store);
  core.events.on('session.ended', (event) => {
    for (const id of event.endedSessionIds) idleSessions.forget(id).catch((error: unknown) => app.log.warn({ err: error }, 'idle session not forgotten'));
  });
  authenticator = new Authenticator(tokens, db, { sessions: idleSessions, events: core.events });
  const throttles: Record<Area, LoginThrottle> = {
    player: new LoginThrottle(config.auth.throttle.player, core.clock, core.cluster.store, 'player'),
    admin: new LoginThrottle(config.auth.throttle.admin, core.clock, core.cluster.store, 'admin'),
  };
  const twoFactor = new TwoFactorService({
    db,
    keys: keys.twoFactor,
    clock: core.clock,
    passwords: core.passwords,
    throttles,
    log: app.log,
  });
  const loginHistory = new LoginHistoryService(db);
  const auth = new AuthService({
    db,
    config,
    tokens,
    passwords: core.passwords,
    throttles,
    transactionPasswords: core.transactionPasswords,
    rotationKeys: keys.refreshRotation,
    events: core.events,
    maintenance,
    ledger: core.ledger,
    log: app.log,
    twoFactor,
    challenges: new LoginChallenges(core.clock, TWO_FACTOR_CHALLENGE_TTL_SEC * 1000, core.cluster.store),
    history: loginHistory,
    idle: idleSessions,
  });
  const realtime = createRealtime({
    httpServer: app.server,
    config,
    authenticator,
    siteOfHost: (hostname) => core.sites.siteIdOfHost(hostname),
    events: core.events,
    cluster: core.cluster,
    catalog: core.catalog,
    casinoSnapshot: (matchId) => core.casino.snapshot(matchId),
    log: app.log,
  });
  app.decorate('services', { ...core, auth, authenticator, throttles, realtime, twoFactor, loginHistory, idleSessions, push });
  productMetrics(app, db, core, realtime, config);

  await app.register(
    async (api) => {
      await api.register(tagged('health', healthRoutes), { cluster: core.cluster });
      await api.register(tagged('auth', authRoutes), { auth });
      await api.register(tagged('security', securityRoutes), { auth, twoFactor, history: loginHistory });
      await api.register(tagged('users', usersRoutes), { users: core.users, accounts: core.accounts });
      await api.register(tagged('chips', chipsRoutes), { chips: core.chips });
      await api.register(tagged('betting', bettingRoutes), {
        betting: core.betting,
        assertSiteAllows: async (siteId, bet) => {
          await core.siteCasino.assertTableOffered(siteId, bet.matchId);
          await core.siteSports.assertSportOffered(siteId, bet.matchId);
          await core.siteLimits.assertStakeAllowed(siteId, bet.stake);
        },
      });
      await api.register(tagged('cash-out', cashOutRoutes), { cashOut: new CashOutService({ db, betting: core.betting }) });
      await api.register(tagged('bet-reports', betReportsRoutes), {
        reports: new BetReportsService({ db, policy: core.usersPolicy, clock: core.clock }),
        dashboard: new DashboardService({
          db,
          clock: core.clock,
          pendingOf: (actor) => core.paymentRequests.pendingBySiteFor(actor),
          sites: () => core.sites.all(),
        }),
      });
      await api.register(tagged('settlement', settlementRoutes), { settlement: core.settlement });
      await api.register(tagged('push', pushRoutes), { push });
      await api.register(tagged('statements', statementsRoutes), { statements: core.statements });
      await api.register(tagged('settings', settingsRoutes), { settings: core.settings });
      await api.register(tagged('sites', sitesRoutes), { sites: core.sites, siteAdmin: core.siteAdmin });
      await api.register(tagged('catalog', catalogRoutes), {
        catalog: core.catalog,
        sportsAdmin: core.sportsAdmin,
        siteSports: core.siteSports,
        siteLimits: core.siteLimits,
        feedStatus: () => {
          const { provider, staleAfterMs } = core.feed.status();
          return readFeedStatus(db, core.clock, { provider, staleAfterMs });
        },
      });
      await api.register(tagged('casino', casinoRoutes), { casino: core.casino, siteCasino: core.siteCasino });
      await api.register(tagged('casino-int', casinoIntRoutes), {
        casinoInt: core.casinoInt,
        reconciliation: core.reconciliation,
        providersOff: (siteId) => core.siteCasino.providersOff(siteId),
      });
      // Its own encapsulated plugin: the raw-body parser applies to the wallet callbacks only.
      await api.register(tagged('wallet', walletRoutes), { wallet: core.wallet, nonces: core.nonces, db });
      await api.register(tagged('news', newsRoutes), { news: core.news });
      await api.register(tagged('button-values', buttonValuesRoutes), { buttonValues: core.buttonValues });
      await api.register(tagged('payments', paymentsRoutes), { requests: core.paymentRequests, accounts: core.paymentAccounts });
      await api.register(tagged('responsible-gambling', responsibleGamblingRoutes), { rg: core.responsibleGambling });
      await api.register(tagged('registration', registrationRoutes), {
        registration: createRegistration({
          ...{ config, db, clock: core.clock, passwords: core.passwords, ledger: core.ledger, log: app.log },
          jwtSecret: deps.jwtSecret,
          registrationAgentOf: async (siteId) => (await core.sites.site(siteId))?.registrationAgentId ?? null,
          // A player who has just registered has no two-factor yet: login answers the session.
          signIn: async (body, meta) => {
            const outcome = await auth.login('player', body, meta);
            if (isTwoFactorChallenge(outcome)) throw new Error('a new player cannot have two-factor on');
            return outcome;
          },
        }),
        agents: new RegistrationAgentService({ db, sites: core.sites, policy: core.usersPolicy }),
      });
    },
    { prefix: '/api' },
  );

  // Close sockets before the HTTP server stops, or open websockets would hold close() open; the
  // feed ingest stops (and gives its lock back) before the owner closes the pool.
  app.addHook('preClose', async () => {
    await core.feed.stop();
    await core.casinoEngine.stop();
    await core.reconciliationJob.stop();
    await realtime.close();
    push.close();
    await push.settled();
  });
  // Realtime listens to the bus's topics while it is built: be subscribed before serving.
  app.addHook('onReady', () => core.cluster.ready());
  // Last: the Redis connections (the socket.io adapter unsubscribes when realtime closes).
  app.addHook('onClose', async () => {
    await core.cluster.close();
  });
  return app;
}
