/** SQL of the sites domain: the sites with their domains (ADR 0074). */
import type { SiteLanguage, SiteTheme } from '@backlay/shared/contracts';
import type { Queryable } from '../db/database';

export interface SiteRow {
  id: string;
  name: string;
  isDefault: boolean;
  adminId: string | null;
  theme: Partial<SiteTheme>;
  logo: string | null;
  supportEmail: string;
  supportPhone: string;
  defaultLanguage: SiteLanguage;
  languages: SiteLanguage[];
  maintenance: boolean;
  maintenanceMessage: string;
  domains: string[];
}

const SITE_COLUMNS = `s.id, s.name, s.is_default AS "isDefault", s.admin_id AS "adminId", s.theme, s.logo,
  s.support_email AS "supportEmail", s.support_phone AS "supportPhone", s.default_language AS "defaultLanguage",
  s.languages, s.maintenance, s.maintenance_message AS "maintenanceMessage",
  COALESCE((SELECT array_agg(d.domain ORDER BY d.domain) FROM site_domains d WHERE d.site_id = s.id), '{}') AS domains`;

/** Every site, the default first. */
export async function listSites(q: Queryable): Promise<SiteRow[]> {
  const { rows } = await q.query<SiteRow>(`SELECT ${SITE_COLUMNS} FROM sites s ORDER BY s.is_default DESC, s.id`);
  return rows;
}

export interface NewSite {
  id: string;
  name: string;
  theme: SiteTheme;
  logo: string | null;
  supportEmail: string;
  supportPhone: string;
  defaultLanguage: SiteLanguage;
  languages: SiteLanguage[];
  maintenanceMessage: string;
}

/** Inserts a site (no Admin bound yet) and its domains. */
export async function insertSite(q: Queryable, site: NewSite, domains: readonly string[]): Promise<void> {
  await q.query(
    `INSERT INTO sites (id, name, theme, logo, support_email, support_phone, default_language, languages, maintenance_message)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [site.id, site.name, JSON.stringify(site.theme), site.logo, site.supportEmail, site.supportPhone, site.defaultLanguage, site.languages, site.maintenanceMessage],
  );
  await replaceDomains(q, site.id, domains);
}

/** Sets the domains a site answers on (a domain of another site is a unique violation). */
export async function replaceDomains(q: Queryable, siteId: string, domains: readonly string[]): Promise<void> {
  await q.query('DELETE FROM site_domains WHERE site_id = $1', [siteId]);
  if (domains.length > 0) {
    await q.query('INSERT INTO site_domains (domain, site_id) SELECT unnest($2::text[]), $1', [siteId, domains]);
  }
}

/** Binds a site to the Admin whose subtree it is. */
export async function bindAdmin(q: Queryable, siteId: string, adminId: string): Promise<void> {
  await q.query('UPDATE sites SET admin_id = $2, updated_at = now() WHERE id = $1', [siteId, adminId]);
}
