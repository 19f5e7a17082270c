/**
 * A PostgreSQL server's admin connection: the integration tests' global setup and teardown and
 * test/helper.ts (BACKLAY_TEST_ADMIN_URL), and the benches' throwaway databases (bench/bench-db.ts),
 * create and drop databases through it.
 */
import { Client } from 'pg';

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

