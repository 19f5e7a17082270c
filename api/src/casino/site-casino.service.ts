/**
 * The casino of one site (ADR 0074 "Content per site"): a site switches off live casino tables
 * and international casino providers for its own players. Its lists hide them and a bet on such
 * a table, or a launch of such a provider's game, from its player is refused (403). The
 * platform-wide switches (disable-casino-games, a provider's `enabled`) stay as they are; this
 * only narrows them per site. The lists live on `sites` (migration 0050), so every request reads
 * them from the cached site directory; a change drops every instance's cache.
 */
import { SITE_CONTENT_MESSAGES, type SaveSiteCasinoRequest, type SiteCasinoSwitches } from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import type { Actor, RequestMeta } from '../plugins/request-context';
import { siteToManage } from '../sites/site-scope';
import type { SiteDirectory } from '../sites/sites.service';
import * as sitesRepo from '../sites/sites.repository';
import { LIVE_TABLES } from './tables';

const EMPTY: ReadonlySet<string> = new Set();

export class SiteCasinoService {
  constructor(
    private readonly deps: {
      db: Database;
      sites: SiteDirectory;
      /** The international casino's provider ids (the registry). */
      providerIds: () => Promise<string[]>;
    },
  ) {}

  /** GET get-site-casino: the Super Admin any site's (default: its request's), an Admin its own. */
  async switches(actor: Actor, siteId: string | undefined): Promise<SiteCasinoSwitches> {
    const site = await siteToManage(this.deps.sites, actor, siteId);
    return { siteId: site.id, tablesOff: site.casinoTablesOff, providersOff: site.casinoProvidersOff };
  }

  /** POST save-site-casino: replaces both lists of one site; known ids only; audited. */
  async save(actor: Actor, request: SaveSiteCasinoRequest, meta: RequestMeta): Promise<SiteCasinoSwitches> {
    const site = await siteToManage(this.deps.sites, actor, request.siteId);
    const tablesOff = [...new Set(request.tablesOff)].sort();
    const providersOff = [...new Set(request.providersOff)].sort();
    const tables = new Set(LIVE_TABLES.map((table) => table.matchId));
    const unknownTable = tablesOff.find((id) => !tables.has(id));
    if (unknownTable !== undefined) throw new DomainError('VALIDATION', `No live casino table ${unknownTable}`);
    const providers = new Set(await this.deps.providerIds());
    const unknownProvider = providersOff.find((id) => !providers.has(id));
    if (unknownProvider !== undefined) throw new DomainError('VALIDATION', `No casino provider ${unknownProvider}`);
    await this.deps.db.transaction(async (tx) => {
      const before = await sitesRepo.lockSite(tx, site.id);
      if (before === null) throw new DomainError('NOT_FOUND', SITE_CONTENT_MESSAGES.noSuchSite);
      await sitesRepo.updateCasinoSwitches(tx, site.id, tablesOff, providersOff);
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: 'sites.casino_saved',
          target: `site:${site.id}`,
          before: { tablesOff: before.casinoTablesOff, providersOff: before.casinoProvidersOff },
          after: { tablesOff, providersOff },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
      tx.afterCommit(() => this.deps.sites.changed());
    });
    return { siteId: site.id, tablesOff, providersOff };
  }

  /** The live tables a site switched off (for its lists). */
  async tablesOff(siteId: string): Promise<ReadonlySet<string>> {
    const site = await this.deps.sites.site(siteId);
    return site === null || site.casinoTablesOff.length === 0 ? EMPTY : new Set(site.casinoTablesOff);
  }

  /** The international providers a site switched off (for its lists). */
  async providersOff(siteId: string): Promise<ReadonlySet<string>> {
    const site = await this.deps.sites.site(siteId);
    return site === null || site.casinoProvidersOff.length === 0 ? EMPTY : new Set(site.casinoProvidersOff);
  }

  /** Refuses (403) a bet on a table the site switched off; any other match passes. */
  async assertTableOffered(siteId: string, matchId: string): Promise<void> {
    if ((await this.tablesOff(siteId)).has(matchId)) throw new DomainError('FORBIDDEN', SITE_CONTENT_MESSAGES.tableOffHere);
  }

  /** Refuses (403) a launch of a game of a provider the site switched off. */
  async assertProviderOffered(siteId: string, providerId: string): Promise<void> {
    if ((await this.providersOff(siteId)).has(providerId)) throw new DomainError('FORBIDDEN', SITE_CONTENT_MESSAGES.providerOffHere);
  }
}
