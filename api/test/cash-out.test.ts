/**
 * Cash out (issue 33, docs/rules/money.md §7.8, ADR 0056) through the HTTP API on a real database:
 * T24 and T25 in full, partial, bookmaker, a suspended market and a moved price refused, the
 * repeat of a request (Idempotency-Key), the bet delay, the hedge settled both ways with the same
 * P&L, the agents' lists showing it to the player's own upline only, and hostile input. The money
 * is pinned against §7.8's figures; the ledger invariants run after every test (per-file-setup).
 */
import { randomUUID } from 'node:crypto';
import type { BetPage, BetRow, CashOutOffer, CashOutResponse, PlacedBet } from '@backlay/shared/contracts';
import { cashOutQuote } from '@backlay/shared/domain';
import { body, buildTestApp, createTestMarket, idempotent, walletOf, type TestContext, type TestMarket } from './helper';
import { backOrLay, createChain, createPlayer, getData, type Player } from './bet-reports-helper';

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

async function player(rupees = 10_000n): Promise<Player> {
  const user = await t.createUser({ role: 'user' });
  await t.fund(user.id, rupees);
  return { user, token: (await t.login(user)).token };
}

function cashOut(p: Player, payload: Record<string, unknown>, key: string | null = randomUUID()) {
  return t.request({ method: 'POST', url: '/api/cashout', token: p.token, headers: key === null ? {} : idempotent(key), payload });
}

const offersOf = (p: Player, matchId: string) => getData<CashOutOffer[]>(t, p.token, `/api/cashout?matchId=${matchId}`);
const pnlOf = (rows: Array<{ selectionId: string; profit: number }>) => Object.fromEntries(rows.map((r) => [r.selectionId, r.profit]));

async function setPrices(marketId: string, selectionId: string, back: number, lay: number): Promise<void> {
  await t.db.query(`UPDATE runners SET back_prices = ARRAY[$3::int], lay_prices = ARRAY[$4::int] WHERE market_id = $1 AND selection_id = $2`, [
    marketId,
    selectionId,
    back,
    lay,
  ]);
}

/** T24's position: back H 100 @ 3.0 (H +200, A −100), then H's lay moves to 2.0. */
async function t24(p: Player): Promise<TestMarket> {
  const m = await createTestMarket(t, { H: [300, 310], A: [150, 152] });
  await backOrLay(t, p, m, m.marketId, { selectionId: 'H', side: 'BACK', odds: 3, stake: 100 });
  await setPrices(m.marketId, 'H', 195, 200);
  await setPrices(m.marketId, 'A', 196, 205);
  return m;
}

describe('cash out: the offer and the hedge (§7.8)', () => {
  it('T24 in full: the offer is +50, the cash out lays H 150 @ 2.0, +50 whoever wins, exposure 0', async () => {
    const p = await player();
    const m = await t24(p);
    expect((await walletOf(t, p.user.id)).exposure).toBe(10_000n);
    const offers = await offersOf(p, m.matchId);
    expect(offers).toEqual([
      {
        marketId: m.marketId,
        marketType: 'match_odds',
        status: 'open',
        offers: [
          { percent: 25, value: 12.5 },
          { percent: 50, value: 25 },
          { percent: 75, value: 37.5 },
          { percent: 100, value: 50 },
        ],
      },
    ]);
    const res = await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 50 });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Cashed out');
    const out = body<{ data: CashOutResponse }>(res).data;
    expect(out).toMatchObject({ marketId: m.marketId, percent: 100, value: 50, exposer: 0, balance: 10_000 });
    expect(out.bets).toEqual([expect.objectContaining({ selectionId: 'H', side: 'LAY', odds: 2, stake: 150, cashOut: true })]);
    expect(pnlOf(out.profitlist)).toEqual({ H: 50, A: 50 });
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 1_000_000n, exposure: 0n });
    // The bets on the match: the hedge says cash out, the first bet does not.
    const bets = await getData<PlacedBet[]>(t, p.token, `/api/bets?matchId=${m.matchId}`);
    expect(bets.map((b) => [b.side, b.cashOut === true])).toEqual([
      ['LAY', true],
      ['BACK', false],
    ]);
    // Nothing left to cash out: no offer.
    expect(await offersOf(p, m.matchId)).toEqual([]);
    const again = await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 0 });
    expect(again.statusCode).toBe(404);
    expect(body(again).message).toBe('Nothing to cash out on this market');
  });

  it('T25 in full: lay 100 @ 3.0, back price 4.0 ⇒ back H 75, +25 whoever wins', async () => {
    const p = await player();
    const m = await createTestMarket(t, { H: [290, 300], A: [150, 152] });
    await backOrLay(t, p, m, m.marketId, { selectionId: 'H', side: 'LAY', odds: 3, stake: 100 });
    await setPrices(m.marketId, 'H', 400, 410);
    const [offer] = await offersOf(p, m.matchId);
    expect(offer?.offers.find((o) => o.percent === 100)?.value).toBe(25);
    const out = body<{ data: CashOutResponse }>(await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 25 })).data;
    expect(out.bets).toEqual([expect.objectContaining({ selectionId: 'H', side: 'BACK', odds: 4, stake: 75, cashOut: true })]);
    expect(pnlOf(out.profitlist)).toEqual({ H: 25, A: 25 });
    expect(out.exposer).toBe(0);
  });

  it('partial: 50 % of T24 lays 75, takes +25 and leaves half the position (H +125, A −25)', async () => {
    const p = await player();
    const m = await t24(p);
    const out = body<{ data: CashOutResponse }>(await cashOut(p, { marketId: m.marketId, percent: 50, expectedValue: 25 })).data;
    expect(out).toMatchObject({ percent: 50, value: 25, exposer: 25 });
    expect(out.bets).toEqual([expect.objectContaining({ side: 'LAY', stake: 75 })]);
    expect(pnlOf(out.profitlist)).toEqual({ H: 125, A: -25 });
    // The rest can be cashed out too: what is left (the +25 taken and half of T24) offers +50 in full.
    const [offer] = await offersOf(p, m.matchId);
    expect(offer?.offers.find((o) => o.percent === 100)?.value).toBe(50);
  });

  it('bookmaker: rates in paise (back H 100 at rate 200, lay rate now 100) is T24: +50', async () => {
    const p = await player();
    const m = await createTestMarket(t, { H: [200, 210], A: [50, 55] }, { marketType: 'bookmaker' });
    await backOrLay(t, p, m, m.marketId, { selectionId: 'H', side: 'BACK', odds: 2, stake: 100 });
    await setPrices(m.marketId, 'H', 95, 100);
    const out = body<{ data: CashOutResponse }>(await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 50 })).data;
    expect(out.bets).toEqual([expect.objectContaining({ side: 'LAY', odds: 1, stake: 150, marketType: 'bookmaker' })]);
    expect(pnlOf(out.profitlist)).toEqual({ H: 50, A: 50 });
  });

  it('three runners: the hedge is several bets placed together, and every runner ends level (to the rounding)', async () => {
    const p = await player();
    const m = await createTestMarket(t, { A: [300, 310], B: [400, 410], C: [250, 260] });
    await backOrLay(t, p, m, m.marketId, { selectionId: 'A', side: 'BACK', odds: 3, stake: 100 });
    await backOrLay(t, p, m, m.marketId, { selectionId: 'B', side: 'BACK', odds: 4, stake: 100 });
    // Position A +100, B +200, C −200 (paise ×100); the prices now.
    await setPrices(m.marketId, 'A', 280, 290);
    await setPrices(m.marketId, 'B', 380, 390);
    await setPrices(m.marketId, 'C', 240, 250);
    const quote = cashOutQuote({ A: 10_000, B: 20_000, C: -20_000 }, [
      { runnerId: 'A', back: 280, lay: 290 },
      { runnerId: 'B', back: 380, lay: 390 },
      { runnerId: 'C', back: 240, lay: 250 },
    ], 'match_odds');
    if (!quote.ok) throw new Error('expected an offer');
    expect(quote.bets.length).toBeGreaterThanOrEqual(2);
    const [offer] = await offersOf(p, m.matchId);
    expect(offer?.offers.find((o) => o.percent === 100)?.value).toBe(quote.valueMinor / 100);
    const out = body<{ data: CashOutResponse }>(await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: quote.valueMinor / 100 })).data;
    expect(out.bets.map((b) => [b.selectionId, b.side, b.stake])).toEqual(quote.bets.map((b) => [b.runnerId, b.side, b.stakeMinor / 100]));
    expect(pnlOf(out.profitlist)).toEqual(Object.fromEntries([...quote.after].map(([id, v]) => [id, v / 100])));
    const values = out.profitlist.map((r) => r.profit);
    expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(0.05);
    expect(Math.min(...values)).toBe(out.value);
  });

  it('a refusal of one bet of a several-bet hedge places none of them', async () => {
    const p = await player();
    const m = await createTestMarket(t, { A: [300, 310], B: [400, 410], C: [250, 260] });
    await backOrLay(t, p, m, m.marketId, { selectionId: 'A', side: 'BACK', odds: 3, stake: 100 });
    await backOrLay(t, p, m, m.marketId, { selectionId: 'B', side: 'BACK', odds: 4, stake: 100 });
    // A per-bet maximum the second bet passes and the larger one does not.
    await t.db.query('UPDATE markets SET max_stake_minor = 9000 WHERE id = $1', [m.marketId]);
    const before = await walletOf(t, p.user.id);
    const res = await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: -1000 });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ data: { code: 'STAKE_OUT_OF_RANGE' } });
    expect(await walletOf(t, p.user.id)).toEqual(before);
    expect(await getData<PlacedBet[]>(t, p.token, `/api/bets?matchId=${m.matchId}`)).toHaveLength(2);
  });

  it('settles as the two bets it made: the same +50 whichever runner wins (a correction settles it the other way)', async () => {
    const p = await player();
    const m = await t24(p);
    await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 50 });
    const before = await walletOf(t, p.user.id);
    await t.services.settlement.declare(null, { marketId: m.marketId, result: { type: 'WINNER', selectionId: 'H' } });
    expect(await walletOf(t, p.user.id)).toEqual({ balance: before.balance + 5_000n, exposure: 0n });
    await t.services.settlement.declare(null, { marketId: m.marketId, result: { type: 'WINNER', selectionId: 'A' } });
    expect(await walletOf(t, p.user.id)).toEqual({ balance: before.balance + 5_000n, exposure: 0n });
  });
});

describe('cash out: refusals', () => {
  it('a suspended market: no offer, and the cash out is refused with the reason; nothing is placed', async () => {
    const p = await player();
    const m = await t24(p);
    await t.db.query('UPDATE markets SET admin_suspended = true WHERE id = $1', [m.marketId]);
    expect(await offersOf(p, m.matchId)).toEqual([{ marketId: m.marketId, marketType: 'match_odds', status: 'suspended', offers: [] }]);
    const res = await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 50 });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ data: { code: 'MARKET_SUSPENDED' }, message: 'Market Match Odds is suspended: no cash out now' });
    expect((await walletOf(t, p.user.id)).exposure).toBe(10_000n);
  });

  it('the price moved: a value below what the player saw is refused with both values; nothing is placed', async () => {
    const p = await player();
    const m = await t24(p);
    await setPrices(m.marketId, 'H', 215, 220);
    // A's back 1.50: backing A (300 / 1.5) is worth 0, laying H (300 / 2.2) more.
    await setPrices(m.marketId, 'A', 150, 160);
    const res = await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 50 });
    expect(res.statusCode).toBe(409);
    // 300 / 2.2 − 100 = 36.36…: the offer is ₹36.36.
    expect(body(res)).toMatchObject({
      data: { code: 'ODDS_CHANGED' },
      message: 'The price moved: cashing out 100% is worth ₹36.36 now, not ₹50.00. Check the new offer.',
    });
    const bets = await getData<PlacedBet[]>(t, p.token, `/api/bets?matchId=${m.matchId}`);
    expect(bets).toHaveLength(1);
    // A better value than seen is taken.
    const better = await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 30 });
    expect(better.statusCode).toBe(200);
    expect(body<{ data: CashOutResponse }>(better).data.value).toBe(36.36);
  });

  it('no price on the side the hedge needs: refused, and the offer says no_price', async () => {
    const p = await player();
    const m = await t24(p);
    await t.db.query(`UPDATE runners SET lay_prices = '{}', lay_sizes_minor = '{}', back_prices = '{}', back_sizes_minor = '{}' WHERE market_id = $1`, [m.marketId]);
    expect((await offersOf(p, m.matchId))[0]?.status).toBe('no_price');
    const res = await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 0 });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ data: { code: 'ODDS_CHANGED' }, message: 'Market Match Odds has no price to cash out at now' });
  });

  it('the normal placement limits apply: a hedge below the minimum stake is refused with its message', async () => {
    const p = await player();
    const m = await t24(p);
    await t.db.query('UPDATE markets SET min_stake_minor = 20000 WHERE id = $1', [m.marketId]);
    const res = await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 50 });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ data: { code: 'STAKE_OUT_OF_RANGE' } });
    expect((await walletOf(t, p.user.id)).exposure).toBe(10_000n);
  });

  it('a market bet-lock on the player applies as to any bet', async () => {
    const p = await player();
    const m = await t24(p);
    await t.db.query('INSERT INTO market_bet_locks (market_id, user_id, locked_by) SELECT $1, u.id, u.parent_id FROM users u WHERE u.id = $2', [
      m.marketId,
      p.user.id,
    ]);
    const res = await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 50 });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({ data: { code: 'BETTING_LOCKED' } });
  });
});

describe('cash out: the repeat, the delay', () => {
  it('the same Idempotency-Key answers the first cash out (one hedge), another body with it is 409', async () => {
    const p = await player();
    const m = await t24(p);
    const key = randomUUID();
    const first = body<{ data: CashOutResponse }>(await cashOut(p, { marketId: m.marketId, percent: 50, expectedValue: 25 }, key)).data;
    await setPrices(m.marketId, 'H', 100 + 95, 100 + 150);
    const again = await cashOut(p, { marketId: m.marketId, percent: 50, expectedValue: 25 }, key);
    expect(again.statusCode).toBe(200);
    const replay = body<{ data: CashOutResponse }>(again).data;
    expect(replay).toMatchObject({ cashOutId: first.cashOutId, value: 25, percent: 50 });
    expect(replay.bets.map((b) => b.betId)).toEqual(first.bets.map((b) => b.betId));
    expect(await getData<PlacedBet[]>(t, p.token, `/api/bets?matchId=${m.matchId}`)).toHaveLength(2);
    const other = await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 25 }, key);
    expect(other.statusCode).toBe(409);
    expect(body(other)).toMatchObject({ data: { code: 'IDEMPOTENCY_MISMATCH' } });
  });

  it('concurrent requests with one key place one hedge, and each answers it (the second may find the position already level)', async () => {
    // Three at once, four times: a later one may look for the key before the first commits and
    // quote after, on a level position; it must answer the first's cash out, not "nothing to cash out".
    for (let round = 0; round < 4; round += 1) {
      const p = await player();
      const m = await t24(p);
      const key = randomUUID();
      const answers = await Promise.all([0, 1, 2].map(() => cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 50 }, key)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((a) => body<{ data: CashOutResponse }>(a).data.cashOutId)).size).toBe(1);
      expect(await getData<PlacedBet[]>(t, p.token, `/api/bets?matchId=${m.matchId}`)).toHaveLength(2);
      expect((await walletOf(t, p.user.id)).exposure).toBe(0n);
    }
  });

  it('a market with a bet delay: the cash out waits it, then quotes and places on the live market', async () => {
    const p = await player();
    const m = await t24(p);
    await t.db.query('UPDATE markets SET bet_delay_sec = 1 WHERE id = $1', [m.marketId]);
    const started = Date.now();
    const res = await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 50 });
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(pnlOf(body<{ data: CashOutResponse }>(res).data.profitlist)).toEqual({ H: 50, A: 50 });
  });

  it('needs an Idempotency-Key', async () => {
    const p = await player();
    const m = await t24(p);
    const res = await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 50 }, null);
    expect(res.statusCode).toBe(400);
  });
});

describe('cash out: agents and access', () => {
  it("the player's own upline sees the hedge as a cash out in its lists; another chain's agent does not see it", async () => {
    const chain = await createChain(t);
    const other = await createChain(t);
    const p = await createPlayer(t, chain.agents.dl.id);
    const m = await t24(p);
    await cashOut(p, { marketId: m.marketId, percent: 100, expectedValue: 50 });
    const mine = await getData<BetPage<BetRow>>(t, chain.tokens.dl, `/api/unsettled-bets?matchId=${m.matchId}`);
    expect(mine.rows.map((r) => [r.username, r.side, r.cashOut === true])).toEqual([
      [p.user.username, 'LAY', true],
      [p.user.username, 'BACK', false],
    ]);
    const theirs = await getData<BetPage<BetRow>>(t, other.tokens.dl, `/api/unsettled-bets?matchId=${m.matchId}`);
    expect(theirs.rows).toEqual([]);
    // An agent has no cash out of its own.
    const agentRes = await t.request({ method: 'GET', url: `/api/cashout?matchId=${m.matchId}`, token: chain.tokens.dl });
    expect([401, 403]).toContain(agentRes.statusCode);
    // Another player cannot cash out this player's position: it has none of its own there.
    const stranger = await player();
    const res = await cashOut(stranger, { marketId: m.marketId, percent: 100, expectedValue: 0 });
    expect(res.statusCode).toBe(404);
  });

  it('hostile input is a 400 with a message', async () => {
    const p = await player();
    const m = await t24(p);
    const good = { marketId: m.marketId, percent: 100, expectedValue: 50 };
    const bad: Array<Record<string, unknown>> = [
      { ...good, percent: 0 },
      { ...good, percent: 101 },
      { ...good, percent: 50.5 },
      { ...good, percent: '50' },
      { ...good, percent: true },
      { ...good, percent: '0x10' },
      { ...good, expectedValue: '0x10' },
      { ...good, expectedValue: true },
      { ...good, expectedValue: 1e300 },
      { ...good, expectedValue: 50.001 },
      { ...good, marketId: 'a\u0000b' },
      { ...good, marketId: 'bad \ud800 id' },
      { ...good, marketId: '' },
      { marketId: m.marketId, percent: 100 },
    ];
    for (const payload of bad) {
      const res = await cashOut(p, payload);
      expect([res.statusCode, payload]).toEqual([400, payload]);
      expect(body(res).message.length).toBeGreaterThan(0);
    }
    const query = await t.request({ method: 'GET', url: '/api/cashout?matchId=a%00b', token: p.token });
    expect(query.statusCode).toBe(400);
    expect((await walletOf(t, p.user.id)).exposure).toBe(10_000n);
  });
});
