/**
 * Bet placement through the real API (docs/rules/money.md §7.1 T1–T6, §7.2 T7–T8, §7.10 T30, §7.11): netted
 * exposure, the risk-reducing bet with 0 available, refusals with their own codes (exposure
 * limit, market bet-lock), idempotency (also 20 concurrent repeats of one key), and the hot spot
 * (50 concurrent bets against funds for 10 accept exactly 10).
 */
import { randomUUID } from 'node:crypto';
import { applyBet, emptyVector, exposureMinor, marketPnlVector, type RunnerBet } from '@backlay/shared/domain';
import type { PlaceBetResponse, PlacedBet, SocketAck, SocketBalancePayload } from '@backlay/shared/contracts';
import { io, type Socket } from 'socket.io-client';
import {
  body,
  buildTestApp,
  createTestFancy,
  idempotent,
  TEST_ORIGIN,
  TEST_TXN_PASSWORD,
  type TestContext,
  type TestUser,
} from './helper';

let t: TestContext;
let baseUrl: string;
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await t.close();
});


interface Match {
  matchId: string;
  marketId: string;
}

/** A match with one open, active market; runners `sel` → [best back, best lay] in hundredths. */
async function createMatch(runners: Record<string, [number, number]>, marketType = 'match_odds'): Promise<Match> {
  counter += 1;
  const matchId = `9${Date.now() % 1_000_000}${counter}`;
  const marketId = `1.${matchId}`;
  await t.db.query(`INSERT INTO competitions (id, sport_id, name) VALUES ($1, 4, 'Test League') ON CONFLICT DO NOTHING`, ['c-test']);
  await t.db.query(
    `INSERT INTO events (id, sport_id, competition_id, name, open_date, status, imported, active)
     VALUES ($1, 4, 'c-test', 'A v B', now(), 'inplay', true, true)`,
    [matchId],
  );
  await t.db.query(
    `INSERT INTO markets (id, event_id, name, market_type, sort_order, feed_status, active, min_stake_minor, max_stake_minor,
                          max_profit_minor, bet_delay_sec)
     VALUES ($1, $2, 'Match Odds', $3, 1, 'open', true, 100, 100000000, 100000000, 0)`,
    [marketId, matchId, marketType],
  );
  let order = 0;
  for (const [selectionId, [back, lay]] of Object.entries(runners)) {
    order += 1;
    await t.db.query(
      `INSERT INTO runners (market_id, selection_id, name, sort_order, status, back_prices, back_sizes_minor, lay_prices, lay_sizes_minor)
       VALUES ($1, $2, $2, $3, 'active', ARRAY[$4::int], ARRAY[100000000::bigint], ARRAY[$5::int], ARRAY[100000000::bigint])`,
      [marketId, selectionId, order, back, lay],
    );
  }
  return { matchId, marketId };
}

async function player(rupees: bigint): Promise<{ user: TestUser; token: string }> {
  const user = await t.createUser({ role: 'user' });
  if (rupees > 0n) await t.fund(user.id, rupees);
  return { user, token: (await t.login(user)).token };
}

function place(token: string, m: Match, bet: { selectionId: string; side: 'BACK' | 'LAY'; odds: number; stake: number }, key = randomUUID()) {
  return t.request({
    method: 'POST',
    url: '/api/placebet',
    token,
    headers: idempotent(key),
    payload: { matchId: m.matchId, marketId: m.marketId, ...bet },
  });
}

async function wallet(userId: string): Promise<{ balance: bigint; exposure: bigint }> {
  const { rows } = await t.db.query<{ balance: string; exposure: string }>(
    'SELECT balance_minor::text AS balance, exposure_minor::text AS exposure FROM ledger_accounts WHERE user_id = $1',
    [userId],
  );
  return { balance: BigInt(rows[0].balance), exposure: BigInt(rows[0].exposure) };
}

/** The user's exposure recomputed from the stored bets with the pure functions. */
async function recomputedExposure(userId: string): Promise<bigint> {
  const { rows } = await t.db.query<{ marketId: string; runners: string[] }>(
    `SELECT b.market_id AS "marketId", array_agg(r.selection_id ORDER BY r.sort_order) AS runners
     FROM (SELECT DISTINCT market_id FROM bets WHERE user_id = $1) b JOIN runners r ON r.market_id = b.market_id
     GROUP BY b.market_id`,
    [userId],
  );
  let total = 0;
  for (const market of rows) {
    const bets = await t.db.query<{ side: 'BACK' | 'LAY'; selectionId: string; stake: string; odds: number }>(
      `SELECT side, selection_id AS "selectionId", stake_minor::text AS stake, odds_hundredths AS odds
       FROM bets WHERE user_id = $1 AND market_id = $2 AND status = 'open' ORDER BY created_at`,
      [userId, market.marketId],
    );
    const runnerBets: RunnerBet[] = bets.rows.map((b) => ({ side: b.side, runnerId: b.selectionId, stakeMinor: Number(b.stake), oddsHundredths: b.odds }));
    total += exposureMinor(marketPnlVector(runnerBets, market.runners));
  }
  return BigInt(total);
}

describe('POST /api/placebet', () => {
  it('T1/T2: back then lay on the same market nets the exposure like the pure functions', async () => {
    const { user, token } = await player(10_000n);
    const m = await createMatch({ H: [250, 252], D: [358, 360], A: [300, 302] });
    const first = await place(token, m, { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 });
    expect(first.statusCode).toBe(200);
    const one = body<{ data: PlaceBetResponse; message: string }>(first);
    expect(one.message).toBe('Bet Placed Successfully');
    expect(one.data.exposer).toBe(100);
    expect(one.data.profitlist).toEqual(
      expect.arrayContaining([{ selectionId: 'H', profit: 150 }, { selectionId: 'D', profit: -100 }, { selectionId: 'A', profit: -100 }]),
    );

    const second = await place(token, m, { selectionId: 'D', side: 'LAY', odds: 3.6, stake: 50 });
    expect(second.statusCode).toBe(200);
    const two = body<{ data: PlaceBetResponse }>(second).data;
    const expected = applyBet(
      applyBet(emptyVector(['H', 'D', 'A']), { side: 'BACK', runnerId: 'H', stakeMinor: 10_000, oddsHundredths: 250 }),
      { side: 'LAY', runnerId: 'D', stakeMinor: 5_000, oddsHundredths: 360 },
    );
    expect(two.exposer * 100).toBe(exposureMinor(expected));
    expect(two.exposer).toBe(230);
    expect(Object.fromEntries(two.profitlist.map((p) => [p.selectionId, p.profit * 100]))).toEqual(Object.fromEntries(expected));
    expect((await wallet(user.id)).exposure).toBe(23_000n);
    expect(await recomputedExposure(user.id)).toBe(23_000n);

    const list = await t.request({ method: 'GET', url: `/api/bets?matchId=${m.matchId}`, token });
    expect(list.statusCode).toBe(200);
    // Newest first.
    expect(body<{ data: PlacedBet[] }>(list).data.map((b) => [b.selectionId, b.side, b.odds, b.stake])).toEqual([
      ['D', 'LAY', 3.6, 50],
      ['H', 'BACK', 2.5, 100],
    ]);
  });

  it('T3: back and lay of the same runner net to 100, not 300', async () => {
    const { user, token } = await player(10_000n);
    const m = await createMatch({ A: [200, 200], B: [200, 200] });
    expect((await place(token, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 200 })).statusCode).toBe(200);
    const res = await place(token, m, { selectionId: 'A', side: 'LAY', odds: 2, stake: 100 });
    expect(body<{ data: PlaceBetResponse }>(res).data.exposer).toBe(100);
    expect(await recomputedExposure(user.id)).toBe((await wallet(user.id)).exposure);
  });

  it('T4: a risk-reducing bet is accepted with 0 available', async () => {
    const { user, token } = await player(1_000n);
    const m = await createMatch({ A: [200, 202], B: [200, 202] });
    expect((await place(token, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 1_000 })).statusCode).toBe(200);
    expect(await wallet(user.id)).toEqual({ balance: 100_000n, exposure: 100_000n });
    const res = await place(token, m, { selectionId: 'B', side: 'BACK', odds: 2, stake: 500 });
    expect(res.statusCode).toBe(200);
    expect(body<{ data: PlaceBetResponse }>(res).data.exposer).toBe(500);
    expect(await wallet(user.id)).toEqual({ balance: 100_000n, exposure: 50_000n });
  });

  it('T5: a risk-increasing bet beyond the funds is refused with 409 naming the facts', async () => {
    const { user, token } = await player(1_000n);
    const m = await createMatch({ A: [194, 196], B: [194, 196] });
    const res = await place(token, m, { selectionId: 'B', side: 'LAY', odds: 1.96, stake: 1_200 });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ data: { code: 'INSUFFICIENT_FUNDS' } });
    expect(res.body).toContain('balance 1,000.00');
    expect(res.body).toContain('exposure after this bet 1,152.00');
    expect(await wallet(user.id)).toEqual({ balance: 100_000n, exposure: 0n });
  });

  it('refuses odds that moved against the player, naming both prices', async () => {
    const { token } = await player(1_000n);
    const m = await createMatch({ A: [208, 212], B: [190, 192] });
    const back = await place(token, m, { selectionId: 'A', side: 'BACK', odds: 2.1, stake: 100 });
    expect(back.statusCode).toBe(409);
    expect(body(back)).toMatchObject({ data: { code: 'ODDS_CHANGED' } });
    expect(back.body).toContain('requested 2.10');
    expect(back.body).toContain('live back 2.08');
    const lay = await place(token, m, { selectionId: 'A', side: 'LAY', odds: 2.1, stake: 100 });
    expect(lay.statusCode).toBe(409);
    expect(lay.body).toContain('live lay 2.12');
    // Better odds than asked are accepted.
    expect((await place(token, m, { selectionId: 'A', side: 'BACK', odds: 2.05, stake: 100 })).statusCode).toBe(200);
  });

  it('refuses a suspended market', async () => {
    const { token } = await player(1_000n);
    const m = await createMatch({ A: [200, 202], B: [200, 202] });
    await t.db.query('UPDATE markets SET admin_suspended = true WHERE id = $1', [m.marketId]);
    const res = await place(token, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 100 });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ data: { code: 'MARKET_SUSPENDED' } });
    expect(res.body).toContain('suspended');
  });

  it('refuses a player whose upline has betting locked', async () => {
    const { user, token } = await player(1_000n);
    const m = await createMatch({ A: [200, 202], B: [200, 202] });
    await t.db.query('UPDATE users SET bet_lock = true WHERE id = $1', [user.parentId]);
    const res = await place(token, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 100 });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({ data: { code: 'BETTING_LOCKED' }, message: 'Betting is locked for your account' });
    expect(await wallet(user.id)).toEqual({ balance: 100_000n, exposure: 0n });
  });

  it('refuses a stake outside the market limits and requires the Idempotency-Key', async () => {
    const { token } = await player(1_000n);
    const m = await createMatch({ A: [200, 202], B: [200, 202] });
    await t.db.query('UPDATE markets SET min_stake_minor = 10000 WHERE id = $1', [m.marketId]);
    const low = await place(token, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 50 });
    expect(low.statusCode).toBe(400);
    expect(body(low)).toMatchObject({ data: { code: 'STAKE_OUT_OF_RANGE' } });
    expect(low.body).toContain('50.00');
    const noKey = await t.request({
      method: 'POST',
      url: '/api/placebet',
      token,
      payload: { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100 },
    });
    expect(noKey.statusCode).toBe(400);
  });

  it('is for players only: an agent is refused and nothing is written', async () => {
    const dl = await t.createUser({ role: 'dl' });
    await t.fund(dl.id, 1_000n);
    const { token } = await t.login(dl);
    const m = await createMatch({ A: [200, 202], B: [200, 202] });
    const res = await place(token, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 100 });
    expect(res.statusCode).toBeGreaterThanOrEqual(401);
    expect(res.statusCode).toBeLessThan(404);
    const list = await t.request({ method: 'GET', url: `/api/bets?matchId=${m.matchId}`, token });
    expect(list.statusCode).toBe(res.statusCode);
    expect((await t.db.query('SELECT 1 FROM bets WHERE user_id = $1', [dl.id])).rows).toHaveLength(0);
  });

  it('answers an idempotent repeat with the first bet', async () => {
    const { user, token } = await player(1_000n);
    const m = await createMatch({ A: [200, 202], B: [200, 202] });
    const key = randomUUID();
    const first = await place(token, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 100 }, key);
    const again = await place(token, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 100 }, key);
    expect(again.statusCode).toBe(200);
    expect(body<{ data: PlaceBetResponse }>(again).data.bet.betId).toBe(body<{ data: PlaceBetResponse }>(first).data.bet.betId);
    const other = await place(token, m, { selectionId: 'B', side: 'BACK', odds: 2, stake: 100 }, key);
    expect(other.statusCode).toBe(409);
    expect(body(other)).toMatchObject({ data: { code: 'IDEMPOTENCY_MISMATCH' } });
    const { rows } = await t.db.query('SELECT id FROM bets WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect((await wallet(user.id)).exposure).toBe(10_000n);
  });

  it('a repeat answers the first answer byte for byte: after later bets, once the odds moved and once the market closed', async () => {
    // Found by the crash test (crash.test.ts): a repeat answered the wallet and book of the
    // moment, and a refusal once the market had closed — a client retrying after a lost answer
    // took a standing bet for refused.
    const { token } = await player(1_000n);
    const m = await createMatch({ A: [200, 202], B: [200, 202] });
    const key = randomUUID();
    const bet = { selectionId: 'A', side: 'BACK', odds: 2, stake: 100 } as const;
    const first = await place(token, m, bet, key);
    expect(first.statusCode).toBe(200);
    expect((await place(token, m, { selectionId: 'B', side: 'LAY', odds: 2.02, stake: 50 })).statusCode).toBe(200);
    expect(await place(token, m, bet, key)).toMatchObject({ statusCode: 200, body: first.body });
    await t.db.query(`UPDATE runners SET back_prices = ARRAY[150] WHERE market_id = $1`, [m.marketId]);
    expect(await place(token, m, bet, key)).toMatchObject({ statusCode: 200, body: first.body });
    await t.db.query(`UPDATE markets SET feed_status = 'closed' WHERE id = $1`, [m.marketId]);
    expect(await place(token, m, bet, key)).toMatchObject({ statusCode: 200, body: first.body });
    // Another request with the key is still refused, the market's state first or not.
    expect(body(await place(token, m, { ...bet, stake: 101 }, key))).toMatchObject({ data: { code: 'IDEMPOTENCY_MISMATCH' } });
  });

  it('pushes the new exposure to the player as a live balance event', async () => {
    const user = await t.createUser({ role: 'user' });
    await t.fund(user.id, 1_000n);
    const session = await t.login(user);
    const socket: Socket = io(`${baseUrl}/user`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: session.token },
      extraHeaders: { origin: TEST_ORIGIN },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error) => reject(error));
      });
      const ack = await new Promise<SocketAck>((resolve) =>
        socket.emit('login', { role: user.role, sessionId: session.sessionId, _id: user.id }, (a: SocketAck) => resolve(a)),
      );
      expect(ack).toEqual({ ok: true });
      const balance = new Promise<SocketBalancePayload>((resolve) => socket.once('balance', resolve));
      const m = await createMatch({ A: [250, 252], B: [160, 162] });
      const placed = await place(session.token, m, { selectionId: 'A', side: 'BACK', odds: 2.5, stake: 200 });
      expect(placed.statusCode).toBe(200);
      // The message names its cause, the bet the reply names: the page that placed it skips the echo by id.
      const { betId } = body<{ data: PlaceBetResponse }>(placed).data.bet;
      expect(await balance).toEqual({ balance: 1000, exposer: 200, betId });
    } finally {
      socket.disconnect();
    }
  });

  it('applies the bet delay and refuses when the price moved during it (T31)', async () => {
    const { user, token } = await player(1_000n);
    const m = await createMatch({ A: [210, 212], B: [190, 192] });
    await t.db.query('UPDATE markets SET bet_delay_sec = 1 WHERE id = $1', [m.marketId]);
    const started = Date.now();
    const pending = place(token, m, { selectionId: 'A', side: 'BACK', odds: 2.1, stake: 100 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.db.query(`UPDATE runners SET back_prices = ARRAY[208] WHERE market_id = $1 AND selection_id = 'A'`, [m.marketId]);
    const res = await pending;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ data: { code: 'ODDS_CHANGED' } });
    expect(res.body).toContain('live back 2.08');
    expect(await wallet(user.id)).toEqual({ balance: 100_000n, exposure: 0n });
    // Unchanged price: accepted after the delay.
    const ok = await place(token, m, { selectionId: 'B', side: 'BACK', odds: 1.9, stake: 100 });
    expect(ok.statusCode).toBe(200);
  });

  it('hot spot: 50 concurrent bets against funds for 10 accept exactly 10, the balance never goes below zero', async () => {
    const { user, token } = await player(1_000n);
    const m = await createMatch({ A: [200, 202], B: [200, 202] });
    let lowest = 100_000n;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const w = await wallet(user.id);
        if (w.balance - w.exposure < lowest) lowest = w.balance - w.exposure;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => place(token, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 100 })),
    );
    watching = false;
    await watcher;
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(lowest).toBeGreaterThanOrEqual(0n);
    expect(await wallet(user.id)).toEqual({ balance: 100_000n, exposure: 100_000n });
    expect(await recomputedExposure(user.id)).toBe(100_000n);
    expect((await t.db.query('SELECT 1 FROM bets WHERE user_id = $1', [user.id])).rows).toHaveLength(10);
  });

  it('the same Idempotency-Key sent 20 times at once places one bet and answers it 20 times', async () => {
    const { user, token } = await player(1_000n);
    const m = await createMatch({ A: [200, 202], B: [200, 202] });
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => place(token, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 100 }, key)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const betIds = new Set(results.map((r) => body<{ data: PlaceBetResponse }>(r).data.bet.betId));
    expect(betIds.size).toBe(1);
    expect((await t.db.query('SELECT 1 FROM bets WHERE user_id = $1', [user.id])).rows).toHaveLength(1);
    expect(await wallet(user.id)).toEqual({ balance: 100_000n, exposure: 10_000n });
  });

  it('T6: a guaranteed profit shows +1,000 and 0 with no exposure', async () => {
    const { user, token } = await player(10_000n);
    const m = await createMatch({ A: [198, 188], B: [200, 202] });
    expect((await place(token, m, { selectionId: 'A', side: 'BACK', odds: 1.98, stake: 10_000 })).statusCode).toBe(200);
    const res = await place(token, m, { selectionId: 'A', side: 'LAY', odds: 1.88, stake: 10_000 });
    expect(res.statusCode).toBe(200);
    const data = body<{ data: PlaceBetResponse }>(res).data;
    expect(data.exposer).toBe(0);
    expect(Object.fromEntries(data.profitlist.map((p) => [p.selectionId, p.profit]))).toEqual({ A: 1_000, B: 0 });
    expect(await wallet(user.id)).toEqual({ balance: 1_000_000n, exposure: 0n });
  });

  it('T7/T8: bookmaker rates (0.45 = 45 paise per rupee) net like decimal odds 1.45 and 1.50', async () => {
    const { user, token } = await player(2_000n);
    const m = await createMatch({ A: [45, 50], B: [60, 62] }, 'bookmaker');
    const back = await place(token, m, { selectionId: 'A', side: 'BACK', odds: 0.45, stake: 1_000 });
    expect(back.statusCode).toBe(200);
    const t7 = body<{ data: PlaceBetResponse }>(back).data;
    expect(Object.fromEntries(t7.profitlist.map((p) => [p.selectionId, p.profit]))).toEqual({ A: 450, B: -1_000 });
    expect(t7.exposer).toBe(1_000);
    expect(t7.bet).toMatchObject({ marketType: 'bookmaker', odds: 0.45, run: null });
    const lay = await place(token, m, { selectionId: 'A', side: 'LAY', odds: 0.5, stake: 1_000 });
    expect(lay.statusCode).toBe(200);
    const t8 = body<{ data: PlaceBetResponse }>(lay).data;
    expect(Object.fromEntries(t8.profitlist.map((p) => [p.selectionId, p.profit]))).toEqual({ A: -50, B: 0 });
    expect(t8.exposer).toBe(50);
    expect(await wallet(user.id)).toEqual({ balance: 200_000n, exposure: 5_000n });
    expect((await t.db.query<{ odds: number }>('SELECT odds_hundredths AS odds FROM bets WHERE user_id = $1 ORDER BY created_at', [user.id])).rows).toEqual([
      { odds: 145 },
      { odds: 150 },
    ]);
  });

  it('T30: balance 10,000 with open T2 (E 230) and T12 (E 2,000) leaves 7,770 available', async () => {
    const { user, token } = await player(10_000n);
    const m = await createMatch({ H: [250, 252], D: [358, 360], A: [300, 302] });
    expect((await place(token, m, { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 })).statusCode).toBe(200);
    expect((await place(token, m, { selectionId: 'D', side: 'LAY', odds: 3.6, stake: 50 })).statusCode).toBe(200);
    const f = await createTestFancy(t, m.matchId, { noRun: 45, noRate: 100, yesRun: 46, yesRate: 90 });
    const fancyBet = (side: 'YES' | 'NO', run: number, rate: number) =>
      t.request({ method: 'POST', url: '/api/placebet', token, headers: idempotent(randomUUID()), payload: { matchId: m.matchId, fancyId: f.fancyId, side, run, rate, stake: 1_000 } });
    expect((await fancyBet('YES', 46, 90)).statusCode).toBe(200);
    const last = await fancyBet('NO', 45, 100);
    expect(last.statusCode).toBe(200);
    expect(body<{ data: PlaceBetResponse }>(last).data).toMatchObject({ exposer: 2_230, balance: 10_000 });
    const w = await wallet(user.id);
    expect(w.balance - w.exposure).toBe(777_000n);
    const info = await t.request({ method: 'GET', url: '/api/user-info', token });
    expect(body<{ data: { balance: number; exposer: number } }>(info).data).toMatchObject({ balance: 10_000, exposer: 2_230 });
  });

  it('refuses a risk-increasing bet above the exposure limit, naming both figures; risk-reducing bets still pass', async () => {
    const { user, token } = await player(10_000n);
    await t.db.query('UPDATE users SET exposure_limit_minor = 50000 WHERE id = $1', [user.id]);
    const m = await createMatch({ A: [200, 202], B: [200, 202] });
    expect((await place(token, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 500 })).statusCode).toBe(200);
    const over = await place(token, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 100 });
    expect(over.statusCode).toBe(409);
    expect(body(over)).toMatchObject({ data: { code: 'EXPOSURE_LIMIT' } });
    expect(over.body).toContain('Exposure limit reached');
    expect(over.body).toContain('600.00');
    expect(over.body).toContain('500.00');
    // The limit is per market: another market has its own 500.
    const other = await createMatch({ A: [200, 202], B: [200, 202] });
    expect((await place(token, other, { selectionId: 'A', side: 'BACK', odds: 2, stake: 500 })).statusCode).toBe(200);
    // Risk-reducing on the first market: accepted.
    expect((await place(token, m, { selectionId: 'B', side: 'BACK', odds: 2, stake: 200 })).statusCode).toBe(200);
    expect(await wallet(user.id)).toEqual({ balance: 1_000_000n, exposure: 80_000n });
  });

  it('a market bet-lock by any ancestor refuses bets on that market only, until it is lifted', async () => {
    const { user, token } = await player(1_000n);
    const dl = await t.db.query<{ parentId: string }>('SELECT parent_id AS "parentId" FROM users WHERE id = $1', [user.parentId]);
    const mdlId = dl.rows[0]?.parentId ?? '';
    const mdl = await t.db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [mdlId]);
    const smdlToken = await (async () => {
      const row = await t.db.query<{ id: string; username: string }>('SELECT id, username FROM users WHERE id = (SELECT parent_id FROM users WHERE id = $1)', [mdlId]);
      const smdl = row.rows[0];
      if (smdl === undefined) throw new Error('no smdl');
      await t.db.query('UPDATE users SET must_change_password = false WHERE id = $1', [smdl.id]);
      return (await t.login({ id: smdl.id, username: smdl.username, role: 'smdl', parentId: null, password: 'Test#Pass1' })).token;
    })();
    const m = await createMatch({ A: [200, 202], B: [200, 202] });
    const other = await createMatch({ A: [200, 202], B: [200, 202] });
    const lock = (lockIt: boolean) =>
      t.request({ method: 'POST', url: '/api/bet-lock', token: smdlToken, payload: { username: mdl.rows[0]?.username, marketId: m.marketId, lock: lockIt, transactionPassword: TEST_TXN_PASSWORD } });
    const locked = await lock(true);
    expect(locked.statusCode).toBe(200);
    expect(body(locked)).toEqual({ data: null, message: 'Market betting locked' });
    const refused = await place(token, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 100 });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ data: { code: 'BETTING_LOCKED' }, message: 'Betting on this market is locked for your account' });
    expect((await place(token, other, { selectionId: 'A', side: 'BACK', odds: 2, stake: 100 })).statusCode).toBe(200);
    const unlocked = await lock(false);
    expect(body(unlocked)).toEqual({ data: null, message: 'Market betting unlocked' });
    expect((await place(token, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 100 })).statusCode).toBe(200);
    expect(await wallet(user.id)).toEqual({ balance: 100_000n, exposure: 20_000n });
    // An unknown market is 404; the user's own bet-lock route still answers its ClientRow.
    const unknown = await t.request({ method: 'POST', url: '/api/bet-lock', token: smdlToken, payload: { username: mdl.rows[0]?.username, marketId: '1.nope', lock: true, transactionPassword: TEST_TXN_PASSWORD } });
    expect(unknown.statusCode).toBe(404);
    const userLock = await t.request({ method: 'POST', url: '/api/bet-lock', token: smdlToken, payload: { username: mdl.rows[0]?.username, lock: false, transactionPassword: TEST_TXN_PASSWORD } });
    expect(userLock.statusCode).toBe(200);
    expect(body<{ data: { username: string } }>(userLock).data.username).toBe(mdl.rows[0]?.username);
  });
});
