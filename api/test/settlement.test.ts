/**
 * Settlement through the real API (docs/rules/money.md §7.5–§7.9, ADR 0007): T17 (home / draw / void), T18
 * (fancy on runs), T19–T21 (commission on the net market win, capped by the parent), T22 (dead
 * heat), T23 (a tied match: match odds void, fancy on runs), T26 and T28 (partnership amounts on
 * the agents' P&L accounts, rounding residue on the root). Then THE settlement test: players under
 * two agent chains; a direct settlement, a correction (another result, then the right one) and a
 * rollback + re-settle land on exactly the same wallets and agent P&L accounts, each equal to the
 * shared pure maths; settling twice changes nothing; a rollback that would leave a wallet short is
 * refused. assertLedgerInvariants (with the betting checks B1–B5) runs after every test.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DeclaredResult, PlaceBetResponse, SettlementSummary, SocketAck, SocketBalancePayload } from '@backlay/shared/contracts';
import { commissionMinor, distributePartnership, type RunnerBet } from '@backlay/shared/domain';
import { settledRunnerBetMinor, type RunnerResult } from './settlement-oracle';
import { io, type Socket } from 'socket.io-client';
import {
  agentPnlOf,
  body,
  businessStateDigest,
  buildTestApp,
  createTestFancy,
  createTestMarket,
  idempotent,
  TEST_ORIGIN,
  walletOf,
  TEST_TXN_PASSWORD,
  type TestContext,
  type TestMarket,
  type TestUser,
} from './helper';

let t: TestContext;
let baseUrl: string;
let adminToken: string;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  admin = await t.createUser({ role: 'admin' });
  adminToken = (await t.login(admin)).token;
});
afterAll(async () => {
  await t.close();
});

const rupees = (r: number) => BigInt(Math.round(r * 100));

interface Chain {
  root: TestUser;
  sadmin: TestUser;
  smdl: TestUser;
  mdl: TestUser;
  dl: TestUser;
}

/** A chain root → sadmin → smdl → mdl → dl with the given cumulative shares (bps), under `root` or a new admin. */
async function chain(shares: { sadmin: number; smdl: number; mdl: number; dl: number }, root?: TestUser): Promise<Chain> {
  const top = root ?? (await t.createUser({ role: 'admin' }));
  const sadmin = await t.createUser({ role: 'sadmin', parentId: top.id, partnershipShareBps: shares.sadmin });
  const smdl = await t.createUser({ role: 'smdl', parentId: sadmin.id, partnershipShareBps: shares.smdl });
  const mdl = await t.createUser({ role: 'mdl', parentId: smdl.id, partnershipShareBps: shares.mdl });
  const dl = await t.createUser({ role: 'dl', parentId: mdl.id, partnershipShareBps: shares.dl });
  return { root: top, sadmin, smdl, mdl, dl };
}

/** Nearest agent first, with cumulative shares, as distributePartnership wants it. */
async function pathOf(c: Chain): Promise<Array<{ id: string; shareBps: number }>> {
  const ids = [c.dl, c.mdl, c.smdl, c.sadmin, c.root].map((u) => u.id);
  const { rows } = await t.db.query<{ id: string; share: number }>('SELECT id, partnership_share_bps AS share FROM users WHERE id = ANY($1::uuid[])', [ids]);
  return ids.map((id) => ({ id, shareBps: rows.find((r) => r.id === id)?.share ?? -1 }));
}

interface Player {
  user: TestUser;
  token: string;
}

async function player(parent: TestUser | null, funds: bigint, commissionBps = 0): Promise<Player> {
  const user = await t.createUser({ role: 'user', ...(parent === null ? {} : { parentId: parent.id }) });
  if (commissionBps > 0) await t.db.query('UPDATE users SET commission_bps = $2 WHERE id = $1', [user.id, commissionBps]);
  await t.fund(user.id, funds);
  return { user, token: (await t.login(user)).token };
}

interface RunnerBetInput {
  selectionId: string;
  side: 'BACK' | 'LAY';
  odds: number;
  stake: number;
}

async function back(p: Player, m: TestMarket, b: RunnerBetInput): Promise<PlaceBetResponse> {
  const res = await t.request({ method: 'POST', url: '/api/placebet', token: p.token, headers: idempotent(randomUUID()), payload: { matchId: m.matchId, marketId: m.marketId, ...b } });
  if (res.statusCode !== 200) throw new Error(`bet refused: ${res.body}`);
  return body<{ data: PlaceBetResponse }>(res).data;
}

async function fancyBet(p: Player, f: { matchId: string; fancyId: string }, b: { side: 'YES' | 'NO'; run: number; rate: number; stake: number }) {
  const live =
    b.side === 'YES'
      ? 'UPDATE fancies SET yes_run = $2, yes_rate = $3, no_run = least(no_run, $2) WHERE id = $1'
      : 'UPDATE fancies SET no_run = $2, no_rate = $3, yes_run = greatest(yes_run, $2) WHERE id = $1';
  await t.db.query(live, [f.fancyId, b.run, b.rate]);
  const res = await t.request({ method: 'POST', url: '/api/placebet', token: p.token, headers: idempotent(randomUUID()), payload: { matchId: f.matchId, fancyId: f.fancyId, ...b } });
  if (res.statusCode !== 200) throw new Error(`fancy bet refused: ${res.body}`);
}

function declare(marketId: string, result: DeclaredResult, token = adminToken) {
  return t.request({ method: 'POST', url: '/api/declare-result', token, payload: { transactionPassword: TEST_TXN_PASSWORD, marketId, result } });
}

function rollback(marketId: string, token = adminToken) {
  return t.request({ method: 'POST', url: '/api/rollback-result', token, payload: { transactionPassword: TEST_TXN_PASSWORD, marketId } });
}

async function settled(marketId: string, result: DeclaredResult): Promise<SettlementSummary> {
  const res = await declare(marketId, result);
  if (res.statusCode !== 200) throw new Error(`declare failed: ${res.body}`);
  expect(body(res).message).toBe('Result declared');
  return body<{ data: SettlementSummary }>(res).data;
}

const THREE = { H: [250, 252], D: [358, 360], A: [300, 302] } as Record<string, [number, number]>;

describe('settlement of runner and fancy markets (T17, T18, T22, T23)', () => {
  it('T17: the T2 market pays +200 when Home wins, −230 on the Draw, 0 when void, and releases the 230 exposure', async () => {
    const outcomes: Array<[DeclaredResult, bigint]> = [
      [{ type: 'WINNER', selectionId: 'H' }, 20_000n],
      [{ type: 'WINNER', selectionId: 'D' }, -23_000n],
      [{ type: 'VOID' }, 0n],
    ];
    for (const [result, pnl] of outcomes) {
      const p = await player(null, 10_000n);
      const m = await createTestMarket(t, THREE);
      await back(p, m, { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 });
      await back(p, m, { selectionId: 'D', side: 'LAY', odds: 3.6, stake: 50 });
      expect(await walletOf(t, p.user.id)).toEqual({ balance: 1_000_000n, exposure: 23_000n });
      const summary = await settled(m.marketId, result);
      expect(summary).toEqual({ marketId: m.marketId, version: 1, status: 'settled', result, bets: 2, users: 1, usersPnl: Number(pnl) / 100, commission: 0 });
      expect(await walletOf(t, p.user.id)).toEqual({ balance: 1_000_000n + pnl, exposure: 0n });
      const bets = await t.db.query<{ status: string; pnl: string }>('SELECT status, pnl_minor::text AS pnl FROM bets WHERE user_id = $1 ORDER BY created_at', [p.user.id]);
      expect(bets.rows.every((b) => b.status === 'settled')).toBe(true);
      expect(bets.rows.reduce((sum, b) => sum + BigInt(b.pnl), 0n)).toBe(pnl);
      // A void moves no money: no journal at all.
      const journal = await t.db.query<{ journalId: string | null }>('SELECT journal_id AS "journalId" FROM settlements WHERE market_id = $1', [m.marketId]);
      expect(journal.rows[0]?.journalId === null).toBe(pnl === 0n);
    }
  });

  it('T18: the T15 fancy settled on 46 runs pays +1,800', async () => {
    const p = await player(null, 10_000n);
    const m = await createTestMarket(t, THREE);
    const f = await createTestFancy(t, m.matchId, { noRun: 40, noRate: 100, yesRun: 40, yesRate: 100 });
    await fancyBet(p, f, { side: 'YES', run: 40, rate: 100, stake: 500 });
    await fancyBet(p, f, { side: 'NO', run: 50, rate: 100, stake: 500 });
    await fancyBet(p, f, { side: 'YES', run: 45, rate: 80, stake: 1_000 });
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 1_000_000n, exposure: 100_000n });
    const summary = await settled(f.fancyId, { type: 'RUNS', runs: 46 });
    expect(summary).toMatchObject({ version: 1, bets: 3, users: 1, usersPnl: 1_800 });
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 1_180_000n, exposure: 0n });
    expect((await t.db.query('SELECT market_type FROM settlements WHERE market_id = $1', [f.fancyId])).rows).toEqual([{ market_type: 'fancy' }]);
    // Rolled back, the run book is open again; on 44 runs the zone 40–44 pays 0.
    expect((await rollback(f.fancyId)).statusCode).toBe(200);
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 1_000_000n, exposure: 100_000n });
    expect(await settled(f.fancyId, { type: 'RUNS', runs: 44 })).toMatchObject({ version: 2, usersPnl: 0 });
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 1_000_000n, exposure: 0n });
  });

  it('T22: a 2-way dead heat pays a back 100 @ 3.0 +50 and a lay −50', async () => {
    const backer = await player(null, 1_000n);
    const layer = await player(null, 1_000n);
    const m = await createTestMarket(t, { A: [300, 300], B: [300, 300], C: [300, 300] });
    await back(backer, m, { selectionId: 'A', side: 'BACK', odds: 3, stake: 100 });
    await back(layer, m, { selectionId: 'A', side: 'LAY', odds: 3, stake: 100 });
    const summary = await settled(m.marketId, { type: 'DEAD_HEAT', selectionIds: ['B', 'A'] });
    expect(summary.result).toEqual({ type: 'DEAD_HEAT', selectionIds: ['A', 'B'] });
    expect(await walletOf(t, backer.user.id)).toEqual({ balance: 105_000n, exposure: 0n });
    expect(await walletOf(t, layer.user.id)).toEqual({ balance: 95_000n, exposure: 0n });
  });

  it('T23: a tied match voids match odds while its fancy settles on the runs', async () => {
    const p = await player(null, 5_000n);
    const m = await createTestMarket(t, THREE);
    const f = await createTestFancy(t, m.matchId, { noRun: 45, noRate: 100, yesRun: 45, yesRate: 100 });
    await back(p, m, { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 1_000 });
    await fancyBet(p, f, { side: 'YES', run: 45, rate: 100, stake: 1_000 });
    await settled(m.marketId, { type: 'VOID' });
    await settled(f.fancyId, { type: 'RUNS', runs: 45 });
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 600_000n, exposure: 0n });
  });

  it('bets racing a declaration are either settled by it or refused: none stays open', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => player(null, 1_000n)));
    const m = await createTestMarket(t, THREE);
    await back(players[0] as Player, m, { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 });
    const attempts = players.flatMap((p) =>
      Array.from({ length: 4 }, () =>
        t.request({ method: 'POST', url: '/api/placebet', token: p.token, headers: idempotent(randomUUID()), payload: { matchId: m.matchId, marketId: m.marketId, selectionId: 'D', side: 'BACK', odds: 3.58, stake: 10 } }),
      ),
    );
    const [declared, ...placed] = await Promise.all([declare(m.marketId, { type: 'WINNER', selectionId: 'D' }), ...attempts]);
    expect(declared?.statusCode).toBe(200);
    expect(placed.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const accepted = placed.filter((r) => r.statusCode === 200).length;
    const { rows } = await t.db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM bets WHERE market_id = $1 GROUP BY status', [m.marketId]);
    expect(rows).toEqual([{ status: 'settled', n: 1 + accepted }]);
    expect(body<{ data: SettlementSummary }>(declared as never).data.bets).toBe(1 + accepted);
  });

  it('no bet gets in after the result: the market is closed to players', async () => {
    const p = await player(null, 1_000n);
    const m = await createTestMarket(t, THREE);
    await back(p, m, { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 });
    await settled(m.marketId, { type: 'WINNER', selectionId: 'A' });
    const late = await t.request({ method: 'POST', url: '/api/placebet', token: p.token, headers: idempotent(randomUUID()), payload: { matchId: m.matchId, marketId: m.marketId, selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 } });
    expect(late.statusCode).toBe(409);
    expect(body(late)).toMatchObject({ data: { code: 'MARKET_SUSPENDED' } });
  });
});

describe('commission (T19–T21): per user per market on the net win, rate capped by the parent', () => {
  async function commissionCase(userBps: number, parentBps: number, bets: RunnerBetInput[], winner: string) {
    const dl = await t.createUser({ role: 'dl' });
    await t.db.query('UPDATE users SET commission_bps = $2 WHERE id = $1', [dl.id, parentBps]);
    const p = await player(dl, 10_000n, userBps);
    const m = await createTestMarket(t, { A: [200, 200], B: [200, 200] });
    for (const b of bets) await back(p, m, b);
    const summary = await settled(m.marketId, { type: 'WINNER', selectionId: winner });
    const { rows } = await t.db.query<{ gross: string; commission: string; net: string; turnover: string }>(
      `SELECT gross_pnl_minor::text AS gross, commission_minor::text AS commission, net_minor::text AS net, turnover_minor::text AS turnover
       FROM settlement_users WHERE user_id = $1`,
      [p.user.id],
    );
    return { row: rows[0], summary, wallet: await walletOf(t, p.user.id) };
  }

  it('T19: W 400 at 5 % less a 40 % discount (an effective 3 %) pays 12', async () => {
    const out = await commissionCase(300, 300, [{ selectionId: 'A', side: 'BACK', odds: 2, stake: 400 }], 'A');
    expect(out.row).toEqual({ gross: '40000', commission: '1200', net: '38800', turnover: '40000' });
    expect(out.summary.commission).toBe(12);
    expect(out.wallet.balance).toBe(1_038_800n);
  });

  it('T20: +300 and −100 in one market is W 200: 10 at 5 %, not 15', async () => {
    const out = await commissionCase(
      500,
      500,
      [
        { selectionId: 'A', side: 'BACK', odds: 2, stake: 300 },
        { selectionId: 'B', side: 'BACK', odds: 2, stake: 100 },
      ],
      'A',
    );
    expect(out.row).toMatchObject({ gross: '20000', commission: '1000', net: '19000' });
  });

  it('T21: a win of 100 at 2 % pays 2 (net 98); a loss of 50 pays nothing', async () => {
    const win = await commissionCase(200, 1_000, [{ selectionId: 'A', side: 'BACK', odds: 2, stake: 100 }], 'A');
    expect(win.row).toMatchObject({ gross: '10000', commission: '200', net: '9800' });
    const loss = await commissionCase(200, 1_000, [{ selectionId: 'A', side: 'BACK', odds: 2, stake: 50 }], 'B');
    expect(loss.row).toMatchObject({ gross: '-5000', commission: '0', net: '-5000' });
  });

  it('the user rate is capped by the parent rate (5 % under a 2 % parent is 2 %)', async () => {
    const out = await commissionCase(500, 200, [{ selectionId: 'A', side: 'BACK', odds: 2, stake: 100 }], 'A');
    expect(out.row).toMatchObject({ gross: '10000', commission: '200', net: '9800' });
  });

  it('bookmaker and fancy markets take no commission (basis NONE)', async () => {
    const dl = await t.createUser({ role: 'dl' });
    await t.db.query('UPDATE users SET commission_bps = 500 WHERE id = $1', [dl.id]);
    const p = await player(dl, 1_000n, 500);
    const m = await createTestMarket(t, { A: [100, 102], B: [100, 102] }, { marketType: 'bookmaker' });
    await back(p, m, { selectionId: 'A', side: 'BACK', odds: 1, stake: 100 });
    expect((await settled(m.marketId, { type: 'WINNER', selectionId: 'A' })).commission).toBe(0);
    expect(await walletOf(t, p.user.id)).toEqual({ balance: 110_000n, exposure: 0n });
  });
});

describe('partnership (T26, T28): every agent on the path gets its own share of −net', () => {
  it('T26: DL 50, MDL 70, SMDL 85, Admin 95, SuperAdmin 100 — the user loses 10,000, then wins 4,000', async () => {
    const c = await chain({ sadmin: 9_500, smdl: 8_500, mdl: 7_000, dl: 5_000 });
    const p = await player(c.dl, 20_000n);
    const agents = [c.dl, c.mdl, c.smdl, c.sadmin, c.root];
    const lose = await createTestMarket(t, { A: [200, 200], B: [200, 200] });
    await back(p, lose, { selectionId: 'A', side: 'BACK', odds: 2, stake: 10_000 });
    await settled(lose.marketId, { type: 'WINNER', selectionId: 'B' });
    expect(await Promise.all(agents.map((a) => agentPnlOf(t, a.id)))).toEqual([5_000, 2_000, 1_500, 1_000, 500].map(rupees));
    const shares = await t.db.query<{ agent: string; child: string; own: number; amount: string }>(
      `SELECT ss.agent_id AS agent, ss.child_id AS child, ss.own_share_bps AS own, ss.amount_minor::text AS amount FROM settlement_agent_shares ss
       JOIN settlements s ON s.id = ss.settlement_id WHERE s.market_id = $1`,
      [lose.marketId],
    );
    // One row per agent, each naming its child on the player's path (ADR 0079).
    expect(shares.rows).toHaveLength(5);
    expect(agents.map((a) => shares.rows.find((r) => r.agent === a.id)?.own)).toEqual([5_000, 2_000, 1_500, 1_000, 500]);
    expect(agents.map((a) => shares.rows.find((r) => r.agent === a.id)?.child)).toEqual([p.user.id, c.dl.id, c.mdl.id, c.smdl.id, c.sadmin.id]);

    const win = await createTestMarket(t, { A: [200, 200], B: [200, 200] });
    await back(p, win, { selectionId: 'A', side: 'BACK', odds: 2, stake: 4_000 });
    await settled(win.marketId, { type: 'WINNER', selectionId: 'A' });
    const deltas = [-2_000, -800, -600, -400, -200];
    expect(await Promise.all(agents.map((a) => agentPnlOf(t, a.id)))).toEqual([5_000, 2_000, 1_500, 1_000, 500].map((v, i) => rupees(v + (deltas[i] ?? 0))));
    // Σ user P&L + Σ agent shares = 0 over both markets.
    const user = await walletOf(t, p.user.id);
    const agentTotal = (await Promise.all(agents.map((a) => agentPnlOf(t, a.id)))).reduce((s, v) => s + v, 0n);
    expect(user.balance - 2_000_000n + agentTotal).toBe(0n);
  });

  it('T28: a loss of 1,000.03 splits in paise exactly like distributePartnership, the residue on the root', async () => {
    const c = await chain({ sadmin: 9_500, smdl: 8_500, mdl: 7_000, dl: 5_000 });
    const p = await player(c.dl, 2_000n);
    const m = await createTestMarket(t, { A: [200, 200], B: [200, 200] });
    await back(p, m, { selectionId: 'A', side: 'BACK', odds: 2, stake: 1_000.03 });
    await settled(m.marketId, { type: 'WINNER', selectionId: 'B' });
    const expected = distributePartnership(await pathOf(c), -100_003);
    expect(expected.map((a) => a.amountMinor)).toEqual([50_001, 20_000, 15_000, 10_000, 5_002]);
    const actual = await Promise.all([c.dl, c.mdl, c.smdl, c.sadmin, c.root].map((a) => agentPnlOf(t, a.id)));
    expect(actual).toEqual(expected.map((a) => BigInt(a.amountMinor)));
  });
});

/**
 * What settle_market wrote before ADR 0079, one settlement_shares row per player and agent on its
 * path (its step 4 then, verbatim but for the table): the reference the kept rows must give back.
 */
const PER_PLAYER_SHARES_BEFORE_0079 = `
  WITH path AS (
    SELECT su.user_id, su.net_minor, a.agent_id, a.pos, ag.partnership_share_bps AS share,
           lead(ag.partnership_share_bps, 1, 0) OVER (PARTITION BY su.user_id ORDER BY a.pos) AS child_share
    FROM settlement_users su
    JOIN users u ON u.id = su.user_id
    CROSS JOIN LATERAL unnest(u.ancestors) WITH ORDINALITY AS a (agent_id, pos)
    JOIN users ag ON ag.id = a.agent_id
    WHERE su.settlement_id = $1),
  amounts AS (
    SELECT p.*, p.share - p.child_share AS own, (-p.net_minor * (p.share - p.child_share)) / 10000 AS amount
    FROM path p)
  SELECT x.user_id, x.agent_id, x.own AS own_share_bps,
         CASE WHEN x.pos = 1 THEN x.amount + (-x.net_minor - sum(x.amount) OVER (PARTITION BY x.user_id)) ELSE x.amount END AS amount_minor
  FROM amounts x`;

describe('partnership kept per agent and child on the path (ADR 0079)', () => {
  interface ShareRow {
    user_id: string;
    agent_id: string;
    own_share_bps: number;
    amount_minor: string;
  }
  const key = (r: ShareRow) => `${r.user_id}/${r.agent_id}`;
  const sorted = (rows: ShareRow[]) => rows.map((r) => ({ ...r, amount_minor: String(r.amount_minor) })).sort((a, b) => key(a).localeCompare(key(b)));

  /** Seven players under two chains of one root, odd paise so that the per-player truncation shows. */
  async function settledWorld() {
    const root = await t.createUser({ role: 'admin' });
    const one = await chain({ sadmin: 9_300, smdl: 8_100, mdl: 6_700, dl: 3_300 }, root);
    const two = await chain({ sadmin: 9_900, smdl: 7_700, mdl: 5_100, dl: 1_700 }, root);
    const stakes = [100.03, 77.77, 13.13, 251.11, 9.99, 333.37, 41.41];
    const players: Player[] = [];
    const m = await createTestMarket(t, { A: [200, 200], B: [200, 200] });
    for (const [i, stake] of stakes.entries()) {
      const p = await player(i % 2 === 0 ? one.dl : two.dl, 1_000n);
      players.push(p);
      await back(p, m, { selectionId: i % 3 === 0 ? 'A' : 'B', side: 'BACK', odds: 2, stake });
    }
    await settled(m.marketId, { type: 'WINNER', selectionId: 'B' });
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM settlements WHERE market_id = $1', [m.marketId]);
    const sid = rows[0]?.id;
    if (sid === undefined) throw new Error('no settlement');
    return { sid, root, one, two, players };
  }

  it('recomputes every player\'s figure per agent from the kept rows, equal to the per-player rows settle_market wrote before', async () => {
    const w = await settledWorld();
    const before = await t.db.query<ShareRow>(PER_PLAYER_SHARES_BEFORE_0079, [w.sid]);
    expect(before.rows).toHaveLength(7 * 5);
    const recomputed = await t.db.query<ShareRow>('SELECT user_id, agent_id, own_share_bps, amount_minor FROM settlement_player_shares($1, NULL)', [w.sid]);
    expect(sorted(recomputed.rows)).toEqual(sorted(before.rows));
    // …one player's alone, as a dispute asks for it, nearest agent first down to the root.
    const p = w.players[1];
    if (p === undefined) throw new Error('no player');
    const one = await t.db.query<ShareRow & { child_id: string }>('SELECT * FROM settlement_player_shares($1, $2)', [w.sid, p.user.id]);
    expect(one.rows.map((r) => r.agent_id)).toEqual([w.two.dl, w.two.mdl, w.two.smdl, w.two.sadmin, w.root].map((a) => a.id));
    expect(one.rows.map((r) => r.child_id)).toEqual([p.user.id, w.two.dl.id, w.two.mdl.id, w.two.smdl.id, w.two.sadmin.id]);
    expect(sorted(one.rows.map(({ user_id, agent_id, own_share_bps, amount_minor }) => ({ user_id, agent_id, own_share_bps, amount_minor })))).toEqual(
      sorted(before.rows.filter((r) => r.user_id === p.user.id)),
    );
    // The shared pure maths agree per player too.
    const net = await t.db.query<{ net: string }>('SELECT net_minor::text AS net FROM settlement_users WHERE settlement_id = $1 AND user_id = $2', [w.sid, p.user.id]);
    const expected = distributePartnership(await pathOf(w.two), Number(net.rows[0]?.net));
    expect(one.rows.map((r) => Number(r.amount_minor))).toEqual(expected.map((a) => a.amountMinor));
    // Kept: a row per player below the nearest agents, one per distinct child above (7 + 2 × 3 + 2).
    const kept = await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM settlement_agent_shares WHERE settlement_id = $1', [w.sid]);
    expect(Number(kept.rows[0]?.n)).toBe(7 + 2 * 3 + 2);
    // Per agent the sum of the per-player rows (each truncated per player, the root's remainder per player).
    const perAgent = await t.db.query<{ agent: string; kept: string; before: string }>(
      `SELECT k.agent_id AS agent, k.total::text AS kept, b.total::text AS before
       FROM (SELECT agent_id, sum(amount_minor) AS total FROM settlement_agent_shares WHERE settlement_id = $1 GROUP BY 1) k
       FULL JOIN (SELECT agent_id, sum(amount_minor) AS total FROM (${PER_PLAYER_SHARES_BEFORE_0079}) x GROUP BY 1) b USING (agent_id)`,
      [w.sid],
    );
    expect(perAgent.rows).toHaveLength(9);
    for (const r of perAgent.rows) expect(r.kept).toBe(r.before);
  });

  it('migration 0054 regroups an older settlement\'s per-player rows into exactly the rows settle_market keeps now', async () => {
    const w = await settledWorld();
    const migration = readFileSync(path.join(__dirname, '../migrations/0054_settlement_agent_shares.sql'), 'utf8');
    const backfill = migration.slice(migration.indexOf('-- backfill:begin'), migration.indexOf('-- backfill:end'));
    expect(backfill).toContain('INSERT INTO settlement_agent_shares');
    const kept = 'SELECT child_id, agent_id, own_share_bps, amount_minor::text FROM settlement_agent_shares WHERE settlement_id = $1 ORDER BY child_id';
    const now = (await t.db.query(kept, [w.sid])).rows;
    const regrouped = await t.db
      .transaction(async (tx) => {
        // An older settlement: its per-player rows only (the append-only triggers are off for
        // this rolled-back transaction alone).
        await tx.query('SET LOCAL session_replication_role = replica');
        await tx.query(`INSERT INTO settlement_shares (settlement_id, user_id, agent_id, own_share_bps, amount_minor)
                        SELECT $1, x.user_id, x.agent_id, x.own_share_bps, x.amount_minor FROM (${PER_PLAYER_SHARES_BEFORE_0079}) x`, [w.sid]);
        await tx.query('DELETE FROM settlement_agent_shares WHERE settlement_id = $1', [w.sid]);
        await tx.query(backfill);
        const rows = (await tx.query(kept, [w.sid])).rows;
        throw Object.assign(new Error('rolled back'), { rows });
      })
      .catch((error: Error & { rows?: unknown[] }) => {
        if (error.rows === undefined) throw error;
        return error.rows;
      });
    expect(regrouped).toEqual(now);
    expect(now).toHaveLength(7 + 2 * 3 + 2);
  });
});

describe('THE settlement test: two agent chains, direct vs corrected vs rolled back and settled again', () => {
  interface World {
    chains: [Chain, Chain];
    players: Player[];
    market: TestMarket;
  }

  /** Four players under two chains of one root, with commissions, all betting on one market. */
  async function world(): Promise<World> {
    const root = await t.createUser({ role: 'admin' });
    const one = await chain({ sadmin: 9_000, smdl: 8_000, mdl: 7_000, dl: 6_000 }, root);
    const two = await chain({ sadmin: 9_500, smdl: 8_500, mdl: 6_000, dl: 5_000 }, root);
    await t.db.query('UPDATE users SET commission_bps = 300 WHERE id = $1', [one.dl.id]);
    await t.db.query('UPDATE users SET commission_bps = 1000 WHERE id = $1', [two.dl.id]);
    const players = [
      await player(one.dl, 10_000n, 500),
      await player(one.dl, 10_000n),
      await player(two.dl, 10_000n, 200),
      await player(two.dl, 10_000n),
    ];
    const market = await createTestMarket(t, { H: [250, 252], D: [360, 360], A: [300, 302] });
    return { chains: [one, two], players, market };
  }

  const BETS: Array<[number, RunnerBetInput]> = [
    [0, { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 1_000 }],
    [0, { selectionId: 'D', side: 'LAY', odds: 3.6, stake: 300 }],
    [1, { selectionId: 'D', side: 'BACK', odds: 3.6, stake: 500 }],
    [1, { selectionId: 'A', side: 'BACK', odds: 3, stake: 200 }],
    [2, { selectionId: 'H', side: 'LAY', odds: 2.52, stake: 700.55 }], // −1,064.836 floors to −1,064.84
    [2, { selectionId: 'A', side: 'BACK', odds: 3, stake: 100.55 }],
    [3, { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 333.33 }],
    [3, { selectionId: 'A', side: 'LAY', odds: 3.02, stake: 250 }],
  ];

  async function placeAll(w: World): Promise<void> {
    for (const [i, b] of BETS) {
      const p = w.players[i];
      if (p === undefined) throw new Error('no player');
      await back(p, w.market, b);
    }
  }

  /** Every wallet of the world's players and every agent P&L account, in a fixed order. */
  async function figures(w: World): Promise<bigint[]> {
    const out: bigint[] = [];
    for (const p of w.players) {
      const wallet = await walletOf(t, p.user.id);
      out.push(wallet.balance, wallet.exposure);
    }
    for (const c of w.chains) for (const a of [c.dl, c.mdl, c.smdl, c.sadmin]) out.push(await agentPnlOf(t, a.id));
    out.push(await agentPnlOf(t, w.chains[0].root.id));
    return out;
  }

  /** The same figures from the shared pure maths: W per user, commission, partnership. */
  async function expectedFigures(w: World, result: RunnerResult): Promise<bigint[]> {
    const rates = [500, 0, 200, 0];
    const parentRates = [300, 300, 1_000, 1_000];
    const agentTotals = new Map<string, number>();
    const wallets: bigint[] = [];
    for (let i = 0; i < w.players.length; i += 1) {
      const bets: RunnerBet[] = BETS.filter(([p]) => p === i).map(([, b]) => ({
        side: b.side,
        runnerId: b.selectionId,
        stakeMinor: Math.round(b.stake * 100),
        oddsHundredths: Math.round(b.odds * 100),
      }));
      const gross = bets.reduce((sum, b) => sum + settledRunnerBetMinor(b, result), 0);
      const net = gross - commissionMinor({ basis: 'NET_WIN', rateBps: rates[i] ?? 0, parentRateBps: parentRates[i] ?? 0, netPnlMinor: gross });
      wallets.push(1_000_000n + BigInt(net), 0n);
      const c = w.chains[i < 2 ? 0 : 1];
      for (const a of distributePartnership(await pathOf(c), net)) agentTotals.set(a.id, (agentTotals.get(a.id) ?? 0) + a.amountMinor);
    }
    const agents = [...w.chains.flatMap((c) => [c.dl, c.mdl, c.smdl, c.sadmin]), w.chains[0].root];
    return [...wallets, ...agents.map((a) => BigInt(agentTotals.get(a.id) ?? 0))];
  }

  it('lands every path on the same figures, equal to the pure maths; twice is once; rollback restores the open book', async () => {
    const direct = await world();
    const corrected = await world();
    const again = await world();
    for (const w of [direct, corrected, again]) await placeAll(w);
    const open = await figures(direct);
    expect(await figures(corrected)).toEqual(open);

    const home: DeclaredResult = { type: 'WINNER', selectionId: 'H' };
    const draw: DeclaredResult = { type: 'WINNER', selectionId: 'D' };

    // 1. Direct.
    const first = await settled(direct.market.marketId, home);
    expect(first).toMatchObject({ version: 1, bets: 8, users: 4 });
    const target = await figures(direct);
    expect(target).toEqual(await expectedFigures(direct, { kind: 'WINNER', runnerId: 'H' }));

    // Settling twice changes nothing: the same answer, not a byte of state.
    const digest = await businessStateDigest(t.db);
    const journals = await t.db.query('SELECT count(*)::int AS n FROM journals');
    expect(await settled(direct.market.marketId, home)).toEqual(first);
    expect(await businessStateDigest(t.db)).toBe(digest);
    expect((await t.db.query('SELECT count(*)::int AS n FROM journals')).rows).toEqual(journals.rows);

    // 2. A wrong result, then the right one: a correction (rollback + settle in one transaction).
    await settled(corrected.market.marketId, draw);
    expect(await figures(corrected)).toEqual(await expectedFigures(corrected, { kind: 'WINNER', runnerId: 'D' }));
    const fixed = await settled(corrected.market.marketId, home);
    expect(fixed).toMatchObject({ version: 2, result: home, bets: 8, users: 4 });
    expect(await figures(corrected)).toEqual(target);

    // 3. Settle, roll back (the open book returns: balances and exposures as before), settle again.
    await settled(again.market.marketId, home);
    const rolled = await rollback(again.market.marketId);
    expect(rolled.statusCode).toBe(200);
    expect(body<{ data: SettlementSummary; message: string }>(rolled)).toMatchObject({
      data: { version: 1, status: 'rolled_back', result: home, bets: 8, users: 4 },
      message: 'Result rolled back',
    });
    expect(await figures(again)).toEqual(open);
    const reopened = await t.db.query<{ status: string }>('SELECT DISTINCT status FROM bets WHERE market_id = $1', [again.market.marketId]);
    expect(reopened.rows).toEqual([{ status: 'open' }]);
    expect(await settled(again.market.marketId, home)).toMatchObject({ version: 2 });
    expect(await figures(again)).toEqual(target);

    // Journals: one MARKET_SETTLE per (market, version), the reversals point at the rolled-back ones.
    const { rows } = await t.db.query<{ code: string; ref: string; reverses: boolean }>(
      `SELECT j.code, j.event_ref AS ref, j.reverses_journal_id IS NOT NULL AS reverses FROM journals j
       WHERE j.event_ref LIKE $1 || ':%' ORDER BY j.created_at`,
      [again.market.marketId],
    );
    expect(rows).toEqual([
      { code: 'MARKET_SETTLE', ref: `${again.market.marketId}:1`, reverses: false },
      { code: 'MARKET_SETTLE_REVERSAL', ref: `${again.market.marketId}:1`, reverses: true },
      { code: 'MARKET_SETTLE', ref: `${again.market.marketId}:2`, reverses: false },
    ]);
    // The admin is on the audit trail, the journals are the system's.
    const audit = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 ORDER BY created_at`, [`market:${again.market.marketId}`]);
    expect(audit.rows.map((r) => r.action)).toEqual(['results.declare', 'results.rollback', 'results.declare']);
  });

  it('refuses a rollback that would leave a wallet short, naming the user, and changes nothing', async () => {
    const w = await world();
    await placeAll(w);
    await settled(w.market.marketId, { type: 'WINNER', selectionId: 'H' });
    // Player 0 won; its winnings leave the wallet (e.g. withdrawn).
    const winner = w.players[0];
    if (winner === undefined) throw new Error('no player');
    const wallet = await walletOf(t, winner.user.id);
    await t.services.ledger.post({
      code: 'TEST_TRANSFER',
      eventType: 'test_withdraw',
      eventRef: randomUUID(),
      actorId: null,
      remark: 'test',
      legs: [
        { accountId: (await t.services.ledger.walletOf(winner.user.id)).accountId, amountMinor: -(wallet.balance - 100n) },
        { accountId: await t.services.ledger.systemAccountId('system:mint'), amountMinor: wallet.balance - 100n },
      ],
    });
    const before = await businessStateDigest(t.db);
    const res = await rollback(w.market.marketId);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ data: { code: 'INSUFFICIENT_FUNDS', details: { users: [winner.user.username] } } });
    expect(body(res).message).toBe(`Rollback would leave a wallet below zero: ${winner.user.username}`);
    expect(await businessStateDigest(t.db)).toBe(before);
    // A correction needs the same rollback: refused the same way.
    expect((await declare(w.market.marketId, { type: 'WINNER', selectionId: 'A' })).statusCode).toBe(409);
    expect(await businessStateDigest(t.db)).toBe(before);
  });

  it('answers 409 for a rollback without a live settlement and 404 for an unknown market', async () => {
    const m = await createTestMarket(t, THREE);
    const none = await rollback(m.marketId);
    expect(none.statusCode).toBe(409);
    expect(body(none).message).toBe('This market has no settled result to roll back');
    expect((await rollback('1.unknown')).statusCode).toBe(404);
    expect((await declare('1.unknown', { type: 'VOID' })).statusCode).toBe(404);
  });

  it('pushes the settled balance to the player as a live balance event', async () => {
    const p = await player(null, 1_000n);
    const m = await createTestMarket(t, THREE);
    await back(p, m, { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 });
    const session = await t.login(p.user);
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
        socket.emit('login', { role: p.user.role, sessionId: session.sessionId, _id: p.user.id }, (a: SocketAck) => resolve(a)),
      );
      expect(ack).toEqual({ ok: true });
      const balance = new Promise<SocketBalancePayload>((resolve) => socket.once('balance', resolve));
      await settled(m.marketId, { type: 'WINNER', selectionId: 'H' });
      expect(await balance).toEqual({ balance: 1_150, exposer: 0, journalId: expect.any(String) });
    } finally {
      socket.disconnect();
    }
  });
});
