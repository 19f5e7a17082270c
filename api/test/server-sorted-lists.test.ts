/**
 * Server-side sort and search of the bet lists, the SMS outbox and the match list (issue 34,
 * ADR 0068): unsettled-bets (the downline's open and voided bets, one match's for the
 * downline-bets panel), bet-history, sms-outbox and get-match-list (capped at PAGE_SIZE_MAX). The order comes from the contract's whitelist (stakes and P&L as
 * numbers, then the list's own order: newest first), anything else is a 400 with what is
 * accepted, never a 500, and a search only ever narrows what the caller could already list.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { BET_SORT_KEYS, MATCH_SORT_KEYS, SMS_OUTBOX_SORT_KEYS, type BetPage, type BetRow, type MatchSummary, type SmsOutboxResponse } from '@backlay/shared/contracts';
import { backOrLay, createChain, createMatch, createPlayer, postData, type Chain, type Player, type TestMatch } from './bet-reports-helper';
import { body, buildTestApp, TEST_TXN_PASSWORD, type TestContext } from './helper';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

type Envelope<T> = { data: T; message: string };

/** Letters only, so a search for a name never matches another test's names by chance. */
const tag = () => randomBytes(4).toString('hex').replace(/[0-9a-f]/g, (c) => 'ghijklmnopqrstuv'[parseInt(c, 16)] ?? 'g');

describe('GET /api/unsettled-bets and /api/bet-history ?sort&order&search', () => {
  let chain: Chain;
  let foreign: Chain;
  let suffix: string;
  let alpha: Player;
  let bravo: Player;
  /** A player of another branch under the same MDL (dlB), and one of another tree: both named to match. */
  let sibling: Player;
  let outsider: Player;
  let lions: TestMatch;
  let reds: TestMatch;
  /** Bet ids by name. */
  const bets: Record<string, string> = {};

  const get = (token: string, url: string) =>
    t.request({ method: 'GET', url, token }).then((r) => ({ status: r.statusCode, ...body<Envelope<BetPage<BetRow>> & { data: { code?: string } }>(r) }));
  const betIds = (page: BetPage<BetRow>) => page.rows.map((r) => r.betId);
  const named = (...names: string[]) => names.map((n) => bets[n]);

  beforeAll(async () => {
    suffix = tag();
    chain = await createChain(t);
    foreign = await createChain(t);
    const dlB = await t.createUser({ role: 'dl', parentId: chain.agents.mdl.id });
    const player = async (parentId: string, prefix: string) => {
      const p = await createPlayer(t, parentId);
      // Renamed so a search for the prefix or the suffix finds exactly these.
      const username = `${prefix}-${suffix}`;
      await t.db.query('UPDATE users SET username = $2 WHERE id = $1', [p.user.id, username]);
      return { ...p, user: { ...p.user, username } };
    };
    alpha = await player(chain.agents.dl.id, 'alpha');
    bravo = await player(chain.agents.dl.id, 'Bravo');
    sibling = await player(dlB.id, 'charlie');
    outsider = await player(foreign.agents.dl.id, 'delta');
    lions = await createMatch(t, { name: `Lions v Tigers ${suffix}`, markets: [{ runners: { A: [200, 202], B: [300, 302] } }] });
    reds = await createMatch(t, { sportId: 1, name: `Reds v Blues ${suffix}`, markets: [{ name: 'Winner', runners: { H: [200, 202], X: [300, 302] } }] });
    const [l, r] = [lions.marketIds[0] ?? '', reds.marketIds[0] ?? ''];
    // In the order placed; alpha's two stakes of 100 are a tie the list's own order (newest first) breaks.
    bets.alphaLions = (await backOrLay(t, alpha, lions, l, { selectionId: 'A', side: 'BACK', odds: 2, stake: 100 })).bet.betId;
    bets.bravoLions = (await backOrLay(t, bravo, lions, l, { selectionId: 'B', side: 'BACK', odds: 3, stake: 300 })).bet.betId;
    bets.alphaReds = (await backOrLay(t, alpha, reds, r, { selectionId: 'X', side: 'BACK', odds: 3, stake: 100 })).bet.betId;
    bets.bravoReds = (await backOrLay(t, bravo, reds, r, { selectionId: 'H', side: 'BACK', odds: 2, stake: 20 })).bet.betId;
    bets.sibling = (await backOrLay(t, sibling, lions, l, { selectionId: 'A', side: 'BACK', odds: 2, stake: 500 })).bet.betId;
    bets.outsider = (await backOrLay(t, outsider, lions, l, { selectionId: 'A', side: 'BACK', odds: 2, stake: 700 })).bet.betId;
  }, 60_000);

  it('sorts the downline by stake as money, both ways; a tie keeps newest first; without a sort, newest first', async () => {
    const asc = await get(chain.tokens.dl, '/api/unsettled-bets?sort=stake&order=asc');
    expect(asc.status).toBe(200);
    expect(betIds(asc.data)).toEqual(named('bravoReds', 'alphaReds', 'alphaLions', 'bravoLions'));
    expect(asc.data.rows.map((r) => r.stake)).toEqual([20, 100, 100, 300]);
    const desc = await get(chain.tokens.dl, '/api/unsettled-bets?sort=stake&order=desc');
    expect(betIds(desc.data)).toEqual(named('bravoLions', 'alphaReds', 'alphaLions', 'bravoReds'));
    const newest = await get(chain.tokens.dl, '/api/unsettled-bets');
    expect(betIds(newest.data)).toEqual(named('bravoReds', 'alphaReds', 'bravoLions', 'alphaLions'));
    // Order alone defaults to ascending.
    expect(betIds((await get(chain.tokens.dl, '/api/unsettled-bets?sort=stake')).data)).toEqual(betIds(asc.data));
  });

  it('sorts text ignoring case and pages through one order', async () => {
    const byUser = await get(chain.tokens.dl, '/api/unsettled-bets?sort=username&order=desc');
    // Bravo (capital B) after alpha in descending order; each player's bets newest first.
    expect(betIds(byUser.data)).toEqual(named('bravoReds', 'bravoLions', 'alphaReds', 'alphaLions'));
    const byMatch = await get(chain.tokens.dl, '/api/unsettled-bets?sort=matchName&order=asc');
    expect(betIds(byMatch.data)).toEqual(named('bravoLions', 'alphaLions', 'bravoReds', 'alphaReds'));
    const byOdds = await get(chain.tokens.dl, '/api/unsettled-bets?sort=odds&order=desc');
    expect(byOdds.data.rows.map((r) => r.odds)).toEqual([3, 3, 2, 2]);
    const pages: string[] = [];
    for (let page = 1; page <= 2; page += 1) pages.push(...betIds((await get(chain.tokens.dl, `/api/unsettled-bets?sort=stake&order=desc&pageSize=2&page=${page}`)).data));
    expect(pages).toEqual(named('bravoLions', 'alphaReds', 'alphaLions', 'bravoReds'));
  });

  it('answers every whitelisted column both ways, on both lists', async () => {
    for (const key of BET_SORT_KEYS) {
      for (const order of ['asc', 'desc']) {
        const open = await get(chain.tokens.dl, `/api/unsettled-bets?sort=${key}&order=${order}`);
        const history = await get(chain.tokens.dl, `/api/bet-history?sort=${key}&order=${order}`);
        expect([key, order, open.status, open.data.total, history.status]).toEqual([key, order, 200, 4, 200]);
      }
    }
  });

  it('refuses a column outside the whitelist and a bad order with 400 and what it accepts', async () => {
    for (const route of ['unsettled-bets', 'bet-history']) {
      const unknown = await get(chain.tokens.dl, `/api/${route}?sort=stake_minor`);
      expect([route, unknown.status, unknown.data.code, unknown.message]).toEqual([route, 400, 'VALIDATION', `sort must be one of: ${BET_SORT_KEYS.join(', ')}`]);
      const order = await get(chain.tokens.dl, `/api/${route}?sort=stake&order=sideways`);
      expect([route, order.status, order.message]).toEqual([route, 400, 'order must be one of: asc, desc']);
    }
  });

  it.each([
    ['sort=stake%3B%20DROP%20TABLE%20bets%3B--'],
    ['sort=stake%20DESC%2C%20(SELECT%201)'],
    ['sort=__proto__'],
    ['sort=constructor'],
    ['sort=%00'],
    ['sort=stake&sort=username'],
    [`sort=${'x'.repeat(5000)}`],
    ['sort=stake&order=asc%27--'],
    [`search=${'%'.repeat(51)}`],
    ['search=a&search=b'],
    ['search=%00'],
  ])('hostile query #%# → 400, never 500', async (query) => {
    for (const route of ['unsettled-bets', 'bet-history']) {
      const r = await get(chain.tokens.dl, `/api/${route}?${query}`);
      expect([route, r.status]).toEqual([route, 400]);
    }
    const left = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bets WHERE match_id = ANY ($1)', [[lions.matchId, reds.matchId]]);
    expect(left.rows[0]?.n).toBe(6);
  });

  it('searches a username, a match or a market name within the downline only', async () => {
    const byUser = await get(chain.tokens.dl, '/api/unsettled-bets?search=BRAVO&sort=stake&order=desc');
    expect([betIds(byUser.data), byUser.data.total]).toEqual([named('bravoLions', 'bravoReds'), 2]);
    const byMatch = await get(chain.tokens.dl, `/api/unsettled-bets?search=lions v tigers ${suffix}`);
    expect(betIds(byMatch.data)).toEqual(named('bravoLions', 'alphaLions'));
    const byMarket = await get(chain.tokens.dl, '/api/unsettled-bets?search=winner');
    expect(betIds(byMarket.data)).toEqual(named('bravoReds', 'alphaReds'));
    // Everyone named with the suffix: only the DL's own downline, not its sibling branch nor another tree.
    const bySuffix = await get(chain.tokens.dl, `/api/unsettled-bets?search=${suffix}`);
    expect(bySuffix.data.total).toBe(4);
    expect(betIds(bySuffix.data)).not.toContain(bets.sibling);
    expect(betIds((await get(chain.tokens.dl, '/api/unsettled-bets?search=charlie')).data)).toEqual([]);
    expect(betIds((await get(chain.tokens.dl, '/api/unsettled-bets?search=delta')).data)).toEqual([]);
    // The MDL above both branches finds its sibling branch too, never the other tree.
    const mdl = await get(chain.tokens.mdl, `/api/unsettled-bets?search=${suffix}&sort=stake&order=desc`);
    expect(betIds(mdl.data)).toEqual(named('sibling', 'bravoLions', 'alphaReds', 'alphaLions', 'bravoReds'));
    // Wildcards are literal.
    expect((await get(chain.tokens.dl, '/api/unsettled-bets?search=%25')).data.total).toBe(0);
    expect((await get(chain.tokens.dl, '/api/unsettled-bets?search=_')).data.total).toBe(0);
    // A player's search narrows its own bets.
    expect(betIds((await get(alpha.token, '/api/unsettled-bets?search=bravo')).data)).toEqual([]);
    expect(betIds((await get(alpha.token, '/api/unsettled-bets?search=reds')).data)).toEqual(named('alphaReds'));
  });

  it('a foreign agent cannot see another branch through a search, not even on a shared match', async () => {
    for (const search of ['alpha', 'bravo', suffix, `Lions v Tigers ${suffix}`]) {
      const theirs = await get(foreign.tokens.dl, `/api/unsettled-bets?search=${encodeURIComponent(search)}&matchId=${lions.matchId}`);
      expect([search, theirs.status, betIds(theirs.data)]).toEqual([search, 200, search === 'alpha' || search === 'bravo' ? [] : named('outsider')]);
      const admin = await get(foreign.tokens.admin, `/api/unsettled-bets?search=${encodeURIComponent(search)}`);
      expect(betIds(admin.data)).not.toEqual(expect.arrayContaining([bets.alphaLions]));
      const history = await get(foreign.tokens.admin, `/api/bet-history?search=${encodeURIComponent(search)}`);
      expect(history.data.total).toBe(0);
    }
  });

  it('one match (the downline bets panel): sort and search within the match', async () => {
    const lionsOnly = await get(chain.tokens.dl, `/api/unsettled-bets?matchId=${lions.matchId}&sort=stake&order=desc`);
    expect(betIds(lionsOnly.data)).toEqual(named('bravoLions', 'alphaLions'));
    const searched = await get(chain.tokens.dl, `/api/unsettled-bets?matchId=${lions.matchId}&search=alpha`);
    expect(betIds(searched.data)).toEqual(named('alphaLions'));
  });

  describe('after a result and a void', () => {
    beforeAll(async () => {
      // The admin voids alpha's Lions bet; the Reds market settles with H (bravo wins 20, alpha loses 100).
      const voided = await t.request({ method: 'DELETE', url: `/api/delete-current-bet/${bets.alphaLions}`, token: chain.tokens.admin });
      if (voided.statusCode !== 200) throw new Error(`delete-current-bet: ${voided.statusCode} ${voided.body}`);
      await postData(t, chain.tokens.admin, '/api/declare-result', {
        transactionPassword: TEST_TXN_PASSWORD,
        marketId: reds.marketIds[0],
        result: { type: 'WINNER', selectionId: 'H' },
      });
    }, 60_000);

    it('bet-history sorts by P&L both ways and searches within the downline', async () => {
      const asc = await get(chain.tokens.dl, '/api/bet-history?sort=pnl&order=asc');
      expect(asc.status).toBe(200);
      expect(asc.data.rows.map((r) => [r.betId, r.pnl])).toEqual([
        [bets.alphaReds, -100],
        [bets.alphaLions, 0],
        [bets.bravoReds, 20],
      ]);
      const desc = await get(chain.tokens.dl, '/api/bet-history?sort=pnl&order=desc');
      expect(betIds(desc.data)).toEqual(named('bravoReds', 'alphaLions', 'alphaReds'));
      const searched = await get(chain.tokens.dl, '/api/bet-history?search=reds&sort=username&order=asc');
      expect(betIds(searched.data)).toEqual(named('alphaReds', 'bravoReds'));
      expect((await get(foreign.tokens.dl, `/api/bet-history?search=${suffix}`)).data.total).toBe(0);
    });

    it('the deleted list sorts and searches the voided bets', async () => {
      const deleted = await get(chain.tokens.dl, '/api/unsettled-bets?type=deleted&sort=stake&order=desc&search=alpha');
      expect(betIds(deleted.data)).toEqual(named('alphaLions'));
      expect((await get(chain.tokens.dl, '/api/unsettled-bets?type=deleted&search=bravo')).data.total).toBe(0);
    });
  });
});

describe('GET /api/sms-outbox?sort&order&search', () => {
  /** A marker no real phone starts with (Indian mobiles start 6 to 9), unique to this run. */
  const marker = `5${randomInt(100_000, 999_999)}`;
  let token: string;
  const phones = (data: SmsOutboxResponse) => data.rows.map((r) => r.phone.slice(-4));
  const get = (query: string, as = token) =>
    t.request({ method: 'GET', url: `/api/sms-outbox?${query}`, token: as }).then((r) => ({ status: r.statusCode, ...body<Envelope<SmsOutboxResponse>>(r) }));

  beforeAll(async () => {
    const admin = await t.createUser({ role: 'admin' });
    token = (await t.login(admin)).token;
    // Inserted in this order (ids ascending): newest first is 0002, 0001, 0003.
    for (const [last, purpose] of [['0003', 'register'], ['0001', 'reset'], ['0002', 'register']]) {
      await t.db.query(`INSERT INTO sms_outbox (phone, purpose, body) VALUES ($1, $2, 'test message')`, [`${marker}${last}`, purpose]);
    }
  });

  it('searches a part of the phone and sorts both ways; ties keep newest first', async () => {
    const newest = await get(`search=${marker}`);
    expect([newest.status, phones(newest.data), newest.data.total]).toEqual([200, ['0002', '0001', '0003'], 3]);
    expect(phones((await get(`search=${marker}&sort=phone&order=asc`)).data)).toEqual(['0001', '0002', '0003']);
    expect(phones((await get(`search=${marker}&sort=phone&order=desc`)).data)).toEqual(['0003', '0002', '0001']);
    expect(phones((await get(`search=${marker}&sort=purpose&order=asc`)).data)).toEqual(['0002', '0003', '0001']);
    expect(phones((await get(`search=${marker}&sort=purpose&order=desc`)).data)).toEqual(['0001', '0002', '0003']);
    expect(phones((await get(`search=${marker}&sort=createdAt&order=desc`)).data)).toEqual(['0002', '0001', '0003']);
    // Paged through one order; the total is the search's.
    const page2 = await get(`search=${marker}&sort=phone&order=asc&limit=2&page=2`);
    expect([phones(page2.data), page2.data.total]).toEqual([['0003'], 3]);
    // A page past the end still counts the search's matches.
    expect((await get(`search=${marker}&limit=2&page=9`)).data.total).toBe(3);
    expect((await get(`search=${marker}0001`)).data.total).toBe(1);
    // Wildcards are literal.
    expect((await get('search=%25')).data.total).toBe(0);
  });

  it('refuses a column outside the whitelist and hostile input with 400, never 500', async () => {
    const unknown = await get('sort=body');
    expect([unknown.status, unknown.message]).toEqual([400, `sort must be one of: ${SMS_OUTBOX_SORT_KEYS.join(', ')}`]);
    for (const query of ['sort=phone%3B--', 'sort=__proto__', 'sort=phone&sort=purpose', 'sort=phone&order=DESC%20NULLS%20FIRST', `search=${'9'.repeat(51)}`, 'search=%00', 'search=5%00&sort=phone']) {
      const r = await get(query);
      expect([query, r.status]).toEqual([query, 400]);
    }
    expect((await t.db.query('SELECT 1 FROM sms_outbox WHERE phone LIKE $1', [`${marker}%`])).rowCount).toBe(3);
  });

  it('stays closed to a DL, search or not (the outbox is the platform admins\')', async () => {
    const dl = await t.createUser({ role: 'dl', parentId: (await createChain(t)).agents.mdl.id });
    const r = await get(`search=${marker}`, (await t.login(dl)).token);
    expect(r.status).toBe(403);
  });
});

describe('GET /api/get-match-list?sort&order&search', () => {
  let admin: string;
  let player: string;
  const ids = (rows: MatchSummary[]) => rows.map((m) => m._id);
  const get = (query: string, as = admin) =>
    t.request({ method: 'GET', url: `/api/get-match-list?sportId=2&${query}`, token: as }).then((r) => ({ status: r.statusCode, ...body<Envelope<MatchSummary[]>>(r) }));

  beforeAll(async () => {
    admin = (await t.login(await t.createUser({ role: 'admin' }))).token;
    player = (await t.login(await t.createUser({ role: 'user' }))).token;
    await t.db.query(`INSERT INTO competitions (id, sport_id, name) VALUES ('c-zeta', 2, 'Zeta Open'), ('c-alpha', 2, 'alpha Cup')`);
    // tm3 and tm4 start at the same time (a tie the default order breaks by id); tm2 is hidden from players; tm5 is not imported.
    await t.db.query(
      `INSERT INTO events (id, sport_id, competition_id, name, open_date, status, imported, active) VALUES
         ('tm1', 2, 'c-zeta', 'Nadal v Federer', now() + interval '2 days', 'upcoming', true, true),
         ('tm2', 2, 'c-alpha', 'alcaraz v Sinner', now() - interval '1 hour', 'inplay', true, false),
         ('tm3', 2, 'c-alpha', 'Djokovic v Murray', date_trunc('hour', now()) + interval '1 day', 'upcoming', true, true),
         ('tm4', 2, 'c-zeta', 'Zverev v Ruud', date_trunc('hour', now()) + interval '1 day', 'upcoming', true, true),
         ('tm5', 2, 'c-zeta', 'Nadal v Someone', now() + interval '3 days', 'upcoming', false, true)`,
    );
  });

  it('sorts every column both ways before the cap; ties keep the default order', async () => {
    expect(ids((await get('')).data)).toEqual(['tm2', 'tm3', 'tm4', 'tm1']);
    expect(ids((await get('sort=name&order=asc')).data)).toEqual(['tm2', 'tm3', 'tm1', 'tm4']);
    expect(ids((await get('sort=name&order=desc')).data)).toEqual(['tm4', 'tm1', 'tm3', 'tm2']);
    expect(ids((await get('sort=competition&order=asc')).data)).toEqual(['tm2', 'tm3', 'tm4', 'tm1']);
    expect(ids((await get('sort=competition&order=desc')).data)).toEqual(['tm4', 'tm1', 'tm2', 'tm3']);
    expect(ids((await get('sort=openDate&order=asc')).data)).toEqual(['tm2', 'tm3', 'tm4', 'tm1']);
    expect(ids((await get('sort=openDate&order=desc')).data)).toEqual(['tm1', 'tm3', 'tm4', 'tm2']);
    expect(ids((await get('sort=active')).data)).toEqual(['tm2', 'tm3', 'tm4', 'tm1']);
    // The cap takes the first rows of the order asked for, not of the default one.
    expect(ids((await get('sort=name&order=desc&limit=2')).data)).toEqual(['tm4', 'tm1']);
    for (const key of MATCH_SORT_KEYS) expect([key, (await get(`sort=${key}&order=desc`, player)).status]).toEqual([key, 200]);
  });

  it('searches a match or competition name within what the caller sees', async () => {
    expect(ids((await get('search=ALPHA&sort=name')).data)).toEqual(['tm2', 'tm3']);
    // Not imported: no search finds it.
    expect(ids((await get('search=nadal')).data)).toEqual(['tm1']);
    // Hidden from players: their search does not find it either.
    expect(ids((await get('search=alcaraz', player)).data)).toEqual([]);
    expect(ids((await get('search=alpha', player)).data)).toEqual(['tm3']);
    expect(ids((await get('search=_')).data)).toEqual([]);
  });

  it('refuses a column outside the whitelist and hostile input with 400, never 500', async () => {
    const unknown = await get('sort=status');
    expect([unknown.status, unknown.message]).toEqual([400, `sort must be one of: ${MATCH_SORT_KEYS.join(', ')}`]);
    for (const query of ['sort=name%3B--', 'sort=__proto__', 'sort=name&sort=active', 'sort=name&order=up', `search=${'x'.repeat(51)}`, 'search=%00']) {
      const r = await get(query);
      expect([query, r.status]).toEqual([query, 400]);
    }
  });
});
