/**
 * The site directory (issue 35, ADR 0074): which site a host name is, and what the shell shows
 * of it. Every request asks it (the auth hook, GET /api/site), so the sites are served from
 * memory: loaded at once, kept for `cacheTtlMs`, and dropped on every instance when a site
 * changes (the cluster bus's SITES_TOPIC, as the settings do). A host no site names is the
 * default site's, so a deployment with one site needs no domain configured.
 */
import { MESSAGES, SITE_THEME_KEYS, type PublicSite, type SiteTheme } from '@backlay/shared/contracts';
import type { Clock } from '../common/clock';
import type { SequencedBus } from '../cluster/sequenced-bus';
import type { Database } from '../db/database';
import { DomainError } from '../common/domain-error';
import type { MaintenanceGate } from '../plugins/auth';
import { hostNameOf } from './site-rules';
import * as repo from './sites.repository';

/** The bus topic of "a site changed": every instance reloads its directory. */
export const SITES_TOPIC = 'sites';

/** The theme's colours when a site sets none (the default site's brand). */
export const DEFAULT_THEME: SiteTheme = { primary: '#0b3d2e', accent: '#f2b705', header: '#0b3d2e', headerText: '#ffffff' };

interface Snapshot {
  byDomain: Map<string, repo.SiteRow>;
  byId: Map<string, repo.SiteRow>;
  fallback: repo.SiteRow;
  loadedAtMs: number;
}

export class SiteDirectory {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly cacheTtlMs: number,
    private readonly bus?: SequencedBus,
  ) {
    bus?.listen(SITES_TOPIC, () => this.invalidate());
  }

  /** The site a request's host name is (the default site for a host no site names). */
  async siteOfHost(hostname: string | undefined): Promise<repo.SiteRow> {
    const sites = await this.current();
    const name = hostNameOf(hostname);
    return (name === null ? undefined : sites.byDomain.get(name)) ?? sites.fallback;
  }

  /** The id of a request's site. */
  async siteIdOfHost(hostname: string | undefined): Promise<string> {
    return (await this.siteOfHost(hostname)).id;
  }

  /** A site by id, or null. */
  async site(id: string): Promise<repo.SiteRow | null> {
    return (await this.current()).byId.get(id) ?? null;
  }

  /** Every site, the default first. */
  async all(): Promise<repo.SiteRow[]> {
    return [...(await this.current()).byId.values()];
  }

  /** Whether the site's own maintenance switch is on. */
  async isMaintenance(siteId: string): Promise<boolean> {
    return (await this.site(siteId))?.maintenance ?? false;
  }

  /** GET /api/site: the site of the host as the shell shows it. */
  async publicSite(hostname: string | undefined): Promise<PublicSite> {
    return toPublicSite(await this.siteOfHost(hostname));
  }

  /** Drops the cached directory (after a change on this instance, or told by the bus). */
  invalidate(): void {
    this.generation += 1;
    this.snapshot = null;
    this.loading = null;
  }

  /** After a committed change: every instance reloads. */
  changed(): void {
    this.invalidate();
    this.bus?.publish(SITES_TOPIC, 'changed', null).catch(() => undefined);
  }

  private async current(): Promise<Snapshot> {
    const cached = this.snapshot;
    if (cached !== null && this.clock.nowMs() - cached.loadedAtMs < this.cacheTtlMs) return cached;
    if (this.loading === null) {
      const generation = this.generation;
      const loading = repo
        .listSites(this.db)
        .then((rows) => {
          const fallback = rows.find((row) => row.isDefault) ?? rows[0];
          if (fallback === undefined) throw new Error('no site is configured (migration 0049 seeds the default site)');
          const snapshot: Snapshot = {
            byDomain: new Map(rows.flatMap((row) => row.domains.map((domain) => [domain, row] as const))),
            byId: new Map(rows.map((row) => [row.id, row])),
            fallback,
            loadedAtMs: this.clock.nowMs(),
          };
          if (generation === this.generation) this.snapshot = snapshot;
          return snapshot;
        })
        .finally(() => {
          if (this.loading === loading) this.loading = null;
        });
      this.loading = loading;
    }
    return this.loading;
  }
}

/** What anyone may read of a site. */
export function toPublicSite(site: repo.SiteRow): PublicSite {
  const theme = { ...DEFAULT_THEME };
  for (const key of SITE_THEME_KEYS) {
    const colour = site.theme[key];
    if (typeof colour === 'string' && /^#[0-9a-f]{6}$/i.test(colour)) theme[key] = colour;
  }
  return {
    id: site.id,
    name: site.name,
    theme,
    logo: site.logo,
    languages: site.languages,
    defaultLanguage: site.defaultLanguage,
    support: { email: site.supportEmail, phone: site.supportPhone },
    maintenance: site.maintenance,
    maintenanceMessage: site.maintenanceMessage,
  };
}

/**
 * The maintenance gate of a site's player area: the platform's switch (the `maintenance`
 * setting) closes every site, a site's own switch closes that site.
 */
export function maintenanceGate(platform: { isMaintenance(): Promise<boolean> }, sites: SiteDirectory): MaintenanceGate {
  const isMaintenance = async (siteId: string): Promise<boolean> => (await platform.isMaintenance()) || (await sites.isMaintenance(siteId));
  return {
    isMaintenance,
    async assertNotMaintenance(siteId: string): Promise<void> {
      if (await isMaintenance(siteId)) throw new DomainError('MAINTENANCE', MESSAGES.maintenance, undefined, { maintenance: true });
    },
  };
}
