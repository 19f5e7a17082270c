/**
 * The player's own responsible-gambling settings (ADR 0019) and the agents' read-only view of
 * their downline's. Every write locks the player's wallet row first (the row every money path
 * locks), reads the database clock (the clock rg_refusal uses), writes, refreshes the wallet's
 * rg_active flag and audits, in one transaction. No route lifts an exclusion or lets anyone but
 * the player change its own settings.
 */
import {
  MESSAGES,
  RG_LIMIT_TYPES,
  type DownlineRgQuery,
  type DownlineRgRow,
  type RealityCheckView,
  type ResponsibleGamblingView,
  type RgLimitType,
} from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import { DomainError } from '../common/domain-error';
import { paiseToRupees, rupeesToPaise } from '../common/money';
import type { Database, Queryable } from '../db/database';
import type { AuthContext } from '../plugins/auth';
import * as repo from './responsible-gambling.repository';
import { exclusionEnd, limitView, NO_LIMIT, planLimitChange, type StoredLimit } from './rg-rules';

/** The request's origin, for the audit row. */
export interface RgMeta {
  ip: string | null;
  requestId: string | null;
}

/** At most this many players in one answer of the agents' view. */
export const DOWNLINE_RG_ROWS_MAX = 100;

function playerOnly(auth: AuthContext): string {
  if (auth.role !== 'user') throw new DomainError('FORBIDDEN', MESSAGES.rgPlayersOnly);
  return auth.userId;
}

export class ResponsibleGamblingService {
  constructor(private readonly db: Database) {}

  /** GET responsible-gambling: the caller's own settings. */
  async own(auth: AuthContext): Promise<ResponsibleGamblingView> {
    const userId = playerOnly(auth);
    const views = await this.viewsOf(this.db, [userId]);
    return views.get(userId) as ResponsibleGamblingView;
  }

  /** POST rg-set-limit: tighter at once, looser after 24 hours (planLimitChange). */
  async setLimit(auth: AuthContext, type: RgLimitType, amountRupees: number | null, meta: RgMeta): Promise<{ view: ResponsibleGamblingView; message: string }> {
    const userId = playerOnly(auth);
    const requested = amountRupees === null ? null : rupeesToPaise(amountRupees);
    return this.db.transaction(async (tx) => {
      const now = await repo.lockWalletAndNow(tx, userId);
      const current: StoredLimit = (await repo.limitsOf(tx, [userId])).get(userId)?.find((l) => l.type === type) ?? NO_LIMIT;
      const change = planLimitChange(current, requested, now.getTime());
      if (change.applies !== 'unchanged') {
        await repo.saveLimit(tx, userId, type, change.stored);
        await repo.refreshFlag(tx, userId);
        await insertAuditRecords(tx, [
          {
            actorId: userId,
            action: 'rg.limit_set',
            target: `user:${userId}`,
            before: { type, ...storedJson(current) },
            after: { type, ...storedJson(change.stored) },
            ...meta,
          },
        ]);
      }
      const message = { now: MESSAGES.rgLimitSaved, later: MESSAGES.rgLimitPending, unchanged: MESSAGES.rgLimitUnchanged }[change.applies];
      return { view: (await this.viewsOf(tx, [userId])).get(userId) as ResponsibleGamblingView, message };
    });
  }

  /** POST rg-reality-check: the reminder's interval (null: off); applies at once. */
  async setRealityCheck(auth: AuthContext, minutes: number | null, meta: RgMeta): Promise<ResponsibleGamblingView> {
    const userId = playerOnly(auth);
    return this.db.transaction(async (tx) => {
      await repo.saveRealityCheck(tx, userId, minutes);
      await insertAuditRecords(tx, [
        { actorId: userId, action: 'rg.reality_check_set', target: `user:${userId}`, before: null, after: { minutes }, ...meta },
      ]);
      return (await this.viewsOf(tx, [userId])).get(userId) as ResponsibleGamblingView;
    });
  }

  /** POST rg-time-out / rg-self-exclude: starts now, ends after `length` days / months; never lifted. */
  async exclude(
    auth: AuthContext,
    kind: 'time_out' | 'self_exclusion',
    length: number,
    confirmed: boolean,
    meta: RgMeta,
  ): Promise<ResponsibleGamblingView> {
    const userId = playerOnly(auth);
    if (!confirmed) throw new DomainError('VALIDATION', MESSAGES.rgConfirmRequired);
    return this.db.transaction(async (tx) => {
      const now = await repo.lockWalletAndNow(tx, userId);
      const exclusion = { kind, startsAt: now, endsAt: exclusionEnd(kind, length, now.getTime()) };
      await repo.insertExclusion(tx, userId, exclusion);
      await repo.refreshFlag(tx, userId);
      await insertAuditRecords(tx, [
        {
          actorId: userId,
          action: kind === 'time_out' ? 'rg.time_out' : 'rg.self_exclusion',
          target: `user:${userId}`,
          before: null,
          after: { startsAt: exclusion.startsAt.toISOString(), endsAt: exclusion.endsAt.toISOString() },
          ...meta,
        },
      ]);
      return (await this.viewsOf(tx, [userId])).get(userId) as ResponsibleGamblingView;
    });
  }

  /** GET reality-check: the session's start, the interval, and the net result of play settled since. */
  async realityCheck(auth: AuthContext): Promise<RealityCheckView> {
    const userId = playerOnly(auth);
    const [session, minutes] = await Promise.all([
      repo.sessionResult(this.db, userId, auth.sessionId),
      repo.realityCheckOf(this.db, [userId]),
    ]);
    if (session === null) throw new DomainError('NOT_FOUND', MESSAGES.notFound);
    return {
      intervalMinutes: minutes.get(userId) ?? null,
      sessionStartedAt: session.startedAt.toISOString(),
      netPnl: paiseToRupees(session.netMinor),
    };
  }

  /**
   * GET downline-responsible-gambling: read-only, the players below the caller with any setting
   * (a username: that player only, if below; another branch's player gives no row).
   */
  async downline(auth: AuthContext, query: DownlineRgQuery): Promise<DownlineRgRow[]> {
    if (auth.role === 'user') throw new DomainError('FORBIDDEN', MESSAGES.agentsOnly);
    const username = query.username === undefined || query.username.trim() === '' ? null : query.username.trim();
    const players = await repo.downlinePlayersWithSettings(this.db, auth.userId, username, DOWNLINE_RG_ROWS_MAX, auth.siteId);
    const views = await this.viewsOf(this.db, players.map((p) => p.userId));
    return players.map((p) => ({ userId: p.userId, username: p.username, ...(views.get(p.userId) as ResponsibleGamblingView) }));
  }

  /** The settings of each user as of the database's now (pending changes whose time came are in force). */
  private async viewsOf(q: Queryable, userIds: readonly string[]): Promise<Map<string, ResponsibleGamblingView>> {
    if (userIds.length === 0) return new Map();
    // One after the other: `q` may be a transaction (one connection).
    const now = await repo.databaseNow(q);
    const limits = await repo.limitsOf(q, userIds);
    const reality = await repo.realityCheckOf(q, userIds);
    const exclusions = await repo.exclusionsInForce(q, userIds);
    const out = new Map<string, ResponsibleGamblingView>();
    for (const userId of userIds) {
      const stored = limits.get(userId) ?? [];
      const exclusion = exclusions.get(userId);
      out.set(userId, {
        limits: RG_LIMIT_TYPES.map((type) => limitView(type, stored.find((l) => l.type === type) ?? NO_LIMIT, now.getTime())),
        realityCheckMinutes: reality.get(userId) ?? null,
        exclusion:
          exclusion === undefined
            ? null
            : { kind: exclusion.kind, startsAt: exclusion.startsAt.toISOString(), endsAt: exclusion.endsAt.toISOString() },
      });
    }
    return out;
  }
}

function storedJson(s: StoredLimit): Record<string, string | null> {
  return {
    amountMinor: s.amountMinor?.toString() ?? null,
    pendingMinor: s.pendingMinor?.toString() ?? null,
    pendingFrom: s.pendingFrom?.toISOString() ?? null,
  };
}
