/**
 * Jest global setup of the integration project: with DATABASE_URL set, tests use that server;
 * otherwise an embedded PostgreSQL starts in a temporary directory on a free loopback port.
 * Either way BACKLAY_TEST_ADMIN_URL tells the tests where to create their databases.
 *
 * Then it migrates one database, `test_template_<random>` (BACKLAY_TEST_TEMPLATE), from empty
 * with the same migrations and SQL functions as a start of the product. Each test file's fresh
 * database is a copy of it (`CREATE DATABASE … TEMPLATE`, test/helper.ts): migrating 60-odd
 * databases one by one cost about a second each. global-teardown.ts drops it.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Database } from '../src/db/database';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../src/db/embedded-postgres';
import { runMigrations } from '../src/db/migrate';
import { adminQuery, withDatabase } from './admin-db';

export interface TestPostgres {
  handle: EmbeddedPostgresHandle;
  dir: string;
}

declare global {
  var __BACKLAY_TEST_PG__: TestPostgres | undefined;
}

/** Creates and migrates the template of every test file's database; returns its name. */
async function migratedTemplate(adminUrl: string): Promise<string> {
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const db = Database.connect({ url: withDatabase(adminUrl, name), poolMax: 1, statementTimeoutMs: 120_000, lockTimeoutMs: 10_000 });
  try {
    await runMigrations(db, path.resolve(__dirname, '..', 'migrations'), path.resolve(__dirname, '..', 'sql', 'functions'));
  } finally {
    // A template must have no connection open while it is copied.
    await db.close();
  }
  return name;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export default async function globalSetup(): Promise<void> {
  const external = process.env.DATABASE_URL;
  if (external !== undefined && external !== '') {
    process.env.BACKLAY_TEST_ADMIN_URL = external;
    process.env.BACKLAY_TEST_TEMPLATE = await migratedTemplate(external);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'backlay-test-pg-'));
  // The server runs as the unprivileged postgres user, which must reach the data directory.
  chmodSync(dir, 0o755);
  const handle = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    passwordFile: path.join(dir, 'pg.password'),
    port: await freePort(),
    user: 'backlay',
    database: 'postgres',
  });
  globalThis.__BACKLAY_TEST_PG__ = { handle, dir };
  process.env.BACKLAY_TEST_ADMIN_URL = handle.adminUrl;
  process.env.BACKLAY_TEST_TEMPLATE = await migratedTemplate(handle.adminUrl);
}
