/**
 * Responsible gambling (issue 20 step 11, ADR 0019) against the real API and PostgreSQL: the
 * player's limits (a tighter one at once, a looser one after 24 hours), the one check on every
 * money-in-play path (sports bets, live-casino bets, deposit requests and their approval, chip
 * deposits, the exported check a game wallet calls), time-outs and self-exclusions that still let
 * the player sign in, withdraw and read statements, the agents' read-only view of their downline
 * only, and hostile input. Time: the rules run on the database clock (the clock stored times come
 * from, common/clock.ts), so "24 hours later" moves the stored pending time back by 24 hours.
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES, type DownlineRgRow, type ResponsibleGamblingView, type RealityCheckView } from '@backlay/shared/contracts';
import { assertMayDeposit, assertMayStake, RgRefusalError, stakeRefusal } from '../src/responsible-gambling/rg-check';
import { body, businessStateDigest, createTestFancy, createTestMarket, FakeClock, idempotent, walletOf, TEST_TXN_PASSWORD, type TestContext } from './helper';
import { createPlayer, type Chain, type Player } from './bet-reports-helper';
import { LIVE_TABLES } from '../src/casino/tables';
import { BETTING_SECONDS, DEAL_MS_MAX, RESULT_MS, openCasinoSuite, roundView } from './casino-helper';
import { newUtr, pngImage, saveBank, sendDecision, sendDeposit, sendWithdraw } from './payments-helper';

let t: TestContext;
let clock: FakeClock;
let chainA: Chain;
let chainB: Chain;
let png: Buffer;

beforeAll(async () => {
  ({ t, clock, chainA, chainB } = await openCasinoSuite());
  png = await pngImage();
  await t.fund(chainA.agents.dl.id, 10_000_000n);
});
afterAll(async () => {
  await t.close();
});

type Reply<T = unknown> = { status: number; data: T & { code?: string; details?: Record<string, unknown> }; message: string };

async function call<T = unknown>(method: 'GET' | 'POST', url: string, token: string, payload?: unknown): Promise<Reply<T>> {
  const res = await t.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  return { status: res.statusCode, ...body<{ data: T & { code?: string; details?: Record<string, unknown> }; message: string }>(res) };
}

const setLimit = (p: Player, type: string, amount: number | null) => call<ResponsibleGamblingView>('POST', '/api/rg-set-limit', p.token, { type, amount });
const settings = async (p: Player) => (await call<ResponsibleGamblingView>('GET', '/api/responsible-gambling', p.token)).data;
const limitOf = (view: ResponsibleGamblingView, type: string) => view.limits.find((l) => l.type === type);

/** "24 hours later" for the player's pending limit changes: their time moves back by 24 hours. */
async function after24Hours(p: Player): Promise<void> {
  await t.db.query(`UPDATE rg_limits SET pending_from = pending_from - interval '24 hours' WHERE user_id = $1`, [p.user.id]);
}

async function newPlayer(chain: Chain = chainA, rupees = 100_000n): Promise<Player> {
  return createPlayer(t, chain.agents.dl.id, rupees);
}

function bet(p: Player, payload: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/placebet', token: p.token, headers: idempotent(randomUUID()), payload });
}

async function placed(p: Player, payload: Record<string, unknown>): Promise<Reply> {
  const res = await bet(p, payload);
  return { status: res.statusCode, ...body<{ data: { code?: string; details?: Record<string, unknown> }; message: string }>(res) };
}

const deposit = (p: Player, amount: number) => sendDeposit(t, p.token, { amount: String(amount), utrno: newUtr() }, { data: png });

async function declare(marketId: string, selectionId: string): Promise<void> {
  const res = await t.request({ method: 'POST', url: '/api/declare-result', token: chainA.tokens.admin, payload: { transactionPassword: TEST_TXN_PASSWORD, marketId, result: { type: 'WINNER', selectionId } } });
  expect({ status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({ status: 200, body: '' });
}

/** An open round's first priced runner of the first market of the first live table. */
async function casinoRunner(p: Player) {
  const tableMatch = (LIVE_TABLES[0] as { matchId: string }).matchId;
  await t.services.casinoEngine.tick();
  let view = await roundView(t, tableMatch, p.token);
  if (view.status !== 'OPEN') {
    // The last round is showing its result: the next one opens after it.
    clock.advance(RESULT_MS);
    await t.services.casinoEngine.tick();
    view = await roundView(t, tableMatch, p.token);
  }
  for (const market of view.markets) {
    const runner = market.runners.find((r) => r.back !== null);
    if (runner !== undefined && runner.back !== null) return { matchId: tableMatch, marketId: market.marketId, selectionId: runner.selectionId, odds: runner.back };
  }
  throw new Error('no priced casino runner');
}

describe('limits: a tighter one at once, a looser one after 24 hours', () => {
  it('a player without settings has every limit empty and an unflagged wallet', async () => {
    const p = await newPlayer();
    const view = await settings(p);
    expect(view.limits.map((l) => [l.type, l.amount, l.pending])).toEqual([
      ['deposit_day', null, null], ['deposit_week', null, null], ['deposit_month', null, null],
      ['loss_day', null, null], ['loss_week', null, null], ['loss_month', null, null], ['stake', null, null],
    ]);
    expect(view).toMatchObject({ realityCheckMinutes: null, exclusion: null });
    const { rows } = await t.db.query<{ rg_active: boolean }>('SELECT rg_active FROM ledger_accounts WHERE user_id = $1', [p.user.id]);
    expect(rows[0]?.rg_active).toBe(false);
  });

  it('a new limit and a decrease apply at once; an increase and a removal wait 24 hours; a deposit over the limit is refused', async () => {
    const p = await newPlayer();
    expect(await setLimit(p, 'deposit_day', 1000)).toMatchObject({ status: 200, message: MESSAGES.rgLimitSaved });
    expect(limitOf(await settings(p), 'deposit_day')).toEqual({ type: 'deposit_day', amount: 1000, pending: null });

    // An increase: pending for exactly 24 hours of the database clock; 1000 stays in force.
    const raised = await setLimit(p, 'deposit_day', 5000);
    expect(raised).toMatchObject({ status: 200, message: MESSAGES.rgLimitPending });
    const pending = limitOf(raised.data, 'deposit_day');
    expect(pending).toMatchObject({ amount: 1000, pending: { amount: 5000 } });
    const { rows } = await t.db.query<{ delay: number }>(
      `SELECT extract(epoch FROM pending_from - updated_at)::int AS delay FROM rg_limits WHERE user_id = $1 AND limit_type = 'deposit_day'`,
      [p.user.id],
    );
    expect(rows[0]?.delay).toBe(24 * 3600);

    expect(await deposit(p, 600)).toMatchObject({ status: 200 });
    const digest = await businessStateDigest(t.db);
    const refused = await deposit(p, 500);
    expect(refused).toMatchObject({ status: 409, data: { code: 'DEPOSIT_LIMIT' } });
    expect(refused.message).toBe('Deposit limit reached: you can deposit ₹400.00 more now (your daily deposit limit is ₹1,000.00).');
    expect(await businessStateDigest(t.db)).toBe(digest);

    // 24 hours later the increase is in force.
    await after24Hours(p);
    expect(limitOf(await settings(p), 'deposit_day')).toEqual({ type: 'deposit_day', amount: 5000, pending: null });
    expect(await deposit(p, 500)).toMatchObject({ status: 200 });

    // A removal waits too; a decrease meanwhile applies at once and cancels it.
    expect(await setLimit(p, 'deposit_day', null)).toMatchObject({ status: 200, message: MESSAGES.rgLimitPending });
    expect(limitOf(await settings(p), 'deposit_day')).toMatchObject({ amount: 5000, pending: { amount: null } });
    expect(await setLimit(p, 'deposit_day', 1200)).toMatchObject({ status: 200, message: MESSAGES.rgLimitSaved });
    expect(limitOf(await settings(p), 'deposit_day')).toEqual({ type: 'deposit_day', amount: 1200, pending: null });
    expect(await deposit(p, 101)).toMatchObject({ status: 409, data: { code: 'DEPOSIT_LIMIT' } });
    expect(await setLimit(p, 'deposit_day', 1200)).toMatchObject({ status: 200, message: MESSAGES.rgLimitUnchanged });
  });

  it('weekly and monthly deposit limits count every deposit of their window, and the approval checks again', async () => {
    const p = await newPlayer();
    await setLimit(p, 'deposit_week', 2000);
    const first = await deposit(p, 1500);
    expect(first.status).toBe(200);
    const refused = await deposit(p, 600);
    expect(refused).toMatchObject({ status: 409, data: { code: 'DEPOSIT_LIMIT', details: { period: 'week', limit: 2000, remaining: 500 } } });
    // The player lowers the limit below the pending request: its approval is refused now.
    await setLimit(p, 'deposit_week', 1000);
    const approval = await sendDecision(t, chainA.tokens.dl, first.data._id, 'approved');
    expect(approval).toMatchObject({ status: 409, data: { code: 'DEPOSIT_LIMIT' } });
    expect((await walletOf(t, p.user.id)).balance).toBe(100_000_00n);
    // A limit that covers it lets it through; a rejected request stops counting.
    await setLimit(p, 'deposit_month', 1800);
    await after24Hours(p);
    await setLimit(p, 'deposit_week', 3000);
    await after24Hours(p);
    expect(await sendDecision(t, chainA.tokens.dl, first.data._id, 'approved')).toMatchObject({ status: 200 });
    expect((await walletOf(t, p.user.id)).balance).toBe(100_000_00n + 1500_00n);
    expect(await deposit(p, 400)).toMatchObject({ status: 409, data: { code: 'DEPOSIT_LIMIT', details: { period: 'month', remaining: 300 } } });
  });

  it('chips an agent deposits count toward the deposit limit and are refused above it', async () => {
    const p = await newPlayer();
    await setLimit(p, 'deposit_day', 1000);
    const chips = (amount: number) =>
      t.request({
        method: 'POST',
        url: '/api/deposit-chips',
        token: chainA.tokens.dl,
        headers: idempotent(randomUUID()),
        payload: { username: p.user.username, amount, remark: 'rg', transactionPassword: '123456' },
      });
    expect((await chips(700)).statusCode).toBe(200);
    const refused = await chips(400);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe('Deposit limit reached: you can deposit ₹300.00 more now (your daily deposit limit is ₹1,000.00).');
    expect(await deposit(p, 301)).toMatchObject({ status: 409, data: { code: 'DEPOSIT_LIMIT' } });
    expect(await deposit(p, 300)).toMatchObject({ status: 200 });
  });
});

describe('stake and loss limits on bets', () => {
  it('the stake limit caps what one bet can lose: a back stake, a lay liability, a fancy stake', async () => {
    const p = await newPlayer();
    const m = await createTestMarket(t, { A: [300, 300], B: [150, 150] });
    await setLimit(p, 'stake', 500);
    const back = (stake: number) => placed(p, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 3, stake });
    const refused = await back(501);
    expect(refused).toMatchObject({ status: 409, data: { code: 'STAKE_LIMIT' } });
    expect(refused.message).toBe('Stake limit reached: this bet can lose ₹501.00, above your maximum stake of ₹500.00 per bet.');
    expect((await back(500)).status).toBe(200);
    // A lay of 300 at 3.00 can lose 600.
    expect(await placed(p, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'LAY', odds: 3, stake: 300 })).toMatchObject({
      status: 409,
      data: { code: 'STAKE_LIMIT', details: { amount: 600, limit: 500 } },
    });
    const f = await createTestFancy(t, m.matchId, { noRun: 30, noRate: 100, yesRun: 30, yesRate: 100 });
    expect(await placed(p, { matchId: m.matchId, fancyId: f.fancyId, side: 'YES', run: 30, rate: 100, stake: 600 })).toMatchObject({
      status: 409,
      data: { code: 'STAKE_LIMIT' },
    });
    expect((await placed(p, { matchId: m.matchId, fancyId: f.fancyId, side: 'YES', run: 30, rate: 100, stake: 400 })).status).toBe(200);
  });

  it('the loss limit: net loss of settled sports and casino play plus the exposure at risk, and only bets that raise the risk', async () => {
    const p = await newPlayer();
    const start = (await walletOf(t, p.user.id)).balance;
    // A settled sports loss of 400.
    const m1 = await createTestMarket(t, { A: [200, 200], B: [200, 200] });
    expect((await placed(p, { matchId: m1.matchId, marketId: m1.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 400 })).status).toBe(200);
    await declare(m1.marketId, 'B');
    // A settled casino round (win or lose: its net counts).
    const c = await casinoRunner(p);
    expect((await placed(p, { ...c, side: 'BACK', stake: 300 })).status).toBe(200);
    clock.advance(BETTING_SECONDS * 1000);
    await t.services.casinoEngine.tick();
    clock.advance(DEAL_MS_MAX);
    await t.services.casinoEngine.tick();
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bets WHERE user_id = $1 AND status = 'open'`, [p.user.id]);
    expect(rows[0]?.n).toBe(0);
    const netLossMinor = start - (await walletOf(t, p.user.id)).balance;
    expect(netLossMinor).not.toBe(40_000n); // the casino round counted too

    const limitRupees = 2000;
    await setLimit(p, 'loss_day', limitRupees);
    const m2 = await createTestMarket(t, { A: [200, 200], B: [200, 200] });
    const room = BigInt(limitRupees) * 100n - netLossMinor;
    expect(room).toBeGreaterThan(10_000n);
    const roomRupees = Number(room / 100n);
    const backA = (stake: number) => placed(p, { matchId: m2.matchId, marketId: m2.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake });
    const over = await backA(roomRupees + 1);
    expect(over).toMatchObject({ status: 409, data: { code: 'LOSS_LIMIT', details: { period: 'day', limit: limitRupees, used: Number(netLossMinor) / 100, atRisk: roomRupees + 1 } } });
    expect(over.message).toMatch(/^Loss limit reached: your daily loss limit is ₹2,000\.00; your net loss is ₹[\d,.]+ and this bet would put ₹[\d,.]+ at risk\.$/);
    // Open bets count: 100 at risk now leaves room − 100 for the next.
    expect((await backA(100)).status).toBe(200);
    expect(await backA(roomRupees - 99)).toMatchObject({ status: 409, data: { code: 'LOSS_LIMIT' } });
    expect((await backA(roomRupees - 100)).status).toBe(200);
    // A bet that lowers the risk (backing B hedges A) is accepted even at the limit.
    expect((await placed(p, { matchId: m2.matchId, marketId: m2.marketId, selectionId: 'B', side: 'BACK', odds: 2, stake: 50 })).status).toBe(200);
  });

  it('the exported check of a game wallet (CW-1): typed refusals with their kind, nothing for a player without settings', async () => {
    const p = await newPlayer();
    await expect(t.db.transaction((tx) => assertMayStake(tx, p.user.id, 10_000_000_00n))).resolves.toBeUndefined();
    await setLimit(p, 'stake', 100);
    const error = await t.db.transaction((tx) => assertMayStake(tx, p.user.id, 100_01n)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RgRefusalError);
    expect(error).toMatchObject({ code: 'STAKE_LIMIT', blocksPlayer: false, refusal: { kind: 'STAKE_LIMIT', limitMinor: 100_00n, amountMinor: 100_01n } });
    expect(await stakeRefusal(t.db, p.user.id, 100_00n)).toBeNull();
    await setLimit(p, 'loss_week', 50);
    expect(await stakeRefusal(t.db, p.user.id, 60_00n)).toMatchObject({ kind: 'LOSS_LIMIT', period: 'week', usedMinor: 0n, atRiskMinor: 60_00n });
    await call('POST', '/api/rg-time-out', p.token, { days: 1, confirm: true });
    const blocked = await t.db.transaction((tx) => assertMayStake(tx, p.user.id, 1n)).catch((e: unknown) => e);
    expect(blocked).toMatchObject({ code: 'TIME_OUT', blocksPlayer: true });
    await expect(t.db.transaction((tx) => assertMayDeposit(tx, p.user.id, 1n))).rejects.toMatchObject({ code: 'TIME_OUT' });
  });
});

describe('time-out and self-exclusion', () => {
  for (const [route, payload, code, kind] of [
    ['/api/rg-time-out', { days: 7, confirm: true }, 'TIME_OUT', 'time_out'],
    ['/api/rg-self-exclude', { months: 6, confirm: true }, 'SELF_EXCLUDED', 'self_exclusion'],
  ] as const) {
    it(`${kind}: no sports bet, casino bet, deposit or chips; sign-in, withdraw and statements still work; nobody lifts it`, async () => {
      const p = await newPlayer();
      const m = await createTestMarket(t, { A: [200, 200], B: [200, 200] });
      const bankId = await saveBank(t, p.token);
      const c = await casinoRunner(p);
      const started = await call<ResponsibleGamblingView>('POST', route, p.token, payload);
      expect(started).toMatchObject({ status: 200, data: { exclusion: { kind } } });
      const ends = new Date(started.data.exclusion?.endsAt ?? '').getTime() - new Date(started.data.exclusion?.startsAt ?? '').getTime();
      if (kind === 'time_out') expect(ends).toBe(7 * 86_400_000);
      else expect(ends).toBeGreaterThanOrEqual(181 * 86_400_000);

      const digest = await businessStateDigest(t.db);
      const sports = await placed(p, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100 });
      expect(sports).toMatchObject({ status: 403, data: { code } });
      expect(sports.message).toMatch(kind === 'time_out' ? /^You are on a time-out until .+ IST: betting, casino and deposits are closed\./ : /^You have self-excluded until .+ IST: betting, casino and deposits are closed\./);
      expect(await placed(p, { ...c, side: 'BACK', stake: 100 })).toMatchObject({ status: 403, data: { code } });
      expect(await deposit(p, 500)).toMatchObject({ status: 403, data: { code } });
      const chips = await t.request({
        method: 'POST',
        url: '/api/deposit-chips',
        token: chainA.tokens.dl,
        headers: idempotent(randomUUID()),
        payload: { username: p.user.username, amount: 100, remark: 'rg', transactionPassword: '123456' },
      });
      expect({ status: chips.statusCode, code: body<{ data: { code: string } }>(chips).data.code }).toEqual({ status: 403, code });
      expect(await businessStateDigest(t.db)).toBe(digest);

      // Still allowed: a new sign-in, a withdraw, the statement.
      const again = await t.login(p.user);
      const token = again.token;
      expect(await sendWithdraw(t, token, { amount: 300, accountType: 'bank', bankDetail: bankId })).toMatchObject({ status: 200 });
      const statement = await t.request({ method: 'GET', url: '/api/account-statement?startDate=2020-01-01&endDate=2099-12-31', token });
      expect(statement.statusCode).toBe(200);

      // Nobody lifts it: not the player (no route), not an agent, not raw SQL.
      const agentTry = await call('POST', route, chainA.tokens.dl, payload);
      expect(agentTry).toMatchObject({ status: 403, message: MESSAGES.rgPlayersOnly });
      for (const [url, p2] of [['/api/rg-set-limit', { type: 'stake', amount: null }], ['/api/rg-reality-check', { minutes: null }]] as const) {
        expect(await call('POST', url, chainA.tokens.admin, p2)).toMatchObject({ status: 403 });
      }
      await expect(t.db.query(`UPDATE rg_exclusions SET ends_at = now() WHERE user_id = $1`, [p.user.id])).rejects.toThrow(/append-only/);
      await expect(t.db.query(`DELETE FROM rg_exclusions WHERE user_id = $1`, [p.user.id])).rejects.toThrow(/append-only/);
      expect((await call<ResponsibleGamblingView>('GET', '/api/responsible-gambling', token)).data.exclusion).toMatchObject({ kind });
    });
  }

  it('the exclusion is the answer whatever the market: suspended, closed, a paused fancy, a moved price', async () => {
    const p = await newPlayer();
    await call('POST', '/api/rg-self-exclude', p.token, { months: 6, confirm: true });
    const suspended = await createTestMarket(t, { A: [200, 200], B: [200, 200] });
    await t.db.query(`UPDATE markets SET admin_suspended = true WHERE id = $1`, [suspended.marketId]);
    const closed = await createTestMarket(t, { A: [200, 200], B: [200, 200] });
    await t.db.query(`UPDATE markets SET feed_status = 'closed' WHERE id = $1`, [closed.marketId]);
    const open = await createTestMarket(t, { A: [200, 200], B: [200, 200] });
    const fancy = await createTestFancy(t, open.matchId, { noRun: 30, noRate: 100, yesRun: 30, yesRate: 100 });
    await t.db.query(`UPDATE fancies SET feed_status = 'ball_running' WHERE id = $1`, [fancy.fancyId]);
    const digest = await businessStateDigest(t.db);
    for (const payload of [
      { matchId: suspended.matchId, marketId: suspended.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100 },
      { matchId: closed.matchId, marketId: closed.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100 },
      // A price the market no longer offers: still the exclusion, not "odds changed".
      { matchId: open.matchId, marketId: open.marketId, selectionId: 'A', side: 'BACK', odds: 5, stake: 100 },
      { matchId: fancy.matchId, fancyId: fancy.fancyId, side: 'YES', run: 30, rate: 100, stake: 100 },
    ]) {
      const refused = await placed(p, payload);
      expect({ status: refused.status, code: refused.data.code }).toEqual({ status: 403, code: 'SELF_EXCLUDED' });
    }
    expect(await businessStateDigest(t.db)).toBe(digest);
  });

  it('the confirmation is required; an ended time-out no longer refuses', async () => {
    const p = await newPlayer();
    expect(await call('POST', '/api/rg-time-out', p.token, { days: 1 })).toMatchObject({ status: 400 });
    expect(await call('POST', '/api/rg-time-out', p.token, { days: 1, confirm: false })).toMatchObject({ status: 400 });
    await call('POST', '/api/rg-time-out', p.token, { days: 1, confirm: true });
    const m = await createTestMarket(t, { A: [200, 200], B: [200, 200] });
    const backA = () => placed(p, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 100 });
    expect(await backA()).toMatchObject({ status: 403, data: { code: 'TIME_OUT' } });
    // A day later (the stored times move back; the trigger that keeps the table append-only is lifted for it).
    await t.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE rg_exclusions DISABLE TRIGGER rg_exclusions_append_only');
      await tx.query(`UPDATE rg_exclusions SET starts_at = starts_at - interval '25 hours', ends_at = ends_at - interval '25 hours' WHERE user_id = $1`, [p.user.id]);
      await tx.query('ALTER TABLE rg_exclusions ENABLE TRIGGER rg_exclusions_append_only');
    });
    expect((await backA()).status).toBe(200);
    expect((await settings(p)).exclusion).toBeNull();
  });
});

describe('the reality check and the agents view', () => {
  it('the reality check: the interval, the session start and the net result since', async () => {
    const p = await newPlayer();
    expect(await call('POST', '/api/rg-reality-check', p.token, { minutes: 30 })).toMatchObject({ status: 200, data: { realityCheckMinutes: 30 } });
    const m = await createTestMarket(t, { A: [200, 200], B: [200, 200] });
    expect((await placed(p, { matchId: m.matchId, marketId: m.marketId, selectionId: 'A', side: 'BACK', odds: 2, stake: 250 })).status).toBe(200);
    await declare(m.marketId, 'B');
    const check = await call<RealityCheckView>('GET', '/api/reality-check', p.token);
    expect(check).toMatchObject({ status: 200, data: { intervalMinutes: 30, netPnl: -250 } });
    expect(Date.parse(check.data.sessionStartedAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await call('GET', '/api/reality-check', chainA.tokens.dl)).toMatchObject({ status: 403 });
  });

  it('an agent reads its downline players settings only, read-only; a player cannot read the agents view', async () => {
    const p = await newPlayer();
    await setLimit(p, 'loss_month', 900);
    await call('POST', '/api/rg-self-exclude', p.token, { months: 12, confirm: true });
    for (const role of ['dl', 'mdl', 'smdl', 'sadmin', 'admin'] as const) {
      const rows = await call<DownlineRgRow[]>('GET', `/api/downline-responsible-gambling?username=${p.user.username}`, chainA.tokens[role]);
      expect(rows.status).toBe(200);
      expect(rows.data).toHaveLength(1);
      expect(rows.data[0]).toMatchObject({ username: p.user.username, exclusion: { kind: 'self_exclusion' } });
      expect(limitOf(rows.data[0] as DownlineRgRow, 'loss_month')).toMatchObject({ amount: 900 });
    }
    const all = await call<DownlineRgRow[]>('GET', '/api/downline-responsible-gambling', chainA.tokens.dl);
    expect(all.data.map((r) => r.username)).toContain(p.user.username);
    // Another branch sees nothing of it.
    expect((await call<DownlineRgRow[]>('GET', `/api/downline-responsible-gambling?username=${p.user.username}`, chainB.tokens.dl)).data).toEqual([]);
    expect((await call<DownlineRgRow[]>('GET', '/api/downline-responsible-gambling', chainB.tokens.admin)).data.map((r) => r.username)).not.toContain(p.user.username);
    expect(await call('GET', '/api/downline-responsible-gambling', p.token)).toMatchObject({ status: 403 });
    expect(await call('GET', '/api/responsible-gambling', chainA.tokens.dl)).toMatchObject({ status: 403 });
  });
});

describe('hostile and bad input is a 400, never coerced', () => {
  it.each([
    ['/api/rg-set-limit', { type: 'stake', amount: true }],
    ['/api/rg-set-limit', { type: 'stake', amount: '0x10' }],
    ['/api/rg-set-limit', { type: 'stake', amount: '100' }],
    ['/api/rg-set-limit', { type: 'stake', amount: 1.5 }],
    ['/api/rg-set-limit', { type: 'stake', amount: 0 }],
    ['/api/rg-set-limit', { type: 'stake', amount: -5 }],
    ['/api/rg-set-limit', { type: 'stake', amount: 1e15 }],
    ['/api/rg-set-limit', { type: 'stake\u0000', amount: 10 }],
    ['/api/rg-set-limit', { type: 'bogus', amount: 10 }],
    ['/api/rg-set-limit', { type: 'stake' }],
    ['/api/rg-reality-check', { minutes: 4 }],
    ['/api/rg-reality-check', { minutes: 241 }],
    ['/api/rg-reality-check', { minutes: '30' }],
    ['/api/rg-time-out', { days: 0, confirm: true }],
    ['/api/rg-time-out', { days: 43, confirm: true }],
    ['/api/rg-time-out', { days: '\ud800', confirm: true }],
    ['/api/rg-time-out', { days: 1, confirm: 'true' }],
    ['/api/rg-self-exclude', { months: 5, confirm: true }],
    ['/api/rg-self-exclude', { months: 61, confirm: true }],
    ['/api/rg-self-exclude', { months: 2_147_483_648, confirm: true }],
  ])('%s %j', async (url, payload) => {
    const p = await newPlayer(chainA, 1n);
    const digest = await businessStateDigest(t.db);
    const reply = await call('POST', url, p.token, payload);
    expect(reply).toMatchObject({ status: 400, data: { code: 'VALIDATION' } });
    expect(await businessStateDigest(t.db)).toBe(digest);
  });
});
