/**
 * Backlay Studio against the real operator: the API test app listening on a port, and the real
 * studio service (studio/dist/main.js, built here) as a child process pointed at it through a
 * small HTTP relay the test controls (to stall a debit's answer, or hold credits). Covers a crash
 * round (debit → cash-out → credit), a losing mines round (credit "0" with roundClosed), the
 * rollback of a debit whose answer never came, and the fault test: the studio is killed between
 * debit and credit, restarted, and its retries settle the round exactly once (one debit and one
 * credit in the operator's CW-1 transactions and journals); and its earlier variant, killed after
 * the debit was answered but before any credit was sent (a crash round with an auto cash-out),
 * whose restart settles the round from the journal and sends the credit once. Last, the day's reconciliation runs
 * against the studio's real signed transactions report (every round above included): matched,
 * and the clearing account at zero with the rounds' results equal to the studio's own net.
 * ADR 0020, 0021.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STUDIO_PROVIDER, type CasinoIntReconciliationReport, type CasinoIntReconciliationRun } from '@backlay/shared/contracts';
import { cw1SignedHeaders, verifyCw1, type Cw1ReportTransaction, type Cw1TransactionsReport } from '@backlay/shared/cw1';
import { formatRupees } from '../src/common/money';
import { seedStudioProvider } from '../src/casino-int/seed';
import { freePort } from './admin-db';
import { buildTestApp, TEST_ORIGIN, type TestContext, type TestUser } from './helper';

jest.setTimeout(90_000);

const ROOT = path.join(__dirname, '..', '..');
const SECRET = randomBytes(32).toString('hex');
const PARTNER = 'backlay-studio';

let t: TestContext;
let apiUrl: string;
let relay: Server;
let relayUrl: string;
let studioPort: number;
let studioUrl: string;
let dataDir: string;
let studio: ChildProcess | null = null;

/** What the relay does with a wallet call: pass it, or forward it and never answer the studio (a lost answer). */
const relayRules = { hold: new Set<string>() };
/** Every wallet op the studio sent through the relay, in order. */
const relayed: string[] = [];

/** Studio → relay → operator. Held ops reach the operator, but their answers never come back. */
function startRelay(): Promise<void> {
  relay = createServer((req, res) => {
    const op = (req.url ?? '').split('/').pop() ?? '';
    relayed.push(op);
    const forward = httpRequest(`${apiUrl}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      if (relayRules.hold.has(op)) {
        answer.resume();
        return; // the studio times out: it cannot know the operator applied it
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  return new Promise((resolve) => relay.listen(0, '127.0.0.1', () => {
    relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
    resolve();
  }));
}

async function startStudio(): Promise<void> {
  const child = spawn(process.execPath, [path.join(ROOT, 'studio', 'dist', 'main.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      PORT_STUDIO: String(studioPort),
      STUDIO_SECRET: SECRET,
      STUDIO_PARTNER_ID: PARTNER,
      STUDIO_PUBLIC_URL: studioUrl,
      STUDIO_OPERATOR_URL: relayUrl,
      STUDIO_DATA_DIR: dataDir,
      STUDIO_FRAME_ANCESTORS: TEST_ORIGIN,
      STUDIO_DEBIT_TIMEOUT_MS: '1000',
      STUDIO_CALL_TIMEOUT_MS: '1000',
      STUDIO_RETRY_BASE_MS: '100',
      STUDIO_RETRY_MAX_MS: '500',
    },
  });
  studio = child;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`the studio exited (${child.exitCode})`);
    try {
      if ((await fetch(`${studioUrl}/health`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the studio did not start');
}

async function killStudio(signal: NodeJS.Signals): Promise<void> {
  const child = studio;
  studio = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(ROOT, 'studio', 'build.mjs')], { stdio: 'ignore' });
  t = await buildTestApp({ env: { CASINO_INT_PROVIDER_TIMEOUT_MS: '3000' } });
  apiUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  await startRelay();
  studioPort = await freePort();
  studioUrl = `http://127.0.0.1:${studioPort}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'studio-provider-'));
  await seedStudioProvider(t.db, { url: studioUrl, partnerId: PARTNER, secret: SECRET });
  await startStudio();
});
afterAll(async () => {
  await killStudio('SIGTERM');
  await new Promise((r) => relay.close(r));
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => relayRules.hold.clear());

/** A funded player who opened `game` from the casino: the play token the studio's page got. */
async function openGame(game: 'crash' | 'mines' | 'plinko'): Promise<{ player: TestUser; playToken: string }> {
  const player = await t.createUser({ role: 'user' });
  await t.fund(player.id, 1000n);
  const { token } = await t.login(player);
  const launch = await t.request({
    method: 'POST',
    url: '/api/get-cas-casino-play-url',
    token,
    payload: { gameCode: `${STUDIO_PROVIDER}:${game}`, lobby_url: `${TEST_ORIGIN}/casino-int/${game}`, ipAddress: '10.0.0.1', isMobile: false },
  });
  expect(launch.statusCode).toBe(200);
  const url = (launch.json() as { data: { data: { url: string } } }).data.data.url;
  expect(url).toMatch(new RegExp(`^${studioUrl}/play/${game}\\?t=`));
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${TEST_ORIGIN}`);
  const boot = /data-boot="([^"]+)"/.exec(await page.text())![1].replace(/&#34;/g, '"').replace(/&#39;/g, "'").replace(/&#38;/g, '&');
  return { player, playToken: (JSON.parse(boot) as { playToken: string }).playToken };
}

async function playApi(playToken: string, method: 'GET' | 'POST', route: string, body?: object) {
  const res = await fetch(`${studioUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${playToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { message?: string; round: Record<string, unknown> & { roundId: string }; state: { player: { balance: string } } } };
}

/** The round as the studio reports it to the operator (signed GET /v1/rounds/:id). */
async function studioRound(roundId: string): Promise<Record<string, unknown>> {
  const headers = await cw1SignedHeaders(PARTNER, SECRET, '');
  const res = await fetch(`${studioUrl}/v1/rounds/${roundId}`, { headers });
  const text = await res.text();
  expect((await verifyCw1(res.headers, text, [SECRET])).ok).toBe(true);
  return JSON.parse(text) as Record<string, unknown>;
}

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The operator's CW-1 transactions of a round, in order, with whether each moved money through a journal. */
async function operatorTxs(roundId: string) {
  const { rows } = await t.db.query<{ type: string; transactionId: string; amount: string; journalId: string | null }>(
    `SELECT type, transaction_id AS "transactionId", amount_minor::text AS amount, journal_id AS "journalId"
       FROM casino_int_transactions WHERE provider_id = $1 AND round_id = $2 ORDER BY id`,
    [STUDIO_PROVIDER, roundId],
  );
  return rows;
}

async function operatorRound(roundId: string) {
  const { rows } = await t.db.query<{ status: string; pnl: string | null }>(
    'SELECT status, pnl_minor::text AS pnl FROM casino_int_rounds WHERE provider_id = $1 AND round_id = $2',
    [STUDIO_PROVIDER, roundId],
  );
  return rows[0];
}

async function available(userId: string): Promise<bigint> {
  const wallet = await t.services.ledger.walletOf(userId);
  return wallet.balanceMinor - wallet.exposureMinor;
}

describe('Backlay Studio against the real operator', () => {
  it('crash: the bet debits, a cash-out before the crash point credits stake × multiplier, and the operator closes the round', async () => {
    const { player, playToken } = await openGame('crash');
    let round: Record<string, unknown> & { roundId: string } = { roundId: '' };
    for (let attempt = 0; attempt < 10; attempt++) {
      const bet = await playApi(playToken, 'POST', '/play-api/bet', { stake: '10000' });
      expect(bet.status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      const cash = await playApi(playToken, 'POST', '/play-api/crash/cashout', { roundId: bet.body.round.roundId });
      expect(cash.status).toBe(200);
      round = cash.body.round;
      await until(async () => (await studioRound(round.roundId)).state === 'closed');
      if ((round.resultCents as number) > 0) break;
    }
    expect(round.resultCents as number).toBeGreaterThanOrEqual(100);
    const payout = Math.floor((10000 * (round.resultCents as number)) / 100);
    const txs = await operatorTxs(round.roundId);
    expect(txs.map((x) => [x.type, x.transactionId, x.amount])).toEqual([
      ['debit', `${round.roundId}:debit`, '10000'],
      ['credit', `${round.roundId}:credit`, String(payout)],
    ]);
    expect(await operatorRound(round.roundId)).toEqual({ status: 'closed', pnl: String(payout - 10000) });
    // Every round the loop played is closed at both ends, and the player's balance is the sum of them.
    const all = await t.db.query<{ pnl: string }>('SELECT pnl_minor::text AS pnl FROM casino_int_rounds WHERE user_id = $1', [player.id]);
    const net = all.rows.reduce((acc, r) => acc + BigInt(r.pnl), 0n);
    expect(await available(player.id)).toBe(100_000n + net);
    // The page's balance follows the operator's answers.
    const state = (await (await fetch(`${studioUrl}/play-api/state`, { headers: { authorization: `Bearer ${playToken}` } })).json()) as { player: { balance: string } };
    expect(BigInt(state.player.balance)).toBe(await available(player.id));
  });

  it('mines: a losing round closes with a credit of "0" and roundClosed', async () => {
    const { player, playToken } = await openGame('mines');
    let roundId = '';
    for (let attempt = 0; attempt < 10; attempt++) {
      const bet = await playApi(playToken, 'POST', '/play-api/bet', { stake: '5000', mines: 24 });
      expect(bet.status).toBe(200);
      roundId = bet.body.round.roundId;
      const reveal = await playApi(playToken, 'POST', '/play-api/mines/reveal', { roundId, tile: 0 });
      await until(async () => (await studioRound(roundId)).state === 'closed');
      if ((reveal.body.round.outcome as { mineTiles: number[] }).mineTiles.includes(0)) break;
    }
    const txs = await operatorTxs(roundId);
    expect(txs.map((x) => [x.type, x.amount])).toEqual([
      ['debit', '5000'],
      ['credit', '0'],
    ]);
    expect(await operatorRound(roundId)).toEqual({ status: 'closed', pnl: '-5000' });
    const detail = await studioRound(roundId);
    expect(detail).toMatchObject({ status: 'OK', state: 'closed', gameCode: 'mines', playerId: player.id });
  });

  it('a debit whose answer never comes is rolled back: the stake is back and the operator holds a debit and its rollback', async () => {
    const { player, playToken } = await openGame('plinko');
    const before = await available(player.id);
    relayRules.hold.add('debit');
    const bet = await playApi(playToken, 'POST', '/play-api/bet', { stake: '2500', rows: 8, risk: 'low' });
    expect(bet.status).toBe(503);
    const { rows } = await t.db.query<{ roundId: string }>(
      `SELECT round_id AS "roundId" FROM casino_int_transactions WHERE user_id = $1 AND type = 'debit' ORDER BY id DESC LIMIT 1`,
      [player.id],
    );
    const roundId = rows[0]!.roundId;
    await until(async () => (await operatorTxs(roundId)).some((x) => x.type === 'rollback'));
    await until(async () => (await studioRound(roundId)).state === 'rolled_back');
    expect((await operatorTxs(roundId)).map((x) => [x.type, x.amount])).toEqual([
      ['debit', '2500'],
      ['rollback', '2500'],
    ]);
    expect(await available(player.id)).toBe(before);
  });

  it('THE FAULT TEST: the studio is killed between debit and credit, restarts, and its retries settle the round exactly once', async () => {
    const { player, playToken } = await openGame('plinko');
    const before = await available(player.id);
    // Credits reach the operator but their answers are lost, so the studio keeps the credit owed.
    relayRules.hold.add('credit');
    const bet = await playApi(playToken, 'POST', '/play-api/bet', { stake: '10000', rows: 16, risk: 'high' });
    expect(bet.status).toBe(200);
    const roundId = bet.body.round.roundId;
    const payout = Number(bet.body.round.payout);
    await until(async () => (await operatorTxs(roundId)).some((x) => x.type === 'credit'));
    expect((await studioRound(roundId)).state).toBe('open');
    await killStudio('SIGKILL');

    relayRules.hold.clear();
    await startStudio();
    await until(async () => (await studioRound(roundId)).state === 'closed');
    // Give any stray duplicate time to land before counting.
    await new Promise((r) => setTimeout(r, 1000));
    const txs = await operatorTxs(roundId);
    expect(txs.map((x) => [x.type, x.amount])).toEqual([
      ['debit', '10000'],
      ['credit', String(payout)],
    ]);
    expect(txs.every((x) => x.journalId !== null || x.amount === '0')).toBe(true);
    const journals = await t.db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM journals WHERE id = ANY ($1::uuid[])',
      [txs.map((x) => x.journalId).filter((id): id is string => id !== null)],
    );
    expect(journals.rows[0]!.n).toBe(String(txs.filter((x) => x.journalId !== null).length));
    expect(await operatorRound(roundId)).toEqual({ status: 'closed', pnl: String(payout - 10000) });
    expect(await available(player.id)).toBe(before - 10000n + BigInt(payout));
  });

  it('THE FAULT TEST, earlier: killed after the debit was answered but before any credit was sent, the restarted studio settles from its journal and sends the credit once', async () => {
    const { player, playToken } = await openGame('crash');
    const before = await available(player.id);
    // Auto cash-out at 1.10×: the round ends 1.59 s after the debit is accepted (or earlier, at a
    // lower crash point), by the studio's own timer; the kill comes well before that.
    const bet = await playApi(playToken, 'POST', '/play-api/bet', { stake: '10000', autoCashOut: 110 });
    expect(bet.status).toBe(200);
    const roundId = bet.body.round.roundId;
    expect(bet.body.round.state).toBe('open');
    relayed.length = 0;
    await killStudio('SIGKILL');
    expect(relayed).toEqual([]);
    expect((await operatorTxs(roundId)).map((x) => x.type)).toEqual(['debit']);
    expect(await operatorRound(roundId)).toEqual({ status: 'open', pnl: null });

    await startStudio();
    await until(async () => (await studioRound(roundId)).state === 'closed');
    await new Promise((r) => setTimeout(r, 1000));
    // Sent once, answered at once: one credit through the relay, one at the operator.
    expect(relayed).toEqual(['credit']);
    const detail = (await studioRound(roundId)).detail as { resultCents: number; payout: string };
    expect([0, 110]).toContain(detail.resultCents);
    const payout = Number(detail.payout);
    expect(payout).toBe(detail.resultCents === 110 ? 11000 : 0);
    const txs = await operatorTxs(roundId);
    expect(txs.map((x) => [x.type, x.transactionId, x.amount])).toEqual([
      ['debit', `${roundId}:debit`, '10000'],
      ['credit', `${roundId}:credit`, String(payout)],
    ]);
    expect(await operatorRound(roundId)).toEqual({ status: 'closed', pnl: String(payout - 10000) });
    expect(await available(player.id)).toBe(before - 10000n + BigInt(payout));
  });

  it('reconciliation: the day reconciles against the studio\'s own transactions report, matched, and the clearing account nets to zero against it', async () => {
    // More rounds on top of the ones above (crash won, mines lost, a debit rolled back, the fault
    // test's round): crash with an auto cash-out and a manual cash-out, and a mines cash-out.
    const crash = await openGame('crash');
    const auto = await playApi(crash.playToken, 'POST', '/play-api/bet', { stake: '3000', autoCashOut: 101 });
    expect(auto.status).toBe(200);
    await until(async () => (await studioRound(auto.body.round.roundId)).state === 'closed');
    const manual = await playApi(crash.playToken, 'POST', '/play-api/bet', { stake: '2000' });
    expect(manual.status).toBe(200);
    await playApi(crash.playToken, 'POST', '/play-api/crash/cashout', { roundId: manual.body.round.roundId });
    await until(async () => (await studioRound(manual.body.round.roundId)).state === 'closed');
    const mines = await openGame('mines');
    const board = await playApi(mines.playToken, 'POST', '/play-api/bet', { stake: '4000', mines: 1 });
    expect(board.status).toBe(200);
    const minesRound = board.body.round.roundId;
    const pick = await playApi(mines.playToken, 'POST', '/play-api/mines/reveal', { roundId: minesRound, tile: 7 });
    if (pick.body.round.state === 'open') await playApi(mines.playToken, 'POST', '/play-api/mines/cashout', { roundId: minesRound });
    await until(async () => (await studioRound(minesRound)).state === 'closed');

    // The studio's own record of the day, as its signed report gives it.
    const day = new Date().toISOString().slice(0, 10);
    const headers = await cw1SignedHeaders(PARTNER, SECRET, '');
    const res = await fetch(`${studioUrl}/v1/reports/transactions?date=${day}`, { headers });
    const text = await res.text();
    expect((await verifyCw1(res.headers, text, [SECRET])).ok).toBe(true);
    const theirs = JSON.parse(text) as Cw1TransactionsReport;
    if (theirs.status !== 'OK') throw new Error(`the studio answered ${theirs.status}`);
    const ids = new Set(theirs.transactions.map((x) => x.transactionId));
    for (const id of [auto, manual, board].map((b) => b.body.round.roundId)) {
      expect(ids.has(`${id}:debit`) && ids.has(`${id}:credit`)).toBe(true);
    }

    const admin = await t.createUser({ role: 'admin' });
    const { token } = await t.login(admin);
    const run = await t.request({ method: 'POST', url: '/api/casino-int-admin/reconciliation', token, payload: { provider: STUDIO_PROVIDER, date: day } });
    expect(run.statusCode).toBe(200);
    expect((run.json() as { data: CasinoIntReconciliationRun }).data).toMatchObject({ status: 'matched', error: null, theirCount: theirs.transactions.length, mismatches: [] });

    // The studio's net by its own records: stakes it took in, less wins paid and stakes returned.
    // A debit it never saw answered is absent from its report and its rollback returns it, so that
    // pair nets to zero for it, as it does in our books.
    const confirmed = (x: Cw1ReportTransaction) => x.type !== 'rollback' || ids.has(x.refTransactionId ?? '');
    const studioNet = theirs.transactions.filter(confirmed).reduce((sum, x) => sum + (x.type === 'debit' ? 1n : -1n) * BigInt(x.amount), 0n);
    const report = (await t.request({ method: 'GET', url: `/api/casino-int-admin/reconciliation?provider=${STUDIO_PROVIDER}&date=${day}`, token })).json() as {
      data: CasinoIntReconciliationReport;
    };
    expect(report.data.run?.status).toBe('matched');
    expect(report.data.totals.net).toBe(formatRupees(studioNet));
    // Every round is closed on the studio's side, so the clearing account holds nothing: what it
    // took in left to the agents' P&L as the rounds' results, exactly the studio's net.
    const { rows } = await t.db.query<{ pnl: string }>("SELECT coalesce(sum(pnl_minor), 0)::text AS pnl FROM casino_int_rounds WHERE provider_id = $1 AND status = 'closed'", [STUDIO_PROVIDER]);
    expect(-BigInt(rows[0]!.pnl)).toBe(studioNet);
    expect(report.data.clearingBalance).toBe('0.00');
  });
});
