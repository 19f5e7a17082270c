/**
 * The product side of the crash benchmark (bundled by crash.mjs): the integration tests' own
 * set-up — their PostgreSQL (DATABASE_URL's server, or an embedded one: test/global-setup.ts), a
 * fresh database through buildTestApp — and the crash run of api/test/crash/crash-run.ts on it.
 */
import globalSetup from '../test/global-setup';
import globalTeardown from '../test/global-teardown';
import { runCrash, type CrashReport, type CrashRunOptions } from '../test/crash/crash-run';
import { buildTestApp } from '../test/helper';

export async function crashBench(options: CrashRunOptions): Promise<CrashReport> {
  await globalSetup();
  try {
    const t = await buildTestApp({ env: { ACCESS_TOKEN_TTL_SEC: '900' } });
    try {
      return await runCrash(t, options);
    } finally {
      await t.close();
    }
  } finally {
    await globalTeardown();
  }
}
