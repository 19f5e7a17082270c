/**
 * The sports administration (admin and sadmin, docs/rules/product.md §6): import a feed match, show or hide a
 * match, switch markets and fancies on and off, suspend them, set their limits, and a sport's
 * defaults. Each change is one transaction with its audit row; after the commit a domain event
 * tells the realtime module what players must now see.
 */
import {
  MESSAGES,
  type Fancy,
  type Market,
  type MatchDetail,
  type SaveMatchRequest,
  type SportSettings,
  type UpdateFancyRequest,
  type UpdateMarketRequest,
  type UpdateMatchRequest,
} from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import { DomainError } from '../common/domain-error';
import type { Database, Tx } from '../db/database';
import type { DomainEvents } from '../common/domain-events';
import type { AuditContext } from '../plugins/request-context';
import * as repo from './catalog.repository';
import { applyLimitChanges } from './limits-rules';
import { limitsOf, toFancy, toMarket, toMatchDetail, type FancyRow, type LimitsRow, type MarketRow } from './market-view';
import * as markets from './markets.repository';

/** The admin-visible state of a market or fancy, as the audit log records it. */
function switchesOf(row: { active: boolean; adminSuspended: boolean } & LimitsRow) {
  return { active: row.active, suspended: row.adminSuspended, ...limitsOf(row) };
}

export class SportsAdminService {
  constructor(
    private readonly db: Database,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Imports a feed match (idempotent: a second save changes nothing). With syncData every market
   * and fancy of the match is switched on at once; without, they wait for an admin.
   */
  async saveMatch(request: SaveMatchRequest, context: AuditContext): Promise<MatchDetail> {
    const { eventId, sportId, competitionId } = request.data;
    return this.db.transaction(async (tx) => {
      const event = await repo.findEvent(tx, eventId, { lock: true });
      if (event === null) throw new DomainError('NOT_FOUND', MESSAGES.feedMatchNotFound);
      if (event.sportId !== sportId || event.competitionId !== competitionId) {
        throw new DomainError('VALIDATION', MESSAGES.feedMatchMismatch, { sportId: event.sportId, competitionId: event.competitionId });
      }
      const imported = await repo.markImported(tx, eventId, context.actorId);
      const activated = request.syncData ? await markets.activateAllOf(tx, eventId) : { marketIds: [], fancyIds: [] };
      if (imported || activated.marketIds.length + activated.fancyIds.length > 0) {
        await this.audit(tx, context, 'sports.match_saved', `event:${eventId}`, { imported: event.imported }, {
          imported: true,
          syncData: request.syncData,
          activatedMarkets: activated.marketIds,
          activatedFancies: activated.fancyIds,
        });
        const marketRows = await markets.marketsByIds(tx, activated.marketIds);
        const fancyRows = await markets.fanciesByIds(tx, activated.fancyIds);
        this.publishAfterCommit(tx, eventId, { markets: marketRows, fancies: fancyRows });
      }
      const saved = await repo.findEvent(tx, eventId);
      if (saved === null) throw new Error(`event ${eventId} vanished inside its transaction`);
      return toMatchDetail(saved);
    });
  }

  /** Shows or hides an imported match for players. */
  async updateMatch(request: UpdateMatchRequest, context: AuditContext): Promise<MatchDetail> {
    return this.db.transaction(async (tx) => {
      const event = await repo.findEvent(tx, request.matchId, { lock: true });
      if (event === null || !event.imported) throw new DomainError('NOT_FOUND', MESSAGES.matchNotFound);
      if (event.active !== request.active) {
        await repo.setMatchActive(tx, request.matchId, request.active);
        await this.audit(tx, context, 'sports.match_updated', `event:${request.matchId}`, { active: event.active }, { active: request.active });
        if (request.active) {
          const marketRows = await markets.marketsOfEvent(tx, request.matchId, true);
          const fancyRows = await markets.fanciesOfEvent(tx, request.matchId, { activeOnly: true, gtype: null, openOnly: false });
          this.publishAfterCommit(tx, request.matchId, { markets: marketRows, fancies: fancyRows, matchActive: true });
        } else {
          const ids = await markets.idsOfEvent(tx, request.matchId);
          this.publishAfterCommit(tx, request.matchId, { removedIds: [...ids.marketIds, ...ids.fancyIds], matchActive: false });
        }
      }
      return toMatchDetail({ ...event, active: request.active });
    });
  }

  /** Activation, suspension and limits of one market of an imported match. */
  async updateMarket(request: UpdateMarketRequest, context: AuditContext): Promise<Market> {
    return this.db.transaction(async (tx) => {
      const current = await markets.findMarket(tx, request.marketId, { lock: true });
      if (current === null || !(await this.isImported(tx, current.eventId))) throw new DomainError('NOT_FOUND', MESSAGES.marketNotFound);
      const updated = this.applySwitches(current, request);
      await markets.updateMarketSwitches(tx, current.id, updated);
      await this.audit(tx, context, 'sports.market_updated', `market:${current.id}`, switchesOf(current), switchesOf(updated));
      const row = await markets.findMarket(tx, current.id);
      if (row === null) throw new Error(`market ${current.id} vanished inside its transaction`);
      this.publishAfterCommit(tx, row.eventId, { markets: [row], removedIds: current.active && !row.active ? [row.id] : [] });
      return toMarket(row);
    });
  }

  /** Activation, suspension and limits of one fancy of an imported match. */
  async updateFancy(request: UpdateFancyRequest, context: AuditContext): Promise<Fancy> {
    return this.db.transaction(async (tx) => {
      const current = await markets.findFancy(tx, request.fancyId, { lock: true });
      if (current === null || !(await this.isImported(tx, current.eventId))) throw new DomainError('NOT_FOUND', MESSAGES.fancyNotFound);
      const updated = this.applySwitches(current, request);
      await markets.updateFancySwitches(tx, current.id, updated);
      await this.audit(tx, context, 'sports.fancy_updated', `fancy:${current.id}`, switchesOf(current), switchesOf(updated));
      const row = await markets.findFancy(tx, current.id);
      if (row === null) throw new Error(`fancy ${current.id} vanished inside its transaction`);
      this.publishAfterCommit(tx, row.eventId, { fancies: [row], removedIds: current.active && !row.active ? [row.id] : [] });
      return toFancy(row);
    });
  }

  /** A sport's switch and the default limits its new markets and fancies get. */
  async saveSportSettings(settings: SportSettings, context: AuditContext): Promise<SportSettings> {
    return this.db.transaction(async (tx) => {
      const sport = await repo.findSport(tx, settings.sportId, { lock: true });
      if (sport === null) throw new DomainError('NOT_FOUND', MESSAGES.sportNotFound);
      const result = applyLimitChanges(sport, settings);
      if (!result.ok) throw new DomainError('VALIDATION', result.message);
      const next = { ...sport, ...result.limits, active: settings.active };
      await repo.updateSport(tx, next, context.actorId);
      await this.audit(
        tx,
        context,
        'sports.settings_saved',
        `sport:${sport.sportId}`,
        { active: sport.active, ...limitsOf(sport) },
        { active: next.active, ...limitsOf(next) },
      );
      return { sportId: next.sportId, active: next.active, ...limitsOf(next) };
    });
  }

  private applySwitches(
    current: MarketRow | FancyRow,
    request: UpdateMarketRequest | UpdateFancyRequest,
  ): markets.AdminSwitches {
    const { active, suspended, minStake, maxStake, maxProfit, betDelaySec } = request;
    if ([active, suspended, minStake, maxStake, maxProfit, betDelaySec].every((v) => v === undefined)) {
      throw new DomainError('VALIDATION', MESSAGES.nothingToUpdate);
    }
    const limits = applyLimitChanges(current, {
      ...(minStake !== undefined ? { minStake } : {}),
      ...(maxStake !== undefined ? { maxStake } : {}),
      ...(maxProfit !== undefined ? { maxProfit } : {}),
      ...(betDelaySec !== undefined ? { betDelaySec } : {}),
    });
    if (!limits.ok) throw new DomainError('VALIDATION', limits.message);
    return { ...limits.limits, active: active ?? current.active, adminSuspended: suspended ?? current.adminSuspended };
  }

  private async isImported(tx: Tx, eventId: string): Promise<boolean> {
    return (await repo.findEvent(tx, eventId))?.imported === true;
  }

  private audit(tx: Tx, context: AuditContext, action: string, target: string, before: unknown, after: unknown): Promise<void> {
    return insertAuditRecords(tx, [{ actorId: context.actorId, action, target, before, after, ip: context.ip, requestId: context.requestId }]);
  }

  private publishAfterCommit(
    tx: Tx,
    matchId: string,
    change: { markets?: MarketRow[]; fancies?: FancyRow[]; removedIds?: string[]; matchActive?: boolean },
  ): void {
    tx.afterCommit(() =>
      this.events.publish('catalog.matchChanged', {
        matchId,
        markets: change.markets ?? [],
        fancies: change.fancies ?? [],
        score: null,
        removedIds: change.removedIds ?? [],
        ...(change.matchActive !== undefined ? { matchActive: change.matchActive } : {}),
      }),
    );
  }
}
