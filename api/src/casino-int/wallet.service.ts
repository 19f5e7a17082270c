/**
 * The operator's side of CW-1's wallet callbacks (docs/rules/casino-wallet.md): authenticate, balance, debit,
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
import { availableMinor, distributePartnership, type ChainAgent } from '@backlay/shared/domain';
import { createHash } from 'node:crypto';
import type { Logger } from '../common/logger';
import type { Database, Tx } from '../db/database';
import type { LedgerService } from '../ledger/ledger.service';
import { findBadText } from '../plugins/validation';
import { checkWalletDebit, WalletRefusal } from './wallet-checks';
import { clearingAccountCode, type WalletProvider } from './registry.repository';
import * as repo from './wallet.repository';
import type { SessionRow, TxRow } from './wallet.repository';

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
    const prior = await repo.findStoredRequest(tx, provider.id, requestId);
    if (prior !== null) {
      if (prior.requestHash === requestHash) return prior.response;
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
    await repo.insertStoredRequest(tx, provider.id, requestId, requestHash, bytes);
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
    const session = await repo.findSessionByToken(tx, tokenHash(body.sessionToken as string), provider.id, lock);
    if (session === null || session.userId !== body.playerId) throw new Refusal('INVALID_TOKEN', 'Unknown session token');
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

  /** Locks the player's wallet row (the per-player lock of CW-1 rule 8) and answers its figures. */
  private async lockWallet(tx: Tx, userId: string): Promise<LockedWallet> {
    const row = await repo.lockWalletRow(tx, userId);
    if (row === null) throw new Refusal('INVALID_TOKEN', 'Unknown player');
    return { accountId: row.id, balance: BigInt(row.balance), exposure: BigInt(row.exposure) };
  }

  /** The player's available balance, as the header shows it (`availableMinor`), as a CW-1 amount. */
  private async available(tx: Tx, userId: string): Promise<string> {
    const figures = await repo.walletFigures(tx, userId);
    return figures === null ? '0' : availableAnswer({ balance: BigInt(figures.balance), exposure: BigInt(figures.exposure) });
  }

  private async authenticate(tx: Tx, provider: WalletProvider, body: Body): Promise<Answer> {
    const session = await this.session(tx, provider, body, true);
    // Single use: the first authenticate swaps the token for the session; the token dies with it.
    if (session.authenticated) throw new Refusal('INVALID_TOKEN', 'The session token was already used');
    if (!session.tokenLive) throw new Refusal('SESSION_EXPIRED', 'The session token expired before it was used');
    if (!session.live) throw new Refusal('SESSION_EXPIRED', 'The session ended before it was used');
    if (await this.deps.maintenance()) throw new Refusal('SESSION_EXPIRED', 'The site is under maintenance');
    const player = await repo.findPlayerStatus(tx, session.userId);
    if (player?.active !== true) throw new Refusal('PLAYER_BLOCKED', 'The player account is locked');
    await repo.markSessionAuthenticated(tx, session.id);
    return {
      status: 'OK',
      playerId: session.userId,
      currency: session.currency,
      balance: await this.available(tx, session.userId),
      nickname: player.username,
      country: 'IN',
    };
  }

  private async balance(tx: Tx, provider: WalletProvider, body: Body): Promise<Answer> {
    const session = await this.session(tx, provider, body);
    await this.assertLive(session);
    return { status: 'OK', balance: await this.available(tx, session.userId), currency: session.currency };
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

  private async debit(tx: Tx, provider: WalletProvider, body: Body): Promise<Answer | string> {
    const transactionId = idField(body, 'transactionId') as string;
    const amount = amountField(body, 'amount', false);
    currencyField(body);
    validateBets(body.bets);
    const payloadHash = sha256(canonicalJson(idempotencyPayload(body)));
    const userId = body.playerId as string;
    const wallet = await this.lockWallet(tx, userId);
    const existing = await repo.findTransaction(tx, provider.id, transactionId);
    if (existing !== null) return this.replayOf(existing, 'debit', payloadHash);

    const session = await this.session(tx, provider, body);
    await this.assertLive(session);
    checkCurrency(body, session);
    if (!(await repo.isGameOpen(tx, provider.id, session.gameCode))) throw new Refusal('INVALID_GAME', 'This game is suspended');
    const roundId = body.roundId as string;
    if ((await repo.roundStatus(tx, provider.id, roundId, userId)) === 'closed') throw new Refusal('ALREADY_SETTLED', 'The round is closed');
    try {
      await checkWalletDebit(tx, userId, amount);
    } catch (error) {
      if (error instanceof WalletRefusal) throw new Refusal(error.status, error.message);
      throw error;
    }
    const available = availableAnswer(wallet);
    if (BigInt(available) < amount) throw new Refusal('INSUFFICIENT_FUNDS', 'Insufficient balance', available);
    await repo.insertRound(tx, provider.id, roundId, userId, session.gameCode);
    const journalId = await this.journal(tx, provider, 'CASINO_INT_DEBIT', transactionId, wallet.accountId, await this.clearingAccountId(tx, provider), amount);
    const operatorTxId = await repo.nextOperatorTxId(tx);
    const answer: Answer = { status: 'OK', balance: availableAnswer(wallet, -amount), transactionId, operatorTxId };
    await repo.insertTransaction(tx, {
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
    const ref = await repo.findTransaction(tx, provider.id, refTransactionId);
    if (ref === null) return null;
    if (ref.type === 'tombstone') throw new Refusal('ALREADY_SETTLED', 'The referenced debit was rolled back');
    if (ref.type !== 'debit' || ref.userId !== body.playerId || ref.roundId !== body.roundId) {
      throw new Refusal('TRANSACTION_NOT_FOUND', 'No such debit of this player in this round');
    }
    const settledBy = await repo.firstReferringType(tx, provider.id, refTransactionId);
    if (settledBy === 'rollback') throw new Refusal('ALREADY_SETTLED', 'The referenced debit was rolled back');
    if (settledBy === 'credit') throw new Refusal('ALREADY_SETTLED', 'The referenced debit was settled already');
    if ((await repo.roundStatus(tx, provider.id, ref.roundId, ref.userId)) === 'closed') throw new Refusal('ALREADY_SETTLED', 'The round is closed');
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
    const existing = await repo.findTransaction(tx, provider.id, transactionId);
    if (existing !== null) return this.replayOf(existing, 'credit', payloadHash);
    // Rule 6: an expired session never blocks a credit; the token must still name this player.
    const session = await this.session(tx, provider, body);
    checkCurrency(body, session);
    const debit = await this.referencedDebit(tx, provider, body, refTransactionId);
    if (debit === null) throw new Refusal('TRANSACTION_NOT_FOUND', 'No such debit');
    await this.assertWithinMaximum(tx, provider, debit, { transactionId, refTransactionId }, amount);
    const journalId =
      amount > 0n ? await this.journal(tx, provider, 'CASINO_INT_CREDIT', transactionId, await this.clearingAccountId(tx, provider), wallet.accountId, amount) : null;
    const operatorTxId = await repo.nextOperatorTxId(tx);
    const answer: Answer = { status: 'OK', balance: availableAnswer(wallet, amount), transactionId, operatorTxId };
    await repo.insertTransaction(tx, {
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
    const bound = await repo.roundPayoutBound(tx, { providerId: provider.id, roundId: debit.roundId, userId: debit.userId, gameCode: debit.gameCode, amount });
    // A game that left the registry has no maximum to pay up to.
    if (bound !== null && !bound.over) return;
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
    const existing = await repo.findTransaction(tx, provider.id, transactionId);
    if (existing !== null) return this.replayOf(existing, 'rollback', payloadHash);
    const session = await this.session(tx, provider, body);
    checkCurrency(body, session);
    const roundId = body.roundId as string;
    const debit = await this.referencedDebit(tx, provider, body, refTransactionId);
    const operatorTxId = await repo.nextOperatorTxId(tx);
    let journalId: string | null = null;
    let amount = 0n;
    if (debit === null) {
      // Rule 5: a rollback that overtook its debit answers OK and leaves a tombstone under the
      // debit's id, so the late debit is refused (TRANSACTION_ROLLED_BACK).
      await repo.insertTransaction(tx, {
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
    const answer: Answer = { status: 'OK', balance: availableAnswer(wallet, amount), transactionId, operatorTxId };
    await repo.insertTransaction(tx, {
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
    const closedPnl = await repo.closeOpenRound(tx, provider.id, roundId, userId);
    const pnl = closedPnl === null ? 0n : BigInt(closedPnl);
    if (pnl === 0n) return;
    const chain: ChainAgent[] = await repo.partnershipChain(tx, userId);
    const shares = distributePartnership(chain, Number(pnl));
    const legs = [{ accountId: await this.clearingAccountId(tx, provider), amountMinor: pnl }];
    for (const share of shares) {
      await repo.insertRoundShare(tx, { providerId: provider.id, roundId, userId, agentId: share.id, ownShareBps: share.ownShareBps, amountMinor: share.amountMinor });
      if (share.amountMinor === 0) continue;
      const code = `system:agent_pnl:${share.id}`;
      await repo.ensureSystemAccount(tx, code);
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
    await repo.setRoundCloseJournal(tx, provider.id, roundId, userId, posted.journal.id);
  }
}

/** A locked wallet: its account and figures (paise) as they were before this call moved them. */
interface LockedWallet {
  accountId: string;
  balance: bigint;
  exposure: bigint;
}

/**
 * The available balance a wallet answer carries (a CW-1 amount), after the call moved the balance
 * by `change` paise: the one rule of the header's figure (`availableMinor`, never below 0).
 */
function availableAnswer(wallet: { balance: bigint; exposure: bigint }, change = 0n): string {
  return formatMinorUnits(availableMinor(Number(wallet.balance + change), Number(wallet.exposure)));
}

