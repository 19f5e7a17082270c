/**
 * Use cases of the ledger: post a balanced journal with idempotency, read wallets. Money moves
 * only through `postJournal`, inside the caller's transaction; the balance event is published
 * after that transaction commits.
 */
import { MESSAGES } from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import type { Database, Queryable, Tx } from '../db/database';
import type { DomainEvents } from '../realtime/domain-events';
import * as repo from './ledger.repository';
import {
  applyLegs,
  journalRequestHash,
  LedgerInvariantError,
  validateJournal,
  type JournalCode,
  type JournalLeg,
} from './journal-rules';
import { formatRupees } from './money';

export interface PostJournalInput {
  code: JournalCode;
  eventType: string;
  eventRef: string;
  idempotencyKey?: string | null;
  actorId: string | null;
  remark: string;
  legs: JournalLeg[];
  reversesJournalId?: string | null;
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
      throw new DomainError(
        'INSUFFICIENT_FUNDS',
        MESSAGES.insufficientFunds,
        {
          accountId: applied.accountId,
          availableRupees: formatRupees(applied.availableMinor),
          requestedRupees: formatRupees(-applied.amountMinor),
        },
      );
    }
    const entries = await repo.insertEntries(tx, journal.id, applied.entries);
    await repo.applyEntriesToAccounts(tx, applied.entries);

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
