/**
 * Drops the template database of the global setup, then stops the embedded PostgreSQL (if one
 * was started) and removes its files.
 */
import { adminQuery } from './admin-db';

export default async function globalTeardown(): Promise<void> {
  const adminUrl = process.env.BACKLAY_TEST_ADMIN_URL;
  const template = process.env.BACKLAY_TEST_TEMPLATE;
  if (adminUrl !== undefined && template !== undefined) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  const pg = globalThis.__BACKLAY_TEST_PG__;
  if (pg === undefined) return;
  globalThis.__BACKLAY_TEST_PG__ = undefined;
  await pg.stop();
}
