/**
 * What the benchmarks need from the machine: a free port, and a throwaway database — on
 * DATABASE_URL's server, or on an embedded PostgreSQL in a temp dir — dropped again by `drop()`.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../src/db/embedded-postgres';
import { adminQuery, withDatabase } from '../test/admin-db';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function throwawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  let adminUrl = process.env.DATABASE_URL ?? '';
  let embedded: EmbeddedPostgresHandle | null = null;
  let dir: string | null = null;
  if (adminUrl === '') {
    dir = mkdtempSync(path.join(tmpdir(), 'backlay-bench-pg-'));
    chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'pg'),
      passwordFile: path.join(dir, 'pg.password'),
      port: await freePort(),
      user: 'backlay',
      database: 'postgres',
    });
    adminUrl = embedded.adminUrl;
  }
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      if (embedded !== null) await embedded.stop();
      if (dir !== null) rmSync(dir, { recursive: true, force: true });
    },
  };
}
