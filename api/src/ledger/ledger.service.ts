/**
 * Use cases of the ledger: post a balanced journal with idempotency, reverse one, read wallets.
 * Money moves only through `postJournal`, inside the caller's transaction, which also writes
 * the journal's audit row when a user started it (L16); the balance event is published after
 * that transaction commits.
 */
import { MESSAGES } from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import { DomainError } from '../common/domain-error';
import type { Database, Queryable, Tx } from '../db/database';
import type { DomainEvents } from '../common/domain-events';
import * as repo from './ledger.repository';
import {
  applyLegs,
  journalRequestHash,
  LedgerInvariantError,
  mirrorLegs,
  validateJournal,
  type JournalCode,
  type JournalLeg,
} from './journal-rules';
import { formatPaiseGrouped } from '@backlay/shared/domain';
import { formatRupees } from '../common/money';

export interface PostJournalInput {
  code: JournalCode;
  eventType: string;
  eventRef: string;
  idempotencyKey?: string | null;
  actorId: string | null;
  remark: string;
  legs: JournalLeg[];
  reversesJournalId?: string | null;
  /**
   * The audit row of the action that posted this journal. Every journal started by a user
   * gets one (a deferred trigger refuses the commit otherwise); without this field it is a
   * generic 'ledger.journal' row.
   */
  audit?: JournalAudit;
}

/** What the audit row of a journal records besides the journal itself. */
export interface JournalAudit {
  /** Dotted verb, e.g. 'chips.deposit'. */
  action: string;
  /** What was acted on, e.g. 'user:<id>'. */
  target: string;
  before?: unknown;
  after?: unknown;
  ip: string | null;
  requestId: string | null;
}

export interface ReverseJournalInput {
  journalId: string;
  /** Who reverses it; null for the system. Must be the owner or an ancestor of every wallet. */
  actorId: string | null;
  /** Why (required: a correction always carries its reason, L16). */
  reason: string;
  audit?: JournalAudit;
}

export interface PostedJournal {
  journal: repo.JournalRow;
  entries: repo.EntryRow[];
  /** True when this call found the journal already recorded and changed nothing. */
  replayed: boolean;
}

export class LedgerService {
  constructor(
    private readonly db: Database,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Posts a journal in the caller's transaction. A repeat of the same idempotency key (per
   * actor) or the same business event with the same content returns the first journal; a
   * different content is IDEMPOTENCY_MISMATCH (same key) or CONFLICT (same event).
   */
  async postJournal(tx: Tx, input: PostJournalInput): Promise<PostedJournal> {
    const request = {
      code: input.code,
      eventType: input.eventType,
      eventRef: input.eventRef,
      idempotencyKey: input.idempotencyKey ?? null,
      actorId: input.actorId,
      remark: input.remark,
      legs: input.legs,
      reversesJournalId: input.reversesJournalId ?? null,
    };
    validateJournal(request);
    const requestHash = journalRequestHash(request);

    const journal = await repo.insertJournal(tx, request, requestHash);
    if (journal === null) return this.replay(tx, request, requestHash);

    const accounts = await repo.lockAccounts(
      tx,
      request.legs.map((leg) => leg.accountId),
    );
    if (accounts.length !== request.legs.length) {
      throw new LedgerInvariantError(`journal ${request.code} names an account that does not exist`);
    }
    const applied = applyLegs(accounts, request.legs);
    if (!applied.ok) {
      // Name the facts: what was available on the debited account and what was asked for.
      throw new DomainError(
        'INSUFFICIENT_FUNDS',
        `${MESSAGES.insufficientFunds}: available ${formatPaiseGrouped(applied.availableMinor)}, ` +
          `requested ${formatPaiseGrouped(-applied.amountMinor)}`,
        {
          accountId: applied.accountId,
          availableRupees: formatRupees(applied.availableMinor),
          requestedRupees: formatRupees(-applied.amountMinor),
        },
      );
    }
    const entries = await repo.insertEntries(tx, journal.id, applied.entries);
    await repo.applyEntriesToAccounts(tx, applied.entries);
    if (request.actorId !== null) await this.audit(tx, journal, request.actorId, input.audit);

    const wallets = applied.entries.flatMap((entry) => {
      const account = accounts.find((a) => a.id === entry.accountId);
      if (account?.userId == null) return [];
      return [{ userId: account.userId, balanceMinor: entry.currBalanceMinor, exposureMinor: account.exposureMinor }];
    });
    if (wallets.length > 0) {
      tx.afterCommit(() => this.events.publish('ledger.balancesChanged', { journalId: journal.id, wallets }));
    }
    return { journal, entries, replayed: false };
  }

  /** Posts a journal in a transaction of its own. */
  post(input: PostJournalInput): Promise<PostedJournal> {
    return this.db.transaction((tx) => this.postJournal(tx, input));
  }

  /**
   * Posts the mirror of a journal (every leg negated) with reverses_journal_id set. A journal
   * is reversed at most once and a reversal is never itself reversed (CONFLICT); the mirror
   * must fit the accounts' available balances like any journal (INSUFFICIENT_FUNDS).
   */
  async reverseJournal(tx: Tx, input: ReverseJournalInput): Promise<PostedJournal> {
    const original = await repo.findJournalById(tx, input.journalId);
    if (original === null) throw new DomainError('NOT_FOUND', `Journal ${input.journalId} does not exist`);
    if (original.reversesJournalId !== null) {
      throw new DomainError('CONFLICT', `Journal ${original.id} is itself a reversal and cannot be reversed`);
    }
    const existing = await repo.findReversalOf(tx, original.id);
    if (existing !== null) {
      throw new DomainError('CONFLICT', `Journal ${original.id} is already reversed by journal ${existing.id}`, {
        reversalJournalId: existing.id,
      });
    }
    const reason = input.reason.trim();
    if (reason.length === 0) throw new DomainError('VALIDATION', 'A reversal needs a reason');
    const entries = await repo.listEntriesOfJournal(tx, original.id);
    const posted = await this.postJournal(tx, {
      code: 'REVERSAL',
      // One reversal per journal is also the business-event key (L8).
      eventType: 'reversal',
      eventRef: original.id,
      actorId: input.actorId,
      remark: reason,
      legs: mirrorLegs(entries),
      reversesJournalId: original.id,
      audit: input.audit ?? {
        action: 'ledger.reversal',
        target: `journal:${original.id}`,
        before: { journalId: original.id, code: original.code },
        ip: null,
        requestId: null,
      },
    });
    // A concurrent reversal of the same journal committed first: this one changed nothing.
    if (posted.replayed) {
      throw new DomainError('CONFLICT', `Journal ${original.id} is already reversed by journal ${posted.journal.id}`, {
        reversalJournalId: posted.journal.id,
      });
    }
    return posted;
  }

  /** Reverses a journal in a transaction of its own. */
  reverse(input: ReverseJournalInput): Promise<PostedJournal> {
    return this.db.transaction((tx) => this.reverseJournal(tx, input));
  }

  /** The wallet of a user (every user has one, created with the user). */
  async walletOf(userId: string, q: Queryable = this.db): Promise<repo.WalletRow> {
    const wallet = await repo.findWalletByUserId(q, userId);
    if (wallet === null) throw new LedgerInvariantError(`user ${userId} has no wallet`);
    return wallet;
  }

  /** The id of a system account such as 'system:mint'. */
  async systemAccountId(code: string, q: Queryable = this.db): Promise<string> {
    const id = await repo.findSystemAccountId(q, code);
    if (id === null) throw new LedgerInvariantError(`system account ${code} is missing`);
    return id;
  }

  /** The audit row of a journal started by a user, in the journal's transaction (L16). */
  private async audit(tx: Tx, journal: repo.JournalRow, actorId: string, audit: JournalAudit | undefined): Promise<void> {
    const record = audit ?? {
      action: 'ledger.journal',
      target: `journal:${journal.id}`,
      ip: null,
      requestId: null,
    };
    const after = { ...(isPlainObject(record.after) ? record.after : {}), journalId: journal.id, code: journal.code };
    await insertAuditRecords(tx, [
      {
        actorId,
        action: record.action,
        target: record.target,
        before: record.before ?? null,
        after,
        ip: record.ip,
        requestId: record.requestId,
        journalId: journal.id,
      },
    ]);
  }

  private async replay(
    tx: Tx,
    request: { idempotencyKey: string | null; actorId: string | null; eventType: string; eventRef: string },
    requestHash: string,
  ): Promise<PostedJournal> {
    const byKey =
      request.idempotencyKey === null
        ? null
        : await repo.findJournalByIdempotencyKey(tx, request.actorId, request.idempotencyKey);
    const existing = byKey ?? (await repo.findJournalByEvent(tx, request.eventType, request.eventRef));
    if (existing === null) throw new LedgerInvariantError('journal insert conflicted but no journal matches');
    if (existing.requestHash !== requestHash) {
      if (byKey !== null) {
        throw new DomainError(
          'IDEMPOTENCY_MISMATCH',
          `Idempotency key "${request.idempotencyKey}" was already used for a different request`,
          { journalId: existing.id },
        );
      }
      throw new DomainError(
        'CONFLICT',
        `Event ${request.eventType}/${request.eventRef} is already recorded with different content`,
        { journalId: existing.id },
      );
    }
    return { journal: existing, entries: await repo.listEntriesOfJournal(tx, existing.id), replayed: true };
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
