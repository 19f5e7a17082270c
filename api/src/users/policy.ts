/**
 * Authorization of the hierarchy: the ONE place that decides whether an actor may act on an
 * account. It always reads the hierarchy from the database (never from a token), so a move or
 * a lock applies on the very next request (docs/rules/test-plan.md T9).
 *
 * Each action has a rule: agents only or everyone, whether the actor's own account is a valid
 * target, and how far down the target may be (any depth, or a direct child). A target outside
 * the actor's downline and a target that does not exist get the same 404, so the answer is no
 * oracle of who exists elsewhere (ASVS 6.3.8 style); a visible target the rule excludes gets 403.
 */
import { childRoleOf, MESSAGES, ROLE_LABELS, type Role } from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import type { Database, Queryable } from '../db/database';
import type { Actor } from '../plugins/request-context';
import { findUserById, findUserByUsername, hasAncestor, type UserRow } from './users.repository';

/** Every action on an account that a route offers. */
export type UserAction =
  | 'listClients'
  | 'viewUser'
  | 'updateUser'
  | 'depositChips'
  | 'withdrawChips'
  | 'lockUser'
  | 'betLockUser'
  | 'changeChildPassword'
  | 'viewStatement'
  | 'viewPayments'
  | 'decidePayment'
  | 'viewBets'
  | 'viewBooks'
  | 'viewMarketAnalysis'
  | 'requestPayment';

export interface ActionRule {
  /** Players (role user) may not do it at all. */
  agentsOnly: boolean;
  /** The actor's own account is a valid target. */
  self: boolean;
  /** 'downline': any account below the actor; 'child': only its direct children. */
  scope: 'downline' | 'child';
}

/** The rule of each action. Self is allowed only where it makes sense: reading one's own list or statement. */
export const ACTION_RULES: Readonly<Record<UserAction, ActionRule>> = {
  listClients: { agentsOnly: true, self: true, scope: 'downline' },
  viewUser: { agentsOnly: true, self: true, scope: 'downline' },
  updateUser: { agentsOnly: true, self: false, scope: 'downline' },
  depositChips: { agentsOnly: true, self: false, scope: 'child' },
  withdrawChips: { agentsOnly: true, self: false, scope: 'child' },
  lockUser: { agentsOnly: true, self: false, scope: 'downline' },
  betLockUser: { agentsOnly: true, self: false, scope: 'downline' },
  changeChildPassword: { agentsOnly: true, self: false, scope: 'downline' },
  viewStatement: { agentsOnly: false, self: true, scope: 'downline' },
  // Payment requests and their screenshots: the owner and any account above it.
  viewPayments: { agentsOnly: false, self: true, scope: 'downline' },
  // Approving or rejecting a deposit/withdraw request: any agent above the owner, never the owner.
  decidePayment: { agentsOnly: true, self: false, scope: 'downline' },
  // Bet history of one account: the owner and any account above it.
  viewBets: { agentsOnly: false, self: true, scope: 'downline' },
  // The book per direct child of an account (get-child-user-list): agents, own account or below.
  viewBooks: { agentsOnly: true, self: true, scope: 'downline' },
  // Market analysis: the open positions below the agent (no named target).
  viewMarketAnalysis: { agentsOnly: true, self: true, scope: 'downline' },
  // A deposit or withdraw request of one's own: anyone with an upline to decide it.
  requestPayment: { agentsOnly: false, self: true, scope: 'downline' },
};

/** Whether the role has a downline (every role but the player). */
export function isAgent(role: Role): boolean {
  return childRoleOf(role) !== null;
}

/** The parts of a target the decision reads. */
export interface TargetPosition {
  id: string;
  parentId: string | null;
  /** Root first, as stored. */
  ancestors: readonly string[];
}

export type Decision = { allow: true } | { allow: false; code: 'FORBIDDEN' | 'NOT_FOUND'; message: string };

const deny = (code: 'FORBIDDEN' | 'NOT_FOUND', message: string): Decision => ({ allow: false, code, message });

/** The decision for one action, actor and target (null: no such account). Pure. */
export function decide(action: UserAction, actor: Actor, target: TargetPosition | null): Decision {
  const rule = ACTION_RULES[action];
  if (rule.agentsOnly && !isAgent(actor.role)) return deny('FORBIDDEN', MESSAGES.agentsOnly);
  // Only the top admin has no upline: nobody could ever decide its request.
  if (action === 'requestPayment' && actor.role === 'admin') return deny('FORBIDDEN', MESSAGES.noUplineForPayments);
  if (target === null) return deny('NOT_FOUND', MESSAGES.notInDownline);
  if (target.id === actor.userId) return rule.self ? { allow: true } : deny('FORBIDDEN', MESSAGES.notOwnAccount);
  if (!target.ancestors.includes(actor.userId)) return deny('NOT_FOUND', MESSAGES.notInDownline);
  if (rule.scope === 'child' && target.parentId !== actor.userId) return deny('FORBIDDEN', MESSAGES.directChildOnly);
  return { allow: true };
}

/** The account that set a lock, as the lift decision reads it. */
export interface LockSetter {
  id: string;
  /** Root first, as stored. */
  ancestors: readonly string[];
}

/**
 * May `actor` lift a lock on `target` that `setter` set (account lock, bet lock or a per-market
 * bet lock)? Only when the actor set it itself or the setter is below the actor: a lock set by
 * an ancestor is out of its reach. A lock with no recorded setter (written outside the API)
 * counts as set by the top of the target's chain. The target itself must already be allowed
 * (decide with lockUser / betLockUser). Pure.
 */
export function decideLift(actor: Actor, target: TargetPosition, setter: LockSetter | null): Decision {
  if (setter === null) return target.ancestors[0] === actor.userId ? { allow: true } : deny('FORBIDDEN', MESSAGES.lockSetAbove);
  if (setter.id === actor.userId || setter.ancestors.includes(actor.userId)) return { allow: true };
  return deny('FORBIDDEN', MESSAGES.lockSetAbove);
}

/** The decision for creating an account of `role`: only the actor's child role. Pure. */
export function decideCreate(actor: Actor, role: Role): Decision {
  const childRole = childRoleOf(actor.role);
  if (childRole === null) return deny('FORBIDDEN', MESSAGES.agentsOnly);
  if (role !== childRole) return deny('FORBIDDEN', `You can create only ${ROLE_LABELS[childRole]} accounts`);
  return { allow: true };
}

export class UsersPolicy {
  constructor(private readonly db: Database) {}

  /**
   * The target of `action` by `actor`, or a DomainError (403/404). `username` undefined means
   * the actor's own account (list-clients and account-statement default to it).
   */
  async authorize(actor: Actor, action: UserAction, username: string | undefined, q: Queryable = this.db): Promise<UserRow> {
    const target = username === undefined ? await findUserById(q, actor.userId) : await findUserByUsername(q, username, actor.siteId);
    const decision = decide(action, actor, target);
    if (!decision.allow) throw new DomainError(decision.code, decision.message);
    if (target === null) throw new DomainError('NOT_FOUND', MESSAGES.notInDownline);
    return target;
  }

  /**
   * The same decision for a target known by id (e.g. the owner of a payment request); null or
   * an unknown id is "no such account". `notFoundMessage` replaces the 404 text, so a caller
   * can say what it looked up ("No such payment request") without telling whether it exists.
   */
  async authorizeUserId(
    actor: Actor,
    action: UserAction,
    targetId: string | null,
    options: { notFoundMessage?: string; q?: Queryable } = {},
  ): Promise<UserRow> {
    const target = targetId === null ? null : await findUserById(options.q ?? this.db, targetId);
    const decision = decide(action, actor, target);
    if (!decision.allow) {
      const message = decision.code === 'NOT_FOUND' ? (options.notFoundMessage ?? decision.message) : decision.message;
      throw new DomainError(decision.code, message);
    }
    if (target === null) throw new DomainError('NOT_FOUND', options.notFoundMessage ?? MESSAGES.notInDownline);
    return target;
  }

  /** Throws unless `actor` may do `action` on its own account; reads nothing (no target to look up). */
  authorizeOwn(actor: Actor, action: UserAction): void {
    const decision = decide(action, actor, { id: actor.userId, parentId: null, ancestors: [] });
    if (!decision.allow) throw new DomainError(decision.code, decision.message);
  }

  /**
   * The lift decision for a lock on `target` set by `setterId` (null: unknown), reading the
   * setter's position from the database. Locking an account that is already locked takes the
   * lock over only when this allows it (the higher agent becomes the owner; a lower one cannot
   * take an ancestor's lock away), so the same answer serves both.
   */
  async liftDecision(actor: Actor, target: TargetPosition, setterId: string | null, q: Queryable = this.db): Promise<Decision> {
    const setter = setterId === null ? null : await findUserById(q, setterId);
    return decideLift(actor, target, setter);
  }

  /** Throws 403 unless `actor` may lift the lock on `target` that `setterId` set. */
  async authorizeLift(actor: Actor, target: TargetPosition, setterId: string | null, q: Queryable = this.db): Promise<void> {
    const decision = await this.liftDecision(actor, target, setterId, q);
    if (!decision.allow) throw new DomainError(decision.code, decision.message);
  }

  /** Throws unless `actor` may create an account of `role`. */
  authorizeCreate(actor: Actor, role: Role): void {
    const decision = decideCreate(actor, role);
    if (!decision.allow) throw new DomainError(decision.code, decision.message);
  }

  /**
   * True when `targetId` is below `actorId` in the hierarchy (a child, grandchild, …). A user
   * is not in its own downline.
   */
  isInDownline(actorId: string, targetId: string, q: Queryable = this.db): Promise<boolean> {
    if (actorId === targetId) return Promise.resolve(false);
    return hasAncestor(q, targetId, actorId);
  }
}
