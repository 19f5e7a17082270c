/**
 * The books through the real API and PostgreSQL: the player's match-positions (equal to a
 * recomputation from the stored bets with the shared pure functions), the agents' market
 * analysis (docs/rules/money.md T27 exactly, for every agent of the T26 chain; fancy run zones merged over
 * players), get-child-user-list per direct child, and that no agent sees another branch.
 */
import type { ChildBookRow, MarketBook, MarketPosition } from '@backlay/shared/contracts';
import {
  distributePartnership,
  exposureMinor,
  fancyBook,
  fancyPnlAtMinor,
  marketPnlVector,
  type FancyBet,
  type RunnerBet,
} from '@backlay/shared/domain';
import {
  backOrLay,
  createChain,
  createMatch,
  createPlayer,
  getData,
  T26_SHARES,
  yesOrNo,
  type Chain,
  type Player,
  type TestMatch,
} from './bet-reports-helper';
import { body, buildTestApp, type TestContext } from './helper';

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const AGENT_ROLES = ['dl', 'mdl', 'smdl', 'sadmin', 'admin'] as const;

/** usersPnl / ownPnl per line, keyed by selection id. */
function lines(book: MarketBook | undefined): Record<string, [number, number]> {
  if (book === undefined) throw new Error('no such book');
  return Object.fromEntries(book.lines.map((l) => [l.selectionId, [l.usersPnl, l.ownPnl]]));
}

/** The player's books on the match recomputed from its open bets with the pure functions (paise). */
async function recomputed(userId: string, matchId: string): Promise<Map<string, { pnl: Map<string, number>; exposure: number }>> {
  const { rows } = await t.db.query<{ marketId: string; marketType: string; side: string; selectionId: string; odds: number; stake: string; line: number | null }>(
    `SELECT market_id AS "marketId", market_type AS "marketType", side, selection_id AS "selectionId", odds_hundredths AS odds,
            stake_minor::text AS stake, run_line AS line
     FROM bets WHERE user_id = $1 AND match_id = $2 AND status = 'open' ORDER BY created_at, id`,
    [userId, matchId],
  );
  const out = new Map<string, { pnl: Map<string, number>; exposure: number }>();
  for (const marketId of new Set(rows.map((r) => r.marketId))) {
    const bets = rows.filter((r) => r.marketId === marketId);
    if (bets[0]?.marketType === 'fancy') {
      const book = fancyBook(
        bets.map((b): FancyBet => ({ side: b.side as 'YES' | 'NO', line: b.line ?? -1, rate: b.odds - 100, stakeMinor: Number(b.stake) })),
      );
      const zones = [0, ...book.lines].filter((from, i) => i === 0 ? (book.lines[0] ?? 1) > 0 : true);
      out.set(marketId, {
        pnl: new Map(zones.map((from) => [String(from), fancyPnlAtMinor(book, from)])),
        exposure: exposureMinor(book.zonesMinor),
      });
    } else {
      const runners = await t.db.query<{ id: string }>('SELECT selection_id AS id FROM runners WHERE market_id = $1 ORDER BY sort_order', [marketId]);
      const vector = marketPnlVector(
        bets.map((b): RunnerBet => ({ side: b.side as 'BACK' | 'LAY', runnerId: b.selectionId, stakeMinor: Number(b.stake), oddsHundredths: b.odds })),
        runners.rows.map((r) => r.id),
      );
      out.set(marketId, { pnl: vector, exposure: exposureMinor(vector) });
    }
  }
  return out;
}

describe('T27: the agents book a 2-runner market', () => {
  let chain: Chain;
  let match: TestMatch;
  let u1: Player;
  let u2: Player;

  beforeAll(async () => {
    chain = await createChain(t);
    u1 = await createPlayer(t, chain.agents.dl.id);
    u2 = await createPlayer(t, chain.agents.dl.id);
    match = await createMatch(t, { markets: [{ runners: { A: [200, 202], B: [300, 302] } }] });
    const marketId = match.marketIds[0] ?? '';
    await backOrLay(t, u1, match, marketId, { selectionId: 'A', side: 'BACK', odds: 2, stake: 1_000 });
    await backOrLay(t, u2, match, marketId, { selectionId: 'B', side: 'BACK', odds: 3, stake: 500 });
  });

  it('every agent of the chain sees users (A +500, B 0) and its own share: −250 / −100 / −75 / −50 / −25', async () => {
    const expectedOwnA: Record<(typeof AGENT_ROLES)[number], number> = { dl: -250, mdl: -100, smdl: -75, sadmin: -50, admin: -25 };
    for (const role of AGENT_ROLES) {
      const books = await getData<MarketBook[]>(t, chain.tokens[role], `/api/get-market-analysis?matchId=${match.matchId}`);
      expect({ role, count: books.length }).toEqual({ role, count: 1 });
      const book = books[0];
      expect(book).toMatchObject({
        matchId: match.matchId,
        matchName: match.name,
        sportId: 4,
        marketId: match.marketIds[0],
        marketName: 'Match Odds',
        marketType: 'match_odds',
        betCount: 2,
      });
      expect({ role, lines: lines(book) }).toEqual({ role, lines: { A: [500, expectedOwnA[role]], B: [0, 0] } });
      expect(book?.lines.map((l) => l.name)).toEqual(['Runner A', 'Runner B']);
    }
  });

  it('the own books add up to the house (−users P&L) and equal what distributePartnership gives per player', async () => {
    let ownA = 0;
    for (const role of AGENT_ROLES) {
      const [book] = await getData<MarketBook[]>(t, chain.tokens[role], `/api/get-market-analysis?matchId=${match.matchId}`);
      ownA += lines(book).A?.[1] ?? NaN;
    }
    expect(ownA).toBe(-500);
    const path = AGENT_ROLES.map((role) => ({ id: chain.agents[role].id, shareBps: T26_SHARES[role] }));
    const perPlayer = [100_000, -50_000].map((pnl) => distributePartnership(path, pnl));
    const dlA = perPlayer.reduce((sum, amounts) => sum + (amounts[0]?.amountMinor ?? NaN), 0);
    expect(dlA).toBe(-25_000);
  });

  it('without matchId the analysis lists every open market of the downline', async () => {
    const books = await getData<MarketBook[]>(t, chain.tokens.dl, '/api/get-market-analysis');
    expect(books.map((b) => b.marketId)).toEqual([match.marketIds[0]]);
  });

  it('get-child-user-list: the combined book per direct child, down to the players', async () => {
    const ofMdl = await getData<ChildBookRow[]>(t, chain.tokens.mdl, `/api/get-child-user-list?matchId=${match.matchId}`);
    expect(ofMdl).toEqual([
      {
        username: chain.agents.dl.username,
        role: 'dl',
        markets: [
          {
            marketId: match.marketIds[0],
            marketName: 'Match Odds',
            marketType: 'match_odds',
            lines: [
              { selectionId: 'A', name: 'Runner A', usersPnl: 500 },
              { selectionId: 'B', name: 'Runner B', usersPnl: 0 },
            ],
          },
        ],
      },
    ]);
    // The same rows when an upline names the MDL.
    const named = await getData<ChildBookRow[]>(
      t,
      chain.tokens.sadmin,
      `/api/get-child-user-list?matchId=${match.matchId}&username=${chain.agents.mdl.username}`,
    );
    expect(named).toEqual(ofMdl);
    // The DL's children are the players, each with its own vector.
    const ofDl = await getData<ChildBookRow[]>(t, chain.tokens.dl, `/api/get-child-user-list?matchId=${match.matchId}`);
    const byName = Object.fromEntries(ofDl.map((row) => [row.username, row.markets[0]?.lines.map((l) => l.usersPnl)]));
    expect(byName).toEqual({ [u1.user.username]: [1_000, -1_000], [u2.user.username]: [-500, 1_000] });
    expect(ofDl.every((row) => row.role === 'user')).toBe(true);
    // A player has no children.
    expect(await getData(t, chain.tokens.dl, `/api/get-child-user-list?matchId=${match.matchId}&username=${u1.user.username}`)).toEqual([]);
  });

  it('players are refused the agents\' books; agents are refused match-positions', async () => {
    for (const url of [`/api/get-market-analysis?matchId=${match.matchId}`, `/api/get-child-user-list?matchId=${match.matchId}`]) {
      const response = await t.request({ method: 'GET', url, token: u1.token });
      expect(response.statusCode).toBe(403);
      expect(body(response)).toMatchObject({ data: { code: 'FORBIDDEN' }, message: 'Only agents can do this' });
    }
    const agent = await t.request({ method: 'GET', url: `/api/match-positions?matchId=${match.matchId}`, token: chain.tokens.dl });
    expect(agent.statusCode).toBe(403);
    expect(body(agent)).toMatchObject({ data: { code: 'FORBIDDEN' } });
  });

  it('answers 400 with a clear message for a missing matchId', async () => {
    const response = await t.request({ method: 'GET', url: '/api/get-child-user-list', token: chain.tokens.dl });
    expect(response.statusCode).toBe(400);
    expect(body(response).message).toBe('matchId is required');
    const positions = await t.request({ method: 'GET', url: '/api/match-positions', token: u1.token });
    expect(positions.statusCode).toBe(400);
    expect(body(positions).message).toBe('matchId is required');
  });
});

describe('another branch stays invisible', () => {
  it('a sibling DL sees only its own players, and cannot name the other branch', async () => {
    const chain = await createChain(t);
    const dl2 = await t.createUser({ role: 'dl', parentId: chain.agents.mdl.id, partnershipShareBps: 6_000 });
    const dl2Token = (await t.login(dl2)).token;
    const mine = await createPlayer(t, chain.agents.dl.id);
    const theirs = await createPlayer(t, dl2.id);
    const match = await createMatch(t, { markets: [{ runners: { A: [200, 202], B: [200, 202] } }], fancies: ['6 over runs'] });
    const marketId = match.marketIds[0] ?? '';
    const fancyId = match.fancyIds[0] ?? '';
    await backOrLay(t, theirs, match, marketId, { selectionId: 'A', side: 'BACK', odds: 2, stake: 300 });
    await yesOrNo(t, theirs, match, fancyId, { side: 'YES', run: 50, rate: 100, stake: 200 });

    // The DL of the other branch sees nothing at all of this match.
    expect(await getData(t, chain.tokens.dl, `/api/get-market-analysis?matchId=${match.matchId}`)).toEqual([]);
    expect(await getData(t, chain.tokens.dl, '/api/get-market-analysis')).toEqual([]);
    // Its child is listed, with no market: nothing of the other branch adds to it.
    const children = await getData<ChildBookRow[]>(t, chain.tokens.dl, `/api/get-child-user-list?matchId=${match.matchId}`);
    expect(children).toEqual([{ username: mine.user.username, role: 'user', markets: [] }]);
    const foreign = await t.request({
      method: 'GET',
      url: `/api/get-child-user-list?matchId=${match.matchId}&username=${dl2.username}`,
      token: chain.tokens.dl,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(theirs.user.username);

    // Now a bet in the DL's own branch: it sees that one only; dl2 still sees only its own.
    await backOrLay(t, mine, match, marketId, { selectionId: 'B', side: 'BACK', odds: 2, stake: 100 });
    const own = await getData<MarketBook[]>(t, chain.tokens.dl, `/api/get-market-analysis?matchId=${match.matchId}`);
    expect(own.map((b) => [b.marketId, b.betCount])).toEqual([[marketId, 1]]);
    expect(lines(own[0])).toEqual({ A: [-100, 50], B: [100, -50] });
    const other = await getData<MarketBook[]>(t, dl2Token, `/api/get-market-analysis?matchId=${match.matchId}`);
    expect(other.map((b) => [b.marketId, b.betCount])).toEqual([
      [marketId, 1],
      [fancyId, 1],
    ]);
    expect(lines(other[0])).toEqual({ A: [300, -180], B: [-300, 180] });

    // Their common parent sees both branches, one row per child.
    const ofMdl = await getData<ChildBookRow[]>(t, chain.tokens.mdl, `/api/get-child-user-list?matchId=${match.matchId}`);
    const byChild = Object.fromEntries(ofMdl.map((row) => [row.username, row.markets.map((m) => [m.marketId, m.lines.map((l) => l.usersPnl)])]));
    expect(byChild).toEqual({
      [chain.agents.dl.username]: [[marketId, [-100, 100]]],
      [dl2.username]: [
        [marketId, [300, -300]],
        [fancyId, [-200, 200]],
      ],
    });
    const mdlBook = await getData<MarketBook[]>(t, chain.tokens.mdl, `/api/get-market-analysis?matchId=${match.matchId}`);
    expect(mdlBook.map((b) => b.betCount)).toEqual([2, 1]);
    // MDL own share: 20 % of the DL branch, 10 % of dl2's (60 % → 70 %).
    expect(lines(mdlBook[0])).toEqual({ A: [200, -10], B: [-200, 10] });
  });
});

describe('fancy books and the player\'s positions', () => {
  let chain: Chain;
  let match: TestMatch;
  let u1: Player;
  let u2: Player;

  beforeAll(async () => {
    chain = await createChain(t);
    u1 = await createPlayer(t, chain.agents.dl.id);
    u2 = await createPlayer(t, chain.agents.dl.id);
    match = await createMatch(t, {
      markets: [{ runners: { H: [250, 252], D: [358, 360], A: [300, 302] } }],
      fancies: ['10 over runs HOME'],
    });
    const fancyId = match.fancyIds[0] ?? '';
    // T11 for u1; T12 for u2.
    await yesOrNo(t, u1, match, fancyId, { side: 'NO', run: 45, rate: 110, stake: 1_000 });
    await yesOrNo(t, u2, match, fancyId, { side: 'YES', run: 46, rate: 90, stake: 1_000 });
    await yesOrNo(t, u2, match, fancyId, { side: 'NO', run: 45, rate: 100, stake: 1_000 });
    // T2 for u2 on the runner market (back H, lay D).
    await backOrLay(t, u2, match, match.marketIds[0] ?? '', { selectionId: 'H', side: 'BACK', odds: 2.5, stake: 100 });
    await backOrLay(t, u2, match, match.marketIds[0] ?? '', { selectionId: 'D', side: 'LAY', odds: 3.6, stake: 50 });
  });

  it('match-positions: per runner and per run zone, equal to the bets recomputed with the pure functions', async () => {
    const positions = await getData<MarketPosition[]>(t, u2.token, `/api/match-positions?matchId=${match.matchId}`);
    expect(positions).toEqual([
      {
        marketId: match.marketIds[0],
        marketType: 'match_odds',
        profitlist: [
          { selectionId: 'H', profit: 200 },
          { selectionId: 'D', profit: -230 },
          { selectionId: 'A', profit: -50 },
        ],
        exposure: 230,
      },
      {
        marketId: match.fancyIds[0],
        marketType: 'fancy',
        profitlist: [
          { selectionId: '0', profit: 0, fromRuns: 0 },
          { selectionId: '45', profit: -2_000, fromRuns: 45 },
          { selectionId: '46', profit: -100, fromRuns: 46 },
        ],
        exposure: 2_000,
      },
    ]);
    for (const player of [u1, u2]) {
      const served = await getData<MarketPosition[]>(t, player.token, `/api/match-positions?matchId=${match.matchId}`);
      const expected = await recomputed(player.user.id, match.matchId);
      expect(served.map((p) => p.marketId).sort()).toEqual([...expected.keys()].sort());
      for (const position of served) {
        const book = expected.get(position.marketId);
        expect(Object.fromEntries(position.profitlist.map((row) => [row.selectionId, Math.round(row.profit * 100)]))).toEqual(
          Object.fromEntries(book?.pnl ?? []),
        );
        expect(Math.round(position.exposure * 100)).toBe(book?.exposure);
      }
    }
    // Another match, or a match without bets: nothing.
    expect(await getData(t, u1.token, '/api/match-positions?matchId=no-such-match')).toEqual([]);
  });

  it('market analysis merges the players\' run books zone by zone, own share per player', async () => {
    const books = await getData<MarketBook[]>(t, chain.tokens.dl, `/api/get-market-analysis?matchId=${match.matchId}`);
    const fancy = books.find((b) => b.marketType === 'fancy');
    expect(fancy).toMatchObject({ marketId: match.fancyIds[0], marketName: '10 over runs HOME', betCount: 3 });
    // u1 (T11): 1,000 / −1,100 / −1,100; u2 (T12): 0 / −2,000 / −100.
    expect(fancy?.lines).toEqual([
      { selectionId: '0', name: '44 and below', fromRuns: 0, usersPnl: 1_000, ownPnl: -500 },
      { selectionId: '45', name: '45', fromRuns: 45, usersPnl: -3_100, ownPnl: 1_550 },
      { selectionId: '46', name: '46 and above', fromRuns: 46, usersPnl: -1_200, ownPnl: 600 },
    ]);
    const runner = books.find((b) => b.marketType === 'match_odds');
    expect(lines(runner)).toEqual({ H: [200, -100], D: [-230, 115], A: [-50, 25] });
    // Higher up the same zones, with that agent's own share (SMDL 15 %).
    const smdl = await getData<MarketBook[]>(t, chain.tokens.smdl, `/api/get-market-analysis?matchId=${match.matchId}`);
    expect(lines(smdl.find((b) => b.marketType === 'fancy'))).toEqual({ '0': [1_000, -150], '45': [-3_100, 465], '46': [-1_200, 180] });
  });
});
