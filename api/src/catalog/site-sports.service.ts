/**
 * The sports of one site (ADR 0074 "Content per site"): a site switches sports off for its own
 * players, as it does casino tables (casino/site-casino.service.ts). The list lives on `sites`
 * (migration 0051), so every request reads it from the cached site directory; a change drops
 * every instance's cache. The platform-wide switch (save-sport-settings' `active`) stays as it
 * is: a site only narrows it. The catalog's reads hide such a sport from the site's player view
 * (catalog.service.ts); placement refuses a bet on its matches (403, `assertSportOffered`).
 */
import { SITE_CONTENT_MESSAGES, type SaveSiteSportsRequest, type SiteSportsSwitches } from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import type { Actor, RequestMeta } from '../plugins/request-context';
import { siteToManage } from '../sites/site-scope';
import type { SiteDirectory } from '../sites/sites.service';
import * as sitesRepo from '../sites/sites.repository';
import * as repo from './catalog.repository';

const EMPTY: ReadonlySet<number> = new Set();
/** The most matches whose sport placement remembers; past it the memory starts again. */
const SPORT_OF_MATCH_MAX = 20_000;

export class SiteSportsService {
  /** A match's sport never changes: remembered per instance, so a bet costs no query for it. */
  private readonly sportOfMatch = new Map<string, number | null>();

  constructor(private readonly deps: { db: Database; sites: SiteDirectory }) {}

  /** GET get-site-sports: the Super Admin any site's (default: its request's), an Admin its own. */
  async switches(actor: Actor, siteId: string | undefined): Promise<SiteSportsSwitches> {
    const site = await siteToManage(this.deps.sites, actor, siteId);
    return { siteId: site.id, sportsOff: site.sportsOff };
  }

  /** POST save-site-sports: replaces one site's list; known sport ids only; audited. */
  async save(actor: Actor, request: SaveSiteSportsRequest, meta: RequestMeta): Promise<SiteSportsSwitches> {
    const site = await siteToManage(this.deps.sites, actor, request.siteId);
    const sportsOff = [...new Set(request.sportsOff)].sort((a, b) => a - b);
    const known = new Set((await repo.listSports(this.deps.db, false)).map((sport) => sport.sportId));
    const unknown = sportsOff.find((id) => !known.has(id));
    if (unknown !== undefined) throw new DomainError('VALIDATION', `No sport ${unknown}`);
    await this.deps.db.transaction(async (tx) => {
      const before = await sitesRepo.lockSite(tx, site.id);
      if (before === null) throw new DomainError('NOT_FOUND', SITE_CONTENT_MESSAGES.noSuchSite);
      await sitesRepo.updateSportsOff(tx, site.id, sportsOff);
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: 'sites.sports_saved',
          target: `site:${site.id}`,
          before: { sportsOff: before.sportsOff },
          after: { sportsOff },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
      tx.afterCommit(() => this.deps.sites.changed());
    });
    return { siteId: site.id, sportsOff };
  }

  /** The sports a site switched off (for its player view). */
  async sportsOff(siteId: string): Promise<ReadonlySet<number>> {
    const site = await this.deps.sites.site(siteId);
    return site === null || site.sportsOff.length === 0 ? EMPTY : new Set(site.sportsOff);
  }

  /**
   * Refuses (403) a bet on a match of a sport the site switched off. A site with none switched
   * off costs nothing; otherwise a match's sport is read once per instance and remembered. An
   * unknown match passes (placement answers its own 404).
   */
  async assertSportOffered(siteId: string, matchId: string): Promise<void> {
    const off = await this.sportsOff(siteId);
    if (off.size === 0) return;
    let sportId = this.sportOfMatch.get(matchId);
    if (sportId === undefined) {
      sportId = (await repo.findEvent(this.deps.db, matchId))?.sportId ?? null;
      if (this.sportOfMatch.size >= SPORT_OF_MATCH_MAX) this.sportOfMatch.clear();
      if (sportId !== null) this.sportOfMatch.set(matchId, sportId);
    }
    if (sportId !== null && off.has(sportId)) throw new DomainError('FORBIDDEN', SITE_CONTENT_MESSAGES.sportOffHere);
  }
}
