/**
 * The agent dashboard (issue 34) through the real API and PostgreSQL: today's turnover, bets and
 * active players from placed bets; GGR and the agent's own share from what settled (docs/rules/
 * money.md T26: the player loses 10,000 ⇒ DL +5,000, Admin +500 of its share), equal to the P&L
 * report's; open exposure by match and the largest positions; a rolled-back settlement no longer
 * counts; another branch never shows; players get 403.
 */
import type { AgentDashboard, ProfitLossResponse } from '@backlay/shared/contracts';
import { DASHBOARD_DAYS } from '@backlay/shared/contracts';
import { istDay } from '../src/bet-reports/dashboard.service';
import { backOrLay, createChain, createMatch, createPlayer, getData, postData, type Chain, type Player, type TestMatch } from './bet-reports-helper';
import { buildTestApp, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';

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
