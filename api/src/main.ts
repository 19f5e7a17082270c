/**
 * Entry point: load config, start the database (embedded unless DATABASE_URL is set), run
 * migrations, seed the demo data in demo mode, build the app and listen. SIGINT/SIGTERM close
 * the app (sockets first), the pool, then the embedded PostgreSQL, in that order.
 */
import pino from 'pino';
import { buildApp } from './app';
import { logOptions } from './common/log-options';
import { ConfigError, loadConfig, resolveJwtSecret, type Config } from './config';
import { Database } from './db/database';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './db/embedded-postgres';
import { runMigrations } from './db/migrate';
import { seedStudioProvider } from './casino-int/seed';
import { seedDemo } from './demo/demo-seed';
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
      statementTimeoutMs: config.database.statementTimeoutMs,
      lockTimeoutMs: config.database.lockTimeoutMs,
      onIdleError: (error) => log.warn({ err: error }, 'idle database connection failed'),
    });
    const applied = await runMigrations(db, config.paths.migrationsDir, config.paths.sqlFunctionsDir);
    log.info({ applied }, applied.length > 0 ? `applied ${applied.length} migration(s)` : 'schema is up to date');

    const services = createCoreServices({ config, db, log });
    if (config.demo) {
      const seeded = await seedDemo({ db, ledger: services.ledger, passwords: services.passwords });
      log.info(seeded, 'demo data ready (users demo-admin … demo-user, password Backlay#2026)');
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
    log.info(`Backlay API listening on ${address} (docs at ${address}/api/docs)`);
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
