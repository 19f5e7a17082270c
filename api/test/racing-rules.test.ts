/**
 * The racing rules (docs/racing-rules.md), example by example, through the product: the race and
 * its markets come from a feed (a scripted provider of horse racing), non-runners are removed by
 * the feed with their reduction factor, bets go through POST /api/placebet and the result through
 * POST /api/declare-result (settle_market). Each worked example of the rules is one test case; the
 * ledger invariants (B2: a PLACE market's exposure by trying every set of placed runners; B4: each
 * settled bet against the test oracle with its reductions) run after each.
 */
import { randomUUID } from 'node:crypto';
import type { DeclaredResult, PlaceBetResponse } from '@backlay/shared/contracts';
import type { FeedEvent, FeedMarket, FeedRunner } from '../src/feed/feed-provider';
import { createChain, createPlayer, type Player } from './bet-reports-helper';
import { FEED_START_MS, FakeClock, importEvent, tickFeed } from './feed-helper';
import { assertLedgerInvariants, body, buildTestApp, idempotent, TEST_TXN_PASSWORD, walletOf, type TestContext } from './helper';
import { ScriptedProvider } from './scripted-feed';

const HORSE_RACING = 7;
const COMPETITION = { competitionId: 'gb-racing', sportId: HORSE_RACING, name: 'GB Racing' };
const clock = new FakeClock(FEED_START_MS);
const provider = new ScriptedProvider(clock, 60_000, COMPETITION, 'Horse Racing');

let t: TestContext;
let adminToken: string;
let dealerId: string;
let raceNo = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock, feedProvider: provider });
  const chain = await createChain(t);
  adminToken = chain.tokens.admin;
  dealerId = chain.agents.dl.id;
});
afterAll(() => t.close());
afterEach(async () => {
  await assertLedgerInvariants(t.db);
});

const RUNNERS = ['A', 'B', 'C', 'D', 'E'];

function runner(selectionId: string, sortOrder: number): FeedRunner {
  return { selectionId, name: `${sortOrder}. Horse ${selectionId}`, sortOrder, status: 'active', back: [{ price: 300, sizeMinor: 5_000_000 }], lay: [{ price: 310, sizeMinor: 5_000_000 }] };
}

/** A new race ("14:05 Romford" style) with one market of `winners` winners over RUNNERS, imported with no bet delay. */
async function race(winners: number, runnerIds: readonly string[] = RUNNERS): Promise<{ eventId: string; market: FeedMarket }> {
  raceNo += 1;
  const event: FeedEvent = {
    eventId: `race-${raceNo}`,
    sportId: HORSE_RACING,
    competitionId: COMPETITION.competitionId,
    name: `14:${String(raceNo).padStart(2, '0')} Kempton`,
    home: '',
    away: '',
    openDateMs: FEED_START_MS + 3_600_000,
    status: 'upcoming',
    inPlay: false,
  };
  const market: FeedMarket = {
    marketId: `1.${raceNo}`,
    eventId: event.eventId,
    name: winners > 1 ? `${winners} TBP` : 'Win',
    type: 'match_odds',
    sortOrder: 1,
    status: 'open',
    inPlay: false,
    numberOfWinners: winners,
    runners: runnerIds.map((id, i) => runner(id, i + 1)),
    result: null,
  };
  provider.sendEvent(event);
  provider.send(market);
  await tickFeed(t);
  await importEvent(t, HORSE_RACING, event.eventId, COMPETITION.competitionId);
  await t.db.query('UPDATE markets SET bet_delay_sec = 0 WHERE event_id = $1', [event.eventId]);
  return { eventId: event.eventId, market };
}

/** The feed removes `selectionId` with its reduction factor (a percentage), now. */
async function removeRunner(market: FeedMarket, selectionId: string, factor: number): Promise<void> {
  const removedAtMs = Date.now() + 1;
  market.runners = market.runners.map((r) => (r.selectionId === selectionId ? { ...r, status: 'removed', back: [], lay: [], adjustmentFactor: factor, removedAtMs } : r));
  // The ingest takes a removal no later than it sees it: its clock follows the wall clock here.
  clock.advance(Math.max(0, Date.now() + 1 - clock.nowMs()));
  provider.send({ ...market });
  await tickFeed(t);
  await new Promise((resolve) => setTimeout(resolve, 5));
}

interface Bet {
  selectionId: string;
  side: 'BACK' | 'LAY';
  odds: number;
  stake: number;
}

function placeBet(player: Player, eventId: string, marketId: string, bet: Bet) {
  return t.request({ method: 'POST', url: '/api/placebet', token: player.token, headers: idempotent(randomUUID()), payload: { matchId: eventId, marketId, ...bet } });
}

/** Places the bet at its price (the runner's live price set to it first); fails unless accepted. */
async function bet(player: Player, race: { eventId: string; market: FeedMarket }, b: Bet): Promise<PlaceBetResponse> {
  const hundredths = Math.round(b.odds * 100);
  await t.db.query(
    `UPDATE runners SET back_prices = ARRAY[$3::int], back_sizes_minor = ARRAY[5000000::bigint], lay_prices = ARRAY[$3::int], lay_sizes_minor = ARRAY[5000000::bigint]
     WHERE market_id = $1 AND selection_id = $2`,
    [race.market.marketId, b.selectionId, hundredths],
  );
  const res = await placeBet(player, race.eventId, race.market.marketId, b);
  expect({ status: res.statusCode, body: res.statusCode === 200 ? null : res.json() }).toEqual({ status: 200, body: null });
  return body<{ data: PlaceBetResponse }>(res).data;
}

async function declare(marketId: string, result: DeclaredResult) {
  return t.request({ method: 'POST', url: '/api/declare-result', token: adminToken, payload: { transactionPassword: TEST_TXN_PASSWORD, marketId, result } });
}

/** Each bet's settled P&L in rupees (pnl_minor / 100), in the order placed. */
async function settledRupees(betIds: string[]): Promise<number[]> {
  const { rows } = await t.db.query<{ id: string; pnl: string; status: string }>('SELECT id, pnl_minor::text AS pnl, status FROM bets WHERE id = ANY ($1)', [betIds]);
  return betIds.map((id) => {
    const row = rows.find((r) => r.id === id);
    if (row === undefined || row.status !== 'settled') throw new Error(`bet ${id} is not settled`);
    return Number(row.pnl) / 100;
  });
}

const player = () => createPlayer(t, dealerId, 100_000n);

describe('R-2 PLACE markets: every placed runner wins', () => {
  it('example 1: a 3-place market settles back and lay bets on placed and unplaced runners', async () => {
    const r = await race(3);
    const p = await player();
    const ids = [
      (await bet(p, r, { selectionId: 'A', side: 'BACK', odds: 2.5, stake: 100 })).bet.betId,
      (await bet(p, r, { selectionId: 'B', side: 'BACK', odds: 3, stake: 100 })).bet.betId,
      (await bet(p, r, { selectionId: 'C', side: 'LAY', odds: 2, stake: 100 })).bet.betId,
      (await bet(p, r, { selectionId: 'D', side: 'LAY', odds: 4, stake: 100 })).bet.betId,
    ];
    expect((await declare(r.market.marketId, { type: 'PLACED', selectionIds: ['A', 'C', 'E'] })).statusCode).toBe(200);
    expect(await settledRupees(ids)).toEqual([150, -100, -100, 100]);
    // Net +50 on ₹1,00,000; nothing is still at risk.
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 10_005_000n, exposure: 0n });
  });

  it('example 2: three lays in a 3-place market risk all three liabilities at once', async () => {
    const r = await race(3);
    const p = await player();
    await bet(p, r, { selectionId: 'A', side: 'LAY', odds: 2, stake: 100 });
    await bet(p, r, { selectionId: 'B', side: 'LAY', odds: 2, stake: 100 });
    const third = await bet(p, r, { selectionId: 'C', side: 'LAY', odds: 2, stake: 100 });
    expect(third.exposer).toBe(300);
    expect((await walletOf(t, p.user.id)).exposure).toBe(30_000n);
    expect((await declare(r.market.marketId, { type: 'PLACED', selectionIds: ['A', 'B', 'C'] })).statusCode).toBe(200);
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 9_970_000n, exposure: 0n });
  });

  it('example 3: two backs in a 2-place market risk both stakes (neither placed)', async () => {
    const r = await race(2);
    const p = await player();
    await bet(p, r, { selectionId: 'A', side: 'BACK', odds: 1.5, stake: 100 });
    const second = await bet(p, r, { selectionId: 'B', side: 'BACK', odds: 1.5, stake: 100 });
    expect(second.exposer).toBe(200);
    expect((await declare(r.market.marketId, { type: 'PLACED', selectionIds: ['C', 'D'] })).statusCode).toBe(200);
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 9_980_000n, exposure: 0n });
  });

  it('example 4: a PLACE result names 1 to k distinct runners of the market; a dead heat is refused', async () => {
    const r = await race(2);
    const refused = async (result: unknown) => (await declare(r.market.marketId, result as DeclaredResult)).statusCode;
    expect(await refused({ type: 'PLACED', selectionIds: ['A', 'B', 'C'] })).toBe(400);
    expect(await refused({ type: 'PLACED', selectionIds: ['A', 'A'] })).toBe(400);
    expect(await refused({ type: 'PLACED', selectionIds: ['A', 'X'] })).toBe(400);
    expect(await refused({ type: 'DEAD_HEAT', selectionIds: ['A', 'B'] })).toBe(400);
    const win = await race(1);
    expect((await declare(win.market.marketId, { type: 'PLACED', selectionIds: ['A'] })).statusCode).toBe(400);
  });
});

describe('R-3 non-runners: void on the non-runner, reduced prices before the removal', () => {
  it('example 5: a 25 % non-runner reduces 8.00 to 6.00 and 5.00 to 3.75; its own bet is void; a later bet keeps its price', async () => {
    const r = await race(1);
    const p = await player();
    const q = await player();
    const before = [
      (await bet(p, r, { selectionId: 'A', side: 'BACK', odds: 8, stake: 100 })).bet.betId,
      (await bet(p, r, { selectionId: 'B', side: 'LAY', odds: 5, stake: 100 })).bet.betId,
      (await bet(q, r, { selectionId: 'E', side: 'BACK', odds: 4, stake: 100 })).bet.betId,
    ];
    await removeRunner(r.market, 'E', 25);
    const other = await player();
    const after = (await bet(other, r, { selectionId: 'A', side: 'BACK', odds: 8, stake: 100 })).bet.betId;
    expect((await declare(r.market.marketId, { type: 'WINNER', selectionId: 'A' })).statusCode).toBe(200);
    expect(await settledRupees([...before, after])).toEqual([500, 100, 0, 700]);
  });

  it('example 6: the lay on the winner pays the reduced price (5.00 → 3.75: liability 275)', async () => {
    const r = await race(1);
    const p = await player();
    const id = (await bet(p, r, { selectionId: 'B', side: 'LAY', odds: 5, stake: 100 })).bet.betId;
    await removeRunner(r.market, 'E', 25);
    expect((await declare(r.market.marketId, { type: 'WINNER', selectionId: 'B' })).statusCode).toBe(200);
    expect(await settledRupees([id])).toEqual([-275]);
  });

  it('example 7: rounding to the nearest hundredth: 8.60 less 16.2 % is 7.2068 → 7.21', async () => {
    const r = await race(1);
    const p = await player();
    const id = (await bet(p, r, { selectionId: 'A', side: 'BACK', odds: 8.6, stake: 100 })).bet.betId;
    await removeRunner(r.market, 'E', 16.2);
    expect((await declare(r.market.marketId, { type: 'WINNER', selectionId: 'A' })).statusCode).toBe(200);
    expect(await settledRupees([id])).toEqual([621]);
  });

  it('example 8: two non-runners: 10.00 matched before both → 4.13; matched between them → 5.50', async () => {
    const r = await race(1);
    const p = await player();
    const q = await player();
    const first = (await bet(p, r, { selectionId: 'A', side: 'BACK', odds: 10, stake: 100 })).bet.betId;
    await removeRunner(r.market, 'D', 25);
    const second = (await bet(q, r, { selectionId: 'A', side: 'BACK', odds: 10, stake: 100 })).bet.betId;
    await removeRunner(r.market, 'E', 45);
    expect((await declare(r.market.marketId, { type: 'WINNER', selectionId: 'A' })).statusCode).toBe(200);
    expect(await settledRupees([first, second])).toEqual([313, 450]);
  });

  it('example 9: a reduction never takes a price below 1.01', async () => {
    const r = await race(1);
    const p = await player();
    const id = (await bet(p, r, { selectionId: 'A', side: 'BACK', odds: 1.05, stake: 1000 })).bet.betId;
    await removeRunner(r.market, 'E', 50);
    expect((await declare(r.market.marketId, { type: 'WINNER', selectionId: 'A' })).statusCode).toBe(200);
    expect(await settledRupees([id])).toEqual([10]);
  });

  it('example 10: in a PLACE market a 10 % non-runner reduces 3.00 to 2.70 for each placed runner', async () => {
    const r = await race(3);
    const p = await player();
    const ids = [
      (await bet(p, r, { selectionId: 'A', side: 'BACK', odds: 3, stake: 100 })).bet.betId,
      (await bet(p, r, { selectionId: 'B', side: 'LAY', odds: 3, stake: 100 })).bet.betId,
    ];
    await removeRunner(r.market, 'E', 10);
    expect((await declare(r.market.marketId, { type: 'PLACED', selectionIds: ['A', 'B', 'C'] })).statusCode).toBe(200);
    expect(await settledRupees(ids)).toEqual([170, -170]);
  });

  it('example 11: the feed closes a PLACE market with its placed runners and a non-runner; the results worker settles it', async () => {
    const r = await race(2);
    const p = await player();
    const ids = [
      (await bet(p, r, { selectionId: 'A', side: 'BACK', odds: 3, stake: 100 })).bet.betId,
      (await bet(p, r, { selectionId: 'C', side: 'LAY', odds: 2, stake: 100 })).bet.betId,
      (await bet(p, r, { selectionId: 'D', side: 'BACK', odds: 4, stake: 100 })).bet.betId,
    ];
    await removeRunner(r.market, 'E', 20);
    const status = (id: string) => (id === 'A' || id === 'C' ? 'winner' : id === 'E' ? 'removed' : 'loser');
    provider.send({ ...r.market, status: 'closed', runners: r.market.runners.map((x) => ({ ...x, status: status(x.selectionId) })), result: null, placed: ['C', 'A'] });
    clock.advance(2_000);
    await tickFeed(t);
    await t.services.feed.settled();
    const { rows } = await t.db.query<{ result: unknown; source: string }>('SELECT result, source FROM settlements WHERE market_id = $1', [r.market.marketId]);
    expect(rows).toEqual([{ result: { type: 'PLACED', selectionIds: ['A', 'C'] }, source: 'feed' }]);
    // A 3.00 → 2.40: +140; C placed, 2.00 → 1.60: −60; D unplaced: −100.
    expect(await settledRupees(ids)).toEqual([140, -60, -100]);
  });
});

describe('a position across a removal', () => {
  it('a bet on a runner later removed, then a bet on another: the position rebuilds (B2) and settles, the non-runner void', async () => {
    const r = await race(1);
    const p = await player();
    const onE = (await bet(p, r, { selectionId: 'E', side: 'BACK', odds: 4, stake: 100 })).bet.betId;
    await removeRunner(r.market, 'E', 25);
    const onA = (await bet(p, r, { selectionId: 'A', side: 'BACK', odds: 3, stake: 100 })).bet.betId;
    await assertLedgerInvariants(t.db);
    expect((await declare(r.market.marketId, { type: 'WINNER', selectionId: 'A' })).statusCode).toBe(200);
    expect(await settledRupees([onE, onA])).toEqual([0, 200]);
  });
});

/** The feed reinstates `selectionId` (a runner removed in error runs after all). */
async function reinstateRunner(market: FeedMarket, selectionId: string): Promise<void> {
  market.runners = market.runners.map((r) => {
    if (r.selectionId !== selectionId) return r;
    const { adjustmentFactor: _factor, removedAtMs: _at, ...rest } = r;
    return { ...rest, status: 'active', back: [{ price: 300, sizeMinor: 5_000_000 }], lay: [{ price: 310, sizeMinor: 5_000_000 }] };
  });
  clock.advance(Math.max(0, Date.now() + 1 - clock.nowMs()));
  provider.send({ ...market });
  await tickFeed(t);
}

/** The stored position of a player on a market: its P&L per runner (rupees) and exposure (rupees). */
async function position(p: Player, marketId: string): Promise<{ pnl: Record<string, number>; exposure: number }> {
  const { rows } = await t.db.query<{ pnl: Record<string, number>; exposure: string }>(
    'SELECT pnl, exposure_minor::text AS exposure FROM positions WHERE user_id = $1 AND market_id = $2',
    [p.user.id, marketId],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('no position');
  return { pnl: Object.fromEntries(Object.entries(row.pnl).map(([k, v]) => [k, v / 100])), exposure: Number(row.exposure) / 100 };
}

describe('R-3 exposure re-priced at the removal (ADR 0046)', () => {
  it('example 13: a dutch level before a removal, a wallet with little left: the removal re-prices it and the market still settles', async () => {
    const r = await race(1, ['A', 'B', 'C']);
    const other = await race(1);
    const p = await player();
    const q = await player();
    // Back A 200 @ 2.00, B 100 @ 4.00, C 100 @ 4.00: every result pays 0 (E = 0).
    const ids = [
      (await bet(p, r, { selectionId: 'A', side: 'BACK', odds: 2, stake: 200 })).bet.betId,
      (await bet(p, r, { selectionId: 'B', side: 'BACK', odds: 4, stake: 100 })).bet.betId,
      (await bet(p, r, { selectionId: 'C', side: 'BACK', odds: 4, stake: 100 })).bet.betId,
    ];
    expect(await position(p, r.market.marketId)).toEqual({ pnl: { A: 0, B: 0, C: 0 }, exposure: 0 });
    const qBet = (await bet(q, r, { selectionId: 'A', side: 'BACK', odds: 2, stake: 100 })).bet.betId;
    // Everything but ₹10 is at risk on another race (back A 99,990 @ 3.00).
    await bet(p, other, { selectionId: 'A', side: 'BACK', odds: 3, stake: 99_990 });
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 10_000_000n, exposure: 9_999_000n });
    // C removed at 40 %: A 2.00 → 1.20 (+40), B 4.00 → 2.40 (+140): either wins −60 (40 − 100, 140 − 200).
    await removeRunner(r.market, 'C', 40);
    expect(await position(p, r.market.marketId)).toEqual({ pnl: { A: -60, B: -60 }, exposure: 60 });
    // Available ₹10 − ₹60 = −₹50: the reduction stands (Betfair's rule), the wallet owes ₹50.
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 10_000_000n, exposure: 10_005_000n });
    // A bet that raises the exposure is refused.
    const more = await placeBet(p, other.eventId, other.market.marketId, { selectionId: 'A', side: 'BACK', odds: 3, stake: 100 });
    expect(body(more)).toMatchObject({ data: { code: 'INSUFFICIENT_FUNDS' } });
    // The market settles, for every player on it.
    expect((await declare(r.market.marketId, { type: 'WINNER', selectionId: 'A' })).statusCode).toBe(200);
    expect(await settledRupees([...ids, qBet])).toEqual([40, -100, 0, 20]);
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 9_994_000n, exposure: 9_999_000n });
    // A short wallet reads as one (balance 99,940, exposure 99,990).
    const info = await t.request({ method: 'GET', url: '/api/user-info', token: p.token });
    expect(info.statusCode).toBe(200);
    expect(body<{ data: { balance: number; exposer: number } }>(info).data).toMatchObject({ balance: 99_940, exposer: 99_990 });
    // A rollback puts the wallet back where it was (₹50 short, no shorter) and the market re-settles.
    const rolled = await t.request({ method: 'POST', url: '/api/rollback-result', token: adminToken, payload: { transactionPassword: TEST_TXN_PASSWORD, marketId: r.market.marketId } });
    expect(rolled.statusCode).toBe(200);
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 10_000_000n, exposure: 10_005_000n });
    expect((await declare(r.market.marketId, { type: 'WINNER', selectionId: 'A' })).statusCode).toBe(200);
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 9_994_000n, exposure: 9_999_000n });
    // The other race settles too: the back on A loses 99,990.
    expect((await declare(other.market.marketId, { type: 'WINNER', selectionId: 'B' })).statusCode).toBe(200);
    expect(await walletOf(t, p.user.id)).toEqual({ balance: -5_000n, exposure: 0n });
  });

  it('example 14: a back before a removal hedged by a lay after it: the lay is priced against the reduced back', async () => {
    const r = await race(1);
    const p = await createPlayer(t, dealerId, 200n);
    await bet(p, r, { selectionId: 'A', side: 'BACK', odds: 8, stake: 100 });
    await removeRunner(r.market, 'E', 25);
    // The back is now 6.00: A +500, the rest −100 (E stays 100).
    expect(await position(p, r.market.marketId)).toEqual({ pnl: { A: 500, B: -100, C: -100, D: -100 }, exposure: 100 });
    // Lay A 130 @ 6.00 "to level at 8.00" (+50 / +30) in truth leaves A −150.
    const lay = await bet(p, r, { selectionId: 'A', side: 'LAY', odds: 6, stake: 130 });
    expect(lay.exposer).toBe(150);
    expect(await position(p, r.market.marketId)).toEqual({ pnl: { A: -150, B: 30, C: 30, D: 30 }, exposure: 150 });
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 20_000n, exposure: 15_000n });
    expect((await declare(r.market.marketId, { type: 'WINNER', selectionId: 'A' })).statusCode).toBe(200);
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 5_000n, exposure: 0n });
  });

  it('example 15: a reinstated runner: its bets count again and the prices go back', async () => {
    const r = await race(1);
    const p = await player();
    const ids = [
      (await bet(p, r, { selectionId: 'B', side: 'LAY', odds: 5, stake: 100 })).bet.betId,
      (await bet(p, r, { selectionId: 'E', side: 'BACK', odds: 4, stake: 100 })).bet.betId,
    ];
    expect(await position(p, r.market.marketId)).toEqual({ pnl: { A: 0, B: -500, C: 0, D: 0, E: 400 }, exposure: 500 });
    await removeRunner(r.market, 'E', 25);
    // The back on E void; the lay on B 3.75.
    expect(await position(p, r.market.marketId)).toEqual({ pnl: { A: 100, B: -275, C: 100, D: 100 }, exposure: 275 });
    expect((await walletOf(t, p.user.id)).exposure).toBe(27_500n);
    await reinstateRunner(r.market, 'E');
    expect(await position(p, r.market.marketId)).toEqual({ pnl: { A: 0, B: -500, C: 0, D: 0, E: 400 }, exposure: 500 });
    expect((await walletOf(t, p.user.id)).exposure).toBe(50_000n);
    expect((await declare(r.market.marketId, { type: 'WINNER', selectionId: 'B' })).statusCode).toBe(200);
    expect(await settledRupees(ids)).toEqual([-400, -100]);
  });

  it('example 16: a PLACE market keeps its k-winner exposure when re-priced (three lays, 3 places, 10 % removal)', async () => {
    const r = await race(3);
    const p = await player();
    for (const id of ['A', 'B', 'C']) await bet(p, r, { selectionId: id, side: 'LAY', odds: 2, stake: 100 });
    expect((await position(p, r.market.marketId)).exposure).toBe(300);
    await removeRunner(r.market, 'D', 10);
    // Each lay 1.80: all three placed ⇒ −240.
    expect(await position(p, r.market.marketId)).toEqual({ pnl: { A: 120, B: 120, C: 120, E: 300 }, exposure: 240 });
    expect((await declare(r.market.marketId, { type: 'PLACED', selectionIds: ['A', 'B', 'C'] })).statusCode).toBe(200);
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 9_976_000n, exposure: 0n });
  });
});

describe('R-4 the feed\'s placed runners against a declared PLACE result', () => {
  it('example 12: an admin declares PLACED A, B; the feed closes with A, C: the results page flags it and accept-feed-result re-settles', async () => {
    const r = await race(2);
    const p = await player();
    const ids = [
      (await bet(p, r, { selectionId: 'B', side: 'BACK', odds: 3, stake: 100 })).bet.betId,
      (await bet(p, r, { selectionId: 'C', side: 'BACK', odds: 3, stake: 100 })).bet.betId,
    ];
    expect((await declare(r.market.marketId, { type: 'PLACED', selectionIds: ['B', 'A'] })).statusCode).toBe(200);
    expect(await settledRupees(ids)).toEqual([200, -100]);
    const results = async (status: string) =>
      body<{ data: Array<{ marketId: string; feedResult: unknown; settled: { result: unknown } | null }> }>(
        await t.request({ method: 'GET', url: `/api/results?status=${status}`, token: adminToken }),
      ).data.filter((x) => x.marketId === r.market.marketId);
    expect(await results('differs')).toEqual([]);
    const status = (id: string) => (id === 'A' || id === 'C' ? 'winner' : 'loser');
    provider.send({ ...r.market, status: 'closed', runners: r.market.runners.map((x) => ({ ...x, status: status(x.selectionId) })), result: null, placed: ['C', 'A'] });
    clock.advance(2_000);
    await tickFeed(t);
    await t.services.feed.settled();
    const flagged = await results('differs');
    expect(flagged.map((x) => ({ feed: x.feedResult, settled: x.settled?.result }))).toEqual([
      { feed: { type: 'PLACED', selectionIds: ['A', 'C'] }, settled: { type: 'PLACED', selectionIds: ['A', 'B'] } },
    ]);
    const accepted = await t.request({ method: 'POST', url: '/api/accept-feed-result', token: adminToken, payload: { transactionPassword: TEST_TXN_PASSWORD, marketId: r.market.marketId } });
    expect(accepted.statusCode).toBe(200);
    expect(await settledRupees(ids)).toEqual([-100, 200]);
    expect(await results('differs')).toEqual([]);
  });
});

describe('a void after a removal', () => {
  it('example 17: voiding a bet rebuilds the position at the reduced prices, the non-runner\'s bet still void', async () => {
    const r = await race(1);
    const p = await player();
    await bet(p, r, { selectionId: 'A', side: 'BACK', odds: 8, stake: 100 });
    const lay = (await bet(p, r, { selectionId: 'B', side: 'LAY', odds: 5, stake: 100 })).bet.betId;
    await bet(p, r, { selectionId: 'E', side: 'BACK', odds: 4, stake: 100 });
    await removeRunner(r.market, 'E', 25);
    // A 6.00 +500, the lay on B 3.75: −275 if B wins, +100 otherwise; the back on E void.
    expect(await position(p, r.market.marketId)).toEqual({ pnl: { A: 600, B: -375, C: 0, D: 0 }, exposure: 375 });
    const voided = await t.request({ method: 'DELETE', url: `/api/delete-current-bet/${lay}`, token: adminToken });
    expect(voided.statusCode).toBe(200);
    expect(await position(p, r.market.marketId)).toEqual({ pnl: { A: 500, B: -100, C: -100, D: -100 }, exposure: 100 });
    expect((await walletOf(t, p.user.id)).exposure).toBe(10_000n);
    expect((await declare(r.market.marketId, { type: 'WINNER', selectionId: 'A' })).statusCode).toBe(200);
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 10_050_000n, exposure: 0n });
  });
});

describe('a removal while bets are placed', () => {
  it('the removal waits for a placement in flight on the market (its FOR KEY SHARE), then re-prices with it', async () => {
    const r = await race(1);
    const p = await player();
    await bet(p, r, { selectionId: 'A', side: 'BACK', odds: 8, stake: 100 });
    let ticked = false;
    let tick: Promise<void> | undefined;
    await t.db.transaction(async (tx) => {
      // What place_runner_bet holds on its market until it commits.
      await tx.query('SELECT 1 FROM markets WHERE id = $1 FOR KEY SHARE', [r.market.marketId]);
      tick = removeRunner(r.market, 'E', 25).then(() => {
        ticked = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(ticked).toBe(false);
    });
    await tick;
    expect(ticked).toBe(true);
    expect(await position(p, r.market.marketId)).toEqual({ pnl: { A: 500, B: -100, C: -100, D: -100 }, exposure: 100 });
  });

  it('bets placed while the removal is written all end in positions equal to their re-priced bets (B1, B2)', async () => {
    const r = await race(1);
    const players = await Promise.all([player(), player(), player(), player()]);
    const place = (p: Player, i: number) =>
      placeBet(p, r.eventId, r.market.marketId, i % 2 === 0 ? { selectionId: RUNNERS[i % 4] ?? 'A', side: 'BACK', odds: 3, stake: 100 + i } : { selectionId: RUNNERS[i % 4] ?? 'A', side: 'LAY', odds: 3.1, stake: 100 + i });
    // Each player has a bet before; then bets and the removal of D go at once.
    await Promise.all(players.map((p, i) => place(p, i)));
    const outcomes = await Promise.all([...players.flatMap((p, i) => [place(p, i + 1), place(p, i + 2)]), removeRunner(r.market, 'D', 30)]);
    expect(outcomes.filter((o) => o !== undefined && o.statusCode === 200).length).toBeGreaterThan(0);
    // The invariants (afterEach) rebuild each position from its bets with the reduction applied.
    await assertLedgerInvariants(t.db);
    expect((await declare(r.market.marketId, { type: 'WINNER', selectionId: 'A' })).statusCode).toBe(200);
  });
});
