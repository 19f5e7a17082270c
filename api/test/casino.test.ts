/**
 * The live casino end to end on a real database (issue 17): the engine stepped by hand on a fake
 * clock, bets through the real POST /api/placebet, settlement through settle_market. The ledger
 * invariants (B4 recomputes every settled casino bet from its stored outcome) run after each test.
 */
import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  CASINO_SUSPENDED_MESSAGE,
  type CasinoGameReportResponse,
  type CasinoGamesResponse,
  type CasinoReportResponse,
  type CasinoResultsResponse,
  type CasinoRoundBook,
  type CasinoRoundView,
  type CasinoTableView,
  type CasinoBetsResponse,
  type VirtualGamesResponse,
  CASINO_CATEGORIES,
} from '@backlay/shared/contracts';
import { CASINO_GAMES, playRound, sha256Hex, verifyChainLink } from '@backlay/shared/casino';
import { CasinoEngine, RESYNC_MS } from '../src/casino/casino-engine';
import { silentLogger } from '../src/common/logger';
import { LIVE_TABLES } from '../src/casino/tables';
import type { CasinoRoundResult } from '../src/settlement/settlement.repository';
import { body, businessStateDigest, FakeClock, idempotent, walletOf, type TestContext, TEST_TXN_PASSWORD } from './helper';
import { createPlayer, type Chain, type Player } from './bet-reports-helper';
import { BETTING_SECONDS, DEAL_MS_MAX, RESULT_MS, RESUME_MAX_MS, getData, openCasinoSuite, roundView } from './casino-helper';

let t: TestContext;
let clock: FakeClock;
let chainA: Chain;
let chainB: Chain;
let playerA: Player;
let playerB: Player;

beforeAll(async () => {
  ({ t, clock, chainA, chainB, playerA, playerB } = await openCasinoSuite());
});

afterAll(async () => {
  await t.close();
});

const engine = () => t.services.casinoEngine;

function get<T>(url: string, token: string): Promise<T> {
  return getData<T>(t, url, token);
}

const round = (matchId: string): Promise<CasinoRoundView> => roundView(t, matchId, playerA.token);

function placeBet(player: Player, matchId: string, marketId: string, selectionId: string, odds: number, stake: number, side: 'BACK' | 'LAY' = 'BACK') {
  return t.request({
    method: 'POST',
    url: '/api/placebet',
    token: player.token,
    headers: idempotent(randomUUID()),
    payload: { matchId, marketId, selectionId, side, odds, stake },
  });
}

/** POST disable-casino-games as `token`, with the transaction password (ADR 0032). */
function switchTable(matchId: string, isDisable: boolean, token: string) {
  return t.request({ method: 'POST', url: '/api/disable-casino-games', token, payload: { matchId, isDisable, transactionPassword: TEST_TXN_PASSWORD } });
}

/** Moves the clock and steps the engine: open → close (after the window) → settle (after the deal). */
async function runToSettled(): Promise<void> {
  clock.advance(BETTING_SECONDS * 1000);
  await engine().tick();
  clock.advance(DEAL_MS_MAX);
  await engine().tick();
}

/** The engine of another API instance on the same database (a restart, or a failover). */
function anotherInstance(): CasinoEngine {
  return new CasinoEngine({ db: t.db, clock, events: t.services.events, log: silentLogger, settlement: t.services.settlement, ...t.config.casino });
}

/** Between rounds: the result is shown, then the next round opens. */
async function nextRound(): Promise<void> {
  clock.advance(RESULT_MS);
  await engine().tick();
}

describe('live casino', () => {
  it('opens a round on every table; the list, the table and its rules are there; the seed stays hidden', async () => {
    await engine().tick();
    const games = await get<CasinoGamesResponse>('/api/get-casino-games', playerA.token);
    expect(games.data.map((g) => g.slug)).toEqual(LIVE_TABLES.map((table) => table.gameCode));
    for (const game of games.data) {
      expect(game.match_id).not.toBe(-1);
      expect(game.isDisable).toBe(false);
      expect(game.title).not.toBe('');
      // The tile's live badge: the open round's whole window is left on the (test's still) clock.
      expect(game.secondsLeft).toBe(BETTING_SECONDS);
    }
    for (const { matchId, gameCode } of LIVE_TABLES) {
      const table = await get<CasinoTableView>(`/api/get-casino-data-by-id/${matchId}`, playerA.token);
      expect(table.gameCode).toBe(gameCode);
      expect(table.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(table.rules.lines.length).toBeGreaterThan(0);
      expect(table.round?.status).toBe('OPEN');
      expect(table.round?.serverSeed).toBeNull();
      expect(table.round?.cards).toEqual([]);
      expect(table.round?.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(table.round?.secondsLeft).toBe(BETTING_SECONDS);
      expect(table.round?.markets.length).toBeGreaterThan(0);
      // The felt's places: a card table's hands in dealing order, none for the wheel.
      if (gameCode === 'dt20') expect(table.seats).toEqual(['dragon', 'tiger']);
      if (gameCode === 'roulette') expect(table.seats).toEqual([]);
      if (gameCode !== 'roulette') expect(table.seats.length).toBeGreaterThan(0);
    }
  });

  it("get-virtual-games lists every running table in SPEC's second item shape, for players and agents alike", async () => {
    const games = await get<CasinoGamesResponse>('/api/get-casino-games', playerA.token);
    const streams = await get<VirtualGamesResponse>('/api/get-virtual-games', playerA.token);
    expect(streams.data).toEqual(
      games.data.map((g) => ({
        id: g.matchId,
        game_id: g.slug,
        game_images: [g.image],
        game_name: g.title,
        name: CASINO_CATEGORIES.find((c) => c.id === g.categoryId)?.name,
      })),
    );
    // Exactly the contract's five fields, nothing else on the wire.
    for (const item of streams.data) expect(Object.keys(item).sort()).toEqual(['game_id', 'game_images', 'game_name', 'id', 'name']);
    expect(streams.data.find((s) => s.game_id === 'teen20')?.name).toBe('Teenpatti');
    // An agent reads the same list; nobody signed out does.
    expect(await get<VirtualGamesResponse>('/api/get-virtual-games', chainA.tokens.dl)).toEqual(streams);
    expect((await t.request({ method: 'GET', url: '/api/get-virtual-games' })).statusCode).toBe(401);
  });

  it('a full round of each table from open to settle, with bets from players under two agent chains', async () => {
    const placed: Array<{ player: Player; matchId: string; marketCode: string; selectionId: string; stake: number; betId: string }> = [];
    for (const { matchId } of LIVE_TABLES) {
      const view = await round(matchId);
      // Player A backs the first priced runner of every market; player B the last one of the first market.
      for (const market of view.markets) {
        const runner = market.runners.find((r) => r.back !== null);
        if (runner === undefined || runner.back === null) continue;
        const response = await placeBet(playerA, matchId, market.marketId, runner.selectionId, runner.back, 100);
        expect({ matchId, market: market.code, status: response.statusCode, body: response.body.slice(0, 200) }).toMatchObject({ status: 200 });
        placed.push({ player: playerA, matchId, marketCode: market.code, selectionId: runner.selectionId, stake: 100, betId: body<{ data: { bet: { betId: string } } }>(response).data.bet.betId });
      }
      const first = view.markets[0];
      const last = [...(first?.runners ?? [])].reverse().find((r) => r.back !== null);
      if (first !== undefined && last?.back != null) {
        const response = await placeBet(playerB, matchId, first.marketId, last.selectionId, last.back, 250);
        expect(response.statusCode).toBe(200);
      }
    }
    const before = await walletOf(t, playerA.user.id);
    expect(before.exposure).toBeGreaterThan(0n);

    // The round's close is authoritative in placement itself, before the engine's next tick.
    const table0 = await round(LIVE_TABLES[0]?.matchId ?? '');
    const first = table0.markets[0];
    const firstRunner = first?.runners.find((r) => r.back !== null);
    await t.db.query(`UPDATE markets SET bets_close_at = clock_timestamp() - interval '1 second' WHERE id = $1`, [first?.marketId]);
    const afterClose = await placeBet(playerA, table0.matchId, first?.marketId ?? '', firstRunner?.selectionId ?? '', firstRunner?.back ?? 2, 100);
    expect(afterClose.statusCode).toBe(409);
    expect(body(afterClose).message).toMatch(/closed/);

    // The engine closes the round at its time: from then on the markets are suspended.
    clock.advance(BETTING_SECONDS * 1000);
    await engine().tick();
    const closed = await round(LIVE_TABLES[0]?.matchId ?? '');
    expect(closed.status).toBe('CLOSED');
    expect(closed.cards.length).toBeGreaterThan(0);
    expect(closed.serverSeed).toBeNull();
    const late = closed.markets[0]?.runners.find((r) => r.back !== null);
    const refused = await placeBet(playerA, closed.matchId, closed.markets[0]?.marketId ?? '', late?.selectionId ?? '', late?.back ?? 2, 100);
    expect(refused.statusCode).toBe(409);
    expect(body<{ data: { code: string } }>(refused).data.code).toBe('MARKET_SUSPENDED');

    clock.advance(DEAL_MS_MAX);
    await engine().tick();
    for (const { matchId, gameCode } of LIVE_TABLES) {
      const settled = await round(matchId);
      expect(settled.status).toBe('SETTLED');
      expect(settled.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      // Anyone can recompute the round from its revealed seed.
      expect(await sha256Hex(settled.serverSeed ?? '')).toBe(settled.serverSeedHash);
      const game = CASINO_GAMES[gameCode as keyof typeof CASINO_GAMES];
      const replay = await playRound(game, settled.serverSeed ?? '', settled.clientSeed, settled.nonce, game.defaultConfig as never);
      expect(replay.card).toBe(settled.cards.join(','));
      expect(replay.win).toBe(settled.win);
    }
    const bets = await t.db.query<{ status: string }>(`SELECT status FROM bets WHERE market_type = 'casino'`);
    expect(bets.rows.every((b) => b.status === 'settled')).toBe(true);
    const after = await walletOf(t, playerA.user.id);
    expect(after.exposure).toBe(0n);

    // The player's bets and report show the round.
    const mine = (await get<CasinoBetsResponse>(`/api/casino-bets?matchId=${LIVE_TABLES[0]?.matchId ?? ''}`, playerA.token)).rows;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((b) => b.status === 'settled' && b.pnl !== null)).toBe(true);
    const day = new Date(clock.nowMs()).toISOString().slice(0, 10);
    const report = await get<CasinoReportResponse>(`/api/casino-report?from=${day}&to=${day}`, playerA.token);
    expect(report.totals.bets).toBe(placed.length);
    const pnl = await t.db.query<{ pnl: string }>(`SELECT sum(pnl_minor)::text AS pnl FROM bets WHERE user_id = $1 AND market_type = 'casino'`, [playerA.user.id]);
    expect(Math.round(report.totals.pnl * 100)).toBe(Number(pnl.rows[0]?.pnl));
    expect(after.balance - before.balance).toBe(BigInt(pnl.rows[0]?.pnl ?? '0'));

    // Settling again with the round's outcome changes nothing.
    const digest = await businessStateDigest(t.db);
    // The round is one settlement (key c<roundId>) of every market of the round.
    const stored = await t.db.query<{ key: string; result: CasinoRoundResult; bets: number }>(
      `SELECT s.market_id AS key, s.result, s.bets FROM settlements s
       WHERE s.market_type = 'casino' AND s.market_id = (SELECT 'c' || split_part(substr(b.market_id, 2), '.', 1) FROM bets b WHERE b.market_type = 'casino' LIMIT 1)`,
    );
    const row = stored.rows[0];
    if (row === undefined) throw new Error('no casino settlement');
    expect(row.result.type).toBe('CASINO_ROUND');
    expect(row.bets).toBe((await t.db.query('SELECT 1 FROM bets WHERE market_id LIKE $1', [`${row.key}.%`])).rowCount);
    const again = await t.db.transaction((tx) => t.services.settlement.settleCasinoRound(tx, row.key, row.result));
    expect(again.outcome).toBe('ALREADY_SETTLED');
    expect(await businessStateDigest(t.db)).toBe(digest);

    // Agents see only their own downline: chain A's DL sees A's bets, chain B's none of them.
    const bookA = await get<CasinoRoundBook>(`/api/casino-round-book/${LIVE_TABLES[0]?.gameCode ?? ''}`, chainA.tokens.dl);
    expect(bookA.bets.length).toBeGreaterThan(0);
    expect(bookA.bets.every((b) => b.username === playerA.user.username)).toBe(true);
    const bookB = await get<CasinoRoundBook>(`/api/casino-round-book/${LIVE_TABLES[0]?.gameCode ?? ''}`, chainB.tokens.dl);
    expect(bookB.bets.every((b) => b.username === playerB.user.username)).toBe(true);
    const reportA = await get<CasinoGameReportResponse>(`/api/game-reports?from=${day}&to=${day}`, chainA.tokens.admin);
    expect(reportA.rows.map((r) => r.childUsername)).toEqual(expect.arrayContaining([chainA.agents.sadmin.username]));
    expect(reportA.rows.some((r) => r.childUsername === chainB.agents.sadmin.username)).toBe(false);
    expect(reportA.totals.bets).toBe(placed.length);

    // The sports lists leave casino bets to the casino report; the account statement shows every journal.
    const history = await t.request({ method: 'GET', url: `/api/bet-history?from=${day}&to=${day}`, token: playerA.token });
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(body(history).data)).not.toContain(LIVE_TABLES[0]?.matchId ?? '');
    const profitLoss = await t.request({ method: 'GET', url: `/api/profit-loss?from=${day}&to=${day}`, token: playerA.token });
    expect(profitLoss.statusCode).toBe(200);
    const statement = await t.request({ method: 'GET', url: `/api/account-statement?startDate=${day}&endDate=${day}`, token: playerA.token });
    expect(statement.statusCode).toBe(200);
    expect(JSON.stringify(body(statement).data)).toMatch(/(Won|Lost) on Round \d+ · 20-20 Dragon Tiger/);
  });

  it('the revealed seeds form the table chain: SHA-256 of each is the seed revealed before it, the first hashes to the commitment', async () => {
    const matchId = '9023';
    await nextRound();
    await runToSettled();
    await nextRound();
    await runToSettled();
    const results = await get<CasinoResultsResponse>(`/api/done-results/${matchId}`, playerA.token);
    const rounds = [...results.rounds].filter((r) => r.status === 'SETTLED').sort((a, b) => a.nonce - b.nonce);
    expect(rounds.length).toBeGreaterThanOrEqual(3);
    const table = await get<CasinoTableView>(`/api/get-casino-data-by-id/${matchId}`, playerA.token);
    // The strip and the statistics read the settled rounds as Dragon Tiger does (issue 32): newest first, D / T / Tie.
    const newestFirst = [...rounds].reverse();
    const read = { '1': ['D', 'Dragon', 'a'], '2': ['T', 'Tiger', 'b'], '3': ['Tie', 'Tie', 'tie'] } as Record<string, [string, string, string]>;
    expect(table.lastResults).toEqual(newestFirst.slice(0, 10).map((r) => ({ roundId: r.roundId, win: r.win, label: read[r.win][0], name: read[r.win][1], tone: read[r.win][2] })));
    expect(table.stats.rounds).toBe(rounds.length);
    const counted = new Map<string, number>();
    for (const r of rounds) counted.set(read[r.win][1], (counted.get(read[r.win][1]) ?? 0) + 1);
    expect(Object.fromEntries(table.stats.groups.map((g) => [g.name, g.count]))).toEqual(Object.fromEntries(counted));
    expect(table.stats.groups.map((g) => g.count)).toEqual([...table.stats.groups.map((g) => g.count)].sort((a, b) => b - a));
    expect(rounds[0]?.nonce).toBe(1);
    expect(await verifyChainLink(rounds[0]?.serverSeed ?? '', table.commitment)).toBe(true);
    for (let i = 1; i < rounds.length; i += 1) {
      expect(await verifyChainLink(rounds[i]?.serverSeed ?? '', rounds[i - 1]?.serverSeed ?? '')).toBe(true);
    }
    for (const record of rounds) {
      expect(record.card.split(',').length).toBeGreaterThan(0);
      const cards = await get<{ cards: string[] }>(`/api/html-cards/${record.mid}/dt20`, playerA.token);
      expect(cards.cards.join(',')).toBe(record.card);
      // SPEC's spelling, with the trailing slash and ?ismobile, answers the same.
      expect(await get(`/api/html-cards/${record.mid}/dt20/?ismobile=true`, playerA.token)).toEqual(cards);
    }
  });

  it('a disabled table refuses bets at once, shows suspended in the list, voids its open round and refunds', async () => {
    const matchId = '9027';
    await nextRound();
    const view = await round(matchId);
    expect(view.status).toBe('OPEN');
    const runner = view.markets[0]?.runners.find((r) => r.back !== null);
    const bet = await placeBet(playerA, matchId, view.markets[0]?.marketId ?? '', runner?.selectionId ?? '', runner?.back ?? 2, 500);
    expect(bet.statusCode).toBe(200);
    const funded = await walletOf(t, playerA.user.id);
    expect(funded.exposure).toBeGreaterThan(0n);

    const notHouse = await switchTable(matchId, true, chainA.tokens.dl);
    expect(notHouse.statusCode).toBe(403);
    const off = await switchTable(matchId, true, chainA.tokens.admin);
    expect(off.statusCode).toBe(200);
    const refused = await placeBet(playerA, matchId, view.markets[0]?.marketId ?? '', runner?.selectionId ?? '', runner?.back ?? 2, 500);
    expect(refused.statusCode).toBe(409);
    expect(body<{ data: { code: string } }>(refused).data.code).toBe('MARKET_SUSPENDED');
    const games = await get<CasinoGamesResponse>('/api/get-casino-games', playerA.token);
    expect(games.data.find((g) => g.slug === 'lucky7')).toMatchObject({ isDisable: true, match_id: -1, secondsLeft: null });
    // A disabled table streams nothing: it leaves the virtual-games list.
    const streamsOff = await get<VirtualGamesResponse>('/api/get-virtual-games', playerA.token);
    expect(streamsOff.data.map((s) => s.id)).not.toContain(matchId);
    expect(streamsOff.data.length).toBe(games.data.filter((g) => g.match_id !== -1).length);
    // Switched on again before the engine has voided the round (as from another instance within
    // its resync): refused, so the round cannot deal and settle as if never switched off.
    const tooSoon = await switchTable(matchId, false, chainA.tokens.admin);
    expect([tooSoon.statusCode, body<{ message: string }>(tooSoon).message]).toEqual([409, MESSAGES.casinoTableStillVoiding]);
    expect((await round(matchId)).status).toBe('OPEN');

    await engine().tick();
    const voided = await round(matchId);
    expect(voided.status).toBe('VOID');
    expect(voided.voidReason).toMatch(/disabled/);
    expect(voided.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const refunded = await walletOf(t, playerA.user.id);
    expect(refunded.balance).toBe(funded.balance);
    expect(refunded.exposure).toBe(funded.exposure - 50_000n);
    // No new round while disabled; enabled again, the next tick opens one.
    clock.advance(RESULT_MS);
    await engine().tick();
    expect((await round(matchId)).status).toBe('VOID');
    const on = await switchTable(matchId, false, chainA.tokens.sadmin);
    expect(on.statusCode).toBe(200);
    await engine().tick();
    expect((await round(matchId)).status).toBe('OPEN');
    expect((await get<VirtualGamesResponse>('/api/get-virtual-games', playerA.token)).data.map((s) => s.id)).toContain(matchId);
    expect(CASINO_SUSPENDED_MESSAGE).toMatch(/suspended by admin/);
  });

  // Three tests on one player and table (issue 29): casino-bets pages; the report counts rounds; a voided round's bets read voided.
  let player: Player;
  let open: CasinoRoundView;
  let priced: Array<{ marketId: string; selectionId: string; back: number }> = [];
  const matchId = LIVE_TABLES[0]?.matchId ?? '';
  const reportOf = async () => {
    const day = new Date(clock.nowMs()).toISOString().slice(0, 10);
    return (await get<CasinoReportResponse>(`/api/casino-report?from=${day}&to=${day}`, player.token)).rows.find((r) => r.gameCode === LIVE_TABLES[0]?.gameCode);
  };
  const agentReport = async () => {
    const day = new Date(clock.nowMs()).toISOString().slice(0, 10);
    return (await get<CasinoGameReportResponse>(`/api/game-reports?from=${day}&to=${day}`, chainA.tokens.dl)).rows.find((r) => r.childUsername === player.user.username);
  };

  it('casino-bets pages (page, pageSize ≤ 100) instead of stopping at 50', async () => {
    player = await createPlayer(t, chainA.agents.dl.id, 100_000n);
    await runToSettled();
    await nextRound();
    open = await round(matchId);
    expect(open.status).toBe('OPEN');
    // Three bets on three markets of one round.
    priced = open.markets.flatMap((m) => {
      const runner = m.runners.find((r) => r.back !== null);
      return runner?.back != null ? [{ marketId: m.marketId, selectionId: runner.selectionId, back: runner.back }] : [];
    });
    expect(priced.length).toBeGreaterThanOrEqual(3);
    for (const pick of priced.slice(0, 3)) expect((await placeBet(player, matchId, pick.marketId, pick.selectionId, pick.back, 100)).statusCode).toBe(200);

    // Pages of 2: the three bets are two pages, each bet once.
    const pageOf = (page: number) => get<CasinoBetsResponse>(`/api/casino-bets?matchId=${matchId}&roundId=${open.roundId}&page=${page}&pageSize=2`, player.token);
    const [first, second] = [await pageOf(1), await pageOf(2)];
    expect({ page: first.page, pageSize: first.pageSize, total: first.total, rows: first.rows.length }).toEqual({ page: 1, pageSize: 2, total: 3, rows: 2 });
    expect({ page: second.page, total: second.total, rows: second.rows.length }).toEqual({ page: 2, total: 3, rows: 1 });
    expect(new Set([...first.rows, ...second.rows].map((b) => b.betId)).size).toBe(3);
    const capped = await t.request({ method: 'GET', url: `/api/casino-bets?matchId=${matchId}&pageSize=101`, token: player.token });
    expect(capped.statusCode).toBe(400);
  });

  it("the casino report's rounds column counts rounds, not the round's markets", async () => {
    await runToSettled();
    expect(await reportOf()).toMatchObject({ rounds: 1, bets: 3, stake: 300 });
    expect(await agentReport()).toMatchObject({ bets: 3, stake: 300 });
  });

  it("a voided round's bets read voided (not settled with P&L 0) and count in no report", async () => {
    // The next round is voided (the table switched off) with a bet on it.
    await nextRound();
    const next = await round(matchId);
    expect((await placeBet(player, matchId, priced[0]?.marketId.replace(`c${open.roundId}.`, `c${next.roundId}.`) ?? '', priced[0]?.selectionId ?? '', priced[0]?.back ?? 2, 100)).statusCode).toBe(200);
    const off = await switchTable(matchId, true, chainA.tokens.admin);
    expect(off.statusCode).toBe(200);
    await engine().tick();
    expect((await round(matchId)).status).toBe('VOID');
    const voided = await get<CasinoBetsResponse>(`/api/casino-bets?matchId=${matchId}&roundId=${next.roundId}`, player.token);
    expect(voided.rows.map((b) => ({ status: b.status, pnl: b.pnl }))).toEqual([{ status: 'voided', pnl: 0 }]);
    const book = await get<CasinoRoundBook>(`/api/casino-round-book/${LIVE_TABLES[0]?.gameCode ?? ''}`, chainA.tokens.dl);
    expect(book.bets.filter((b) => b.username === player.user.username).map((b) => b.status)).toEqual(['voided']);
    // A voided bet is no round, no bet and no stake of the reports.
    expect(await reportOf()).toMatchObject({ rounds: 1, bets: 3, stake: 300 });
    expect(await agentReport()).toMatchObject({ bets: 3, stake: 300 });
    const on = await switchTable(matchId, false, chainA.tokens.admin);
    expect(on.statusCode).toBe(200);
    await engine().tick();
  });

  it('a graceful restart resumes an open round with its committed seed; a crash past the bound voids it; a closed round finishes with its stored deal', async () => {
    const matchId = '9020';
    await runToSettled();
    await nextRound();
    const open = await round(matchId);
    expect(open.status).toBe('OPEN');
    const runner = open.markets[0]?.runners.find((r) => r.back !== null);
    expect((await placeBet(playerB, matchId, open.markets[0]?.marketId ?? '', runner?.selectionId ?? '', runner?.back ?? 2, 300)).statusCode).toBe(200);
    const before = await walletOf(t, playerB.user.id);

    // A rolling deploy: the leader stops (SIGTERM) before bet-close and another instance takes
    // over a little after the close was due, within CASINO_RESUME_MAX_MS. It carries the round on.
    await engine().stop();
    clock.advance(BETTING_SECONDS * 1000 + 5_000);
    const successor = anotherInstance();
    expect(await successor.acquire()).toBe(true);
    const resumed = await round(matchId);
    expect({ status: resumed.status, roundId: resumed.roundId }).toEqual({ status: 'OPEN', roundId: open.roundId });
    await successor.tick();
    const dealtResumed = await round(matchId);
    expect(dealtResumed.status).toBe('CLOSED');
    clock.advance(DEAL_MS_MAX);
    await successor.tick();
    const settledResumed = await round(matchId);
    expect(settledResumed.status).toBe('SETTLED');
    // The deal is the committed one: anyone recomputes it from the revealed seed.
    const game = CASINO_GAMES[settledResumed.gameCode as keyof typeof CASINO_GAMES];
    const replay = await playRound(game, settledResumed.serverSeed ?? '', settledResumed.clientSeed, settledResumed.nonce, game.defaultConfig as never);
    expect(await sha256Hex(settledResumed.serverSeed ?? '')).toBe(open.serverSeedHash);
    expect(settledResumed.cards.join(',')).toBe(replay.card);
    // The bet is settled (won or lost at its price), not voided; the wallet moved by its P&L.
    const bet = await t.db.query<{ status: string; pnl: string }>(
      `SELECT status, pnl_minor::text AS pnl FROM bets WHERE user_id = $1 AND market_id LIKE $2`,
      [playerB.user.id, `c${open.roundId}.%`],
    );
    expect(bet.rows).toHaveLength(1);
    expect(bet.rows[0]?.status).toBe('settled');
    const pnl = BigInt(bet.rows[0]?.pnl ?? '0');
    expect(pnl).not.toBe(0n);
    const after = await walletOf(t, playerB.user.id);
    expect(after.balance - before.balance).toBe(pnl);
    expect(after.exposure).toBe(before.exposure - 30_000n);

    // A crash: the next round's close is missed by more than the bound: the new leader voids it.
    clock.advance(RESULT_MS);
    await successor.tick();
    const crashed = await round(matchId);
    expect(crashed.status).toBe('OPEN');
    const crashPick = crashed.markets[0]?.runners.find((r) => r.back !== null);
    expect((await placeBet(playerB, matchId, crashed.markets[0]?.marketId ?? '', crashPick?.selectionId ?? '', crashPick?.back ?? 2, 300)).statusCode).toBe(200);
    const beforeCrash = await walletOf(t, playerB.user.id);
    await successor.stop();
    clock.advance(BETTING_SECONDS * 1000 + RESUME_MAX_MS + 1_000);
    const afterCrash = anotherInstance();
    expect(await afterCrash.acquire()).toBe(true);
    const voided = await round(matchId);
    expect({ status: voided.status, roundId: voided.roundId }).toEqual({ status: 'VOID', roundId: crashed.roundId });
    const refunded = await walletOf(t, playerB.user.id);
    expect(refunded.balance).toBe(beforeCrash.balance);
    expect(refunded.exposure).toBe(beforeCrash.exposure - 30_000n);

    // After close: the next leader settles with the stored deal and never deals again.
    clock.advance(RESULT_MS);
    await afterCrash.tick();
    const next = await round(matchId);
    expect(next.status).toBe('OPEN');
    const pick = next.markets[0]?.runners.find((r) => r.back !== null);
    expect((await placeBet(playerB, matchId, next.markets[0]?.marketId ?? '', pick?.selectionId ?? '', pick?.back ?? 2, 300)).statusCode).toBe(200);
    clock.advance(BETTING_SECONDS * 1000);
    await afterCrash.tick();
    const dealt = await round(matchId);
    expect(dealt.status).toBe('CLOSED');
    await afterCrash.stop();
    const third = anotherInstance();
    expect(await third.acquire()).toBe(true);
    clock.advance(DEAL_MS_MAX);
    await third.tick();
    const settled = await round(matchId);
    expect(settled.status).toBe('SETTLED');
    expect(settled.cards).toEqual(dealt.cards);
    expect(settled.win).toBe(dealt.win);
    await third.stop();
  });

  it('between due instants a tick reads no database: countdowns come from memory; a switch here is due at once, one elsewhere at the resync', async () => {
    // The leader on a database handle that counts what the engine asks of it.
    const calls = { n: 0 };
    const counted = new Proxy(t.db, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (prop === 'query' || prop === 'transaction') calls.n += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const leader = new CasinoEngine({ db: counted, clock, events: t.services.events, log: silentLogger, settlement: t.services.settlement, ...t.config.casino });
    const countdowns: string[] = [];
    const unsubscribe = t.services.events.on('casino.roundChanged', (event) => {
      if (event.phase === 'countdown') countdowns.push(event.matchId);
    });
    try {
      expect(await leader.acquire()).toBe(true);
      // Every table finishes what it had, then all open in one tick.
      clock.advance(DEAL_MS_MAX);
      await leader.tick();
      clock.advance(RESULT_MS);
      await leader.tick();
      for (const { matchId } of LIVE_TABLES) expect((await round(matchId)).status).toBe('OPEN');

      // A second later: one countdown per table, not one statement.
      calls.n = 0;
      countdowns.length = 0;
      clock.advance(1_000);
      await leader.tick();
      expect(calls.n).toBe(0);
      expect(countdowns.sort()).toEqual(LIVE_TABLES.map((table) => table.matchId).sort());
      // Within the same second: nothing at all.
      countdowns.length = 0;
      clock.advance(250);
      await leader.tick();
      expect([calls.n, countdowns.length]).toEqual([0, 0]);

      // Switched off through this instance: due at once, voided on the next tick.
      const off = await switchTable('9023', true, chainA.tokens.admin);
      expect(off.statusCode).toBe(200);
      await leader.tick();
      expect((await round('9023')).status).toBe('VOID');
      expect(calls.n).toBeGreaterThan(0);

      // Switched off by another instance (no move heard here): still OPEN until the tick that reads every table.
      await t.db.query('UPDATE casino_tables SET enabled = false WHERE match_id = $1', ['9024']);
      clock.advance(250);
      await leader.tick();
      expect((await round('9024')).status).toBe('OPEN');
      clock.advance(RESYNC_MS);
      await leader.tick();
      expect((await round('9024')).status).toBe('VOID');

      // Both on again: 9023 at once (its move), 9024 after the result is shown.
      for (const matchId of ['9023', '9024']) {
        const on = await switchTable(matchId, false, chainA.tokens.admin);
        expect(on.statusCode).toBe(200);
      }
      await leader.tick();
      expect((await round('9023')).status).toBe('OPEN');
      clock.advance(RESULT_MS);
      await leader.tick();
      expect((await round('9024')).status).toBe('OPEN');
    } finally {
      unsubscribe();
      await leader.stop();
    }
  });

  it('refuses hostile queries with 400 and unknown tables with 404', async () => {
    for (const url of [
      '/api/done-results/9023?page=Infinity',
      '/api/done-results/9023?roundId=0x10',
      '/api/done-results/9023?filter_date=2026-13-45x',
      '/api/casino-report?from=2026-01-01',
      '/api/html-cards/1/DT20',
    ]) {
      const response = await t.request({ method: 'GET', url, token: playerA.token });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
    }
    const hostileSwitch = await t.request({
      method: 'POST',
      url: '/api/disable-casino-games',
      token: chainA.tokens.admin,
      payload: { matchId: '9023', isDisable: 'yes', transactionPassword: TEST_TXN_PASSWORD },
    });
    expect(hostileSwitch.statusCode).toBe(400);
    const unknown = await t.request({ method: 'GET', url: '/api/get-casino-data-by-id/nope', token: playerA.token });
    expect(unknown.statusCode).toBe(404);
    const agentReport = await t.request({ method: 'GET', url: '/api/game-reports?from=2026-01-01&to=2026-01-02', token: playerA.token });
    expect(agentReport.statusCode).toBe(403);
    const image = await t.request({ method: 'GET', url: '/api/casino/images/dt20.svg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
  });
});
