/** All SQL of the ledger. Plain rows in, plain rows out; no rules here. */
import type { Queryable } from '../db/database';
import type { AccountState, JournalRequest, PostedEntry } from './journal-rules';

export interface JournalRow {
  id: string;
  code: string;
  eventType: string;
  eventRef: string;
  idempotencyKey: string | null;
  requestHash: string;
  remark: string;
  actorId: string | null;
  reversesJournalId: string | null;
  createdAt: Date;
}

export interface EntryRow {
  id: string;
  journalId: string;
  accountId: string;
  amountMinor: bigint;
  version: bigint;
  prevBalanceMinor: bigint;
  currBalanceMinor: bigint;
  createdAt: Date;
}

export interface LockedAccount extends AccountState {
  userId: string | null;
}

export interface WalletRow {
  accountId: string;
  userId: string;
  balanceMinor: bigint;
  exposureMinor: bigint;
}

const JOURNAL_COLUMNS = `id, code, event_type AS "eventType", event_ref AS "eventRef",
  idempotency_key AS "idempotencyKey", request_hash AS "requestHash", remark,
  actor_id AS "actorId", reverses_journal_id AS "reversesJournalId", created_at AS "createdAt"`;

interface RawEntry {
  id: string;
  journalId: string;
  accountId: string;
  amountMinor: string;
  version: string;
  prevBalanceMinor: string;
  currBalanceMinor: string;
  createdAt: Date;
}

function toEntry(row: RawEntry): EntryRow {
  return {
    ...row,
    amountMinor: BigInt(row.amountMinor),
    version: BigInt(row.version),
    prevBalanceMinor: BigInt(row.prevBalanceMinor),
    currBalanceMinor: BigInt(row.currBalanceMinor),
  };
}

const ENTRY_COLUMNS = `id::text AS id, journal_id AS "journalId", account_id AS "accountId",
  amount_minor AS "amountMinor", version, prev_balance_minor AS "prevBalanceMinor",
  curr_balance_minor AS "currBalanceMinor", created_at AS "createdAt"`;

/** Inserts the journal header; null when an event or idempotency key already exists. */
export async function insertJournal(q: Queryable, request: JournalRequest, requestHash: string): Promise<JournalRow | null> {
  const { rows } = await q.query<JournalRow>(
    `INSERT INTO journals (code, event_type, event_ref, idempotency_key, request_hash, remark, actor_id, reverses_journal_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT DO NOTHING
     RETURNING ${JOURNAL_COLUMNS}`,
    [
      request.code,
      request.eventType,
      request.eventRef,
      request.idempotencyKey,
      requestHash,
      request.remark,
      request.actorId,
      request.reversesJournalId,
    ],
  );
  return rows[0] ?? null;
}

export async function findJournalByIdempotencyKey(
  q: Queryable,
  actorId: string | null,
  idempotencyKey: string,
): Promise<JournalRow | null> {
  const { rows } = await q.query<JournalRow>(
    `SELECT ${JOURNAL_COLUMNS} FROM journals
     WHERE actor_id IS NOT DISTINCT FROM $1 AND idempotency_key = $2`,
    [actorId, idempotencyKey],
  );
  return rows[0] ?? null;
}

export async function findJournalByEvent(q: Queryable, eventType: string, eventRef: string): Promise<JournalRow | null> {
  const { rows } = await q.query<JournalRow>(
    `SELECT ${JOURNAL_COLUMNS} FROM journals WHERE event_type = $1 AND event_ref = $2`,
    [eventType, eventRef],
  );
  return rows[0] ?? null;
}

/** Locks the accounts in one global order (by id) so concurrent journals cannot deadlock. */
export async function lockAccounts(q: Queryable, accountIds: readonly string[]): Promise<LockedAccount[]> {
  const { rows } = await q.query<{
    id: string;
    userId: string | null;
    balanceMinor: string;
    exposureMinor: string;
    version: string;
    allowNegative: boolean;
  }>(
    `SELECT id, user_id AS "userId", balance_minor AS "balanceMinor", exposure_minor AS "exposureMinor",
            version, allow_negative AS "allowNegative"
     FROM ledger_accounts WHERE id = ANY($1::uuid[])
     ORDER BY id
     FOR UPDATE`,
    [accountIds],
  );
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    balanceMinor: BigInt(row.balanceMinor),
    exposureMinor: BigInt(row.exposureMinor),
    version: BigInt(row.version),
    allowNegative: row.allowNegative,
  }));
}

/** Writes the entries of a journal in one statement. */
export async function insertEntries(q: Queryable, journalId: string, entries: readonly PostedEntry[]): Promise<EntryRow[]> {
  const { rows } = await q.query<RawEntry>(
    `INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
     SELECT $1, t.account_id, t.amount_minor, t.version, t.prev_balance_minor, t.curr_balance_minor
     FROM unnest($2::uuid[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[])
       AS t(account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
     RETURNING ${ENTRY_COLUMNS}`,
    [
      journalId,
      entries.map((e) => e.accountId),
      entries.map((e) => e.amountMinor.toString()),
      entries.map((e) => e.version.toString()),
      entries.map((e) => e.prevBalanceMinor.toString()),
      entries.map((e) => e.currBalanceMinor.toString()),
    ],
  );
  return rows.map(toEntry).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}

/** Moves the cached balances and versions to the entries just written (rows already locked). */
export async function applyEntriesToAccounts(q: Queryable, entries: readonly PostedEntry[]): Promise<void> {
  await q.query(
    `UPDATE ledger_accounts a
     SET balance_minor = t.curr_balance_minor, version = t.version
     FROM unnest($1::uuid[], $2::bigint[], $3::bigint[]) AS t(account_id, curr_balance_minor, version)
     WHERE a.id = t.account_id`,
    [
      entries.map((e) => e.accountId),
      entries.map((e) => e.currBalanceMinor.toString()),
      entries.map((e) => e.version.toString()),
    ],
  );
}

export async function listEntriesOfJournal(q: Queryable, journalId: string): Promise<EntryRow[]> {
  const { rows } = await q.query<RawEntry>(
    `SELECT ${ENTRY_COLUMNS} FROM entries WHERE journal_id = $1 ORDER BY entries.id`,
    [journalId],
  );
  return rows.map(toEntry);
}

export async function findWalletByUserId(q: Queryable, userId: string): Promise<WalletRow | null> {
  const { rows } = await q.query<{ accountId: string; userId: string; balanceMinor: string; exposureMinor: string }>(
    `SELECT id AS "accountId", user_id AS "userId", balance_minor AS "balanceMinor", exposure_minor AS "exposureMinor"
     FROM ledger_accounts WHERE user_id = $1`,
    [userId],
  );
  const row = rows[0];
  if (row === undefined) return null;
  return { ...row, balanceMinor: BigInt(row.balanceMinor), exposureMinor: BigInt(row.exposureMinor) };
}

export async function findSystemAccountId(q: Queryable, code: string): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>('SELECT id FROM ledger_accounts WHERE code = $1', [code]);
  return rows[0]?.id ?? null;
}

export async function findJournalById(q: Queryable, id: string): Promise<JournalRow | null> {
  const { rows } = await q.query<JournalRow>(`SELECT ${JOURNAL_COLUMNS} FROM journals WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The journal that reverses `journalId`, if any (at most one: journals_reversed_once). */
export async function findReversalOf(q: Queryable, journalId: string): Promise<JournalRow | null> {
  const { rows } = await q.query<JournalRow>(`SELECT ${JOURNAL_COLUMNS} FROM journals WHERE reverses_journal_id = $1`, [
    journalId,
  ]);
  return rows[0] ?? null;
}
