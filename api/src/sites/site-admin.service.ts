/**
 * Managing sites (issue 35, ADR 0074): the Super Admin lists, creates and edits every site; an
 * Admin sees and edits the site its account is on (name, face, support, languages, maintenance;
 * never its domains). A new site comes with its Admin: a child of the root on the new site,
 * created by the users domain's own path (AccountAdminService.prepareChild/insertChild) and bound
 * in the same transaction. Every change is audited; after commit the directory is dropped on
 * every instance (`SiteDirectory.changed`) and a maintenance switched on closes the site's open
 * player pages (`sites.maintenanceChanged`).
 */
import {
  SITE_ADMIN_MESSAGES as M,
  MESSAGES,
  type AddUserRequest,
  type CreateSiteRequest,
  type SiteAdminRow,
  type UpdateSiteRequest,
} from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import { DomainError } from '../common/domain-error';
import type { DomainEvents } from '../common/domain-events';
import type { Database, Queryable } from '../db/database';
import type { Actor, RequestMeta } from '../plugins/request-context';
import { checkDomains, checkSiteFields, checkSiteId } from './site-rules';
import * as repo from './sites.repository';
import { toPublicSite, type SiteDirectory } from './sites.service';
import './sites.events';

/**
 * What creating a site needs of the users domain: add-user's own path, split so the Admin is
 * inserted in the site's transaction (users/account-admin.service.ts implements it; declared here
 * so sites does not import users, which imports auth, which reads site-rules).
 */
export interface SiteAccounts {
  /** The new child's checks (role, username, fields, password) and its password's hash. */
  prepareChild(actor: Actor, body: Omit<AddUserRequest, 'transactionPassword'>): Promise<object>;
  /** Inserts what prepareChild gave under the caller in `tx` on `siteId`, audited. */
  insertChild(tx: Queryable, actor: Actor, child: object, meta: RequestMeta, siteId?: string): Promise<{ id: string }>;
}

export interface SiteAdminDeps {
  db: Database;
  sites: SiteDirectory;
  accounts: SiteAccounts;
  events: DomainEvents;
}

function invalid(message: string | null): void {
  if (message !== null) throw new DomainError('VALIDATION', message);
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === constraint;
}

/** What the audit log keeps of a site: its fields, the logo by type and size only. */
function auditOf(site: repo.SiteRow | (repo.SitePatch & { domains?: string[] })): Record<string, unknown> {
  const { logo, ...rest } = site as repo.SiteRow;
  const fields: Record<string, unknown> = { ...rest };
  delete fields.adminUsername;
  if (logo !== undefined) fields.logo = logo === null ? null : `${logo.slice(0, logo.indexOf(';'))} (${logo.length} characters)`;
  return fields;
}

export class SiteAdminService {
  constructor(private readonly deps: SiteAdminDeps) {}

  /** GET get-site-list: every site for the Super Admin, the caller's own for an Admin. */
  async list(actor: Actor): Promise<SiteAdminRow[]> {
    const rows = await repo.listSites(this.deps.db);
    if (actor.role === 'admin') return rows.map(toAdminRow);
    const own = await this.ownSiteOf(actor);
    return rows.filter((row) => row.id === own).map(toAdminRow);
  }

  /** POST create-site (the Super Admin; the transaction password is checked by the access hook). */
  async create(actor: Actor, body: CreateSiteRequest, meta: RequestMeta): Promise<SiteAdminRow> {
    if (actor.role !== 'admin') throw new DomainError('FORBIDDEN', MESSAGES.forbidden);
    invalid(checkSiteId(body.id));
    const domains = checkDomains(body.domains, true);
    if (!domains.ok) invalid(domains.message);
    const checked = checkSiteFields({
      name: body.name,
      theme: body.theme,
      logo: body.logo,
      support: body.support,
      languages: body.languages,
      defaultLanguage: body.defaultLanguage,
      maintenanceMessage: body.maintenanceMessage,
    });
    if (!checked.ok) throw new DomainError('VALIDATION', checked.message);
    const fields = checked.value;
    const child = await this.deps.accounts.prepareChild(actor, {
      username: body.admin.username,
      displayName: body.admin.username,
      password: body.admin.password,
      role: 'sadmin',
      partnership: body.admin.partnership,
      creditReference: 0,
      commission: 0,
      exposureLimit: null,
    });
    const names = domains.ok ? domains.value : [];

    await this.deps.db.transaction(async (tx) => {
      if (await repo.siteExists(tx, body.id)) throw new DomainError('CONFLICT', M.idTaken(body.id));
      await this.assertDomainsFree(tx, body.id, names);
      await repo
        .insertSite(
          tx,
          {
            id: body.id,
            name: fields.name,
            theme: fields.theme,
            logo: fields.logo,
            supportEmail: fields.support.email,
            supportPhone: fields.support.phone,
            defaultLanguage: fields.defaultLanguage,
            languages: fields.languages,
            maintenanceMessage: fields.maintenanceMessage,
          },
          names,
        )
        .catch((error: unknown) => this.conflictOf(error, body.id));
      const admin = await this.deps.accounts.insertChild(tx, actor, child, meta, body.id);
      await repo.bindAdmin(tx, body.id, admin.id);
      const created = await repo.findSite(tx, body.id);
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: 'sites.create',
          target: `site:${body.id}`,
          before: null,
          after: created === null ? null : auditOf(created),
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
      tx.afterCommit(() => this.deps.sites.changed());
    });
    return this.row(body.id);
  }

  /** POST update-site: the Super Admin any site, an Admin its own (not its domains). */
  async update(actor: Actor, body: UpdateSiteRequest, meta: RequestMeta): Promise<SiteAdminRow> {
    const superAdmin = actor.role === 'admin';
    // Another site and no site look the same to an Admin: "Site not found".
    if (!superAdmin && body.id !== (await this.ownSiteOf(actor))) throw new DomainError('NOT_FOUND', M.notFound);
    if (!superAdmin && body.domains !== undefined) throw new DomainError('FORBIDDEN', M.domainsSuperAdminOnly);
    let names: string[] | undefined;
    if (body.domains !== undefined) {
      const domains = checkDomains(body.domains, false);
      if (!domains.ok) throw new DomainError('VALIDATION', domains.message);
      names = domains.value;
    }

    await this.deps.db.transaction(async (tx) => {
      const before = await repo.findSite(tx, body.id, { lock: true });
      if (before === null) throw new DomainError('NOT_FOUND', M.notFound);
      // Languages are checked whole: one sent alone is checked with the other as it is.
      const languagesSent = body.languages !== undefined || body.defaultLanguage !== undefined;
      const checked = checkSiteFields({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.theme !== undefined ? { theme: body.theme } : {}),
        ...(body.logo !== undefined ? { logo: body.logo } : {}),
        ...(body.support !== undefined ? { support: body.support } : {}),
        ...(languagesSent ? { languages: body.languages ?? before.languages, defaultLanguage: body.defaultLanguage ?? before.defaultLanguage } : {}),
        ...(body.maintenanceMessage !== undefined ? { maintenanceMessage: body.maintenanceMessage } : {}),
      });
      if (!checked.ok) throw new DomainError('VALIDATION', checked.message);
      const fields = checked.value;
      if (names !== undefined && names.length === 0 && !before.isDefault) throw new DomainError('VALIDATION', M.domainsRequired);
      const patch: repo.SitePatch = {
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.theme !== undefined ? { theme: fields.theme } : {}),
        ...(fields.logo !== undefined ? { logo: fields.logo } : {}),
        ...(fields.support !== undefined ? { supportEmail: fields.support.email, supportPhone: fields.support.phone } : {}),
        ...(fields.languages !== undefined ? { languages: fields.languages } : {}),
        ...(fields.defaultLanguage !== undefined ? { defaultLanguage: fields.defaultLanguage } : {}),
        ...(body.maintenance !== undefined ? { maintenance: body.maintenance } : {}),
        ...(fields.maintenanceMessage !== undefined ? { maintenanceMessage: fields.maintenanceMessage } : {}),
      };
      await repo.updateSite(tx, body.id, patch);
      if (names !== undefined) {
        await this.assertDomainsFree(tx, body.id, names);
        await repo.replaceDomains(tx, body.id, names).catch((error: unknown) => this.conflictOf(error, body.id));
      }
      const after = await repo.findSite(tx, body.id);
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: 'sites.update',
          target: `site:${body.id}`,
          before: auditOf(before),
          after: after === null ? null : auditOf(after),
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
      const switched = body.maintenance !== undefined && body.maintenance !== before.maintenance ? body.maintenance : null;
      tx.afterCommit(() => {
        this.deps.sites.changed();
        if (switched !== null) this.deps.events.publish('sites.maintenanceChanged', { siteId: body.id, on: switched });
      });
    });
    return this.row(body.id);
  }

  /** The site an Admin's account is on (the default site's Admins: the default site). */
  private async ownSiteOf(actor: Actor): Promise<string | null> {
    return repo.siteOfUser(this.deps.db, actor.userId);
  }

  /** 409 naming the first domain another site answers on. */
  private async assertDomainsFree(q: Queryable, siteId: string, domains: readonly string[]): Promise<void> {
    const taken = await repo.domainOfAnotherSite(q, siteId, domains);
    if (taken !== null) throw new DomainError('CONFLICT', M.domainTaken(taken.domain, taken.siteName));
  }

  /** A concurrent write that won the race for an id or a domain: the same 409s. */
  private conflictOf(error: unknown, siteId: string): never {
    if (isUniqueViolation(error, 'sites_pkey')) throw new DomainError('CONFLICT', M.idTaken(siteId));
    if (isUniqueViolation(error, 'site_domains_pkey')) {
      const detail = (error as { detail?: string }).detail ?? '';
      const domain = /\(domain\)=\(([^)]*)\)/.exec(detail)?.[1] ?? '';
      throw new DomainError('CONFLICT', M.domainTaken(domain, 'another site'));
    }
    throw error;
  }

  private async row(id: string): Promise<SiteAdminRow> {
    const site = await repo.findSite(this.deps.db, id);
    if (site === null) throw new DomainError('NOT_FOUND', M.notFound);
    return toAdminRow(site);
  }
}

/** A site as its managers see it. */
export function toAdminRow(site: repo.SiteRow): SiteAdminRow {
  return {
    ...toPublicSite(site),
    domains: site.domains,
    isDefault: site.isDefault,
    admin: site.adminId === null ? null : { id: site.adminId, username: site.adminUsername ?? '' },
  };
}
