/**
 * Crash safety (issue 21, QUALITY T3 crash windows and T7, ADR 0022): two API processes on one
 * database and one Redis, 20 players betting (sports and live casino) and their agents moving
 * chips, 5 SIGKILLs of a random instance at random moments, each followed by a restart. The
 * verdict is the invariants only (test/crash/crash-run.ts): every 2xx exactly once and its replay
 * the same answer, nothing from a refusal, nothing half-written, the ledger invariants. The long
 * run (50 kills) is `pnpm bench:crash`.
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

it('5 kill -9s of either instance under load: every 2xx exactly once, replays answer the same, nothing half-written', async () => {
  const lines: string[] = [];
  const { figures, problems } = await runCrash(t, { apiDir: path.resolve(__dirname, '..'), kills: 5, log: (line) => lines.push(line) });
  process.stdout.write(`crash run: ${JSON.stringify(figures)}\n`);
  expect(problems.slice(0, 20)).toEqual([]);
  expect({ kills: figures.kills, restarts: figures.restarts }).toEqual({ kills: 5, restarts: 5 });
  // Each kind of request was accepted (the warm-up waits for one of each before the first kill).
  expect(figures.ok.sports).toBeGreaterThan(0);
  expect(figures.ok.casino).toBeGreaterThan(0);
  expect(figures.ok.chips).toBeGreaterThan(0);
}, 240_000);
