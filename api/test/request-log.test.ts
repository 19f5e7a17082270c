/**
 * Logs a person can read (issue 34), over one app whose every line is captured with the product's
 * own pino options (`logOptions`): one line per request, naming its method, URL (tokens redacted),
 * status and time, never Fastify's "incoming request"/"request completed" pair; the probes at
 * debug; ISO 8601 times and level names; and the business events a person looks for: a bet placed,
 * a market settled, a payment decided, each once, after its commit.
 */
import pino from 'pino';
import { logOptions } from '../src/common/log-options';
import { buildTestApp, TEST_TXN_PASSWORD, type TestContext } from './helper';
import { backOrLay, createMatch, createPlayer, postData } from './bet-reports-helper';
import { buildChain, newUtr, pngImage, sendDecision, sendDeposit } from './payments-helper';

type Line = { level: unknown; time: unknown; msg?: string; event?: string; [key: string]: unknown };
const lines: Line[] = [];
let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp({ logger: pino(logOptions('info'), { write: (line: string) => void lines.push(JSON.parse(line) as Line) }) });
}, 60_000);
afterAll(() => t.close());

const since = (mark: number) => lines.slice(mark);
const requestLines = (mark: number) => since(mark).filter((l) => typeof l.statusCode === 'number' && typeof l.method === 'string');
const events = (name: string, mark: number) => since(mark).filter((l) => l.event === name);

describe('one line per request', () => {
  it('names the method, URL, status and time, at info, with an ISO time and the level by name', async () => {
    const chain = await buildChain(t, 0n);
    const mark = lines.length;
    const res = await t.request({ method: 'GET', url: '/api/get-match-list?sportId=4', token: chain.tokens.player });
    expect(res.statusCode).toBe(200);
    const [line, ...more] = requestLines(mark);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 'info', method: 'GET', url: '/api/get-match-list?sportId=4', statusCode: 200 });
    expect(line?.msg).toMatch(/^GET \/api\/get-match-list\?sportId=4 200 \d+(\.\d)? ms$/);
    expect(typeof line?.responseTimeMs).toBe('number');
    expect(line?.reqId).toEqual(expect.any(String));
    expect(line?.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(since(mark).map((l) => l.msg)).not.toContain('incoming request');
    expect(since(mark).map((l) => l.msg)).not.toContain('request completed');
  });

  it('logs a refused request with its 4xx status, and redacts a token in the query string', async () => {
    const mark = lines.length;
    const res = await t.request({ method: 'GET', url: '/api/get-match-list?sportId=4&token=secret-value-123' });
    expect(res.statusCode).toBe(401);
    const [line] = requestLines(mark);
    expect(line).toMatchObject({ level: 'info', method: 'GET', statusCode: 401, url: '/api/get-match-list?sportId=4&token=[redacted]' });
    expect(JSON.stringify(since(mark))).not.toContain('secret-value-123');
  });

  it('keeps the probes out of the info log: health and liveness are at debug', async () => {
    const mark = lines.length;
    for (const url of ['/api/health', '/api/health/live']) expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    expect(requestLines(mark)).toEqual([]);
  });
});

describe('business events', () => {
  it('a bet placed, then its market settled, each logged once with its money in paise', async () => {
    const chain = await buildChain(t, 0n);
    const player = await createPlayer(t, chain.dl.id, 10_000n);
    const match = await createMatch(t, { markets: [{ runners: { a: [200, 202], b: [198, 200] } }] });
    const mark = lines.length;
    const placed = await backOrLay(t, player, match, match.marketIds[0] ?? '', { selectionId: 'a', side: 'BACK', odds: 2, stake: 150 });
    expect(events('bet_placed', mark)).toEqual([
      expect.objectContaining({
        level: 'info',
        betId: placed.bet.betId,
        userId: player.user.id,
        matchId: match.matchId,
        marketId: match.marketIds[0],
        side: 'BACK',
        quotedHundredths: 200,
        stakeMinor: 15_000,
      }),
    ]);

    const settledMark = lines.length;
    await postData(t, chain.tokens.admin, '/api/declare-result', { transactionPassword: TEST_TXN_PASSWORD, marketId: match.marketIds[0], result: { type: 'WINNER', selectionId: 'a' } });
    expect(events('market_settled', settledMark)).toEqual([
      expect.objectContaining({ level: 'info', source: 'admin', marketId: match.marketIds[0], bets: 1, users: 1, usersPnlMinor: 15_000 }),
    ]);
  });

  it('a payment decided, logged once; the same decision replayed logs nothing more', async () => {
    const chain = await buildChain(t, 1_000_000n);
    const sent = await sendDeposit(t, chain.tokens.player, { amount: '500', utrno: newUtr() }, { data: await pngImage() });
    expect(sent.status).toBe(200);
    const mark = lines.length;
    const key = 'decision-key-1';
    expect((await sendDecision(t, chain.tokens.dl, sent.data._id, 'approved', { key })).status).toBe(200);
    expect((await sendDecision(t, chain.tokens.dl, sent.data._id, 'approved', { key })).status).toBe(200);
    expect(events('payment_decided', mark)).toEqual([
      expect.objectContaining({ level: 'info', requestId: sent.data._id, type: 'deposit', status: 'approved', userId: chain.player.id, amountMinor: 50_000, decidedBy: chain.dl.id }),
    ]);
  });
});
