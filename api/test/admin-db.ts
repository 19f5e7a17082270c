/**
 * A PostgreSQL server for the integration tests and the benches, and its admin connection: the
 * tests' global setup and teardown and test/helper.ts (BACKLAY_TEST_ADMIN_URL), and the benches'
 * throwaway databases (bench/bench-db.ts), start a server and create and drop databases here.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../src/db/embedded-postgres';

/** A free TCP port on the loopback address. */
export function freePort(): Promise<number> {
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

export interface TempPostgres {
  handle: EmbeddedPostgresHandle;
  /** Stops the server and removes its files. */
  stop(): Promise<void>;
}

/** An embedded PostgreSQL in a new temp folder (`<prefix>…`) on a free loopback port. */
export async function startTempPostgres(prefix: string): Promise<TempPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  // The server runs as the unprivileged postgres user, which must reach the data directory.
  chmodSync(dir, 0o755);
  const handle = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    passwordFile: path.join(dir, 'pg.password'),
    port: await freePort(),
    user: 'backlay',
    database: 'postgres',
  });
  return {
    handle,
    stop: async () => {
      await handle.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The admin connection string with another database name. */
export function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `sql` on the server's admin database (CREATE and DROP DATABASE). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
