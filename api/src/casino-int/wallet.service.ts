/**
 * The operator's side of CW-1's wallet callbacks (CASINO.md §3.2): authenticate, balance, debit,
 * credit, rollback and roundClose, with every idempotency rule of the protocol. The route
 * (wallet.routes.ts) has checked the signature and the nonce; this service turns a parsed body
 * into the exact response bytes, and stores them:
 *
 * - by requestId (casino_int_requests): a retry of the same requestId gets the same bytes;
 * - by (provider, transactionId) (casino_int_transactions, unique), in the same transaction as
 *   the transaction's journal: an exact replay with a new requestId gets the stored answer with
 *   `idempotentReplay: true`, another payload under the same id is DUPLICATE_TRANSACTION.
 *
 * Money callbacks carry the currency of their amounts; one other than the session's is
 * WRONG_CURRENCY and moves nothing. Money moves as journals between the player's wallet and the provider's clearing account, under
 * the player's wallet row lock (rule 8); a closed round's net leaves the clearing account to the
 * agents' P&L accounts by partnership (L13). Balances in answers are the available balance.
 */
import { canonicalJson, formatMinorUnits, idempotencyPayload, parseMinorUnits, type Cw1Status, type Cw1WalletOp } from '@backlay/shared/cw1';
import { distributePartnership, type ChainAgent } from '@backlay/shared/domain';
import { createHash } from 'node:crypto';
import type { Logger } from '../common/logger';
import type { Database, Tx } from '../db/database';
import type { LedgerService } from '../ledger/ledger.service';
import { findBadText } from '../plugins/validation';
import { checkWalletDebit, WalletRefusal } from './wallet-checks';
import { clearingAccountCode, type WalletProvider } from './registry.repository';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The SHA-256 of a launch token, as casino_int_sessions stores it. */
export const tokenHash = sha256;

type Body = Record<string, unknown>;
type Answer = Record<string, unknown> & { status: Cw1Status };

/** A definitive refusal inside an operation: answered as `{ status, message[, balance] }`. */
class Refusal extends Error {
  constructor(
    readonly status: Exclude<Cw1Status, 'OK'>,
    message: string,
    readonly balance?: string,
  ) {
    super(message);
  }
}

const ID_TEXT = /^[\x21-\x7e]{1,100}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function idField(body: Body, name: string, required = true): string | undefined {
  const value = body[name];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || !ID_TEXT.test(value)) throw new Refusal('INVALID_REQUEST', `${name} must be 1 to 100 printable ASCII characters`);
  return value;
}

function amountField(body: Body, name: string, allowZero: boolean): bigint {
  const minor = parseMinorUnits(body[name]);
  if (minor === null) throw new Refusal('INVALID_REQUEST', `${name} must be integer minor units as a decimal string`);
  if (!allowZero && minor === 0) throw new Refusal('INVALID_REQUEST', `${name} must be above 0`);
  return BigInt(minor);
}

/**
 * The transactionId of a credit or rollback and the refTransactionId of its debit: two ids. The
 * same id names the debit (present, or to come after a tombstone), so it can not also key this
 * transaction: a definitive DUPLICATE_TRANSACTION (same key, another payload), never a retry.
 */
function transactionIds(body: Body): { transactionId: string; refTransactionId: string } {
  const transactionId = idField(body, 'transactionId') as string;
  const refTransactionId = idField(body, 'refTransactionId') as string;
  if (transactionId === refTransactionId) throw new Refusal('DUPLICATE_TRANSACTION', 'transactionId is the id of the debit it refers to');
  return { transactionId, refTransactionId };
}

const CURRENCY = /^[A-Z]{3}$/;

/** The currency (ISO 4217) a money callback's amounts are in: the session's, or WRONG_CURRENCY. */
function checkCurrency(body: Body, session: { currency: string }): void {
  if (body.currency !== session.currency) throw new Refusal('WRONG_CURRENCY', `The session plays in ${session.currency}`);
}

/** A money callback names its currency: three capital letters (ISO 4217). */
function currencyField(body: Body): void {
  if (typeof body.currency !== 'string' || !CURRENCY.test(body.currency)) throw new Refusal('INVALID_REQUEST', 'currency must be an ISO 4217 code (three capital letters)');
}

function validateBets(value: unknown): void {
  if (!Array.isArray(value) || value.length > 50) throw new Refusal('INVALID_REQUEST', 'bets must be a list of at most 50 lines');
  for (const line of value) {
    if (typeof line !== 'object' || line === null || Array.isArray(line)) throw new Refusal('INVALID_REQUEST', 'a bet line is an object');
    const { market, selection, odds, stake } = line as Body;
    const shortText = (v: unknown) => typeof v === 'string' && v.length <= 100;
    if (!shortText(market) || !shortText(selection) || !(typeof odds === 'string' && /^([0-9]{1,6}(\.[0-9]{1,4})?)?$/.test(odds))) {
      throw new Refusal('INVALID_REQUEST', 'a bet line has market, selection and odds as text');
    }
    if (parseMinorUnits(stake) === null) throw new Refusal('INVALID_REQUEST', 'a bet line\'s stake is integer minor units');
  }
}

interface SessionRow {
  id: string;
  userId: string;
  gameCode: string;
  currency: string;
  authenticated: boolean;
  tokenLive: boolean;
  live: boolean;
}

interface TxRow {
  id: string;
  type: 'debit' | 'credit' | 'rollback' | 'tombstone';
  userId: string;
  roundId: string;
  gameCode: string;
  amountMinor: string;
  payloadHash: string;
  response: string;
}

export interface WalletDeps {
  db: Database;
  ledger: LedgerService;
  /** Whether the site is under maintenance (settings): no game takes a stake meanwhile. */
  maintenance: () => Promise<boolean>;
  /** Where the security event of a credit over the maximum goes. */
  log: Logger;
}

export class WalletService {
  private readonly overMaxObservers: Array<(providerId: string) => void> = [];

  constructor(private readonly deps: WalletDeps) {}

  /** Calls `observer` with the provider of every credit refused over the game's maximum (the metric). */
  observeCreditsOverMax(observer: (providerId: string) => void): void {
    this.overMaxObservers.push(observer);
  }

  /**
   * The response body (exact bytes) to a verified callback. `raw` is the body as sent; a body that
   * is not a JSON object of the op's shape is INVALID_REQUEST.
   */
  async handle(provider: WalletProvider, op: Cw1WalletOp, raw: Buffer): Promise<string> {
    let body: Body;
    try {
      const parsed: unknown = JSON.parse(raw.toString('utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Body;
    } catch {
      return JSON.stringify({ status: 'INVALID_REQUEST', message: 'The body is not a JSON object' });
    }
    if (findBadText(body) !== null) return JSON.stringify({ status: 'INVALID_REQUEST', message: 'The body holds invalid text' });
    const requestId = body.requestId;
    if (typeof requestId !== 'string' || !ID_TEXT.test(requestId)) {
      return JSON.stringify({ status: 'INVALID_REQUEST', message: 'requestId must be 1 to 100 printable ASCII characters' });
    }
    const requestHash = sha256(`${op}:${canonicalJson(body)}`);
    // A concurrent twin of this request (same requestId or same transactionId) commits first: the
    // unique index refuses this one, and the rerun finds the stored answer.
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.deps.db.transaction((tx) => this.answer(tx, provider, op, body, requestId, requestHash));
      } catch (error) {
        if ((error as { code?: string }).code === '23505' && attempt < 3) continue;
        throw error;
      }
    }
  }

  private async answer(tx: Tx, provider: WalletProvider, op: Cw1WalletOp, body: Body, requestId: string, requestHash: string): Promise<string> {
    const { rows: prior } = await tx.query<{ requestHash: string; response: string }>(
      'SELECT request_hash AS "requestHash", response FROM casino_int_requests WHERE provider_id = $1 AND request_id = $2',
      [provider.id, requestId],
    );
    if (prior[0] !== undefined) {
      if (prior[0].requestHash === requestHash) return prior[0].response;
      return JSON.stringify({ status: 'INVALID_REQUEST', message: 'This requestId was used for another request' });
    }
    let answer: Answer | string;
    try {
      answer = await this.operate(tx, provider, op, body);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      answer = { status: error.status, message: error.message, ...(error.balance !== undefined ? { balance: error.balance } : {}) };
    }
    const bytes = typeof answer === 'string' ? answer : JSON.stringify(answer);
    await tx.query('INSERT INTO casino_int_requests (provider_id, request_id, request_hash, response) VALUES ($1, $2, $3, $4)', [
      provider.id,
      requestId,
      requestHash,
      bytes,
    ]);
    return bytes;
  }

  /** One operation: its answer object, or the stored bytes of an exact replay. */
  private async operate(tx: Tx, provider: WalletProvider, op: Cw1WalletOp, body: Body): Promise<Answer | string> {
    idField(body, 'sessionToken');
    const playerId = idField(body, 'playerId') as string;
    idField(body, 'gameCode');
    idField(body, 'roundId');
    idField(body, 'tableId', false);
    if (!UUID.test(playerId)) throw new Refusal('INVALID_TOKEN', 'Unknown player');
    switch (op) {
      case 'authenticate':
        return this.authenticate(tx, provider, body);
      case 'balance':
        return this.balance(tx, provider, body);
      case 'debit':
        return this.debit(tx, provider, body);
      case 'credit':
        return this.credit(tx, provider, body);
      case 'rollback':
        return this.rollback(tx, provider, body);
      case 'roundClose':
        return this.roundClose(tx, provider, body);
    }
  }

  /** The session of the body's token, bound to its player and game (INVALID_TOKEN / INVALID_GAME otherwise). */
  private async session(tx: Tx, provider: WalletProvider, body: Body, lock = false): Promise<SessionRow> {
    const { rows } = await tx.query<SessionRow>(
      `SELECT id, user_id AS "userId", game_code AS "gameCode", currency, authenticated_at IS NOT NULL AS authenticated,
              token_expires_at > now() AS "tokenLive",
              -- Live while its own lifetime runs AND the operator session that launched it is live:
              -- a logout, a newer sign-in, a password change or reset, or a lock ends both.
              (expires_at > now() AND EXISTS (
                 SELECT 1 FROM sessions s WHERE s.id = cs.operator_session_id AND s.ended_at IS NULL AND s.expires_at > now())) AS live
       FROM casino_int_sessions cs WHERE token_hash = $1 AND provider_id = $2 ${lock ? 'FOR UPDATE OF cs' : ''}`,
      [tokenHash(body.sessionToken as string), provider.id],
    );
    const session = rows[0];
    if (session === undefined || session.userId !== body.playerId) throw new Refusal('INVALID_TOKEN', 'Unknown session token');
    if (session.gameCode !== body.gameCode) throw new Refusal('INVALID_GAME', 'The session was opened for another game');
    return session;
  }

  /**
   * A session that may stake: authenticated, live (its lifetime and its operator session), and
   * the site not under maintenance; SESSION_EXPIRED otherwise (CW-1 rule 6: credits and rollbacks
   * never ask this).
   */
  private async assertLive(session: SessionRow): Promise<void> {
    if (!session.authenticated) throw new Refusal('INVALID_TOKEN', 'The session is not authenticated');
    if (!session.live) throw new Refusal('SESSION_EXPIRED', 'The session ended: no new stakes');
    if (await this.deps.maintenance()) throw new Refusal('SESSION_EXPIRED', 'The site is under maintenance: no new stakes');
  }

  /** Locks the player's wallet row (the per-player lock of CW-1 rule 8) and answers the available balance. */
  private async lockWallet(tx: Tx, userId: string): Promise<{ accountId: string; available: bigint }> {
    const { rows } = await tx.query<{ id: string; available: string }>(
      'SELECT id, (balance_minor - exposure_minor)::text AS available FROM ledger_accounts WHERE user_id = $1 FOR UPDATE',
      [userId],
    );
    const row = rows[0];
    if (row === undefined) throw new Refusal('INVALID_TOKEN', 'Unknown player');
    return { accountId: row.id, available: BigInt(row.available) };
  }

  private async available(tx: Tx, userId: string): Promise<string> {
    const { rows } = await tx.query<{ available: string }>(
      'SELECT greatest(balance_minor - exposure_minor, 0)::text AS available FROM ledger_accounts WHERE user_id = $1',
      [userId],
    );
    return rows[0]?.available ?? '0';
  }

  private async authenticate(tx: Tx, provider: WalletProvider, body: Body): Promise<Answer> {
    const session = await this.session(tx, provider, body, true);
    // Single use: the first authenticate swaps the token for the session; the token dies with it.
    if (session.authenticated) throw new Refusal('INVALID_TOKEN', 'The session token was already used');
    if (!session.tokenLive) throw new Refusal('SESSION_EXPIRED', 'The session token expired before it was used');
    if (!session.live) throw new Refusal('SESSION_EXPIRED', 'The session ended before it was used');
    if (await this.deps.maintenance()) throw new Refusal('SESSION_EXPIRED', 'The site is under maintenance');
    const { rows } = await tx.query<{ username: string; active: boolean }>(
      `SELECT u.username, (u.status = 'active' AND NOT EXISTS (
                SELECT 1 FROM users anc WHERE anc.id = ANY (u.ancestors) AND anc.status <> 'active')) AS active
       FROM users u WHERE u.id = $1`,
      [session.userId],
    );
    if (rows[0]?.active !== true) throw new Refusal('PLAYER_BLOCKED', 'The player account is locked');
    await tx.query('UPDATE casino_int_sessions SET authenticated_at = now() WHERE id = $1', [session.id]);
    return {
      status: 'OK',
      playerId: session.userId,
      currency: session.currency,
      balance: await this.available(tx, session.userId),
      nickname: rows[0].username,
      country: 'IN',
    };
  }

  private async balance(tx: Tx, provider: WalletProvider, body: Body): Promise<Answer> {
    const session = await this.session(tx, provider, body);
    await this.assertLive(session);
    return { status: 'OK', balance: await this.available(tx, session.userId), currency: session.currency };
  }

  /** The stored row of (provider, transactionId), if any. */
  private async transaction(tx: Tx, providerId: string, transactionId: string): Promise<TxRow | null> {
    const { rows } = await tx.query<TxRow>(
      `SELECT id::text, type, user_id AS "userId", round_id AS "roundId", game_code AS "gameCode", amount_minor::text AS "amountMinor",
              payload_hash AS "payloadHash", response
       FROM casino_int_transactions WHERE provider_id = $1 AND transaction_id = $2`,
      [providerId, transactionId],
    );
    return rows[0] ?? null;
  }

  /** Rules 2 and 3 for a transaction id already stored: the stored answer again, or DUPLICATE_TRANSACTION. */
  private replayOf(existing: TxRow, type: TxRow['type'], payloadHash: string): string {
    if (existing.type === 'tombstone' && type === 'debit') {
      throw new Refusal('TRANSACTION_ROLLED_BACK', 'This debit was rolled back before it arrived');
    }
    if (existing.type !== type || existing.payloadHash !== payloadHash) {
      throw new Refusal('DUPLICATE_TRANSACTION', 'This transactionId was used with another payload');
    }
    return JSON.stringify({ ...(JSON.parse(existing.response) as object), idempotentReplay: true });
  }

  private async nextOperatorTxId(tx: Tx): Promise<string> {
    const { rows } = await tx.query<{ id: string }>("SELECT nextval(pg_get_serial_sequence('casino_int_transactions', 'id'))::text AS id", []);
    return rows[0]?.id ?? '';
  }

  private async insertTransaction(
    tx: Tx,
    row: {
      id: string | null;
      providerId: string;
      transactionId: string;
      type: TxRow['type'];
      refTransactionId: string | null;
      userId: string;
      roundId: string;
      gameCode: string;
      amount: bigint;
      payloadHash: string;
      response: string;
      journalId: string | null;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO casino_int_transactions (id, provider_id, transaction_id, type, ref_transaction_id, user_id, round_id, game_code,
                                            amount_minor, payload_hash, response, journal_id)
       VALUES (coalesce($1::bigint, nextval(pg_get_serial_sequence('casino_int_transactions', 'id'))), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        row.id,
        row.providerId,
        row.transactionId,
        row.type,
        row.refTransactionId,
        row.userId,
        row.roundId,
        row.gameCode,
        row.amount.toString(),
        row.payloadHash,
        row.response,
        row.journalId,
      ],
    );
  }

  /** Moves `amount` from one account to the other in a journal of this transaction. */
  private async journal(tx: Tx, provider: WalletProvider, code: 'CASINO_INT_DEBIT' | 'CASINO_INT_CREDIT' | 'CASINO_INT_ROLLBACK', transactionId: string, from: string, to: string, amount: bigint): Promise<string> {
    const posted = await this.deps.ledger.postJournal(tx, {
      code,
      eventType: `cw1.${code.slice('CASINO_INT_'.length).toLowerCase()}`,
      eventRef: `${provider.id}:${transactionId}`,
      actorId: null,
      remark: `${provider.name} ${code === 'CASINO_INT_DEBIT' ? 'stake' : code === 'CASINO_INT_CREDIT' ? 'win' : 'rollback'} ${transactionId}`.slice(0, 200),
      legs: [
        { accountId: from, amountMinor: -amount },
        { accountId: to, amountMinor: amount },
      ],
    });
    return posted.journal.id;
  }

  private async clearingAccountId(tx: Tx, provider: WalletProvider): Promise<string> {
    return this.deps.ledger.systemAccountId(clearingAccountCode(provider.id), tx);
  }

  private async roundState(tx: Tx, providerId: string, roundId: string, userId: string): Promise<'open' | 'closed' | null> {
    const { rows } = await tx.query<{ status: 'open' | 'closed' }>(
      'SELECT status FROM casino_int_rounds WHERE provider_id = $1 AND round_id = $2 AND user_id = $3',
      [providerId, roundId, userId],
    );
    return rows[0]?.status ?? null;
  }

  private async debit(tx: Tx, provider: WalletProvider, body: Body): Promise<Answer | string> {
    const transactionId = idField(body, 'transactionId') as string;
    const amount = amountField(body, 'amount', false);
    currencyField(body);
    validateBets(body.bets);
    const payloadHash = sha256(canonicalJson(idempotencyPayload(body)));
    const userId = body.playerId as string;
    const wallet = await this.lockWallet(tx, userId);
    const existing = await this.transaction(tx, provider.id, transactionId);
    if (existing !== null) return this.replayOf(existing, 'debit', payloadHash);

    const session = await this.session(tx, provider, body);
    await this.assertLive(session);
    checkCurrency(body, session);
    if (!(await gameOpen(tx, provider.id, session.gameCode))) throw new Refusal('INVALID_GAME', 'This game is suspended');
    const roundId = body.roundId as string;
    if ((await this.roundState(tx, provider.id, roundId, userId)) === 'closed') throw new Refusal('ALREADY_SETTLED', 'The round is closed');
    try {
      await checkWalletDebit(tx, userId, amount);
    } catch (error) {
      if (error instanceof WalletRefusal) throw new Refusal(error.status, error.message);
      throw error;
    }
    if (wallet.available < amount) {
      throw new Refusal('INSUFFICIENT_FUNDS', 'Insufficient balance', (wallet.available < 0n ? 0n : wallet.available).toString());
    }
    await tx.query(
      `INSERT INTO casino_int_rounds (provider_id, round_id, user_id, game_code) VALUES ($1, $2, $3, $4)
       ON CONFLICT (provider_id, round_id, user_id) DO NOTHING`,
      [provider.id, roundId, userId, session.gameCode],
    );
    const journalId = await this.journal(tx, provider, 'CASINO_INT_DEBIT', transactionId, wallet.accountId, await this.clearingAccountId(tx, provider), amount);
    const operatorTxId = await this.nextOperatorTxId(tx);
    const answer: Answer = { status: 'OK', balance: formatMinorUnits(Number(wallet.available - amount)), transactionId, operatorTxId };
    await this.insertTransaction(tx, {
      id: operatorTxId,
      providerId: provider.id,
      transactionId,
      type: 'debit',
      refTransactionId: null,
      userId,
      roundId,
      gameCode: session.gameCode,
      amount,
      payloadHash,
      response: JSON.stringify(answer),
      journalId,
    });
    return answer;
  }

  /**
   * The debit a credit or rollback refers to, checked against rule 4/5: same player and round, not
   * rolled back, not credited, round open.
   */
  private async referencedDebit(tx: Tx, provider: WalletProvider, body: Body, refTransactionId: string): Promise<TxRow | null> {
    const ref = await this.transaction(tx, provider.id, refTransactionId);
    if (ref === null) return null;
    if (ref.type === 'tombstone') throw new Refusal('ALREADY_SETTLED', 'The referenced debit was rolled back');
    if (ref.type !== 'debit' || ref.userId !== body.playerId || ref.roundId !== body.roundId) {
      throw new Refusal('TRANSACTION_NOT_FOUND', 'No such debit of this player in this round');
    }
    const { rows } = await tx.query<{ type: string }>(
      'SELECT type FROM casino_int_transactions WHERE provider_id = $1 AND ref_transaction_id = $2 ORDER BY id LIMIT 1',
      [provider.id, refTransactionId],
    );
    if (rows[0]?.type === 'rollback') throw new Refusal('ALREADY_SETTLED', 'The referenced debit was rolled back');
    if (rows[0]?.type === 'credit') throw new Refusal('ALREADY_SETTLED', 'The referenced debit was settled already');
    if ((await this.roundState(tx, provider.id, ref.roundId, ref.userId)) === 'closed') throw new Refusal('ALREADY_SETTLED', 'The round is closed');
    return ref;
  }

  private async credit(tx: Tx, provider: WalletProvider, body: Body): Promise<Answer | string> {
    const { transactionId, refTransactionId } = transactionIds(body);
    const amount = amountField(body, 'amount', true);
    currencyField(body);
    if (typeof body.roundClosed !== 'boolean') throw new Refusal('INVALID_REQUEST', 'roundClosed must be true or false');
    const payloadHash = sha256(canonicalJson(idempotencyPayload(body)));
    const userId = body.playerId as string;
    const wallet = await this.lockWallet(tx, userId);
    const existing = await this.transaction(tx, provider.id, transactionId);
    if (existing !== null) return this.replayOf(existing, 'credit', payloadHash);
    // Rule 6: an expired session never blocks a credit; the token must still name this player.
    const session = await this.session(tx, provider, body);
    checkCurrency(body, session);
    const debit = await this.referencedDebit(tx, provider, body, refTransactionId);
    if (debit === null) throw new Refusal('TRANSACTION_NOT_FOUND', 'No such debit');
    await this.assertWithinMaximum(tx, provider, debit, { transactionId, refTransactionId }, amount);
    const journalId =
      amount > 0n ? await this.journal(tx, provider, 'CASINO_INT_CREDIT', transactionId, await this.clearingAccountId(tx, provider), wallet.accountId, amount) : null;
    const operatorTxId = await this.nextOperatorTxId(tx);
    const answer: Answer = { status: 'OK', balance: formatMinorUnits(Number(clampZero(wallet.available + amount))), transactionId, operatorTxId };
    await this.insertTransaction(tx, {
      id: operatorTxId,
      providerId: provider.id,
      transactionId,
      type: 'credit',
      refTransactionId,
      userId,
      roundId: debit.roundId,
      gameCode: session.gameCode,
      amount,
      payloadHash,
      response: JSON.stringify(answer),
      journalId,
    });
    if (body.roundClosed === true) await this.closeRound(tx, provider, debit.roundId, userId);
    return answer;
  }

  /**
   * A round pays at most its stakes times the game's maximum payout multiplier: a credit that
   * would take the player's credits of the round above (its debits not rolled back) × the
   * game's max_multiplier is refused with LIMIT_EXCEEDED (definitive: the provider stops retrying
   * and reconciliation shows it), counted in backlay_cw1_credits_over_max_total and logged as
   * the security event `cw1_credit_over_max` once the refusal is stored. A signed credit is
   * otherwise the provider's word; this bounds what a leaked secret or a faulty provider can take.
   */
  private async assertWithinMaximum(tx: Tx, provider: WalletProvider, debit: TxRow, ids: { transactionId: string; refTransactionId: string }, amount: bigint): Promise<void> {
    const { rows } = await tx.query<{ over: boolean; maxMultiplier: string; debited: string; credited: string; maxPayout: string }>(
      `SELECT (r.credited + $5::bigint > r.debited * g.max_multiplier) AS over, g.max_multiplier::text AS "maxMultiplier",
              r.debited::text AS debited, r.credited::text AS credited, floor(r.debited * g.max_multiplier)::text AS "maxPayout"
       FROM casino_int_games g,
            LATERAL (SELECT coalesce(sum(t.amount_minor) FILTER (WHERE t.type = 'credit'), 0) AS credited,
                            coalesce(sum(t.amount_minor) FILTER (WHERE t.type = 'debit' AND NOT EXISTS (
                              SELECT 1 FROM casino_int_transactions rb
                              WHERE rb.provider_id = t.provider_id AND rb.ref_transaction_id = t.transaction_id AND rb.type = 'rollback')), 0) AS debited
                     FROM casino_int_transactions t WHERE t.provider_id = $1 AND t.round_id = $2 AND t.user_id = $3) r
       WHERE g.provider_id = $1 AND g.code = $4`,
      [provider.id, debit.roundId, debit.userId, debit.gameCode, amount.toString()],
    );
    const bound = rows[0];
    // A game that left the registry has no maximum to pay up to.
    if (bound !== undefined && !bound.over) return;
    tx.afterCommit(() => {
      this.deps.log.warn(
        {
          event: 'cw1_credit_over_max',
          provider: provider.id,
          playerId: debit.userId,
          roundId: debit.roundId,
          gameCode: debit.gameCode,
          ...ids,
          amount: amount.toString(),
          credited: bound?.credited ?? null,
          debited: bound?.debited ?? null,
          maxMultiplier: bound?.maxMultiplier ?? null,
          maxPayout: bound?.maxPayout ?? null,
        },
        'CW-1 credit refused: above the round\'s stakes times the game\'s maximum payout',
      );
      for (const observer of this.overMaxObservers) observer(provider.id);
    });
    throw new Refusal('LIMIT_EXCEEDED', `The credit is above the game's maximum payout for this round (${bound?.maxPayout ?? 0} minor units)`);
  }

  private async rollback(tx: Tx, provider: WalletProvider, body: Body): Promise<Answer | string> {
    const { transactionId, refTransactionId } = transactionIds(body);
    if (typeof body.reason !== 'string' || body.reason.length > 200) throw new Refusal('INVALID_REQUEST', 'reason must be text of at most 200 characters');
    currencyField(body);
    const payloadHash = sha256(canonicalJson(idempotencyPayload(body)));
    const userId = body.playerId as string;
    const wallet = await this.lockWallet(tx, userId);
    const existing = await this.transaction(tx, provider.id, transactionId);
    if (existing !== null) return this.replayOf(existing, 'rollback', payloadHash);
    const session = await this.session(tx, provider, body);
    checkCurrency(body, session);
    const roundId = body.roundId as string;
    const debit = await this.referencedDebit(tx, provider, body, refTransactionId);
    const operatorTxId = await this.nextOperatorTxId(tx);
    let journalId: string | null = null;
    let amount = 0n;
    if (debit === null) {
      // Rule 5: a rollback that overtook its debit answers OK and leaves a tombstone under the
      // debit's id, so the late debit is refused (TRANSACTION_ROLLED_BACK).
      await this.insertTransaction(tx, {
        id: null,
        providerId: provider.id,
        transactionId: refTransactionId,
        type: 'tombstone',
        refTransactionId: null,
        userId,
        roundId,
        gameCode: session.gameCode,
        amount: 0n,
        payloadHash: sha256(`tombstone:${refTransactionId}`),
        response: JSON.stringify({ status: 'TRANSACTION_ROLLED_BACK', message: 'This debit was rolled back before it arrived' }),
        journalId: null,
      });
    } else {
      amount = BigInt(debit.amountMinor);
      journalId = await this.journal(tx, provider, 'CASINO_INT_ROLLBACK', transactionId, await this.clearingAccountId(tx, provider), wallet.accountId, amount);
    }
    const answer: Answer = { status: 'OK', balance: formatMinorUnits(Number(clampZero(wallet.available + amount))), transactionId, operatorTxId };
    await this.insertTransaction(tx, {
      id: operatorTxId,
      providerId: provider.id,
      transactionId,
      type: 'rollback',
      refTransactionId,
      userId,
      roundId: debit?.roundId ?? roundId,
      gameCode: session.gameCode,
      amount,
      payloadHash,
      response: JSON.stringify(answer),
      journalId,
    });
    return answer;
  }

  private async roundClose(tx: Tx, provider: WalletProvider, body: Body): Promise<Answer> {
    const session = await this.session(tx, provider, body);
    await this.lockWallet(tx, session.userId);
    await this.closeRound(tx, provider, body.roundId as string, session.userId);
    return { status: 'OK' };
  }

  /**
   * Closes a player's round (once): its P&L is fixed, and its net leaves the clearing account to
   * the agents' P&L accounts by partnership (shared distributePartnership), so the clearing
   * account nets to zero per closed round (L13).
   */
  private async closeRound(tx: Tx, provider: WalletProvider, roundId: string, userId: string): Promise<void> {
    const { rows } = await tx.query<{ pnl: string }>(
      `UPDATE casino_int_rounds r SET status = 'closed', closed_at = now(),
              pnl_minor = (SELECT coalesce(sum(CASE t.type WHEN 'debit' THEN -t.amount_minor WHEN 'tombstone' THEN 0 ELSE t.amount_minor END), 0)
                           FROM casino_int_transactions t WHERE t.provider_id = r.provider_id AND t.round_id = r.round_id AND t.user_id = r.user_id)
       WHERE provider_id = $1 AND round_id = $2 AND user_id = $3 AND status = 'open'
       RETURNING pnl_minor::text AS pnl`,
      [provider.id, roundId, userId],
    );
    const pnl = rows[0] === undefined ? 0n : BigInt(rows[0].pnl);
    if (pnl === 0n) return;
    const { rows: chainRows } = await tx.query<{ id: string; shareBps: number }>(
      `SELECT a.id, a.partnership_share_bps AS "shareBps"
       FROM users u CROSS JOIN LATERAL unnest(u.ancestors) WITH ORDINALITY AS x (agent_id, pos)
       JOIN users a ON a.id = x.agent_id WHERE u.id = $1 ORDER BY x.pos DESC`,
      [userId],
    );
    const chain: ChainAgent[] = chainRows;
    const shares = distributePartnership(chain, Number(pnl));
    const legs = [{ accountId: await this.clearingAccountId(tx, provider), amountMinor: pnl }];
    for (const share of shares) {
      await tx.query(
        `INSERT INTO casino_int_round_shares (provider_id, round_id, user_id, agent_id, own_share_bps, amount_minor) VALUES ($1, $2, $3, $4, $5, $6)`,
        [provider.id, roundId, userId, share.id, share.ownShareBps, share.amountMinor],
      );
      if (share.amountMinor === 0) continue;
      const code = `system:agent_pnl:${share.id}`;
      await tx.query("INSERT INTO ledger_accounts (kind, code, allow_negative) VALUES ('system', $1, true) ON CONFLICT (code) DO NOTHING", [code]);
      legs.push({ accountId: await this.deps.ledger.systemAccountId(code, tx), amountMinor: BigInt(share.amountMinor) });
    }
    const posted = await this.deps.ledger.postJournal(tx, {
      code: 'CASINO_INT_ROUND',
      eventType: 'cw1.round',
      eventRef: `${provider.id}:${roundId}:${userId}`,
      actorId: null,
      remark: `${provider.name} round ${roundId}`.slice(0, 200),
      legs,
    });
    await tx.query('UPDATE casino_int_rounds SET close_journal_id = $4 WHERE provider_id = $1 AND round_id = $2 AND user_id = $3', [
      provider.id,
      roundId,
      userId,
      posted.journal.id,
    ]);
  }
}

const clampZero = (value: bigint): bigint => (value < 0n ? 0n : value);

/** True while the provider and the game are both enabled. */
async function gameOpen(tx: Tx, providerId: string, gameCode: string): Promise<boolean> {
  const { rows } = await tx.query<{ open: boolean }>(
    `SELECT (p.enabled AND g.enabled) AS open FROM casino_int_games g JOIN casino_int_providers p ON p.id = g.provider_id
     WHERE g.provider_id = $1 AND g.code = $2`,
    [providerId, gameCode],
  );
  return rows[0]?.open === true;
}
