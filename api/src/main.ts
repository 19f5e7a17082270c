/**
 * Entry point: load config, start the database (embedded unless DATABASE_URL is set), run
 * migrations (or, with MIGRATE_AT_START=false, wait for a separate step to have run them), seed the
 * demo data in demo mode, build the app and listen. SIGINT/SIGTERM close the app (sockets first),
 * the pool, then the embedded PostgreSQL, in that order.
 *
 * `node dist/main.js migrate` only migrates and exits (0 applied or up to date, 1 failed): the
 * Compose service and the Kubernetes Job that run before the replicas of a release (ADR 0064).
 */
import pino from 'pino';
import { buildApp } from './app';
import { logOptions } from './common/log-options';
import { ConfigError, loadConfig, resolveJwtSecret, type Config } from './config';
import { Database } from './db/database';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './db/embedded-postgres';
import { runMigrations, schemaStatus } from './db/migrate';
import { seedStudioProvider } from './casino-int/seed';
import { seedDemo, seedDemoSecondSite } from './demo/demo-seed';
import { createCoreServices } from './services';

const SHUTDOWN_TIMEOUT_MS = 15_000;

async function startDatabase(config: Readonly<Config>, log: pino.Logger): Promise<{ url: string; embedded: EmbeddedPostgresHandle | null }> {
  if (config.database.url !== null) {
    log.info('using the external PostgreSQL from DATABASE_URL');
    return { url: config.database.url, embedded: null };
  }
  const { embedded: options } = config.database;
  log.info({ dataDir: options.dataDir, port: options.port }, 'starting the embedded PostgreSQL');
  const embedded = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    port: options.port,
    user: options.user,
    database: options.database,
    onLog: (message) => log.debug({ source: 'postgres' }, message),
  });
  log.info({ port: options.port }, `embedded PostgreSQL ready on 127.0.0.1:${options.port}`);
  return { url: embedded.url, embedded };
}

/**
 * MIGRATE_AT_START=false: a separate step migrates; this replica starts only on the schema its code
 * was built for. It polls until no migration of its image is pending (a release's migrate step is
 * still running), failing after MIGRATIONS_WAIT_SEC, and at once when a migration it ships was
 * edited after it ran (never fixed by waiting).
 */
async function waitForSchema(db: Database, config: Readonly<Config>, log: pino.Logger): Promise<void> {
  const deadline = Date.now() + config.database.migrationsWaitMs;
  for (let logged = false; ; logged = true) {
    const { pending, changed } = await schemaStatus(db, config.paths.migrationsDir);
    if (changed.length > 0) throw new Error(`migrations changed after they were applied: ${changed.join(', ')} (write a new migration instead)`);
    if (pending.length === 0) {
      log.info('schema is the image\'s (migrated by a separate step: MIGRATE_AT_START=false)');
      return;
    }
    if (Date.now() >= deadline) throw new Error(`the schema is not migrated: ${pending.length} migration(s) pending (${pending.join(', ')}); run \`node dist/main.js migrate\` (the release's migrate step)`);
    if (!logged) log.info({ pending }, `waiting for ${pending.length} migration(s) (MIGRATE_AT_START=false: the release's migrate step applies them)`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** `node dist/main.js migrate`: migrate and exit. */
const migrateOnly = process.argv[2] === 'migrate';

async function main(): Promise<void> {
  let config: Readonly<Config>;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const log = pino(logOptions(config.log.level));
  const jwtSecret = resolveJwtSecret(config);

  let embedded: EmbeddedPostgresHandle | null = null;
  let db: Database | null = null;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let stopping = false;

  const shutdown = async (reason: string, exitCode: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'shutting down');
    const timer = setTimeout(() => {
      log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      if (app !== null) await app.close();
      if (db !== null) await db.close();
      if (embedded !== null) await embedded.stop();
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
      exitCode = 1;
    }
    log.info('stopped');
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void shutdown('SIGINT', 0));
  process.once('SIGTERM', () => void shutdown('SIGTERM', 0));

  try {
    const database = await startDatabase(config, log);
    embedded = database.embedded;
    db = Database.connect({
      url: database.url,
      poolMax: config.database.poolMax,
      poolWaitMs: config.database.poolWaitMs,
      statementTimeoutMs: config.database.statementTimeoutMs,
      lockTimeoutMs: config.database.lockTimeoutMs,
      onIdleError: (error) => log.warn({ err: error }, 'idle database connection failed'),
    });
    if (migrateOnly || config.database.migrateAtStart) {
      const applied = await runMigrations(db, config.paths.migrationsDir, config.paths.sqlFunctionsDir);
      log.info({ event: 'migrations_applied', applied }, applied.length > 0 ? `applied ${applied.length} migration(s)` : 'schema is up to date');
      if (migrateOnly) {
        await shutdown('migrated', 0);
        return;
      }
    } else {
      await waitForSchema(db, config, log);
    }

    const services = createCoreServices({ config, db, log });
    if (config.demo) {
      const seeded = await seedDemo({ db, ledger: services.ledger, passwords: services.passwords });
      log.info(seeded, 'demo data ready (users demo-admin … demo-user, password Backlay#2026)');
      // A second white-label site on the machine's other local name (ADR 0074).
      const second = await seedDemoSecondSite({ db, ledger: services.ledger, passwords: services.passwords });
      log.info(second, 'demo site Sixer Exchange ready on localhost (the same usernames, its own accounts)');
    }

    if (config.casinoInt.studio !== null) {
      await seedStudioProvider(db, config.casinoInt.studio);
      log.info({ url: config.casinoInt.studio.url }, 'casino provider backlay-studio registered');
    }

    app = await buildApp({ config, db, jwtSecret, services, logger: log });
    // Secrets not under the current TOTP key move to it (ADR 0031), before the first login.
    const moved = await app.services.twoFactor.reencryptStoredSecrets();
    if (moved.reencrypted > 0) log.info(moved, `re-encrypted ${moved.reencrypted} two-factor secret(s) under the current TOTP key`);
    const address = await app.listen({ host: config.server.host, port: config.server.port });
    log.info(`Backlay API listening on ${address} (docs at ${address}/api/docs), Node ${process.version}`);
    if (config.feed.enabled) {
      services.feed.start();
      log.info({ providers: config.feed.providers, seed: config.feed.seed, tickMs: config.feed.tickMs }, 'feed ingest started (one instance runs it: advisory lock)');
    } else {
      log.info('no feed ingest (FEED_ENABLED=false)');
    }
    if (config.casino.enabled) {
      services.casinoEngine.start();
      log.info({ bettingSeconds: config.casino.bettingSeconds }, 'casino engine started (one instance runs the tables: advisory lock)');
    }
    if (config.casinoInt.reconcileEnabled) services.reconciliationJob.start();
  } catch (error) {
    log.fatal({ err: error }, 'failed to start');
    await shutdown('startup failure', 1);
  }
}

void main();
