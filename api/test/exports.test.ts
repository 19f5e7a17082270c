/**
 * The CSV exports (issue 34, ADR 0067), against real PostgreSQL: each export has exactly the rows
 * its JSON route shows for the same filters (every page of it), formatted as the screens show them
 * (Indian grouping, IST); a file of thousands of rows streams whole, past any page cap; the file's
 * name, type and BOM; and the same access as the JSON route (a foreign agent gets the same 4xx).
 */
import type { AccountStatementResponse } from '@backlay/shared/contracts';
import { randomBytes } from 'node:crypto';
import { request as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SNAPSHOT_APPLICATION_NAME } from '../src/db/database';
import { allPages, download, ist, money } from './exports-helper';
import { buildTestApp, type TestContext, type TestUser } from './helper';

let t: TestContext;
let admin: TestUser;
let dl: TestUser;
let player: TestUser;
let otherDl: TestUser;
const tokens: Record<'admin' | 'dl' | 'player' | 'otherDl', string> = { admin: '', dl: '', player: '', otherDl: '' };

/** Entries in the player's statement made by beforeAll (a file far past any page of the JSON list). */
const MANY = 5_050;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const sadmin = await t.createUser({ role: 'sadmin', parentId: admin.id });
  const smdl = await t.createUser({ role: 'smdl', parentId: sadmin.id });
  const mdl = await t.createUser({ role: 'mdl', parentId: smdl.id });
  dl = await t.createUser({ role: 'dl', parentId: mdl.id });
  otherDl = await t.createUser({ role: 'dl', parentId: mdl.id });
  player = await t.createUser({ role: 'user', parentId: dl.id });
  for (const [name, u] of Object.entries({ admin, dl, player, otherDl })) tokens[name as keyof typeof tokens] = (await t.login(u)).token;
  // MANY journals in one transaction: chips in and out, remarks with a comma and quotes (RFC 4180 quoting).
  const mint = await t.services.ledger.systemAccountId('system:mint');
  const wallet = await t.services.ledger.walletOf(player.id);
  await t.db.transaction(async (tx) => {
    for (let i = 0; i < MANY; i += 1) {
      const minor = BigInt(12_345_678 + i) * (i % 3 === 2 ? -1n : 1n);
      await t.services.ledger.postJournal(tx, {
        code: 'TEST_TRANSFER',
        eventType: 'test_fund',
        eventRef: randomBytes(8).toString('hex'),
        actorId: null,
        remark: `batch ${i}, "quoted"`,
        legs: [
          { accountId: mint, amountMinor: -minor },
          { accountId: wallet.accountId, amountMinor: minor },
        ],
      });
    }
  });
  // The planner's statistics of the tables just filled, as autovacuum would have them in production.
  await t.db.query('ANALYZE');
}, 120_000);
afterAll(() => t.close());

const today = new Date().toISOString().slice(0, 10);

describe('GET /api/account-statement/export', () => {
  it(`streams every one of ${MANY}+ entries, exactly the JSON route's rows for the same filters, between the opening and closing balance`, async () => {

    const query = `username=${player.username}&startDate=2020-01-01&endDate=${today}`;
    const file = await download(t, tokens.dl, `/api/account-statement/export?${query}`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="account-statement_${player.username}_2020-01-01_${today}.csv"`);
    expect(file.text.startsWith('\uFEFFDate,Description,Credit,Debit,Balance\r\n')).toBe(true);

    const { rows, first } = await allPages<AccountStatementResponse>(t, tokens.dl, `/api/account-statement?${query}`, (d) => d.rows, (d) => d.total);
    expect(rows).toHaveLength(MANY);
    const expected = [
      ['Date', 'Description', 'Credit', 'Debit', 'Balance'],
      ['', 'Opening Balance', '', '', money(first.openingBalance)],
      ...(rows as AccountStatementResponse['rows']).map((r) => [
        ist(r.date),
        r.description.startsWith('=') ? `'${r.description}` : r.description,
        r.credit > 0 ? money(r.credit) : '',
        r.debit > 0 ? money(r.debit) : '',
        money(r.balance),
      ]),
      ['', 'Closing Balance', '', '', money(first.closingBalance)],
    ];
    expect(file.records).toEqual(expected);
    // Amounts in the Indian grouping, exact to the paisa; a debit is its own column, as on the screen.
    expect(file.records[2]?.[2]).toBe('1,23,456.78');
  }, 120_000);

  it('answers a foreign agent and a player naming another account as the JSON route does, before anything streams', async () => {
    for (const [token, status] of [
      [tokens.otherDl, 404],
      [tokens.player, 404],
    ] as const) {
      const url = `username=${player.username === '' ? 'x' : dl.username}&startDate=2026-01-01&endDate=2026-01-02`;
      const json = await t.request({ method: 'GET', url: `/api/account-statement?${url}`, token });
      const csv = await t.request({ method: 'GET', url: `/api/account-statement/export?${url}`, token });
      expect([csv.statusCode, csv.body]).toEqual([json.statusCode, json.body]);
      expect(csv.statusCode).toBe(status);
    }
    const foreign = `username=${player.username}&startDate=2026-01-01&endDate=2026-01-02`;
    const json = await t.request({ method: 'GET', url: `/api/account-statement?${foreign}`, token: tokens.otherDl });
    const csv = await t.request({ method: 'GET', url: `/api/account-statement/export?${foreign}`, token: tokens.otherDl });
    expect(csv.statusCode).toBeGreaterThanOrEqual(400);
    expect([csv.statusCode, csv.body]).toEqual([json.statusCode, json.body]);
    expect((await t.request({ method: 'GET', url: `/api/account-statement/export?${foreign}` })).statusCode).toBe(401);
  });

  it('a download the client abandons after its first bytes ends its snapshot and gives its connection back', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const query = `username=${player.username}&startDate=2020-01-01&endDate=${today}`;
    let abandon = (): void => undefined;
    const first = await new Promise<string>((resolve, reject) => {
      const req = httpGet({ host: '127.0.0.1', port, path: `/api/account-statement/export?${query}`, headers: { authorization: `Bearer ${tokens.dl}` } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          res.pause();
          resolve(chunk.toString('utf8'));
        });
        abandon = () => req.destroy();
      });
      req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
      req.end();
    });
    expect(first.startsWith('\uFEFFDate,Description')).toBe(true);
    // The client goes away mid-file.
    abandon();
    // No session of this database stays in the export's snapshot (waited for with a deadline, not a sleep).
    const inSnapshot = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [SNAPSHOT_APPLICATION_NAME])).rows[0]?.n;
    // The first bytes (the BOM and header) leave before the snapshot's first read, so the read may
    // begin just after the client went: wait until it has been seen and is gone (or never came).
    const deadline = Date.now() + 10_000;
    let seen = false;
    for (let n = await inSnapshot(); !(seen && n === 0) && Date.now() < deadline; n = await inSnapshot()) {
      seen ||= n !== 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await inSnapshot()).toBe(0);
    // And the app still answers an export whole.
    expect((await download(t, tokens.dl, `/api/account-statement/export?${query}`)).records).toHaveLength(MANY + 3);
  }, 60_000);
});
