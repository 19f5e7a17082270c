/**
 * Fancy (session) bets through the real API (docs/rules/money.md §7.4 T11–T16, §7.11): the run book per zone
 * as the pure functions compute it, exposure = the worst zone, the line and the rate checked
 * against the live ones (also inside place_fancy_bet_checked), limits, funds and idempotency.
 */
import { randomUUID } from 'node:crypto';
import type { PlaceBetResponse, PlacedBet } from '@backlay/shared/contracts';
import { fancyBook, fancyExposureMinor, type FancyBet } from '@backlay/shared/domain';
import * as bettingRepo from '../src/betting/betting.repository';
import {
  body,
  buildTestApp,
  createTestFancy,
  createTestMarket,
  idempotent,
  walletOf,
  type TestContext,
  type TestUser,
} from './helper';

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Fancy {
  matchId: string;
  fancyId: string;
}

async function player(rupees: bigint): Promise<{ user: TestUser; token: string }> {
  const user = await t.createUser({ role: 'user' });
  if (rupees > 0n) await t.fund(user.id, rupees);
  return { user, token: (await t.login(user)).token };
}

async function newFancy(line = { noRun: 45, noRate: 100, yesRun: 46, yesRate: 100 }): Promise<Fancy> {
  const m = await createTestMarket(t, { A: [200, 202], B: [200, 202] });
  return createTestFancy(t, m.matchId, line);
}

/** Moves the live line of the fancy (the feed would). */
async function setLine(f: Fancy, side: 'YES' | 'NO', run: number, rate: number): Promise<void> {
  const sql =
    side === 'YES'
      ? 'UPDATE fancies SET yes_run = $2, yes_rate = $3, no_run = least(no_run, $2), version = version + 1 WHERE id = $1'
      : 'UPDATE fancies SET no_run = $2, no_rate = $3, yes_run = greatest(yes_run, $2), version = version + 1 WHERE id = $1';
  await t.db.query(sql, [f.fancyId, run, rate]);
}

function bet(token: string, f: Fancy, b: { side: 'YES' | 'NO'; run: number; rate: number; stake: number }, key = randomUUID()) {
  return t.request({ method: 'POST', url: '/api/placebet', token, headers: idempotent(key), payload: { matchId: f.matchId, fancyId: f.fancyId, ...b } });
}

/** Sets the live line to the bet's and places it; fails the test unless accepted. */
async function placeAtLine(token: string, f: Fancy, b: FancyBet): Promise<PlaceBetResponse> {
  await setLine(f, b.side, b.line, b.rate);
  const res = await bet(token, f, { side: b.side, run: b.line, rate: b.rate, stake: b.stakeMinor / 100 });
  if (res.statusCode !== 200) throw new Error(`bet refused: ${res.body}`);
  return body<{ data: PlaceBetResponse }>(res).data;
}

const rupees = (r: number) => r * 100;
const yes = (line: number, rate: number, stake: number): FancyBet => ({ side: 'YES', line, rate, stakeMinor: rupees(stake) });
const no = (line: number, rate: number, stake: number): FancyBet => ({ side: 'NO', line, rate, stakeMinor: rupees(stake) });

describe('fancy bets through POST /api/placebet', () => {
  it.each([
    ['T11', [no(45, 110, 1_000)], [0, 45], [1_000, -1_100], 1_100],
    ['T12 gap trap', [yes(46, 90, 1_000), no(45, 100, 1_000)], [0, 45, 46], [0, -2_000, -100], 2_000],
    ['T13 middle', [yes(45, 100, 1_000), no(46, 100, 1_000)], [0, 45, 46], [0, 2_000, 0], 0],
    ['T14 same-line hedge', [yes(45, 90, 1_000), no(45, 110, 1_000)], [0, 45], [0, -200], 200],
    ['T15 three lines', [yes(40, 100, 500), no(50, 100, 500), yes(45, 80, 1_000)], [0, 40, 45, 50], [-1_000, 0, 1_800, 800], 1_000],
    ['T16 r777 regression', [yes(50, 130, 500), no(40, 130, 250)], [0, 40, 50], [-250, -825, 325], 825],
  ])('%s: one row per run zone, exposure the worst zone', async (_name, bets, starts, zones, exposure) => {
    const { user, token } = await player(10_000n);
    const f = await newFancy();
    let last: PlaceBetResponse | null = null;
    for (const b of bets) last = await placeAtLine(token, f, b);
    expect(last?.exposer).toBe(exposure);
    expect(last?.profitlist).toEqual(starts.map((from, i) => ({ selectionId: String(from), fromRuns: from, profit: zones[i] })));
    // The same book as the pure functions, and the wallet holds exactly that exposure.
    const book = fancyBook(bets);
    expect(fancyExposureMinor(book)).toBe(rupees(exposure));
    const stored = await t.db.query<{ pnl: { lines: number[]; zones: number[] }; exposure: string; marketType: string; matchId: string }>(
      'SELECT pnl, exposure_minor::text AS exposure, market_type AS "marketType", match_id AS "matchId" FROM positions WHERE user_id = $1',
      [user.id],
    );
    expect(stored.rows).toEqual([
      { pnl: { lines: [...book.lines], zones: [...book.zonesMinor] }, exposure: String(rupees(exposure)), marketType: 'fancy', matchId: f.matchId },
    ]);
    expect(await walletOf(t, user.id)).toEqual({ balance: 1_000_000n, exposure: BigInt(rupees(exposure)) });
  });

  it('stores a fancy bet as YES/NO at odds 100 + rate with its line, and lists it', async () => {
    const { user, token } = await player(1_000n);
    const f = await newFancy({ noRun: 45, noRate: 110, yesRun: 46, yesRate: 90 });
    const res = await bet(token, f, { side: 'YES', run: 46, rate: 90, stake: 100 });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Bet Placed Successfully');
    const placed = body<{ data: PlaceBetResponse }>(res).data.bet;
    expect(placed).toMatchObject({ marketId: f.fancyId, marketType: 'fancy', selectionId: f.fancyId, side: 'YES', odds: 90, run: 46, stake: 100, status: 'open' });
    const { rows } = await t.db.query('SELECT market_type, side, odds_hundredths, price_shown, run_line, stake_minor::text FROM bets WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ market_type: 'fancy', side: 'YES', odds_hundredths: 190, price_shown: 90, run_line: 46, stake_minor: '10000' }]);
    const list = await t.request({ method: 'GET', url: `/api/bets?matchId=${f.matchId}`, token });
    expect(body<{ data: PlacedBet[] }>(list).data).toEqual([placed]);
  });

  it('refuses a line moved against the player and any rate change, naming requested and live', async () => {
    const { user, token } = await player(1_000n);
    const f = await newFancy({ noRun: 46, noRate: 100, yesRun: 47, yesRate: 100 });
    const worseYes = await bet(token, f, { side: 'YES', run: 46, rate: 100, stake: 100 });
    expect(worseYes.statusCode).toBe(409);
    expect(body(worseYes)).toMatchObject({ data: { code: 'ODDS_CHANGED' }, message: 'Odds changed: requested YES 46 @ 100, live YES 47 @ 100' });
    const worseNo = await bet(token, f, { side: 'NO', run: 47, rate: 100, stake: 100 });
    expect(body(worseNo).message).toBe('Odds changed: requested NO 47 @ 100, live NO 46 @ 100');
    const rate = await bet(token, f, { side: 'YES', run: 47, rate: 90, stake: 100 });
    expect(rate.statusCode).toBe(409);
    expect(body(rate).message).toBe('Odds changed: requested YES 47 @ 90, live YES 47 @ 100');
    expect(await walletOf(t, user.id)).toEqual({ balance: 100_000n, exposure: 0n });
    // A line the market beats (YES asked higher, NO lower) at the same rate is matched at the live line (best execution).
    const betterYes = await bet(token, f, { side: 'YES', run: 48, rate: 100, stake: 100 });
    expect(betterYes.statusCode).toBe(200);
    expect(body<{ data: PlaceBetResponse }>(betterYes).data.bet.run).toBe(47);
    expect((await bet(token, f, { side: 'NO', run: 45, rate: 100, stake: 100 })).statusCode).toBe(200);
  });

  it('place_fancy_bet_checked itself refuses a stale line and a running ball (the checks hold on the locked row)', async () => {
    const { user } = await player(1_000n);
    const { rows: sessions } = await t.db.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1 AND ended_at IS NULL', [user.id]);
    expect(sessions).toHaveLength(1);
    const f = await newFancy({ noRun: 46, noRate: 100, yesRun: 47, yesRate: 100 });
    const call = {
      userId: user.id, requestHash: 'a'.repeat(64), matchId: f.matchId, fancyId: f.fancyId, rate: 100, stakeMinor: 10_000n,
      waited: false, session: { sessionId: (sessions[0] as { id: string }).id, area: 'player' as const },
    };
    const stale = await bettingRepo.placeFancyBetChecked(t.db, { ...call, idempotencyKey: randomUUID(), side: 'YES', line: 46 });
    expect(stale).toMatchObject({ outcome: 'ODDS_CHANGED', detail: { liveLine: 47, liveRate: 100 }, bet: null });
    const live = await bettingRepo.placeFancyBetChecked(t.db, { ...call, idempotencyKey: randomUUID(), side: 'YES', line: 47 });
    expect(live).toMatchObject({ outcome: 'ACCEPTED', bet: { marketType: 'fancy', status: 'open' } });
    await t.db.query('UPDATE fancies SET feed_status = $2 WHERE id = $1', [f.fancyId, 'ball_running']);
    const running = await bettingRepo.placeFancyBetChecked(t.db, { ...call, idempotencyKey: randomUUID(), side: 'YES', line: 47 });
    expect(running).toMatchObject({ outcome: 'MARKET_SUSPENDED', detail: { marketStatus: 'ball_running' }, bet: null });
    expect(await walletOf(t, user.id)).toEqual({ balance: 100_000n, exposure: 10_000n });
  });

  it('refuses a suspended, switched-off or unknown fancy and a runner side', async () => {
    const { token } = await player(1_000n);
    const f = await newFancy();
    await t.db.query(`UPDATE fancies SET feed_status = 'ball_running' WHERE id = $1`, [f.fancyId]);
    const running = await bet(token, f, { side: 'YES', run: 46, rate: 100, stake: 100 });
    expect(running.statusCode).toBe(409);
    expect(body(running)).toMatchObject({ data: { code: 'MARKET_SUSPENDED' } });
    expect(running.body).toContain('is ball running: no bets now');
    await t.db.query(`UPDATE fancies SET feed_status = 'open', active = false WHERE id = $1`, [f.fancyId]);
    expect(body(await bet(token, f, { side: 'YES', run: 46, rate: 100, stake: 100 })).message).toContain('switched off');
    const unknown = await bet(token, { ...f, fancyId: 'nope' }, { side: 'YES', run: 46, rate: 100, stake: 100 });
    expect(unknown.statusCode).toBe(404);
    const other = await createTestMarket(t, { A: [200, 202] });
    const wrongMatch = await bet(token, { ...f, matchId: other.matchId }, { side: 'YES', run: 46, rate: 100, stake: 100 });
    expect(wrongMatch.statusCode).toBe(404);
    const back = await t.request({
      method: 'POST',
      url: '/api/placebet',
      token,
      headers: idempotent(randomUUID()),
      payload: { matchId: f.matchId, fancyId: f.fancyId, side: 'BACK', run: 46, rate: 100, stake: 100 },
    });
    expect(back.statusCode).toBe(400);
  });

  it('checks stake and profit limits, funds (risk-reducing passes at 0 available) and the exposure limit', async () => {
    const { user, token } = await player(1_000n);
    const f = await newFancy({ noRun: 45, noRate: 100, yesRun: 45, yesRate: 100 });
    await t.db.query('UPDATE fancies SET max_profit_minor = 50000 WHERE id = $1', [f.fancyId]);
    const profit = await bet(token, f, { side: 'YES', run: 45, rate: 100, stake: 600 });
    expect(profit.statusCode).toBe(400);
    expect(body(profit)).toMatchObject({ data: { code: 'STAKE_OUT_OF_RANGE' } });
    expect(profit.body).toContain('600.00');
    await t.db.query('UPDATE fancies SET max_profit_minor = 100000000 WHERE id = $1', [f.fancyId]);
    expect((await bet(token, f, { side: 'YES', run: 45, rate: 100, stake: 1_000 })).statusCode).toBe(200);
    const broke = await bet(token, f, { side: 'YES', run: 45, rate: 100, stake: 1 });
    expect(broke.statusCode).toBe(409);
    expect(body(broke)).toMatchObject({ data: { code: 'INSUFFICIENT_FUNDS' } });
    // NO at the same line halves the worst zone: accepted with 0 available.
    const hedge = await bet(token, f, { side: 'NO', run: 45, rate: 100, stake: 500 });
    expect(hedge.statusCode).toBe(200);
    expect(body<{ data: PlaceBetResponse }>(hedge).data.exposer).toBe(500);
    await t.db.query('UPDATE users SET exposure_limit_minor = 60000 WHERE id = $1', [user.id]);
    const limited = await bet(token, f, { side: 'YES', run: 45, rate: 100, stake: 200 });
    expect(limited.statusCode).toBe(409);
    expect(body(limited)).toMatchObject({ data: { code: 'EXPOSURE_LIMIT' } });
    expect(limited.body).toContain('700.00');
    expect(limited.body).toContain('600.00');
    expect(await walletOf(t, user.id)).toEqual({ balance: 100_000n, exposure: 50_000n });
  });

  it('answers a repeat of the key with the first bet and its book; another body with the key is 409', async () => {
    const { user, token } = await player(1_000n);
    const f = await newFancy();
    const key = randomUUID();
    const first = await bet(token, f, { side: 'NO', run: 45, rate: 100, stake: 100 }, key);
    const again = await bet(token, f, { side: 'NO', run: 45, rate: 100, stake: 100 }, key);
    expect(again.statusCode).toBe(200);
    expect(body<{ data: PlaceBetResponse }>(again).data).toEqual(body<{ data: PlaceBetResponse }>(first).data);
    expect((await bet(token, f, { side: 'NO', run: 45, rate: 100, stake: 200 }, key)).statusCode).toBe(409);
    // Once the line has moved and the fancy has closed, the repeat still answers its first answer
    // (a refusal before the wallet lock looks for the key first), and another body is still 409.
    await t.db.query(`UPDATE fancies SET no_run = no_run + 3, yes_run = yes_run + 3, feed_status = 'closed', version = version + 1 WHERE id = $1`, [f.fancyId]);
    const late = await bet(token, f, { side: 'NO', run: 45, rate: 100, stake: 100 }, key);
    expect({ status: late.statusCode, body: late.body }).toEqual({ status: 200, body: again.body });
    expect((await bet(token, f, { side: 'NO', run: 45, rate: 100, stake: 200 }, key)).statusCode).toBe(409);
    expect((await t.db.query('SELECT 1 FROM bets WHERE user_id = $1', [user.id])).rows).toHaveLength(1);
  });

  it('re-checks after the bet delay: a rate change during it is refused', async () => {
    const { user, token } = await player(1_000n);
    const f = await newFancy();
    await t.db.query('UPDATE fancies SET bet_delay_sec = 1 WHERE id = $1', [f.fancyId]);
    const pending = bet(token, f, { side: 'YES', run: 46, rate: 100, stake: 100 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.db.query('UPDATE fancies SET yes_rate = yes_rate + 5, version = version + 1 WHERE id = $1', [f.fancyId]);
    const res = await pending;
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ data: { code: 'ODDS_CHANGED' } });
    expect(await walletOf(t, user.id)).toEqual({ balance: 100_000n, exposure: 0n });
  });

  it('accepts after the bet delay when only the version moved (a feed tick with the same line and rate)', async () => {
    const { user, token } = await player(1_000n);
    const f = await newFancy();
    await t.db.query('UPDATE fancies SET bet_delay_sec = 1 WHERE id = $1', [f.fancyId]);
    const pending = bet(token, f, { side: 'YES', run: 46, rate: 100, stake: 100 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.db.query('UPDATE fancies SET version = version + 1 WHERE id = $1', [f.fancyId]);
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(await walletOf(t, user.id)).toEqual({ balance: 100_000n, exposure: 10_000n });
  });
});
