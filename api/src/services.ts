/**
 * The services that do not depend on HTTP: built once per process (or per test database) and
 * shared by the app, the demo seed and the tests.
 */
import { LoginThrottle } from './auth/login-throttle';
import { createCluster, type Cluster } from './cluster/cluster';
import { PasswordHasher } from './auth/passwords';
import { TransactionPasswords } from './auth/transaction-password';
import { BettingService } from './betting/betting.service';
import { CasinoEngine } from './casino/casino-engine';
import { SiteCasinoService } from './casino/site-casino.service';
import { SiteLimitsService } from './catalog/site-limits.service';
import { SiteSportsService } from './catalog/site-sports.service';
import { CasinoService } from './casino/casino.service';
import { CasinoIntService } from './casino-int/casino-int.service';
import { DbNonceStore, type NonceStore } from './casino-int/nonce-store';
import { ProviderClient } from './casino-int/provider-client';
import { reconciliationJob, ReconciliationService } from './casino-int/reconciliation';
import { WalletService } from './casino-int/wallet.service';
import type { LeaderLoop } from './db/leader-loop';
import { ChipsService } from './chips/chips.service';
import { systemClock, type Clock } from './common/clock';
import type { Config } from './config';
import type { Database } from './db/database';
import { silentLogger, type Logger } from './common/logger';
import { LedgerService } from './ledger/ledger.service';
import { ButtonValuesService } from './button-values/button-values.service';
import { CatalogService } from './catalog/catalog.service';
import { SportsAdminService } from './catalog/sports-admin.service';
import { demoMatchImporter } from './catalog/demo-matches';
import { FeedIngest } from './catalog/feed-ingest';
import type { FeedProvider } from './feed/feed-provider';
import { createFeedProvider } from './feed/create-provider';
import { NewsService } from './news/news.service';
import { PaymentAccountsService } from './payments/payment-accounts.service';
import { PaymentRequestsService } from './payments/payment-requests.service';
import { ScreenshotStore } from './payments/screenshot-store';
import { ResponsibleGamblingService } from './responsible-gambling/responsible-gambling.service';
import { DomainEvents } from './common/domain-events';
import { StatementService } from './statements/statement.service';
import { SettingsService } from './settings/settings.service';
import { SiteAdminService } from './sites/site-admin.service';
import { SiteDirectory } from './sites/sites.service';
import { SettlementService } from './settlement/settlement.service';
import { AccountAdminService } from './users/account-admin.service';
import { UsersPolicy } from './users/policy';
import { UsersService } from './users/users.service';

export interface CoreServices {
  clock: Clock;
  /** Alone (memory) or one of several instances (Redis): the shared store, the realtime bus, the socket.io adapter. */
  cluster: Cluster;
  events: DomainEvents;
  passwords: PasswordHasher;
  ledger: LedgerService;
  settings: SettingsService;
  /** White-label sites (ADR 0074): the site of a host, its brand and maintenance switch. */
  sites: SiteDirectory;
  /** Listing, creating and editing sites (the Super Admin; an Admin its own). */
  siteAdmin: SiteAdminService;
  users: UsersService;
  usersPolicy: UsersPolicy;
  /** Creating, editing, locking accounts and resetting their passwords (agents). */
  accounts: AccountAdminService;
  transactionPasswords: TransactionPasswords;
  chips: ChipsService;
  betting: BettingService;
  /** Results, settlement, rollback and voids (step 4). */
  settlement: SettlementService;
  statements: StatementService;
  catalog: CatalogService;
  /** Import, switches and limits of the sports catalog (admin and sadmin). */
  sportsAdmin: SportsAdminService;
  news: NewsService;
  /** What each site switched off of the casino (ADR 0074 "Content per site"). */
  siteCasino: SiteCasinoService;
  siteSports: SiteSportsService;
  siteLimits: SiteLimitsService;
  buttonValues: ButtonValuesService;
  /** The odds-feed ingest (started by main when FEED_ENABLED; tests step it by hand). */
  feed: FeedIngest;
  /** The live casino's round engine (started by main when CASINO_ENABLED; tests step it by hand). */
  casinoEngine: CasinoEngine;
  /** Live casino tables, rounds, results and reports. */
  casino: CasinoService;
  /** International casino (issue 19): provider registry, launch, reconciliation and the CW-1 wallet. */
  casinoInt: CasinoIntService;
  wallet: WalletService;
  nonces: NonceStore;
  reconciliation: ReconciliationService;
  /** The daily reconciliation (started by main when CASINO_INT_RECONCILE_ENABLED; one instance). */
  reconciliationJob: LeaderLoop<number>;
  /** Saved payout accounts of players and the operator's payment settings. */
  paymentAccounts: PaymentAccountsService;
  /** Deposit and withdraw requests, their approval by the upline and their screenshots. */
  paymentRequests: PaymentRequestsService;
  responsibleGambling: ResponsibleGamblingService;
}

export function createCoreServices(deps: {
  config: Readonly<Config>;
  db: Database;
  clock?: Clock;
  events?: DomainEvents;
  log?: Logger;
  /**
   * The feed's provider; default the one config.feed.provider names (feed/create-provider.ts: the
   * simulator with config.feed.seed, or the replay of config.feed.replay). With no provider (production, FEED_ENABLED=false) the ingest never starts.
   */
  feedProvider?: FeedProvider;
}): CoreServices {
  const clock = deps.clock ?? systemClock;
  const log = deps.log ?? silentLogger;
  const events =
    deps.events ?? new DomainEvents((error, event) => log.error({ err: error, event }, 'domain event listener failed'));
  const cluster = createCluster({ config: deps.config, clock, log });
  const passwords = new PasswordHasher(deps.config.auth.argon2);
  const ledger = new LedgerService(deps.db, events);
  const usersPolicy = new UsersPolicy(deps.db);
  const users = new UsersService(deps.db, usersPolicy, clock);
  const transactionPasswords = new TransactionPasswords(
    deps.db,
    passwords,
    new LoginThrottle(deps.config.auth.throttle.transactionPassword, clock, cluster.store, 'transaction-password'),
  );
  const settings = new SettingsService(deps.db, clock, deps.config.settings.cacheTtlMs, events, cluster.bus);
  const sites = new SiteDirectory(deps.db, clock, deps.config.settings.cacheTtlMs, cluster.bus);
  const accounts = new AccountAdminService({ db: deps.db, policy: usersPolicy, users, passwords, transactionPasswords, events });
  const sportsAdmin = new SportsAdminService(deps.db, events);
  const siteSports = new SiteSportsService({ db: deps.db, sites });
  const siteLimits = new SiteLimitsService({ db: deps.db, sites });
  const catalog = new CatalogService(
    deps.db,
    (siteId) => siteSports.sportsOff(siteId),
    (siteId) => siteLimits.of(siteId),
  );
  const settlement = new SettlementService({ db: deps.db, catalog, events, log });
  const feedProvider = deps.feedProvider ?? createFeedProvider(deps.config, log, clock);
  const feed = new FeedIngest({
    db: deps.db,
    provider: feedProvider,
    clock,
    events,
    log,
    tickMs: deps.config.feed.tickMs,
    lockRetryMs: deps.config.feed.lockRetryMs,
    staleMs: deps.config.feed.staleMs,
    ...(deps.config.demo ? { hook: demoMatchImporter({ db: deps.db, sportsAdmin, log, clock, featured: () => feedProvider.featured?.() ?? [] }) } : {}),
    settleResults: () => settlement.settleFeedResults(),
  });
  const casinoEngine = new CasinoEngine({
    db: deps.db,
    clock,
    events,
    log,
    settlement,
    ...deps.config.casino,
  });
  const providerClient = new ProviderClient({ timeoutMs: deps.config.casinoInt.providerTimeoutMs });
  const nonces = new DbNonceStore(deps.db);
  const reconciliation = new ReconciliationService(deps.db, providerClient);
  const casinoInt = new CasinoIntService(deps.db, providerClient, {
    allowedOrigins: deps.config.realtime.allowedOrigins,
    launchTokenTtlMs: deps.config.casinoInt.launchTokenTtlMs,
    sessionTtlMs: deps.config.casinoInt.sessionTtlMs,
  });
  return {
    casinoInt,
    wallet: new WalletService({ db: deps.db, ledger, maintenance: () => settings.isMaintenance(), log }),
    nonces,
    reconciliation,
    reconciliationJob: reconciliationJob({ db: deps.db, log, clock, reconciliation, nonces, tickMs: deps.config.casinoInt.reconcileTickMs }),
    clock,
    cluster,
    events,
    passwords,
    ledger,
    settings,
    sites,
    siteAdmin: new SiteAdminService({ db: deps.db, sites, accounts, events }),
    users,
    usersPolicy,
    accounts,
    transactionPasswords,
    chips: new ChipsService({ db: deps.db, ledger, policy: usersPolicy, transactionPasswords }),
    betting: new BettingService({
      db: deps.db,
      events,
      log,
      // Each of the two batchers (runner, fancy) may take up to half the pool when batches stall.
      batching: { ...deps.config.betting, batchMaxRunning: Math.max(1, Math.floor(deps.config.database.poolMax / 2)) },
    }),
    settlement,
    statements: new StatementService(deps.db, ledger, usersPolicy),
    catalog,
    sportsAdmin,
    news: new NewsService(deps.db, sites),
    siteSports,
    siteLimits,
    siteCasino: new SiteCasinoService({ db: deps.db, sites, providerIds: () => casinoInt.providerIds() }),
    buttonValues: new ButtonValuesService(deps.db),
    feed,
    casinoEngine,
    casino: new CasinoService({ db: deps.db, clock, events }),
    responsibleGambling: new ResponsibleGamblingService(deps.db),
    paymentAccounts: new PaymentAccountsService(deps.db, clock, deps.config.payments.accountsAddedPerDay, sites),
    paymentRequests: new PaymentRequestsService({
      db: deps.db,
      ledger,
      policy: usersPolicy,
      transactionPasswords,
      settings,
      store: new ScreenshotStore(deps.config.paths.uploadsDir),
      events,
      clock,
      requestsPerDay: deps.config.payments.requestsPerDay,
      log,
    }),
  };
}
