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
  /** A settlement's match and market (or fancy) names and its version; null for other journals. */
  matchName: string | null;
  marketName: string | null;
  settlementVersion: number | null;
  /** An international-casino move's game name and the player's round number; null for other journals. */
  casinoGame: string | null;
  casinoRound: number | null;
}

export interface StatementRange {
  accountId: string;
  from: Date;
  toExclusive: Date;
}

/**
 * One page of entries, oldest first, each with its journal, the reversed journal's code, the
 * other account of the journal (a username; an agent's P&L account as its agent's username; else
 * the system code) and, for a settlement or its rollback, the match, the market and the version
 * (from the journal's event_ref `<marketId>:<version>`); for an international-casino move (event_ref
 * `<providerId>:<transactionId>`), its game's name and the player's round number — one query.
 */
export async function listStatementEntries(
  q: Queryable,
  range: StatementRange,
  page: { limit: number; offset: number },
): Promise<StatementEntryRow[]> {
  const { rows } = await q.query<Omit<StatementEntryRow, 'amountMinor' | 'currBalanceMinor'> & { amountMinor: string; currBalanceMinor: string }>(
    `SELECT e.id::text AS id, e.created_at AS "createdAt", e.amount_minor::text AS "amountMinor",
            e.curr_balance_minor::text AS "currBalanceMinor", j.code, j.remark, r.code AS "reversedCode",
            other.name AS counterparty, settled.match_name AS "matchName", settled.market_name AS "marketName",
            settled.version AS "settlementVersion", casino.game_name AS "casinoGame", casino.round_no AS "casinoRound"
     FROM entries e
     JOIN journals j ON j.id = e.journal_id
     LEFT JOIN journals r ON r.id = j.reverses_journal_id
     LEFT JOIN LATERAL (
       SELECT coalesce(u.username, pnl.username, a.code) AS name
       FROM entries o JOIN ledger_accounts a ON a.id = o.account_id LEFT JOIN users u ON u.id = a.user_id
       LEFT JOIN users pnl ON a.code LIKE 'system:agent\\_pnl:%' AND pnl.id::text = substr(a.code, length('system:agent_pnl:') + 1)
       WHERE o.journal_id = e.journal_id AND o.account_id <> e.account_id
       ORDER BY o.id LIMIT 1
     ) other ON true
     LEFT JOIN LATERAL (
       SELECT ev.name AS match_name, coalesce(m.name, f.name, 'Round ' || (cs.result ->> 'round')) AS market_name, ref.version
       FROM (SELECT regexp_replace(j.event_ref, ':[0-9]+$', '') AS id, substring(j.event_ref FROM ':([0-9]+)$')::int AS version) ref
       LEFT JOIN markets m ON m.id = ref.id
       LEFT JOIN fancies f ON m.id IS NULL AND f.id = ref.id
       LEFT JOIN settlements cs ON m.id IS NULL AND f.id IS NULL AND cs.market_id = ref.id AND cs.version = ref.version AND cs.market_type = 'casino'
       JOIN events ev ON ev.id = coalesce(m.event_id, f.event_id, cs.match_id)
       WHERE j.code IN ('MARKET_SETTLE', 'MARKET_SETTLE_REVERSAL')
     ) settled ON true
     LEFT JOIN LATERAL (
       SELECT coalesce(g.name, t.game_code) AS game_name, r.round_no
       FROM casino_int_transactions t
       LEFT JOIN casino_int_games g ON g.provider_id = t.provider_id AND g.code = t.game_code
       LEFT JOIN casino_int_rounds r ON r.provider_id = t.provider_id AND r.round_id = t.round_id AND r.user_id = t.user_id
       WHERE j.code IN ('CASINO_INT_DEBIT', 'CASINO_INT_CREDIT', 'CASINO_INT_ROLLBACK')
         AND t.provider_id = split_part(j.event_ref, ':', 1)
         AND t.transaction_id = substr(j.event_ref, length(split_part(j.event_ref, ':', 1)) + 2)
     ) casino ON true
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
