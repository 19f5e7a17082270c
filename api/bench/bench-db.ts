/**
 * A throwaway database for a benchmark — on DATABASE_URL's server, or on an embedded PostgreSQL
 * in a temp dir — dropped again by `drop()`. Named `bench_<random>`, or `fixedName` (dropped first
 * if a killed run left it).
 */
import { randomBytes } from 'node:crypto';
import { adminQuery, startTempPostgres, withDatabase, type TempPostgres } from '../test/admin-db';

export async function throwawayDatabase(fixedName?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = fixedName ?? `bench_${randomBytes(5).toString('hex')}`;
  let adminUrl = process.env.DATABASE_URL ?? '';
  let embedded: TempPostgres | null = null;
  if (adminUrl === '') {
    embedded = await startTempPostgres('backlay-bench-pg-');
    adminUrl = embedded.handle.adminUrl;
  }
  // A fixed name is the bench's own: a copy left by a run that was killed goes first.
  if (fixedName !== undefined) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      if (embedded !== null) await embedded.stop();
    },
  };
}
