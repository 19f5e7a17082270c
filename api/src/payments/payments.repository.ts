/** All SQL of payments. Plain rows in, plain rows out; no rules here. */
import type { PaymentSettings, PaymentSortKey, PaymentStatus } from '@backlay/shared/contracts';
import { orderByClause, type SortRequest } from '../common/sorting';
import type { Queryable } from '../db/database';
import type { ImageType } from './image-sniff';
import type { AccountType, PaymentType } from './payment-rules';

// ---------------------------------------------------------------------------------------------
// Payment settings (one row per site, ADR 0074 "Content per site")

const SETTINGS_COLUMNS = `upi_id AS "upiId", upi_name AS "upiName", account_holder_name AS "accountHolderName",
  account_number AS "accountNumber", ifsc_code AS "ifscCode"`;

/** A site's payment details (all empty when the site has saved none). */
export async function findPaymentSettings(q: Queryable, siteId: string, options: { lock?: boolean } = {}): Promise<PaymentSettings> {
  const { rows } = await q.query<PaymentSettings>(
    `SELECT ${SETTINGS_COLUMNS} FROM payment_settings WHERE site_id = $1${options.lock === true ? ' FOR UPDATE' : ''}`,
    [siteId],
  );
  return rows[0] ?? { upiId: '', upiName: '', accountHolderName: '', accountNumber: '', ifscCode: '' };
}

export async function updatePaymentSettings(q: Queryable, siteId: string, settings: PaymentSettings, updatedBy: string): Promise<PaymentSettings> {
  const { rows } = await q.query<PaymentSettings>(
    `INSERT INTO payment_settings (site_id, upi_id, upi_name, account_holder_name, account_number, ifsc_code, updated_by, updated_at)
     VALUES ($7, $1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (site_id) DO UPDATE SET upi_id = EXCLUDED.upi_id, upi_name = EXCLUDED.upi_name,
       account_holder_name = EXCLUDED.account_holder_name, account_number = EXCLUDED.account_number,
       ifsc_code = EXCLUDED.ifsc_code, updated_by = EXCLUDED.updated_by, updated_at = now()
     RETURNING ${SETTINGS_COLUMNS}`,
    [settings.upiId, settings.upiName, settings.accountHolderName, settings.accountNumber, settings.ifscCode, updatedBy, siteId],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('payment settings upsert returned no row');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Saved bank accounts and UPI ids

export interface SavedBankRow {
  id: string;
  accountHolderName: string;
  accountNumber: string;
  ifscCode: string;
}

export interface SavedUpiRow {
  id: string;
  upiId: string;
}

const BANK_COLUMNS = `id, account_holder_name AS "accountHolderName", account_number AS "accountNumber", ifsc_code AS "ifscCode"`;

export async function listSavedBanks(q: Queryable, userId: string): Promise<SavedBankRow[]> {
  const { rows } = await q.query<SavedBankRow>(
    `SELECT ${BANK_COLUMNS} FROM saved_bank_accounts WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

export async function listSavedUpis(q: Queryable, userId: string): Promise<SavedUpiRow[]> {
  const { rows } = await q.query<SavedUpiRow>(
    `SELECT id, upi_id AS "upiId" FROM saved_upis WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

/** Serialises the saved-account changes of one user (count limits) for the transaction. */
export async function lockSavedAccountsOf(q: Queryable, userId: string): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('payments.saved:' || $1::text))`, [userId]);
}

/** Serialises the new requests of one user (the pending cap) for the transaction. */
export async function lockRequestsOf(q: Queryable, userId: string): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('payments.requests:' || $1::text))`, [userId]);
}

/** Rows created by one user in a window ending now: how many, and when the oldest was (epoch ms). */
export interface WindowCount {
  n: number;
  oldestMs: number | null;
}

async function countSince(q: Queryable, sql: string, params: unknown[]): Promise<WindowCount> {
  const { rows } = await q.query<{ n: number; oldest_ms: string | null }>(sql, params);
  const row = rows[0];
  return { n: row?.n ?? 0, oldestMs: row?.oldest_ms === null || row?.oldest_ms === undefined ? null : Number(row.oldest_ms) };
}

/** Saved accounts of one kind the user added after `since`, deleted ones included (add, delete, add again counts twice). */
export function countAddedSince(q: Queryable, kind: AccountType, userId: string, since: Date): Promise<WindowCount> {
  const table = kind === 'bank' ? 'saved_bank_accounts' : 'saved_upis';
  return countSince(
    q,
    `SELECT count(*)::int AS n, (extract(epoch FROM min(created_at)) * 1000)::bigint AS oldest_ms
       FROM ${table} WHERE user_id = $1 AND created_at > $2`,
    [userId, since.toISOString()],
  );
}

/** Payment requests of one type the user made after `since`, whatever became of them. */
export function countRequestsSince(q: Queryable, userId: string, type: PaymentType, since: Date): Promise<WindowCount> {
  return countSince(
    q,
    `SELECT count(*)::int AS n, (extract(epoch FROM min(created_at)) * 1000)::bigint AS oldest_ms
       FROM payment_requests WHERE user_id = $1 AND type = $2 AND created_at > $3`,
    [userId, type, since.toISOString()],
  );
}

export async function countSaved(q: Queryable, kind: AccountType, userId: string): Promise<number> {
  const table = kind === 'bank' ? 'saved_bank_accounts' : 'saved_upis';
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** The new row, or null when the same account is already saved (live). */
export async function insertSavedBank(
  q: Queryable,
  userId: string,
  bank: Omit<SavedBankRow, 'id'>,
): Promise<SavedBankRow | null> {
  const { rows } = await q.query<SavedBankRow>(
    `INSERT INTO saved_bank_accounts (user_id, account_holder_name, account_number, ifsc_code)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, account_number, ifsc_code) WHERE deleted_at IS NULL DO NOTHING
     RETURNING ${BANK_COLUMNS}`,
    [userId, bank.accountHolderName, bank.accountNumber, bank.ifscCode],
  );
  return rows[0] ?? null;
}

/** The new row, or null when the same UPI id (any case) is already saved (live). */
export async function insertSavedUpi(q: Queryable, userId: string, upiId: string): Promise<SavedUpiRow | null> {
  const { rows } = await q.query<SavedUpiRow>(
    `INSERT INTO saved_upis (user_id, upi_id) VALUES ($1, $2)
     ON CONFLICT (user_id, lower(upi_id)) WHERE deleted_at IS NULL DO NOTHING
     RETURNING id, upi_id AS "upiId"`,
    [userId, upiId],
  );
  return rows[0] ?? null;
}

export async function findLiveSavedBank(q: Queryable, userId: string, id: string): Promise<SavedBankRow | null> {
  const { rows } = await q.query<SavedBankRow>(
    `SELECT ${BANK_COLUMNS} FROM saved_bank_accounts WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [id, userId],
  );
  return rows[0] ?? null;
}

export async function findLiveSavedUpi(q: Queryable, userId: string, id: string): Promise<SavedUpiRow | null> {
  const { rows } = await q.query<SavedUpiRow>(
    `SELECT id, upi_id AS "upiId" FROM saved_upis WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [id, userId],
  );
  return rows[0] ?? null;
}

/** Marks a live saved account of `userId` deleted; false when there is none with that id. */
export async function deleteSaved(q: Queryable, kind: AccountType, userId: string, id: string): Promise<boolean> {
  const table = kind === 'bank' ? 'saved_bank_accounts' : 'saved_upis';
  const { rowCount } = await q.query(
    `UPDATE ${table} SET deleted_at = now() WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [id, userId],
  );
  return rowCount === 1;
}

// ---------------------------------------------------------------------------------------------
// Screenshots

export interface ScreenshotRow {
  id: string;
  ownerId: string;
  contentType: ImageType;
}

export async function insertScreenshot(
  q: Queryable,
  row: ScreenshotRow & { byteSize: number; widthPx: number; heightPx: number; sha256: string },
): Promise<void> {
  await q.query(
    `INSERT INTO payment_screenshots (id, owner_id, content_type, byte_size, width_px, height_px, sha256)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [row.id, row.ownerId, row.contentType, row.byteSize, row.widthPx, row.heightPx, row.sha256],
  );
}

export async function findScreenshot(q: Queryable, id: string): Promise<ScreenshotRow | null> {
  const { rows } = await q.query<ScreenshotRow>(
    `SELECT id, owner_id AS "ownerId", content_type AS "contentType" FROM payment_screenshots WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface NewPaymentRequest {
  id: string;
  userId: string;
  type: PaymentType;
  amountMinor: bigint;
  accountType: AccountType;
  remark: string;
  utrNo: string | null;
  screenshotId: string | null;
  payoutAccountId: string | null;
  payoutUpiId: string | null;
  payoutHolderName: string | null;
  payoutAccountNumber: string | null;
  payoutIfscCode: string | null;
  holdJournalId: string | null;
}

/** A request with the usernames the screens show. */
export interface PaymentRequestRecord extends NewPaymentRequest {
  username: string;
  status: PaymentStatus;
  decidedBy: string | null;
  decidedByUsername: string | null;
  decidedAt: Date | null;
  decisionRemark: string | null;
  decisionJournalId: string | null;
  createdAt: Date;
}

const REQUEST_COLUMNS = `r.id, r.user_id AS "userId", u.username, r.type, r.amount_minor::text AS "amountMinor",
  r.account_type AS "accountType", r.remark, r.status, r.utr_no AS "utrNo", r.screenshot_id AS "screenshotId",
  r.payout_account_id AS "payoutAccountId", r.payout_upi_id AS "payoutUpiId", r.payout_holder_name AS "payoutHolderName",
  r.payout_account_number AS "payoutAccountNumber", r.payout_ifsc_code AS "payoutIfscCode",
  r.hold_journal_id AS "holdJournalId", r.decided_by AS "decidedBy", d.username AS "decidedByUsername",
  r.decided_at AS "decidedAt", r.decision_remark AS "decisionRemark", r.decision_journal_id AS "decisionJournalId",
  r.created_at AS "createdAt"`;

const REQUEST_FROM = `payment_requests r JOIN users u ON u.id = r.user_id LEFT JOIN users d ON d.id = r.decided_by`;

type RawRequest = Omit<PaymentRequestRecord, 'amountMinor'> & { amountMinor: string };
const toRecord = (row: RawRequest): PaymentRequestRecord => ({ ...row, amountMinor: BigInt(row.amountMinor) });

export async function insertPaymentRequest(q: Queryable, request: NewPaymentRequest): Promise<void> {
  await q.query(
    `INSERT INTO payment_requests (id, user_id, type, amount_minor, account_type, remark, utr_no, screenshot_id,
       payout_account_id, payout_upi_id, payout_holder_name, payout_account_number, payout_ifsc_code, hold_journal_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      request.id,
      request.userId,
      request.type,
      request.amountMinor.toString(),
      request.accountType,
      request.remark,
      request.utrNo,
      request.screenshotId,
      request.payoutAccountId,
      request.payoutUpiId,
      request.payoutHolderName,
      request.payoutAccountNumber,
      request.payoutIfscCode,
      request.holdJournalId,
    ],
  );
}

/** One request; `lock` takes its row lock (the decision serialises on it). */
export async function findPaymentRequest(q: Queryable, id: string, options: { lock?: boolean } = {}): Promise<PaymentRequestRecord | null> {
  const { rows } = await q.query<RawRequest>(
    `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.id = $1${options.lock === true ? ' FOR UPDATE OF r' : ''}`,
    [id],
  );
  const row = rows[0];
  return row === undefined ? null : toRecord(row);
}

/**
 * L10: the one transition of a request, guarded by its current state. True when this call
 * moved it from pending (exactly one row); false when it was no longer pending.
 */
export async function decidePaymentRequest(
  q: Queryable,
  decision: { id: string; status: 'approved' | 'rejected'; decidedBy: string; remark: string; journalId: string | null },
): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE payment_requests
     SET status = $2, decided_by = $3, decided_at = now(), decision_remark = $4, decision_journal_id = $5
     WHERE id = $1 AND status = 'pending'`,
    [decision.id, decision.status, decision.decidedBy, decision.remark, decision.journalId],
  );
  return rowCount === 1;
}

export async function countPending(q: Queryable, userId: string, type: PaymentType): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM payment_requests WHERE user_id = $1 AND type = $2 AND status = 'pending'`,
    [userId, type],
  );
  return rows[0]?.n ?? 0;
}

export async function utrExists(q: Queryable, utrNo: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM payment_requests WHERE utr_no = $1', [utrNo]);
  return rows.length > 0;
}

export interface RequestFilter {
  type: PaymentType;
  from: Date;
  toExclusive: Date;
  status: PaymentStatus | null;
  /** Exactly this owner … */
  userId: string | null;
  /** … or every owner at or below this account (its own requests and its downline's). */
  subtreeOf: string | null;
  /** An ILIKE pattern (wildcards escaped) the owner's username or the UTR must match, or null for all. */
  pattern: string | null;
  /** The column to order by first (ADR 0068), or null for newest first only. */
  sort: SortRequest<PaymentSortKey> | null;
}

/** The columns get-deposit-withdraw-list sorts by (ADR 0068): the only SQL a sort request chooses from. */
const PAYMENT_SORT_SQL: Readonly<Record<PaymentSortKey, string>> = {
  username: 'lower(u.username)',
  amount: 'r.amount_minor',
  createdAt: 'r.created_at',
  status: 'r.status',
};

/**
 * Requests of a type in a time range, in the order asked for and then newest first (without
 * one, newest first; ties by id, so pages never overlap): a page of that order.
 */
export async function listPaymentRequests(q: Queryable, filter: RequestFilter, page: { limit: number; offset: number }): Promise<PaymentRequestRecord[]> {
  const { rows } = await q.query<RawRequest>(
    `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM}
     WHERE r.type = $1 AND r.created_at >= $2 AND r.created_at < $3
       AND ($4::text IS NULL OR r.status = $4)
       AND ($5::uuid IS NULL OR r.user_id = $5)
       AND ($6::uuid IS NULL OR r.user_id = $6 OR u.ancestors @> ARRAY[$6::uuid])
       AND ($9::text IS NULL OR u.username ILIKE $9 OR r.utr_no ILIKE $9)
     ${orderByClause(PAYMENT_SORT_SQL, filter.sort, 'r.created_at DESC, r.id DESC')}
     LIMIT $7 OFFSET $8`,
    [filter.type, filter.from, filter.toExclusive, filter.status, filter.userId, filter.subtreeOf, page.limit, page.offset, filter.pattern],
  );
  return rows.map(toRecord);
}

// ---------------------------------------------------------------------------------------------
// Idempotency keys

export type IdempotentOperation = 'request' | 'decision';

export interface IdempotencyRow {
  requestHash: string;
  response: unknown;
}

/** Claims a key for this transaction; false when it exists (a concurrent holder is waited for). */
export async function claimIdempotencyKey(
  q: Queryable,
  key: { actorId: string; operation: IdempotentOperation; idempotencyKey: string; requestHash: string },
): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO payment_idempotency (actor_id, operation, idempotency_key, request_hash)
     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [key.actorId, key.operation, key.idempotencyKey, key.requestHash],
  );
  return rowCount === 1;
}

export async function findIdempotencyKey(
  q: Queryable,
  actorId: string,
  operation: IdempotentOperation,
  idempotencyKey: string,
): Promise<IdempotencyRow | null> {
  const { rows } = await q.query<IdempotencyRow>(
    `SELECT request_hash AS "requestHash", response FROM payment_idempotency
     WHERE actor_id = $1 AND operation = $2 AND idempotency_key = $3`,
    [actorId, operation, idempotencyKey],
  );
  return rows[0] ?? null;
}

/** Stores the answer of a claimed key, in the transaction that made its effect. */
export async function completeIdempotencyKey(
  q: Queryable,
  key: { actorId: string; operation: IdempotentOperation; idempotencyKey: string },
  requestId: string,
  response: unknown,
): Promise<void> {
  await q.query(
    `UPDATE payment_idempotency SET request_id = $4, response = $5
     WHERE actor_id = $1 AND operation = $2 AND idempotency_key = $3`,
    [key.actorId, key.operation, key.idempotencyKey, requestId, JSON.stringify(response)],
  );
}

/**
 * Pending requests per owner's site and type: how many and when the oldest was made; the downline
 * of `subtreeOf` only when given.
 */
export async function pendingQueue(
  q: Queryable,
  subtreeOf: string | null = null,
): Promise<Array<{ siteId: string; type: 'deposit' | 'withdraw'; count: number; oldest: Date }>> {
  const { rows } = await q.query<{ site_id: string; type: 'deposit' | 'withdraw'; count: string; oldest: Date }>(
    `SELECT u.site_id, r.type, count(*)::text AS count, min(r.created_at) AS oldest
     FROM payment_requests r JOIN users u ON u.id = r.user_id
     WHERE r.status = 'pending' AND ($1::uuid IS NULL OR u.ancestors @> ARRAY[$1::uuid])
     GROUP BY u.site_id, r.type`,
    [subtreeOf],
  );
  return rows.map((r) => ({ siteId: r.site_id, type: r.type, count: Number(r.count), oldest: r.oldest }));
}

/** The agents above a user (root first): those who may decide its payment requests. */
export async function agentsAbove(q: Queryable, userId: string): Promise<string[]> {
  const { rows } = await q.query<{ ancestors: string[] }>('SELECT ancestors::text[] AS ancestors FROM users WHERE id = $1', [userId]);
  return rows[0]?.ancestors ?? [];
}

