/**
 * One lock order for money rows (issue 29: "Deadlocks answer 500"): 50 players bet at once on a
 * few shared sports markets, a fancy and a live-casino round while the markets and the round they
 * already hold positions on settle. Placement batches (ADR 0008), settle_market and the ledger's
 * journals all lock wallets in ledger-account id order, so no two of them wait on each other in a
 * cycle: every bet gets its own answer (no 5xx), no batch fails as a whole (a deadlock aborts
 * one), and the settlements go through. The first test pins the cycle itself, step by step: a
 * batch of two players whose user ids and wallet ids sort in opposite orders, beside a
 * transaction that locks the same two wallets in the ledger's order.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, createTestFancy, createTestMarket, FakeClock, idempotent, type TestContext, type TestMarket } from './helper';
import { roundView } from './casino-helper';
import { placeRunnerBets, type PlaceRunnerBetCall } from '../src/betting/betting.repository';

const PLAYERS = 50;
const BETTING_SECONDS = 20;
const DEAL_MS_MAX = 2_000;

let t: TestContext;
let clock: FakeClock;
let players: Array<{ id: string; token: string }> = [];

beforeAll(async () => {
  clock = new FakeClock(Date.now());
  t = await buildTestApp({
    clock,
    env: { CASINO_BETTING_SECONDS: String(BETTING_SECONDS), CASINO_CHAIN_LENGTH: '10', CASINO_DEAL_MS_MAX: String(DEAL_MS_MAX), CASINO_RESULT_MS: '1000' },
  });
  players = await Promise.all(
    Array.from({ length: PLAYERS }, async () => {
      const user = await t.createUser({ role: 'user' });
      await t.fund(user.id, 100_000n);
      return { id: user.id, token: (await t.login(user)).token };
    }),
  );
  expect(await t.services.casinoEngine.acquire()).toBe(true);
  await t.services.casinoEngine.tick();
});

afterAll(async () => {
  await t.close();
});

function place(token: string, payload: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return t.request({ method: 'POST', url: '/api/placebet', token, headers: idempotent(randomUUID()), payload });
}

const DT20 = '9023';

/** Every player backs once on `m` and once on the open dt20 round: positions for the settlements to lock. */
async function positionsOn(m: TestMarket): Promise<void> {
  const round = await roundView(t, DT20, players[0]?.token ?? '');
  const market = round.markets[0];
  const runner = market?.runners.find((r) => r.back !== null);
  if (market === undefined || runner === undefined || runner.back === null) throw new Error('no dt20 price');
  const answers = await Promise.all(
    players.flatMap((p) => [
      place(p.token, { matchId: m.matchId, marketId: m.marketId, selectionId: 'H', side: 'BACK', odds: 2, stake: 100 }),
      place(p.token, { matchId: DT20, marketId: market.marketId, selectionId: runner.selectionId, side: 'BACK', odds: runner.back, stake: 100 }),
    ]),
  );
  expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
}

it('50 players betting at once on shared markets while their other markets settle: no 5xx, no batch aborted', async () => {
  const settling = await createTestMarket(t, { H: [200, 202], A: [200, 202] });
  await positionsOn(settling);
  const m1 = await createTestMarket(t, { H: [250, 252], D: [358, 360], A: [300, 302] });
  const m2 = await createTestMarket(t, { X: [190, 192], Y: [210, 212] });
  const fancy = await createTestFancy(t, m1.matchId, { noRun: 45, noRate: 100, yesRun: 46, yesRate: 100 });
  const failedBefore = t.services.betting.batchStats().failedBatches;

  // The dt20 round closes now; it settles during the burst.
  clock.advance(BETTING_SECONDS * 1000);
  await t.services.casinoEngine.tick();
  clock.advance(DEAL_MS_MAX);

  const bets = players.flatMap((p, i) => [
    place(p.token, { matchId: m1.matchId, marketId: m1.marketId, selectionId: 'H', side: 'BACK', odds: 2.5, stake: 10 + (i % 7) }),
    place(p.token, { matchId: m2.matchId, marketId: m2.marketId, selectionId: 'Y', side: 'LAY', odds: 2.12, stake: 10 }),
    place(p.token, { matchId: fancy.matchId, fancyId: fancy.fancyId, side: i % 2 === 0 ? 'YES' : 'NO', run: i % 2 === 0 ? 46 : 45, rate: 100, stake: 10 }),
    place(p.token, { matchId: m1.matchId, marketId: m1.marketId, selectionId: 'A', side: 'LAY', odds: 3.02, stake: 10 }),
  ]);
  const settlements = [
    t.services.settlement.declare(null, { marketId: settling.marketId, result: { type: 'WINNER', selectionId: 'H' } }),
    t.services.casinoEngine.tick(),
  ];
  const answers = await Promise.all(bets);
  await Promise.all(settlements);

  const statuses = answers.map((a) => a.statusCode);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  expect(t.services.betting.batchStats().failedBatches - failedBefore).toBe(0);
  const { rows } = await t.db.query<{ open: string }>(
    `SELECT count(*)::text AS open FROM bets WHERE status = 'open' AND (market_id = $1 OR market_id LIKE 'c%')`,
    [settling.marketId],
  );
  expect(rows[0]?.open).toBe('0');
});

it('a batch and a journal lock two wallets in the same order: the one waits for the other, neither deadlocks', async () => {
  const { rows: accounts } = await t.db.query<{ userId: string; accountId: string }>(
    'SELECT user_id AS "userId", id AS "accountId" FROM ledger_accounts WHERE user_id = ANY ($1::uuid[])',
    [players.map((p) => p.id)],
  );
  // P before Q by user id, Q before P by wallet (account) id.
  let pair: [typeof accounts[number], typeof accounts[number]] | null = null;
  for (const a of accounts) {
    const b = accounts.find((x) => x.userId > a.userId && x.accountId < a.accountId);
    if (b !== undefined) {
      pair = [a, b];
      break;
    }
  }
  if (pair === null) throw new Error('no two players with user and wallet ids in opposite orders');
  const [p, q] = pair;
  const m = await createTestMarket(t, { H: [250, 252], A: [160, 162] });
  const call = (userId: string): PlaceRunnerBetCall => ({
    userId, idempotencyKey: randomUUID(), requestHash: 'a'.repeat(64), matchId: m.matchId, marketId: m.marketId, selectionId: 'H', side: 'BACK',
    quotedHundredths: 250, acceptance: null, stakeMinor: 1_000n, waited: false, session: null,
  });

  // A transaction locks wallets in the ledger's order (account id): Q's first…
  const started: { batch?: ReturnType<typeof placeRunnerBets> } = {};
  let attempts = 0;
  await t.db.transaction(async (tx) => {
    attempts += 1;
    await tx.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [q.accountId]);
    // …a batch of P's and Q's bets starts meanwhile and waits on a wallet…
    started.batch = placeRunnerBets(t.db, [call(p.userId), call(q.userId)]);
    for (let i = 0; i < 100; i += 1) {
      const { rows } = await tx.query<{ waiting: string }>(
        `SELECT count(*)::text AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%place_runner_bets%'`,
      );
      if (rows[0]?.waiting === '1') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // …then the transaction takes P's wallet: the batch must not hold it (it waits for Q's first).
    await tx.query('SET LOCAL lock_timeout = 3000');
    await tx.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [p.accountId]);
  });
  const results = (await started.batch) ?? [];
  expect(results.map((r) => r.outcome)).toEqual(['ACCEPTED', 'ACCEPTED']);
  // A deadlock would have aborted the one or the other (the transaction is run again then).
  expect(attempts).toBe(1);
});
