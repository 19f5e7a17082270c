/**
 * The registration agent of a site (ADR 0074 "Content per site"): the DL new players registering
 * on the site's domains go under (`sites.registration_agent_id`); unset, the configured
 * REGISTRATION_PARENT_USERNAME looked up on that site. The Super Admin sets it for any site, an
 * Admin for its own; the agent is named by username on that site, must be in the setter's
 * downline (the policy: another branch's or root's account is the same 404 as none), a DL, and
 * not locked.
 */
import { SITE_CONTENT_MESSAGES, type RegistrationAgent, type SaveRegistrationAgentRequest } from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import { isBlocked } from '../auth/auth.repository';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import type { Actor, RequestMeta } from '../plugins/request-context';
import { siteToManage } from '../sites/site-scope';
import type { SiteDirectory } from '../sites/sites.service';
import * as sitesRepo from '../sites/sites.repository';
import type { UsersPolicy } from '../users/policy';
import { findUserById } from '../users/users.repository';

export class RegistrationAgentService {
  constructor(private readonly deps: { db: Database; sites: SiteDirectory; policy: UsersPolicy }) {}

  /** GET get-registration-agent. */
  async agent(actor: Actor, siteId: string | undefined): Promise<RegistrationAgent> {
    const site = await siteToManage(this.deps.sites, actor, siteId);
    const agent = site.registrationAgentId === null ? null : await findUserById(this.deps.db, site.registrationAgentId);
    return { siteId: site.id, username: agent?.username ?? null };
  }

  /** POST save-registration-agent: username null sets it back to the configured name. */
  async save(actor: Actor, request: SaveRegistrationAgentRequest, meta: RequestMeta): Promise<RegistrationAgent> {
    const site = await siteToManage(this.deps.sites, actor, request.siteId);
    return this.deps.db.transaction(async (tx) => {
      let agentId: string | null = null;
      let agentName: string | null = null;
      if (request.username !== null) {
        // The name resolves on the managed site, within the setter's downline.
        const agent = await this.deps.policy.authorize({ ...actor, siteId: site.id }, 'viewUser', request.username, tx);
        if (agent.role !== 'dl') throw new DomainError('VALIDATION', SITE_CONTENT_MESSAGES.agentMustBeDl);
        if (await isBlocked(tx, agent.id)) throw new DomainError('VALIDATION', SITE_CONTENT_MESSAGES.agentLocked);
        agentId = agent.id;
        agentName = agent.username;
      }
      const before = await sitesRepo.lockSite(tx, site.id);
      if (before === null) throw new DomainError('NOT_FOUND', SITE_CONTENT_MESSAGES.noSuchSite);
      await sitesRepo.updateRegistrationAgent(tx, site.id, agentId);
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: 'sites.registration_agent_saved',
          target: `site:${site.id}`,
          before: { registrationAgentId: before.registrationAgentId },
          after: { registrationAgentId: agentId },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
      tx.afterCommit(() => this.deps.sites.changed());
      return { siteId: site.id, username: agentName };
    });
  }
}
