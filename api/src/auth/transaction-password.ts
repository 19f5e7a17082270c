/**
 * The transaction password that confirms money and admin actions (add-user, chip transfers,
 * password resets). Six digits are few, so wrong guesses are throttled per account like admin
 * logins (5, then 15 minutes of 429).
 */
import { MESSAGES } from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import { findUserById } from '../users/users.repository';
import type { LoginThrottle } from './login-throttle';
import type { PasswordHasher } from './passwords';

export class TransactionPasswords {
  constructor(
    private readonly db: Database,
    private readonly passwords: PasswordHasher,
    private readonly throttle: LoginThrottle,
  ) {}

  /** Throws TRANSACTION_PASSWORD_WRONG (403) unless `plain` is the user's transaction password. */
  async verify(userId: string, plain: string): Promise<void> {
    const key = `txn:${userId}`;
    const decision = this.throttle.check(key);
    if (!decision.allowed) {
      throw new DomainError(
        'RATE_LIMITED',
        MESSAGES.tooManyAttempts,
        { retryAfterSec: decision.retryAfterSec },
        undefined,
        { 'retry-after': String(decision.retryAfterSec) },
      );
    }
    const user = await findUserById(this.db, userId);
    const ok = user?.txnPasswordHash != null && (await this.passwords.verify(user.txnPasswordHash, plain));
    if (!ok) {
      this.throttle.recordFailure(key);
      throw new DomainError('TRANSACTION_PASSWORD_WRONG', MESSAGES.transactionPasswordWrong);
    }
    this.throttle.reset(key);
  }
}
