/**
 * The transaction password that confirms money and admin actions (add-user, chip transfers,
 * password resets). Six digits are few, so wrong guesses are throttled per account like admin
 * logins (5, then 15 minutes of 429).
 */
import { MESSAGES } from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import { findCredentialsById } from './auth.repository';
import { throttledError, type LoginThrottle } from './login-throttle';
import type { PasswordHasher } from './passwords';

export class TransactionPasswords {
  constructor(
    private readonly db: Database,
    private readonly passwords: PasswordHasher,
    private readonly throttle: LoginThrottle,
  ) {}

  /** Throws TRANSACTION_PASSWORD_WRONG (403) unless `plain` is the user's transaction password. */
  async verify(userId: string, plain: string): Promise<void> {
    const key = keyOf(userId);
    await this.assertNotThrottled(userId);
    const user = await findCredentialsById(this.db, userId);
    const ok = user?.txnPasswordHash != null && (await this.passwords.verify(user.txnPasswordHash, plain));
    if (!ok) {
      await this.throttle.recordFailure(key);
      throw new DomainError('TRANSACTION_PASSWORD_WRONG', MESSAGES.transactionPasswordWrong);
    }
    await this.throttle.reset(key);
  }

  /**
   * Throws the 429 while the account's transaction-password checks are throttled. Replacing the
   * transaction password asks this first, so knowing the login password does not lift the lock.
   */
  async assertNotThrottled(userId: string): Promise<void> {
    const decision = await this.throttle.check(keyOf(userId));
    if (!decision.allowed) throw throttledError(decision.retryAfterSec);
  }
}

const keyOf = (userId: string): string => `txn:${userId}`;
