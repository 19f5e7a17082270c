/**
 * Which site an admin screen's change or read of site content is for (ADR 0074 "Content per
 * site"): the Super Admin (the root) names any site, by default the one it signed in on; an Admin
 * (sadmin) only its own, which is the site it signed in on (an account signs in only on its site).
 */
import { SITE_CONTENT_MESSAGES } from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import type { Actor } from '../plugins/request-context';
import { SITE_ID_PATTERN } from './site-rules';
import type { SiteDirectory } from './sites.service';
import type { SiteRow } from './sites.repository';

export async function siteToManage(sites: SiteDirectory, actor: Actor, requested: string | undefined): Promise<SiteRow> {
  const id = requested ?? actor.siteId;
  if (actor.role !== 'admin' && id !== actor.siteId) throw new DomainError('FORBIDDEN', SITE_CONTENT_MESSAGES.ownSiteOnly);
  const site = await sites.site(id);
  if (site === null) throw new DomainError('NOT_FOUND', SITE_CONTENT_MESSAGES.noSuchSite);
  return site;
}

/** A site id in a request (the id's own pattern, so hostile text is a 400). */
export const siteIdSchema = { type: 'string', minLength: 2, maxLength: 32, pattern: SITE_ID_PATTERN.source } as const;
