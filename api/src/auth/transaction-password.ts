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

  /**
   * Throws TRANSACTION_PASSWORD_WRONG (403) unless `plain` is the user's transaction password;
   * the 429 without evaluating it when the attempt is refused (reserved first: login-throttle.ts).
   */
  async verify(userId: string, plain: string): Promise<void> {
    const outcome = await this.throttle.attempt(keyOf(userId), async () => {
      const user = await findCredentialsById(this.db, userId);
      return user?.txnPasswordHash != null && (await this.passwords.verify(user.txnPasswordHash, plain));
    });
    if (outcome.kind === 'refused') throw throttledError(outcome.retryAfterSec);
    if (outcome.kind === 'wrong') throw new DomainError('TRANSACTION_PASSWORD_WRONG', MESSAGES.transactionPasswordWrong);
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
