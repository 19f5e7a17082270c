/**
 * Set-up of every integration test file (setupFilesAfterEnv of the api-integration project).
 *
 * - The timeout of tests and hooks: 30 s. It is set here because `testTimeout` in a project's
 *   config is ignored when jest runs from the workspace root (`pnpm test:api`, CI): only the root
 *   config's counts, and its default of 5 s is too short for a beforeAll that creates a database,
 *   migrates it and builds the app on a loaded machine.
 * - The ledger invariants (assertLedgerInvariants: L1–L17, bets and positions) are asserted on the
 *   database of every app the file has open, after every test. docs/rules/ledger-invariants.md asks for them after
 *   every test; registering the check here means no test file can forget it.
 */
import { assertLedgerInvariants, openTestApps } from './helper';

jest.setTimeout(30_000);

afterEach(async () => {
  // Once per database: several apps of a file may share one (sameDatabaseAs).
  const checked = new Set<string>();
  for (const app of openTestApps()) {
    if (checked.has(app.databaseName)) continue;
    checked.add(app.databaseName);
    await assertLedgerInvariants(app.db);
  }
});
