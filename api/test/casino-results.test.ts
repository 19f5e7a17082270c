/**
 * A live-casino round settles only through the engine with its committed deal, or is voided whole
 * by the table switch (ADR 0014, 0016, 0032). The admin's result routes (declare-result,
 * rollback-result, accept-feed-result) and the bet voids (delete-current-bet, delete-bets) refuse
 * a casino market or a casino bet with 409 and change nothing: before the deal, once the cards
 * are shown, and after the round's settlement (issue 29: a winning Dragon bet was settled at 0
 * by declaring VOID on its market; a VOID then a rollback reopened a position nothing releases).
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES, type CasinoRoundView, type ResultMarketRow } from '@backlay/shared/contracts';
import { body, businessStateDigest, idempotent, TEST_TXN_PASSWORD, walletOf, type TestContext } from './helper';
import type { Chain, Player } from './bet-reports-helper';
import { BETTING_SECONDS, DEAL_MS_MAX, getData, openCasinoSuite, roundView } from './casino-helper';

let t: TestContext;
let chainA: Chain;
let playerA: Player;
let advance: (ms: number) => void;

beforeAll(async () => {
  const suite = await openCasinoSuite();
  ({ t, chainA, playerA } = suite);
  advance = (ms) => suite.clock.advance(ms);
  await t.services.casinoEngine.tick();
});

afterAll(async () => {
  await t.close();
});

const DRAGON_TIGER = '9023';
const admin = (): string => chainA.tokens.admin;
const txn = { transactionPassword: TEST_TXN_PASSWORD };

/** Every way an admin could settle, reverse or void `marketId` (a casino market) or `betId` (a bet on it). */
function attacks(marketId: string, roundKey: string, betId: string) {
  return [
    { name: 'declare VOID', method: 'POST' as const, url: '/api/declare-result', payload: { marketId, result: { type: 'VOID' }, ...txn } },
    { name: 'declare WINNER', method: 'POST' as const, url: '/api/declare-result', payload: { marketId, result: { type: 'WINNER', selectionId: '1' }, ...txn } },
    { name: 'declare on the round key', method: 'POST' as const, url: '/api/declare-result', payload: { marketId: roundKey, result: { type: 'VOID' }, ...txn } },
    { name: 'rollback', method: 'POST' as const, url: '/api/rollback-result', payload: { marketId, ...txn } },
    { name: 'rollback the round key', method: 'POST' as const, url: '/api/rollback-result', payload: { marketId: roundKey, ...txn } },
    { name: 'accept the feed', method: 'POST' as const, url: '/api/accept-feed-result', payload: { marketId, ...txn } },
    { name: 'delete-current-bet', method: 'DELETE' as const, url: `/api/delete-current-bet/${betId}` },
    { name: 'delete-bets', method: 'POST' as const, url: '/api/delete-bets', payload: { betIds: [betId] } },
  ];
}

async function expectAllRefused(marketId: string, roundKey: string, betId: string): Promise<void> {
  for (const attack of attacks(marketId, roundKey, betId)) {
    const before = await businessStateDigest(t.db);
    const { name, ...call } = attack;
    const response = await t.request({ ...call, token: admin() });
    const message = attack.url.includes('delete') ? MESSAGES.casinoBetNotVoidable : MESSAGES.casinoResultNotDeclarable;
    expect({ name, status: response.statusCode, code: body<{ data: { code?: string } }>(response).data.code, message: body(response).message }).toEqual({
      name,
      status: 409,
      code: 'CONFLICT',
      message,
    });
    expect({ name, digest: await businessStateDigest(t.db) }).toEqual({ name, digest: before });
  }
}

describe('the result routes refuse a live-casino market', () => {
  it('before the deal, once the cards are shown and after the settlement; the engine alone settles the round', async () => {
    const view: CasinoRoundView = await roundView(t, DRAGON_TIGER, playerA.token);
    expect(view.status).toBe('OPEN');
    const market = view.markets[0];
    const runner = market?.runners.find((r) => r.back !== null);
    if (market === undefined || runner?.back == null) throw new Error('no priced runner on Dragon Tiger');
    const placed = await t.request({
      method: 'POST',
      url: '/api/placebet',
      token: playerA.token,
      headers: idempotent(randomUUID()),
      payload: { matchId: DRAGON_TIGER, marketId: market.marketId, selectionId: runner.selectionId, side: 'BACK', odds: runner.back, stake: 1000 },
    });
    expect(placed.statusCode).toBe(200);
    const betId = body<{ data: { bet: { betId: string } } }>(placed).data.bet.betId;
    const roundKey = market.marketId.split('.')[0] ?? '';

    // The admin's results screen lists no casino market as waiting for a result.
    const pending = await getData<ResultMarketRow[]>(t, '/api/results?status=pending', admin());
    expect(pending.some((row) => row.marketId.startsWith(`${roundKey}.`))).toBe(false);

    await expectAllRefused(market.marketId, roundKey, betId);

    // The round closes: the cards are dealt and shown, the bet still open.
    advance(BETTING_SECONDS * 1000);
    await t.services.casinoEngine.tick();
    const closed = await roundView(t, DRAGON_TIGER, playerA.token);
    expect(closed.status).toBe('CLOSED');
    expect(closed.cards.length).toBeGreaterThan(0);
    await expectAllRefused(market.marketId, roundKey, betId);

    // The engine settles the round with its committed deal; nothing reverses it afterwards.
    advance(DEAL_MS_MAX);
    await t.services.casinoEngine.tick();
    expect((await roundView(t, DRAGON_TIGER, playerA.token)).status).toBe('SETTLED');
    const settled = await walletOf(t, playerA.user.id);
    expect(settled.exposure).toBe(0n);
    await expectAllRefused(market.marketId, roundKey, betId);
    expect(await walletOf(t, playerA.user.id)).toEqual(settled);
    const settledList = await getData<ResultMarketRow[]>(t, '/api/results?status=settled', admin());
    expect(settledList.some((row) => row.marketId === roundKey || row.marketId.startsWith(`${roundKey}.`))).toBe(false);
  });
});
