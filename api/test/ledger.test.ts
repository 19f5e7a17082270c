import { randomBytes } from 'node:crypto';
import { isDomainError } from '../src/common/domain-error';
import { DEMO_BET_DELAY_SEC, DEMO_CHAIN, DEMO_PAYMENT_SETTINGS, seedDemo } from '../src/demo/demo-seed';
import type { DomainEventMap } from '../src/common/domain-events';
import { buildTestApp, type TestContext } from './helper';

let t: TestContext;
let mint: string;
beforeAll(async () => {
  t = await buildTestApp();
  mint = await t.services.ledger.systemAccountId('system:mint');
});
afterAll(() => t.close());

const ref = (): string => randomBytes(8).toString('hex');

async function walletOf(role: 'user' | 'dl' = 'user') {
  const user = await t.createUser({ role });
  return { user, wallet: await t.services.ledger.walletOf(user.id) };
}

function transfer(from: string, to: string, amountMinor: bigint, extra: { idempotencyKey?: string; actorId?: string | null; eventRef?: string } = {}) {
  return t.services.ledger.post({
    code: 'TEST_TRANSFER',
    eventType: 'test_transfer',
    eventRef: extra.eventRef ?? ref(),
    idempotencyKey: extra.idempotencyKey ?? null,
    actorId: extra.actorId ?? null,
    remark: 'test',
    legs: [
      { accountId: from, amountMinor: -amountMinor },
      { accountId: to, amountMinor },
    ],
  });
}

async function balanceOf(accountId: string): Promise<bigint> {
  const { rows } = await t.db.query<{ b: string }>('SELECT balance_minor AS b FROM ledger_accounts WHERE id = $1', [accountId]);
  return BigInt(rows[0]?.b ?? 'NaN');
}

/** Runs SQL in a transaction and reports the error it ended with (always rolled back). */
async function rawSqlError(statements: string[]): Promise<string> {
  try {
    await t.db.transaction(async (tx) => {
      for (const sql of statements) await tx.query(sql);
    });
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
}

describe('postJournal', () => {
  it('writes entries that sum to zero, with versions and running balances, and moves the balances', async () => {
    const { wallet } = await walletOf();
    const before = await balanceOf(mint);
    const posted = await transfer(mint, wallet.accountId, 12_345n);
    expect(posted.replayed).toBe(false);
    expect(posted.entries.reduce((sum, e) => sum + e.amountMinor, 0n)).toBe(0n);
    const userEntry = posted.entries.find((e) => e.accountId === wallet.accountId);
    expect(userEntry).toMatchObject({ version: 1n, prevBalanceMinor: 0n, currBalanceMinor: 12_345n });
    expect(await balanceOf(wallet.accountId)).toBe(12_345n);
    expect(await balanceOf(mint)).toBe(before - 12_345n);

    const second = await transfer(mint, wallet.accountId, 5n);
    expect(second.entries.find((e) => e.accountId === wallet.accountId)).toMatchObject({
      version: 2n,
      prevBalanceMinor: 12_345n,
      currBalanceMinor: 12_350n,
    });
  });

  it('refuses to take a wallet below zero available (INSUFFICIENT_FUNDS) and changes nothing', async () => {
    const { wallet: a } = await walletOf();
    const { wallet: b } = await walletOf();
    await transfer(mint, a.accountId, 1_000n);
    await t.db.query('UPDATE ledger_accounts SET exposure_minor = 400 WHERE id = $1', [a.accountId]);
    const error = await transfer(a.accountId, b.accountId, 601n).catch((e: unknown) => e);
    expect(isDomainError(error) && error.code).toBe('INSUFFICIENT_FUNDS');
    expect(isDomainError(error) && error.statusCode).toBe(409);
    expect(await balanceOf(a.accountId)).toBe(1_000n);
    await transfer(a.accountId, b.accountId, 600n);
    expect(await balanceOf(a.accountId)).toBe(400n);
    await t.db.query('UPDATE ledger_accounts SET exposure_minor = 0 WHERE id = $1', [a.accountId]);
  });

  it('refuses malformed journals before writing anything', async () => {
    const { wallet } = await walletOf();
    const post = (legs: Array<{ accountId: string; amountMinor: bigint }>) =>
      t.services.ledger.post({ code: 'TEST_TRANSFER', eventType: 'test', eventRef: ref(), actorId: null, remark: '', legs });
    await expect(post([{ accountId: mint, amountMinor: 5n }])).rejects.toThrow(/needs at least 2/);
    await expect(post([{ accountId: mint, amountMinor: -5n }, { accountId: wallet.accountId, amountMinor: 4n }])).rejects.toThrow(/sum to -1/);
    await expect(post([{ accountId: mint, amountMinor: 0n }, { accountId: wallet.accountId, amountMinor: 0n }])).rejects.toThrow(/zero leg/);
    await expect(post([{ accountId: mint, amountMinor: -5n }, { accountId: mint, amountMinor: 5n }])).rejects.toThrow(/appears twice/);
  });

  it('a repeat with the same idempotency key and body returns the first journal', async () => {
    const { user, wallet } = await walletOf('dl');
    const key = ref();
    const eventRef = ref();
    const first = await transfer(mint, wallet.accountId, 700n, { idempotencyKey: key, actorId: user.id, eventRef });
    const again = await transfer(mint, wallet.accountId, 700n, { idempotencyKey: key, actorId: user.id, eventRef });
    expect(again.replayed).toBe(true);
    expect(again.journal.id).toBe(first.journal.id);
    expect(again.entries.map((e) => e.id)).toEqual(first.entries.map((e) => e.id));
    expect(await balanceOf(wallet.accountId)).toBe(700n);
  });

  it('the same key with a different body is IDEMPOTENCY_MISMATCH (409) with no effect', async () => {
    const { user, wallet } = await walletOf('dl');
    const key = ref();
    await transfer(mint, wallet.accountId, 700n, { idempotencyKey: key, actorId: user.id });
    const error = await transfer(mint, wallet.accountId, 800n, { idempotencyKey: key, actorId: user.id }).catch((e: unknown) => e);
    expect(isDomainError(error) && error.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(isDomainError(error) && error.statusCode).toBe(409);
    expect(await balanceOf(wallet.accountId)).toBe(700n);
  });

  it('keys are scoped per actor', async () => {
    const { user: a, wallet: wa } = await walletOf('dl');
    const { user: b, wallet: wb } = await walletOf('dl');
    const key = ref();
    const first = await transfer(mint, wa.accountId, 100n, { idempotencyKey: key, actorId: a.id });
    const second = await transfer(mint, wb.accountId, 200n, { idempotencyKey: key, actorId: b.id });
    expect(second.journal.id).not.toBe(first.journal.id);
    expect(second.replayed).toBe(false);
  });

  it('one journal per business event: the same event with another body is a CONFLICT', async () => {
    const { wallet } = await walletOf();
    const eventRef = ref();
    await transfer(mint, wallet.accountId, 100n, { eventRef });
    const error = await transfer(mint, wallet.accountId, 101n, { eventRef }).catch((e: unknown) => e);
    expect(isDomainError(error) && error.code).toBe('CONFLICT');
  });

  it('20 concurrent posts with one key make exactly one journal', async () => {
    const { user, wallet } = await walletOf('dl');
    const key = ref();
    const eventRef = ref();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => transfer(mint, wallet.accountId, 300n, { idempotencyKey: key, actorId: user.id, eventRef })),
    );
    expect(new Set(results.map((r) => r.journal.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await balanceOf(wallet.accountId)).toBe(300n);
  });

  it('concurrent transfers in both directions neither deadlock nor lose updates', async () => {
    const { wallet: a } = await walletOf();
    const { wallet: b } = await walletOf();
    await transfer(mint, a.accountId, 10_000n);
    await transfer(mint, b.accountId, 10_000n);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? transfer(a.accountId, b.accountId, 7n) : transfer(b.accountId, a.accountId, 3n))),
    );
    expect(await balanceOf(a.accountId)).toBe(10_000n - 20n * 7n + 20n * 3n);
    expect(await balanceOf(b.accountId)).toBe(10_000n + 20n * 7n - 20n * 3n);
  });

  it('publishes the new balances after commit, and nothing for a rolled-back journal', async () => {
    const { user, wallet } = await walletOf();
    const seen: Array<DomainEventMap['ledger.balancesChanged']> = [];
    const off = t.services.events.on('ledger.balancesChanged', (event) => seen.push(event));
    try {
      await t.db
        .transaction(async (tx) => {
          await t.services.ledger.postJournal(tx, {
            code: 'TEST_TRANSFER',
            eventType: 'test',
            eventRef: ref(),
            actorId: null,
            remark: '',
            legs: [
              { accountId: mint, amountMinor: -10n },
              { accountId: wallet.accountId, amountMinor: 10n },
            ],
          });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect(seen).toEqual([]);
      await transfer(mint, wallet.accountId, 250n);
      expect(seen).toHaveLength(1);
      expect(seen[0]?.wallets).toEqual([{ userId: user.id, balanceMinor: 250n, exposureMinor: 0n }]);
    } finally {
      off();
    }
  });
});

describe('database backstops (raw SQL)', () => {
  it('entries, journals and the audit log reject UPDATE, DELETE and TRUNCATE', async () => {
    const { wallet } = await walletOf();
    await transfer(mint, wallet.accountId, 10n);
    expect(await rawSqlError(['UPDATE entries SET amount_minor = amount_minor * 2'])).toMatch(/entries is append-only: UPDATE/);
    expect(await rawSqlError(['DELETE FROM entries'])).toMatch(/entries is append-only: DELETE/);
    expect(await rawSqlError(['TRUNCATE entries CASCADE'])).toMatch(/append-only: TRUNCATE/);
    expect(await rawSqlError(["UPDATE journals SET remark = 'edited'"])).toMatch(/journals is append-only: UPDATE/);
    expect(await rawSqlError(['DELETE FROM journals'])).toMatch(/journals is append-only: DELETE/);
    const audit = "INSERT INTO audit_log (action, target) VALUES ('test.row', 'test')";
    expect(await rawSqlError([audit, "UPDATE audit_log SET target = 'edited'"])).toMatch(/audit_log is append-only: UPDATE/);
    expect(await rawSqlError([audit, 'DELETE FROM audit_log'])).toMatch(/audit_log is append-only: DELETE/);
  });

  /** One INSERT of a journal's legs: [account, amount] each, at each account's next version. */
  const legsOf = (journalId: string, legs: ReadonlyArray<readonly [string, number]>) =>
    `INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
     SELECT '${journalId}', a.id, l.amount, a.version + 1, a.balance_minor, a.balance_minor + l.amount
     FROM (VALUES ${legs.map(([account, amount]) => `('${account}'::uuid, ${amount}::bigint)`).join(', ')}) AS l (account_id, amount)
     JOIN ledger_accounts a ON a.id = l.account_id`;
  const rawJournal = (id: string, ref: string) =>
    `INSERT INTO journals (id, code, event_type, event_ref, request_hash) VALUES ('${id}', 'RAW', 'raw', '${ref}', repeat('a', 64))`;

  it('an unbalanced journal is refused: its legs when their statement ends, a journal without legs at commit', async () => {
    const { wallet } = await walletOf();
    const jid = '00000000-0000-4000-8000-000000000001';
    expect(await rawSqlError([rawJournal(jid, 'x1'), legsOf(jid, [[mint, -100], [wallet.accountId, 99]])])).toMatch(/is unbalanced: 2 entries summing to -1/);
    expect(await rawSqlError([rawJournal(jid, 'x1'), legsOf(jid, [[wallet.accountId, 5]])])).toMatch(/is unbalanced: 1 entries summing to 5/);
    expect(await rawSqlError([rawJournal(jid, 'x1')])).toMatch(/is unbalanced: 0 entries/);
    // Legs that would balance only after a second statement: refused when the first ends.
    expect(await rawSqlError([rawJournal(jid, 'x1'), legsOf(jid, [[mint, -100]]), legsOf(jid, [[wallet.accountId, 100]])])).toMatch(
      /is unbalanced: 1 entries summing to -100/,
    );
  });

  it('each journal of one statement is checked: a balanced one does not vouch for an unbalanced one beside it', async () => {
    const { wallet } = await walletOf();
    const id = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;
    // Two journals' legs in one INSERT, the second journal's at each account's version after the first's.
    const both = `INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
      SELECT l.journal_id::uuid, a.id, l.amount, a.version + l.n, a.balance_minor, a.balance_minor + l.amount
      FROM (VALUES ('${id(1)}', '${mint}'::uuid, -100::bigint, 1), ('${id(1)}', '${wallet.accountId}'::uuid, 100::bigint, 1),
                   ('${id(2)}', '${mint}'::uuid, -50::bigint, 2), ('${id(2)}', '${wallet.accountId}'::uuid, 49::bigint, 2)) AS l (journal_id, account_id, amount, n)
      JOIN ledger_accounts a ON a.id = l.account_id`;
    const error = await rawSqlError([rawJournal(id(1), 'y1'), rawJournal(id(2), 'y2'), both]);
    expect(error).toMatch(new RegExp(`journal ${id(2)} is unbalanced: 2 entries summing to -1`));
  });

  it('a leg added later to a journal of an earlier transaction is refused when it unbalances it', async () => {
    const [{ wallet }, { wallet: other }] = await Promise.all([walletOf(), walletOf()]);
    const posted = await transfer(mint, wallet.accountId, 100n);
    expect(await rawSqlError([legsOf(posted.journal.id, [[other.accountId, 1]])])).toMatch(
      new RegExp(`journal ${posted.journal.id} is unbalanced: 3 entries summing to 1`),
    );
  });

  it('a wallet cannot go below zero available, and a zero amount is refused', async () => {
    const { wallet } = await walletOf();
    expect(await rawSqlError([`UPDATE ledger_accounts SET balance_minor = -1 WHERE id = '${wallet.accountId}'`])).toMatch(
      /ledger_accounts_available_nonnegative/,
    );
    expect(await rawSqlError([`UPDATE ledger_accounts SET exposure_minor = 1 WHERE id = '${wallet.accountId}'`])).toMatch(
      /ledger_accounts_available_nonnegative/,
    );
    expect(
      await rawSqlError([
        "INSERT INTO journals (id, code, event_type, event_ref, request_hash) VALUES ('00000000-0000-4000-8000-000000000002', 'RAW', 'raw', 'x2', repeat('a', 64))",
        `INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor) VALUES ('00000000-0000-4000-8000-000000000002', '${wallet.accountId}', 0, 1, 0, 0)`,
      ]),
    ).toMatch(/entries_amount_minor_check/);
  });

  it('a second journal for the same business event is refused by the unique key', async () => {
    expect(
      await rawSqlError([
        "INSERT INTO journals (code, event_type, event_ref, request_hash) VALUES ('RAW', 'raw', 'dup', repeat('a', 64))",
        "INSERT INTO journals (code, event_type, event_ref, request_hash) VALUES ('RAW', 'raw', 'dup', repeat('b', 64))",
      ]),
    ).toMatch(/journals_event_key/);
  });
});

describe('demo seed', () => {
  it('is idempotent: seeding twice gives the same users and balances', async () => {
    const deps = { db: t.db, ledger: t.services.ledger, passwords: t.services.passwords };
    const first = await seedDemo(deps);
    expect(first.createdUsers).toEqual(DEMO_CHAIN.map((a) => a.username));
    expect(first.postedJournals).toBe(DEMO_CHAIN.length);
    const balances = async () =>
      (
        await t.db.query<{ username: string; balance: string }>(
          `SELECT u.username, a.balance_minor::text AS balance FROM users u JOIN ledger_accounts a ON a.user_id = u.id
           WHERE u.username LIKE 'demo-%' ORDER BY u.username`,
        )
      ).rows;
    const before = await balances();
    const settings = async () =>
      (await t.db.query('SELECT upi_id, upi_name, account_holder_name, account_number, ifsc_code FROM payment_settings')).rows;
    expect(await settings()).toEqual([
      {
        upi_id: DEMO_PAYMENT_SETTINGS.upiId,
        upi_name: DEMO_PAYMENT_SETTINGS.upiName,
        account_holder_name: DEMO_PAYMENT_SETTINGS.accountHolderName,
        account_number: DEMO_PAYMENT_SETTINGS.accountNumber,
        ifsc_code: DEMO_PAYMENT_SETTINGS.ifscCode,
      },
    ]);
    // The compressed clock's bet delay on every sport, unless an admin set its own.
    const delays = async () => (await t.db.query<{ sport_id: number; bet_delay_sec: number }>('SELECT sport_id, bet_delay_sec FROM sports ORDER BY sport_id')).rows;
    expect((await delays()).map((r) => r.bet_delay_sec)).toEqual((await delays()).map(() => DEMO_BET_DELAY_SEC));
    await t.db.query('UPDATE sports SET bet_delay_sec = 7, updated_by = (SELECT id FROM users WHERE username = $1) WHERE sport_id = 4', ['demo-admin']);
    // An operator's own settings survive a re-seed.
    await t.db.query(`UPDATE payment_settings SET upi_id = 'operator@okhdfc'`);
    const second = await seedDemo(deps);
    expect(second).toEqual({ createdUsers: [], postedJournals: 0 });
    expect((await settings())[0]).toMatchObject({ upi_id: 'operator@okhdfc' });
    expect((await delays()).find((r) => r.sport_id === 4)?.bet_delay_sec).toBe(7);
    expect(await balances()).toEqual(before);
    // Chips received minus chips passed down: ₹10,00,00,000 minted to demo-admin, and so on.
    expect(Object.fromEntries(before.map((row) => [row.username, Number(row.balance) / 100]))).toEqual({
      'demo-admin': 50_000_000,
      'demo-sadmin': 30_000_000,
      'demo-smdl': 10_000_000,
      'demo-mdl': 5_000_000,
      'demo-dl': 4_900_000,
      'demo-user': 100_000,
    });
  });

  it('demo accounts sign in with the demo password and need no first-login change', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'demo-user', password: 'Backlay#2026' },
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: { changePassAndTxn: boolean } }).data.changePassAndTxn).toBe(false);
    const admin = await t.request({ method: 'POST', url: '/api/login-admin', payload: { username: 'demo-admin', password: 'Backlay#2026' } });
    expect(admin.statusCode).toBe(200);
  });
});
