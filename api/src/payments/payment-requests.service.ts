/**
 * Deposit and withdraw requests with manual approval by the upline (docs/rules/product.md §7 "Payments",
 * docs/rules/test-plan.md T6). Money moves only through LedgerService.postJournal:
 *  - withdraw request: WITHDRAW_HOLD, player wallet → system:withdraw_hold, at once (the
 *    player's available balance drops; the ledger refuses what it does not cover);
 *  - withdraw approval: WITHDRAW_PAYOUT, hold → the approving agent's wallet (the agent pays
 *    the player outside and keeps the chips); rejection: WITHDRAW_RELEASE, hold → player;
 *  - deposit approval: DEPOSIT_CREDIT, the approving agent's wallet → player (refused when
 *    the agent's available balance does not cover it); a deposit rejection moves nothing.
 * Each request is decided once (row lock + guarded UPDATE … WHERE status = 'pending', L10),
 * its decision journal has the event key payment.decision/<request id> (L8), and every call
 * with an Idempotency-Key answers a repeat with the first result.
 */
import {
  DEPOSIT_MAX_RUPEES_DEFAULT,
  DEPOSIT_MIN_RUPEES_DEFAULT,
  MESSAGES,
  PAYMENT_LIST_MAX_ROWS,
  PENDING_REQUESTS_MAX,
  REMARK_MAX_LENGTH,
  paymentScreenshotPath,
  type ApiEnvelope,
  type DepositWithdrawListRequest,
  type PaymentRequestRow,
  type PendingPayments,
  type UpdateDepositWithdrawStatusRequest,
} from '@backlay/shared/contracts';
import { createHash, randomUUID } from 'node:crypto';
import type { RequestMeta } from '../plugins/request-context';
import type { CsvExport } from '../plugins/csv-reply';
import { csvFileName, inBatches, type CsvColumn } from '../common/csv';
import { filterDay } from '../common/ist-day';
import type { TransactionPasswords } from '../auth/transaction-password';
import { assertMayDeposit } from '../responsible-gambling/rg-check';
import { insertAuditRecords } from '../audit/audit.repository';
import { DomainError } from '../common/domain-error';
import type { Logger } from '../common/logger';
import type { Database, Queryable, Tx } from '../db/database';
import { LedgerInvariantError } from '../ledger/journal-rules';
import type { LedgerService } from '../ledger/ledger.service';
import { paiseToRupees } from '../common/money';
import { containsPattern, sortRequestOf } from '../common/sorting';
import { parseDateRange } from '../statements/statement-rules';
import type { Clock } from '../common/clock';
import type { DomainEvents } from '../common/domain-events';
import type { SettingsService } from '../settings/settings.service';
import type { Actor } from '../plugins/request-context';
import type { UsersPolicy } from '../users/policy';
import type { ImageType } from './image-sniff';
import {
  checkDepositForm,
  checkPaymentType,
  checkTransition,
  checkWithdrawForm,
  decisionMessage,
  decisionMovement,
  depositRangeOf,
  isUuid,
  paymentRequestHash,
  payToText,
  dailyRequestLimitMessage,
  pendingLimitMessage,
  utrTakenMessage,
  type DecisionAccount,
  type DepositForm,
  type PaymentType,
  type FormFields,
  type WithdrawForm,
} from './payment-rules';
import * as repo from './payments.repository';
import { assertUnderDailyLimit, windowStart } from './daily-limit';
import { reencodeScreenshot, type ReencodedImage, type ScreenshotStore } from './screenshot-store';

/** The clearing account of pending withdrawals (migration 0008). */
export const WITHDRAW_HOLD_ACCOUNT = 'system:withdraw_hold';

export type PaymentResult = ApiEnvelope<PaymentRequestRow>;

export interface PaymentRequestsDeps {
  db: Database;
  ledger: LedgerService;
  policy: UsersPolicy;
  transactionPasswords: TransactionPasswords;
  settings: SettingsService;
  store: ScreenshotStore;
  events: DomainEvents;
  clock: Clock;
  /** New deposit requests (and separately withdraw requests) one user may make in 24 hours. */
  requestsPerDay: number;
  /** Where a decision is logged as a business event (`payment_decided`). */
  log?: Logger;
}

/** What add-deposit-withdraw received: the form fields and, for a deposit, the screenshot. */
export interface RequestInput {
  fields: FormFields;
  image: Buffer | null;
}

/** A stored screenshot ready to send. */
export interface ScreenshotFile {
  id: string;
  contentType: ImageType;
  bytes: Buffer;
}

interface IdempotencyScope {
  actorId: string;
  operation: repo.IdempotentOperation;
  idempotencyKey: string;
  requestHash: string;
}

const DECISION_EVENT = 'payment.decision';

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: unknown; constraint?: unknown };
  return pgError.code === '23505' && pgError.constraint === constraint;
}

/** The statement row of a request as `viewer` may see it (the owner sees its account number masked). */
/** A request of an exported statement: the stored record (its amount in paise) and its words as the JSON list gives them. */
export interface PaymentCsvRow {
  record: repo.PaymentRequestRecord;
  row: PaymentRequestRow;
}

/** The columns of an exported deposit or withdraw statement (ADR 0067): the screens' and the decision. */
const PAYMENT_CSV_COLUMNS: readonly CsvColumn<PaymentCsvRow>[] = [
  { header: 'Date', value: ({ record }) => ({ at: record.createdAt }) },
  { header: 'User', value: ({ row }) => row.username },
  { header: 'Type', value: ({ row }) => (row.type === 'deposit' ? 'Deposit' : 'Withdraw') },
  { header: 'Amount', value: ({ record }) => ({ paise: record.amountMinor }) },
  { header: 'Status', value: ({ row }) => row.status.charAt(0).toUpperCase() + row.status.slice(1) },
  { header: 'Account type', value: ({ row }) => row.accountType },
  { header: 'UTR', value: ({ row }) => row.utrno },
  { header: 'Pay to', value: ({ row }) => row.payTo },
  { header: 'Remark', value: ({ row }) => row.remark },
  { header: 'Decided at', value: ({ record }) => (record.decidedAt === null ? null : { at: record.decidedAt }) },
  { header: 'Decided by', value: ({ row }) => row.decidedBy },
];

export function toPaymentRow(record: repo.PaymentRequestRecord, viewerId: string): PaymentRequestRow {
  const decided = record.status !== 'pending';
  return {
    _id: record.id,
    type: record.type,
    amount: paiseToRupees(record.amountMinor),
    createdAt: record.createdAt.toISOString(),
    status: record.status,
    remark: decided && record.decisionRemark !== null && record.decisionRemark !== '' ? record.decisionRemark : record.remark,
    accountType: record.accountType,
    utrno: record.utrNo,
    screenshotUrl: record.screenshotId === null ? null : paymentScreenshotPath(record.screenshotId),
    payTo:
      record.type === 'withdraw'
        ? payToText(
            {
              accountType: record.accountType,
              upiId: record.payoutUpiId,
              holderName: record.payoutHolderName,
              accountNumber: record.payoutAccountNumber,
              ifscCode: record.payoutIfscCode,
            },
            record.userId === viewerId,
          )
        : null,
    username: record.username,
    decidedAt: record.decidedAt?.toISOString() ?? null,
    decidedBy: record.decidedByUsername,
  };
}

export class PaymentRequestsService {
  constructor(private readonly deps: PaymentRequestsDeps) {}

  /**
   * 429 once the user made `requestsPerDay` requests of this type in the last 24 hours. Inside a
   * transaction it runs under the user's request lock (lockRequestsOf), which makes it exact.
   */
  private async assertDailyLimit(q: Queryable, userId: string, type: PaymentType): Promise<void> {
    const { clock, requestsPerDay } = this.deps;
    const now = clock.nowMs();
    const made = await repo.countRequestsSince(q, userId, type, windowStart(now));
    assertUnderDailyLimit(made, requestsPerDay, now, dailyRequestLimitMessage(type, requestsPerDay));
  }

  /** POST add-deposit-withdraw: a deposit (with its screenshot) or a withdraw (with a hold). */
  async create(actor: Actor, input: RequestInput, idempotencyKey: string, meta: RequestMeta): Promise<PaymentResult> {
    const type = checkPaymentType(input.fields);
    if (!type.ok) throw new DomainError('VALIDATION', type.message);
    if (type.value === 'deposit') {
      const range = depositRangeOf(await this.deps.settings.list(), {
        minRupees: DEPOSIT_MIN_RUPEES_DEFAULT,
        maxRupees: DEPOSIT_MAX_RUPEES_DEFAULT,
      });
      const form = checkDepositForm(input.fields, input.image !== null, range);
      if (!form.ok) throw new DomainError('VALIDATION', form.message);
      return this.createDeposit(actor, form.value, input.image ?? Buffer.alloc(0), idempotencyKey, meta);
    }
    const form = checkWithdrawForm(input.fields);
    if (!form.ok) throw new DomainError('VALIDATION', form.message);
    return this.createWithdraw(actor, form.value, idempotencyKey, meta);
  }

  private async createDeposit(actor: Actor, form: DepositForm, image: Buffer, idempotencyKey: string, meta: RequestMeta): Promise<PaymentResult> {
    const { db, store } = this.deps;
    this.deps.policy.authorizeOwn(actor, 'requestPayment');
    const scope: IdempotencyScope = {
      actorId: actor.userId,
      operation: 'request',
      idempotencyKey,
      requestHash: paymentRequestHash([
        'deposit',
        form.amountMinor,
        form.accountType,
        form.utrNo,
        form.remark,
        createHash('sha256').update(image).digest('hex'),
      ]),
    };
    const earlier = await this.replay(db, scope);
    if (earlier !== null) return earlier;
    // Cheap refusals before any decoding; the unique index decides races below.
    if (await repo.utrExists(db, form.utrNo)) throw new DomainError('CONFLICT', utrTakenMessage(form.utrNo));
    if ((await repo.countPending(db, actor.userId, 'deposit')) >= PENDING_REQUESTS_MAX) {
      throw new DomainError('CONFLICT', pendingLimitMessage('deposit'));
    }
    await this.assertDailyLimit(db, actor.userId, 'deposit');
    // Responsible gambling (ADR 0019): cheap here, exact again under the lock below.
    await assertMayDeposit(db, actor.userId, form.amountMinor);

    const screenshot = await reencodeScreenshot(image);
    const screenshotId = randomUUID();
    await store.write(screenshotId, screenshot.contentType, screenshot.bytes);
    let kept = false;
    try {
      const outcome = await db.transaction(async (tx) => {
        const replayed = await this.claim(tx, scope);
        if (replayed !== null) return { result: replayed, created: false };
        const requestId = await this.insertDeposit(tx, actor, form, { ...screenshot, id: screenshotId }, meta);
        return { result: await this.complete(tx, scope, requestId, actor, MESSAGES.depositRequested), created: true };
      });
      kept = outcome.created;
      return outcome.result;
    } finally {
      // A refused or replayed request leaves no file behind (its row was never committed).
      if (!kept) await store.remove(screenshotId, screenshot.contentType);
    }
  }

  /** The rows of a new deposit (screenshot, request, audit) under the owner's request lock; its id. */
  private async insertDeposit(
    tx: Tx,
    actor: Actor,
    form: DepositForm,
    screenshot: ReencodedImage & { id: string },
    meta: RequestMeta,
  ): Promise<string> {
    await repo.lockRequestsOf(tx, actor.userId);
    await this.assertDailyLimit(tx, actor.userId, 'deposit');
    await assertMayDeposit(tx, actor.userId, form.amountMinor);
    if ((await repo.countPending(tx, actor.userId, 'deposit')) >= PENDING_REQUESTS_MAX) {
      throw new DomainError('CONFLICT', pendingLimitMessage('deposit'));
    }
    const requestId = randomUUID();
    await repo.insertScreenshot(tx, {
      id: screenshot.id,
      ownerId: actor.userId,
      contentType: screenshot.contentType,
      byteSize: screenshot.bytes.length,
      widthPx: screenshot.widthPx,
      heightPx: screenshot.heightPx,
      sha256: screenshot.sha256,
    });
    try {
      await repo.insertPaymentRequest(tx, {
        ...emptyRequest(requestId, actor.userId, 'deposit', form),
        utrNo: form.utrNo,
        screenshotId: screenshot.id,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'payment_requests_utr_key')) throw new DomainError('CONFLICT', utrTakenMessage(form.utrNo));
      throw error;
    }
    await insertAuditRecords(tx, [
      {
        actorId: actor.userId,
        action: 'payments.deposit_requested',
        target: `payment_request:${requestId}`,
        before: null,
        after: { amountMinor: form.amountMinor.toString(), accountType: form.accountType, utrNo: form.utrNo, screenshotId: screenshot.id },
        ip: meta.ip,
        requestId: meta.requestId,
      },
    ]);
    return requestId;
  }

  private async createWithdraw(actor: Actor, form: WithdrawForm, idempotencyKey: string, meta: RequestMeta): Promise<PaymentResult> {
    const { db, ledger } = this.deps;
    this.deps.policy.authorizeOwn(actor, 'requestPayment');
    const scope: IdempotencyScope = {
      actorId: actor.userId,
      operation: 'request',
      idempotencyKey,
      requestHash: paymentRequestHash(['withdraw', form.amountMinor, form.accountType, form.bankDetail, form.remark]),
    };
    const earlier = await this.replay(db, scope);
    if (earlier !== null) return earlier;
    if (!isUuid(form.bankDetail)) throw new DomainError('NOT_FOUND', MESSAGES.savedAccountNotFound);

    return db.transaction(async (tx) => {
      const replayed = await this.claim(tx, scope);
      if (replayed !== null) return replayed;
      await repo.lockRequestsOf(tx, actor.userId);
      await this.assertDailyLimit(tx, actor.userId, 'withdraw');
      if ((await repo.countPending(tx, actor.userId, 'withdraw')) >= PENDING_REQUESTS_MAX) {
        throw new DomainError('CONFLICT', pendingLimitMessage('withdraw'));
      }
      const payout = await this.payoutOf(tx, actor.userId, form);
      const requestId = randomUUID();
      const wallet = await ledger.walletOf(actor.userId, tx);
      const hold = await ledger.postJournal(tx, {
        code: 'WITHDRAW_HOLD',
        eventType: 'withdraw.hold',
        eventRef: requestId,
        actorId: actor.userId,
        remark: form.remark,
        legs: [
          { accountId: wallet.accountId, amountMinor: -form.amountMinor },
          { accountId: await ledger.systemAccountId(WITHDRAW_HOLD_ACCOUNT, tx), amountMinor: form.amountMinor },
        ],
        audit: {
          action: 'payments.withdraw_requested',
          target: `payment_request:${requestId}`,
          after: { amountMinor: form.amountMinor.toString(), accountType: form.accountType, payoutAccountId: form.bankDetail },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      });
      if (hold.replayed) throw new LedgerInvariantError(`withdraw hold of new request ${requestId} already existed`);
      await repo.insertPaymentRequest(tx, {
        ...emptyRequest(requestId, actor.userId, 'withdraw', form),
        ...payout,
        payoutAccountId: form.bankDetail,
        holdJournalId: hold.journal.id,
      });
      return this.complete(tx, scope, requestId, actor, MESSAGES.withdrawRequested);
    });
  }

  /** The chosen saved account of the caller, copied onto the request (404 when gone or foreign). */
  private async payoutOf(q: Queryable, userId: string, form: WithdrawForm) {
    if (form.accountType === 'upi') {
      const upi = await repo.findLiveSavedUpi(q, userId, form.bankDetail);
      if (upi === null) throw new DomainError('NOT_FOUND', MESSAGES.savedAccountNotFound);
      return { payoutUpiId: upi.upiId, payoutHolderName: null, payoutAccountNumber: null, payoutIfscCode: null };
    }
    const bank = await repo.findLiveSavedBank(q, userId, form.bankDetail);
    if (bank === null) throw new DomainError('NOT_FOUND', MESSAGES.savedAccountNotFound);
    return {
      payoutUpiId: null,
      payoutHolderName: bank.accountHolderName,
      payoutAccountNumber: bank.accountNumber,
      payoutIfscCode: bank.ifscCode,
    };
  }

  /** GET pending-payments: the requests the agent may decide (its downline's) waiting now. */
  async pendingFor(actor: Actor): Promise<PendingPayments> {
    return (await this.pendingBySiteFor(actor)).total;
  }

  /**
   * The agent's downline's queue, and the same split by the owners' site (the Super Admin's
   * dashboard, issue 35), from one read: the total is the sites' sum.
   */
  async pendingBySiteFor(actor: Actor): Promise<{ total: PendingPayments; bySite: Map<string, PendingPayments> }> {
    const empty = (): PendingPayments => ({ deposit: { count: 0, oldestAt: null }, withdraw: { count: 0, oldestAt: null } });
    const total = empty();
    const bySite = new Map<string, PendingPayments>();
    for (const row of await repo.pendingQueue(this.deps.db, actor.userId)) {
      const oldestAt = row.oldest.toISOString();
      const site = bySite.get(row.siteId) ?? empty();
      site[row.type] = { count: row.count, oldestAt };
      bySite.set(row.siteId, site);
      const sum = total[row.type];
      total[row.type] = { count: sum.count + row.count, oldestAt: sum.oldestAt === null || oldestAt < sum.oldestAt ? oldestAt : sum.oldestAt };
    }
    return { total, bySite };
  }

  /**
   * POST update-deposit-withdraw-status: an ancestor agent approves or rejects a pending
   * request once, confirmed by its transaction password.
   */
  async decide(actor: Actor, body: UpdateDepositWithdrawStatusRequest, idempotencyKey: string, meta: RequestMeta): Promise<PaymentResult> {
    const { db, policy } = this.deps;
    const found = isUuid(body.id) ? await repo.findPaymentRequest(db, body.id) : null;
    await policy.authorizeUserId(actor, 'decidePayment', found?.userId ?? null, { notFoundMessage: MESSAGES.paymentRequestNotFound });
    if (found === null) throw new DomainError('NOT_FOUND', MESSAGES.paymentRequestNotFound);
    const remark = (body.remark ?? '').trim();
    if (remark.length > REMARK_MAX_LENGTH) throw new DomainError('VALIDATION', MESSAGES.remarkTooLong);
    await this.deps.transactionPasswords.verify(actor.userId, body.transactionPassword);

    const scope: IdempotencyScope = {
      actorId: actor.userId,
      operation: 'decision',
      idempotencyKey,
      requestHash: paymentRequestHash(['decision', found.id, body.status, remark]),
    };
    const earlier = await this.replay(db, scope);
    if (earlier !== null) return earlier;

    return db.transaction(async (tx) => {
      const replayed = await this.claim(tx, scope);
      if (replayed !== null) return replayed;
      const request = await repo.findPaymentRequest(tx, found.id, { lock: true });
      if (request === null) throw new LedgerInvariantError(`payment request ${found.id} vanished`);
      const refused = checkTransition(request.status);
      if (refused !== null) throw new DomainError('CONFLICT', refused, { status: request.status });

      if (request.type === 'deposit' && body.status === 'approved') {
        // Responsible gambling (ADR 0019): the player's exclusion or deposit limit as of now, under
        // the owner's request lock, not counting this request itself.
        await repo.lockRequestsOf(tx, request.userId);
        await assertMayDeposit(tx, request.userId, request.amountMinor, request.id);
      }
      const journalId = await this.postDecision(tx, actor, request, body.status, remark, meta);
      const moved = await repo.decidePaymentRequest(tx, {
        id: request.id,
        status: body.status,
        decidedBy: actor.userId,
        remark,
        journalId,
      });
      if (!moved) throw new LedgerInvariantError(`payment request ${request.id} left pending under its row lock`);
      if (request.type === 'withdraw' && body.status === 'approved') {
        // The player's wallet did not move (the hold already took the amount), but the screen
        // showing the pending withdrawal must hear about the outcome.
        const wallet = await this.deps.ledger.walletOf(request.userId, tx);
        tx.afterCommit(() =>
          this.deps.events.publish('ledger.balancesChanged', {
            journalId: journalId ?? request.id,
            wallets: [{ userId: request.userId, balanceMinor: wallet.balanceMinor, exposureMinor: wallet.exposureMinor }],
          }),
        );
      }
      // The business event of the log (issue 34), once the decision committed.
      tx.afterCommit(() =>
        this.deps.log?.info(
          {
            event: 'payment_decided',
            requestId: request.id,
            type: request.type,
            status: body.status,
            userId: request.userId,
            amountMinor: Number(request.amountMinor),
            decidedBy: actor.userId,
          },
          `${request.type} ${body.status}`,
        ),
      );
      return this.complete(tx, scope, request.id, actor, decisionMessage(request.type, body.status));
    });
  }

  /** The decision's journal (null for a deposit rejection, which moves nothing but is audited). */
  private async postDecision(
    tx: Tx,
    actor: Actor,
    request: repo.PaymentRequestRecord,
    status: 'approved' | 'rejected',
    remark: string,
    meta: RequestMeta,
  ): Promise<string | null> {
    const { ledger } = this.deps;
    const audit = {
      action: `payments.${request.type}_${status}`,
      target: `payment_request:${request.id}`,
      before: { status: request.status },
      after: { status, amountMinor: request.amountMinor.toString(), owner: request.userId, remark },
      ip: meta.ip,
      requestId: meta.requestId,
    };
    const movement = decisionMovement(request.type, status);
    if (movement === null) {
      await insertAuditRecords(tx, [{ actorId: actor.userId, ...audit }]);
      return null;
    }
    const accountOf = async (account: DecisionAccount): Promise<string> => {
      if (account === 'hold') return ledger.systemAccountId(WITHDRAW_HOLD_ACCOUNT, tx);
      return (await ledger.walletOf(account === 'agent' ? actor.userId : request.userId, tx)).accountId;
    };
    const posted = await ledger.postJournal(tx, {
      code: movement.code,
      eventType: DECISION_EVENT,
      eventRef: request.id,
      actorId: actor.userId,
      remark,
      legs: [
        { accountId: await accountOf(movement.from), amountMinor: -request.amountMinor },
        { accountId: await accountOf(movement.to), amountMinor: request.amountMinor },
      ],
      audit,
    });
    if (posted.replayed) throw new LedgerInvariantError(`payment request ${request.id} already had a decision journal`);
    return posted.journal.id;
  }

  /** The requests of POST get-deposit-withdraw-list (its search and order too), and whose they are (the named account after the policy). */
  private async listFilter(actor: Actor, query: DepositWithdrawListRequest): Promise<{ filter: repo.RequestFilter; whose: string | null }> {
    const range = parseDateRange(query.startDate, query.endDate);
    if (!range.ok) throw new DomainError('VALIDATION', range.message);
    const username = query.username?.trim() ?? '';
    const target = username.length > 0 ? await this.deps.policy.authorize(actor, 'viewPayments', username) : null;
    const filter = {
      type: query.type,
      from: range.from,
      toExclusive: range.toExclusive,
      status: query.reportType === 'all' ? null : query.reportType,
      userId: target?.id ?? (actor.role === 'user' ? actor.userId : null),
      subtreeOf: target === null && actor.role !== 'user' ? actor.userId : null,
      pattern: containsPattern(query.search),
      sort: sortRequestOf(query),
    };
    return { filter, whose: target?.username ?? null };
  }

  /**
   * POST get-deposit-withdraw-list: a player's own requests; an agent's own and its downline's,
   * or one account's (username, within the downline); `search` narrows them to a part of a
   * username or UTR, never beyond them. In the order asked for (ADR 0068) then newest first, at
   * most PAYMENT_LIST_MAX_ROWS.
   */
  async list(actor: Actor, query: DepositWithdrawListRequest): Promise<PaymentRequestRow[]> {
    const { filter } = await this.listFilter(actor, query);
    const rows = await repo.listPaymentRequests(this.deps.db, filter, { limit: PAYMENT_LIST_MAX_ROWS, offset: 0 });
    return rows.map((row) => toPaymentRow(row, actor.userId));
  }

  /**
   * GET get-deposit-withdraw-list/export: every request of the same list, past the JSON list's
   * cap, read in batches of one snapshot (ADR 0067); authorized before anything streams.
   */
  async listCsv(actor: Actor, query: DepositWithdrawListRequest): Promise<CsvExport<PaymentCsvRow>> {
    const { filter, whose } = await this.listFilter(actor, query);
    const owner = whose ?? (await this.deps.policy.authorize(actor, 'viewPayments', undefined)).username;
    // The days the screen showed: its dates are the browser's day bounds, IST instants (filterDay).
    const [from, to] = [filterDay(query.startDate), filterDay(query.endDate)];
    const batches = this.deps.db.readSnapshot((q) =>
      inBatches(async (page) => (await repo.listPaymentRequests(q, filter, page)).map((record) => ({ record, row: toPaymentRow(record, actor.userId) }))),
    );
    return { fileName: csvFileName([`${query.type}-statement`, owner, from, to]), columns: PAYMENT_CSV_COLUMNS, batches };
  }

  /** GET payment-screenshot/:id: the owner and its upline; anyone else gets the 404 of a missing one. */
  async screenshot(actor: Actor, id: string): Promise<ScreenshotFile> {
    const { db, policy, store } = this.deps;
    const shot = isUuid(id) ? await repo.findScreenshot(db, id) : null;
    await policy.authorizeUserId(actor, 'viewPayments', shot?.ownerId ?? null, { notFoundMessage: MESSAGES.notFound });
    if (shot === null) throw new DomainError('NOT_FOUND', MESSAGES.notFound);
    try {
      return { id: shot.id, contentType: shot.contentType, bytes: await store.read(shot.id, shot.contentType) };
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') throw new DomainError('NOT_FOUND', MESSAGES.notFound);
      throw error;
    }
  }

  /** The stored answer of an earlier call with this key, or null (409 when the key meant something else). */
  private async replay(q: Queryable, scope: IdempotencyScope): Promise<PaymentResult | null> {
    const row = await repo.findIdempotencyKey(q, scope.actorId, scope.operation, scope.idempotencyKey);
    if (row === null) return null;
    if (row.requestHash !== scope.requestHash) {
      throw new DomainError(
        'IDEMPOTENCY_MISMATCH',
        `Idempotency key "${scope.idempotencyKey}" was already used for a different request`,
      );
    }
    if (row.response === null) throw new LedgerInvariantError(`idempotency key ${scope.idempotencyKey} has no stored result`);
    return row.response as PaymentResult;
  }

  /**
   * Claims the key as the first statement of the effect's transaction. A concurrent call with
   * the same key waits here until the first commits, then answers its stored result.
   */
  private async claim(tx: Tx, scope: IdempotencyScope): Promise<PaymentResult | null> {
    if (await repo.claimIdempotencyKey(tx, scope)) return null;
    return this.replay(tx, scope);
  }

  /** Stores the answer with the key (same transaction) and returns it. */
  private async complete(tx: Tx, scope: IdempotencyScope, requestId: string, viewer: Actor, message: string): Promise<PaymentResult> {
    const record = await repo.findPaymentRequest(tx, requestId);
    if (record === null) throw new LedgerInvariantError(`payment request ${requestId} was not written`);
    const result: PaymentResult = { data: toPaymentRow(record, viewer.userId), message };
    await repo.completeIdempotencyKey(tx, scope, requestId, result);
    // The agents who may decide it hear at once that the queue changed (issue 34, live alerts).
    const agentIds = await repo.agentsAbove(tx, record.userId);
    tx.afterCommit(() =>
      this.deps.events.publish('payments.queueChanged', {
        change: record.status === 'pending' ? 'requested' : 'decided',
        status: record.status,
        requestId: record.id,
        ownerId: record.userId,
        type: record.type,
        username: record.username,
        amountMinor: record.amountMinor,
        agentIds,
      }),
    );
    return result;
  }
}

function emptyRequest(id: string, userId: string, type: 'deposit' | 'withdraw', form: DepositForm | WithdrawForm): repo.NewPaymentRequest {
  return {
    id,
    userId,
    type,
    amountMinor: form.amountMinor,
    accountType: form.accountType,
    remark: form.remark,
    utrNo: null,
    screenshotId: null,
    payoutAccountId: null,
    payoutUpiId: null,
    payoutHolderName: null,
    payoutAccountNumber: null,
    payoutIfscCode: null,
    holdJournalId: null,
  };
}
