/**
 * Every refusal of a runner bet, with its code and exact message, now that the checks run inside
 * the one placement call (migration 0013 place_runner_bet): the call returns the facts and the
 * service words them as before. Also the service called directly (no session: the bench and
 * other server-side callers) and the refusal that only the money part can see (a live settlement).
 */
import { randomUUID } from 'node:crypto';
import type { PlaceBetResponse } from '@backlay/shared/contracts';
import { isDomainError } from '../src/common/domain-error';
import { body, buildTestApp, createTestMarket, idempotent, walletOf, type TestContext, type TestMarket } from './helper';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  const user = await t.createUser({ role: 'user' });
  await t.fund(user.id, 10_000n);
  token = (await t.login(user)).token;
});
afterAll(async () => {
  await t.close();
});

type Bet = { selectionId: string; side: 'BACK' | 'LAY'; odds: number; stake: number };

async function refusal(m: TestMarket, bet: Bet, matchId = m.matchId) {
  const res = await t.request({ method: 'POST', url: '/api/placebet', token, headers: idempotent(randomUUID()), payload: { matchId, marketId: m.marketId, ...bet } });
  return { status: res.statusCode, ...body<{ data: { code: string; details?: unknown }; message: string }>(res) };
}

const back = (odds: number, stake = 100, selectionId = 'A'): Bet => ({ selectionId, side: 'BACK', odds, stake });

describe('refusals of a runner bet, each with its code and message', () => {
  it('the market: unknown, on another match, switched off, suspended, ball running, closed', async () => {
    const m = await createTestMarket(t, { A: [200, 202], B: [200, 202] });
    const other = await createTestMarket(t, { A: [200, 202] });
    expect(await refusal({ ...m, marketId: '1.nope' }, back(2))).toMatchObject({ status: 404, data: { code: 'NOT_FOUND' }, message: 'Market not found on this match' });
    expect(await refusal(m, back(2), other.matchId)).toMatchObject({ status: 404, message: 'Market not found on this match' });
    await t.db.query('UPDATE markets SET active = false WHERE id = $1', [m.marketId]);
    expect(await refusal(m, back(2))).toMatchObject({ status: 409, data: { code: 'MARKET_SUSPENDED' }, message: 'Market Match Odds is switched off: no bets now' });
    await t.db.query('UPDATE markets SET active = true, admin_suspended = true WHERE id = $1', [m.marketId]);
    expect(await refusal(m, back(2))).toMatchObject({ status: 409, message: 'Market Match Odds is suspended: no bets now' });
    await t.db.query(`UPDATE markets SET admin_suspended = false, feed_status = 'ball_running' WHERE id = $1`, [m.marketId]);
    expect(await refusal(m, back(2))).toMatchObject({ status: 409, message: 'Market Match Odds is ball running: no bets now' });
    await t.db.query(`UPDATE markets SET feed_status = 'closed', admin_suspended = true WHERE id = $1`, [m.marketId]);
    expect(await refusal(m, back(2))).toMatchObject({ status: 409, message: 'Market Match Odds is closed: no bets now' });
  });

  it('the selection: unknown or removed', async () => {
    const m = await createTestMarket(t, { A: [200, 202], B: [200, 202] });
    expect(await refusal(m, back(2, 100, 'Z'))).toMatchObject({ status: 404, data: { code: 'NOT_FOUND' }, message: 'No such selection in this market' });
    await t.db.query(`UPDATE runners SET status = 'removed' WHERE market_id = $1 AND selection_id = 'B'`, [m.marketId]);
    expect(await refusal(m, back(2, 100, 'B'))).toMatchObject({ status: 404, message: 'No such selection in this market' });
    // A removed runner is left out of the book: the bet's P&L vector names A only.
    const ok = await t.request({ method: 'POST', url: '/api/placebet', token, headers: idempotent(randomUUID()), payload: { matchId: m.matchId, marketId: m.marketId, ...back(2) } });
    expect(body<{ data: PlaceBetResponse }>(ok).data.profitlist).toEqual([{ selectionId: 'A', profit: 100 }]);
  });

  it('the price: no live price, with details; odds not above 1.00', async () => {
    const m = await createTestMarket(t, { A: [200, 202], B: [101, 103] });
    await t.db.query(`UPDATE runners SET lay_prices = '{}', lay_sizes_minor = '{}' WHERE market_id = $1 AND selection_id = 'A'`, [m.marketId]);
    expect(await refusal(m, { selectionId: 'A', side: 'LAY', odds: 2, stake: 100 })).toEqual({
      status: 409,
      data: { code: 'ODDS_CHANGED', details: { requested: 2, live: null } },
      message: 'Odds changed: requested 2.00, live lay none',
    });
    expect(await refusal(m, back(2.02))).toEqual({
      status: 409,
      data: { code: 'ODDS_CHANGED', details: { requested: 2.02, live: 2 } },
      message: 'Odds changed: requested 2.02, live back 2.00',
    });
    expect(await refusal(m, back(1, 100, 'B'))).toMatchObject({ status: 400, data: { code: 'VALIDATION' }, message: 'Odds 1.00 must be above 1.00' });
  });

  it('the limits: stake below or above, profit above the maximum (bookmaker profit at 100 + rate)', async () => {
    const m = await createTestMarket(t, { A: [200, 202], B: [200, 202] });
    await t.db.query('UPDATE markets SET min_stake_minor = 10000, max_stake_minor = 200000, max_profit_minor = 150000 WHERE id = $1', [m.marketId]);
    expect(await refusal(m, back(2, 50))).toMatchObject({ status: 400, data: { code: 'STAKE_OUT_OF_RANGE' }, message: 'Stake 50.00 is outside 100.00–2,000.00' });
    expect(await refusal(m, back(2, 2_500))).toMatchObject({ status: 400, message: 'Stake 2,500.00 is outside 100.00–2,000.00' });
    expect(await refusal(m, back(2, 1_600))).toMatchObject({ status: 400, message: 'Profit 1,600.00 is above the maximum profit 1,500.00 of market Match Odds' });
    // A lay's profit is its stake.
    expect(await refusal(m, { selectionId: 'A', side: 'LAY', odds: 2.02, stake: 1_600 })).toMatchObject({
      message: 'Profit 1,600.00 is above the maximum profit 1,500.00 of market Match Odds',
    });
    const bm = await createTestMarket(t, { A: [45, 50] }, { marketType: 'bookmaker' });
    await t.db.query('UPDATE markets SET max_profit_minor = 40000 WHERE id = $1', [bm.marketId]);
    expect(await refusal(bm, back(0.45, 1_000))).toMatchObject({ status: 400, message: 'Profit 450.00 is above the maximum profit 400.00 of market Bookmaker' });
  });

  it('a live settlement refuses what the status does not show (the money part: settled)', async () => {
    const m = await createTestMarket(t, { A: [200, 202], B: [200, 202] });
    await t.db.query(
      `INSERT INTO settlements (market_id, market_type, match_id, version, result, source, bets, users, users_pnl_minor, commission_minor)
       VALUES ($1, 'match_odds', $2, 1, '{"type":"VOID"}', 'admin', 0, 0, 0, 0)`,
      [m.marketId, m.matchId],
    );
    expect(await refusal(m, back(2))).toMatchObject({ status: 409, data: { code: 'MARKET_SUSPENDED' }, message: 'Market Match Odds is settled: no bets now' });
    expect((await t.db.query('SELECT 1 FROM bets WHERE market_id = $1', [m.marketId])).rows).toHaveLength(0);
  });
});

describe('BettingService.placeBet called directly (no session to check)', () => {
  it('places, replays and refuses like the route, BETTING_LOCKED for a locked account', async () => {
    const user = await t.createUser({ role: 'user' });
    await t.fund(user.id, 1_000n);
    const m = await createTestMarket(t, { A: [250, 252], B: [160, 162] });
    const bet = { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK' as const, odds: 2.5, stake: 200 };
    const placed = await t.services.betting.placeBet(user.id, bet, 'direct-1');
    expect(placed).toMatchObject({ exposer: 200, balance: 1_000, bet: { marketType: 'match_odds', selectionId: 'A', side: 'BACK', odds: 2.5, run: null, stake: 200, status: 'open' } });
    expect(await t.services.betting.placeBet(user.id, bet, 'direct-1')).toEqual(placed);
    expect((await t.services.betting.betsOnMatch(user.id, m.matchId))[0]).toEqual(placed.bet);

    await t.db.query(`UPDATE users SET status = 'locked' WHERE id = $1`, [user.id]);
    const refused = await t.services.betting.placeBet(user.id, bet, 'direct-2').catch((error: unknown) => error);
    expect(isDomainError(refused) && { code: refused.code, message: refused.message }).toEqual({ code: 'BETTING_LOCKED', message: 'Betting is locked for your account' });
    expect(await walletOf(t, user.id)).toEqual({ balance: 100_000n, exposure: 20_000n });
  });
});
