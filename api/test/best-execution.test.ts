/**
 * Best execution (issue 29, ADR 0034): a bet asked at a price the market beats — a back below
 * the live back price, a lay above the live lay price, a YES line above the live one, a NO line
 * below — is matched at the live price, as an exchange matches it: the bet row, the exposure,
 * the reply, the repeat of the reply (Idempotency-Key) and the settlement all use the matched
 * price, and the request's price is kept beside it. A price worse than the live one is still
 * refused ("Odds changed"). Sports (match odds, bookmaker, fancy) and a live-casino round.
 */
import { randomUUID } from 'node:crypto';
import type { PlaceBetResponse } from '@backlay/shared/contracts';
import { body, createTestFancy, createTestMarket, idempotent, walletOf, type TestContext, type TestMarket } from './helper';
import type { Player } from './bet-reports-helper';
import { BETTING_SECONDS, DEAL_MS_MAX, openCasinoSuite, roundView } from './casino-helper';
import { settledRunnerBetMinor, type CasinoRunnerOutcome } from './settlement-oracle';

let t: TestContext;
let casinoPlayer: Player;
let clockAdvance: (ms: number) => void;

beforeAll(async () => {
  const suite = await openCasinoSuite();
  t = suite.t;
  casinoPlayer = suite.playerA;
  clockAdvance = (ms) => suite.clock.advance(ms);
  await t.services.casinoEngine.tick();
});

afterAll(async () => {
  await t.close();
});

async function player(rupees: bigint): Promise<{ id: string; token: string }> {
  const user = await t.createUser({ role: 'user' });
  await t.fund(user.id, rupees);
  return { id: user.id, token: (await t.login(user)).token };
}

function place(token: string, payload: Record<string, unknown>, key = randomUUID()) {
  return t.request({ method: 'POST', url: '/api/placebet', token, headers: idempotent(key), payload });
}

interface StoredBet {
  odds: number;
  priceShown: number;
  runLine: number | null;
  requested: number | null;
  pnl: string | null;
}

async function storedBet(betId: string): Promise<StoredBet> {
  const { rows } = await t.db.query<StoredBet>(
    `SELECT odds_hundredths AS odds, price_shown AS "priceShown", run_line AS "runLine", requested_price AS requested, pnl_minor::text AS pnl
       FROM bets WHERE id = $1`,
    [betId],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`no bet ${betId}`);
  return row;
}

describe('best execution: a bet is matched at the live price when the market beats the price asked', () => {
  it('match odds: a back asked below the live back and a lay asked above the live lay are booked, exposed and settled at the live prices', async () => {
    const p = await player(10_000n);
    const m: TestMarket = await createTestMarket(t, { H: [250, 252], A: [160, 162] });
    const key = randomUUID();
    const backRes = await place(p.token, { matchId: m.matchId, marketId: m.marketId, selectionId: 'H', side: 'BACK', odds: 2.1, stake: 100 }, key);
    expect(backRes.statusCode).toBe(200);
    const backed = body<{ data: PlaceBetResponse }>(backRes).data;
    // The reply names the matched price; the book is the bet at 2.50 (H +150, A −100).
    expect(backed.bet.odds).toBe(2.5);
    expect(backed.profitlist.map((r) => [r.selectionId, r.profit]).sort()).toEqual([['A', -100], ['H', 150]]);
    expect(await storedBet(backed.bet.betId)).toMatchObject({ odds: 250, priceShown: 250, requested: 210 });

    // A lay of A asked at 2.00 is matched at the live lay 1.62: liability 62, not 100.
    const layRes = await place(p.token, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'LAY', odds: 2, stake: 100 });
    expect(layRes.statusCode).toBe(200);
    const laid = body<{ data: PlaceBetResponse }>(layRes).data;
    expect(laid.bet.odds).toBe(1.62);
    expect(await storedBet(laid.bet.betId)).toMatchObject({ odds: 162, priceShown: 162, requested: 200 });
    // Book: H +150 + 100 = +250; A −100 − 62 = −162 ⇒ exposure 162.
    expect(laid.profitlist.map((r) => [r.selectionId, r.profit]).sort()).toEqual([['A', -162], ['H', 250]]);
    expect(laid.exposer).toBe(162);
    expect((await walletOf(t, p.id)).exposure).toBe(16_200n);

    // The repeat of the first request answers the same matched price, though the market moved.
    await t.db.query(`UPDATE runners SET back_prices = ARRAY[300] WHERE market_id = $1 AND selection_id = 'H'`, [m.marketId]);
    const again = await place(p.token, { matchId: m.matchId, marketId: m.marketId, selectionId: 'H', side: 'BACK', odds: 2.1, stake: 100 }, key);
    expect(again.statusCode).toBe(200);
    expect(body<{ data: PlaceBetResponse }>(again).data.bet).toMatchObject({ betId: backed.bet.betId, odds: 2.5 });

    // The bet list shows the matched prices.
    const list = await t.request({ method: 'GET', url: `/api/bets?matchId=${m.matchId}`, token: p.token });
    expect(body<{ data: Array<{ betId: string; odds: number }> }>(list).data.map((b) => b.odds).sort()).toEqual([1.62, 2.5]);

    // H wins: the back pays 100 × 1.50, the lay wins its 100 stake.
    const before = await walletOf(t, p.id);
    await t.services.settlement.declare(null, { marketId: m.marketId, result: { type: 'WINNER', selectionId: 'H' } });
    expect((await storedBet(backed.bet.betId)).pnl).toBe('15000');
    expect((await storedBet(laid.bet.betId)).pnl).toBe('10000');
    expect((await walletOf(t, p.id)).balance - before.balance).toBe(25_000n);
  });

  it('a price worse than the live one is still refused: back above the live back, lay below the live lay', async () => {
    const p = await player(1_000n);
    const m = await createTestMarket(t, { H: [250, 252], A: [160, 162] });
    const backRes = await place(p.token, { matchId: m.matchId, marketId: m.marketId, selectionId: 'H', side: 'BACK', odds: 2.52, stake: 100 });
    expect(backRes.statusCode).toBe(409);
    expect(body(backRes).message).toBe('Odds changed: requested 2.52, live back 2.50');
    const layRes = await place(p.token, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'LAY', odds: 1.6, stake: 100 });
    expect(layRes.statusCode).toBe(409);
  });

  it('bookmaker: a back rate asked below the live rate is matched at the live rate', async () => {
    const p = await player(10_000n);
    const m = await createTestMarket(t, { A: [45, 50], B: [80, 85] }, { marketType: 'bookmaker' });
    const res = await place(p.token, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 0.4, stake: 1_000 });
    expect(res.statusCode).toBe(200);
    const placed = body<{ data: PlaceBetResponse }>(res).data;
    expect(placed.bet.odds).toBe(0.45);
    expect(placed.profitlist.map((r) => [r.selectionId, r.profit]).sort()).toEqual([['A', 450], ['B', -1_000]]);
    expect(await storedBet(placed.bet.betId)).toMatchObject({ odds: 145, priceShown: 45, requested: 40 });
  });

  it('fancy: YES asked above the live line and NO asked below it are matched at the live lines (the rate must be the live one)', async () => {
    const p = await player(10_000n);
    const m = await createTestMarket(t, { H: [250, 252] });
    const f = await createTestFancy(t, m.matchId, { noRun: 45, noRate: 100, yesRun: 46, yesRate: 90 });
    const yes = await place(p.token, { matchId: f.matchId, fancyId: f.fancyId, side: 'YES', run: 48, rate: 90, stake: 1_000 });
    expect(yes.statusCode).toBe(200);
    const yesBet = body<{ data: PlaceBetResponse }>(yes).data.bet;
    expect(yesBet).toMatchObject({ run: 46, odds: 90 });
    expect(await storedBet(yesBet.betId)).toMatchObject({ runLine: 46, priceShown: 90, requested: 48 });
    const no = await place(p.token, { matchId: f.matchId, fancyId: f.fancyId, side: 'NO', run: 44, rate: 100, stake: 1_000 });
    expect(no.statusCode).toBe(200);
    const noPlaced = body<{ data: PlaceBetResponse }>(no).data;
    expect(noPlaced.bet).toMatchObject({ run: 45, odds: 100 });
    // YES 46 @ 90 + NO 45 @ 100 (T12): x ≤ 44: 0; x = 45: −2,000; x ≥ 46: −100 ⇒ exposure 2,000.
    expect(noPlaced.exposer).toBe(2_000);
    // Another rate is refused: the rate is never improved.
    const otherRate = await place(p.token, { matchId: f.matchId, fancyId: f.fancyId, side: 'YES', run: 48, rate: 80, stake: 100 });
    expect(otherRate.statusCode).toBe(409);
    // Settled at 45 runs: the YES (line 46) loses 1,000, the NO (line 45) loses 1,000.
    await t.services.settlement.declare(null, { marketId: f.fancyId, result: { type: 'RUNS', runs: 45 } });
    expect((await storedBet(yesBet.betId)).pnl).toBe('-100000');
    expect((await storedBet(noPlaced.bet.betId)).pnl).toBe('-100000');
  });

  it('live casino: backs asked below the offered odds are matched and paid at the offered odds (Lucky 7)', async () => {
    const matchId = '9027';
    const view = await roundView(t, matchId, casinoPlayer.token);
    const placed: Array<{ betId: string; selectionId: string; marketId: string; offered: number }> = [];
    for (const market of view.markets) {
      for (const runner of market.runners) {
        if (runner.back === null || runner.back < 1.5) continue;
        const asked = Math.round((runner.back - 0.4) * 100) / 100;
        const res = await place(casinoPlayer.token, { matchId, marketId: market.marketId, selectionId: runner.selectionId, side: 'BACK', odds: asked, stake: 100 });
        expect({ runner: runner.selectionId, status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({ runner: runner.selectionId, status: 200, body: '' });
        const bet = body<{ data: PlaceBetResponse }>(res).data.bet;
        expect(bet.odds).toBe(runner.back);
        placed.push({ betId: bet.betId, selectionId: runner.selectionId, marketId: market.marketId, offered: Math.round(runner.back * 100) });
      }
    }
    expect(placed.length).toBeGreaterThan(1);

    clockAdvance(BETTING_SECONDS * 1000);
    await t.services.casinoEngine.tick();
    clockAdvance(DEAL_MS_MAX);
    await t.services.casinoEngine.tick();

    const { rows } = await t.db.query<{ outcomes: Record<string, Record<string, CasinoRunnerOutcome>> }>(
      `SELECT s.result -> 'outcomes' AS outcomes FROM settlements s WHERE s.market_id = $1`,
      [`c${view.roundId}`],
    );
    const outcomes = rows[0]?.outcomes;
    if (outcomes === undefined) throw new Error(`round ${view.roundId} has no settlement`);
    let winners = 0;
    for (const bet of placed) {
      const code = bet.marketId.slice(bet.marketId.indexOf('.') + 1);
      const expected = settledRunnerBetMinor(
        { side: 'BACK', runnerId: bet.selectionId, stakeMinor: 10_000, oddsHundredths: bet.offered },
        { kind: 'CASINO', outcomes: outcomes[code] ?? {} },
      );
      if (expected > 0) winners += 1;
      expect({ bet: bet.selectionId, pnl: (await storedBet(bet.betId)).pnl }).toEqual({ bet: bet.selectionId, pnl: String(expected) });
    }
    expect(winners).toBeGreaterThan(0);
  });
});
