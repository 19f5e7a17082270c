/** SQL of the account statement: one account's entries in a time range, with their journals. */
import type { Queryable } from '../db/database';

export interface StatementEntryRow {
  id: string;
  createdAt: Date;
  amountMinor: bigint;
  currBalanceMinor: bigint;
  code: string;
  remark: string;
  reversedCode: string | null;
  counterparty: string | null;
}

export interface StatementRange {
  accountId: string;
  from: Date;
  toExclusive: Date;
}

/**
 * One page of entries, oldest first, each with its journal, the reversed journal's code and
 * the other account of the journal (username, or system code) — one query.
 */
export async function listStatementEntries(
  q: Queryable,
  range: StatementRange,
  page: { limit: number; offset: number },
): Promise<StatementEntryRow[]> {
  const { rows } = await q.query<Omit<StatementEntryRow, 'amountMinor' | 'currBalanceMinor'> & { amountMinor: string; currBalanceMinor: string }>(
    `SELECT e.id::text AS id, e.created_at AS "createdAt", e.amount_minor::text AS "amountMinor",
            e.curr_balance_minor::text AS "currBalanceMinor", j.code, j.remark, r.code AS "reversedCode",
            other.name AS counterparty
     FROM entries e
     JOIN journals j ON j.id = e.journal_id
     LEFT JOIN journals r ON r.id = j.reverses_journal_id
     LEFT JOIN LATERAL (
       SELECT coalesce(u.username, a.code) AS name
       FROM entries o JOIN ledger_accounts a ON a.id = o.account_id LEFT JOIN users u ON u.id = a.user_id
       WHERE o.journal_id = e.journal_id AND o.account_id <> e.account_id
       ORDER BY o.id LIMIT 1
     ) other ON true
     WHERE e.account_id = $1 AND e.created_at >= $2 AND e.created_at < $3
     ORDER BY e.version
     LIMIT $4 OFFSET $5`,
    [range.accountId, range.from, range.toExclusive, page.limit, page.offset],
  );
  return rows.map((row) => ({ ...row, amountMinor: BigInt(row.amountMinor), currBalanceMinor: BigInt(row.currBalanceMinor) }));
}

export interface StatementSummary {
  total: number;
  /** The balance before the first entry of the range. */
  openingMinor: bigint;
  /** The balance after the last entry of the range. */
  closingMinor: bigint;
}

/** Count of entries in the range and the balances around it (entry chain, L4). */
export async function summarizeStatement(q: Queryable, range: StatementRange): Promise<StatementSummary> {
  const { rows } = await q.query<{ total: number; opening: string; closing: string }>(
    `SELECT
       (SELECT count(*)::int FROM entries WHERE account_id = $1 AND created_at >= $2 AND created_at < $3) AS total,
       coalesce((SELECT curr_balance_minor FROM entries WHERE account_id = $1 AND created_at < $2
                 ORDER BY created_at DESC, version DESC LIMIT 1), 0)::text AS opening,
       coalesce((SELECT curr_balance_minor FROM entries WHERE account_id = $1 AND created_at < $3
                 ORDER BY created_at DESC, version DESC LIMIT 1), 0)::text AS closing`,
    [range.accountId, range.from, range.toExclusive],
  );
  const row = rows[0] ?? { total: 0, opening: '0', closing: '0' };
  return { total: row.total, openingMinor: BigInt(row.opening), closingMinor: BigInt(row.closing) };
}
