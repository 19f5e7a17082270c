/**
 * Profit and loss through the real API and PostgreSQL, over markets settled by POST
 * /api/declare-result: the player's own result per market (gross, commission, net), the agents'
 * downline totals per market and per direct child with their own partnership share (docs/rules/money.md T26:
 * the player loses 10,000 ⇒ DL +5,000, MDL +2,000, SMDL +1,500, Admin +1,000, SA +500), equal to
 * the agent's P&L account in the ledger; another branch never shows; a rolled-back settlement
 * no longer counts; date range and sport filters.
 */
import type { ProfitLossResponse, ProfitLossRow } from '@backlay/shared/contracts';
import { backOrLay, createChain, createMatch, createPlayer, getData, postData, type Chain, type Player, type TestMatch } from './bet-reports-helper';
import { body, buildTestApp, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';

let t: TestContext;
let chain: Chain;
let dlB: TestUser;
let dlBToken: string;
let loser: Player;
let winner: Player;
let otherBranch: Player;
let cricket: TestMatch;
let soccer: TestMatch;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  chain = await createChain(t);
  dlB = await t.createUser({ role: 'dl', parentId: chain.agents.mdl.id, partnershipShareBps: 6_000 });
  dlBToken = (await t.login(dlB)).token;
  loser = await createPlayer(t, chain.agents.dl.id);
  winner = await createPlayer(t, chain.agents.dl.id);
  otherBranch = await createPlayer(t, dlB.id);
  // Commission 2 % on the winner's net match-odds win (its rate, capped by its parent's).
  await t.db.query('UPDATE users SET commission_bps = 200 WHERE id = ANY ($1::uuid[])', [[chain.agents.dl.id, winner.user.id]]);
  cricket = await createMatch(t, { sportId: 4, name: 'Lions v Tigers', markets: [{ runners: { A: [200, 202], B: [200, 202] } }] });
  soccer = await createMatch(t, { sportId: 1, name: 'Reds v Blues', markets: [{ runners: { H: [200, 202], X: [300, 302] } }] });
  const [c, s] = [cricket.marketIds[0] ?? '', soccer.marketIds[0] ?? ''];
  await backOrLay(t, loser, cricket, c, { selectionId: 'A', side: 'BACK', odds: 2, stake: 10_000 });
  await backOrLay(t, otherBranch, cricket, c, { selectionId: 'B', side: 'BACK', odds: 2, stake: 1_000 });
  await backOrLay(t, winner, soccer, s, { selectionId: 'H', side: 'BACK', odds: 2, stake: 4_000 });
  await declare(c, 'B');
  await declare(s, 'H');
});

afterAll(async () => {
  await t.close();
});

async function declare(marketId: string, selectionId: string): Promise<void> {
  await postData(t, chain.tokens.admin, '/api/declare-result', { transactionPassword: TEST_TXN_PASSWORD, marketId, result: { type: 'WINNER', selectionId } });
}

const pnl = (token: string, query = '') => getData<ProfitLossResponse>(t, token, `/api/profit-loss${query}`);
const money = (row: ProfitLossRow | ProfitLossResponse['total'] | undefined) =>
  row === undefined ? undefined : [row.pnl, row.commission, row.net, row.ownShare];

describe('GET /api/profit-loss', () => {
  it('a player: its own result per settled market, no own share', async () => {
    const lost = await pnl(loser.token);
    expect(lost.rows).toEqual([
      {
        key: cricket.marketIds[0],
        sportId: 4,
        sportName: 'Cricket',
        matchId: cricket.matchId,
        matchName: 'Lions v Tigers',
        matchOpenDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        marketName: 'Match Odds',
        role: null,
        pnl: -10_000,
        commission: 0,
        net: -10_000,
        ownShare: null,
        settledAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect(lost.total).toEqual({ pnl: -10_000, commission: 0, net: -10_000, ownShare: null });
    const won = await pnl(winner.token);
    expect(won.rows.map((r) => [r.key, ...(money(r) ?? [])])).toEqual([[soccer.marketIds[0], 4_000, 80, 3_920, null]]);
  });

  it('T26: every agent of the chain gets its own share of the lost 10,000', async () => {
    const expected = { dl: 5_000, mdl: 2_000, smdl: 1_500, sadmin: 1_000, admin: 500 } as const;
    for (const role of ['dl', 'mdl', 'smdl', 'sadmin', 'admin'] as const) {
      const report = await pnl(chain.tokens[role], '?sportId=4');
      const row = report.rows.find((r) => r.key === cricket.marketIds[0]);
      // The DL's downline holds only the loser on this market; above, the other branch's winner too.
      const users = role === 'dl' ? -10_000 : -9_000;
      const own = expected[role] + { dl: 0, mdl: -100, smdl: -150, sadmin: -100, admin: -50 }[role];
      expect({ role, row: money(row) }).toEqual({ role, row: [users, 0, users, own] });
    }
  });

  it('an agent by market: the downline totals per market with its own share; the total equals its ledger P&L account', async () => {
    const dl = await pnl(chain.tokens.dl);
    expect(dl.rows.map((r) => [r.key, r.sportName, r.matchName, ...(money(r) ?? [])])).toEqual([
      [soccer.marketIds[0], 'Soccer', 'Reds v Blues', 4_000, 80, 3_920, -1_960],
      [cricket.marketIds[0], 'Cricket', 'Lions v Tigers', -10_000, 0, -10_000, 5_000],
    ]);
    expect(dl.total).toEqual({ pnl: -6_000, commission: 80, net: -6_080, ownShare: 3_040 });
    for (const [agent, token] of [
      [chain.agents.dl, chain.tokens.dl],
      [chain.agents.mdl, chain.tokens.mdl],
      [chain.agents.admin, chain.tokens.admin],
    ] as const) {
      const { rows } = await t.db.query<{ balance: string }>(
        `SELECT balance_minor::text AS balance FROM ledger_accounts WHERE code = $1`,
        [`system:agent_pnl:${agent.id}`],
      );
      const report = await pnl(token);
      expect({ agent: agent.username, own: Math.round((report.total.ownShare ?? NaN) * 100) }).toEqual({
        agent: agent.username,
        own: Number(rows[0]?.balance ?? 0),
      });
    }
  });

  it('an agent by child: per direct child the totals of its subtree and the agent\'s share from it', async () => {
    const mdl = await pnl(chain.tokens.mdl, '?groupBy=child');
    expect(mdl.rows.map((r) => [r.key, r.role, ...(money(r) ?? [])])).toEqual(
      [
        [chain.agents.dl.username, 'dl', -6_000, 80, -6_080, 2_000 - 784],
        [dlB.username, 'dl', 1_000, 0, 1_000, -100],
      ].sort((a, b) => String(a[0]).toLowerCase().localeCompare(String(b[0]).toLowerCase())),
    );
    expect(mdl.total).toEqual({ pnl: -5_000, commission: 80, net: -5_080, ownShare: 1_116 });
    // The DL's children are its players.
    const dl = await pnl(chain.tokens.dl, '?groupBy=child');
    expect(new Map(dl.rows.map((r) => [r.key, [r.role, ...(money(r) ?? [])]]))).toEqual(
      new Map([
        [loser.user.username, ['user', -10_000, 0, -10_000, 5_000]],
        [winner.user.username, ['user', 4_000, 80, 3_920, -1_960]],
      ]),
    );
  });

  it('another branch sees only its own: the sibling DL has the cricket market with its player alone', async () => {
    const b = await pnl(dlBToken);
    expect(b.rows.map((r) => [r.key, ...(money(r) ?? [])])).toEqual([[cricket.marketIds[0], 1_000, 0, 1_000, -600]]);
    expect(JSON.stringify(await pnl(dlBToken, '?groupBy=child'))).not.toContain(loser.user.username);
  });

  it('filters by sport and by settlement date; bad queries are 400', async () => {
    expect((await pnl(chain.tokens.dl, '?sportId=1')).rows.map((r) => r.key)).toEqual([soccer.marketIds[0]]);
    expect(await pnl(chain.tokens.dl, `?from=${day(-10)}&to=${day(-1)}`)).toEqual({
      rows: [],
      total: { pnl: 0, commission: 0, net: 0, ownShare: 0 },
    });
    expect((await pnl(chain.tokens.dl, `?from=${day(0)}&to=${day(0)}`)).rows).toHaveLength(2);
    for (const [query, message] of [
      [`?from=${day(1)}&to=${day(0)}`, 'Start date must not be after end date'],
      ['?to=2026-02-30', 'Dates must be valid ISO dates (YYYY-MM-DD)'],
      ['?groupBy=sport', 'groupBy must be one of: market, child'],
    ] as const) {
      const response = await t.request({ method: 'GET', url: `/api/profit-loss${query}`, token: chain.tokens.dl });
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(body(response).message).toContain(message);
    }
  });

  it('a rolled-back settlement no longer counts; a new declaration counts once', async () => {
    await postData(t, chain.tokens.admin, '/api/rollback-result', { transactionPassword: TEST_TXN_PASSWORD, marketId: soccer.marketIds[0] });
    expect((await pnl(chain.tokens.dl)).rows.map((r) => r.key)).toEqual([cricket.marketIds[0]]);
    expect((await pnl(winner.token)).rows).toEqual([]);
    await declare(soccer.marketIds[0] ?? '', 'X');
    const dl = await pnl(chain.tokens.dl);
    expect(dl.rows.map((r) => [r.key, ...(money(r) ?? [])])).toEqual([
      [soccer.marketIds[0], -4_000, 0, -4_000, 2_000],
      [cricket.marketIds[0], -10_000, 0, -10_000, 5_000],
    ]);
  });
});
