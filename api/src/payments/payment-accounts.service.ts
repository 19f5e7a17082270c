/**
 * The accounts of payments: a player's saved payout accounts (bank accounts and UPI ids, docs/rules/product.md §2
 * Withdraw) and the operator's receiving accounts shown on the deposit page (payment settings,
 * edited by admin and sadmin). Every change writes its audit row in the same transaction.
 */
import {
  MESSAGES,
  SAVED_ACCOUNTS_MAX,
  type BankAndUpiList,
  type DeleteUpiBankRequest,
  type PaymentSettings,
  type PaymentSuccess,
} from '@backlay/shared/contracts';
import type { Clock } from '../common/clock';
import type { RequestMeta } from '../plugins/request-context';
import { insertAuditRecords } from '../audit/audit.repository';
import { DomainError } from '../common/domain-error';
import type { Database, Queryable } from '../db/database';
import type { Actor } from '../plugins/request-context';
import { assertUnderDailyLimit, windowStart } from './daily-limit';
import {
  checkBankAccount,
  checkPaymentSettings,
  checkUpiId,
  dailyAccountLimitMessage,
  isUuid,
  maskAccountNumber,
  savedLimitMessage,
  type AccountType,
  type FormFields,
} from './payment-rules';
import * as repo from './payments.repository';
import { siteToManage } from '../sites/site-scope';
import type { SiteDirectory } from '../sites/sites.service';

const SUCCESS: PaymentSuccess = { success: true };

export class PaymentAccountsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** Bank accounts (and separately UPI ids) one user may add in 24 hours. */
    private readonly addedPerDay: number,
    private readonly sites: SiteDirectory,
  ) {}

  /** 429 once the user added `addedPerDay` accounts of this kind in the last 24 hours (inside the insert's transaction, under its lock). */
  private async assertDailyLimit(tx: Queryable, kind: AccountType, userId: string): Promise<void> {
    const now = this.clock.nowMs();
    const added = await repo.countAddedSince(tx, kind, userId, windowStart(now));
    assertUnderDailyLimit(added, this.addedPerDay, now, dailyAccountLimitMessage(kind, this.addedPerDay));
  }

  /**
   * The caller's live saved accounts, oldest first (GET get-bank-and-upi-list). A bank account's
   * number is masked to its last four digits (docs/rules/test-plan.md T9: no response carries a full account
   * number); a withdrawal names the account by its id, and the upline that pays it reads the
   * number whole on the request.
   */
  async list(actor: Actor): Promise<BankAndUpiList> {
    const [bank, upi] = await Promise.all([repo.listSavedBanks(this.db, actor.userId), repo.listSavedUpis(this.db, actor.userId)]);
    return {
      bank: bank.map((row) => ({
        _id: row.id,
        accountHolderName: row.accountHolderName,
        accountNumber: maskAccountNumber(row.accountNumber),
        ifscCode: row.ifscCode,
      })),
      upi: upi.map((row) => ({ _id: row.id, upiId: row.upiId })),
    };
  }

  async addBank(actor: Actor, fields: FormFields, meta: RequestMeta): Promise<PaymentSuccess> {
    const bank = checkBankAccount(fields);
    if (!bank.ok) throw new DomainError('VALIDATION', bank.message);
    await this.db.transaction(async (tx) => {
      await repo.lockSavedAccountsOf(tx, actor.userId);
      // The live cap first: its message ("delete one first") is the one to act on.
      if ((await repo.countSaved(tx, 'bank', actor.userId)) >= SAVED_ACCOUNTS_MAX) {
        throw new DomainError('CONFLICT', savedLimitMessage('bank'));
      }
      await this.assertDailyLimit(tx, 'bank', actor.userId);
      const row = await repo.insertSavedBank(tx, actor.userId, bank.value);
      if (row === null) throw new DomainError('CONFLICT', MESSAGES.bankAccountDuplicate);
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: 'payments.bank_added',
          target: `saved_bank:${row.id}`,
          before: null,
          after: { accountHolderName: row.accountHolderName, accountNumber: row.accountNumber, ifscCode: row.ifscCode },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
    });
    return SUCCESS;
  }

  async addUpi(actor: Actor, fields: FormFields, meta: RequestMeta): Promise<PaymentSuccess> {
    const upiId = checkUpiId(fields);
    if (!upiId.ok) throw new DomainError('VALIDATION', upiId.message);
    await this.db.transaction(async (tx) => {
      await repo.lockSavedAccountsOf(tx, actor.userId);
      // The live cap first: its message ("delete one first") is the one to act on.
      if ((await repo.countSaved(tx, 'upi', actor.userId)) >= SAVED_ACCOUNTS_MAX) {
        throw new DomainError('CONFLICT', savedLimitMessage('upi'));
      }
      await this.assertDailyLimit(tx, 'upi', actor.userId);
      const row = await repo.insertSavedUpi(tx, actor.userId, upiId.value);
      if (row === null) throw new DomainError('CONFLICT', MESSAGES.upiDuplicate);
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: 'payments.upi_added',
          target: `saved_upi:${row.id}`,
          before: null,
          after: { upiId: row.upiId },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
    });
    return SUCCESS;
  }

  /** Removes one of the caller's saved accounts; another user's id is the same 404 as none. */
  async deleteSaved(actor: Actor, body: DeleteUpiBankRequest, meta: RequestMeta): Promise<PaymentSuccess> {
    if (!isUuid(body.id)) throw new DomainError('NOT_FOUND', MESSAGES.savedAccountNotFound);
    await this.db.transaction(async (tx) => {
      await repo.lockSavedAccountsOf(tx, actor.userId);
      if (!(await repo.deleteSaved(tx, body.type, actor.userId, body.id))) {
        throw new DomainError('NOT_FOUND', MESSAGES.savedAccountNotFound);
      }
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: `payments.${body.type}_deleted`,
          target: `saved_${body.type}:${body.id}`,
          before: null,
          after: null,
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
    });
    return SUCCESS;
  }

  /**
   * The operator's receiving accounts of a site (ADR 0074 "Content per site"): every signed-in
   * user reads its request's site's (the deposit page shows them); `siteId` names another site,
   * the Super Admin's only (an Admin's own is its request's).
   */
  async settings(actor: Actor, siteId: string | undefined): Promise<PaymentSettings> {
    const site = siteId === undefined ? actor.siteId : (await siteToManage(this.sites, actor, siteId)).id;
    return repo.findPaymentSettings(this.db, site);
  }

  /**
   * Replaces a site's payment settings (admin, sadmin), audited with the values before and after:
   * the Super Admin any site's (default: its request's), an Admin its own.
   */
  async saveSettings(actor: Actor, siteId: string | undefined, fields: FormFields, meta: RequestMeta): Promise<PaymentSettings> {
    const site = await siteToManage(this.sites, actor, siteId);
    const settings = checkPaymentSettings(fields);
    if (!settings.ok) throw new DomainError('VALIDATION', settings.message);
    return this.db.transaction(async (tx) => {
      const before = await repo.findPaymentSettings(tx, site.id, { lock: true });
      const after = await repo.updatePaymentSettings(tx, site.id, settings.value, actor.userId);
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: 'payments.settings_saved',
          target: `payment_settings:${site.id}`,
          before,
          after,
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
      return after;
    });
  }
}
