/**
 * Group commit of bets (migration 0015, ADR 0008) on the real PostgreSQL: a batch answers each
 * element exactly as its single call would, in the callers' order, with refusals in the middle
 * writing nothing; a batch that fails as a whole writes nothing and the batcher places each bet
 * alone; many players' bets at once through the service's batcher keep every invariant.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Batcher } from '../src/betting/bet-batcher';
import * as repo from '../src/betting/betting.repository';
import { buildTestApp, createTestFancy, createTestMarket, walletOf, type TestContext, type TestMarket } from './helper';

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});


async function player(rupees: bigint): Promise<string> {
  const user = await t.createUser({ role: 'user' });
  await t.fund(user.id, rupees);
  return user.id;
}

function runnerCall(userId: string, m: TestMarket, bet: { selectionId: string; side: 'BACK' | 'LAY'; price: number; stake: bigint }, key = randomUUID()): repo.PlaceRunnerBetCall {
  return {
    userId,
    idempotencyKey: key,
    requestHash: hash(`${bet.selectionId}-${bet.side}-${bet.price}-${bet.stake}`),
    matchId: m.matchId,
    marketId: m.marketId,
    selectionId: bet.selectionId,
    side: bet.side,
    quotedHundredths: bet.price,
    acceptance: null,
    stakeMinor: bet.stake,
    waited: false,
    session: null,
  };
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

async function betCount(userId: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bets WHERE user_id = $1', [userId]);
  return rows[0]?.n ?? 0;
}

describe('place_runner_bets: one transaction, each element as its single call', () => {
  it('answers in the callers’ order; a refusal in the middle writes nothing; later elements see earlier ones', async () => {
    const m = await createTestMarket(t, { a: [200, 202], b: [300, 305] });
    // Two players; their elements interleave, so the function's user order differs from the callers'.
    const [rich, poor] = [await player(10_000n), await player(100n)];
    const repeatKey = randomUUID();
    const calls = [
      runnerCall(poor, m, { selectionId: 'a', side: 'BACK', price: 200, stake: 6_000n }), // ₹60 of ₹100: accepted
      runnerCall(rich, m, { selectionId: 'a', side: 'BACK', price: 250, stake: 10_000n }), // asks 2.50, live 2.00: refused
      runnerCall(rich, m, { selectionId: 'b', side: 'BACK', price: 300, stake: 10_000n }, repeatKey), // accepted
      runnerCall(poor, m, { selectionId: 'a', side: 'BACK', price: 200, stake: 6_000n }), // ₹60 more on a: ₹120 at risk of ₹100
      runnerCall(rich, m, { selectionId: 'b', side: 'BACK', price: 300, stake: 10_000n }, repeatKey), // same key: the same bet
    ];
    const results = await repo.placeRunnerBets(t.db, calls);

    expect(results.map((r) => r.outcome)).toEqual(['ACCEPTED', 'ODDS_CHANGED', 'ACCEPTED', 'INSUFFICIENT_FUNDS', 'REPLAY']);
    expect(results[1]?.detail?.liveQuotedHundredths).toBe(200);
    expect(results[4]?.bet?.id).toBe(results[2]?.bet?.id);
    // The poor player's second bet: its balance and the exposure it would have left (₹120).
    expect(results[3]?.balanceMinor).toBe(10_000n);
    expect(results[3]?.exposureMinor).toBe(12_000n);
    expect(await betCount(poor)).toBe(1);
    expect(await betCount(rich)).toBe(1);
    expect(await walletOf(t, poor)).toEqual({ balance: 10_000n, exposure: 6_000n });
    expect(await walletOf(t, rich)).toEqual({ balance: 1_000_000n, exposure: 10_000n });
  });

  it('gives the same outcomes as the same calls made one by one', async () => {
    const mBatch = await createTestMarket(t, { a: [200, 202], b: [300, 305] });
    const mSingle = await createTestMarket(t, { a: [200, 202], b: [300, 305] });
    const [batchPlayer, singlePlayer] = [await player(150n), await player(150n)];
    const script = [
      { selectionId: 'a', side: 'BACK', price: 200, stake: 5_000n },
      { selectionId: 'a', side: 'LAY', price: 202, stake: 5_000n },
      { selectionId: 'b', side: 'BACK', price: 300, stake: 12_000n },
      { selectionId: 'b', side: 'LAY', price: 305, stake: 4_000n },
      { selectionId: 'b', side: 'BACK', price: 300, stake: 20_000n },
    ] as const;
    const batch = await repo.placeRunnerBets(t.db, script.map((bet) => runnerCall(batchPlayer, mBatch, bet)));
    const singles = [];
    for (const bet of script) singles.push(await repo.placeRunnerBet(t.db, runnerCall(singlePlayer, mSingle, bet)));

    const comparable = (r: repo.CheckedPlaceResult) => [r.outcome, r.pnl, r.marketExposureMinor, r.balanceMinor, r.exposureMinor];
    expect(batch.map(comparable)).toEqual(singles.map(comparable));
    expect(batch.map((r) => r.outcome)).toContain('INSUFFICIENT_FUNDS');
    expect(await walletOf(t, batchPlayer)).toEqual(await walletOf(t, singlePlayer));
  });

  it('fancy bets: the batch books each on the run book as alone', async () => {
    const m = await createTestMarket(t, { a: [200, 202] });
    const f = await createTestFancy(t, m.matchId, { noRun: 45, noRate: 100, yesRun: 46, yesRate: 90 });
    const user = await player(1_000n);
    const call = (side: 'YES' | 'NO', line: number, rate: number): repo.PlaceFancyBetCheckedCall => ({
      userId: user,
      idempotencyKey: randomUUID(),
      requestHash: hash(`${side}${line}${rate}`),
      matchId: m.matchId,
      fancyId: f.fancyId,
      side,
      line,
      rate,
      stakeMinor: 10_000n,
      waited: false,
      session: null,
    });
    const results = await repo.placeFancyBetsChecked(t.db, [call('YES', 46, 90), call('NO', 45, 100), call('YES', 46, 95)]);
    expect(results.map((r) => r.outcome)).toEqual(['ACCEPTED', 'ACCEPTED', 'ODDS_CHANGED']);
    // YES 46 @ 90 and NO 45 @ 100, ₹100 each: runs < 45 → −100 + 100 = 0; 45 → −100 − 100; ≥ 46 → +90 − 100.
    expect(results[1]?.pnl).toEqual({ lines: [45, 46], zones: [0, -20_000, -1_000] });
    expect(await walletOf(t, user)).toEqual({ balance: 100_000n, exposure: 20_000n });
  });
});

describe('a batch that fails as a whole', () => {
  it('writes nothing, and the batcher then places each bet alone', async () => {
    const m = await createTestMarket(t, { a: [200, 202] });
    const f = await createTestFancy(t, m.matchId, { noRun: 45, noRate: 100, yesRun: 46, yesRate: 90 });
    const user = await player(1_000n);
    const good = (key: string): repo.PlaceFancyBetCheckedCall => ({
      userId: user,
      idempotencyKey: key,
      requestHash: hash('good'),
      matchId: m.matchId,
      fancyId: f.fancyId,
      side: 'YES',
      line: 46,
      rate: 90,
      stakeMinor: 10_000n,
      waited: false,
      session: null,
    });
    // The service never sends this (it checks the side first); the function raises on it.
    const broken = { ...good(randomUUID()), side: 'BACK' as unknown as 'YES' };
    const calls = [good(randomUUID()), broken, good(randomUUID())];

    await expect(repo.placeFancyBetsChecked(t.db, calls)).rejects.toThrow(/bad fancy bet/);
    expect(await betCount(user)).toBe(0);

    let batchErrors = 0;
    const batcher = new Batcher<repo.PlaceFancyBetCheckedCall, repo.CheckedPlaceResult>({
      maxInFlight: 1,
      maxBatch: 10,
      runBatch: (batch) => repo.placeFancyBetsChecked(t.db, batch),
      runOne: (call) => repo.placeFancyBetChecked(t.db, call),
      onBatchError: () => (batchErrors += 1),
    });
    // The first call takes the only slot alone; the next three queue and go as one batch.
    const first = batcher.submit(good(randomUUID()));
    const outcomes = await Promise.allSettled(calls.map((c) => batcher.submit(c)));
    expect((await first).outcome).toBe('ACCEPTED');
    expect(batchErrors).toBe(1);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.outcome : 'error'))).toEqual(['ACCEPTED', 'error', 'ACCEPTED']);
    expect(await betCount(user)).toBe(3);
  });
});

describe('the service batches under load', () => {
  it('200 bets of 20 players at once: each player’s funds hold exactly, every invariant holds', async () => {
    const m = await createTestMarket(t, { a: [200, 202], b: [300, 305] });
    // ₹50 each; every bet backs `a` at 2.00 for ₹10, so exactly 5 per player fit.
    const players = await Promise.all(Array.from({ length: 20 }, () => player(50n)));
    const outcomes = await Promise.allSettled(
      players.flatMap((userId) =>
        Array.from({ length: 10 }, () =>
          t.services.betting.placeBet(userId, { matchId: m.matchId, marketId: m.marketId, selectionId: 'a', side: 'BACK', odds: 2, stake: 10 }, randomUUID()),
        ),
      ),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(outcomes.length - refused.length).toBe(100);
    expect(refused.every((o) => (o.reason as { code?: string }).code === 'INSUFFICIENT_FUNDS')).toBe(true);
    // Rows of one transaction share its xmin: fewer inserting transactions than bets shows they went in batches.
    const { rows } = await t.db.query<{ bets: number; commits: number }>(
      'SELECT count(*)::int AS bets, count(DISTINCT xmin::text)::int AS commits FROM bets WHERE market_id = $1',
      [m.marketId],
    );
    expect(rows[0]?.bets).toBe(100);
    expect(rows[0]?.commits).toBeLessThan(100);
    for (const userId of players) {
      expect(await betCount(userId)).toBe(5);
      expect(await walletOf(t, userId)).toEqual({ balance: 5_000n, exposure: 5_000n });
    }
  });
});
