/** Stops the embedded PostgreSQL of the global setup (if one was started) and removes its files. */
import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const pg = globalThis.__BACKLAY_TEST_PG__;
  if (pg === undefined) return;
  globalThis.__BACKLAY_TEST_PG__ = undefined;
  await pg.handle.stop();
  rmSync(pg.dir, { recursive: true, force: true });
}
