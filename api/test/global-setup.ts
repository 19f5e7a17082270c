/**
 * Jest global setup of the integration project: with DATABASE_URL set, tests use that server;
 * otherwise an embedded PostgreSQL starts in a temporary directory on a free loopback port.
 * Either way BACKLAY_TEST_ADMIN_URL tells the tests where to create their databases.
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../src/db/embedded-postgres';

export interface TestPostgres {
  handle: EmbeddedPostgresHandle;
  dir: string;
}

declare global {
  var __BACKLAY_TEST_PG__: TestPostgres | undefined;
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
}
