/**
 * Database backstops of step 2 (docs/rules/ledger-invariants.md: each is violated with raw SQL and must be
 * rejected), and LedgerService.reverseJournal. The step-1 backstops (append-only entries and
 * journals, balanced journals, available ≥ 0, amount ≠ 0, one journal per event) are in
 * ledger.test.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { isDomainError } from '../src/common/domain-error';
import { buildTestApp, idempotent, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';

let t: TestContext;
let mint: string;
beforeAll(async () => {
  t = await buildTestApp();
  mint = await t.services.ledger.systemAccountId('system:mint');
});
afterAll(() => t.close());

/** Runs SQL in a transaction (always rolled back or refused) and reports the error it ended with. */
async function rawSqlError(statements: Array<string | [string, unknown[]]>): Promise<string> {
  try {
    await t.db.transaction(async (tx) => {
      for (const statement of statements) {
        if (typeof statement === 'string') await tx.query(statement);
        else await tx.query(statement[0], statement[1]);
      }
    });
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
}

async function walletId(userId: string): Promise<string> {
  return (await t.services.ledger.walletOf(userId)).accountId;
}

/** A balanced two-leg journal by `actor` from one wallet to another, as raw SQL (its legs in one INSERT, as every writer writes them). */
function rawJournal(actor: string | null, from: string, to: string, code = 'RAW'): Array<[string, unknown[]]> {
  const id = randomUUID();
  return [
    ['INSERT INTO journals (id, code, event_type, event_ref, request_hash, actor_id) VALUES ($1, $2, $3, $4, repeat($5, 64), $6)', [id, code, 'raw', randomBytes(6).toString('hex'), 'a', actor]],
    [
      `INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
       SELECT $1, a.id, l.amount, a.version + 1, a.balance_minor, a.balance_minor + l.amount
       FROM unnest($2::uuid[], $3::bigint[]) AS l (account_id, amount) JOIN ledger_accounts a ON a.id = l.account_id`,
      [id, [from, to], [-100, 100]],
    ],
  ];
}

describe('L14 partnership backstops', () => {
  let mdl: TestUser;
  let dl: TestUser;
  beforeAll(async () => {
    mdl = await t.createUser({ role: 'mdl', partnershipShareBps: 7_000 });
    dl = await t.createUser({ role: 'dl', parentId: mdl.id, partnershipShareBps: 6_000 });
  });

  it('a child above its parent is refused on insert and on update', async () => {
    expect(await rawSqlError([[`INSERT INTO users (username, role, parent_id, password_hash, partnership_share_bps) VALUES ('too-high', 'dl', $1, 'x', 7001)`, [mdl.id]]])).toMatch(
      /partnership 7001 bps of too-high is above its parent's 7000 bps/,
    );
    expect(await rawSqlError([[`UPDATE users SET partnership_share_bps = 7001 WHERE id = $1`, [dl.id]]])).toMatch(/is above its parent's 7000 bps/);
  });

  it('a parent below its child is refused', async () => {
    expect(await rawSqlError([[`UPDATE users SET partnership_share_bps = 5999 WHERE id = $1`, [mdl.id]]])).toMatch(
      /partnership 5999 bps of .* is below a child's 6000 bps/,
    );
  });

  it('a player holds no share and the root holds 100 %', async () => {
    expect(await rawSqlError([[`INSERT INTO users (username, role, parent_id, password_hash, partnership_share_bps) VALUES ('shareholder', 'user', $1, 'x', 1)`, [dl.id]]])).toMatch(
      /users_player_no_share/,
    );
    expect(await rawSqlError(["INSERT INTO users (username, role, password_hash, partnership_share_bps) VALUES ('half-root', 'admin', 'x', 5000)"])).toMatch(
      /users_root_full_share/,
    );
  });

  it('usernames are unique on a site whatever their case (ADR 0074)', async () => {
    const player = await t.createUser({ role: 'user', parentId: dl.id, username: 'CaseUser' });
    expect(player.username).toBe('CaseUser');
    expect(await rawSqlError([[`INSERT INTO users (username, role, parent_id, password_hash) VALUES ('caseuser', 'user', $1, 'x')`, [dl.id]]])).toMatch(
      /users_site_username_key/,
    );
  });
});

describe('L16 actor and audit backstops', () => {
  it('a journal by a user touching a wallet outside its downline is refused', async () => {
    const dl = await t.createUser({ role: 'dl' });
    const stranger = await t.createUser({ role: 'user' });
    await t.fund(stranger.id, 10n);
    const message = await rawSqlError(rawJournal(dl.id, await walletId(stranger.id), await walletId(dl.id)));
    expect(message).toMatch(/touches the wallet of .*, who is not in its downline/);
  });

  it('the check covers every row of a many-row INSERT, as settlement writes them (migration 0034: once per statement)', async () => {
    const dl = await t.createUser({ role: 'dl' });
    await t.fund(dl.id, 10n);
    const own = await t.createUser({ role: 'user', parentId: dl.id });
    const own2 = await t.createUser({ role: 'user', parentId: dl.id });
    const stranger = await t.createUser({ role: 'user' });
    const [dlWallet, ownWallet, own2Wallet, strangerWallet] = await Promise.all([walletId(dl.id), walletId(own.id), walletId(own2.id), walletId(stranger.id)]);
    /** One INSERT of three legs by `dl`: −200 from its wallet, +100 to each of the two others (the last one offends or not). */
    const threeLegs = (last: string): Array<[string, unknown[]]> => {
      const id = randomUUID();
      return [
        ['INSERT INTO journals (id, code, event_type, event_ref, request_hash, actor_id) VALUES ($1, $2, $3, $4, repeat($5, 64), $6)', [id, 'RAW', 'raw', randomBytes(6).toString('hex'), 'a', dl.id]],
        [
          `INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
           SELECT $1, a.id, l.amount, a.version + 1, a.balance_minor, a.balance_minor + l.amount
           FROM unnest($2::uuid[], $3::bigint[]) WITH ORDINALITY AS l (account_id, amount, n) JOIN ledger_accounts a ON a.id = l.account_id
           ORDER BY l.n`,
          [id, [dlWallet, ownWallet, last], [-200, 100, 100]],
        ],
      ];
    };
    const refused = await rawSqlError(threeLegs(strangerWallet));
    expect(refused).toMatch(new RegExp(`by ${dl.id} touches the wallet of ${stranger.id}, who is not in its downline`));
    // The same statement within the downline passes L16 and is stopped only by L16's sibling, the audit row at commit.
    expect(await rawSqlError(threeLegs(own2Wallet))).toMatch(/journal .* by .* has no audit row/);
  });

  it('a journal by a user without its audit row is refused at commit', async () => {
    const dl = await t.createUser({ role: 'dl' });
    await t.fund(dl.id, 10n);
    const player = await t.createUser({ role: 'user', parentId: dl.id });
    const message = await rawSqlError(rawJournal(dl.id, await walletId(dl.id), await walletId(player.id)));
    expect(message).toMatch(/journal .* by .* has no audit row/);
  });

  it('a chip transfer without an actor is refused', async () => {
    const player = await t.createUser({ role: 'user' });
    expect(await rawSqlError(rawJournal(null, mint, await walletId(player.id), 'CHIP_DEPOSIT'))).toMatch(/journals_manual_has_actor/);
  });

  it('audit rows written by admin actions cannot be changed or removed', async () => {
    const dl = await t.createUser({ role: 'dl' });
    const player = await t.createUser({ role: 'user', parentId: dl.id });
    const token = (await t.login(dl)).token;
    const response = await t.request({ method: 'POST', url: '/api/bet-lock', token, payload: { username: player.username, lock: true, transactionPassword: TEST_TXN_PASSWORD } });
    expect(response.statusCode).toBe(200);
    const target = `user:${player.id}`;
    expect(await rawSqlError([[`UPDATE audit_log SET after = '{}' WHERE target = $1`, [target]]])).toMatch(/audit_log is append-only: UPDATE/);
    expect(await rawSqlError([[`DELETE FROM audit_log WHERE target = $1`, [target]]])).toMatch(/audit_log is append-only: DELETE/);
    expect(await rawSqlError(['TRUNCATE audit_log CASCADE'])).toMatch(/append-only: TRUNCATE/);
    const { rows } = await t.db.query('SELECT action FROM audit_log WHERE target = $1', [target]);
    expect(rows).toEqual([{ action: 'users.bet_lock' }]);
  });

  it('settlements are never deleted, and their per-user and per-agent rows never change (migration 0023)', async () => {
    expect(await rawSqlError(['DELETE FROM settlements'])).toMatch(/settlements is append-only: DELETE/);
    expect(await rawSqlError(['TRUNCATE settlements CASCADE'])).toMatch(/append-only: TRUNCATE/);
    expect(await rawSqlError(['UPDATE settlement_users SET turnover_minor = 0'])).toMatch(/settlement_users is append-only: UPDATE/);
    expect(await rawSqlError(['DELETE FROM settlement_users'])).toMatch(/settlement_users is append-only: DELETE/);
    expect(await rawSqlError(['UPDATE settlement_shares SET amount_minor = 0'])).toMatch(/settlement_shares is append-only: UPDATE/);
    expect(await rawSqlError(['DELETE FROM settlement_shares'])).toMatch(/settlement_shares is append-only: DELETE/);
    // Since migration 0054 (ADR 0079) the per-player rows of older settlements are frozen, and the
    // rows kept per agent and child never change either.
    expect(await rawSqlError([`INSERT INTO settlement_shares VALUES (gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 0, 0)`])).toMatch(
      /settlement_shares is append-only: INSERT/,
    );
    expect(await rawSqlError(['UPDATE settlement_agent_shares SET amount_minor = 0'])).toMatch(/settlement_agent_shares is append-only: UPDATE/);
    expect(await rawSqlError(['DELETE FROM settlement_agent_shares'])).toMatch(/settlement_agent_shares is append-only: DELETE/);
    expect(await rawSqlError(['TRUNCATE settlement_agent_shares'])).toMatch(/append-only: TRUNCATE/);
  });

  it('entries name an existing journal and account, and accounts are never deleted (migration 0054: no foreign keys)', async () => {
    const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM journals ORDER BY created_at LIMIT 1`);
    const journal = rows[0]?.id;
    expect(journal).toBeDefined();
    // An account with its next version, so that the entry collides with none of its own
    // (entries_account_version is checked as the row goes in, before the statement's trigger).
    const account = await t.db.query<{ id: string; version: number }>(
      `SELECT a.id, COALESCE(MAX(e.version), 0)::int + 1 AS version
       FROM ledger_accounts a LEFT JOIN entries e ON e.account_id = a.id GROUP BY a.id ORDER BY a.id LIMIT 1`,
    );
    expect(
      await rawSqlError([
        `INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
         VALUES ('${journal}', gen_random_uuid(), 1, 1, 0, 1)`,
      ]),
    ).toMatch(/an entry of journal .* names no such account/);
    expect(
      await rawSqlError([
        `INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
         VALUES (gen_random_uuid(), '${account.rows[0]?.id}', 1, ${account.rows[0]?.version}, 0, 1)`,
      ]),
    ).toMatch(/an entry of journal .* names no such journal/);
    expect(await rawSqlError(['DELETE FROM ledger_accounts'])).toMatch(/ledger_accounts is append-only: DELETE/);
    expect(await rawSqlError(['TRUNCATE ledger_accounts CASCADE'])).toMatch(/append-only: TRUNCATE/);
  });
});

describe('column and chain constraints (one raw statement each)', () => {
  let player: TestUser;
  let wallet: string;
  beforeAll(async () => {
    player = await t.createUser({ role: 'user' });
    await t.fund(player.id, 10n);
    wallet = await walletId(player.id);
  });

  const journal = (id: string): [string, unknown[]] => [
    "INSERT INTO journals (id, code, event_type, event_ref, request_hash) VALUES ($1::uuid, 'RAW', 'raw', $1::text, repeat('a', 64))",
    [id],
  ];
  const entry = (id: string, account: () => string, amount: number, version: string, prev: string, curr: string): [string, unknown[]] => [
    `INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
     VALUES ($1, $2, $3, ${version}, ${prev}, ${curr})`,
    [id, account(), amount],
  ];

  it.each<[string, () => Array<string | [string, unknown[]]>, RegExp]>([
    ['negative exposure', () => [[`UPDATE ledger_accounts SET exposure_minor = -1 WHERE id = $1`, [wallet]]], /ledger_accounts_exposure_minor_check/],
    ['a running balance that does not add up', () => { const id = randomUUID(); return [journal(id), entry(id, () => wallet, 5, '99', '1000', '1006')]; }, /entries_running_balance/],
    ['a version used twice on one account', () => { const id = randomUUID(); return [journal(id), entry(id, () => wallet, 5, '1', '0', '5')]; }, /entries_account_version/],
    ['one account twice in a journal', () => { const id = randomUUID(); return [journal(id), [
      `INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
       VALUES ($1, $2, 5, 98, 0, 5), ($1, $2, -5, 99, 5, 0)`, [id, wallet]]]; }, /entries_one_leg_per_account/],
    ['a negative credit reference', () => [[`UPDATE users SET credit_reference_minor = -1 WHERE id = $1`, [player.id]]], /users_credit_reference_minor_check/],
    ['a commission above 100 %', () => [[`UPDATE users SET commission_bps = 10001 WHERE id = $1`, [player.id]]], /users_commission_bps_check/],
    ['a display name over 50 characters', () => [[`UPDATE users SET display_name = repeat('x', 51) WHERE id = $1`, [player.id]]], /users_display_name_length/],
    ['an unknown session end reason', () => [[`INSERT INTO sessions (user_id, area, expires_at, ended_at, ended_reason) VALUES ($1, 'player', now(), now(), 'bored')`, [player.id]]], /sessions_ended_reason_check/],
  ])('%s is refused', async (_name, statements, pattern) => {
    expect(await rawSqlError(statements())).toMatch(pattern);
  });

  it('the new session end reasons are accepted', async () => {
    for (const reason of ['locked', 'password_reset']) {
      await t.db.query(`INSERT INTO sessions (user_id, area, expires_at, ended_at, ended_reason) VALUES ($1, 'player', now(), now(), $2)`, [player.id, reason]);
    }
  });
});

describe('L8 idempotency and reversal backstops', () => {
  it('one effect per (actor, idempotency key) even through raw SQL', async () => {
    const dl = await t.createUser({ role: 'dl' });
    const insert = `INSERT INTO journals (code, event_type, event_ref, idempotency_key, request_hash, actor_id)
                    VALUES ('RAW', 'raw', $1, 'same-key', repeat('a', 64), $2)`;
    expect(await rawSqlError([[insert, ['k1', dl.id]], [insert, ['k2', dl.id]]])).toMatch(/journals_idempotency_key/);
  });

  it('a journal is reversed at most once, never by itself', async () => {
    const player = await t.createUser({ role: 'user' });
    await t.fund(player.id, 5n);
    const { rows } = await t.db.query<{ journal_id: string }>('SELECT journal_id FROM entries WHERE account_id = $1', [await walletId(player.id)]);
    const original = rows[0]!.journal_id;
    const reversal = (ref: string) =>
      `INSERT INTO journals (code, event_type, event_ref, request_hash, reverses_journal_id) VALUES ('REVERSAL', 'raw', '${ref}', repeat('a', 64), '${original}')`;
    expect(await rawSqlError([reversal('r1'), reversal('r2')])).toMatch(/journals_reversed_once/);
    const self = randomUUID();
    expect(
      await rawSqlError([[`INSERT INTO journals (id, code, event_type, event_ref, request_hash, reverses_journal_id) VALUES ($1, 'RAW', 'raw', 'self', repeat('a', 64), $1)`, [self]]]),
    ).toMatch(/journals_not_self_reversal/);
  });
});

describe('LedgerService.reverseJournal', () => {
  async function chipDeposit(dl: TestUser, player: TestUser, amount: number): Promise<string> {
    const token = (await t.login(dl)).token;
    const response = await t.request({
      method: 'POST',
      url: '/api/deposit-chips',
      token,
      headers: idempotent(randomUUID()),
      payload: { username: player.username, amount, remark: 'to undo', transactionPassword: TEST_TXN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { journalId: string } }).data.journalId;
  }

  it('posts the mirror journal and refuses a second reversal', async () => {
    const dl = await t.createUser({ role: 'dl' });
    const player = await t.createUser({ role: 'user', parentId: dl.id });
    await t.fund(dl.id, 100n);
    const journalId = await chipDeposit(dl, player, 40);
    const reversed = await t.services.ledger.reverse({ journalId, actorId: dl.id, reason: 'wrong player' });
    expect(reversed.journal).toMatchObject({ code: 'REVERSAL', reversesJournalId: journalId, remark: 'wrong player', actorId: dl.id });
    expect((await t.services.ledger.walletOf(dl.id)).balanceMinor).toBe(10_000n);
    expect((await t.services.ledger.walletOf(player.id)).balanceMinor).toBe(0n);

    const again = await t.services.ledger.reverse({ journalId, actorId: dl.id, reason: 'twice' }).catch((e: unknown) => e);
    expect(isDomainError(again) && again.code).toBe('CONFLICT');
    expect((again as Error).message).toBe(`Journal ${journalId} is already reversed by journal ${reversed.journal.id}`);
    const ofReversal = await t.services.ledger.reverse({ journalId: reversed.journal.id, actorId: null, reason: 'undo the undo' }).catch((e: unknown) => e);
    expect(isDomainError(ofReversal) && ofReversal.code).toBe('CONFLICT');
    const { rows } = await t.db.query('SELECT action, actor_id FROM audit_log WHERE journal_id = $1', [reversed.journal.id]);
    expect(rows).toEqual([{ action: 'ledger.reversal', actor_id: dl.id }]);
  });

  it('concurrent reversals of one journal: exactly one wins', async () => {
    const dl = await t.createUser({ role: 'dl' });
    const player = await t.createUser({ role: 'user', parentId: dl.id });
    await t.fund(dl.id, 100n);
    const journalId = await chipDeposit(dl, player, 10);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => t.services.ledger.reverse({ journalId, actorId: null, reason: 'race' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(isDomainError(r.reason) && r.reason.code).toBe('CONFLICT');
  });

  it('needs a reason, an existing journal, and the funds to undo', async () => {
    const dl = await t.createUser({ role: 'dl' });
    const player = await t.createUser({ role: 'user', parentId: dl.id });
    await t.fund(dl.id, 100n);
    const journalId = await chipDeposit(dl, player, 30);
    const blank = await t.services.ledger.reverse({ journalId, actorId: null, reason: '  ' }).catch((e: unknown) => e);
    expect(isDomainError(blank) && blank.code).toBe('VALIDATION');
    const missing = await t.services.ledger.reverse({ journalId: randomUUID(), actorId: null, reason: 'x' }).catch((e: unknown) => e);
    expect(isDomainError(missing) && missing.code).toBe('NOT_FOUND');
    // The player already passed part of the chips on: the mirror does not fit.
    await t.db.query('UPDATE ledger_accounts SET exposure_minor = 1000 WHERE user_id = $1', [player.id]);
    const short = await t.services.ledger.reverse({ journalId, actorId: null, reason: 'x' }).catch((e: unknown) => e);
    expect(isDomainError(short) && short.code).toBe('INSUFFICIENT_FUNDS');
    expect((short as Error).message).toBe('Insufficient balance: available 20.00, requested 30.00');
    await t.db.query('UPDATE ledger_accounts SET exposure_minor = 0 WHERE user_id = $1', [player.id]);
  });
});
