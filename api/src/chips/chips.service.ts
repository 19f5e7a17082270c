/**
 * Chip transfers between an agent and a DIRECT child: a deposit moves chips from the agent's
 * available balance to the child, a withdrawal from the child's available balance back to the
 * agent. Each is one ledger journal keyed by the caller's Idempotency-Key: a repeat returns
 * the first result, the same key with another body is 409, concurrent repeats make one effect.
 */
import { MESSAGES, REMARK_MAX_LENGTH, type ChipTransferRequest, type ChipTransferResponse } from '@backlay/shared/contracts';
import { createHash } from 'node:crypto';
import type { RequestMeta } from '../plugins/request-context';
import type { TransactionPasswords } from '../auth/transaction-password';
import { assertMayDeposit } from '../responsible-gambling/rg-check';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import { LedgerInvariantError } from '../ledger/journal-rules';
import type { LedgerService } from '../ledger/ledger.service';
import { paiseToRupees } from '../common/money';
import { checkAmount } from '../users/account-rules';
import type { Actor } from '../plugins/request-context';
import type { UsersPolicy } from '../users/policy';

export type ChipDirection = 'deposit' | 'withdraw';

export interface ChipsServiceDeps {
  db: Database;
  ledger: LedgerService;
  policy: UsersPolicy;
  transactionPasswords: TransactionPasswords;
}

/**
 * The business-event reference of a keyed transfer: a digest of actor and key, so it fits
 * journals.event_ref (≤ 255) whatever the key's length, and a repeat maps to the same event.
 */
export function chipEventRef(actorId: string, idempotencyKey: string): string {
  return createHash('sha256').update(`${actorId}\n${idempotencyKey}`).digest('hex');
}

export class ChipsService {
  constructor(private readonly deps: ChipsServiceDeps) {}

  async transfer(
    actor: Actor,
    direction: ChipDirection,
    body: ChipTransferRequest,
    idempotencyKey: string,
    meta: RequestMeta,
  ): Promise<ChipTransferResponse> {
    const { db, ledger, policy } = this.deps;
    const child = await policy.authorize(actor, direction === 'deposit' ? 'depositChips' : 'withdrawChips', body.username);
    const amount = checkAmount(body.amount);
    if (!amount.ok) throw new DomainError('VALIDATION', amount.message);
    const remark = body.remark.trim();
    if (remark.length > REMARK_MAX_LENGTH) throw new DomainError('VALIDATION', MESSAGES.remarkTooLong);
    await this.deps.transactionPasswords.verify(actor.userId, body.transactionPassword);

    return db.transaction(async (tx) => {
      const parentWallet = await ledger.walletOf(actor.userId, tx);
      const childWallet = await ledger.walletOf(child.id, tx);
      const [from, to] = direction === 'deposit' ? [parentWallet, childWallet] : [childWallet, parentWallet];
      const posted = await ledger.postJournal(tx, {
        code: direction === 'deposit' ? 'CHIP_DEPOSIT' : 'CHIP_WITHDRAW',
        eventType: 'chip_transfer',
        eventRef: chipEventRef(actor.userId, idempotencyKey),
        idempotencyKey,
        actorId: actor.userId,
        remark,
        legs: [
          { accountId: from.accountId, amountMinor: -amount.value },
          { accountId: to.accountId, amountMinor: amount.value },
        ],
        audit: {
          action: `chips.${direction}`,
          target: `user:${child.id}`,
          after: { amountMinor: amount.value.toString(), remark },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      });
      // Responsible gambling (ADR 0019): a player's exclusion or deposit limit refuses the chips,
      // checked under the wallet lock the journal took; a replay answers its first result.
      if (direction === 'deposit' && child.role === 'user' && !posted.replayed) {
        await assertMayDeposit(tx, child.id, amount.value, posted.journal.id);
      }
      // Balances right after this journal (the same on a replay: the first result).
      const balanceAfter = (accountId: string): number => {
        const entry = posted.entries.find((e) => e.accountId === accountId);
        if (entry === undefined) throw new LedgerInvariantError(`journal ${posted.journal.id} has no leg on ${accountId}`);
        return paiseToRupees(entry.currBalanceMinor);
      };
      return {
        journalId: posted.journal.id,
        parentBalance: balanceAfter(parentWallet.accountId),
        childBalance: balanceAfter(childWallet.accountId),
      };
    });
  }
}
