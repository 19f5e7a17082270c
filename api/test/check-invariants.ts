/**
 * Runs after each integration test file's own hooks are registered (setupFilesAfterEnv): the
 * ledger invariants (assertLedgerInvariants: L1–L17, bets and positions) are asserted on the
 * database of every app the file has open, after every test. QUALITY.md asks for them after every
 * test; registering the check here means no test file can forget it.
 */
import { assertLedgerInvariants, openTestApps } from './helper';

afterEach(async () => {
  for (const app of openTestApps()) await assertLedgerInvariants(app.db);
});
