/**
 * An agent managing its downline: create an account one tier below itself, edit one, lock or
 * bet-lock one (a lock covers the whole subtree; a market bet-lock only one market), reset a password. Every change is audited
 * in its own transaction (before/after); session ends are published after commit.
 *
 * Partnership changes follow one locking protocol, top-down: lock the parent row, then the
 * row itself, then read the children. Adding a child locks the parent (the caller) first. So a
 * share can never slip below a child's or above a parent's between the check and the write.
 */
import {
  MESSAGES,
  type AddUserRequest,
  type ChangeChildPasswordRequest,
  type ClientRow,
  type LockRequest,
  type MarketBetLockRequest,
  type UpdateUserRequest,
} from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import type { RequestMeta } from '../plugins/request-context';
import { checkLoginPassword } from '../auth/password-rules';
import type { PasswordHasher } from '../auth/passwords';
import { endSessionsOfSubtree, endSessionsOfUser } from '../auth/session-ends';
import type { TransactionPasswords } from '../auth/transaction-password';
import { DomainError } from '../common/domain-error';
import type { Database, Queryable } from '../db/database';
import type { DomainEvents } from '../common/domain-events';
import { checkAccountFields, checkShareBounds, checkUsername, type AccountFields } from './account-rules';
import type { Actor } from '../plugins/request-context';
import type { UsersPolicy } from './policy';
import * as repo from './users.repository';
import type { UsersService } from './users.service';

/** A new account's request without the transaction password (checked by whoever asks). */
export type NewChild = Omit<AddUserRequest, 'transactionPassword'>;

/** A new child checked and hashed, ready to insert (prepareChild). */
export interface PreparedChild {
  body: NewChild;
  fields: AccountFields;
  passwordHash: string;
}

export interface AccountAdminDeps {
  db: Database;
  policy: UsersPolicy;
  users: UsersService;
  passwords: PasswordHasher;
  transactionPasswords: TransactionPasswords;
  events: DomainEvents;
}

/** Audit form of the stored fields (bigint paise as strings: JSON has no bigint). */
function auditFields(fields: AccountFields | repo.ClientRecord): Record<string, unknown> {
  return {
    displayName: fields.displayName,
    phone: fields.phone,
    partnershipShareBps: fields.partnershipShareBps,
    creditReferenceMinor: fields.creditReferenceMinor.toString(),
    commissionBps: fields.commissionBps,
    exposureLimitMinor: fields.exposureLimitMinor?.toString() ?? null,
  };
}

function validation(message: string | null): void {
  if (message !== null) throw new DomainError('VALIDATION', message);
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === constraint;
}

export class AccountAdminService {
  constructor(private readonly deps: AccountAdminDeps) {}

  /** POST add-user: a new account one tier below the caller, which must change its password first. */
  async addUser(actor: Actor, body: AddUserRequest, meta: RequestMeta): Promise<ClientRow> {
    const fields = this.checkChild(actor, body);
    await this.deps.transactionPasswords.verify(actor.userId, body.transactionPassword);
    const child: PreparedChild = { body, fields, passwordHash: await this.deps.passwords.hash(body.password) };
    const created = await this.deps.db.transaction((tx) => this.insertChild(tx, actor, child, meta));
    return this.deps.users.clientRow(created.id);
  }

  /**
   * A new child of the caller checked and its password hashed, for another domain to insert in
   * its own transaction (the sites domain: a new site's Admin, ADR 0074). The same rules as
   * add-user; the caller has checked the transaction password.
   */
  async prepareChild(actor: Actor, body: NewChild): Promise<PreparedChild> {
    const fields = this.checkChild(actor, body);
    return { body, fields, passwordHash: await this.deps.passwords.hash(body.password) };
  }

  /**
   * Inserts a prepared child under the caller in `tx`, with its audit row: the caller's row is
   * locked first and the share kept within its own. `siteId`: the site of an Admin the root
   * creates (below an Admin the site is always the parent's, the users_site trigger).
   */
  async insertChild(tx: Queryable, actor: Actor, child: PreparedChild, meta: RequestMeta, siteId?: string): Promise<repo.UserRow> {
    const { body, fields, passwordHash } = child;
    const parent = await repo.findUserById(tx, actor.userId, { lock: true });
    if (parent === null) throw new DomainError('SESSION_ENDED', MESSAGES.sessionEnded);
    validation(
      checkShareBounds(fields.partnershipShareBps, {
        parentShareBps: parent.partnershipShareBps,
        parentLabel: 'your own',
        maxChildShareBps: null,
      }),
    );
    const created = await repo
      .insertUser(tx, {
        username: body.username,
        displayName: fields.displayName,
        phone: fields.phone,
        role: body.role,
        parentId: actor.userId,
        passwordHash,
        txnPasswordHash: null,
        mustChangePassword: true,
        createdBy: actor.userId,
        partnershipShareBps: fields.partnershipShareBps,
        creditReferenceMinor: fields.creditReferenceMinor,
        commissionBps: fields.commissionBps,
        exposureLimitMinor: fields.exposureLimitMinor,
        ...(siteId !== undefined ? { siteId } : {}),
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'users_site_username_key')) throw new DomainError('CONFLICT', MESSAGES.usernameTaken);
        throw error;
      });
    await insertAuditRecords(tx, [
      {
        actorId: actor.userId,
        action: 'users.create',
        target: `user:${created.id}`,
        before: null,
        after: { username: created.username, role: created.role, ...auditFields(fields), ...(siteId !== undefined ? { siteId } : {}) },
        ip: meta.ip,
        requestId: meta.requestId,
      },
    ]);
    return created;
  }

  /** The checks of a new child before anything is written: the role, username, fields and password. */
  private checkChild(actor: Actor, body: NewChild): AccountFields {
    this.deps.policy.authorizeCreate(actor, body.role);
    validation(checkUsername(body.username));
    const checked = checkAccountFields(body, body.role);
    if (!checked.ok) throw new DomainError('VALIDATION', checked.message);
    validation(checkLoginPassword(body.password, { username: body.username }));
    return checked.value;
  }

  /** POST update-user: the editable fields of a downline account, within its partnership bounds. */
  async updateUser(actor: Actor, body: UpdateUserRequest, meta: RequestMeta): Promise<ClientRow> {
    const target = await this.deps.policy.authorize(actor, 'updateUser', body.username);
    const checked = checkAccountFields(body, target.role);
    if (!checked.ok) throw new DomainError('VALIDATION', checked.message);
    await this.deps.transactionPasswords.verify(actor.userId, body.transactionPassword);
    const fields = checked.value;

    await this.deps.db.transaction(async (tx) => {
      const parent = target.parentId === null ? null : await repo.findUserById(tx, target.parentId, { lock: true });
      await repo.findUserById(tx, target.id, { lock: true });
      const before = await repo.findClientRecord(tx, target.id);
      if (before === null) throw new DomainError('NOT_FOUND', MESSAGES.notInDownline);
      validation(
        checkShareBounds(fields.partnershipShareBps, {
          parentShareBps: parent?.partnershipShareBps ?? null,
          parentLabel: "the parent's",
          maxChildShareBps: await repo.maxChildShareBps(tx, target.id),
        }),
      );
      await repo.updateAccountFields(tx, target.id, fields);
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: 'users.update',
          target: `user:${target.id}`,
          before: auditFields(before),
          after: auditFields(fields),
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
    });
    return this.deps.users.clientRow(target.id);
  }

  /**
   * POST users-lock: lock or unlock a downline account, confirmed with the caller's transaction
   * password. A lock ends the live sessions of the account and of its whole downline at once;
   * the per-request check refuses them from then on. The lock records its setter: only the
   * setter or an agent above it may lift it (policy decideLift), and locking an account that is
   * already locked makes the caller the setter only when it could lift the lock itself.
   */
  async setLock(actor: Actor, body: LockRequest, meta: RequestMeta): Promise<ClientRow> {
    const { policy } = this.deps;
    const target = await policy.authorize(actor, 'lockUser', body.username);
    await this.deps.transactionPasswords.verify(actor.userId, body.transactionPassword);
    await this.deps.db.transaction(async (tx) => {
      const current = await repo.findUserById(tx, target.id, { lock: true });
      if (current === null) throw new DomainError('NOT_FOUND', MESSAGES.notInDownline);
      if (current.status === 'closed') throw new DomainError('CONFLICT', MESSAGES.accountClosed);
      const wasLocked = current.status === 'locked';
      let lockedBy: string | null = null;
      if (body.lock) {
        lockedBy = wasLocked && !(await policy.liftDecision(actor, current, current.lockedBy, tx)).allow ? current.lockedBy : actor.userId;
      } else if (wasLocked) {
        await policy.authorizeLift(actor, current, current.lockedBy, tx);
      }
      const status = body.lock ? 'locked' : 'active';
      if (current.status !== status || current.lockedBy !== lockedBy) await repo.updateStatus(tx, target.id, status, lockedBy);
      const endedSessions = body.lock ? await endSessionsOfSubtree(tx, this.deps.events, target.id, 'locked') : 0;
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: body.lock ? 'users.lock' : 'users.unlock',
          target: `user:${target.id}`,
          before: { status: current.status, lockedBy: current.lockedBy },
          after: { status, lockedBy, endedSessions },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
    });
    return this.deps.users.clientRow(target.id);
  }

  /**
   * POST bet-lock: the account (and its downline) may sign in but not bet while locked.
   * Confirmed with the transaction password; the setter rule is the same as users-lock's.
   */
  async setBetLock(actor: Actor, body: LockRequest, meta: RequestMeta): Promise<ClientRow> {
    const { policy } = this.deps;
    const target = await policy.authorize(actor, 'betLockUser', body.username);
    await this.deps.transactionPasswords.verify(actor.userId, body.transactionPassword);
    await this.deps.db.transaction(async (tx) => {
      const current = await repo.findUserById(tx, target.id, { lock: true });
      if (current === null) throw new DomainError('NOT_FOUND', MESSAGES.notInDownline);
      let betLockedBy: string | null = null;
      if (body.lock) {
        betLockedBy =
          current.betLock && !(await policy.liftDecision(actor, current, current.betLockedBy, tx)).allow ? current.betLockedBy : actor.userId;
      } else if (current.betLock) {
        await policy.authorizeLift(actor, current, current.betLockedBy, tx);
      }
      if (current.betLock !== body.lock || current.betLockedBy !== betLockedBy) {
        await repo.updateBetLock(tx, target.id, body.lock, betLockedBy);
      }
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: body.lock ? 'users.bet_lock' : 'users.bet_unlock',
          target: `user:${target.id}`,
          before: { betLock: current.betLock, betLockedBy: current.betLockedBy },
          after: { betLock: body.lock, betLockedBy },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
    });
    return this.deps.users.clientRow(target.id);
  }

  /**
   * POST bet-lock with a marketId: no account at or below `username` may bet on that market (or
   * fancy) while the lock row exists (place_runner_bet / place_fancy_bet_checked check it for the user and every
   * ancestor). Only an ancestor may set it, like the user bet-lock, with the transaction
   * password; the row's locked_by is its setter, and only the setter or an agent above it lifts it.
   */
  async setMarketBetLock(actor: Actor, body: MarketBetLockRequest, meta: RequestMeta): Promise<void> {
    const { policy } = this.deps;
    const target = await policy.authorize(actor, 'betLockUser', body.username);
    if (!(await repo.marketOrFancyExists(this.deps.db, body.marketId))) throw new DomainError('NOT_FOUND', MESSAGES.marketNotFound);
    await this.deps.transactionPasswords.verify(actor.userId, body.transactionPassword);
    await this.deps.db.transaction(async (tx) => {
      let before: { locked: boolean; lockedBy: string | null };
      let lockedBy: string | null = null;
      if (body.lock) {
        const claimed = await repo.claimMarketBetLock(tx, target.id, body.marketId, actor.userId);
        before = claimed.created ? { locked: false, lockedBy: null } : { locked: true, lockedBy: claimed.lockedBy };
        lockedBy = claimed.lockedBy;
        if (lockedBy !== actor.userId && (await policy.liftDecision(actor, target, lockedBy, tx)).allow) {
          await repo.updateMarketBetLockSetter(tx, target.id, body.marketId, actor.userId);
          lockedBy = actor.userId;
        }
      } else {
        const existing = await repo.findMarketBetLock(tx, target.id, body.marketId);
        before = { locked: existing !== null, lockedBy: existing?.lockedBy ?? null };
        if (existing !== null) {
          await policy.authorizeLift(actor, target, existing.lockedBy, tx);
          await repo.deleteMarketBetLock(tx, target.id, body.marketId);
        }
      }
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: body.lock ? 'users.market_bet_lock' : 'users.market_bet_unlock',
          target: `user:${target.id}`,
          before: { marketId: body.marketId, ...before },
          after: { marketId: body.marketId, locked: body.lock, lockedBy },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
    });
  }

  /**
   * POST change-child-password: an agent sets a new login password for a downline account,
   * which must change it at its next sign-in; the account's live sessions end at once.
   */
  async changeChildPassword(actor: Actor, body: ChangeChildPasswordRequest, meta: RequestMeta): Promise<void> {
    const target = await this.deps.policy.authorize(actor, 'changeChildPassword', body.username);
    validation(checkLoginPassword(body.newPassword, { username: target.username }));
    await this.deps.transactionPasswords.verify(actor.userId, body.transactionPassword);
    // Not the password it replaces (checked after the transaction password: only an agent who
    // may reset the password anyway learns whether a guess is the current one).
    if (await this.deps.passwords.verify(target.passwordHash, body.newPassword)) {
      throw new DomainError('VALIDATION', MESSAGES.passwordSameAsOld);
    }
    const passwordHash = await this.deps.passwords.hash(body.newPassword);
    await this.deps.db.transaction(async (tx) => {
      await repo.resetPassword(tx, target.id, passwordHash);
      const endedSessions = await endSessionsOfUser(tx, this.deps.events, target.id, 'password_reset');
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: 'users.password_reset',
          target: `user:${target.id}`,
          before: null,
          after: { mustChangePassword: true, endedSessions },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
    });
  }
}
