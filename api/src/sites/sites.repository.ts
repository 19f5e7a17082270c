/** SQL of the sites domain: the sites with their domains (ADR 0074). */
import type { SiteLanguage, SiteTheme } from '@backlay/shared/contracts';
import type { Queryable } from '../db/database';

export interface SiteRow {
  id: string;
  name: string;
  isDefault: boolean;
  adminId: string | null;
  /** The bound Admin's username (null with no Admin). */
  adminUsername: string | null;
  theme: Partial<SiteTheme>;
  logo: string | null;
  supportEmail: string;
  supportPhone: string;
  defaultLanguage: SiteLanguage;
  languages: SiteLanguage[];
  maintenance: boolean;
  maintenanceMessage: string;
  domains: string[];
  /** Live casino tables (match ids) this site's players do not see or bet on (ADR 0074 "Content per site"). */
  casinoTablesOff: string[];
  /** International casino providers this site's players do not see or launch. */
  casinoProvidersOff: string[];
  /** Sports (sport ids) this site's players do not see or bet on (migration 0051). */
  sportsOff: number[];
  /** The DL new players of this site register under; null: the configured name on this site. */
  registrationAgentId: string | null;
  /** The site's own stake limits in paise (migration 0052); null: the market's own. */
  minStakeMinor: bigint | null;
  maxStakeMinor: bigint | null;
}

const SITE_COLUMNS = `s.id, s.name, s.is_default AS "isDefault", s.admin_id AS "adminId",
  (SELECT u.username FROM users u WHERE u.id = s.admin_id) AS "adminUsername", s.theme, s.logo,
  s.support_email AS "supportEmail", s.support_phone AS "supportPhone", s.default_language AS "defaultLanguage",
  s.languages, s.maintenance, s.maintenance_message AS "maintenanceMessage",
  s.casino_tables_off AS "casinoTablesOff", s.casino_providers_off AS "casinoProvidersOff",
  s.sports_off AS "sportsOff", s.registration_agent_id AS "registrationAgentId",
  s.min_stake_minor::text AS "minStakeMinor", s.max_stake_minor::text AS "maxStakeMinor",
  COALESCE((SELECT array_agg(d.domain ORDER BY d.domain) FROM site_domains d WHERE d.site_id = s.id), '{}') AS domains`;

type RawSiteRow = Omit<SiteRow, 'minStakeMinor' | 'maxStakeMinor'> & { minStakeMinor: string | null; maxStakeMinor: string | null };

function siteOf(row: RawSiteRow): SiteRow {
  return {
    ...row,
    minStakeMinor: row.minStakeMinor === null ? null : BigInt(row.minStakeMinor),
    maxStakeMinor: row.maxStakeMinor === null ? null : BigInt(row.maxStakeMinor),
  };
}

/** Every site, the default first. */
export async function listSites(q: Queryable): Promise<SiteRow[]> {
  const { rows } = await q.query<RawSiteRow>(`SELECT ${SITE_COLUMNS} FROM sites s ORDER BY s.is_default DESC, s.id`);
  return rows.map(siteOf);
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

/** One site (locked for an edit with `lock`), or null. */
export async function findSite(q: Queryable, id: string, options: { lock?: boolean } = {}): Promise<SiteRow | null> {
  const { rows } = await q.query<RawSiteRow>(`SELECT ${SITE_COLUMNS} FROM sites s WHERE s.id = $1${options.lock === true ? ' FOR UPDATE OF s' : ''}`, [id]);
  const row = rows[0];
  return row === undefined ? null : siteOf(row);
}

/** Whether a site of this id exists. */
export async function siteExists(q: Queryable, id: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM sites WHERE id = $1', [id]);
  return rows.length > 0;
}

/** The site an account is on, or null for no such account. */
export async function siteOfUser(q: Queryable, userId: string): Promise<string | null> {
  const { rows } = await q.query<{ siteId: string }>('SELECT site_id AS "siteId" FROM users WHERE id = $1', [userId]);
  return rows[0]?.siteId ?? null;
}

/** The first of these domains another site answers on, with that site's name, or null. */
export async function domainOfAnotherSite(q: Queryable, siteId: string, domains: readonly string[]): Promise<{ domain: string; siteName: string } | null> {
  const { rows } = await q.query<{ domain: string; siteName: string }>(
    `SELECT d.domain, s.name AS "siteName" FROM site_domains d JOIN sites s ON s.id = d.site_id
     WHERE d.domain = ANY($2::text[]) AND d.site_id <> $1 ORDER BY d.domain LIMIT 1`,
    [siteId, domains],
  );
  return rows[0] ?? null;
}

/** A site's content as locked for a change. */
export interface LockedSiteContent {
  casinoTablesOff: string[];
  casinoProvidersOff: string[];
  sportsOff: number[];
  registrationAgentId: string | null;
}

/** Locks a site's row for a change of its content (the value before the change, for the audit). */
export async function lockSite(q: Queryable, siteId: string): Promise<LockedSiteContent | null> {
  const { rows } = await q.query<LockedSiteContent>(
    `SELECT casino_tables_off AS "casinoTablesOff", casino_providers_off AS "casinoProvidersOff", sports_off AS "sportsOff",
            registration_agent_id AS "registrationAgentId"
     FROM sites WHERE id = $1 FOR UPDATE`,
    [siteId],
  );
  return rows[0] ?? null;
}

/** The editable columns of a site. */
export interface SitePatch {
  name?: string;
  theme?: SiteTheme;
  logo?: string | null;
  supportEmail?: string;
  supportPhone?: string;
  defaultLanguage?: SiteLanguage;
  languages?: SiteLanguage[];
  maintenance?: boolean;
  maintenanceMessage?: string;
}

const PATCH_COLUMNS: Record<keyof SitePatch, string> = {
  name: 'name',
  theme: 'theme',
  logo: 'logo',
  supportEmail: 'support_email',
  supportPhone: 'support_phone',
  defaultLanguage: 'default_language',
  languages: 'languages',
  maintenance: 'maintenance',
  maintenanceMessage: 'maintenance_message',
};

/** Writes the fields a patch has (the others stay). */
export async function updateSite(q: Queryable, id: string, patch: SitePatch): Promise<void> {
  const keys = (Object.keys(PATCH_COLUMNS) as Array<keyof SitePatch>).filter((key) => patch[key] !== undefined);
  if (keys.length === 0) return;
  const sets = keys.map((key, i) => `${PATCH_COLUMNS[key]} = $${i + 2}`);
  const values = keys.map((key) => (key === 'theme' ? JSON.stringify(patch.theme) : patch[key]));
  await q.query(`UPDATE sites SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [id, ...values]);
}

/** A site's own stake limits (paise; null: the market's own). */
export async function updateStakeLimits(q: Queryable, siteId: string, limits: { minStakeMinor: bigint | null; maxStakeMinor: bigint | null }): Promise<void> {
  await q.query('UPDATE sites SET min_stake_minor = $2, max_stake_minor = $3, updated_at = now() WHERE id = $1', [
    siteId,
    limits.minStakeMinor?.toString() ?? null,
    limits.maxStakeMinor?.toString() ?? null,
  ]);
}

/** The sports a site switched off for its own players. */
export async function updateSportsOff(q: Queryable, siteId: string, sportsOff: readonly number[]): Promise<void> {
  await q.query('UPDATE sites SET sports_off = $2, updated_at = now() WHERE id = $1', [siteId, sportsOff]);
}

/** What a site switched off of the casino for its own players. */
export async function updateCasinoSwitches(q: Queryable, siteId: string, tablesOff: readonly string[], providersOff: readonly string[]): Promise<void> {
  await q.query('UPDATE sites SET casino_tables_off = $2, casino_providers_off = $3, updated_at = now() WHERE id = $1', [siteId, tablesOff, providersOff]);
}

/** The DL a site's new players register under (null: the configured name). */
export async function updateRegistrationAgent(q: Queryable, siteId: string, agentId: string | null): Promise<void> {
  await q.query('UPDATE sites SET registration_agent_id = $2, updated_at = now() WHERE id = $1', [siteId, agentId]);
}
