/**
 * The agent dashboard (issue 34) through the real API and PostgreSQL: today's turnover, bets and
 * active players from placed bets; GGR and the agent's own share from what settled (docs/rules/
 * money.md T26: the player loses 10,000 ⇒ DL +5,000, Admin +500 of its share), equal to the P&L
 * report's; open exposure by match and the largest positions; a rolled-back settlement no longer
 * counts; another branch never shows; players get 403. The Super Admin's split by site (issue 35):
 * with bets and payments on two sites, one row per site counting its own players only, the rows
 * adding up to the totals to the paisa; an Admin of either site gets no split.
 */
import { randomUUID } from 'node:crypto';
import type { AgentDashboard, DashboardSite, ProfitLossResponse } from '@backlay/shared/contracts';
import { DASHBOARD_DAYS } from '@backlay/shared/contracts';
import { istDay } from '../src/bet-reports/dashboard.service';
import * as sitesRepo from '../src/sites/sites.repository';
import { addSite } from './site-helper';
import { backOrLay, createChain, createMatch, createPlayer, getData, postData, type Chain, type Player, type TestMatch } from './bet-reports-helper';
import { buildTestApp, idempotent, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';
import { newUtr, pngImage, saveBank, sendDeposit, sendWithdraw } from './payments-helper';

let t: TestContext;
let chain: Chain;
let dlB: TestUser;
let dlBToken: string;
let loser: Player;
let open: Player;
let otherBranch: Player;
let settled: TestMatch;
let running: TestMatch;

beforeAll(async () => {
  t = await buildTestApp();
  chain = await createChain(t);
  dlB = await t.createUser({ role: 'dl', parentId: chain.agents.mdl.id, partnershipShareBps: 6_000 });
  dlBToken = (await t.login(dlB)).token;
  loser = await createPlayer(t, chain.agents.dl.id);
  open = await createPlayer(t, chain.agents.dl.id);
  otherBranch = await createPlayer(t, dlB.id);
  settled = await createMatch(t, { sportId: 4, name: 'Lions v Tigers', markets: [{ runners: { A: [200, 202], B: [200, 202] } }] });
  running = await createMatch(t, { sportId: 1, name: 'Reds v Blues', markets: [{ runners: { H: [300, 302], X: [300, 302] } }] });
  const [s, r] = [settled.marketIds[0] ?? '', running.marketIds[0] ?? ''];
  await backOrLay(t, loser, settled, s, { selectionId: 'A', side: 'BACK', odds: 2, stake: 10_000 });
  await backOrLay(t, otherBranch, settled, s, { selectionId: 'B', side: 'BACK', odds: 2, stake: 1_000 });
  // Open: backing H at 3 for 2,500 risks 2,500; laying X at 3.02 for 1,000 risks 2,020 (both on one match).
  await backOrLay(t, open, running, r, { selectionId: 'H', side: 'BACK', odds: 3, stake: 2_500 });
  await backOrLay(t, loser, running, r, { selectionId: 'X', side: 'LAY', odds: 3.02, stake: 1_000 });
  await declare(s, 'B');
});

afterAll(() => t.close());

async function declare(marketId: string, selectionId: string): Promise<void> {
  await postData(t, chain.tokens.admin, '/api/declare-result', { transactionPassword: TEST_TXN_PASSWORD, marketId, result: { type: 'WINNER', selectionId } });
}

const dashboard = (token: string) => getData<AgentDashboard>(t, token, '/api/agent-dashboard');

describe('GET /api/agent-dashboard', () => {
  it('covers the last 30 IST days, today last, every day present', async () => {
    const board = await dashboard(chain.tokens.dl);
    expect(board.days).toHaveLength(DASHBOARD_DAYS);
    expect(board.to).toBe(istDay(Date.now()));
    expect(board.days[0]?.day).toBe(board.from);
    expect(board.days.at(-1)?.day).toBe(board.to);
    expect(board.days.slice(0, -1).every((d) => d.turnover === 0 && d.bets === 0)).toBe(true);
  });

  it("the DL: today's turnover, bets, players, GGR and its own share of its own players only", async () => {
    const board = await dashboard(chain.tokens.dl);
    const today = board.days.at(-1);
    // 10,000 + 2,500 + 1,000 staked by its two players; the other branch's 1,000 is not its own.
    expect(today).toEqual({ day: board.to, turnover: 13_500, bets: 3, ggr: 10_000, ownShare: 5_000, activePlayers: 2 });
    expect(board.totals).toEqual({ turnover: 13_500, bets: 3, ggr: 10_000, ownShare: 5_000, activePlayers: 2, players: 2 });
    // The own share is the P&L report's.
    const pnl = await getData<ProfitLossResponse>(t, chain.tokens.dl, '/api/profit-loss');
    expect(pnl.total.ownShare).toBe(board.totals.ownShare);
  });

  it('open exposure by match and the largest positions, its own players only', async () => {
    const board = await dashboard(chain.tokens.dl);
    expect(board.exposure.total).toBe(4_520);
    expect(board.exposure.matches).toEqual([{ matchId: running.matchId, matchName: 'Reds v Blues', sportName: 'Soccer', exposure: 4_520, players: 2 }]);
    expect(board.exposure.positions).toEqual([
      { username: open.user.username, matchName: 'Reds v Blues', exposure: 2_500 },
      { username: loser.user.username, matchName: 'Reds v Blues', exposure: 2_020 },
    ]);
  });

  it('the root sees both branches: GGR nets the winner of the other branch', async () => {
    const board = await dashboard(chain.tokens.admin);
    // The loser lost 10,000, the other branch's player won 1,000: the house made 9,000.
    expect(board.totals).toMatchObject({ turnover: 14_500, bets: 4, ggr: 9_000, activePlayers: 3, players: 3 });
    const pnl = await getData<ProfitLossResponse>(t, chain.tokens.admin, '/api/profit-loss');
    expect(board.totals.ownShare).toBe(pnl.total.ownShare);
    // The other DL sees its own player only.
    expect((await dashboard(dlBToken)).totals).toMatchObject({ turnover: 1_000, bets: 1, ggr: -1_000, players: 1 });
  });

  it('a rolled-back settlement no longer counts', async () => {
    await postData(t, chain.tokens.admin, '/api/rollback-result', { transactionPassword: TEST_TXN_PASSWORD, marketId: settled.marketIds[0] });
    const board = await dashboard(chain.tokens.dl);
    expect(board.totals).toMatchObject({ ggr: 0, ownShare: 0, turnover: 13_500 });
    // The market is open again: the loser's 10,000 is open exposure once more.
    expect(board.exposure.total).toBe(14_520);
    await declare(settled.marketIds[0] ?? '', 'B');
    expect((await dashboard(chain.tokens.dl)).totals.ggr).toBe(10_000);
  });

  it('players may not read it', async () => {
    await getData(t, loser.token, '/api/agent-dashboard', 403);
  });
});

describe('GET /api/agent-dashboard by site (the Super Admin, issue 35)', () => {
  const SIXER = 'play.sixer.test';
  const onSixer = { host: SIXER };
  let sixerAdminToken: string;
  let sixerMatch: TestMatch;

  /** A funded player of the Sixer chain, signed in on its host. */
  async function sixerPlayer(parentId: string): Promise<Player> {
    const user = await t.createUser({ role: 'user', parentId });
    await t.fund(user.id, 100_000n);
    return { user, token: (await t.login(user, 'player', SIXER)).token };
  }

  async function backOrLayOnSixer(player: Player, match: TestMatch, marketId: string, bet: { selectionId: string; side: 'BACK' | 'LAY'; odds: number; stake: number }) {
    const placed = await t.request({
      method: 'POST',
      url: '/api/placebet',
      token: player.token,
      headers: { ...onSixer, ...idempotent(randomUUID()) },
      payload: { matchId: match.matchId, marketId, ...bet },
    });
    expect(placed.statusCode).toBe(200);
  }

  beforeAll(async () => {
    await addSite(t, [SIXER]);
    // The Sixer chain below the same root: an Admin of the site and a DL with two players.
    const sixerAdmin = await t.createUser({ role: 'sadmin', parentId: chain.agents.admin.id, siteId: 'sixer' });
    await sitesRepo.bindAdmin(t.db, 'sixer', sixerAdmin.id);
    t.services.sites.changed();
    sixerAdminToken = (await t.login(sixerAdmin, 'admin', SIXER)).token;
    const smdl = await t.createUser({ role: 'smdl', parentId: sixerAdmin.id });
    const mdl = await t.createUser({ role: 'mdl', parentId: smdl.id });
    const dl = await t.createUser({ role: 'dl', parentId: mdl.id });
    const sixerLoser = await sixerPlayer(dl.id);
    const sixerOpen = await sixerPlayer(dl.id);
    // Sixer: 1,234.56 backed and lost (paise on purpose), 500 laid at 3.02 on the running match (1,010 open).
    sixerMatch = await createMatch(t, { sportId: 4, name: 'Sixers v Strikers', markets: [{ runners: { A: [200, 202], B: [200, 202] } }] });
    await backOrLayOnSixer(sixerLoser, sixerMatch, sixerMatch.marketIds[0] ?? '', { selectionId: 'A', side: 'BACK', odds: 2, stake: 1_234.56 });
    await backOrLayOnSixer(sixerOpen, running, running.marketIds[0] ?? '', { selectionId: 'X', side: 'LAY', odds: 3.02, stake: 500 });
    await declare(sixerMatch.marketIds[0] ?? '', 'B');
    // Payments waiting: one deposit on the home site; two deposits and a withdrawal on Sixer.
    expect((await sendDeposit(t, open.token, { amount: '750', utrno: newUtr() }, { data: await pngImage() })).status).toBe(200);
    for (const amount of ['300', '400']) {
      expect((await sendDeposit(t, sixerLoser.token, { amount, utrno: newUtr() }, { data: await pngImage() }, randomUUID(), onSixer)).status).toBe(200);
    }
    const bankId = await saveBank(t, sixerOpen.token, '123456789012', onSixer);
    expect((await sendWithdraw(t, sixerOpen.token, { amount: 100, accountType: 'bank', bankDetail: bankId }, randomUUID(), onSixer)).status).toBe(200);
  });

  const paise = (rupees: number) => Math.round(rupees * 100);
  const rowOf = (board: AgentDashboard, siteId: string): DashboardSite => {
    const row = board.bySite?.find((r) => r.siteId === siteId);
    if (row === undefined) throw new Error(`no row for ${siteId}`);
    return row;
  };

  it('one row per site, the default first, each counting its own players only', async () => {
    const board = await dashboard(chain.tokens.admin);
    expect(board.bySite?.map((r) => [r.siteId, r.siteName])).toEqual([['backlay', 'Backlay'], ['sixer', 'Sixer Exchange']]);
    // The home site's figures are those the root saw before Sixer played: 14,500 staked, 9,000 made, 4,520 open.
    expect(rowOf(board, 'backlay')).toMatchObject({ turnover: 14_500, bets: 4, ggr: 9_000, activePlayers: 3, players: 3, exposure: 4_520, depositsWaiting: 1, withdrawalsWaiting: 0 });
    expect(rowOf(board, 'sixer')).toMatchObject({ turnover: 1_734.56, bets: 2, ggr: 1_234.56, activePlayers: 2, players: 2, exposure: 1_010, depositsWaiting: 2, withdrawalsWaiting: 1 });
  });

  it('the rows add up to the platform totals, to the paisa', async () => {
    const board = await dashboard(chain.tokens.admin);
    const rows = board.bySite ?? [];
    const inPaise = (pick: (r: DashboardSite) => number) => rows.reduce((total, r) => total + paise(pick(r)), 0);
    const count = (pick: (r: DashboardSite) => number) => rows.reduce((total, r) => total + pick(r), 0);
    expect(inPaise((r) => r.turnover)).toBe(paise(board.totals.turnover));
    expect(inPaise((r) => r.ggr)).toBe(paise(board.totals.ggr));
    expect(inPaise((r) => r.ownShare)).toBe(paise(board.totals.ownShare));
    expect(inPaise((r) => r.exposure)).toBe(paise(board.exposure.total));
    expect(count((r) => r.bets)).toBe(board.totals.bets);
    expect(count((r) => r.activePlayers)).toBe(board.totals.activePlayers);
    expect(count((r) => r.players)).toBe(board.totals.players);
    expect(count((r) => r.depositsWaiting)).toBe(board.pending.deposit.count);
    expect(count((r) => r.withdrawalsWaiting)).toBe(board.pending.withdraw.count);
    expect(board.totals).toMatchObject({ turnover: 16_234.56, ggr: 10_234.56, players: 5 });
    // The root's share is the P&L report's, over both sites.
    const pnl = await getData<ProfitLossResponse>(t, chain.tokens.admin, '/api/profit-loss');
    expect(board.totals.ownShare).toBe(pnl.total.ownShare);
    expect(rowOf(board, 'sixer').ownShare).toBeGreaterThan(0);
  });

  it('an Admin of either site, and the agents below, get no split: their totals are their own site’s row', async () => {
    const root = await dashboard(chain.tokens.admin);
    const home = await dashboard(chain.tokens.sadmin);
    expect(home.bySite).toBeUndefined();
    expect(home.totals).toMatchObject({ turnover: rowOf(root, 'backlay').turnover, bets: 4, players: 3 });
    const sixer = await getData<AgentDashboard>(t, sixerAdminToken, '/api/agent-dashboard', 200, onSixer);
    expect(sixer.bySite).toBeUndefined();
    const sixerRow = rowOf(root, 'sixer');
    expect(sixer.totals).toMatchObject({ turnover: sixerRow.turnover, bets: sixerRow.bets, ggr: sixerRow.ggr, activePlayers: 2, players: 2 });
    expect(sixer.exposure.total).toBe(sixerRow.exposure);
    expect([sixer.pending.deposit.count, sixer.pending.withdraw.count]).toEqual([2, 1]);
    expect((await dashboard(chain.tokens.dl)).bySite).toBeUndefined();
  });
});
