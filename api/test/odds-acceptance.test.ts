/**
 * Odds acceptance (issue 33, ADR 0055): a player's choice of what a runner bet does when the live
 * price moved during its bet delay — 'better' (the default: matched at the live price when it is
 * the same or better for the player, else "Odds changed"), 'any' (matched at the live price either
 * way) or 'exact' (only at the price asked) — stored per player (get/save-bet-preferences) and
 * sendable with the bet (`oddsAcceptance`, which the server validates and then applies). Every
 * mode × the price moved better / worse / not at all × back / lay through the real API with a real
 * bet delay; the limits, the exposure and the funds checked at the matched price (a lay's
 * liability grows with the price); hostile input on the new fields; the ledger's invariants.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_BET_PREFERENCES, MESSAGES, type BetPreferences, type OddsAcceptance, type PlaceBetResponse } from '@backlay/shared/contracts';
import { assertLedgerInvariants, body, buildTestApp, businessStateDigest, createTestFancy, createTestMarket, idempotent, walletOf, type TestContext } from './helper';

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await assertLedgerInvariants(t.db);
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

function savePreferences(token: string, payload: unknown) {
  return t.request({ method: 'POST', url: '/api/save-bet-preferences', token, payload: payload as Record<string, unknown> });
}

/** A match odds market with a 1 s bet delay: A backs at 2.00 and lays at 2.02. */
async function delayedMarket() {
  const m = await createTestMarket(t, { A: [200, 202], B: [200, 202] });
  await t.db.query('UPDATE markets SET bet_delay_sec = 1 WHERE id = $1', [m.marketId]);
  return m;
}

/** Sets A's best price on `side` while a bet waits its delay. */
async function moveDuringDelay(marketId: string, side: 'BACK' | 'LAY', price: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await t.db.query(`UPDATE runners SET ${side === 'BACK' ? 'back_prices' : 'lay_prices'} = ARRAY[$2::int] WHERE market_id = $1 AND selection_id = 'A'`, [marketId, price]);
}

const ASKED = { BACK: 200, LAY: 202 } as const;
/** A's price after the move, per side and direction (hundredths): better for a back is higher, for a lay lower. */
const MOVED = { BACK: { better: 210, worse: 190, unchanged: 200 }, LAY: { better: 192, worse: 212, unchanged: 202 } } as const;
type Move = 'better' | 'worse' | 'unchanged';
/** What each mode answers: the matched price, or the refusal. */
const EXPECTED: Record<OddsAcceptance, Record<Move, 'matched at live' | 'ODDS_CHANGED'>> = {
  better: { better: 'matched at live', unchanged: 'matched at live', worse: 'ODDS_CHANGED' },
  any: { better: 'matched at live', unchanged: 'matched at live', worse: 'matched at live' },
  exact: { better: 'ODDS_CHANGED', unchanged: 'matched at live', worse: 'ODDS_CHANGED' },
};

const CASES = (['better', 'any', 'exact'] as const).flatMap((mode) =>
  (['BACK', 'LAY'] as const).flatMap((side) => (['better', 'worse', 'unchanged'] as const).map((move) => ({ mode, side, move }))),
);

describe('each odds acceptance when the price moved during the bet delay', () => {
  // All 18 at once (each its own player and market): one bet delay for the lot.
  let answers: Array<{ mode: OddsAcceptance; side: 'BACK' | 'LAY'; move: Move; status: number; code?: string; message: string; odds?: number; stored?: { price: number; requested: number; acceptance: string }; exposure: bigint; expectedExposure: bigint }>;

  beforeAll(async () => {
    answers = await Promise.all(
      CASES.map(async ({ mode, side, move }) => {
        const p = await player(1_000n);
        // The player's stored choice; the bet sends none.
        expect((await savePreferences(p.token, { oddsAcceptance: mode })).statusCode).toBe(200);
        const m = await delayedMarket();
        const live = MOVED[side][move];
        const [res] = await Promise.all([
          place(p.token, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side, odds: ASKED[side] / 100, stake: 100 }),
          moveDuringDelay(m.marketId, side, live),
        ]);
        const answer = body<{ data: PlaceBetResponse & { code?: string }; message: string }>(res);
        const stored =
          res.statusCode === 200
            ? (await t.db.query<{ price: number; requested: number; acceptance: string }>('SELECT price_shown AS price, requested_price AS requested, odds_acceptance AS acceptance FROM bets WHERE id = $1', [answer.data.bet.betId])).rows[0]
            : undefined;
        // Exposure of a ₹100 bet at the live price: a back's stake, a lay's liability (odds − 1) × 100.
        const expectedExposure = res.statusCode !== 200 ? 0n : side === 'BACK' ? 10_000n : BigInt(live - 100) * 100n;
        return {
          mode, side, move, status: res.statusCode, message: answer.message, exposure: (await walletOf(t, p.id)).exposure, expectedExposure,
          ...(res.statusCode === 200 ? { odds: answer.data.bet.odds } : { code: answer.data.code }),
          ...(stored ? { stored } : {}),
        };
      }),
    );
  }, 30_000);

  it.each(CASES)('$mode, $side, moved $move', ({ mode, side, move }) => {
    const a = answers.find((x) => x.mode === mode && x.side === side && x.move === move);
    const live = MOVED[side][move];
    if (EXPECTED[mode][move] === 'ODDS_CHANGED') {
      expect(a).toMatchObject({ status: 409, code: 'ODDS_CHANGED', exposure: 0n });
      // The SPEC's words, with the numbers.
      expect(a?.message).toBe(`Odds changed: requested ${(ASKED[side] / 100).toFixed(2)}, live ${side === 'BACK' ? 'back' : 'lay'} ${(live / 100).toFixed(2)}`);
    } else {
      // Matched at the live price; the request's price and the acceptance kept with the bet; the
      // exposure is the bet's at the matched price.
      expect(a).toMatchObject({ status: 200, odds: live / 100, stored: { price: live, requested: ASKED[side], acceptance: mode } });
      expect(a?.exposure).toBe(a?.expectedExposure);
    }
  });
});

describe('the acceptance sent with the bet, the stored one and the default', () => {
  it('no preferences saved: the defaults, and a bet without a choice is "better"', async () => {
    const p = await player(1_000n);
    const got = await t.request({ method: 'GET', url: '/api/get-bet-preferences', token: p.token });
    expect(body(got)).toEqual({ data: DEFAULT_BET_PREFERENCES, message: MESSAGES.ok });
    const m = await createTestMarket(t, { A: [200, 202], B: [200, 202] });
    // Better now: matched at 2.10; worse: refused.
    await t.db.query(`UPDATE runners SET back_prices = ARRAY[210] WHERE market_id = $1 AND selection_id = 'A'`, [m.marketId]);
    const better = await place(p.token, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100 });
    expect(body<{ data: PlaceBetResponse }>(better).data.bet.odds).toBe(2.1);
    const worse = await place(p.token, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 2.2, stake: 100 });
    expect(worse.statusCode).toBe(409);
  });

  it("the bet's own choice wins over the stored one, in both directions", async () => {
    const p = await player(1_000n);
    expect(body(await savePreferences(p.token, { oddsAcceptance: 'exact' }))).toEqual({
      data: { ...DEFAULT_BET_PREFERENCES, oddsAcceptance: 'exact' },
      message: MESSAGES.betPreferencesSaved,
    });
    const m = await createTestMarket(t, { A: [210, 212], B: [200, 202] });
    const bet = { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100 };
    // Stored 'exact': a better price is refused…
    expect(body<{ data: { code: string } }>(await place(p.token, bet)).data.code).toBe('ODDS_CHANGED');
    // …unless the bet says 'better' (or 'any').
    expect(body<{ data: PlaceBetResponse }>(await place(p.token, { ...bet, oddsAcceptance: 'better' })).data.bet.odds).toBe(2.1);
    expect(body<{ data: PlaceBetResponse }>(await place(p.token, { ...bet, odds: 2.3, oddsAcceptance: 'any' })).data.bet.odds).toBe(2.1);
    await savePreferences(p.token, { oddsAcceptance: 'any' });
    expect(body<{ data: { code: string } }>(await place(p.token, { ...bet, oddsAcceptance: 'exact' })).data.code).toBe('ODDS_CHANGED');
  });

  it('a repeat of the key with another acceptance is another request (IDEMPOTENCY_MISMATCH)', async () => {
    const p = await player(1_000n);
    const m = await createTestMarket(t, { A: [200, 202], B: [200, 202] });
    const key = randomUUID();
    const bet = { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100 };
    expect((await place(p.token, { ...bet, oddsAcceptance: 'better' }, key)).statusCode).toBe(200);
    expect((await place(p.token, { ...bet, oddsAcceptance: 'better' }, key)).statusCode).toBe(200);
    expect(body<{ data: { code: string } }>(await place(p.token, { ...bet, oddsAcceptance: 'any' }, key)).data.code).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('a fancy bet keeps its own rule whatever the acceptance: the line same or better, the rate unchanged', async () => {
    const p = await player(1_000n);
    const m = await createTestMarket(t, { A: [200, 202] });
    const f = await createTestFancy(t, m.matchId, { noRun: 45, noRate: 100, yesRun: 46, yesRate: 90 });
    const fancyBet = { matchId: m.matchId, fancyId: f.fancyId, side: 'YES', stake: 100 };
    // A YES asked at 45 (live 46 is worse) is refused even under 'any'; the rate moved likewise.
    expect(body<{ data: { code: string } }>(await place(p.token, { ...fancyBet, run: 45, rate: 90, oddsAcceptance: 'any' })).data.code).toBe('ODDS_CHANGED');
    expect(body<{ data: { code: string } }>(await place(p.token, { ...fancyBet, run: 46, rate: 95, oddsAcceptance: 'any' })).data.code).toBe('ODDS_CHANGED');
    // A YES asked at 47 under 'exact' is matched at the better live 46.
    const ok = await place(p.token, { ...fancyBet, run: 47, rate: 90, oddsAcceptance: 'exact' });
    expect(body<{ data: PlaceBetResponse }>(ok).data.bet.run).toBe(46);
  });
});

describe("'any' odds: the limits, the exposure and the funds at the matched price", () => {
  /** A lay of ₹100 on A asked at 2.02 under 'any' while the lay moves to `live` during the delay. */
  async function layMovedTo(p: { token: string }, live: number) {
    const m = await delayedMarket();
    const [res] = await Promise.all([
      place(p.token, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'LAY', odds: 2.02, stake: 100, oddsAcceptance: 'any' }),
      moveDuringDelay(m.marketId, 'LAY', live),
    ]);
    return res;
  }

  it('a lay whose liability grew past the funds is refused INSUFFICIENT_FUNDS, with the liability at the matched price', async () => {
    // ₹150: enough for the liability at 2.02 (₹102), not at 3.00 (₹200).
    const p = await player(150n);
    const res = await layMovedTo(p, 300);
    expect(res.statusCode).toBe(409);
    expect(body<{ data: { code: string } }>(res).data.code).toBe('INSUFFICIENT_FUNDS');
    expect(body(res).message).toContain('200');
    expect(await walletOf(t, p.id)).toEqual({ balance: 15_000n, exposure: 0n });
  });

  it('a lay whose liability grew past the exposure limit is refused EXPOSURE_LIMIT', async () => {
    const p = await player(1_000n);
    await t.db.query('UPDATE users SET exposure_limit_minor = 15000 WHERE id = $1', [p.id]);
    const res = await layMovedTo(p, 300);
    expect(body<{ data: { code: string } }>(res).data.code).toBe('EXPOSURE_LIMIT');
    expect((await walletOf(t, p.id)).exposure).toBe(0n);
  });

  it('a lay matched at a higher price reserves its larger liability, to the paisa', async () => {
    const p = await player(1_000n);
    const res = await layMovedTo(p, 257);
    expect(res.statusCode).toBe(200);
    const placed = body<{ data: PlaceBetResponse }>(res).data;
    expect(placed.bet.odds).toBe(2.57);
    expect(placed.exposer).toBe(157);
    expect(await walletOf(t, p.id)).toEqual({ balance: 100_000n, exposure: 15_700n });
  });

  it('the maximum profit is checked at the matched price: a back matched higher can pass it', async () => {
    const p = await player(1_000n);
    const m = await delayedMarket();
    await t.db.query('UPDATE markets SET max_profit_minor = 12000 WHERE id = $1', [m.marketId]);
    const [res] = await Promise.all([
      place(p.token, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100, oddsAcceptance: 'any' }),
      moveDuringDelay(m.marketId, 'BACK', 250),
    ]);
    expect(body<{ data: { code: string } }>(res).data.code).toBe('STAKE_OUT_OF_RANGE');
  });

  it('still refused when the market was suspended or the price went during the delay', async () => {
    const p = await player(1_000n);
    const m = await delayedMarket();
    const suspend = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await t.db.query(`UPDATE markets SET feed_status = 'suspended' WHERE id = $1`, [m.marketId]);
    })();
    const [suspended] = await Promise.all([
      place(p.token, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100, oddsAcceptance: 'any' }),
      suspend,
    ]);
    expect(body<{ data: { code: string } }>(suspended).data.code).toBe('MARKET_SUSPENDED');
    const n = await delayedMarket();
    const empty = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await t.db.query(`UPDATE runners SET back_prices = '{}', back_sizes_minor = '{}' WHERE market_id = $1 AND selection_id = 'A'`, [n.marketId]);
    })();
    const [noPrice] = await Promise.all([
      place(p.token, { matchId: n.matchId, marketId: n.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100, oddsAcceptance: 'any' }),
      empty,
    ]);
    expect(body(noPrice).message).toBe('Odds changed: requested 2.00, live back none');
    expect((await walletOf(t, p.id)).exposure).toBe(0n);
  });
});

describe('bet preferences: the routes and hostile input', () => {
  it('saves each field alone, the others kept; one-click and its stake', async () => {
    const p = await player(1_000n);
    expect(body<{ data: BetPreferences }>(await savePreferences(p.token, { oneClick: true })).data).toEqual({ ...DEFAULT_BET_PREFERENCES, oneClick: true });
    expect(body<{ data: BetPreferences }>(await savePreferences(p.token, { oneClickStake: 250 })).data).toEqual({ oddsAcceptance: 'better', oneClick: true, oneClickStake: 250 });
    expect(body<{ data: BetPreferences }>(await savePreferences(p.token, { oddsAcceptance: 'any' })).data).toEqual({ oddsAcceptance: 'any', oneClick: true, oneClickStake: 250 });
    const got = await t.request({ method: 'GET', url: '/api/get-bet-preferences', token: p.token });
    expect(body<{ data: BetPreferences }>(got).data).toEqual({ oddsAcceptance: 'any', oneClick: true, oneClickStake: 250 });
  });

  it("an agent has none: the player area's routes refuse an agent's token", async () => {
    const agent = await t.createUser({ role: 'dl' });
    const token = (await t.login(agent)).token;
    expect((await t.request({ method: 'GET', url: '/api/get-bet-preferences', token })).statusCode).toBe(401);
    expect((await savePreferences(token, { oneClick: true })).statusCode).toBe(401);
    expect((await t.db.query('SELECT 1 FROM bet_preferences WHERE user_id = $1', [agent.id])).rowCount).toBe(0);
  });

  const hostileSaves: Array<[string, unknown, string | RegExp | undefined]> = [
    ['an unknown acceptance', { oddsAcceptance: 'ANY' }, undefined],
    ['a NUL byte', { oddsAcceptance: 'any\u0000' }, /NUL character/],
    ['a lone surrogate', { oddsAcceptance: '\ud800' }, /valid Unicode/],
    ['true as the acceptance', { oddsAcceptance: true }, undefined],
    ['"true" as one-click', { oneClick: 'true' }, undefined],
    ['1 as one-click', { oneClick: 1 }, undefined],
    ['"0x10" as the stake', { oneClickStake: '0x10' }, undefined],
    ['true as the stake', { oneClickStake: true }, undefined],
    ['a stake of 0', { oneClickStake: 0 }, MESSAGES.oneClickStakeInvalid],
    ['a stake with paise', { oneClickStake: 10.5 }, MESSAGES.oneClickStakeInvalid],
    ['a stake past the largest button', { oneClickStake: 1_000_001 }, MESSAGES.oneClickStakeInvalid],
    ['a stake past any amount', { oneClickStake: 1e300 }, undefined],
    ['a negative stake', { oneClickStake: -5 }, MESSAGES.oneClickStakeInvalid],
    ['nothing to save', {}, MESSAGES.nothingToUpdate],
  ];

  it.each(hostileSaves)('save-bet-preferences with %s: 400, nothing saved', async (_name, payload, message) => {
    const p = await player(10n);
    const before = await businessStateDigest(t.db);
    const res = await savePreferences(p.token, payload);
    expect(res.statusCode).toBe(400);
    if (message !== undefined) expect(body(res).message).toMatch(message);
    expect(await businessStateDigest(t.db)).toBe(before);
    const stored = await t.db.query('SELECT 1 FROM bet_preferences WHERE user_id = $1', [p.id]);
    expect(stored.rowCount).toBe(0);
  });

  it.each([['ANY'], [''], ['better\u0000'], [true], [1], [null], ['\udc00']])('placebet with oddsAcceptance %j: 400, no bet', async (value) => {
    const p = await player(1_000n);
    const m = await createTestMarket(t, { A: [200, 202] });
    const res = await place(p.token, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100, oddsAcceptance: value });
    expect(res.statusCode).toBe(400);
    expect(body<{ data: { code: string } }>(res).data.code).toBe('VALIDATION');
    expect((await t.db.query('SELECT 1 FROM bets WHERE user_id = $1', [p.id])).rowCount).toBe(0);
  });
});
