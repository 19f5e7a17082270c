/**
 * Crash safety (issue 21, docs/rules/test-plan.md T3 crash windows and T7, ADR 0022): two API processes on one
 * database and one Redis, 20 players betting (sports and live casino) and their agents moving
 * chips, 4 SIGKILLs of a random instance at random moments, each followed by a restart, then a
 * rolling restart (each instance SIGTERMed and started again, as a deploy does). The verdict is
 * the invariants (test/crash/crash-run.ts): every 2xx exactly once and its replay the same
 * answer, nothing from a refusal, nothing half-written, the ledger invariants; and no casino
 * round voided (issue 29, ADR 0035: the next leader carries an open round on). The long run (50
 * kills) is `pnpm bench:crash`.
 */
import path from 'node:path';
import { runCrash } from './crash/crash-run';
import { buildTestApp, type TestContext } from './helper';

let t: TestContext;

beforeAll(async () => {
  // Tokens outlive the run (the driver also renews them).
  t = await buildTestApp({ env: { ACCESS_TOKEN_TTL_SEC: '900' } });
});

afterAll(async () => {
  await t.close();
});

it('4 kill -9s of either instance and a rolling restart under load: every 2xx exactly once, replays answer the same, nothing half-written, no casino round voided', async () => {
  const lines: string[] = [];
  const { figures, problems } = await runCrash(t, { apiDir: path.resolve(__dirname, '..'), kills: 4, rollingRestart: true, log: (line) => lines.push(line) });
  process.stdout.write(`crash run: ${JSON.stringify(figures)}\n`);
  expect(problems.slice(0, 20)).toEqual([]);
  expect({ kills: figures.kills, restarts: figures.restarts, gracefulRestarts: figures.gracefulRestarts }).toEqual({ kills: 4, restarts: 4, gracefulRestarts: 2 });
  // The engine's leader moved 4–6 times; each open round went on with its committed seed.
  expect(figures.casinoRounds).not.toHaveProperty('VOID');
  expect(figures.casinoRounds.SETTLED).toBeGreaterThan(0);
  // Each kind of request was accepted (the warm-up waits for one of each before the first kill).
  expect(figures.ok.sports).toBeGreaterThan(0);
  expect(figures.ok.casino).toBeGreaterThan(0);
  expect(figures.ok.chips).toBeGreaterThan(0);
}, 240_000);
