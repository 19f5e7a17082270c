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
import path from 'node:path';
import { Database } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import { adminQuery, startTempPostgres, withDatabase, type TempPostgres } from './admin-db';

declare global {
  var __BACKLAY_TEST_PG__: TempPostgres | undefined;
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

export default async function globalSetup(): Promise<void> {
  const external = process.env.DATABASE_URL;
  if (external !== undefined && external !== '') {
    process.env.BACKLAY_TEST_ADMIN_URL = external;
    process.env.BACKLAY_TEST_TEMPLATE = await migratedTemplate(external);
    return;
  }
  const pg = await startTempPostgres('backlay-test-pg-');
  globalThis.__BACKLAY_TEST_PG__ = pg;
  process.env.BACKLAY_TEST_ADMIN_URL = pg.handle.adminUrl;
  process.env.BACKLAY_TEST_TEMPLATE = await migratedTemplate(pg.handle.adminUrl);
}
