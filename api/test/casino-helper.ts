/**
 * The setting of the live-casino suites (casino.test.ts, casino-tables.test.ts): the API on a
 * fake clock with the engine's lock taken, the tables' timing, two agent chains with a funded
 * player each, and a GET that expects 200 and returns the reply's `data`.
 */
import type { CasinoRoundView } from '@backlay/shared/contracts';
import { body, buildTestApp, FakeClock, type TestContext } from './helper';
import { createChain, createPlayer, type Chain, type Player } from './bet-reports-helper';

/** The engine's timing in these suites (CASINO_* of the app). */
export const BETTING_SECONDS = 20;
export const DEAL_MS_MAX = 8_000;
export const RESULT_MS = 5_000;
/** A round whose close a new leader missed by more than this is voided (CASINO_RESUME_MAX_MS). */
export const RESUME_MAX_MS = 60_000;

export interface CasinoSuite {
  t: TestContext;
  clock: FakeClock;
  chainA: Chain;
  chainB: Chain;
  playerA: Player;
  playerB: Player;
}

/** The app with the engine on a fake clock started at the real time, its lock taken; two chains. */
export async function openCasinoSuite(): Promise<CasinoSuite> {
  // The real time: placement checks a round's close against the database's clock.
  const clock = new FakeClock(Date.now());
  const t = await buildTestApp({
    clock,
    env: { CASINO_BETTING_SECONDS: String(BETTING_SECONDS), CASINO_CHAIN_LENGTH: '40', CASINO_DEAL_MS_MAX: String(DEAL_MS_MAX), CASINO_RESULT_MS: String(RESULT_MS), CASINO_RESUME_MAX_MS: String(RESUME_MAX_MS) },
  });
  const chainA = await createChain(t);
  const chainB = await createChain(t);
  const playerA = await createPlayer(t, chainA.agents.dl.id, 100_000n);
  const playerB = await createPlayer(t, chainB.agents.dl.id, 100_000n);
  expect(await t.services.casinoEngine.acquire()).toBe(true);
  return { t, clock, chainA, chainB, playerA, playerB };
}

/** GET `url` as `token`: expects 200 and returns `data` (the URL and body in the failure). */
export async function getData<T>(t: TestContext, url: string, token: string): Promise<T> {
  const response = await t.request({ method: 'GET', url, token });
  expect({ url, status: response.statusCode, body: response.statusCode === 200 ? '' : response.body }).toEqual({ url, status: 200, body: '' });
  return body<{ data: T }>(response).data;
}

/** The table's round as casino-market shows it to `token` (throws when the table has none). */
export async function roundView(t: TestContext, matchId: string, token: string): Promise<CasinoRoundView> {
  const view = await getData<CasinoRoundView | null>(t, `/api/casino-market/${matchId}`, token);
  if (view === null) throw new Error(`table ${matchId} has no round`);
  return view;
}
