/**
 * The row rules of the tables every bet writes: bets, positions, ledger_accounts (migration 0017,
 * ADR 0010). They were CHECK constraints; each table now has one constraint that calls its
 * function, which raises PostgreSQL's own check_violation under the former constraint's name.
 * Each rule is broken here alone, by one raw statement, and must answer exactly that: code 23514,
 * the rule's name as the constraint, and PostgreSQL's message. Rows in every legal state pass.
 */
import { randomUUID } from 'node:crypto';
import { buildTestApp, type TestContext } from './helper';

let t: TestContext;
let userId: string;
let walletId: string;
beforeAll(async () => {
  t = await buildTestApp();
  userId = (await t.createUser({ role: 'user' })).id;
  walletId = (await t.services.ledger.walletOf(userId)).accountId;
});
afterAll(() => t.close());

interface PgError {
  code?: string;
  constraint?: string;
  table?: string;
  message: string;
}

const ROLLBACK = new Error('roll back');

/** Runs the statements in one transaction that is always rolled back; the error they raised, or null. */
async function errorOf(statements: Array<[string, unknown[]]>): Promise<PgError | null> {
  try {
    await t.db.transaction(async (tx) => {
      for (const [sql, params] of statements) await tx.query(sql, params);
      throw ROLLBACK;
    });
  } catch (error) {
    return error === ROLLBACK ? null : (error as PgError);
  }
  return null;
}

/** A bet that breaks no rule: an open match odds BACK; `changes` replace some of its values. */
function betInsert(changes: Record<string, string> = {}): [string, unknown[]] {
  const values: Record<string, string> = {
    id: '$1::uuid',
    user_id: '$2::uuid',
    match_id: `'m-rules'`,
    market_id: `'1.rules'`,
    market_type: `'match_odds'`,
    selection_id: `'a'`,
    side: `'BACK'`,
    odds_hundredths: '200',
    price_shown: '200',
    stake_minor: '10000',
    idempotency_key: `'key-1'`,
    request_hash: `repeat('a', 64)`,
    run_line: 'NULL',
    ...changes,
  };
  return [`INSERT INTO bets (${Object.keys(values).join(', ')}) VALUES (${Object.values(values).join(', ')})`, [BET_ID, userId]];
}
const BET_ID = randomUUID();
const betUpdate = (set: string): [string, unknown[]] => [`UPDATE bets SET ${set} WHERE id = $1`, [BET_ID]];

function positionInsert(exposure: string, marketType: string, status: string): [string, unknown[]] {
  return [
    `INSERT INTO positions (user_id, market_id, market_type, match_id, pnl, exposure_minor, status)
     VALUES ($1, '1.rules', ${marketType}, 'm-rules', '{}', ${exposure}, ${status})`,
    [userId],
  ];
}
const walletUpdate = (set: string): [string, unknown[]] => [`UPDATE ledger_accounts SET ${set} WHERE id = $1`, [walletId]];

describe('each former CHECK constraint still refuses under its own name', () => {
  it.each<[string, string, Array<() => [string, unknown[]]>]>([
    ['bets', 'bets_market_type_check', [() => betInsert({ market_type: `'cricket'` })]],
    ['bets', 'bets_side_check', [() => betInsert({ side: `'YES'` })]],
    ['bets', 'bets_side_check', [() => betInsert({ market_type: `'fancy'`, run_line: '30', side: `'BACK'` })]],
    ['bets', 'bets_odds_hundredths_check', [() => betInsert({ odds_hundredths: '100' })]],
    ['bets', 'bets_stake_minor_check', [() => betInsert({ stake_minor: '0' })]],
    ['bets', 'bets_idempotency_key_check', [() => betInsert({ idempotency_key: `''` })]],
    ['bets', 'bets_idempotency_key_check', [() => betInsert({ idempotency_key: `repeat('k', 256)` })]],
    ['bets', 'bets_request_hash_check', [() => betInsert({ request_hash: `repeat('A', 64)` })]],
    ['bets', 'bets_request_hash_check', [() => betInsert({ request_hash: `repeat('a', 63)` })]],
    ['bets', 'bets_request_hash_check', [() => betInsert({ request_hash: `repeat('a', 63) || 'g'` })]],
    ['bets', 'bets_fancy_has_line', [() => betInsert({ run_line: '30' })]],
    ['bets', 'bets_fancy_has_line', [() => betInsert({ market_type: `'fancy'`, side: `'YES'` })]],
    ['bets', 'bets_run_line_check', [() => betInsert({ market_type: `'fancy'`, side: `'YES'`, run_line: '-1' })]],
    // An unknown status breaks bets_settled_state too, which comes first by name (as PostgreSQL ordered CHECKs).
    ['bets', 'bets_settled_state', [() => betInsert({ status: `'lost'` })]],
    ['bets', 'bets_settled_state', [() => betInsert(), () => betUpdate(`status = 'settled', pnl_minor = 5, settled_at = now()`)]],
    ['bets', 'bets_settled_state', [() => betInsert(), () => betUpdate(`status = 'voided', pnl_minor = 7, settled_at = now(), void_reason = 'x'`)]],
    ['bets', 'bets_settled_state', [() => betInsert(), () => betUpdate(`pnl_minor = 5`)]],
    ['bets', 'bets_void_reason_check', [() => betInsert(), () => betUpdate(`status = 'voided', pnl_minor = 0, settled_at = now(), void_reason = ''`)]],
    ['positions', 'positions_exposure_minor_check', [() => positionInsert('-1', `'match_odds'`, `'open'`)]],
    ['positions', 'positions_market_type_check', [() => positionInsert('0', `'cricket'`, `'open'`)]],
    ['positions', 'positions_status_check', [() => positionInsert('0', `'match_odds'`, `'voided'`)]],
    ['ledger_accounts', 'ledger_accounts_available_nonnegative', [() => walletUpdate('exposure_minor = balance_minor + 1')]],
    ['ledger_accounts', 'ledger_accounts_exposure_minor_check', [() => walletUpdate('exposure_minor = -1')]],
    ['ledger_accounts', 'ledger_accounts_version_check', [() => walletUpdate('version = -1')]],
    ['ledger_accounts', 'ledger_accounts_kind_check', [() => walletUpdate(`kind = 'bank'`)]],
    ['ledger_accounts', 'ledger_accounts_owner', [() => walletUpdate(`kind = 'system'`)]],
    ['ledger_accounts', 'ledger_accounts_owner', [() => walletUpdate(`code = 'system:extra'`)]],
    ['ledger_accounts', 'ledger_accounts_code_check', [() => ["INSERT INTO ledger_accounts (kind, code) VALUES ('system', 'System:Bad')", []]]],
  ])('%s: %s', async (table, constraint, statements) => {
    expect(await errorOf(statements.map((s) => s()))).toMatchObject({
      code: '23514',
      constraint,
      table,
      message: `new row for relation "${table}" violates check constraint "${constraint}"`,
    });
  });
});

describe('rows in every legal state pass', () => {
  it('open runner and fancy bets, then a void, an open and a settled position, a system account', async () => {
    expect(
      await errorOf([
        betInsert(),
        ['INSERT INTO bets (user_id, match_id, market_id, market_type, selection_id, side, odds_hundredths, price_shown, stake_minor, idempotency_key, request_hash, run_line) ' +
          "VALUES ($1, 'm-rules', 'm-rules-F1', 'fancy', 'm-rules-F1', 'NO', 190, 90, 10000, 'key-2', repeat('0123456789abcdef', 4), 0)", [userId]],
        betUpdate(`status = 'voided', pnl_minor = 0, settled_at = now(), void_reason = 'abandoned'`),
        positionInsert('0', `'fancy'`, `'open'`),
        ['UPDATE positions SET status = $2 WHERE user_id = $1', [userId, 'settled']],
        ["INSERT INTO ledger_accounts (kind, code) VALUES ('system', 'system:rules_test-1')", []],
        walletUpdate('version = version'),
      ]),
    ).toBeNull();
  });
});
