/**
 * Use cases of signing in: login per area with throttling, single live session per user,
 * refresh-token rotation with reuse detection, logout, password and transaction password.
 */
import {
  areaOfRole,
  MESSAGES,
  ROLE_LABELS,
  SECURITY_MESSAGES,
  TWO_FACTOR_CHALLENGE_TTL_SEC,
  type Area,
  type ChangePasswordRequest,
  type LoginOutcome,
  type LoginRequest,
  type LoginResponse,
  type LoginTwoFactorRequest,
  type RefreshResponse,
  type TransactionPasswordRequest,
  type UserInfo,
} from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import { DomainError } from '../common/domain-error';
import type { Config } from '../config';
import type { Database, Tx } from '../db/database';
import type { Logger } from '../common/logger';
import type { LedgerService } from '../ledger/ledger.service';
import { paiseToRupees } from '../common/money';
import type { DomainEvents } from '../common/domain-events';
import type { SessionEndReason } from './auth.events';
import type { AccessTokens } from './access-tokens';
import * as repo from './auth.repository';
import type { AuthContext, MaintenanceGate } from '../plugins/auth';
import type { RequestMeta } from '../plugins/request-context';
import { sessionEndedError } from './authenticator';
import type { IdleSessions } from './idle-sessions';
import type { LoginChallenges } from './login-challenges';
import { reasonOfLoginError, type LoginHistoryService } from './login-history.service';
import { codeThrottleKey, refusedCodeMessage, type CodeCheck, type TwoFactorService } from './two-factor.service';
import { throttledError, type LoginThrottle } from './login-throttle';
import { checkNewPassword, checkTransactionPassword } from './password-rules';
import type { PasswordHasher } from './passwords';
import type { TransactionPasswords } from './transaction-password';
import {
  deriveRotatedToken,
  generateRefreshToken,
  hashRefreshToken,
  isRefreshTokenShape,
} from './refresh-token';

export interface AuthServiceDeps {
  db: Database;
  config: Readonly<Config>;
  tokens: AccessTokens;
  passwords: PasswordHasher;
  throttles: Record<Area, LoginThrottle>;
  transactionPasswords: TransactionPasswords;
  /**
   * Keys deriving a refresh token's successor (server-keys.ts): the current one derives; a repeat
   * within the grace window matches the successor under any of them, so a refresh that straddles
   * a JWT_SECRET rotation (first on an old instance, repeat on a new one) is no reuse.
   */
  rotationKeys: readonly Buffer[];
  events: DomainEvents;
  /** The platform's and the site's maintenance switches (ADR 0074). */
  maintenance: MaintenanceGate;
  ledger: LedgerService;
  log: Logger;
  /** Account security (issue 20): the second login step, the login history, the idle timeout. */
  twoFactor: TwoFactorService;
  challenges: LoginChallenges;
  history: LoginHistoryService;
  idle: IdleSessions;
}

type RefreshOutcome =
  | { kind: 'rotated'; refreshToken: string; issuedAt: Date; context: repo.RefreshContextRow }
  | { kind: 'invalid' }
  | { kind: 'reused' }
  | { kind: 'ended'; reason: SessionEndReason }
  | { kind: 'locked' }
  | { kind: 'maintenance' };

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * POST /api/login (player area) and /api/login-admin (admin area). With two-factor on, the
   * right password gives a second-step challenge, no tokens. Every attempt is a login_history row.
   */
  async login(area: Area, body: LoginRequest, meta: RequestMeta): Promise<LoginOutcome> {
    let user: repo.CredentialsRow;
    try {
      user = await this.checkCredentials(area, body, meta);
    } catch (error) {
      await this.deps.history.record({ area, username: body.username, success: false, reason: reasonOfLoginError(error) }, meta);
      throw error;
    }
    if (await this.deps.twoFactor.isEnabled(user.id)) {
      const challenge = await this.deps.challenges.create({ userId: user.id, username: user.username, area, siteId: meta.siteId });
      await this.deps.history.record({ area, username: user.username, success: false, reason: 'two_factor_pending' }, meta, user.id);
      return { twoFactorRequired: true, challenge, expiresInSec: TWO_FACTOR_CHALLENGE_TTL_SEC };
    }
    return this.issueSession(area, user.id, user.username, meta);
  }

  /**
   * POST /api/login-two-factor: the challenge of a right password and a current TOTP code (a step
   * not used before) or an unused recovery code, which is used up. Wrong codes count in the area's
   * login throttle per account, as wrong passwords do.
   */
  async loginSecondStep(body: LoginTwoFactorRequest, meta: RequestMeta): Promise<LoginResponse> {
    const pending = await this.deps.challenges.peek(body.challenge);
    if (pending === null || pending.siteId !== meta.siteId) {
      throw new DomainError('TWO_FACTOR_CHALLENGE_INVALID', SECURITY_MESSAGES.twoFactorChallengeInvalid);
    }
    const { area, userId, username } = pending;
    let check = 'wrong' as CodeCheck; // set by the evaluation
    const outcome = await this.deps.throttles[area].attempt(codeThrottleKey(userId), async () => {
      check = await this.deps.twoFactor.checkLoginCode(userId, body.code);
      return check === 'accepted';
    });
    if (outcome.kind === 'refused') {
      await this.deps.history.record({ area, username, success: false, reason: 'two_factor_throttled' }, meta, userId);
      this.deps.log.warn({ event: 'two_factor_throttled', area, userId, ip: meta.ip }, 'two-factor login throttled');
      throw throttledError(outcome.retryAfterSec);
    }
    if (outcome.kind === 'wrong') {
      await this.deps.history.record({ area, username, success: false, reason: 'two_factor_invalid' }, meta, userId);
      this.deps.log.warn({ event: 'two_factor_failed', area, userId, ip: meta.ip, used: check === 'used' }, 'two-factor code wrong');
      throw new DomainError('TWO_FACTOR_INVALID', refusedCodeMessage(check));
    }
    // Taken, not just read: of two second steps at once (on any instances), one issues a session.
    if (!(await this.deps.challenges.consume(body.challenge))) {
      throw new DomainError('TWO_FACTOR_CHALLENGE_INVALID', SECURITY_MESSAGES.twoFactorChallengeInvalid);
    }
    // The login routes close the player area during maintenance; so does their second step.
    if (area === 'player') await this.deps.maintenance.assertNotMaintenance(meta.siteId);
    // A lock since the password step: startSession refuses it (ACCOUNT_LOCKED).
    return this.issueSession(area, userId, username, meta);
  }

  /** The session of a login whose every step passed: tokens, and a history row. */
  private async issueSession(area: Area, userId: string, username: string, meta: RequestMeta): Promise<LoginResponse> {
    const started = await this.deps.db.transaction((tx) => this.startSession(tx, userId, area, meta));
    if (started === null) {
      await this.deps.history.record({ area, username, success: false, reason: 'locked' }, meta, userId);
      throw new DomainError('ACCOUNT_LOCKED', MESSAGES.accountLocked);
    }
    await this.deps.idle.started(started.session.id);
    await this.deps.history.record({ area, username, success: true, reason: 'ok' }, meta, userId);

    const { session, refreshToken, user: current } = started;
    this.deps.log.info(
      { event: 'login_succeeded', area, userId: current.id, sessionId: session.id, ip: meta.ip },
      'login succeeded',
    );
    return {
      token: this.deps.tokens.sign({
        userId: current.id,
        sessionId: session.id,
        role: current.role,
        area,
        siteId: meta.siteId,
        issuedAt: session.createdAt,
      }),
      refreshToken,
      role: current.role,
      _id: current.id,
      username: current.username,
      sessionId: session.id,
      changePassAndTxn: current.mustChangePassword || current.txnPasswordHash === null,
      // The locked row was read before this login was recorded: this is the previous login.
      lastLoginAt: current.lastLoginAt?.toISOString() ?? null,
    };
  }

  /**
   * Throttle, then password, then area, then account state: a wrong area or a locked account
   * is only revealed to someone who knows the password.
   */
  private async checkCredentials(area: Area, body: LoginRequest, meta: RequestMeta): Promise<repo.CredentialsRow> {
    const { db, throttles, passwords } = this.deps;
    const throttleKey =
      area === 'player'
        ? `player:${meta.siteId}:${body.username.toLowerCase()}:${meta.ip ?? '-'}`
        : `admin:${meta.siteId}:${body.username.toLowerCase()}`;
    // The attempt is reserved before the password is evaluated: a refused one runs no argon2.
    let user = null as repo.CredentialsRow | null; // found by the evaluation
    const outcome = await throttles[area].attempt(throttleKey, async () => {
      user = await repo.findCredentialsByUsername(db, body.username, meta.siteId);
      return user === null ? passwords.verifyDummy(body.password) : passwords.verify(user.passwordHash, body.password);
    });
    if (outcome.kind === 'refused') {
      this.deps.log.warn({ event: 'login_throttled', area, username: body.username, ip: meta.ip }, 'login throttled');
      throw throttledError(outcome.retryAfterSec);
    }
    if (outcome.kind === 'wrong' || user === null) {
      this.deps.log.warn(
        { event: 'login_failed', area, username: body.username, ip: meta.ip, knownUser: user !== null },
        'login failed',
      );
      throw new DomainError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
    }
    if (areaOfRole(user.role) !== area) {
      throw new DomainError('WRONG_AREA', area === 'player' ? MESSAGES.wrongAreaPlayer : MESSAGES.wrongAreaAdmin);
    }
    if (await repo.isBlocked(db, user.id)) throw new DomainError('ACCOUNT_LOCKED', MESSAGES.accountLocked);
    return user;
  }

  /**
   * Ends the user's other sessions and starts a new one with its first refresh token. The user
   * row is locked, so concurrent logins of one user run one after the other and exactly one
   * session stays live. Null when the account was locked meanwhile.
   */
  private async startSession(tx: Tx, userId: string, area: Area, meta: RequestMeta) {
    const locked = await repo.findCredentialsById(tx, userId, { lock: true });
    if (locked === null || (await repo.isBlocked(tx, userId))) return null;
    const endedSessionIds = await repo.endLiveSessions(tx, userId, 'replaced', null);
    await repo.revokeRefreshTokensOfSessions(tx, endedSessionIds);
    const session = await repo.insertSession(tx, {
      userId,
      area,
      siteId: meta.siteId,
      lifetimeSec: this.deps.config.auth.refreshTtlSec[area],
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    const refreshToken = generateRefreshToken();
    await repo.insertRefreshToken(tx, {
      sessionId: session.id,
      familyId: session.id,
      parentId: null,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: session.expiresAt,
    });
    await repo.touchLastLogin(tx, userId);
    tx.afterCommit(() =>
      this.deps.events.publish('session.ended', { userId, endedSessionIds, liveSessionId: session.id, reason: 'replaced' }),
    );
    return { session, refreshToken, user: locked };
  }

  /**
   * POST /api/refresh-token. The first use rotates; a repeat within the grace window returns
   * the same new pair; any other reuse revokes the whole family and ends the session.
   */
  async refresh(rawToken: string, siteId: string): Promise<RefreshResponse> {
    if (!isRefreshTokenShape(rawToken)) throw new DomainError('REFRESH_INVALID', MESSAGES.refreshInvalid);
    const outcome = await this.deps.db.transaction((tx) => this.rotate(tx, rawToken, siteId));
    switch (outcome.kind) {
      case 'rotated':
        return {
          token: this.deps.tokens.sign({
            userId: outcome.context.userId,
            sessionId: outcome.context.sessionId,
            role: outcome.context.role,
            area: outcome.context.area,
            siteId: outcome.context.siteId,
            issuedAt: outcome.issuedAt,
          }),
          refreshToken: outcome.refreshToken,
        };
      case 'locked':
        throw new DomainError('ACCOUNT_LOCKED', MESSAGES.accountLocked);
      case 'maintenance':
        throw new DomainError('MAINTENANCE', MESSAGES.maintenance, undefined, { maintenance: true });
      case 'ended':
        throw sessionEndedError(outcome.reason);
      case 'reused':
        throw sessionEndedError('refresh_reuse');
      case 'invalid':
        throw new DomainError('REFRESH_INVALID', MESSAGES.refreshInvalid);
    }
  }

  /** POST /api/logout: ends the caller's session and revokes its refresh tokens. */
  async logout(auth: AuthContext): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.endSession(tx, auth.userId, auth.sessionId, 'logout');
      await repo.revokeRefreshTokensOfSessions(tx, [auth.sessionId]);
    });
  }

  /** GET /api/user-info. */
  async userInfo(auth: AuthContext): Promise<UserInfo> {
    const user = await repo.findCredentialsById(this.deps.db, auth.userId);
    if (user === null) throw new DomainError('SESSION_ENDED', MESSAGES.sessionEnded);
    const wallet = await this.deps.ledger.walletOf(user.id);
    return {
      _id: user.id,
      username: user.username,
      role: user.role,
      roleLabel: ROLE_LABELS[user.role],
      sessionId: auth.sessionId,
      balance: paiseToRupees(wallet.balanceMinor),
      exposer: paiseToRupees(wallet.exposureMinor),
      changePassAndTxn: user.mustChangePassword || user.txnPasswordHash === null,
      mustChangePassword: user.mustChangePassword,
      hasTransactionPassword: user.txnPasswordHash !== null,
      // The current session's login is last_login_at; the user is shown the one before.
      lastLoginAt: user.previousLoginAt?.toISOString() ?? null,
    };
  }

  /** POST /api/change-password: new login password; every other session of the user ends. */
  async changePassword(
    auth: AuthContext,
    body: ChangePasswordRequest,
    meta: RequestMeta,
  ): Promise<{ changePassAndTxn: boolean }> {
    const user = await repo.findCredentialsById(this.deps.db, auth.userId);
    if (user === null) throw new DomainError('SESSION_ENDED', MESSAGES.sessionEnded);
    const problem = checkNewPassword(body, user.username);
    if (problem !== null) throw new DomainError('VALIDATION', problem);
    await this.verifyOwnPassword(auth, user, body.oldPassword, MESSAGES.oldPasswordWrong);
    const passwordHash = await this.deps.passwords.hash(body.newPassword);
    await this.deps.db.transaction(async (tx) => {
      await repo.updatePassword(tx, user.id, passwordHash);
      const endedSessionIds = await repo.endLiveSessions(tx, user.id, 'password_changed', auth.sessionId);
      await repo.revokeRefreshTokensOfSessions(tx, endedSessionIds);
      await insertAuditRecords(tx, [
        {
          actorId: user.id,
          action: 'auth.password_changed',
          target: `user:${user.id}`,
          before: null,
          after: { endedSessions: endedSessionIds.length },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
      tx.afterCommit(() =>
        this.deps.events.publish('session.ended', {
          userId: user.id,
          endedSessionIds,
          liveSessionId: auth.sessionId,
          reason: 'password_changed',
        }),
      );
    });
    return { changePassAndTxn: user.txnPasswordHash === null };
  }

  /** POST /api/transaction-password: set or replace the 6-digit transaction password. */
  async setTransactionPassword(
    auth: AuthContext,
    body: TransactionPasswordRequest,
    meta: RequestMeta,
  ): Promise<{ changePassAndTxn: boolean }> {
    const problem = checkTransactionPassword(body);
    if (problem !== null) throw new DomainError('VALIDATION', problem);
    const user = await repo.findCredentialsById(this.deps.db, auth.userId);
    if (user === null) throw new DomainError('SESSION_ENDED', MESSAGES.sessionEnded);
    // While wrong transaction passwords lock its checks, it cannot be replaced either.
    await this.deps.transactionPasswords.assertNotThrottled(user.id);
    await this.verifyOwnPassword(auth, user, body.password, MESSAGES.passwordWrong);
    const txnPasswordHash = await this.deps.passwords.hash(body.transactionPassword);
    await this.deps.db.transaction(async (tx) => {
      await repo.updateTransactionPassword(tx, user.id, txnPasswordHash);
      await insertAuditRecords(tx, [
        {
          actorId: user.id,
          action: 'auth.transaction_password_set',
          target: `user:${user.id}`,
          before: { hadTransactionPassword: user.txnPasswordHash !== null },
          after: { hadTransactionPassword: true },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
    });
    return { changePassAndTxn: user.mustChangePassword };
  }

  /**
   * The signed-in user re-enters the login password (change-password, transaction-password):
   * throttled per account with the login rules of the session's area (players 10, admin area 5
   * consecutive failures, then 15 minutes of 429 with Retry-After, even for the right password);
   * the right password resets the count. Without it a stolen access token could guess the
   * password with no limit.
   */
  private async verifyOwnPassword(auth: AuthContext, user: repo.CredentialsRow, plain: string, wrongMessage: string): Promise<void> {
    const outcome = await this.deps.throttles[auth.area].attempt(`password:${user.id}`, () =>
      this.deps.passwords.verify(user.passwordHash, plain),
    );
    if (outcome.kind === 'refused') {
      this.deps.log.warn({ event: 'password_check_throttled', userId: user.id }, 'password check throttled');
      throw throttledError(outcome.retryAfterSec);
    }
    if (outcome.kind === 'wrong') {
      this.deps.log.warn({ event: 'password_check_failed', userId: user.id }, 'password check failed');
      throw new DomainError('VALIDATION', wrongMessage);
    }
  }

  private async rotate(tx: Tx, rawToken: string, siteId: string): Promise<RefreshOutcome> {
    const context = await repo.findRefreshContextForUpdate(tx, hashRefreshToken(rawToken));
    // Another site's refresh token is no token here, and using it there is no reuse (ADR 0074).
    if (context === null || context.siteId !== siteId) return { kind: 'invalid' };
    // A lock (own or an ancestor's) also ended the session: say why the refresh fails.
    if (context.blocked) return { kind: 'locked' };
    // An ended session says why (signed out, revoked after a reuse, password changed, …).
    if (context.sessionEndedReason !== null) return { kind: 'ended', reason: context.sessionEndedReason };
    if (context.revokedAt !== null || !context.sessionLive) return { kind: 'invalid' };
    if (context.expiresAt.getTime() <= context.dbNow.getTime()) return { kind: 'invalid' };
    if (context.area === 'player' && (await this.deps.maintenance.isMaintenance(siteId))) return { kind: 'maintenance' };
    // The idle timeout (ADR 0018): a refresh is checked but is no activity of its own.
    if (await this.deps.idle.isIdle(context.sessionId, context.area, context.lastSeenMs)) {
      await this.deps.idle.forget(context.sessionId);
      await this.endSession(tx, context.userId, context.sessionId, 'idle');
      await repo.revokeRefreshTokensOfSessions(tx, [context.sessionId]);
      return { kind: 'ended', reason: 'idle' };
    }

    const [currentKey] = this.deps.rotationKeys;
    if (currentKey === undefined) throw new Error('no refresh rotation key');
    if (context.usedAt === null) {
      const nextToken = deriveRotatedToken(currentKey, rawToken);
      const child = await repo.insertRefreshToken(tx, {
        sessionId: context.sessionId,
        familyId: context.familyId,
        parentId: context.id,
        tokenHash: hashRefreshToken(nextToken),
        expiresAt: context.expiresAt,
      });
      await repo.markRefreshTokenUsed(tx, context.id, child.id);
      return { kind: 'rotated', refreshToken: nextToken, issuedAt: child.createdAt, context };
    }

    const child = context.replacedBy === null ? null : await repo.findRefreshTokenById(tx, context.replacedBy);
    const withinGrace = context.dbNow.getTime() - context.usedAt.getTime() <= this.deps.config.auth.refreshGraceMs;
    if (withinGrace && child !== null && child.usedAt === null && child.revokedAt === null) {
      const nextToken = this.deps.rotationKeys.map((key) => deriveRotatedToken(key, rawToken)).find((token) => child.tokenHash === hashRefreshToken(token));
      if (nextToken !== undefined) return { kind: 'rotated', refreshToken: nextToken, issuedAt: child.createdAt, context };
    }

    // Reuse outside the grace window: someone holds a stolen copy. Revoke the whole family
    // and end the session, so neither holder can continue.
    this.deps.log.warn(
      { event: 'refresh_reuse', userId: context.userId, sessionId: context.sessionId },
      'refresh token reused: family revoked and session ended',
    );
    await repo.revokeRefreshFamily(tx, context.familyId);
    await this.endSession(tx, context.userId, context.sessionId, 'refresh_reuse');
    return { kind: 'reused' };
  }

  /** Ends one session (if still live) and, after commit, tells realtime to close its sockets. */
  private async endSession(tx: Tx, userId: string, sessionId: string, reason: SessionEndReason): Promise<void> {
    if (!(await repo.endSession(tx, sessionId, reason))) return;
    tx.afterCommit(() => this.deps.events.publish('session.ended', { userId, endedSessionIds: [sessionId], liveSessionId: null, reason }));
  }
}
