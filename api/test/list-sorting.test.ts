/**
 * Server-side sort and search of the lists the server pages or caps (issue 34, ADR 0068):
 * list-clients and get-deposit-withdraw-list. The order comes from the contract's whitelist of
 * columns (numbers and money as numbers, then the list's own order so equal values keep one
 * order from page to page); anything else is a 400 with a readable message, never a 500; and a
 * search only ever narrows the caller's own downline.
 */
import { randomBytes } from 'node:crypto';
import { CLIENT_SORT_KEYS, type ListClientsResponse, type PaymentRequestRow } from '@backlay/shared/contracts';
import { body, buildTestApp, type TestContext, type TestUser } from './helper';
import { buildChain, newUtr, pngImage, sendDeposit, type Chain } from './payments-helper';

let t: TestContext;
let png: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  png = await pngImage();
}, 60_000);
afterAll(() => t.close());

type Envelope<T> = { data: T; message: string };

/** Letters only, so a search for a name never matches another test's names by chance. */
const tag = () => randomBytes(4).toString('hex').replace(/[0-9a-f]/g, (c) => 'ghijklmnopqrstuv'[parseInt(c, 16)] ?? 'g');

describe('GET /api/list-clients?sort&order&search', () => {
  let sadmin: TestUser;
  let token: string;
  let suffix: string;
  /** username prefix → balance in rupees: 9 < 20 < 100 (text order would put 100 first), a tie at 20. */
  const BALANCES: Record<string, bigint> = { delta: 20n, alpha: 100n, Charlie: 9n, bravo: 20n, echo: 0n };

  const list = (url: string, as = token) =>
    t.request({ method: 'GET', url, token: as }).then((r) => ({ status: r.statusCode, ...body<Envelope<ListClientsResponse & { code?: string }>>(r) }));
  const names = (rows: { username: string }[]) => rows.map((r) => r.username.split('-')[0]);

  beforeAll(async () => {
    sadmin = await t.createUser({ role: 'sadmin' });
    token = (await t.login(sadmin)).token;
    suffix = tag();
    for (const [prefix, rupees] of Object.entries(BALANCES)) {
      const child = await t.createUser({ role: 'smdl', parentId: sadmin.id, username: `${prefix}-${suffix}` });
      if (rupees > 0n) await t.fund(child.id, rupees);
    }
  });

  it('sorts by a money column as numbers, both ways, ties by username', async () => {
    const asc = await list('/api/list-clients?sort=balance&order=asc');
    expect(asc.status).toBe(200);
    expect(names(asc.data.rows)).toEqual(['echo', 'Charlie', 'bravo', 'delta', 'alpha']);
    expect(asc.data.rows.map((r) => r.balance)).toEqual([0, 9, 20, 20, 100]);
    const desc = await list('/api/list-clients?sort=balance&order=desc');
    // The tie keeps the list's own order (username) in both directions.
    expect(names(desc.data.rows)).toEqual(['alpha', 'bravo', 'delta', 'Charlie', 'echo']);
    // The totals are over every row, whatever the order.
    expect(desc.data.totals.balance).toBe(149);
  });

  it('sorts text ignoring case, defaults to username ascending, and pages through one order', async () => {
    const byDefault = await list('/api/list-clients');
    expect(names(byDefault.data.rows)).toEqual(['alpha', 'bravo', 'Charlie', 'delta', 'echo']);
    const desc = await list('/api/list-clients?sort=username&order=desc');
    expect(names(desc.data.rows)).toEqual(['echo', 'delta', 'Charlie', 'bravo', 'alpha']);
    const ascOnly = await list('/api/list-clients?sort=available');
    expect(names(ascOnly.data.rows)).toEqual(['echo', 'Charlie', 'bravo', 'delta', 'alpha']);
    const pages = [];
    for (let page = 1; page <= 3; page += 1) pages.push(...(await list(`/api/list-clients?sort=balance&order=desc&pageSize=2&page=${page}`)).data.rows);
    expect(names(pages)).toEqual(['alpha', 'bravo', 'delta', 'Charlie', 'echo']);
  });

  it('answers every whitelisted column', async () => {
    for (const key of CLIENT_SORT_KEYS) {
      for (const order of ['asc', 'desc']) {
        const r = await list(`/api/list-clients?sort=${key}&order=${order}`);
        expect([key, order, r.status, r.data.total]).toEqual([key, order, 200, 5]);
      }
    }
  });

  it('refuses a column outside the whitelist and a bad order with 400 and what it accepts', async () => {
    const unknown = await list('/api/list-clients?sort=password_hash');
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe(`sort must be one of: ${CLIENT_SORT_KEYS.join(', ')}`);
    const order = await list('/api/list-clients?sort=balance&order=sideways');
    expect(order.status).toBe(400);
    expect(order.message).toBe('order must be one of: asc, desc');
    // A parameter the route does not know is dropped (the schema's removeAdditional): the default order.
    const dropped = await list('/api/list-clients?sort[]=balance');
    expect([dropped.status, names(dropped.data.rows)]).toEqual([200, ['alpha', 'bravo', 'Charlie', 'delta', 'echo']]);
  });

  it.each([
    ['sort=balance%3B%20DROP%20TABLE%20users%3B--'],
    ['sort=balance%20DESC%2C%20(SELECT%201)'],
    ['sort=1'],
    ['sort=__proto__'],
    ['sort=constructor'],
    ['sort=%00'],
    ['sort=balance&sort=username'],
    ['sort=x…x (5,000 characters)'.replace('x…x (5,000 characters)', 'x'.repeat(5000))],
    ['order=asc%27--&sort=balance'],
    [`search=${'%'.repeat(51)}`],
  ])('hostile query #%# → 400, never 500', async (query) => {
    const r = await list(`/api/list-clients?${query}`);
    expect(r.status).toBe(400);
    const users = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE parent_id = $1', [sadmin.id]);
    expect(users.rows[0]?.n).toBe(5);
  });

  it('searches only the listed children: not their downline, not another tree', async () => {
    const alpha = (await list(`/api/list-clients?search=alpha-${suffix}`)).data.rows[0]!;
    // A grandchild and an account of another tree, both named to match the search.
    const grandchild = await t.createUser({ role: 'mdl', parentId: alpha._id, username: `deltaz-${suffix}` });
    const otherTree = await t.createUser({ role: 'sadmin' });
    await t.createUser({ role: 'smdl', parentId: otherTree.id, username: `deltay-${suffix}` });
    const found = await list(`/api/list-clients?search=DELTA&sort=balance&order=desc`);
    expect(found.status).toBe(200);
    expect(found.data.rows.map((r) => r.username)).toEqual([`delta-${suffix}`]);
    expect(found.data.total).toBe(1);
    // Drilled into alpha, the grandchild is found there.
    const below = await list(`/api/list-clients?username=alpha-${suffix}&search=delta`);
    expect(below.data.rows.map((r) => r.username)).toEqual([grandchild.username]);
    // An agent of another tree searching its own list does not reach into this one, and cannot name it.
    const otherToken = (await t.login(otherTree)).token;
    const theirs = await list(`/api/list-clients?search=${suffix}&sort=balance`, otherToken);
    expect(theirs.data.rows.map((r) => r.username)).toEqual([`deltay-${suffix}`]);
    const named = await list(`/api/list-clients?username=alpha-${suffix}&search=delta`, otherToken);
    expect(named.status).toBeGreaterThanOrEqual(400);
    expect(named.status).toBeLessThan(500);
    expect(named.data.rows).toBeUndefined();
  });
});

describe('POST /api/get-deposit-withdraw-list sort&order&search', () => {
  let chain: Chain;
  let sibling: TestUser;
  let outsider: Chain;
  const utrs: Record<string, string> = {};

  const list = (token: string, extra: Record<string, unknown>) =>
    t
      .request({ method: 'POST', url: '/api/get-deposit-withdraw-list', token, payload: { type: 'deposit', startDate: '2020-01-01', endDate: '2099-12-31', reportType: 'all', ...extra } })
      .then((r) => ({ status: r.statusCode, ...body<Envelope<PaymentRequestRow[]>>(r) }));

  beforeAll(async () => {
    chain = await buildChain(t, 1_000n, 0n);
    sibling = await t.createUser({ role: 'user', parentId: chain.dl.id, username: `sib${tag()}` });
    const siblingToken = (await t.login(sibling)).token;
    outsider = await buildChain(t, 1_000n, 0n);
    // Player: 300 then 1,000 (text order would put 1000 before 300); sibling: 200; outsider: 250.
    for (const [who, token, amount] of [
      ['p300', chain.tokens.player, '300'],
      ['p1000', chain.tokens.player, '1000'],
      ['s200', siblingToken, '200'],
      ['o250', outsider.tokens.player, '250'],
    ] as const) {
      utrs[who] = newUtr();
      const sent = await sendDeposit(t, token, { amount, utrno: utrs[who] }, { data: png });
      expect(sent.status).toBe(200);
    }
  }, 60_000);

  it('sorts the downline by amount as numbers, both ways; without a sort, newest first', async () => {
    const asc = await list(chain.tokens.dl, { sort: 'amount', order: 'asc' });
    expect(asc.status).toBe(200);
    expect(asc.data.map((r) => r.amount)).toEqual([200, 300, 1000]);
    const desc = await list(chain.tokens.dl, { sort: 'amount', order: 'desc' });
    expect(desc.data.map((r) => r.amount)).toEqual([1000, 300, 200]);
    const newest = await list(chain.tokens.dl, {});
    expect(newest.data.map((r) => r.amount)).toEqual([200, 1000, 300]);
    const byUser = await list(chain.tokens.dl, { sort: 'username', order: 'desc' });
    // Two rows of one player keep newest first among themselves.
    const [first, second] = [chain.player.username, sibling.username].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase()));
    expect(byUser.data.map((r) => r.username)).toEqual(first === sibling.username ? [first, second, second] : [first, first, second]);
    expect(byUser.data.filter((r) => r.username === chain.player.username).map((r) => r.amount)).toEqual([1000, 300]);
  });

  it('searches a part of a username or a UTR, never outside the downline', async () => {
    const bySibling = await list(chain.tokens.dl, { search: sibling.username.slice(2).toUpperCase() });
    expect(bySibling.data.map((r) => r.username)).toEqual([sibling.username]);
    const byUtr = await list(chain.tokens.dl, { search: utrs.p300!.slice(-8).toLowerCase() });
    expect(byUtr.data.map((r) => r.amount)).toEqual([300]);
    // The outsider's UTR and username find nothing for this agent; its own upline finds it.
    expect((await list(chain.tokens.dl, { search: utrs.o250! })).data).toEqual([]);
    expect((await list(chain.tokens.admin, { search: outsider.player.username })).data).toEqual([]);
    expect((await list(outsider.tokens.dl, { search: utrs.o250! })).data.map((r) => r.amount)).toEqual([250]);
    // A player's search narrows its own requests only.
    expect((await list(chain.tokens.player, { search: sibling.username })).data).toEqual([]);
    // Wildcards are literal.
    expect((await list(chain.tokens.dl, { search: '%' })).data).toEqual([]);
  });

  it('refuses a column outside the whitelist and hostile input with 400', async () => {
    const unknown = await list(chain.tokens.dl, { sort: 'utr_no' });
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe('sort must be one of: username, amount, createdAt, status');
    for (const hostile of [{ sort: 'amount; DELETE FROM payment_requests' }, { sort: ['amount'] }, { sort: { $gt: '' } }, { order: 'DESC NULLS FIRST', sort: 'amount' }, { search: 'x'.repeat(51) }]) {
      const r = await list(chain.tokens.dl, hostile);
      expect([JSON.stringify(hostile), r.status]).toEqual([JSON.stringify(hostile), 400]);
    }
    expect((await list(chain.tokens.dl, {})).data).toHaveLength(3);
  });
});
