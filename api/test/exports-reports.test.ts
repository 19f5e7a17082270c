/**
 * The CSV exports of the bet lists, profit and loss, the deposit and withdraw statements, the
 * client list and the casino reports (issue 34, ADR 0067), against real PostgreSQL: each export
 * has exactly the rows its JSON route gives for the same filters, formatted as the screens show
 * them, and each answers a caller the JSON route refuses with the same status and body (a foreign
 * agent naming another branch's account, a player on an agents' report, an agent on a player's).
 */
import type { BetPage, BetRow, ListClientsResponse, PaymentRequestRow, ProfitLossResponse } from '@backlay/shared/contracts';
import { backOrLay, createChain, createMatch, createPlayer, postData, type Chain, type Player, type TestMatch } from './bet-reports-helper';
import { allPages, download, ist, money } from './exports-helper';
import { body, buildTestApp, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';
import { newUtr, pngImage, sendDecision, sendDeposit } from './payments-helper';

let t: TestContext;
let chain: Chain;
let otherDl: TestUser;
let otherDlToken: string;
let p1: Player;
let p2: Player;
let stranger: Player;
let match: TestMatch;

const today = new Date().toISOString().slice(0, 10);
const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  chain = await createChain(t);
  otherDl = await t.createUser({ role: 'dl', parentId: chain.agents.mdl.id });
  otherDlToken = (await t.login(otherDl)).token;
  await t.fund(chain.agents.dl.id, 100_000n);
  p1 = await createPlayer(t, chain.agents.dl.id);
  p2 = await createPlayer(t, chain.agents.dl.id);
  stranger = await createPlayer(t, otherDl.id);
  match = await createMatch(t, { sportId: 4, name: 'Lions, "the" Tigers', markets: [{ runners: { A: [200, 202], B: [200, 202] } }, { runners: { C: [300, 302], D: [150, 152] } }] });
  const [settled, open] = [match.marketIds[0] ?? '', match.marketIds[1] ?? ''];
  await backOrLay(t, p1, match, settled, { selectionId: 'A', side: 'BACK', odds: 2, stake: 1234.56 });
  await backOrLay(t, p2, match, settled, { selectionId: 'B', side: 'LAY', odds: 2.02, stake: 100 });
  await backOrLay(t, stranger, match, settled, { selectionId: 'A', side: 'BACK', odds: 2, stake: 10 });
  await backOrLay(t, p1, match, open, { selectionId: 'C', side: 'BACK', odds: 3, stake: 50 });
  await backOrLay(t, p2, match, open, { selectionId: 'D', side: 'LAY', odds: 1.52, stake: 75.25 });
  await postData(t, chain.tokens.admin, '/api/declare-result', { transactionPassword: TEST_TXN_PASSWORD, marketId: settled, result: { type: 'WINNER', selectionId: 'B' } });
  // Deposits: one approved, one pending, with a remark a spreadsheet would run as a formula.
  const image = { data: await pngImage() };
  const approved = await sendDeposit(t, p1.token, { amount: '1500.50', utrno: newUtr(), remark: 'first' }, image);
  expect(approved.status).toBe(200);
  expect((await sendDecision(t, chain.tokens.dl, approved.data._id, 'approved', { remark: 'ok, "seen"' })).status).toBe(200);
  expect((await sendDeposit(t, p2.token, { amount: '250', utrno: newUtr(), remark: '=HYPERLINK("http://x")' }, image)).status).toBe(200);
}, 60_000);
afterAll(() => t.close());

const orBlank = (value: string | number | null) => (value === null ? '' : String(value));
const text = (value: string | null) => (value === null ? '' : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const betRecord = (b: BetRow) => [
  ist(b.createdAt),
  b.username,
  b.matchName,
  b.marketName,
  b.clothNumber === null ? b.selectionName : `${b.clothNumber}. ${b.selectionName}`,
  b.side.charAt(0) + b.side.slice(1).toLowerCase(),
  String(b.odds),
  orBlank(b.run),
  money(b.stake),
  b.status,
  b.pnl === null ? '' : money(b.pnl),
  b.settledAt === null ? '' : ist(b.settledAt),
  orBlank(b.voidReason),
  b.betId,
];
const BET_HEADER = ['Placed at', 'User', 'Match', 'Market', 'Selection', 'Side', 'Odds', 'Run', 'Stake', 'Status', 'P&L', 'Settled at', 'Reason', 'Bet ID'];

describe('bet lists', () => {
  it.each([
    ['unsettled-bets', 'type=matched'],
    ['bet-history', `from=${weekAgo}&to=${today}`],
  ])('GET /api/%s/export: the JSON list\'s every row, the agent\'s downline only', async (route, query) => {
    const { rows } = await allPages<BetPage<BetRow>>(t, chain.tokens.dl, `/api/${route}?${query}`, (d) => d.rows, (d) => d.total);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const file = await download(t, chain.tokens.dl, `/api/${route}/export?${query}`);
    expect(file.status).toBe(200);
    expect(file.records).toEqual([BET_HEADER, ...(rows as BetRow[]).map(betRecord)]);
    expect(file.text).not.toContain(stranger.user.username);
  });

  it('GET /api/bet-history/export names one account of the downline; its file is named after it', async () => {
    const query = `username=${p1.user.username}&from=${weekAgo}&to=${today}`;
    const { rows } = await allPages<BetPage<BetRow>>(t, chain.tokens.dl, `/api/bet-history?${query}`, (d) => d.rows, (d) => d.total);
    const file = await download(t, chain.tokens.dl, `/api/bet-history/export?${query}`);
    expect(file.records).toEqual([BET_HEADER, ...(rows as BetRow[]).map(betRecord)]);
    expect(file.records[1]?.[8]).toBe('1,234.56');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="bet-history_${p1.user.username}_${weekAgo}_${today}.csv"`);
  });
});

describe('GET /api/profit-loss/export', () => {
  it.each(['market', 'child'])('the JSON rows, grouped by %s, with the agent\'s own share', async (groupBy) => {
    const query = `from=${weekAgo}&to=${today}&groupBy=${groupBy}`;
    const json = body<{ data: ProfitLossResponse }>(await t.request({ method: 'GET', url: `/api/profit-loss?${query}`, token: chain.tokens.dl })).data;
    expect(json.rows.length).toBeGreaterThan(0);
    const file = await download(t, chain.tokens.dl, `/api/profit-loss/export?${query}`);
    const names = groupBy === 'child' ? ['User', 'Role'] : ['Sport', 'Match', 'Market'];
    expect(file.records).toEqual([
      ['Settled', ...names, 'P&L', 'Commission', 'Net', 'Own share'],
      ...json.rows.map((r) => [
        r.settledAt === null ? '' : ist(r.settledAt),
        ...(groupBy === 'child' ? [r.key, orBlank(r.role)] : [orBlank(r.sportName), orBlank(r.matchName), r.marketName ?? r.key]),
        money(r.pnl),
        money(r.commission),
        money(r.net),
        r.ownShare === null ? '' : money(r.ownShare),
      ]),
    ]);
  });

  it("a player's own, without an own share", async () => {
    const query = `from=${weekAgo}&to=${today}`;
    const json = body<{ data: ProfitLossResponse }>(await t.request({ method: 'GET', url: `/api/profit-loss?${query}`, token: p1.token })).data;
    const file = await download(t, p1.token, `/api/profit-loss/export?${query}`);
    expect(file.records[0]).toEqual(['Settled', 'Sport', 'Match', 'Market', 'P&L', 'Commission', 'Net']);
    expect(file.records.slice(1).map((r) => r[6])).toEqual(json.rows.map((r) => money(r.net)));
    expect(json.rows.length).toBe(1);
  });
});

describe('GET /api/get-deposit-withdraw-list/export', () => {
  it('the JSON list\'s rows for the same filters (as a query), formula-like remarks neutralised', async () => {
    const filters = { type: 'deposit', startDate: weekAgo, endDate: today, reportType: 'all' } as const;
    const json = body<{ data: PaymentRequestRow[] }>(await t.request({ method: 'POST', url: '/api/get-deposit-withdraw-list', token: chain.tokens.dl, payload: filters })).data;
    expect(json).toHaveLength(2);
    const file = await download(t, chain.tokens.dl, `/api/get-deposit-withdraw-list/export?${new URLSearchParams(filters).toString()}`);
    expect(file.records).toEqual([
      ['Date', 'User', 'Type', 'Amount', 'Status', 'Account type', 'UTR', 'Pay to', 'Remark', 'Decided at', 'Decided by'],
      ...json.map((r) => [
        ist(r.createdAt),
        r.username,
        'Deposit',
        money(r.amount),
        r.status.charAt(0).toUpperCase() + r.status.slice(1),
        r.accountType,
        orBlank(r.utrno),
        orBlank(r.payTo),
        text(r.remark),
        r.decidedAt === null ? '' : ist(r.decidedAt),
        orBlank(r.decidedBy),
      ]),
    ]);
    expect(file.text).toContain('"1,500.50"');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="deposit-statement_${chain.agents.dl.username}_${weekAgo}_${today}.csv"`);
    // The pending request's remark is the player's: the '=' it starts with is written as text.
    expect(file.text).toContain(`"'=HYPERLINK(""http://x"")"`);
    // A player's own approved one: the decision's remark, quoted (a comma and quotes).
    const pending = await download(t, p1.token, `/api/get-deposit-withdraw-list/export?${new URLSearchParams({ ...filters, reportType: 'approved' }).toString()}`);
    expect(pending.records.slice(1).map((r) => r[8])).toEqual(['ok, "seen"']);
  });
});

describe('GET /api/list-clients/export', () => {
  it('every client of the list and its totals row, as list-clients gives them', async () => {
    const { rows, first } = await allPages<ListClientsResponse>(t, chain.tokens.dl, '/api/list-clients?search=', (d) => d.rows, (d) => d.total);
    const file = await download(t, chain.tokens.dl, '/api/list-clients/export?search=');
    expect(file.records).toEqual([
      ['Username', 'Name', 'Role', 'Balance', 'Exposure', 'Available', 'Credit ref.', 'Ref P/L', 'Partnership %', 'Status', 'Bet lock', 'Created'],
      ...(rows as ListClientsResponse['rows']).map((r) => [
        r.username,
        r.displayName,
        r.roleLabel,
        money(r.balance),
        money(r.exposer),
        money(r.available),
        money(r.creditReference),
        money(r.refPL),
        String(r.partnership),
        r.status,
        r.betLock ? 'Locked' : 'Open',
        ist(r.createdAt),
      ]),
      ['Total', '', '', money(first.totals.balance), money(first.totals.exposer), money(first.totals.available), money(first.totals.creditReference), money(first.totals.refPL), '', '', '', ''],
    ]);
    expect(file.records).toHaveLength(4);
  });
});

describe('the casino reports', () => {
  it('GET /api/casino-report/export and /api/game-reports/export: a header and the JSON rows (none here)', async () => {
    const query = `from=${weekAgo}&to=${today}`;
    const player = await download(t, p1.token, `/api/casino-report/export?${query}`);
    expect(player.records).toEqual([['Date', 'Game', 'Rounds', 'Bets', 'Stake', 'P&L']]);
    expect(player.headers['content-disposition']).toBe(`attachment; filename="casino-report_${p1.user.username}_${weekAgo}_${today}.csv"`);
    const agent = await download(t, chain.tokens.dl, `/api/game-reports/export?${query}`);
    expect(agent.records).toEqual([['Game', 'Client', 'Bets', 'Stake', 'P&L']]);
  });
});

describe('the same refusals as the JSON routes, before anything streams', () => {
  const foreign = () => [
    // A foreign agent naming another branch's account.
    [otherDlToken, 'GET', `/api/bet-history?username=${p1.user.username}&from=${weekAgo}&to=${today}`],
    [otherDlToken, 'GET', `/api/list-clients?username=${chain.agents.dl.username}`],
    [otherDlToken, 'GET', `/api/get-deposit-withdraw-list?type=deposit&startDate=${weekAgo}&endDate=${today}&reportType=all&username=${p1.user.username}`],
    [otherDlToken, 'GET', `/api/account-statement?username=${p1.user.username}&startDate=${weekAgo}&endDate=${today}`],
    // A player on an agents' report, a player naming another player, an agent on a player's report.
    [p1.token, 'GET', `/api/game-reports?from=${weekAgo}&to=${today}`],
    [p1.token, 'GET', `/api/list-clients`],
    [p1.token, 'GET', `/api/bet-history?username=${p2.user.username}`],
    [chain.tokens.dl, 'GET', `/api/casino-report?from=${weekAgo}&to=${today}`],
    // Bad filters.
    [chain.tokens.dl, 'GET', `/api/profit-loss?from=${today}&to=${weekAgo}`],
    [chain.tokens.dl, 'GET', `/api/unsettled-bets?type=nonsense`],
  ] as const;

  it('each export answers what its JSON route answers (status and body)', async () => {
    for (const [token, , url] of foreign()) {
      const [path, query] = url.split('?');
      const exportUrl = `${path}/export${query === undefined ? '' : `?${query}`}`;
      const csv = await t.request({ method: 'GET', url: exportUrl, token });
      const json =
        path === '/api/get-deposit-withdraw-list'
          ? await t.request({ method: 'POST', url: path, token, payload: Object.fromEntries(new URLSearchParams(query)) })
          : await t.request({ method: 'GET', url, token });
      expect({ url: exportUrl, status: csv.statusCode, body: csv.body }).toEqual({ url: exportUrl, status: json.statusCode, body: json.body });
      expect({ url: exportUrl, refused: csv.statusCode >= 400 && csv.statusCode < 500 }).toEqual({ url: exportUrl, refused: true });
      expect(csv.headers['content-disposition']).toBeUndefined();
    }
  });

  it('without a token: 401', async () => {
    for (const route of ['account-statement', 'bet-history', 'unsettled-bets', 'profit-loss', 'get-deposit-withdraw-list', 'list-clients', 'casino-report', 'game-reports']) {
      expect({ route, status: (await t.request({ method: 'GET', url: `/api/${route}/export` })).statusCode }).toEqual({ route, status: 401 });
    }
  });
});
