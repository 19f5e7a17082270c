/**
 * TOTP two-factor of players and agents (issue 20): enrolment (a pending secret, confirmed by a
 * first code, then ten recovery codes shown once), the check of a login's second step, disabling
 * (login password + a code) and the admins' requirement per agent role.
 *
 * Every code check is throttled with the login rules of the user's area, per account
 * (`2fa:<userId>`), its attempt reserved before the code is evaluated (login-throttle.ts); a TOTP
 * step is accepted once (users.totp_last_step), a recovery code once.
 */
import {
  AGENT_ROLES,
  MESSAGES,
  SECURITY_MESSAGES,
  type Area,
  type Role,
  type TwoFactorDisableRequest,
  type TwoFactorEnrolment,
  type TwoFactorPolicy,
  type TwoFactorRecoveryCodes,
  type TwoFactorStatus,
} from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import type { Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import type { Logger } from '../common/logger';
import type { Database, Queryable } from '../db/database';
import type { AuthContext } from '../plugins/auth';
import type { RequestMeta } from '../plugins/request-context';
import { findCredentialsById } from './auth.repository';
import { throttledError, type LoginThrottle } from './login-throttle';
import type { PasswordHasher } from './passwords';
import { generateTotpSecret, isTotpShape, otpauthUri, verifyTotp } from './totp';
import { generateRecoveryCodes, hashRecoveryCode, isRecoveryCodeShape, UnknownTotpKeyError, type TwoFactorKeyring } from './two-factor-crypto';
import * as repo from './two-factor.repository';

export interface TwoFactorServiceDeps {
  db: Database;
  /** AES-256-GCM keys of the secrets at rest (server-keys.ts, ADR 0031). */
  keys: TwoFactorKeyring;
  clock: Clock;
  passwords: PasswordHasher;
  throttles: Record<Area, LoginThrottle>;
  log: Logger;
}

/** The throttle key of a user's code checks (login second step, confirm, disable). */
export const codeThrottleKey = (userId: string): string => `2fa:${userId}`;

/**
 * A code check: accepted (and used up), a TOTP code of a step already used, a recovery code
 * already used, or wrong.
 */
export type CodeCheck = 'accepted' | 'used' | 'recoveryUsed' | 'wrong';

/** The message of a refused code: a used one says so (what to do next), any other is invalid. */
export const refusedCodeMessage = (check: CodeCheck): string =>
  check === 'used'
    ? SECURITY_MESSAGES.twoFactorCodeUsed
    : check === 'recoveryUsed'
      ? SECURITY_MESSAGES.twoFactorRecoveryCodeUsed
      : SECURITY_MESSAGES.twoFactorCodeInvalid;

export class TwoFactorService {
  constructor(private readonly deps: TwoFactorServiceDeps) {}

  /** True when the login of this user needs the second step. */
  isEnabled(userId: string): Promise<boolean> {
    return repo.hasTwoFactor(this.deps.db, userId);
  }

  /** GET /api/two-factor-status. */
  async status(auth: AuthContext): Promise<TwoFactorStatus> {
    const row = await this.row(this.deps.db, auth.userId);
    return {
      enabled: row.enabled,
      pending: row.pendingSecret !== null,
      recoveryCodesLeft: row.enabled ? row.recoveryCodesLeft : 0,
      required: row.required && row.role !== 'user',
    };
  }

  /**
   * POST /api/two-factor-enrol: a new pending secret (replacing a pending one). The plain secret
   * is in this answer only; the database keeps its ciphertext.
   */
  async enrol(auth: AuthContext, meta: RequestMeta): Promise<TwoFactorEnrolment> {
    const secret = generateTotpSecret();
    const username = await this.deps.db.transaction(async (tx) => {
      const row = await this.row(tx, auth.userId, true);
      if (row.enabled) throw new DomainError('CONFLICT', SECURITY_MESSAGES.twoFactorAlreadyEnabled);
      await repo.setPendingSecret(tx, auth.userId, this.deps.keys.encrypt(secret));
      await this.audit(tx, auth.userId, 'auth.two_factor_enrol_started', meta);
      return row.username;
    });
    return { secret, otpauthUri: otpauthUri(secret, username) };
  }

  /** POST /api/two-factor-confirm: the first code turns two-factor on; the recovery codes, once. */
  async confirm(auth: AuthContext, code: string, meta: RequestMeta): Promise<TwoFactorRecoveryCodes> {
    const recoveryCodes = generateRecoveryCodes();
    // Nothing to confirm is said before an attempt is taken: no code would be evaluated.
    pendingSecretOf(await this.row(this.deps.db, auth.userId));
    await this.codeAttempt(auth.userId, auth.area, () =>
      this.deps.db.transaction(async (tx) => {
        const row = await this.row(tx, auth.userId, true);
        const pendingSecret = pendingSecretOf(row);
        const step = verifyTotp(this.deps.keys.decrypt(pendingSecret), code.trim(), this.deps.clock.nowMs(), null);
        if (typeof step !== 'number') return 'wrong';
        await repo.enableTwoFactor(tx, auth.userId, step);
        await repo.replaceRecoveryCodes(tx, auth.userId, recoveryCodes.map(hashRecoveryCode));
        await this.audit(tx, auth.userId, 'auth.two_factor_enabled', meta);
        return 'accepted';
      }),
    );
    return { recoveryCodes };
  }

  /**
   * POST /api/two-factor-disable: the login password and a current code (or a recovery code),
   * each an attempt of its own throttle key, reserved before it is evaluated.
   */
  async disable(auth: AuthContext, body: TwoFactorDisableRequest, meta: RequestMeta): Promise<void> {
    // Locked code checks refuse before the password is tried.
    await this.assertCodeAllowed(auth.userId, auth.area);
    const user = await findCredentialsById(this.deps.db, auth.userId);
    if (user === null) throw new DomainError('SESSION_ENDED', MESSAGES.sessionEnded);
    const password = await this.deps.throttles[auth.area].attempt(`password:${auth.userId}`, () =>
      this.deps.passwords.verify(user.passwordHash, body.password),
    );
    if (password.kind === 'refused') throw throttledError(password.retryAfterSec);
    if (password.kind === 'wrong') {
      this.deps.log.warn({ event: 'password_check_failed', userId: auth.userId }, 'password check failed');
      throw new DomainError('VALIDATION', MESSAGES.passwordWrong);
    }
    assertEnabled(await this.row(this.deps.db, auth.userId));
    await this.codeAttempt(auth.userId, auth.area, () =>
      this.deps.db.transaction(async (tx) => {
        const row = await this.row(tx, auth.userId, true);
        assertEnabled(row);
        const check = await this.useCode(tx, row, body.code);
        if (check !== 'accepted') return check;
        await repo.disableTwoFactor(tx, auth.userId);
        await this.audit(tx, auth.userId, 'auth.two_factor_disabled', meta);
        return check;
      }),
    );
  }

  /**
   * The code of a login's second step: a TOTP code of a step not used before, or an unused
   * recovery code (used up). The caller throttles.
   */
  async checkLoginCode(userId: string, code: string): Promise<CodeCheck> {
    return this.deps.db.transaction(async (tx) => {
      const row = await this.row(tx, userId, true);
      if (!row.enabled) return 'wrong';
      return this.useCode(tx, row, code);
    });
  }

  /**
   * Re-encrypts every stored secret (confirmed and pending) that is not under the current key:
   * run at start (main.ts) so an old TOTP key, or the JWT secret the "v1." secrets came from, can
   * be dropped (ADR 0031). Idempotent; one instance at a time (an advisory lock: the others wait,
   * then find nothing left); batches of 500 users, each its own transaction. A secret no
   * configured key opens is left as it is and counted, with its key id in the log.
   */
  async reencryptStoredSecrets(): Promise<{ reencrypted: number; unreadable: number }> {
    let reencrypted = 0;
    let unreadable = 0;
    let after: string | null = null;
    for (;;) {
      const batch: { last: string | null; done: number; failed: string[] } = await this.deps.db.transaction(async (tx) => {
        await repo.lockReencryption(tx);
        const rows = await repo.findSecretsNotUnder(tx, `v2.${this.deps.keys.current.kid}.`, after, 500);
        const failed: string[] = [];
        let done = 0;
        for (const row of rows) {
          const fresh = (stored: string | null): string | null => {
            if (stored === null || this.deps.keys.isCurrent(stored)) return stored;
            return this.deps.keys.encrypt(this.deps.keys.decrypt(stored));
          };
          try {
            await repo.replaceSecrets(tx, row.userId, fresh(row.secret), fresh(row.pendingSecret));
            done += 1;
          } catch (error) {
            if (!(error instanceof UnknownTotpKeyError)) throw error;
            failed.push(error.kid);
          }
        }
        return { last: rows.at(-1)?.userId ?? null, done, failed };
      });
      reencrypted += batch.done;
      unreadable += batch.failed.length;
      if (batch.failed.length > 0) {
        this.deps.log.error(
          { event: 'two_factor_key_missing', keyIds: [...new Set(batch.failed)], count: batch.failed.length },
          'two-factor secrets under a key no longer configured: add it back to TOTP_PREVIOUS_KEYS (those users cannot pass their second step)',
        );
      }
      if (batch.last === null) break;
      after = batch.last;
    }
    return { reencrypted, unreadable };
  }

  /** GET /api/two-factor-policy. */
  async policy(): Promise<TwoFactorPolicy> {
    return { requiredRoles: await repo.readPolicy(this.deps.db) };
  }

  /** POST /api/two-factor-policy (the Super Admin only): the agent roles that must use two-factor. */
  async savePolicy(auth: AuthContext, roles: readonly Role[], meta: RequestMeta): Promise<TwoFactorPolicy> {
    const requiredRoles = AGENT_ROLES.filter((role) => roles.includes(role));
    await this.deps.db.transaction(async (tx) => {
      const before = await repo.readPolicy(tx);
      await repo.savePolicy(tx, requiredRoles, auth.userId);
      await insertAuditRecords(tx, [
        {
          actorId: auth.userId,
          action: 'auth.two_factor_policy_saved',
          target: 'two_factor_policy',
          before: { requiredRoles: before },
          after: { requiredRoles },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
    });
    return { requiredRoles };
  }

  /** Checks and uses up a TOTP or recovery code of an enabled account (row locked by the caller). */
  private async useCode(tx: Queryable, row: repo.TwoFactorRow, rawCode: string): Promise<CodeCheck> {
    const code = rawCode.trim();
    if (row.secret === null) return 'wrong';
    if (isTotpShape(code)) {
      const step = verifyTotp(this.deps.keys.decrypt(row.secret), code, this.deps.clock.nowMs(), row.lastStep);
      if (typeof step !== 'number') return step ?? 'wrong';
      // False only when a later step was accepted since the row was read (the row is locked): used.
      return (await repo.acceptStep(tx, row.userId, step)) ? 'accepted' : 'used';
    }
    if (isRecoveryCodeShape(code)) {
      const consumed = await repo.consumeRecoveryCode(tx, row.userId, hashRecoveryCode(code));
      return consumed === 'consumed' ? 'accepted' : consumed === 'used' ? 'recoveryUsed' : 'wrong';
    }
    return 'wrong';
  }

  /** 429 while the account's code checks are throttled (read only: it reserves no attempt). */
  private async assertCodeAllowed(userId: string, area: Area): Promise<void> {
    const decision = await this.deps.throttles[area].check(codeThrottleKey(userId));
    if (!decision.allowed) this.throttled(userId, decision.retryAfterSec);
  }

  /**
   * A code check as an attempt of `2fa:<userId>`: 429 when refused (not evaluated), 400 when
   * wrong or already used (a used code counts as a wrong attempt too).
   */
  private async codeAttempt(userId: string, area: Area, evaluate: () => Promise<CodeCheck>): Promise<void> {
    let check = 'wrong' as CodeCheck; // set by the evaluation
    const outcome = await this.deps.throttles[area].attempt(codeThrottleKey(userId), async () => {
      check = await evaluate();
      return check === 'accepted';
    });
    if (outcome.kind === 'refused') this.throttled(userId, outcome.retryAfterSec);
    if (outcome.kind === 'wrong') {
      this.deps.log.warn({ event: 'two_factor_code_wrong', userId, used: check === 'used' || check === 'recoveryUsed' }, 'two-factor code wrong');
      throw new DomainError('VALIDATION', refusedCodeMessage(check));
    }
  }

  private throttled(userId: string, retryAfterSec: number): never {
    this.deps.log.warn({ event: 'two_factor_throttled', userId }, 'two-factor code checks throttled');
    throw throttledError(retryAfterSec);
  }

  private async row(q: Queryable, userId: string, lock = false): Promise<repo.TwoFactorRow> {
    const row = await repo.findTwoFactor(q, userId, { lock });
    if (row === null) throw new DomainError('SESSION_ENDED', MESSAGES.sessionEnded);
    return row;
  }

  private async audit(tx: Queryable, userId: string, action: string, meta: RequestMeta): Promise<void> {
    await insertAuditRecords(tx, [
      { actorId: userId, action, target: `user:${userId}`, before: null, after: null, ip: meta.ip, requestId: meta.requestId },
    ]);
  }
}

/** The pending secret of a row that may be confirmed; 409 when two-factor is on, 400 when none is pending. */
function pendingSecretOf(row: repo.TwoFactorRow): string {
  if (row.enabled) throw new DomainError('CONFLICT', SECURITY_MESSAGES.twoFactorAlreadyEnabled);
  if (row.pendingSecret === null) throw new DomainError('VALIDATION', SECURITY_MESSAGES.twoFactorNotPending);
  return row.pendingSecret;
}

/** 400 unless two-factor is on. */
function assertEnabled(row: repo.TwoFactorRow): void {
  if (!row.enabled) throw new DomainError('VALIDATION', SECURITY_MESSAGES.twoFactorNotEnabled);
}
