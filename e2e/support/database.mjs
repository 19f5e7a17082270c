/**
 * A fresh database on the PostgreSQL server of `adminUrl` for one e2e stack, and its drop.
 */
import { join } from 'node:path';
import { ROOT } from '@backlay/build/apps';

export async function createDatabase(adminUrl, prefix = 'backlay_e2e') {
  const pg = (await import(join(ROOT, 'api', 'node_modules', 'pg', 'lib', 'index.js'))).default;
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
