/**
 * CW-1 wallet conformance (docs/rules/casino-wallet.md), operator side: every auth rule, idempotency rule and
 * error code (WRONG_CURRENCY included, and TEMPORARY_ERROR from a real lock timeout in
 * PostgreSQL), against the real API and PostgreSQL, with requests signed by @backlay/shared/cw1
 * as a provider signs them. The ledger invariants (L1–L17, and the CW-1 checks: rows ↔ journals, L13
 * clearing nets to zero per closed round) are asserted after every test by per-file-setup.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { availableMinor } from '@backlay/shared/domain';
import { assertLedgerInvariants, buildTestApp, type TestContext, type TestUser } from './helper';
import {
  answerSigned,
  availableOf,
  clearingOf,
  common,
  createTestProvider,
  money,
  openTestSession,
  walletCall,
  type TestProvider,
} from './casino-int-helper';

let t: TestContext;
let provider: TestProvider;
let player: TestUser;
let token: string;

const METRICS_TOKEN = 'scraper-secret-0123456789';
/** Every log line of the app: the security events are among them. */
const logLines: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN }, logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) }) });
  provider = await createTestProvider(t);
});
afterAll(() => t.close());

beforeEach(async () => {
  player = await t.createUser({ role: 'user' });
  await t.fund(player.id, 100n);
  token = await openTestSession(t, provider, player.id);
});

const debit = (roundId: string, transactionId: string, amount: unknown, extra: Record<string, unknown> = {}) => ({
  ...money(provider, player.id, token, roundId),
  transactionId,
  amount,
  bets: [{ market: 'crash', selection: 'cashout', odds: '', stake: typeof amount === 'string' ? amount : '1' }],
  ...extra,
});
const credit = (roundId: string, transactionId: string, refTransactionId: string, amount: string, roundClosed = true) => ({
  ...money(provider, player.id, token, roundId),
  transactionId,
  refTransactionId,
  amount,
  roundClosed,
});
const rollback = (roundId: string, transactionId: string, refTransactionId: string) => ({
  ...money(provider, player.id, token, roundId),
  transactionId,
  refTransactionId,
  reason: 'timeout',
});

describe('transport and auth', () => {
  it('refuses a bad signature with HTTP 401 INVALID_SIGNATURE and moves nothing', async () => {
    const answer = await walletCall(t, provider, 'debit', debit('r1', randomUUID(), '1000'), { secret: 'x'.repeat(43) });
    expect(answer.status).toBe(401);
    expect(answer.body.status).toBe('INVALID_SIGNATURE');
    expect(await availableOf(t, player.id)).toBe(10_000n);
  });

  it('refuses an unknown partner, missing headers and a body changed after signing', async () => {
    expect((await walletCall(t, provider, 'balance', common(provider, player.id, token, 'r'), { partnerId: 'nobody' })).status).toBe(401);
    const bare = await t.app.inject({ method: 'POST', url: '/api/wallet/balance', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(bare.statusCode).toBe(401);
    const signed = await walletCall(t, provider, 'balance', common(provider, player.id, token, 'r'));
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/debit',
      headers: { ...signed.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(debit('r', randomUUID(), '100')),
    });
    expect(tampered.statusCode).toBe(401);
  });

  it('verifies over the raw bytes: the same JSON with other whitespace needs its own signature', async () => {
    const body = common(provider, player.id, token, 'r');
    const raw = `{ "requestId": "${body.requestId as string}",  "sessionToken": "${token}", "playerId": "${player.id}", "gameCode": "crash", "roundId": "r" }`;
    const answer = await walletCall(t, provider, 'balance', raw);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'OK', balance: '10000', currency: 'INR' });
  });

  it('refuses a timestamp more than 300 s away, either side', async () => {
    for (const skew of [-301_000, 301_000]) {
      const answer = await walletCall(t, provider, 'balance', common(provider, player.id, token, 'r'), { now: Date.now() + skew });
      expect(answer.status).toBe(401);
      expect(String(answer.body.message)).toContain('skew');
    }
    expect((await walletCall(t, provider, 'balance', common(provider, player.id, token, 'r'), { now: Date.now() - 290_000 })).status).toBe(200);
  });

  it('refuses a replayed nonce (the same signed request sent twice)', async () => {
    const body = debit('r1', randomUUID(), '500');
    const first = await walletCall(t, provider, 'debit', body);
    expect(first.body.status).toBe('OK');
    const replay = await walletCall(t, provider, 'debit', body, { headers: first.headers });
    expect(replay.status).toBe(401);
    expect(String(replay.body.message)).toContain('replayed nonce');
    expect(await availableOf(t, player.id)).toBe(9_500n);
  });

  it('signs its answers with the provider secret', async () => {
    const answer = await walletCall(t, provider, 'balance', common(provider, player.id, token, 'r'));
    expect(await answerSigned(answer, provider)).toBe(true);
  });

  it('accepts both active secrets during a rotation, and only the new one once the old is retired', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const ctx = { actorId: admin.id, ip: null, requestId: null };
    const rotated = await t.services.casinoInt.rotateSecret(ctx, provider.id);
    const withOld = await walletCall(t, provider, 'balance', common(provider, player.id, token, 'r'));
    const withNew = await walletCall(t, provider, 'balance', common(provider, player.id, token, 'r'), { secret: rotated.secret });
    expect([withOld.status, withNew.status]).toEqual([200, 200]);
    // The answers are signed with the newest secret.
    expect(await answerSigned(withOld, provider, rotated.secret)).toBe(true);
    const old = (await t.services.casinoInt.adminProviders()).find((p) => p.id === provider.id)?.secrets.find((s) => s.id !== rotated.secretId);
    await t.services.casinoInt.retireSecret(ctx, provider.id, old?.id ?? '');
    expect((await walletCall(t, provider, 'balance', common(provider, player.id, token, 'r'))).status).toBe(401);
    expect((await walletCall(t, provider, 'balance', common(provider, player.id, token, 'r'), { secret: rotated.secret })).status).toBe(200);
    provider = { ...provider, secret: rotated.secret };
  });
});

describe('authenticate and balance', () => {
  it('swaps a single-use token for the session, once', async () => {
    const fresh = await openTestSession(t, provider, player.id, { authenticated: false });
    const body = { ...common(provider, player.id, fresh, 'lobby') };
    const first = await walletCall(t, provider, 'authenticate', body);
    expect(first.body).toEqual({ status: 'OK', playerId: player.id, currency: 'INR', balance: '10000', nickname: player.username, country: 'IN' });
    const again = await walletCall(t, provider, 'authenticate', { ...body, requestId: randomUUID() });
    expect(again.body.status).toBe('INVALID_TOKEN');
  });

  it('refuses an expired launch token, an unknown token, another player, another game', async () => {
    const stale = await openTestSession(t, provider, player.id, { authenticated: false, tokenExpired: true });
    expect((await walletCall(t, provider, 'authenticate', common(provider, player.id, stale, 'r'))).body.status).toBe('SESSION_EXPIRED');
    expect((await walletCall(t, provider, 'balance', common(provider, player.id, 'nope', 'r'))).body.status).toBe('INVALID_TOKEN');
    const other = await t.createUser({ role: 'user' });
    expect((await walletCall(t, provider, 'balance', common(provider, other.id, token, 'r'))).body.status).toBe('INVALID_TOKEN');
    expect((await walletCall(t, provider, 'balance', { ...common(provider, player.id, token, 'r'), gameCode: 'mines' })).body.status).toBe('INVALID_GAME');
  });

  it('answers the available balance, the header\'s figure: the balance less the exposure of open bets', async () => {
    await t.db.query('UPDATE ledger_accounts SET exposure_minor = 2500 WHERE user_id = $1', [player.id]); // ₹25 at risk on sports
    const header = async () => {
      const wallet = await t.services.ledger.walletOf(player.id);
      return String(availableMinor(Number(wallet.balanceMinor), Number(wallet.exposureMinor)));
    };
    expect(await header()).toBe('7500');
    const fresh = await openTestSession(t, provider, player.id, { authenticated: false });
    expect((await walletCall(t, provider, 'authenticate', common(provider, player.id, fresh, 'lobby'))).body).toMatchObject({ status: 'OK', balance: '7500' });
    expect((await walletCall(t, provider, 'balance', common(provider, player.id, token, 'r'))).body).toEqual({ status: 'OK', balance: '7500', currency: 'INR' });
    const debitId = randomUUID();
    expect((await walletCall(t, provider, 'debit', debit('round-avail', randomUUID(), '7501'))).body).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: '7500' });
    expect((await walletCall(t, provider, 'debit', debit('round-avail', debitId, '1000'))).body).toMatchObject({ status: 'OK', balance: '6500' });
    expect(await header()).toBe('6500');
    expect((await walletCall(t, provider, 'credit', credit('round-avail', randomUUID(), debitId, '2500'))).body).toMatchObject({ status: 'OK', balance: '9000' });
    expect(await header()).toBe('9000');
    await t.db.query('UPDATE ledger_accounts SET exposure_minor = 0 WHERE user_id = $1', [player.id]);
  });

  it('answers a locked player PLAYER_BLOCKED at authenticate', async () => {
    const fresh = await openTestSession(t, provider, player.id, { authenticated: false });
    await t.db.query("UPDATE users SET status = 'locked' WHERE id = $1", [player.id]);
    expect((await walletCall(t, provider, 'authenticate', common(provider, player.id, fresh, 'r'))).body.status).toBe('PLAYER_BLOCKED');
  });
});

describe('debit', () => {
  it('moves the stake from the wallet to the provider clearing account', async () => {
    const clearing = await clearingOf(t, provider.id);
    const transactionId = randomUUID();
    const answer = await walletCall(t, provider, 'debit', debit('round-a', transactionId, '2500'));
    expect(answer.body).toMatchObject({ status: 'OK', balance: '7500', transactionId });
    expect(typeof answer.body.operatorTxId).toBe('string');
    expect(await availableOf(t, player.id)).toBe(7_500n);
    expect(await clearingOf(t, provider.id)).toBe(clearing + 2_500n);
  });

  it('answers a retry of the same requestId with byte-identical bytes', async () => {
    const body = debit('round-b', randomUUID(), '1000');
    const first = await walletCall(t, provider, 'debit', body);
    const retry = await walletCall(t, provider, 'debit', body);
    expect(retry.response.body).toBe(first.response.body);
    expect(await availableOf(t, player.id)).toBe(9_000n);
  });

  it('answers an exact replay with a new requestId with the stored answer and idempotentReplay', async () => {
    const body = debit('round-c', randomUUID(), '1000');
    const first = await walletCall(t, provider, 'debit', body);
    const replay = await walletCall(t, provider, 'debit', { ...body, requestId: randomUUID() });
    expect(replay.body).toEqual({ ...first.body, idempotentReplay: true });
    expect(await availableOf(t, player.id)).toBe(9_000n);
  });

  it('refuses the same transactionId with another payload: DUPLICATE_TRANSACTION, nothing moves', async () => {
    const transactionId = randomUUID();
    await walletCall(t, provider, 'debit', debit('round-d', transactionId, '1000'));
    const other = await walletCall(t, provider, 'debit', debit('round-d', transactionId, '2000'));
    expect(other.body.status).toBe('DUPLICATE_TRANSACTION');
    expect(await availableOf(t, player.id)).toBe(9_000n);
  });

  it('refuses more than the balance with INSUFFICIENT_FUNDS and the balance', async () => {
    const answer = await walletCall(t, provider, 'debit', debit('round-e', randomUUID(), '10001'));
    expect(answer.body).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: '10000' });
    expect(await availableOf(t, player.id)).toBe(10_000n);
  });

  it('never overspends under concurrent debits against one balance', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => walletCall(t, provider, 'debit', debit(`round-f${i}`, randomUUID(), '3000'))),
    );
    const ok = answers.filter((a) => a.body.status === 'OK');
    expect(ok).toHaveLength(3);
    expect(answers.filter((a) => a.body.status === 'INSUFFICIENT_FUNDS')).toHaveLength(7);
    expect(await availableOf(t, player.id)).toBe(1_000n);
    expect(ok.map((a) => a.body.balance).sort()).toEqual(['1000', '4000', '7000']);
  });

  it('needs a live session: SESSION_EXPIRED once it expired', async () => {
    const expired = await openTestSession(t, provider, player.id, { expired: true });
    const answer = await walletCall(t, provider, 'debit', { ...debit('round-g', randomUUID(), '100'), sessionToken: expired });
    expect(answer.body.status).toBe('SESSION_EXPIRED');
    expect(await availableOf(t, player.id)).toBe(10_000n);
  });

  it('refuses a locked player, a player under a locked agent and a betting-locked player: PLAYER_BLOCKED', async () => {
    await t.db.query("UPDATE users SET status = 'locked' WHERE id = $1", [player.id]);
    expect((await walletCall(t, provider, 'debit', debit('round-h', randomUUID(), '100'))).body.status).toBe('PLAYER_BLOCKED');
    await t.db.query("UPDATE users SET status = 'active' WHERE id = $1", [player.id]);
    await t.db.query('UPDATE users SET bet_lock = true WHERE id = $1', [player.parentId]);
    expect((await walletCall(t, provider, 'debit', debit('round-h', randomUUID(), '100'))).body.status).toBe('PLAYER_BLOCKED');
    await t.db.query('UPDATE users SET bet_lock = false WHERE id = $1', [player.parentId]);
    await t.db.query("UPDATE users SET status = 'locked' WHERE id = $1", [player.parentId]);
    expect((await walletCall(t, provider, 'debit', debit('round-h', randomUUID(), '100'))).body.status).toBe('PLAYER_BLOCKED');
    await t.db.query("UPDATE users SET status = 'active' WHERE id = $1", [player.parentId]);
    expect(await availableOf(t, player.id)).toBe(10_000n);
  });

  it('refuses what responsible gambling refuses: a stake limit LIMIT_EXCEEDED, a self-exclusion PLAYER_BLOCKED (nothing moves)', async () => {
    const { token: access } = await t.login(player);
    // The sign-in replaced the operator session the game was launched from: launch again.
    token = await openTestSession(t, provider, player.id);
    const rg = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${access}` }, payload });
    expect((await rg('/api/rg-set-limit', { type: 'stake', amount: 50 })).statusCode).toBe(200);
    const overLimit = await walletCall(t, provider, 'debit', debit('round-rg', randomUUID(), '5001'));
    expect(overLimit.body).toMatchObject({ status: 'LIMIT_EXCEEDED' });
    expect((await walletCall(t, provider, 'debit', debit('round-rg', randomUUID(), '5000'))).body.status).toBe('OK');
    expect((await rg('/api/rg-self-exclude', { months: 6, confirm: true })).statusCode).toBe(200);
    const excluded = await walletCall(t, provider, 'debit', debit('round-rg', randomUUID(), '100'));
    expect(excluded.body).toMatchObject({ status: 'PLAYER_BLOCKED' });
    expect(await availableOf(t, player.id)).toBe(5_000n);
  });

  it('refuses a disabled game with INVALID_GAME', async () => {
    await t.db.query('UPDATE casino_int_games SET enabled = false WHERE provider_id = $1', [provider.id]);
    try {
      expect((await walletCall(t, provider, 'debit', debit('round-i', randomUUID(), '100'))).body.status).toBe('INVALID_GAME');
    } finally {
      await t.db.query('UPDATE casino_int_games SET enabled = true WHERE provider_id = $1', [provider.id]);
    }
  });

  it.each([['0x10'], ['1e3'], ['-100'], ['10.5'], ['0100'], [' 100'], ['1000000000000000'], [true], [100], [null], ['0']])(
    'refuses the hostile amount %p with INVALID_REQUEST and moves nothing',
    async (amount) => {
      const answer = await walletCall(t, provider, 'debit', debit('round-j', randomUUID(), amount));
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe('INVALID_REQUEST');
      expect(await availableOf(t, player.id)).toBe(10_000n);
    },
  );

  it('refuses bodies that are not JSON objects or hold NUL text with INVALID_REQUEST', async () => {
    for (const raw of ['not json', '[1,2]', '"text"', JSON.stringify({ ...debit('r', randomUUID(), '100'), roundId: 'a\u0000b' })]) {
      const answer = await walletCall(t, provider, 'debit', raw);
      expect([answer.status, answer.body.status]).toEqual([200, 'INVALID_REQUEST']);
    }
    expect(await availableOf(t, player.id)).toBe(10_000n);
  });
});

describe('currency', () => {
  it('refuses a debit, a credit and a rollback in another currency than the session\'s: WRONG_CURRENCY, nothing moves', async () => {
    const clearing = await clearingOf(t, provider.id);
    const debitId = randomUUID();
    const usd = await walletCall(t, provider, 'debit', debit('round-cur', debitId, '1000', { currency: 'USD' }));
    expect(usd.body).toMatchObject({ status: 'WRONG_CURRENCY', message: 'The session plays in INR' });
    expect(await availableOf(t, player.id)).toBe(10_000n);
    expect(await clearingOf(t, provider.id)).toBe(clearing);
    // Nothing was kept under the id: the same debit in the session's currency goes through.
    expect((await walletCall(t, provider, 'debit', debit('round-cur', debitId, '1000'))).body).toMatchObject({ status: 'OK', balance: '9000' });

    const creditId = randomUUID();
    expect((await walletCall(t, provider, 'credit', { ...credit('round-cur', creditId, debitId, '2500'), currency: 'EUR' })).body.status).toBe('WRONG_CURRENCY');
    expect((await walletCall(t, provider, 'rollback', { ...rollback('round-cur', randomUUID(), debitId), currency: 'USD' })).body.status).toBe('WRONG_CURRENCY');
    expect(await availableOf(t, player.id)).toBe(9_000n);
    expect(await clearingOf(t, provider.id)).toBe(clearing + 1_000n);
    const { rows } = await t.db.query<{ type: string }>('SELECT type FROM casino_int_transactions WHERE provider_id = $1 AND round_id = $2 ORDER BY id', [provider.id, 'round-cur']);
    expect(rows.map((r) => r.type)).toEqual(['debit']);
    // The round is still open to the right credit.
    expect((await walletCall(t, provider, 'credit', credit('round-cur', creditId, debitId, '2500'))).body).toMatchObject({ status: 'OK', balance: '11500' });
    expect(await clearingOf(t, provider.id)).toBe(clearing);
  });

  it.each([[undefined], ['inr'], ['RUPEE'], [356], [null]])('refuses the currency %p of a money callback with INVALID_REQUEST', async (currency) => {
    const answer = await walletCall(t, provider, 'debit', debit('round-cur2', randomUUID(), '100', { currency }));
    expect(answer.body.status).toBe('INVALID_REQUEST');
    expect(await availableOf(t, player.id)).toBe(10_000n);
  });
});

describe('TEMPORARY_ERROR', () => {
  it('answers a database failure TEMPORARY_ERROR (signed, nothing moved or stored), and the retry with a new requestId applies once', async () => {
    // The same API on the same database with a short lock timeout: while another transaction
    // holds the player's wallet row, the debit's lock wait fails in PostgreSQL (55P03).
    const quick = await buildTestApp({ sameDatabaseAs: t, env: { DB_LOCK_TIMEOUT_MS: '200' } });
    try {
      const body = debit('round-tmp', randomUUID(), '1500');
      const failed = await t.db.transaction(async (tx) => {
        await tx.query('SELECT id FROM ledger_accounts WHERE user_id = $1 FOR UPDATE', [player.id]);
        return walletCall(quick, provider, 'debit', body);
      });
      expect([failed.status, failed.body]).toEqual([200, { status: 'TEMPORARY_ERROR', message: 'Try again' }]);
      expect(await answerSigned(failed, provider)).toBe(true);
      expect(await availableOf(t, player.id)).toBe(10_000n);
      const stored = await t.db.query('SELECT 1 FROM casino_int_requests WHERE provider_id = $1 AND request_id = $2', [provider.id, (body as Record<string, unknown>).requestId]);
      expect(stored.rowCount).toBe(0);
      // CW-1 rule 7: the provider retries with the same transactionId and a new requestId.
      const retry = await walletCall(quick, provider, 'debit', { ...body, requestId: randomUUID() });
      expect(retry.body).toMatchObject({ status: 'OK', balance: '8500', transactionId: body.transactionId });
      const again = await walletCall(t, provider, 'debit', { ...body, requestId: randomUUID() });
      expect(again.body).toEqual({ ...retry.body, idempotentReplay: true });
      expect(await availableOf(t, player.id)).toBe(8_500n);
    } finally {
      await quick.close();
    }
  });
});

describe('the maximum payout of a game', () => {
  /** The count of credits refused over the maximum, for this test provider. */
  const refusedOverMax = async (): Promise<number> => {
    const res = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const line = res.body.split('\n').find((l) => l.startsWith(`backlay_cw1_credits_over_max_total{provider="${provider.id}"} `));
    return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
  };
  const events = (since: number) =>
    logLines
      .slice(since)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.event === 'cw1_credit_over_max');

  it('refuses a credit above the round debits times the game maximum (LIMIT_EXCEEDED, definitive), counts it and logs a security event; nothing moves', async () => {
    const clearing = await clearingOf(t, provider.id);
    const before = await refusedOverMax();
    const mark = logLines.length;
    const debitId = randomUUID();
    await walletCall(t, provider, 'debit', debit('round-max', debitId, '100'));
    const body = credit('round-max', randomUUID(), debitId, '999999999999999');
    for (const attempt of [body, { ...body, requestId: randomUUID() }]) {
      const answer = await walletCall(t, provider, 'credit', attempt);
      expect(answer.body).toMatchObject({ status: 'LIMIT_EXCEEDED' });
    }
    expect(await availableOf(t, player.id)).toBe(9_900n);
    expect(await clearingOf(t, provider.id)).toBe(clearing + 100n);
    const { rows } = await t.db.query('SELECT 1 FROM casino_int_transactions WHERE provider_id = $1 AND transaction_id = $2', [provider.id, body.transactionId]);
    expect(rows).toHaveLength(0);
    expect(await refusedOverMax()).toBe(before + 2);
    expect(events(mark)).toEqual([
      expect.objectContaining({ provider: provider.id, playerId: player.id, roundId: 'round-max', gameCode: 'crash', amount: '999999999999999', maxMultiplier: '100.00', maxPayout: '10000' }),
      expect.objectContaining({ amount: '999999999999999' }),
    ]);
    // Exactly the maximum (100 × the test game's 100) is paid.
    expect((await walletCall(t, provider, 'credit', credit('round-max', randomUUID(), debitId, '10000'))).body).toMatchObject({ status: 'OK', balance: '19900' });
  });

  it('bounds every credit of a round by all its debits not rolled back', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await walletCall(t, provider, 'debit', debit('round-max2', a, '100'));
    await walletCall(t, provider, 'debit', debit('round-max2', b, '50'));
    await walletCall(t, provider, 'debit', debit('round-max2', c, '30'));
    await walletCall(t, provider, 'rollback', rollback('round-max2', randomUUID(), c));
    expect((await walletCall(t, provider, 'credit', credit('round-max2', randomUUID(), a, '9000', false))).body.status).toBe('OK');
    expect((await walletCall(t, provider, 'credit', credit('round-max2', randomUUID(), b, '6001'))).body.status).toBe('LIMIT_EXCEEDED');
    expect((await walletCall(t, provider, 'credit', credit('round-max2', randomUUID(), b, '6000'))).body.status).toBe('OK');
    expect(await availableOf(t, player.id)).toBe(10_000n - 150n + 15_000n);
  });
});

describe('credit, rollback and rounds', () => {
  it('pays a win and closes the round: the clearing account nets to zero for it', async () => {
    const clearing = await clearingOf(t, provider.id);
    const debitId = randomUUID();
    await walletCall(t, provider, 'debit', debit('round-k', debitId, '1000'));
    const answer = await walletCall(t, provider, 'credit', credit('round-k', randomUUID(), debitId, '2500'));
    expect(answer.body).toMatchObject({ status: 'OK', balance: '11500' });
    expect(await availableOf(t, player.id)).toBe(11_500n);
    expect(await clearingOf(t, provider.id)).toBe(clearing);
    const { rows } = await t.db.query<{ status: string; pnl: string }>(
      'SELECT status, pnl_minor::text AS pnl FROM casino_int_rounds WHERE provider_id = $1 AND round_id = $2',
      [provider.id, 'round-k'],
    );
    expect(rows).toEqual([{ status: 'closed', pnl: '1500' }]);
  });

  it('closes a losing round with a zero credit: the stake leaves the clearing account to the agents', async () => {
    const clearing = await clearingOf(t, provider.id);
    const debitId = randomUUID();
    await walletCall(t, provider, 'debit', debit('round-l', debitId, '4000'));
    const answer = await walletCall(t, provider, 'credit', credit('round-l', randomUUID(), debitId, '0'));
    expect(answer.body).toMatchObject({ status: 'OK', balance: '6000' });
    expect(await clearingOf(t, provider.id)).toBe(clearing);
    const { rows } = await t.db.query<{ total: string }>(
      'SELECT sum(amount_minor)::text AS total FROM casino_int_round_shares WHERE provider_id = $1 AND round_id = $2',
      [provider.id, 'round-l'],
    );
    expect(rows[0]?.total).toBe('4000');
  });

  it('refuses a credit without its debit: TRANSACTION_NOT_FOUND', async () => {
    const answer = await walletCall(t, provider, 'credit', credit('round-m', randomUUID(), randomUUID(), '100'));
    expect(answer.body.status).toBe('TRANSACTION_NOT_FOUND');
    expect(await availableOf(t, player.id)).toBe(10_000n);
  });

  it('refuses a credit of a debit of another round or player: TRANSACTION_NOT_FOUND', async () => {
    const debitId = randomUUID();
    await walletCall(t, provider, 'debit', debit('round-n', debitId, '100'));
    expect((await walletCall(t, provider, 'credit', credit('round-other', randomUUID(), debitId, '100'))).body.status).toBe('TRANSACTION_NOT_FOUND');
  });

  it('refuses a credit after the rollback of its debit, and a second credit of a settled debit: ALREADY_SETTLED', async () => {
    const debitId = randomUUID();
    await walletCall(t, provider, 'debit', debit('round-o', debitId, '1000'));
    const rolled = await walletCall(t, provider, 'rollback', rollback('round-o', randomUUID(), debitId));
    expect(rolled.body).toMatchObject({ status: 'OK', balance: '10000' });
    expect((await walletCall(t, provider, 'credit', credit('round-o', randomUUID(), debitId, '500'))).body.status).toBe('ALREADY_SETTLED');

    const second = randomUUID();
    await walletCall(t, provider, 'debit', debit('round-p', second, '1000'));
    await walletCall(t, provider, 'credit', credit('round-p', randomUUID(), second, '1500', false));
    expect((await walletCall(t, provider, 'credit', credit('round-p', randomUUID(), second, '1500'))).body.status).toBe('ALREADY_SETTLED');
    expect((await walletCall(t, provider, 'rollback', rollback('round-p', randomUUID(), second))).body.status).toBe('ALREADY_SETTLED');
    expect(await availableOf(t, player.id)).toBe(10_500n);
  });

  it('refuses a debit in a closed round: ALREADY_SETTLED', async () => {
    const debitId = randomUUID();
    await walletCall(t, provider, 'debit', debit('round-q', debitId, '100'));
    await walletCall(t, provider, 'credit', credit('round-q', randomUUID(), debitId, '0'));
    expect((await walletCall(t, provider, 'debit', debit('round-q', randomUUID(), '100'))).body.status).toBe('ALREADY_SETTLED');
  });

  it('answers OK to a rollback that overtakes its debit, and then refuses the late debit: TRANSACTION_ROLLED_BACK', async () => {
    const debitId = randomUUID();
    const rolled = await walletCall(t, provider, 'rollback', rollback('round-r', randomUUID(), debitId));
    expect(rolled.body).toMatchObject({ status: 'OK', balance: '10000' });
    const late = await walletCall(t, provider, 'debit', debit('round-r', debitId, '1000'));
    expect(late.body.status).toBe('TRANSACTION_ROLLED_BACK');
    expect(await availableOf(t, player.id)).toBe(10_000n);
  });

  it('answers a rollback or a credit whose transactionId is its refTransactionId definitively: DUPLICATE_TRANSACTION, nothing moves', async () => {
    // The id names the debit (present, or to come): the rollback cannot also be stored under it.
    // Before, an unknown debit's tombstone and the rollback collided on the unique key, and the
    // answer was TEMPORARY_ERROR forever, so the provider retried without end.
    const unknown = randomUUID();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await walletCall(t, provider, 'rollback', rollback('round-same', unknown, unknown));
      expect(answer.body.status).toBe('DUPLICATE_TRANSACTION');
    }
    expect((await walletCall(t, provider, 'credit', credit('round-same', unknown, unknown, '100'))).body.status).toBe('DUPLICATE_TRANSACTION');
    const debitId = randomUUID();
    await walletCall(t, provider, 'debit', debit('round-same', debitId, '400'));
    expect((await walletCall(t, provider, 'rollback', rollback('round-same', debitId, debitId))).body.status).toBe('DUPLICATE_TRANSACTION');
    expect(await availableOf(t, player.id)).toBe(9_600n);
    // The debit is still whole: its real rollback settles it.
    expect((await walletCall(t, provider, 'rollback', rollback('round-same', randomUUID(), debitId))).body).toMatchObject({ status: 'OK', balance: '10000' });
    const { rows } = await t.db.query('SELECT 1 FROM casino_int_transactions WHERE provider_id = $1 AND transaction_id = $2', [provider.id, unknown]);
    expect(rows).toHaveLength(0);
  });

  it('replays a rollback and a credit exactly, and refuses another payload under their ids', async () => {
    const debitId = randomUUID();
    await walletCall(t, provider, 'debit', debit('round-s', debitId, '700'));
    const body = rollback('round-s', randomUUID(), debitId);
    const first = await walletCall(t, provider, 'rollback', body);
    const replay = await walletCall(t, provider, 'rollback', { ...body, requestId: randomUUID() });
    expect(replay.body).toEqual({ ...first.body, idempotentReplay: true });
    expect((await walletCall(t, provider, 'rollback', { ...body, requestId: randomUUID(), reason: 'other' })).body.status).toBe('DUPLICATE_TRANSACTION');
    expect(await availableOf(t, player.id)).toBe(10_000n);
  });

  it('pays a credit and a rollback on an expired session', async () => {
    const won = randomUUID();
    const lost = randomUUID();
    await walletCall(t, provider, 'debit', debit('round-t', won, '1000'));
    await walletCall(t, provider, 'debit', debit('round-u', lost, '1000'));
    await t.db.query("UPDATE casino_int_sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [player.id]);
    expect((await walletCall(t, provider, 'debit', debit('round-t', randomUUID(), '1000'))).body.status).toBe('SESSION_EXPIRED');
    expect((await walletCall(t, provider, 'credit', credit('round-t', randomUUID(), won, '3000'))).body).toMatchObject({ status: 'OK', balance: '11000' });
    expect((await walletCall(t, provider, 'rollback', rollback('round-u', randomUUID(), lost))).body).toMatchObject({ status: 'OK', balance: '12000' });
    expect(await availableOf(t, player.id)).toBe(12_000n);
  });

  it('closes a round with roundClose, once, moving no player money', async () => {
    const debitId = randomUUID();
    await walletCall(t, provider, 'debit', debit('round-v', debitId, '300'));
    const body = common(provider, player.id, token, 'round-v');
    expect((await walletCall(t, provider, 'roundClose', body)).body).toEqual({ status: 'OK' });
    expect((await walletCall(t, provider, 'roundClose', { ...body, requestId: randomUUID() })).body).toEqual({ status: 'OK' });
    expect(await availableOf(t, player.id)).toBe(9_700n);
    expect((await walletCall(t, provider, 'credit', credit('round-v', randomUUID(), debitId, '100'))).body.status).toBe('ALREADY_SETTLED');
  });

  it('keeps every ledger and CW-1 invariant after a mixed session', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await walletCall(t, provider, 'debit', debit('round-w', ids[0] as string, '1200'));
    await walletCall(t, provider, 'debit', debit('round-w', ids[1] as string, '800'));
    await walletCall(t, provider, 'rollback', rollback('round-w', randomUUID(), ids[1] as string));
    await walletCall(t, provider, 'credit', credit('round-w', randomUUID(), ids[0] as string, '600'));
    await walletCall(t, provider, 'rollback', rollback('round-w', randomUUID(), ids[2] as string));
    await assertLedgerInvariants(t.db);
    expect(await availableOf(t, player.id)).toBe(9_400n);
  });
});
